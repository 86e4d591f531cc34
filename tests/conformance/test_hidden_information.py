"""Hidden information: ``sample_hidden`` and what each observation may hold (issue 3, part 1).

At states along random games, for every player p and a few seeds, ``game.sample_hidden(state,
p, rng)`` must leave the original state untouched and give a valid state (invariants, round
trip, legal play goes on) that looks the same to p: the same ``observation(p)``,
``public_observation()``, current players and legal actions of p.

The leak check is differential: the samples re-deal everything p cannot see, so another player
q's view changes between them while p's must not. If ``observation(p)`` held any card of q's
hand, the deck or q's secret pick, it would change with the re-deal and the check fails. For
the check to mean something, the samples must actually re-deal q's cards: the suite asserts
that q's view does vary for most (p, q) pairs over a game.
"""

from __future__ import annotations

import pytest

from .harness import (
    case_id,
    check_sample_hidden,
    game_setup,
    play_random_game,
    player_count_cases,
    require_game,
    stable_seed,
)

CASES = player_count_cases()
#: states checked along each game: early, middle and late (geometric, so long games cost little more)
CHECK_STEPS = {1, 4, 12, 30, 70, 150, 300, 600, 1200}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_sample_hidden_keeps_each_view_and_observations_do_not_leak(case):
    gid, n = case
    game = require_game(gid, n)
    stats = {"pairs": 0, "varied": 0}
    for i in range(2):
        seed, options = game_setup(game, n, i, "hidden")

        def check(state, step, seed=seed):
            if step not in CHECK_STEPS or state.is_terminal():
                return
            for p in range(n):
                check_sample_hidden(game, state, p, stable_seed(seed, step, p), stats)

        play_random_game(game, n, seed, options, roundtrip_every=10**9, deep_every=10**9, on_state=check)
    assert stats["pairs"] > 0
    if game.hidden_information:
        share = stats["varied"] / stats["pairs"]
        assert share >= 0.3, (
            f"sample_hidden re-dealt another player's view in only {stats['varied']} of {stats['pairs']} "
            f"cases: it does not re-deal the hidden cards, so leaks cannot be ruled out"
        )
    print(f"{gid} {n}p: {stats['pairs']} (p, q) sample pairs, q's view varied in {stats['varied']}")
