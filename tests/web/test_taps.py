"""Taps typed at the page's edge (:mod:`hotseat.taps`): what :func:`parse_tap` makes of a tapped
element's ``data-tap`` object, what it refuses, and that a refused tap changes nothing."""

from __future__ import annotations

import gzip
import html
import json
import re
from pathlib import Path

import pytest
from table_world import start_table
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.setup_state import SetupState
from hotseat.taps import (
    SHELL_KEYS,
    Answer,
    Count,
    Flow,
    GameOption,
    GameTap,
    Home,
    Phones,
    PlayerTap,
    Rules,
    SeatKind,
    Setting,
    Story,
    TableScreen,
    TapError,
    parse_tap,
)

DUMPS = Path(__file__).parent / "render_dumps"


def dumped_taps() -> list[dict]:
    """Every distinct ``data-tap`` object drawn in the recorded render dumps (every screen of
    every game, at a shared phone, with bots and with phones)."""
    found: dict[str, dict] = {}
    for path in sorted(DUMPS.glob("*.samples.json.gz")):
        for markup in json.loads(gzip.decompress(path.read_bytes())).values():
            for text in re.findall(r'data-tap="([^"]*)"', markup):
                found.setdefault(text, json.loads(html.unescape(text)))
    return list(found.values())


def test_every_tap_the_app_draws_parses():
    host = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 3)
    host.tap({"shell": "settings"})  # the settings sheet, not in the dumps
    drawn = dumped_taps() + taps(str(host.render()))
    kinds = {d.get("shell") for d in drawn}
    assert len(drawn) > 200 and {None, "new", "kind", "show", "story", "net", "setting", "backup"} <= kinds
    for raw in drawn:
        tap = parse_tap(dict(raw, fields={"name-0": "Ann"}))
        assert tap.fields == {"name-0": "Ann"}
        if raw.get("shell") is None:
            assert tap == GameTap(raw)  # the view's own payload, as drawn
    assert kinds - {None} <= SHELL_KEYS


@pytest.mark.parametrize(
    ("raw", "typed"),
    [
        ({"shell": "count", "delta": -1}, Count(-1)),
        ({"shell": "kind", "seat": 2, "kind": "bot:hard"}, SeatKind(2, "bot:hard")),
        ({"shell": "opt", "name": "rounds", "value": True}, GameOption("rounds", True)),
        ({"shell": "table", "on": True}, TableScreen(True)),
        ({"shell": "table", "on": False}, TableScreen(False)),
        ({"shell": "setting", "name": "voice_rate", "value": 1.25}, Setting("voice_rate", 1.25)),
        ({"shell": "rules"}, Rules(None)),
        ({"shell": "rules", "game": "dog"}, Rules("dog")),
        ({"shell": "story", "do": "step", "to": 3}, Story("step", 3)),
        ({"shell": "story", "do": "open"}, Story("open", 0)),
        ({"shell": "undo"}, Flow("undo")),
        ({"shell": "menu"}, Home()),
        ({"shell": "pl_yes"}, Answer("pl_yes")),
        ({"shell": "pl_forget", "name": "Ann"}, PlayerTap("forget", "Ann")),
        ({"shell": "net", "do": "stand_in", "seat": 1, "kind": "human"}, Phones("stand_in", 1, "human")),
        ({"pick": 41, "fields": {"a": "b"}}, GameTap({"pick": 41})),
        ({"shell": None, "row": 2}, GameTap({"row": 2})),
    ],
)
def test_a_tap_is_parsed_into_its_type(raw, typed):
    assert parse_tap(raw) == typed


def test_fields_keep_only_text_and_the_code_is_read_from_them():
    tap = parse_tap({"shell": "net", "do": "answer", "fields": {"net-code": "HS1-abc", "n": 3, "x": None}})
    assert isinstance(tap, Phones) and tap.code == "HS1-abc" and dict(tap.fields) == {"net-code": "HS1-abc"}
    assert parse_tap({"shell": "net", "do": "answer", "fields": "nope"}).code == ""


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (["shell", "menu"], "a tap is an object, not list"),
        ("menu", "a tap is an object, not str"),
        ({"shell": "bogus"}, "unknown tap 'bogus'"),
        ({"shell": 7}, "unknown tap 7"),
        ({"shell": "count", "delta": 2}, "'delta' is 2"),
        ({"shell": "count", "delta": True}, "'delta' is True"),
        ({"shell": "kind", "seat": "1", "kind": "human"}, "'seat' is str, not int"),
        ({"shell": "kind", "seat": True, "kind": "human"}, "'seat' is True"),
        ({"shell": "kind", "kind": "human"}, "'seat' is missing"),
        ({"shell": "new"}, "'game' is missing"),
        ({"shell": "resume", "game": ["dog"]}, "'game' is list, not str"),
        ({"shell": "story", "do": "rewind"}, "'do' is 'rewind'"),
        ({"shell": "story", "do": "step", "to": 1.5}, "'to' is float, not int"),
        ({"shell": "setting", "name": "language", "value": {"x": 1}}, "'value' is dict, not bool"),
        ({"shell": "net"}, "'do' is missing"),
        ({"shell": "table", "on": "yes"}, "'on' is str, not bool"),
        ({"shell": "table", "on": 1}, "'on' is int, not bool"),
        ({"shell": "table"}, "'on' is missing"),
        ({"shell": "net", "do": "invite", "seat": "0"}, "'seat' is str, not int"),
    ],
)
def test_an_ill_formed_tap_is_refused_with_its_reason(raw, says):
    with pytest.raises(TapError) as refused:
        parse_tap(raw)
    assert says in str(refused.value)


def test_a_refused_tap_changes_nothing_and_is_reported():
    host = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 3)
    host.tap({"shell": "new", "game": "six_nimmt"})
    setup = host.setup
    assert isinstance(setup, SetupState) and setup.n == 3 and setup.kinds[:3] == ["human"] * 3
    host.message = "Type or paste the code first."
    host.tap({"shell": "count", "delta": 5, "fields": {"name-0": "Zed"}})
    assert host.refused_tap == "'count': 'delta' is 5, not one of (-1, 1)"
    assert host.setup is setup and setup.n == 3 and setup.names[0] != "Zed"  # the fields unread too
    assert host.message == "Type or paste the code first."  # nothing changed, not even the message
    host.tap({"shell": "count", "delta": 1})
    assert host.refused_tap is None and setup.n == 4 and host.message is None


def test_a_page_takes_only_its_own_taps():
    """A setup tap on the game screen, a game's tap on setup, a players-list tap at home: each
    page routes its own taps, any other changes nothing."""
    host = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 3)
    host.tap({"pick": 5})
    host.tap({"shell": "pl_forget", "name": "Ann"})
    assert host.screen == "home" and host.dialog is None
    start_table(host, "six_nimmt", ["human"] * 3)
    session = host.session
    assert session is not None
    before = session.state.to_dict() if hasattr(session.state, "to_dict") else None
    host.tap({"shell": "count", "delta": 1})
    host.tap({"shell": "kind", "seat": 0, "kind": "bot:easy"})
    assert host.session is session and session.kinds == ["human"] * 3
    if before is not None:
        assert session.state.to_dict() == before
