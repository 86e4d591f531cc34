"""Random play for every registered game and player count.

Seeded games, uniform over the current players and their legal actions (passes and no-effect
plays included), must end within ``game.max_game_length`` actions; nobody is ever stuck; the
game's invariants hold and the save round-trips after every action.
"""

from __future__ import annotations

import json

import pytest

from pycore.rng import Rng

from .harness import (
    canonical,
    case_id,
    check_contract,
    check_events,
    game_setup,
    games_per_count,
    play_random_game,
    player_count_cases,
    require_game,
    vandalize,
)

CASES = player_count_cases()
PROBE_ACTIONS = 8


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_end_and_every_state_conforms(case):
    gid, n = case
    game = require_game(gid, n)
    count = games_per_count(game)
    lengths = []
    for i in range(count):
        seed, options = game_setup(game, n, i)
        state, actions = play_random_game(game, n, seed, options)
        assert state.is_terminal()
        lengths.append(len(actions))
    assert min(lengths) >= 1, "a game that ends before anybody acts"
    print(f"{gid} {n}p: {count} games, {sum(lengths)} actions, longest {max(lengths)}")


def _probe_legal_actions(game, state, step):
    """At some states: legal actions of every current player (all, or PROBE_ACTIONS random ones)
    apply cleanly to a clone,
    and neither the clone, the returned events, observations nor legal-action lists share
    mutable parts with the state."""
    if step % 7 != 3:
        return
    before = state.to_json()
    declared = type(state).attribute_names()
    assert sorted(vars(state)) == sorted(declared), (
        f"the state's attributes are not the declared ones (FIELDS, DERIVED_LISTS, FIXED): "
        f"{sorted(set(vars(state)) ^ set(declared))}"
    )
    clone = state.clone()
    assert clone is not state and clone.to_json() == before, "clone() differs from the state"
    assert sorted(vars(clone)) == sorted(declared), "a clone's attributes are not the declared ones"
    rng = Rng(step)
    for p in state.current_players():
        legal = state.legal_actions(p)
        # at most PROBE_ACTIONS of them (some games offer ~100 actions at a state)
        picks = legal if len(legal) <= PROBE_ACTIONS else [rng.choice(legal) for _ in range(PROBE_ACTIONS)]
        for action in picks:
            copy = state.clone()
            sent = json.loads(json.dumps(action))
            events = copy.apply_action(p, sent)
            check_events(events)
            copy.check_invariants()
            check_contract(game, copy, all_players=False)
            after = copy.to_json()
            vandalize(sent)
            vandalize(events)
            assert copy.to_json() == after, f"the state keeps a reference to the action or its events ({action})"
            assert state.to_json() == before, f"applying {action} to a clone changed the original"
    for p in range(state.num_players):
        vandalize(state.observation(p))
        vandalize(state.legal_actions(p))
    vandalize(state.public_observation())
    assert state.to_json() == before, "an observation or legal-action list shares lists with the state"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_legal_actions_apply_to_clones_and_nothing_aliases_the_state(case):
    gid, n = case
    game = require_game(gid, n)
    seed, options = game_setup(game, n, n % 2, "probe")  # default and random options alternate
    play_random_game(
        game,
        n,
        seed,
        options,
        roundtrip_every=10**9,
        on_state=lambda state, step: _probe_legal_actions(game, state, step),
    )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_are_json_safe_and_do_not_change_the_state(case):
    gid, n = case
    game = require_game(gid, n)

    def check(state, step):
        if step % 5:
            return
        before = state.to_json()
        public = state.public_observation()
        assert isinstance(public, dict) and json.loads(json.dumps(public)) == public
        for p in range(n):
            obs = state.observation(p)
            assert isinstance(obs, dict), f"observation({p}) is {type(obs).__name__}"
            assert json.loads(json.dumps(obs)) == obs, f"observation({p}) is not JSON-safe"
            assert state.observation(p) == obs, f"observation({p}) differs between two calls"
        assert state.to_json() == before, "observing changed the state"

    seed, options = game_setup(game, n, 0, "observe")
    play_random_game(game, n, seed, options, roundtrip_every=10**9, on_state=check)


@pytest.mark.parametrize("gid", sorted({g for g, _ in CASES}))
def test_game_metadata_and_setup_errors(gid):
    import pycore
    from pycore.core import Option

    game = pycore.load_game(gid)
    assert game.id == gid and isinstance(game.name, str) and game.name
    assert isinstance(game.min_players, int) and 1 <= game.min_players <= game.max_players
    assert isinstance(game.hidden_information, bool)
    assert isinstance(game.STATE_VERSION, int) and game.STATE_VERSION >= 1
    assert isinstance(game.max_game_length, int) and game.max_game_length > 0
    for name, opt in game.options.items():
        assert isinstance(opt, Option) and opt.name == name and opt.doc
        opt.check(opt.default)
    defaults = game.resolve_options({})
    assert set(defaults) == set(game.options)
    for bad in (game.min_players - 1, game.max_players + 1, True, "3", None, 2.0):
        with pytest.raises(ValueError):
            game.new_initial_state(bad, 1)
    for bad_seed in ("1", 1.5, None, True):
        with pytest.raises(ValueError):
            game.new_initial_state(game.min_players, bad_seed)
    with pytest.raises(ValueError):
        game.new_initial_state(game.min_players, 1, {"no_such_option": 1})
    for name in game.options:
        for bad in ("not-a-valid-value", [1], {"x": 1}):
            with pytest.raises(ValueError):
                game.new_initial_state(game.min_players, 1, {name: bad})
    # every allowed choice / bound of every option starts a game that plays on
    for name, opt in game.options.items():
        values = list(opt.choices or ())
        if isinstance(opt.default, bool):
            values = [False, True]
        for bound in (opt.minimum, opt.maximum):
            if bound is not None:
                values.append(bound)
        for value in values:
            state = game.new_initial_state(game.max_players, 3, {name: value})
            state.check_invariants()
            rng = Rng(5)
            for _ in range(30):
                players = check_contract(game, state)
                if not players:
                    break
                p = rng.choice(players)
                state.apply_action(p, rng.choice(state.legal_actions(p)))
                state.check_invariants()


def test_canonical_text_is_json_dumps_sorted_and_compact():
    """The suite's canonical text (one kept encoder) is exactly ``json.dumps``'s sorted compact
    text: the duplicate-action check tells ``True``, ``1`` and ``1.0`` apart and key order never."""
    values = [
        {"type": "pose", "right": {"kind": "antler", "b": [1, 1.0, True, None]}, "left": 'é"<\u2028'},
        [{"b": 1, "a": 2}, -0.0, 1e300, float("inf"), "", []],
        7,
    ]
    for value in values:
        assert canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))
    assert len({canonical(v) for v in ({"x": True}, {"x": 1}, {"x": 1.0})}) == 3
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})
    with pytest.raises(TypeError):
        canonical({"type": "play", "cards": {1, 2}})


class _Listing:
    """A stand-in state whose only current player offers ``legal`` (for :func:`check_contract`)."""

    num_players = 2

    def __init__(self, legal: list) -> None:
        self.legal = legal

    def current_players(self):
        return [0]

    def is_terminal(self):
        return False

    def returns(self):
        return [0, 0]

    def winners(self):
        return []

    def legal_actions(self, p):
        return self.legal if p == 0 else []


def test_the_contract_refuses_legal_actions_that_are_not_json_safe_or_repeated():
    """Legal actions must be JSON-safe (no NaN, tuple, set, int key, circular list) and distinct
    (``True``, ``1`` and ``1.0`` are different actions; key order is not a difference)."""
    circular: list = []
    circular.append(circular)
    unsafe = [
        {"type": "bid", "amount": float("nan")},
        {"type": "bid", "amount": float("inf")},
        {"type": "play", "cards": (1, 2)},
        {"type": "play", "cards": {1, 2}},
        {"type": "play", "by": {1: "a"}},
        {"type": "play", "cards": circular},
    ]
    for action in unsafe:
        with pytest.raises(AssertionError, match="JSON"):
            check_contract(None, _Listing([{"type": "pass"}, action]))
    with pytest.raises(AssertionError, match="more than once"):
        check_contract(None, _Listing([{"type": "pick", "card": 1}, {"card": 1, "type": "pick"}]))
    check_contract(None, _Listing([{"type": "pick", "card": v} for v in (True, 1, 1.0)]))
    check_contract(None, _Listing([{"type": "pick", "a": 1, "b": 2}, {"type": "pick", "b": 1, "a": 2}]))
