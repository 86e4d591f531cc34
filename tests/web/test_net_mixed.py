"""Mixed tables in every game with hidden information, through the whole app in CPython: seats on
their own phones, humans sharing the host behind the curtain, and bots, in whole games of Bad
Bunnies and Dog (four players in teams, and the 2–3 player variant).

The host and every phone are :class:`~hotseat.controller.Controller` objects; the in-memory
stand-in for ``net.mjs`` (:class:`test_net_controller.Air`) carries their requests and messages.
Every move is made by tapping what the screen of the seat's own device draws (the host's curtain,
"Show my cards", the phone's own hand). Every message a phone receives is checked when it arrives
by the card-token rules of ``e2e/net_check.py`` against the host's state at the moment the host
made it: the view is exactly the seat's observation and its legal actions, and no token in it
goes beyond what re-deals of everything hidden from that seat would give (a card of another hand
is one token more). Other messages carry no game facts.

Every seat of every kind must have been checked or played, and every game ends with each phone's
last view equal to its seat's final observation. (A phone that drops and rejoins, and tampered
messages, are tested in 6 nimmt!: tests/web/test_net_controller.py and the e2e tests.)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from table_world import Hand, bot_hook
from test_net_controller import Air, pair
from ui_helpers import MemoryStorage, taps

import pycore
from hotseat import session_save
from hotseat.controller import Controller
from hotseat.net import protocol
from hotseat.net.host import Host
from hotseat.session import Phase

# the browser suite's card-token rules (e2e/ is not on pytest's pythonpath, and net_check imports its
# neighbour secret_check by name, so the folder itself goes on sys.path)
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from net_check import check_view  # noqa: E402

# ---- how the players play: table_world's choices (the same for a person, a phone and a bot) ------


class Player:
    """Taps on one controller's screen: at the host the seat behind the curtain, on a phone its seat."""

    def __init__(self, controller: Controller, game_id: str, rng: random.Random) -> None:
        self.c = controller
        self.hand = Hand(game_id, rng)

    def _towards(self, options: list[dict], obs: dict, legal: list[dict]) -> dict:
        tap = self.hand.tap_towards(options, obs, legal)
        assert tap is not None, f"no tap on screen leads to {self.hand.target}: {options}"
        return tap

    def step(self) -> bool:
        """One tap or tick if the screen asks for one; False when it waits for someone else."""
        c = self.c
        if c.delay_ms() is not None:
            c.tick()
            return True
        options = taps(str(c.render()))
        shells = {t.get("shell"): t for t in options if "shell" in t}
        if c.screen == "guest":
            play = c.joined.play
            if play is None or c.joined.join is not None or c.joined.guest.status != "playing":
                return False
            phase = play.phase
            if phase == "summary":
                c.tap(dict(shells["continue"], fields={}))
                return True
            if phase != "turn":
                return False
            c.tap(dict(self._towards(options, play.latest["obs"], play.latest["legal"]), fields={}))
            return True
        s = c.session
        if s.phase is Phase.CURTAIN:
            c.tap(dict(shells["show"], fields={}))
        elif s.phase is Phase.SUMMARY:
            c.tap(dict(shells["continue"], fields={}))
        elif s.phase is Phase.TURN:
            legal = s.state.legal_actions(s.actor)
            c.tap(dict(self._towards(options, s.state.observation(s.actor), legal), fields={}))
        else:
            return False
        return True


# ---- the wire, checked -----------------------------------------------------------------------------


class CheckedAir(Air):
    """:class:`Air` that checks every message a phone receives (see the module docstring)."""

    def __init__(self, host: Controller, game_id: str) -> None:
        super().__init__()
        self.host = host
        self.game = pycore.load_game(game_id)
        self.made: dict[tuple[str, int], dict] = {}  # (epoch, view number) -> the host's save it was made from
        self.counts = {"view": 0, "other": 0}
        self.seats_checked: set[int] = set()

    def deliver(self, sender: Controller, receiver: Controller, text: str) -> None:
        if sender is self.host:
            self.check(receiver, text)

    def check(self, phone: Controller, text: str) -> None:
        msg = protocol.parse(text, "host")
        if msg["t"] != "view":
            assert "obs" not in msg and "hand" not in text, f"LEAK — a {msg['t']} message: {text[:200]}"
            self.counts["other"] += 1
            return
        guest = phone.joined.guest
        seat = guest.seat
        assert seat is not None, "a view reached a phone before its welcome"
        check_view(self.game, self.made[msg["epoch"], msg["n"]], seat, msg, text)
        self.counts["view"] += 1
        self.seats_checked.add(seat)


def record_views(monkeypatch, air: CheckedAir) -> None:
    """Keep the host's state for every view it makes (the check needs the state of that moment)."""
    made = Host._view

    def view(self, seat, fresh=True, force=False):
        made_view = made(self, seat, fresh, force)
        if made_view is not None:
            msg = json.loads(made_view[1])
            air.made[msg["epoch"], msg["n"]] = session_save.to_dict(self.table)
        return made_view

    monkeypatch.setattr(Host, "_view", view)


# ---- whole mixed games -------------------------------------------------------------------------------


def mixed_table(monkeypatch, game_id: str, kinds: list[str], seed: int):
    """Set up ``game_id`` at a host with seats of ``kinds`` (by tapping setup's kind buttons), pair
    a phone for every guest seat and return (air, host, {seat: phone})."""
    rng = random.Random(seed)
    host = Controller(MemoryStorage(), bot_hook=bot_hook(game_id, rng), seed_fn=lambda: seed)
    host.tap({"shell": "new", "game": game_id})
    setup = host.setup
    while setup.n < len(kinds):
        host.tap({"shell": "count", "delta": 1})
    for seat, kind in enumerate(kinds):
        host.tap({"shell": "kind", "seat": seat, "kind": kind})
        assert setup.kinds[seat] == kind, (seat, kind, setup.kinds)
    names = {f"name-{i}": n for i, n in enumerate(["Ann", "Bob", "Cyd", "Dee"][: len(kinds)])}
    host.tap({"shell": "start", "fields": names})
    assert host.session is not None and host.session.kinds == kinds
    air = CheckedAir(host, game_id)
    record_views(monkeypatch, air)
    phones = {}
    for seat, kind in enumerate(kinds):
        if kind == "guest":
            phones[seat] = Controller(MemoryStorage(), bot_hook=None)
            pair(air, host, phones[seat], seat)
    return air, host, phones


def play_to_the_end(air: CheckedAir, host: Controller, phones: dict, game_id: str, seed: int) -> None:
    players = [Player(host, game_id, random.Random(seed))] + [
        Player(c, game_id, random.Random(seed + seat)) for seat, c in phones.items()
    ]
    for _ in range(20_000):
        air.run(host, *phones.values())
        if host.session.phase is Phase.OVER and all(c.joined.play.phase == "over" for c in phones.values()):
            return
        moved = False
        for p in players:
            moved = p.step() or moved
        assert moved or host.session.phase is Phase.WAIT, host.session.phase
    raise AssertionError(f"{game_id}: the game did not end")


@pytest.mark.parametrize(
    "game_id, kinds, seed",
    [
        ("bad_bunnies", ["human", "guest", "human", "bot:normal"], 3),
        ("dog", ["human", "guest", "bot:normal", "guest"], 5),  # teams: seats 0+2 and 1+3
        ("dog", ["guest", "human", "bot:easy"], 7),  # the 2-3 player variant
    ],
)
def test_a_mixed_table_plays_a_whole_game_and_each_phone_learns_only_its_own(monkeypatch, game_id, kinds, seed):
    air, host, phones = mixed_table(monkeypatch, game_id, kinds, seed)
    play_to_the_end(air, host, phones, game_id, seed)
    final = host.session.state
    assert final.is_terminal()
    for seat, c in phones.items():
        assert c.joined.play.latest["obs"] == json.loads(json.dumps(final.observation(seat)))
    assert air.seats_checked == set(phones) and air.counts["view"] >= 20
    kinds_played = {host.session.kinds[p] for p in range(len(kinds))}
    assert kinds_played == set(kinds)
