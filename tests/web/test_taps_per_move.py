"""Taps a move takes, counted by a driver that plays every game through the app's screens.

A person at the phone taps what the screen draws towards a chosen legal move (:class:`table_world.Hand`:
a card, then its call or figure, then its field), and "Show my cards" on the curtain before it;
the game's tempo taps (Skip animation, Next round) are not counted. Each table — three or four
people sharing the phone, and one person among bots — is played for a number of moves; the
table of taps per kind of move (min / median / max) is printed (``pytest -s``) and checked
against what the commit rule promises: one tap a move alone, the same plus "Show my cards" at a
shared phone, and a multi-step move (a Bad Bunnies card and its call, a Dog card, figure and field)
no more taps than its steps.
"""

from __future__ import annotations

import random
import statistics

import pytest
from table_world import Hand, bot_hook, screen_of, start_table
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller

#: (game, table name, seat kinds, human moves to count)
TABLES = [
    ("six_nimmt", "3 people, one phone", ["human"] * 3, 45),
    ("six_nimmt", "1 person + 3 bots", ["human"] + ["bot:normal"] * 3, 25),
    ("bad_bunnies", "3 people, one phone", ["human"] * 3, 45),
    ("bad_bunnies", "1 person + 3 bots", ["human"] + ["bot:normal"] * 3, 25),
    ("dog", "4 people, one phone", ["human"] * 4, 60),
    ("dog", "1 person + 3 bots", ["human"] + ["bot:normal"] * 3, 30),
]

#: the most taps a kind of move may take alone; at a shared phone one more ("Show my cards")
MOST_ALONE = {
    ("six_nimmt", "pick"): 1,
    ("six_nimmt", "choose_row"): 1,
    ("bad_bunnies", "play"): 2,  # the card, then Play / Higher / Lower
    ("bad_bunnies", "pass"): 2,  # Pass, then "Yes, pass" when a card still fits
    ("bad_bunnies", "keep"): 1,
    ("bad_bunnies", "redraw"): 1,
    ("dog", "give"): 1,
    ("dog", "play"): 3,  # the card, the figure, the field (a joker: what it stands for, too: 4)
    ("dog", "step"): 2,  # a 7's step: the figure, the field
    ("dog", "fold"): 1,
    ("dog", "discard"): 1,
}


def count_taps(game_id: str, kinds: list[str], moves: int, seed: int = 3) -> dict[str, list[int]]:
    """Play ``moves`` moves of the people at the phone; returns {move type: [taps of each]}."""
    rng = random.Random(seed)
    host = Controller(MemoryStorage(), bot_hook=bot_hook(game_id, rng), seed_fn=lambda: seed)
    start_table(host, game_id, kinds)
    hands = {seat: Hand(game_id, random.Random(seed + seat)) for seat in range(len(kinds))}
    counted: dict[str, list[int]] = {}
    pending = 0  # taps towards the next move of a person here
    done = 0
    for _ in range(20_000):
        session = host.session
        if done >= moves or session.state.is_terminal():
            break
        if host.delay_ms() is not None:
            host.tick()
            continue
        markup = str(host.render())
        screen = screen_of(markup)
        options = taps(markup)
        shells = {t.get("shell"): t for t in options if "shell" in t}
        if screen == "curtain":
            host.tap(dict(shells["show"], fields={}))
            pending += 1
            continue
        if screen == "summary":
            host.tap(dict(shells["continue"], fields={}))
            continue
        assert screen == "turn", screen
        seat = session.actor
        logged = len(session.log.moves)
        legal = session.state.legal_actions(seat)
        tap = hands[seat].tap_towards(options, session.state.observation(seat), legal)
        assert tap is not None, f"{game_id}: no tap leads to {hands[seat].target}"
        host.tap(dict(tap, fields={}))
        pending += 1
        if len(host.session.log.moves) > logged:
            move = host.session.log.moves[logged]
            if move["player"] == seat:
                counted.setdefault(move["action"]["type"], []).append(pending)
                pending = 0
                done += 1
    return counted


def _row(game: str, table: str, counted: dict[str, list[int]]) -> str:
    parts = [f"{kind} {min(v)}/{statistics.median(v):g}/{max(v)} ({len(v)})" for kind, v in sorted(counted.items())]
    return f"{game:12} {table:22} " + "; ".join(parts)


@pytest.mark.parametrize("game, table, kinds, moves", TABLES, ids=[f"{g}-{t}" for g, t, _k, _m in TABLES])
def test_taps_per_move(game, table, kinds, moves):
    counted = count_taps(game, kinds, moves)
    print("\ntaps a move (min/median/max (moves)):", _row(game, table, counted))
    shared = kinds.count("human") > 1
    assert sum(len(v) for v in counted.values()) >= moves // 2
    for kind, values in counted.items():
        most = MOST_ALONE[(game, kind)] + (1 if game == "dog" and kind == "play" else 0)  # a joker's stand-in
        if shared:
            most += 1  # "Show my cards"
        assert max(values) <= most, (kind, values)
    if game == "six_nimmt":  # the iPad app's one tap a card: alone, one; shared, Show + the card
        assert statistics.median(counted["pick"]) == (2 if shared else 1)
