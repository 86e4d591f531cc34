"""Saves read as untrusted input, written without loss (web/hotseat/saves.py, session.py, controller.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import ui_helpers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ui_helpers import MemoryStorage, storage_fixture, tap_game, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat import saves, session_save
from hotseat.controller import Controller
from hotseat.dialogs import AsideFull
from hotseat.names import NameError_, check_table, clean_name, look_alike
from hotseat.saves import ASIDE_LIMIT, LEGACY_KEY, SaveError, StorageError, read_json, slot_key
from hotseat.session import Session

SEATS = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=40,
)


def _real_save(game_id: str = "six_nimmt", moves: int = 12) -> dict:
    s = Session(game_id, SEATS if game_id != "dog" else SEATS[:2], seed=5)
    for _ in range(moves):
        p = s.state.current_players()[0]
        s.apply(p, s.state.legal_actions(p)[0])
        tap_game(s, {"shell": "skip"})
        if s.phase == "summary":
            tap_game(s, {"shell": "continue"})
    return session_save.to_dict(s)


def _read_or_save_error(text: str) -> None:
    try:
        session = session_save.from_json(text)
    except SaveError:
        return
    assert isinstance(session, Session) and session.state.to_json()


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_is_a_session_or_a_save_error(value):
    _read_or_save_error(json.dumps(value))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 120_000), st.sampled_from(["[", '{"a":', '[{"b":']), st.booleans())
def test_any_depth_is_a_session_or_a_save_error(depth, opener, closed):
    closer = {"[": "]", '{"a":': "}", '[{"b":': "}]"}[opener]
    text = opener * depth + "1" + (closer * depth if closed else "")
    _read_or_save_error(text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_real_save_with_any_field_replaced_is_a_session_or_a_save_error(data):
    save = _real_save(data.draw(st.sampled_from(["six_nimmt", "dog", "bad_bunnies"])))
    path = []
    node = save
    while True:  # walk down to a random field and replace it by any JSON value
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        path.append(key)
        if not isinstance(node[key], (dict, list)) or data.draw(st.booleans()):
            node[key] = data.draw(json_values | st.text(max_size=200))
            break
        node = node[key]
    _read_or_save_error(json.dumps(save))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**70), st.integers(-5, 5))
def test_a_save_with_a_state_changed_by_hand_is_refused_unless_its_log_leads_there(seed, delta):
    save = _real_save()
    state = json.loads(save["state"])
    state["state"]["scores"][0] += delta
    save["state"] = json.dumps(state)
    save["seed"] = seed
    if delta == 0 and seed <= 2**53:
        assert session_save.from_dict(save).state.to_json() == json.dumps(state, sort_keys=True, separators=(",", ":"))
    else:
        with pytest.raises(SaveError):
            session_save.from_dict(save)


def test_size_and_depth_are_bounded_before_parsing():
    with pytest.raises(SaveError, match="nested deeper than 32 levels"):
        read_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="too large"):
        read_json(json.dumps("x" * saves.MAX_SAVE_CHARS))
    assert read_json('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]') == ["[" * 42]  # brackets inside text are text
    assert saves.nesting_depth("[" * 32 + "]" * 32) == 32


def test_impossible_session_fields_name_the_field():
    good = _real_save()
    for field, value, match in [
        ("seed", 2**80, r"^seed: \d+ is above 9007199254740992$"),
        ("seats", [{"name": "\u200b", "kind": "human"}] * 3, r"^seats\[0\]\.name: A name needs"),
        (
            "seats",
            [{"name": "Ann", "kind": "robot"}] * 3,
            r"^seats\[0\]\.kind: expected one of \['human', .*got 'robot'$",
        ),
        ("bot_rng", -1, r"^bot_rng: -1 is below 0$"),
        ("summary_due", "yes", r"^summary_due: expected true or false, got 'yes'$"),
        ("revision", 1.5, r"^revision: expected a whole number, got 1.5$"),
        ("options", {"target_score": "<b>"}, r"option 'target_score'"),
    ]:
        with pytest.raises(SaveError, match=match):
            session_save.from_dict(dict(good, **{field: value}))


# ---- writing without loss ------------------------------------------------------------------------


def start(c: Controller, names=("Ann", "Bob", "Cy"), game="six_nimmt") -> None:
    c.tap({"shell": "new", "game": game})
    c.tap({"shell": "start", "fields": {f"name-{i}": n for i, n in enumerate(names)}})


def test_the_single_save_of_the_earlier_version_moves_to_its_game_without_loss(storage):
    old = dict(_real_save(), version=1, events=[], round_events=[], summary_due=False)
    old.pop("log")
    text = json.dumps(old)
    storage[LEGACY_KEY] = text
    c = Controller(storage, bot_hook=None)
    assert LEGACY_KEY not in storage and storage[slot_key("six_nimmt")] == text
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.screen == "game" and c.session.state.to_json() == old["state"]


def test_the_earlier_save_stays_where_it_is_when_its_copy_is_refused(storage):
    class Full(MemoryStorage):
        def set(self, key, text):
            raise StorageError("QuotaExceededError")

    full = Full()
    old = dict(_real_save(), version=1, events=[], summary_due=False)
    old.pop("log")
    full[LEGACY_KEY] = json.dumps(old)
    c = Controller(full, bot_hook=None)
    assert dict(full) == {LEGACY_KEY: json.dumps(old)}
    assert c.screen == "home" and {"shell": "resume", "game": None} not in taps(c.render())


def test_set_aside_saves_are_bounded_and_the_oldest_goes_only_with_consent(storage):
    for n in range(1, ASIDE_LIMIT + 1):
        storage[f"hotseat.aside.{n}"] = f"broken {n}"
    storage[slot_key("dog")] = "broken new"
    c = Controller(storage, bot_hook=None)
    assert c.screen == "recovery" and c.page.key == slot_key("dog")
    c.tap({"shell": "keep_save"})
    assert c.dialog == AsideFull("hotseat.aside.1")
    c.tap({"shell": "keep"})  # no: nothing is dropped, the save stays in its place
    assert storage["hotseat.aside.1"] == "broken 1" and storage[slot_key("dog")] == "broken new"
    c.tap({"shell": "keep_save"})
    c.tap({"shell": "drop_oldest"})  # yes: the oldest goes, this one is set aside as a new entry
    assert "hotseat.aside.1" not in storage and slot_key("dog") not in storage
    assert storage[f"hotseat.aside.{ASIDE_LIMIT + 1}"] == "broken new"
    kept = range(2, ASIDE_LIMIT + 1)
    assert [storage[f"hotseat.aside.{n}"] for n in kept] == [f"broken {n}" for n in kept]
    assert c.screen == "home"


def test_a_refused_write_keeps_the_stored_save_and_the_next_one_still_fits(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    before = storage[slot_key("six_nimmt")]
    refuse = [True]
    real_set = MemoryStorage.set

    def set_or_refuse(self, key, text):
        if refuse[0]:
            raise StorageError("QuotaExceededError")
        real_set(self, key, text)

    type(storage).set = set_or_refuse
    try:
        c.tap({"shell": "show"})
        c.tap({"pick": c.session.state.legal_actions(0)[0]["card"]})
        assert "refused to save" in c.render() and storage[slot_key("six_nimmt")] == before
        refuse[0] = False
        c.tap({"shell": "show"})
        c.tap({"pick": c.session.state.legal_actions(1)[0]["card"]})  # the next write goes through
        assert json.loads(storage[slot_key("six_nimmt")])["state"] == c.session.state.to_json()
    finally:
        type(storage).set = real_set


def test_a_write_after_another_window_wrote_is_refused_and_said(storage):
    one, two = Controller(storage, bot_hook=None), None
    start(one)
    two = Controller(storage, bot_hook=None)
    two.tap({"shell": "resume", "game": "six_nimmt"})
    one.tap({"shell": "show"})
    one.tap({"pick": one.session.state.legal_actions(0)[0]["card"]})
    one.tap({"shell": "confirm"})
    written = storage[slot_key("six_nimmt")]
    two.tap({"shell": "show"})
    two.tap({"pick": two.session.state.legal_actions(0)[-1]["card"]})
    two.tap({"shell": "confirm"})
    assert two.screen == "elsewhere" and "changed in another window" in two.render()
    assert storage[slot_key("six_nimmt")] == written
    two.tap({"shell": "take_over"})
    assert two.locks.wanted == "six_nimmt" and two.locks.steal
    two.locks.granted("six_nimmt")
    assert two.screen == "game" and two.session.state.to_json() == json.loads(written)["state"]


def test_an_error_while_drawing_shows_the_recovery_screen_and_keeps_the_save(storage, monkeypatch):
    c = Controller(storage, bot_hook=None)
    start(c)
    saved = storage[slot_key("six_nimmt")]

    def broken(obs, ctx):
        raise KeyError("rows")

    monkeypatch.setattr(c.session.view, "render", broken)
    markup = c.render()
    assert c.screen == "recovery" and "its screen could not be drawn (KeyError: &#39;rows&#39;)" in markup
    assert "Traceback" not in markup and storage[slot_key("six_nimmt")] == saved
    c.tap({"shell": "keep_save"})  # a readable save stays in its place
    assert c.screen == "home" and storage[slot_key("six_nimmt")] == saved


# ---- names ---------------------------------------------------------------------------------------


def test_names_are_cleaned_and_look_alikes_refused_in_one_game(storage):
    assert clean_name("\u202eboB") == "boB" and clean_name(" A\u200bn\u2066n ") == "Ann"
    with pytest.raises(NameError_, match="Seat 2: A name needs at least one visible"):
        check_table(["Ann", "\u200b\u200d\u3164"])
    for a, b in [("Bob", "BOB"), ("Bob", "Воb"), ("Bob", "\u202eBob"), ("Ivan", "lvan"), ("ＢＯＢ", "bob")]:
        assert look_alike(a, b), (a, b)
    for a, b in [("Ann", "Anna"), ("Ali", "All"), ("Zoé", "Zoe"), ("Jan", "Jon")]:
        assert not look_alike(a, b), (a, b)
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "start", "fields": {"name-0": "Bob", "name-1": "Воb", "name-2": "Cy"}})
    assert c.screen == "setup" and "Seat 2: “Воb” looks like “Bob” (seat 1)" in c.setup.error
    assert slot_key("six_nimmt") not in storage
    c.tap({"shell": "start", "fields": {"name-0": "\u202eboB", "name-1": "Ann", "name-2": "Cy"}})
    assert c.screen == "game" and c.session.names == ["boB", "Ann", "Cy"]


def test_the_look_alike_table_is_generated_from_the_pinned_data():
    result = subprocess.run(
        [sys.executable, "tools/make_lookalikes.py", "--check"], cwd=ui_helpers.ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
