"""Public memory: every observation carries ``played``, and it matches the events the table saw.

``played`` is every card the whole table has seen played this round, in the order the table saw
it, ``[{"player": p, "card": c}, ...]`` (each game's module docstring says what a round is there).
The observation derives it from the state; each game's ``remember(played, event)`` builds it from
the events ``apply_action`` returns, which is what the table is shown. Along random games both
must agree after every action, for the public observation and every seat's.
"""

from __future__ import annotations

import importlib
import json

import pytest

from pycore.rng import Rng

from .harness import PLAYER_SALT, case_id, game_setup, player_count_cases, require_game

CASES = player_count_cases()


def check_memory(game, n: int, seed: int, options: dict) -> int:
    """Play one random game checking the memory after every action; return the longest memory."""
    remember = importlib.import_module(type(game).__module__).remember
    state = game.new_initial_state(n, seed, options)
    rng = Rng(seed ^ PLAYER_SALT)
    played: list = []
    longest = 0
    while True:
        views = [state.public_observation()] + [state.observation(p) for p in range(n)]
        for view in views:
            assert view["played"] == played, (
                f"{game.id}: the observation's public memory differs from the events the table saw\n"
                f"  observation {view['played']}\n  events      {played}\n  state {state.to_json()}"
            )
        longest = max(longest, len(played))
        players = state.current_players()
        if not players:
            return longest
        p = rng.choice(players)
        for event in state.apply_action(p, json.loads(json.dumps(rng.choice(state.legal_actions(p))))):
            remember(played, event)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_public_memory_matches_the_events_the_table_saw(case):
    gid, n = case
    game = require_game(gid, n)
    longest = 0
    for i in range(2):
        seed, options = game_setup(game, n, i, "memory")
        longest = max(longest, check_memory(game, n, seed, options))
    assert longest > 0, "nothing was ever remembered: the check proves nothing"
