"""A seat's game screen is the same markup at the host and on a phone of its own.

The host draws the seat of its one person (the others bots: the sole human's view is always on
screen, :class:`hotseat.pages.GamePage`); a phone draws the same seat from the views the host
would send it (:class:`hotseat.net.play.GuestPlay` over a :class:`hotseat.net.guest.Guest` fed
the host's messages). Both follow one game move by move (the host applies every move and the
phone hears of each in a ``view``), and at every screen both show — the seat's turn, a selection
or an unconfirmed pick in progress, each step of a move's reveal, the round summary — the game
screen's markup is compared.

What is left out of the comparison, and why (the frame around the game screen and what lies
beside it differ by design, not by drawing):

* the frame's ``data-screen`` (a phone's screens are named ``guest-<phase>``, the host's
  ``<phase>``) and ``data-private`` (set by the host's curtain rules; a phone of its own hides
  nothing from anyone) — the attributes of the ``div.screen`` element only;
* the sound-cue markers after the frame (``<i hidden data-cue>``): their keys name the device's
  own count of moves (``m<table>-<move>`` at the host, ``g<epoch>-<view>`` on a phone), so a
  move sounds once on each device;
* the game-over screen (its buttons are the host's Rematch / Home and the phone's Leave the
  table) and the host's "NAME is thinking…" header while a bot thinks (the phone says what the
  view says while it waits): neither is drawn where the phases differ.
"""

from __future__ import annotations

import json
import re

import pytest
from ui_helpers import MemoryStorage, first_legal_bot, tap_game, taps

from hotseat import session_save
from hotseat.net import protocol
from hotseat.net.guest import Guest
from hotseat.net.play import GuestPlay
from hotseat.pages import GamePage
from hotseat.session import Phase, Session
from hotseat.taps import parse_tap

NAMES = ["Ann", "Ben", "Cid"]
LINK = 1
ROOM, TOKEN, EPOCH = "RoomAA", "T" * 22, "EpochA"
SCREEN_RE = re.compile(r'^<div class="screen" data-screen="[^"]*"( data-private)?>')
CUES_RE = re.compile(r'<i hidden data-cue="[^"]*" data-fx-key="[^"]*"></i>')


def game_markup(page: str) -> str:
    """A game screen's markup without the frame's own attributes and the cue markers (see the
    module docstring)."""
    assert SCREEN_RE.match(page), page[:120]
    return CUES_RE.sub("", SCREEN_RE.sub("<div>", page, count=1))


class Pair:
    """The host's session (seat 0 its one person, the rest bots) and seat 0's phone, fed a view
    after every change at the host."""

    def __init__(self, game_id: str, seed: int, players: int) -> None:
        seats = [{"name": NAMES[0], "kind": "human"}] + [{"name": n, "kind": "bot:easy"} for n in NAMES[1:players]]
        self.session = Session(game_id, seats, seed, {}, bot_hook=first_legal_bot)
        self.page = GamePage(self.session)
        self.guest = Guest(MemoryStorage(), "test")
        self.guest.link = LINK
        kinds = ["guest"] + self.session.kinds[1:]
        welcome = protocol.dumps(
            "welcome",
            "host",
            room=ROOM,
            seat=0,
            token=TOKEN,
            game=game_id,
            options=dict(self.session.options),
            names=self.session.names,
            kinds=kinds,
            app="test",
            epoch=EPOCH,
        )
        self.guest.receive(LINK, welcome)
        self.n = 0
        self.applied = -1
        self.send(fresh=False)
        self.play = GuestPlay(self.guest)
        self.play.update()

    def send(self, fresh: bool = True) -> None:
        """The host's view for seat 0 after its last move (as :class:`hotseat.net.host.Host` sends)."""
        s = self.session
        self.n += 1
        text = protocol.view_message(
            s.state,
            0,
            self.n,
            list(s.events),
            list(s.round_events),
            bool(s.summary_due),
            [],
            fresh=fresh,
            epoch=EPOCH,
            match=0,
            ack=self.guest.n,
        )
        self.guest.receive(LINK, text)
        self.applied = s.moves_applied
        if hasattr(self, "play"):
            self.play.update()

    def heard(self) -> None:
        """The phone hears of every move the host applied since the last view."""
        if self.session.moves_applied != self.applied:
            self.send()

    def host(self) -> str:
        return str(self.page.render_table())

    def phone(self) -> str:
        return str(self.play.render([]))

    def same(self, where: str) -> None:
        s = self.session
        assert (s.phase, s.viewer) == (self.play.phase, 0), where
        assert game_markup(self.host()) == game_markup(self.phone()), where


#: each game with hidden cards, its players, and the screens it shows besides the turn (Dog's
#: and Bad Bunnies' moves play out at once, with no paced reveal; Dog's rounds end with no
#: summary). Bunny Bunny Moose Moose hides nothing: the host's screen is the public table (no
#: seat's view), so no seat's screen is drawn there to compare with.
GAMES = [
    ("six_nimmt", 3, {Phase.REVEAL, Phase.SUMMARY}),
    ("bad_bunnies", 3, {Phase.SUMMARY}),
    ("dog", 2, set()),
]


@pytest.mark.parametrize("game_id, players, shown", GAMES)
def test_a_seat_is_drawn_alike_at_the_host_and_on_its_phone(game_id, players, shown):
    pair = Pair(game_id, seed=7, players=players)
    s, play = pair.session, pair.play
    seen: dict[Phase, int] = {}
    taps_this_turn = 0
    for step in range(400):
        if s.state.is_terminal():
            break
        phase = s.phase
        where = f"{game_id} step {step}: {phase}"
        if phase in (Phase.TURN, Phase.REVEAL, Phase.SUMMARY):
            pair.same(where)
            seen[phase] = seen.get(phase, 0) + 1
        if phase is Phase.TURN:
            mine = [t for t in taps(pair.host()) if "shell" not in t]
            shell = [t for t in taps(pair.host()) if t.get("shell") == "confirm"]
            tap = shell[0] if shell else mine[step % len(mine)] if mine and step % 3 and taps_this_turn < 4 else None
            moves = s.moves_applied
            if tap is None:  # a move straight from the legal list, now and then
                s.submit(0, s.legal_actions(0)[0])
            else:
                tap_game(s, tap)
                sent = play.tap(parse_tap(tap))
                assert bool(sent) == (s.moves_applied != pair.applied), where  # the same commit rule
            taps_this_turn = 0 if s.moves_applied != moves else taps_this_turn + 1
        elif phase is Phase.REVEAL:
            if step % 4 == 0:
                tap_game(s, {"shell": "skip"})
                play.tap(parse_tap({"shell": "skip"}))
            else:
                assert s.delay_ms() == play.delay_ms(), where
                s.tick()
                play.tick()
        elif phase is Phase.SUMMARY:
            tap_game(s, {"shell": "continue"})
            play.tap(parse_tap({"shell": "continue"}))
        else:
            assert phase is Phase.BOT, where
            s.tick()
        pair.heard()
    assert seen.get(Phase.TURN, 0) > 10 and s.moves_applied > 20, (seen, s.moves_applied)
    assert shown <= set(seen), seen


def test_the_comparison_sees_a_difference_in_the_game_screen():
    """The markup compared is the game screen's own: a status line or a button that differs shows."""
    pair = Pair("six_nimmt", seed=7, players=3)
    host = game_markup(pair.host())
    assert host == game_markup(pair.phone())
    assert game_markup(pair.host().replace("Ann", "Anna")) != game_markup(pair.phone())
    assert 'data-tap="{&quot;pick&quot;' in host or "pick" in host


def test_the_last_round_s_summary_stays_due_at_the_game_s_end_and_in_its_save():
    """The game's last move ends its last round: the game-over screen sums that round up, so the
    summary stays due (the phase is OVER all the same) and a save resumed keeps the round's events,
    as a phone's view of them (the host's round events) and a resumed host's screen need."""
    s = Session(
        "six_nimmt", [{"name": n, "kind": "bot:easy"} for n in NAMES], 3, {"rounds": 1}, bot_hook=first_legal_bot
    )
    for _ in range(2000):
        if s.phase is Phase.OVER:
            break
        if s.phase is Phase.REVEAL:
            tap_game(s, {"shell": "skip"})
        else:
            s.tick()
    assert s.phase is Phase.OVER and s.summary_due and s.round_events
    again = session_save.from_dict(json.loads(json.dumps(session_save.to_dict(s))), bot_hook=first_legal_bot)
    assert again.phase is Phase.OVER and again.round_events == s.round_events
