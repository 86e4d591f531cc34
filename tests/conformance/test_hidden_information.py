"""Hidden information: ``sample_hidden`` and what each observation may hold.

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

from pycore.rng import Rng

from .harness import (
    case_id,
    check_sample_hidden,
    game_setup,
    hidden_games,
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
    for i in range(hidden_games()):
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


#: how many times each state's unseen values are varied for each seat
VARIATIONS = 3


def check_owners(state, stats: dict, seed: int) -> None:
    """``observation(p)`` is the same for every variation of what p does not own (other seats'
    entries, hidden fields); ``public_observation()`` for every variation of all but the public."""
    n = state.num_players
    for k in range(VARIATIONS):
        rng = Rng(seed + k)
        for p in range(n):
            varied = state.vary_unseen(p, rng)
            stats["varied"] += varied.to_json() != state.to_json()
            stats["checks"] += 1
            assert varied.observation(p) == state.observation(p), (
                f"observation({p}) changed when only values player {p} does not own changed: it reads one of "
                f"{[f.name for f in state.fields() if f.owner != 'public']}\n  state  {state.to_json()}\n"
                f"  varied {varied.to_json()}"
            )
        varied = state.vary_unseen(None, rng)
        assert varied.public_observation() == state.public_observation(), (
            "public_observation() reads a non-public value"
        )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_read_only_what_each_seat_owns(case):
    """The owners declared in each game's FIELDS hold: nothing hidden, and nothing of another seat,
    reaches an observation (checked by varying those values, see ``State.vary_unseen``)."""
    gid, n = case
    game = require_game(gid, n)
    stats = {"varied": 0, "checks": 0}
    seed, options = game_setup(game, n, 0, "owners")

    def check(state, step):
        if step in CHECK_STEPS or state.is_terminal():
            check_owners(state, stats, stable_seed(seed, step))

    play_random_game(game, n, seed, options, roundtrip_every=10**9, deep_every=10**9, on_state=check)
    assert stats["varied"] >= stats["checks"] // 2, "vary_unseen changed too few states for the check to mean much"


def test_the_owners_check_catches_a_planted_leak(monkeypatch):
    """An observation that shows the top card of the deck (hidden) fails the owners check."""
    from pycore.games import six_nimmt

    state = six_nimmt.GAME.new_initial_state(3, 7)
    original = six_nimmt.SixNimmtState.public_observation

    def leaky(self):
        obs = original(self)
        obs["next_card"] = self.deck[-1]
        return obs

    monkeypatch.setattr(six_nimmt.SixNimmtState, "public_observation", leaky)
    with pytest.raises(AssertionError, match="reads"):
        check_owners(state, {"varied": 0, "checks": 0}, 1)
