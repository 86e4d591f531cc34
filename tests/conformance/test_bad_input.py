"""Bad input: Hypothesis throws malformed and illegal actions at reachable states.

Each example takes a saved reachable state of the game (any player count, start to finish) and
a (player, action) candidate: garbage JSON values, dicts with a known or unknown ``"type"`` and
random keys, legal actions with one field changed, dropped or added, another player's legal
action, a legal action from another state (the wrong phase, a card the player does not hold),
sent by the right player, another seat, or a seat that does not exist.

A candidate strictly equal (as JSON, so ``True`` ≠ ``1`` ≠ ``1.0``) to one of
``legal_actions(player)`` of a player in ``current_players()`` must apply; every other must
raise ``IllegalActionError`` (no other exception) and leave ``to_json()`` byte-identical.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import pycore
from pycore import IllegalActionError

from .harness import canonical, check_events, fuzz_examples, player_count_cases, state_pool

GAME_IDS = sorted({g for g, _ in player_count_cases()})

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 120),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _pool(game):
    """All (n, saved state) pairs of the game, and every legal action seen anywhere in them."""
    states = []
    seen = {}
    for n in range(game.min_players, game.max_players + 1):
        for text in state_pool(game, n):
            states.append((n, text))
            state = game.state_from_json(text)
            for p in range(n):
                for a in state.legal_actions(p):
                    seen.setdefault(canonical(a), a)
    return states, list(seen.values())


_POOLS = {}


def pool(game):
    if game.id not in _POOLS:
        _POOLS[game.id] = _pool(game)
    return _POOLS[game.id]


def mutate(data, action, types):
    """A copy of ``action`` with one field changed, dropped or added, or another type."""
    out = dict(action)
    keys = [k for k in out if k != "type"]
    how = data.draw(st.sampled_from(["change", "change", "drop", "add", "retype", "swap_type"]))
    if how == "change" and keys:
        key = data.draw(st.sampled_from(keys))
        value = out[key]
        choices = [json_values]
        if isinstance(value, int) and not isinstance(value, bool):
            choices.append(
                st.sampled_from(
                    [value + 1, value - 1, -value - 1, value + 1000, str(value), float(value), bool(value), [value]]
                )
            )
        if isinstance(value, str):
            choices.append(st.sampled_from([value.upper(), value + " ", "", [value], None]))
        if isinstance(value, list):
            choices.append(st.sampled_from([value[::-1], value + value, value[:-1], tuple_free(value), {"v": value}]))
        out[key] = data.draw(st.one_of(*choices))
    elif how == "drop" and keys:
        del out[data.draw(st.sampled_from(keys))]
    elif how == "add":
        out[data.draw(st.text(min_size=1, max_size=6))] = data.draw(json_values)
    elif how == "retype":
        out["type"] = data.draw(st.one_of(st.sampled_from(types), st.text(max_size=8), json_values))
    else:
        out["type"] = data.draw(st.sampled_from(types))
    return out


def tuple_free(value):
    return [value]


def candidate(data, game, state, n, known):
    """Draw (player, action) for ``state``."""
    players = state.current_players()
    kind = data.draw(
        st.sampled_from(
            ["garbage", "typed", "mutated", "mutated", "other_state", "other_player", "legal_wrong_seat", "legal"]
        )
    )
    types = sorted({a["type"] for a in known}) or ["pass"]
    seats = list(range(n))
    player = data.draw(
        st.one_of(
            st.sampled_from(players or seats),
            st.sampled_from(seats),
            st.sampled_from([-1, n, n + 3, True, False, "0", None, 0.0, 1.5, [0]]),
        )
    )
    legal_here = [(p, a) for p in players for a in state.legal_actions(p)]
    if kind == "garbage":
        return player, data.draw(json_values)
    if kind == "typed":
        action = data.draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3))
        action["type"] = data.draw(st.one_of(st.sampled_from(types), st.text(max_size=8)))
        return player, action
    if kind == "mutated" and legal_here:
        p, a = data.draw(st.sampled_from(legal_here))
        return data.draw(st.one_of(st.just(p), st.just(player))), mutate(data, a, types)
    if kind == "other_state" and known:
        return data.draw(st.one_of(st.just(player), st.sampled_from(players or seats))), dict(
            data.draw(st.sampled_from(known))
        )
    if kind == "other_player" and legal_here:
        _, a = data.draw(st.sampled_from(legal_here))
        return data.draw(st.sampled_from(seats)), dict(a)
    if kind == "legal_wrong_seat" and legal_here:
        _, a = data.draw(st.sampled_from(legal_here))
        others = [q for q in seats if q not in players] or [n]
        return data.draw(st.sampled_from(others + [-1, n, True])), dict(a)
    if legal_here:
        p, a = data.draw(st.sampled_from(legal_here))
        return p, dict(a)
    return player, data.draw(json_values)


def is_legal(state, player, action):
    if not isinstance(player, int) or isinstance(player, bool) or player not in state.current_players():
        return False
    try:
        key = canonical(action)
    except (TypeError, ValueError):
        return False
    return any(canonical(a) == key for a in state.legal_actions(player))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_malformed_and_illegal_actions_raise_and_change_nothing(gid):
    game = pycore.load_game(gid)
    states, known = pool(game)

    @settings(
        max_examples=fuzz_examples(),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def run(data):
        n, text = data.draw(st.sampled_from(states), label="state")
        state = game.state_from_json(text)
        player, action = candidate(data, game, state, n, known)
        note(f"player={player!r} action={action!r}")
        if is_legal(state, player, action):
            check_events(state.apply_action(player, action))
            state.check_invariants()
            return
        try:
            state.apply_action(player, action)
        except IllegalActionError as exc:
            assert isinstance(exc.rule, str) and exc.rule and " " not in exc.rule, f"bad rule id {exc.rule!r}"
            assert str(exc).startswith(exc.rule + ": ") and len(str(exc)) > len(exc.rule) + 3
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(
                f"{gid}: player {player!r} action {action!r} raised {type(exc).__name__}: {exc} "
                f"instead of IllegalActionError\n  state: {text}"
            ) from exc
        else:
            raise AssertionError(f"{gid}: illegal player {player!r} action {action!r} was accepted\n  state: {text}")
        after = state.to_json()
        assert after == text, (
            f"{gid}: a refused action changed the state\n  action {action!r}\n  before {text}\n  after  {after}"
        )

    run()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_legal_action_is_accepted_after_a_json_round_trip(gid):
    """The UI sends actions as JSON: each legal action, decoded again, must still apply."""
    game = pycore.load_game(gid)
    states, _ = pool(game)
    for _n, text in states[::2]:
        state = game.state_from_json(text)
        for p in state.current_players():
            for a in state.legal_actions(p):
                copy = game.state_from_json(text)
                check_events(copy.apply_action(p, json.loads(json.dumps(a))))
