"""Bunny Bunny Moose Moose: seeded random play (random bets and random poses) for every player count
and mode. Every game must end; invariants hold after every action; saves round-trip; illegal actions
raise IllegalActionError naming a ruling and leave the state unchanged."""

from __future__ import annotations

import json

import pytest

import pycore
from pycore import IllegalActionError
from pycore.games.bunny_moose import TRAIL_FIELDS
from pycore.rng import Rng

GAME = pycore.load_game("bunny_moose")

MODES = [
    {},
    {"narrator": "app"},
    {"basic": True, "rounds": 3},
    {"narrator": "app", "basic": True, "poem": "long", "tempo": "fast"},
]

ILLEGAL = [
    {"type": "reveal", "extra": 1},
    {"type": "bet", "player": -1},
    {"type": "bet", "player": "1"},
    {"type": "pose", "left": {"kind": "ear"}, "right": {"kind": "none"}, "tongue": False},
    {"type": "pose", "left": {"kind": "none"}, "right": {"kind": "none"}, "tongue": 1},
    {"type": "continue", "now": True},
    {"type": "shoot"},
    {"kind": "reveal"},
]


def random_game(n, seed, options, check_every=1, roundtrip_every=11):
    """Play one game with random legal actions; return (state, actions applied)."""
    state = GAME.new_initial_state(n, seed, options)
    rng = Rng(seed * 7919 + n)
    steps = 0
    while not state.is_terminal():
        assert steps < GAME.max_game_length
        players = state.current_players()
        assert players, "a game that is not over must have someone to act"
        p = rng.choice(players)
        legal = state.legal_actions(p)
        assert legal
        if steps % roundtrip_every == 0:
            text = state.to_json()
            again = GAME.state_from_json(text)
            assert again.to_json() == text
            assert again.observation(p) == state.observation(p)
            bad = rng.choice(ILLEGAL)
            who = rng.randbelow(n)
            if who in players and bad in legal:  # pragma: no cover - none of ILLEGAL is ever legal
                bad = {"type": "shoot"}
            with pytest.raises(IllegalActionError) as err:
                state.apply_action(who, bad)
            assert err.value.rule in ("BM-1", "BM-4", "BM-6", "BM-7", "CORE")
            assert state.to_json() == text
        state.apply_action(p, rng.choice(legal))
        steps += 1
        if steps % check_every == 0:
            state.check_invariants()
    return state, steps


@pytest.mark.parametrize("options", MODES, ids=["narrator", "app", "basic3", "app-basic-long"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_games_end_with_winners(n, options):
    games = 150
    for seed in range(games):
        state, steps = random_game(n, seed, options)
        rounds = n * options.get("rounds", 2)
        assert state.round == rounds
        assert 1 <= len(state.winners()) <= n
        obs = state.public_observation()
        assert obs["narrations"] == [options.get("rounds", 2)] * n
        json.dumps(obs)
        text = state.to_json()
        assert GAME.state_from_json(text).to_json() == text
        # a round: at least 7 reveals, one pose per poser, plus bet/continue
        posers = n if options.get("narrator") == "app" else n - 1
        assert steps >= rounds * (7 + posers)


def test_same_seed_same_game():
    a, _ = random_game(5, 42, {}, check_every=1000, roundtrip_every=1000)
    b, _ = random_game(5, 42, {}, check_every=1000, roundtrip_every=1000)
    assert a.to_json() == b.to_json()
    c, _ = random_game(5, 43, {}, check_every=1000, roundtrip_every=1000)
    assert c.to_json() != a.to_json()


def test_figures_leave_the_trail_in_random_play_and_are_kept_exactly():
    """Random play sends some figures past field 15 or below field 1 (BM-6): the positions stay."""
    beyond = 0
    for seed in range(200):
        state, _ = random_game(6, seed, {"narrator": "app"}, check_every=1000, roundtrip_every=1000)
        beyond += sum(1 for f in state.figures for x in f if x > TRAIL_FIELDS or x < 1)
    assert beyond > 0
