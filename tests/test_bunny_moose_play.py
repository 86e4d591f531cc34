"""Bunny Bunny Moose Moose: seeded random play (random bets and random poses) in every mode, for the
rules random play can show: the number of rounds and narrations (BM-7) and figures kept exactly past
either end of the trail (BM-6). Contract, invariants, saves and bad input: the conformance suite."""

from __future__ import annotations

import pytest

import pycore
from pycore.games.bunny_moose import TRAIL_FIELDS
from tests.conformance.harness import play_random_game

GAME = pycore.load_game("bunny_moose")

MODES = [
    {},
    {"narrator": "app"},
    {"basic": True, "rounds": 3},
    {"narrator": "app", "basic": True, "poem": "long", "tempo": "fast"},
]


def random_game(n, seed, options):
    """One game of the conformance suite's random player (checks after every action)."""
    return play_random_game(GAME, n, seed, options, roundtrip_every=10**9, deep_every=10**9)


@pytest.mark.parametrize("options", MODES, ids=["narrator", "app", "basic3", "app-basic-long"])
@pytest.mark.parametrize("n", [3, 6])
def test_bm7_random_games_last_players_times_rounds(n, options):
    for seed in range(2):
        state, actions = random_game(n, seed, options)
        rounds = n * options.get("rounds", 2)
        assert state.round == rounds
        assert 1 <= len(state.winners()) <= n
        assert state.public_observation()["narrations"] == [options.get("rounds", 2)] * n
        # a round: at least 7 reveals, one pose per poser, plus bet/continue
        posers = n if options.get("narrator") == "app" else n - 1
        assert len(actions) >= rounds * (7 + posers)


def test_figures_leave_the_trail_in_random_play_and_are_kept_exactly():
    """Random play sends some figures past field 15 or below field 1 (BM-6): the positions stay."""
    beyond = 0
    for seed in range(20):
        state, _ = random_game(6, seed, {"narrator": "app"})
        beyond += sum(1 for f in state.figures for x in f if x > TRAIL_FIELDS or x < 1)
        text = state.to_json()
        assert GAME.state_from_json(text).figures == state.figures
    assert beyond > 0
