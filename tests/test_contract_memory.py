"""The contract's memory of listed actions (``State.remember_legal``, used by Dog in phase play):
an action handed out by ``legal_actions`` and passed back unchanged is applied without a second
check; any change to it after the listing, even to an equal value of another type, sends it
through the full check, and the memory never outlives the state it was made in."""

from __future__ import annotations

import pytest

from pycore import IllegalActionError
from tests.test_dog import position


def counting_checks(state):
    checked = []
    check = state._check_action
    state._check_action = lambda p, a: (checked.append(dict(a)), check(p, a))
    return checked


@pytest.mark.parametrize(
    ("key", "value"), [("figure", False), ("to", 15.0), ("to", 16), ("card", "5 "), ("as", "5"), ("type", "step")]
)
def test_a_listed_action_changed_after_the_listing_is_checked_again_and_refused(key, value):
    state = position({0: [10], 1: [30]}, {0: ["5"], 1: ["3"]})
    text = state.to_json()
    checked = counting_checks(state)
    (five,) = state.legal_actions(0)
    assert five == {"type": "play", "card": "5", "figure": 0, "to": 15}
    five[key] = value
    with pytest.raises(IllegalActionError, match="^DOG-"):
        state.apply_action(0, five)
    assert state.to_json() == text and len(checked) == 1


def test_a_listed_action_passed_back_unchanged_or_as_an_equal_copy_is_not_checked_again():
    state = position({0: [10], 1: [30]}, {0: ["5"], 1: ["3"]})
    checked = counting_checks(state)
    (five,) = state.legal_actions(0)
    five["to"] = 16
    five["to"] = 15  # set back: the same value object again
    state.apply_action(0, five)
    assert checked == [] and state.pos[0] == 15 and state.turn == 1
    (three,) = state.legal_actions(1)
    state.apply_action(1, dict(three))  # an equal dict (e.g. read back from JSON): found by equality
    assert checked == [] and state.pos[4] == 33


def test_the_memory_is_for_one_player_and_one_state():
    state = position({0: [10], 1: [30]}, {0: ["5", "8"], 1: ["3"]})
    checked = counting_checks(state)
    listed = state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="^CORE: it is not player 1's turn"):
        state.apply_action(1, listed[0])
    assert len(checked) == 0  # refused before the rules checks: not player 1's turn
    state.legal_actions(0)
    state.apply_action(0, listed[0])  # the 5: 10 -> 15, listed again just before
    clone = state.clone()
    with pytest.raises(IllegalActionError, match="^CORE: it is not player 0's turn"):
        state.apply_action(0, listed[1])  # a list from before the move is not remembered
    assert clone._listed is None and state._listed is None
