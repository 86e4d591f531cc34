"""The engine's Spec family read outside a state: the one way saves, backups and messages are declared."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycore
from pycore.spec import Choice, Int, ListOf, Nullable, Number, Record, Text

B64URL = Text(6, 6, re.compile(r"[A-Za-z0-9_-]+"), "base64url")


def refused(spec, value, where="") -> str:
    with pytest.raises(pycore.InvalidStateError) as err:
        spec.check(value, where)
    return str(err.value)


def test_a_record_names_the_key_and_keeps_only_what_it_declares():
    seat = Record({"name": Text(1, 40), "kind": Choice("human", "bot"), "phone": Choice(True)}, optional=("phone",))
    assert seat.check({"kind": "bot", "name": "Ann"}) == {"name": "Ann", "kind": "bot"}
    assert refused(seat, {"name": "Ann"}, "seats[0]") == "seats[0]: missing key(s) ['kind']"
    assert refused(seat, {"name": "Ann", "kind": "bot", "x": 1}) == "unknown key(s) ['x']"
    assert refused(seat, {"name": "", "kind": "bot"}) == "name: expected at least 1 characters, got 0"
    assert refused(seat, {"name": "Ann", "kind": "bot", "phone": 1}) == "phone: expected one of [True], got 1"


def test_an_open_record_keeps_every_key_in_the_order_given_and_checks_the_declared_ones():
    action = Record({"type": Text()}, extra=True)
    assert list(action.check({"card": 7, "type": "pick", "row": 0})) == ["card", "type", "row"]
    assert refused(action, {"card": 7}, "act.action") == "act.action: missing key(s) ['type']"
    assert refused(action, {"type": 3}, "act.action") == "act.action.type: expected text, got 3"


def test_text_says_its_length_and_its_alphabet():
    assert B64URL.check("Ab3_x9") == "Ab3_x9"
    assert refused(B64URL, "short", "room") == "room: expected 6 characters, got 5"
    assert refused(B64URL, "../etc", "room") == "room: expected base64url characters only, got '../etc'"
    assert refused(Text(0, 3), "abcd") == "expected at most 3 characters, got 4"
    assert refused(Text(), None) == "expected text, got None"


def test_numbers_and_lists_in_players_words():
    assert refused(Int(0, 9), 1.5, "revision") == "revision: expected a whole number, got 1.5"
    assert refused(Int(0, 9), True) == "expected a whole number, got True"
    assert refused(ListOf(Int(0, 9), 0, 2), [1, 2, 3], "log") == "log: expected at most 2 entries, got 3"
    assert refused(ListOf(Number(), 0, 2), [1, "2"]) == "[1]: expected a number, got '2'"
    assert ListOf(Nullable(Number())).check([1, 2.5, None]) == [1, 2.5, None]


def test_a_refused_value_is_quoted_in_at_most_40_characters():
    """A tampered save may hold a text of any length: the message quotes its start, never all of it."""
    game = pycore.load_game("bunny_moose")
    data = json.loads(game.new_initial_state(3, seed=1).to_json())
    data["state"]["phase"] = "x" * 100_000
    with pytest.raises(pycore.InvalidStateError) as err:
        game.state_from_json(json.dumps(data))
    message = str(err.value)
    assert message.startswith("state.phase: expected one of ['bet', ") and re.search(r", got 'x{36}\.\.\.$", message)
    assert len(message) < 140
    assert len(refused(Text(0, 3, re.compile("a+"), "a"), "b" * 10**6)) < 80


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda x: st.lists(x) | st.dictionaries(st.text(max_size=4), x),
        max_leaves=20,
    )
)
def test_any_json_value_is_read_whole_or_refused_with_a_message(value):
    spec = Record({"n": Int(0, 9), "names": ListOf(Text(1, 4), 0, 3)}, optional=("names",))
    try:
        out = spec.check(value, "m")
    except pycore.InvalidStateError as exc:
        assert str(exc).startswith("m") and len(str(exc)) < 200
    else:
        assert out == value and out is not value
