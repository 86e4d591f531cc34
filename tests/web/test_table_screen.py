"""The table screen: a tablet or laptop in the middle shows the table, every player plays on a phone.

Driven through the real shell (Controller, Session, the views) in CPython:

* setup's switch "This screen is the table": offered where phones are, suggested when nobody
  plays at this screen, and it makes every person's seat a phone's;
* the choice is saved with the game (old saves read as no table screen; a bad value is refused)
  and a reloaded table screen is one again;
* every drawing of the game on it gets ``table_screen=True``, and none is ever private;
* its whole page never depends on a hidden card: along whole games of every game with hidden
  information, at every screen (reveals included) the page is byte-identical when everything
  hidden is dealt again, and the secrets checker of the e2e suite finds no card element or number
  beyond the public ones;
* joining from it: each phone seat's code comes up large by itself, its camera reads the phones'
  answers, one seat after another with no tap at the table; a phone that drops gets its code up
  again and comes back with one scan. The taps to set up a table screen with three phones are
  counted.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from table_world import choose
from test_net_controller import Air, code_on, field_tap
from ui_helpers import MemoryStorage, first_legal_bot, tap_game, taps

import pycore
from hotseat import session_save
from hotseat.controller import Controller
from hotseat.net.away import PhonesAway
from hotseat.pages import GamePage
from hotseat.saves import SaveError, slot_key
from hotseat.session import Phase, Session
from hotseat.views import load_view
from pycore.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from secret_check import NoStorage, SecretChecker, check_numbers, parse_items, told_numbers  # noqa: E402

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]


def setup_markup(c: Controller) -> str:
    return str(c.render())


def switch_of(markup: str) -> dict | None:
    return next((t for t in taps(markup) if t.get("shell") == "table"), None)


# ---- setup ----------------------------------------------------------------------------------------


def test_setup_offers_the_switch_and_suggests_it_when_nobody_plays_here():
    c = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 5)
    c.tap({"shell": "new", "game": "six_nimmt"})
    markup = setup_markup(c)
    assert "This screen is the table" in markup
    assert switch_of(markup) == {"shell": "table", "on": True}
    assert 'class="field opt table-choice"' in markup  # off, not suggested: people play here
    for seat in range(3):
        c.tap({"shell": "kind", "seat": seat, "kind": "guest"})
    markup = setup_markup(c)
    assert "table-choice suggested" in markup and "Nobody plays at this screen" in markup
    assert c.page.setup.table is False  # suggested, not chosen for the player


def test_the_switch_makes_every_persons_seat_a_phones_and_keeps_them_so():
    c = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 5)
    c.tap({"shell": "new", "game": "six_nimmt"})
    st = c.page.setup
    c.tap({"shell": "table", "on": "yes"})  # not a bool: nothing changes
    assert st.table is False and st.kinds[:3] == ["human"] * 3
    c.tap({"shell": "table", "on": True})
    assert st.table is True
    assert set(st.kinds) == {"guest"}  # the seats not shown yet too
    markup = setup_markup(c)
    assert 'aria-checked="true"' in markup and switch_of(markup) == {"shell": "table", "on": False}
    kinds_drawn = {t["kind"] for t in taps(markup) if t.get("shell") == "kind"}
    assert "human" not in kinds_drawn and "guest" in kinds_drawn
    c.tap({"shell": "kind", "seat": 1, "kind": "human"})  # not drawn, and refused when forged
    assert st.kinds[1] == "guest"
    c.tap({"shell": "count", "delta": 1})
    assert st.kinds[st.n - 1] == "guest"
    c.tap({"shell": "start", "fields": {f"name-{i}": NAMES[i] for i in range(4)}})
    s = c.session
    assert s is not None and s.table_screen is True and s.kinds == ["guest"] * 4
    c.tap({"shell": "table", "on": False})  # a setup tap on the game screen: nothing
    assert s.table_screen is True


def test_no_switch_where_this_browser_connects_no_phones_or_the_game_has_no_secrets():
    c = Controller(MemoryStorage(), bot_hook=None)
    c.phones_unavailable()
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert switch_of(setup_markup(c)) is None
    c.tap({"shell": "table", "on": True})
    assert c.page.setup.table is False
    c = Controller(MemoryStorage(), bot_hook=None)
    c.tap({"shell": "new", "game": "bunny_moose"})
    assert switch_of(setup_markup(c)) is None


def test_a_session_refuses_a_person_at_a_table_screen():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "guest"}]
    with pytest.raises(ValueError, match="table screen"):
        Session("six_nimmt", seats, 1, table_screen=True)
    with pytest.raises(ValueError, match="True or False"):
        Session("six_nimmt", seats, 1, table_screen="yes")  # type: ignore[arg-type]


# ---- saved ----------------------------------------------------------------------------------------


def guests(n: int) -> list[dict]:
    return [{"name": NAMES[i], "kind": "guest"} for i in range(n)]


def test_the_choice_is_saved_and_old_saves_read_as_no_table_screen():
    s = Session("six_nimmt", guests(3), 7, table_screen=True)
    data = session_save.to_dict(s)
    assert data["table"] is True
    assert session_save.from_dict(json.loads(json.dumps(data))).table_screen is True
    plain = session_save.to_dict(Session("six_nimmt", guests(3), 7))
    assert "table" not in plain  # saves without it are as before, byte for byte
    assert session_save.from_dict(plain).table_screen is False
    for bad in ("yes", 1, None, [True]):
        with pytest.raises(SaveError, match="table"):
            session_save.from_dict(dict(data, table=bad))
    with_person = dict(data, seats=[{"name": "Ann", "kind": "human"}, *data["seats"][1:]])
    with pytest.raises(SaveError, match="table screen"):
        session_save.from_dict(with_person)


def start_table_screen(storage: MemoryStorage, game_id: str = "six_nimmt", n: int = 3, seed: int = 9) -> Controller:
    """Set up a table screen the way a person does; returns the host and counts nothing."""
    host = Controller(storage, bot_hook=None, seed_fn=lambda: seed)
    host.tap({"shell": "new", "game": game_id})
    host.tap({"shell": "table", "on": True})
    fields = {f"name-{i}": NAMES[i] for i in range(n)} | ({"opt-rounds": "1"} if game_id == "six_nimmt" else {})
    host.tap({"shell": "start", "fields": fields})
    return host


def test_a_reloaded_table_screen_is_one_again():
    storage = MemoryStorage()
    start_table_screen(storage)
    again = Controller(storage, bot_hook=None)
    again.tap({"shell": "resume", "game": "six_nimmt"})
    assert again.session is not None and again.session.table_screen is True
    markup = str(again.render())
    assert "table-screen" in markup and "table-join" in markup  # its first phone's code comes up by itself


# ---- what it draws ------------------------------------------------------------------------------


class Recorder:
    """Wraps a view: every context a drawing method gets is kept."""

    METHODS = ("render", "status_line", "round_summary_html", "scoreboard", "cue", "story_lines")

    def __init__(self, view) -> None:
        self.view = view
        self.contexts: list = []

    def __getattr__(self, name):
        attr = getattr(self.view, name)
        if name not in self.METHODS:
            return attr

        def recorded(*args, **kwargs):
            self.contexts += [a for a in (*args, *kwargs.values()) if type(a).__name__ == "ViewContext"]
            return attr(*args, **kwargs)

        return recorded


def play_public(session: Session, rng: random.Random, check, limit: int = 4000) -> int:
    """Play ``session`` (every seat a phone's) to its end as its phones would, the table screen
    drawn and ``check``-ed at every screen (each reveal's step, each wait, the round summaries and
    the game over). Returns how many screens were checked."""
    checked = 0
    for _ in range(limit):
        check(session)
        checked += 1
        if session.phase is Phase.OVER:
            return checked
        if session.phase is Phase.REVEAL:
            tap_game(session, {"shell": "skip"}) if rng.random() < 0.2 else session.tick()
            continue
        if session.phase is Phase.SUMMARY:
            tap_game(session, {"shell": "continue"})  # "Next round", tapped on the table screen
            continue
        assert session.phase is Phase.WAIT, session.phase
        seat = rng.choice(session.acting())
        obs = session.state.observation(seat)  # each phone chooses from what it sees
        session.phones.apply_remote(seat, choose(session.game_id, obs, session.legal_actions(seat), rng))
    raise AssertionError("the game did not end")


TABLES = [("six_nimmt", 3, {"rounds": 1}), ("six_nimmt", 5, {"rounds": 1}), ("bad_bunnies", 3, {}), ("dog", 4, {})]


@pytest.mark.parametrize("game_id,n,options", TABLES)
def test_every_drawing_gets_table_screen_and_nothing_private(game_id, n, options):
    session = Session(game_id, guests(n), 31, options, table_screen=True)
    recorder = Recorder(session.view)
    session.view = recorder
    c = Controller(storage=NoStorage(), bot_hook=None)
    c.page = GamePage(session)
    phases = set()

    def check(s: Session) -> None:
        markup = str(c.render())
        phases.add(s.phase)
        assert s.viewer is None and s.actor is None
        assert "data-private" not in markup and '"shell":"show"' not in markup.replace("&quot;", '"')
        assert 'class="screen table-screen"' in markup

    play_public(session, random.Random(3), check)
    assert recorder.contexts and all(ctx.table_screen is True for ctx in recorder.contexts)
    assert Phase.WAIT in phases
    if game_id == "six_nimmt":
        assert {Phase.REVEAL, Phase.OVER} <= phases


def redealt_markup(c: Controller, session: Session, state) -> str:
    """The whole page with ``state`` in place of the table's (the rest of the session as it is)."""
    real = session.state
    session.state = state
    try:
        return str(c.render())
    finally:
        session.state = real


@pytest.mark.parametrize("game_id,n,options", TABLES)
def test_the_table_screen_never_depends_on_a_hidden_card(game_id, n, options):
    """Along a whole game every page of the table screen is the same
    whatever is hidden (re-dealt from two seats' points of view, three times), and the e2e secrets
    checker's card and number checks pass on it."""
    game = pycore.load_game(game_id)
    session = Session(game_id, guests(n), 47, options, table_screen=True)
    c = Controller(storage=NoStorage(), bot_hook=None)
    c.page = GamePage(session)
    checker = SecretChecker(game_id)
    counted = {"screens": 0, "numbers": 0}

    def check(s: Session) -> None:
        markup = str(c.render())
        k = counted["screens"]
        counted["screens"] += 1
        if s.phase is not Phase.REVEAL:  # (a reveal shows the cards of the move's events too)
            items = parse_items(markup)
            checker.check_cards(items, s.state, None)
            told = told_numbers(s.events + s.round_events) if game_id == "six_nimmt" else set()
            counted["numbers"] += check_numbers(game_id, items, s.state, None, told)
        if k % 3 and s.phase is not Phase.REVEAL:  # every reveal and every third screen re-dealt
            return
        for r in range(3):
            seat = (k + r) % n
            other = game.sample_hidden(s.state, seat, Rng(1000 * k + r))
            other = game.sample_hidden(other, (seat + 1) % n, Rng(7 * k + r + 1))
            assert redealt_markup(c, s, other) == markup, f"{game_id}: screen {k} ({s.phase}) shows something hidden"

    play_public(session, random.Random(11), check)
    assert counted["screens"] > 40
    if game_id == "six_nimmt":
        assert counted["numbers"] > 500


def test_redealing_finds_a_hand_drawn_on_the_table_screen(monkeypatch):
    """The re-deal check is not blind: a table screen that drew seat 0's hand would fail it."""
    session = Session("six_nimmt", guests(3), 47, {"rounds": 1}, table_screen=True)
    c = Controller(storage=NoStorage(), bot_hook=None)
    c.page = GamePage(session)
    view = load_view("six_nimmt")
    real_render = view.render
    monkeypatch.setattr(
        view, "render", lambda obs, ctx: real_render(obs, ctx) + str(session.state.observation(0)["hand"])
    )
    markup = str(c.render())
    game = pycore.load_game("six_nimmt")
    other = game.sample_hidden(game.sample_hidden(session.state, 1, Rng(1)), 2, Rng(2))
    assert redealt_markup(c, session, other) != markup
    with pytest.raises(AssertionError, match="LEAK"):
        check_numbers("six_nimmt", parse_items(markup), session.state, None)


# ---- joining from the table ---------------------------------------------------------------------


def sheet_seat(c: Controller) -> int | None:
    sheet = c.hosted.sheet
    return None if sheet is None else sheet.seat


def test_three_phones_join_from_the_table_with_no_tap_there_and_one_drops_and_rejoins():
    air = Air()
    storage = MemoryStorage()
    host_taps = 0
    host = Controller(storage, bot_hook=None, seed_fn=lambda: 9)
    for tap in (
        {"shell": "new", "game": "six_nimmt"},
        {"shell": "table", "on": True},
        {"shell": "start", "fields": {"name-0": "Ann", "name-1": "Bob", "name-2": "Cyd", "opt-rounds": "1"}},
    ):
        host.tap(tap)
        host_taps += 1
    phones = [Controller(MemoryStorage(), bot_hook=None) for _ in range(3)]
    phone_taps = [0, 0, 0]
    for seat, phone in enumerate(phones):
        assert sheet_seat(host) == seat  # the next seat's code is up by itself, in seat order
        air.run(host)  # the browser makes its offer
        offer = code_on(air, host)
        markup = str(host.render())
        assert "table-join" in markup and f"Connect {NAMES[seat]}" in markup
        assert host.hosted.scanning  # its camera reads the answer beside the code: no tap here
        assert "data-net-camera" in markup
        phone.tap({"shell": "net", "do": "join"})  # "Join a table"
        phone_taps[seat] += 1
        phone.tap(field_tap(phone.render(), "offer", offer))  # the phone's camera reads the code
        air.run(phone)
        answer = code_on(air, phone)
        host.hosted.event(0, "scan", answer)  # held up to the table's camera
        air.run(host, phone)
        assert phone.joined.guest.status == "playing" and phone.joined.guest.seat == seat
    assert host.hosted.sheet is None and not host.hosted.scanning  # every phone in: the table itself
    assert host.session.phase is Phase.WAIT and sorted(host.hosted.connected()) == [0, 1, 2]
    assert (host_taps, phone_taps) == (3, [1, 1, 1])
    print(f"taps to set up a table screen with three phones: host {host_taps}, phones {phone_taps}")

    # Cyd's phone drops: its code comes up again, and the phone rejoins with one scan
    link = host.hosted.host.remotes[2].link
    air.drop(link)
    assert sheet_seat(host) == 2
    air.run(host)
    offer = code_on(air, host)
    assert host.hosted.sheet.rebuilt and not host.hosted.scanning  # it answered here before
    phones[2].tap({"shell": "net", "do": "rescan"})
    phones[2].tap(field_tap(phones[2].render(), "offer", offer))
    air.run(phones[2], host)
    air.run(host, phones[2])
    assert phones[2].joined.guest.status == "playing" and host.hosted.sheet is None
    assert sorted(host.hosted.connected()) == [0, 1, 2]

    # Closed by the host: not up again by itself until that phone drops anew
    air.drop(host.hosted.host.remotes[1].link)
    assert sheet_seat(host) == 1
    host.tap({"shell": "net", "do": "close_sheet"})
    assert host.hosted.sheet is None
    host.hosted.event(host.hosted.host.remotes[0].link, "message", json.dumps({"t": "ping", "v": 1, "n": 1}))
    assert host.hosted.sheet is None  # another phone's message: the table stays as the host left it
    host.tap({"shell": "net", "do": "invite", "seat": 1})  # the strip's Connect brings it back
    assert sheet_seat(host) == 1 and "table-join" in str(host.render())


def test_away_sheet_at_a_table_screen_offers_bots_only():
    session = Session("six_nimmt", guests(3), 3, table_screen=True, bot_hook=first_legal_bot)
    assert "human" not in PhonesAway.kinds(session)
    assert PhonesAway.kinds(session)  # the bots stand in
    shared = Session("six_nimmt", guests(3), 3, bot_hook=first_legal_bot)
    assert "human" in PhonesAway.kinds(shared)


def test_the_table_screens_context_carries_the_last_move_and_the_rounds_events():
    """The table screen (viewer None) tells the 6 nimmt! story from its context: ``ctx.events``
    (the last move's) and ``ctx.round_events`` (this round's kept ones) are the session's, so the
    story under the rows is drawn after the first reveal and lists a taken row once one is taken."""
    session = Session("six_nimmt", guests(3), 47, {"rounds": 1}, table_screen=True)
    c = Controller(storage=NoStorage(), bot_hook=None)
    c.page = GamePage(session)
    rng = random.Random(5)
    seen = {"story": 0, "taken": 0}
    while session.phase not in (Phase.SUMMARY, Phase.OVER):  # one round
        if session.phase is Phase.REVEAL:
            session.tick()
            continue
        ctx = session.context()
        assert ctx.viewer is None and ctx.table_screen is True
        assert ctx.events == session.events and ctx.round_events == session.round_events
        markup = str(c.render())
        if any(e["type"] in ("reveal", "place") for e in session.events) or session.round_events:
            assert 'class="ts-story"' in markup, "the table screen's story is empty"
            seen["story"] += 1
        told_now = any(e["type"] in ("reveal", "place") for e in session.events)
        if not told_now and any(e["type"] == "place" and e["taken"] for e in session.round_events):
            assert "This round" in markup and "takes row" in markup  # after a pick: the round so far
            seen["taken"] += 1
        seat = rng.choice(session.acting())
        obs = session.state.observation(seat)
        session.phones.apply_remote(seat, choose("six_nimmt", obs, session.legal_actions(seat), rng))
    assert seen["story"] > 10 and seen["taken"] > 3, seen


# ---- the next round, from the phones ------------------------------------------------------------


def table_with_phones(options: dict | None = None, seed: int = 9) -> tuple[Air, Controller, list[Controller]]:
    """A 6 nimmt! table screen (Ann, Bob, Cyd; ``options`` as setup fields) with its three phones
    joined as a person joins them (each code up by itself, each answer held up to its camera)."""
    air = Air()
    host = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: seed)
    host.tap({"shell": "new", "game": "six_nimmt"})
    host.tap({"shell": "table", "on": True})
    host.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Bob", "name-2": "Cyd", **(options or {})}})
    phones = [Controller(MemoryStorage(), bot_hook=None) for _ in range(3)]
    for phone in phones:
        air.run(host)
        offer = code_on(air, host)
        phone.tap({"shell": "net", "do": "join"})
        phone.tap(field_tap(phone.render(), "offer", offer))
        air.run(phone)
        host.hosted.event(0, "scan", code_on(air, phone))
        air.run(host, phone)
    assert sorted(host.hosted.connected()) == [0, 1, 2]
    return air, host, phones


def phone_plays(phone: Controller, rng: random.Random) -> bool:
    """A phone's step: a paced screen steps on, else a card, a row or Confirm (never Next round)."""
    if phone.delay_ms() is not None:
        phone.tick()
        return True
    options = [t for t in taps(phone.render()) if {"pick", "row", "take"} & set(t) or t.get("shell") == "confirm"]
    if not options:
        return False
    confirm = [t for t in options if t.get("shell") == "confirm" or "take" in t]
    phone.tap(dict(confirm[0] if confirm else rng.choice(options), fields={}))
    return True


def to_the_summary(air: Air, host: Controller, phones: list[Controller]) -> None:
    """Play the first round on the phones; the table only runs its timer (nobody taps it)."""
    rng = random.Random(5)
    for _ in range(3000):
        air.run(host, *phones)
        if host.session.phase is Phase.SUMMARY:
            return
        if host.delay_ms() is not None:
            host.tick()
        for phone in phones:
            phone_plays(phone, rng)
    raise AssertionError(f"no round summary: {host.session.phase}")


def next_round_on(phone: Controller) -> None:
    """The phone's player taps Next round on its own round summary."""
    while phone.delay_ms() is not None:  # the phone's own reveal of the round's last turn first
        phone.tick()
    markup = str(phone.render())
    assert 'data-screen="guest-summary"' in markup
    phone.tap({"shell": "continue", "fields": {}})


def test_the_table_screens_summary_goes_on_once_every_phone_has_tapped_next_round():
    air, host, phones = table_with_phones({"opt-rounds": "2"})
    to_the_summary(air, host, phones)
    s = host.session
    markup = str(host.render())
    assert "The next round starts when everyone has tapped Next round." in markup
    assert "Waiting for Ann, Bob, and Cyd" in markup and "Ready:" not in markup
    next_round_on(phones[0])
    air.run(host, *phones)
    assert s.phase is Phase.SUMMARY and s.flow.ready == {0}  # one phone: the table still sums up
    markup = str(host.render())
    assert "Ready: Ann" in markup and "Waiting for Bob and Cyd" in markup
    # Ann's phone plays on: its pick waits at the table until the summary closes
    assert phone_plays(phones[0], random.Random(1))
    air.run(host, *phones)
    assert len(host.hosted.host.queue) == 1 and not any(s.state.public_observation()["picked"])
    # the same request again (a replayed or doubled message): nothing changes, and no strike
    link = host.hosted.host.remotes[0].link
    reports, save = len(host.hosted.host.reports), host.storage[slot_key("six_nimmt")]
    host.net_event(link, "message", json.dumps({"v": 2, "t": "next"}))
    assert s.phase is Phase.SUMMARY and s.flow.ready == {0} and host.hosted.host.strikes.get(link) is None
    assert len(host.hosted.host.reports) == reports
    next_round_on(phones[1])
    air.run(host, *phones)
    assert s.phase is Phase.SUMMARY and s.flow.ready == {0, 1}
    assert host.storage[slot_key("six_nimmt")] == save  # readiness is not a move: nothing saved
    next_round_on(phones[2])
    air.run(host, *phones)
    # every phone tapped Next round: the next round is on, Ann's held pick applied
    assert s.phase is not Phase.SUMMARY and not s.summary_due and s.flow.ready == frozenset()
    assert s.state.public_observation()["picked"] == [True, False, False]
    assert "ready-line" not in str(host.render())
    # a request that comes after the summary closed (stale): nothing changes, no strike
    state = s.state.to_json()
    host.net_event(link, "message", json.dumps({"v": 2, "t": "next"}))
    assert s.state.to_json() == state and host.hosted.host.strikes.get(link) is None and not s.summary_due


def test_a_phone_that_leaves_during_the_summary_is_not_waited_for():
    air, host, phones = table_with_phones({"opt-rounds": "2"})
    to_the_summary(air, host, phones)
    s = host.session
    for phone in phones[:2]:
        next_round_on(phone)
    air.run(host, *phones)
    assert s.phase is Phase.SUMMARY and s.flow.ready == {0, 1}
    air.drop(host.hosted.host.remotes[2].link)  # Cyd's phone drops: the two others are all there is
    air.run(host, *phones)
    assert s.phase is not Phase.SUMMARY and not s.summary_due


def test_the_tables_own_next_round_still_closes_it_and_forgets_who_was_ready():
    air, host, phones = table_with_phones({"opt-rounds": "2"})
    to_the_summary(air, host, phones)
    s = host.session
    next_round_on(phones[1])
    air.run(host, *phones)
    assert s.flow.ready == {1}
    host.tap({"shell": "continue", "fields": {}})  # someone at the table taps it after all
    air.run(host, *phones)
    assert s.phase is not Phase.SUMMARY and s.flow.ready == frozenset()


def test_a_phones_next_round_never_closes_the_summary_of_a_host_with_a_player():
    from test_net_controller import two_phones

    air, host, _storage, ann, bob = two_phones()
    rng = random.Random(3)
    for _ in range(3000):
        air.run(host, ann, bob)
        if host.session.phase is Phase.SUMMARY:
            break
        if host.delay_ms() is not None:
            host.tick()
        for c in (host, ann, bob):
            phone_plays(c, rng) if c is not host or host.session.phase is Phase.TURN else None
    assert host.session.phase is Phase.SUMMARY
    for phone in (ann, bob):
        next_round_on(phone)
    air.run(host, ann, bob)
    s = host.session
    assert s.phase is Phase.SUMMARY and s.flow.ready == {1, 2}  # Hana, at the host, reads it still
    assert "ready-line" not in str(host.render())
    host.tap({"shell": "continue", "fields": {}})
    assert s.phase is not Phase.SUMMARY


def test_a_phone_tells_the_host_of_next_round_only_while_the_hosts_summary_shows_and_again_after_its_restart():
    from hotseat.net import protocol
    from hotseat.net.guest import Guest
    from hotseat.net.play import GuestPlay
    from hotseat.taps import Flow

    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, 4, game.resolve_options({}))
    guest = Guest(MemoryStorage(), "test")
    guest.link = 1
    n = 0

    def hello(epoch: str) -> None:
        guest.receive(
            1,
            protocol.dumps(
                "welcome",
                "host",
                room="RoomAA",
                seat=0,
                token="T" * 22,
                game="six_nimmt",
                options={},
                names=NAMES[:3],
                kinds=["guest"] * 3,
                app="test",
                epoch=epoch,
            ),
        )

    def view(epoch: str, summary: bool) -> None:
        nonlocal n
        n += 1
        guest.receive(1, protocol.view_message(state, 0, n, [], [], summary, [], fresh=False, epoch=epoch))
        play.update()

    hello("EpochA")
    play = GuestPlay(guest)
    view("EpochA", True)
    play.flow.show_summary()  # the round's last move was heard: the phone's own summary
    assert play.tap(Flow("continue")) == [protocol.dumps("next", "guest")]
    assert play.tap(Flow("continue")) == []  # closed: nothing more to tell
    view("EpochA", True)  # another view while the host still sums up: said once only
    assert play.outbox() == []
    hello("EpochB")  # the host reloaded (a new start): it forgot who was ready
    n = 0
    view("EpochB", True)
    assert play.outbox() == [protocol.dumps("next", "guest")]
    guest.receive(1, protocol.dumps("pause", "host"))  # the host steps away (Home) ...
    play.update()
    view("EpochB", True)  # ... and takes the table up afresh: who was ready is told again
    assert play.outbox() == [protocol.dumps("next", "guest")]
    view("EpochB", False)  # the table went on
    play.flow.show_summary()
    view("EpochB", False)
    assert play.tap(Flow("continue")) == []  # the host's summary is gone already: nothing to tell
