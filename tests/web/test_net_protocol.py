"""Messages between phones (hotseat.net.protocol): strict reading, versions, the guest's view."""

from __future__ import annotations

import json
import re

import pytest

import pycore
from hotseat.net import protocol
from hotseat.net.protocol import PROTOCOL_VERSION, ProtocolError

V = PROTOCOL_VERSION


def msg(**fields) -> str:
    return json.dumps({"v": V, **fields})


def test_a_good_action_is_read_exactly():
    out = protocol.parse(msg(t="act", n=3, action={"type": "pick", "card": 37}), "guest")
    assert out == {"v": V, "t": "act", "n": 3, "action": {"type": "pick", "card": 37}}


@pytest.mark.parametrize(
    "text, reason, words",
    [
        ("not json", "json", "not valid JSON"),
        ("[1, 2]", "json", "JSON object"),
        ('{"v": 2, "t": "sync", "t": "bye"}', "json", "duplicate key"),
        ('{"v": 2, "t": "ping", "n": NaN}', "json", "NaN"),
        ("[" * 1900 + "]" * 1900, "json", "not valid JSON"),
        (
            json.dumps({"v": V, "t": "act", "n": 1, "action": {"type": "x", "a": [[[[[[[[[[[[1]]]]]]]]]]]]}}),
            "json",
            "deeper",
        ),
        (json.dumps({"v": V, "t": "sync", "pad": "x" * protocol.MAX_MESSAGE_BYTES}), "size", "at most"),
        # a guest's messages are bounded far below a host's: its largest, an act, is near 1,100 bytes
        (json.dumps({"v": V, "t": "sync", "pad": "x" * protocol.MAX_GUEST_MESSAGE_BYTES}), "size", "at most 4000"),
        (json.dumps({"t": "sync"}), "version", "protocol version"),
        (json.dumps({"v": True, "t": "sync"}), "version", "protocol version"),
        (json.dumps({"v": V + 1, "t": "sync"}), "newer", "update"),
        (msg(t="view"), "type", "unknown message type"),
        (msg(t="sync", seat=2), "field", "sync: unknown key(s) ['seat']"),
        (msg(t="act", n=1), "field", "act: missing key(s) ['action']"),
        (msg(t="act", n=-1, action={"type": "pick"}), "field", "act.n: -1 is below 0"),
        (msg(t="act", n=True, action={"type": "pick"}), "field", "act.n: expected a whole number, got True"),
        (msg(t="act", n=1, action={"card": 3}), "field", "act.action: missing key(s) ['type']"),
        (msg(t="act", n=1, action={"type": "pick", "junk": "x" * 2000}), "field", "act.action: longer than 1000 bytes"),
        (msg(t="hello", room="short", app="1", token=None), "field", "hello.room: expected 6 characters, got 5"),
        (
            msg(t="hello", room="Ab3_x9", app="1", token="../../etc"),
            "field",
            "hello.token: expected 22 characters, got 9",
        ),
    ],
)
def test_bad_messages_are_refused_with_the_reason(text, reason, words):
    with pytest.raises(ProtocolError) as err:
        protocol.parse(text, "guest")
    assert err.value.reason == reason
    assert words in str(err.value)


def test_not_text_is_refused():
    with pytest.raises(ProtocolError) as err:
        protocol.parse(b'{"v": 2}', "guest")
    assert err.value.reason == "json"


def test_host_messages_are_not_accepted_from_a_guest_and_back():
    welcome = protocol.dumps(
        "welcome",
        "host",
        room="Ab3_x9",
        seat=1,
        token="A" * 22,
        game="six_nimmt",
        options={},
        names=["Ann", "Bob"],
        kinds=["human", "guest"],
        app="0.1.0",
        epoch="Zz9_-0",
    )
    assert protocol.parse(welcome, "host")["seat"] == 1
    with pytest.raises(ProtocolError) as err:
        protocol.parse(welcome, "guest")
    assert err.value.reason == "type"
    with pytest.raises(ProtocolError):
        protocol.parse(msg(t="act", n=1, action={"type": "pick"}), "host")


def test_dumps_refuses_what_the_other_side_would_refuse():
    with pytest.raises(ProtocolError):
        protocol.dumps("act", "guest", n=1)
    with pytest.raises(ValueError):
        protocol.dumps("ping", "guest", n=float("nan"))


def test_an_older_guest_is_told_to_update(monkeypatch):
    monkeypatch.setattr(protocol, "MIN_GUEST_VERSION", V + 1)
    monkeypatch.setattr(protocol, "PROTOCOL_VERSION", V + 1)
    hello = protocol.parse(json.dumps({"v": V, "t": "hello", "room": "Ab3_x9", "app": "old", "token": None}), "guest")
    assert hello == {"v": V, "t": "hello"}
    assert protocol.needs_update(hello)
    # the older app reads the newer host's update: its keys never change
    monkeypatch.undo()
    update = json.dumps({"v": V + 1, "t": "update", "need": V + 1, "app": "9.9"})
    with pytest.raises(ProtocolError) as err:  # newer than this app: the player must update
        protocol.parse(update, "host")
    assert err.value.reason == "newer"


def test_match_legal_is_type_strict_and_returns_the_engines_object():
    legal = [{"type": "pick", "card": 1}, {"type": "pick", "card": 7}]
    assert protocol.match_legal({"card": 7, "type": "pick"}, legal) is legal[1]
    assert protocol.match_legal({"type": "pick", "card": True}, legal) is None  # True == 1 in Python
    assert protocol.match_legal({"type": "pick", "card": 1.0}, legal) is None
    assert protocol.match_legal({"type": "pick", "card": 7, "row": 0}, legal) is None


def test_the_view_holds_the_seats_observation_and_nothing_else():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, 12345)
    text = protocol.view_message(state, 1, 1, [], [], False, [2])
    view = protocol.parse(text, "host")
    assert view["obs"] == json.loads(json.dumps(state.observation(1)))
    assert view["legal"] == state.legal_actions(1) and view["acting"] == [0, 1, 2] and view["away"] == [2]
    others = {c for p in (0, 2) for c in state.observation(p)["hand"]}
    own = set(state.observation(1)["hand"])
    assert own and others and not own & others

    def numbers(value) -> set[int]:
        return {int(x) for x in re.findall(r"\d+", json.dumps(value))}

    # no card of another hand is in the message, unless the same number is public anyway (a score)
    leaked = (others & numbers(view)) - numbers(state.public_observation()) - own
    assert not leaked
    assert "seed" not in text and "rng" not in text.lower() and "hands" not in text


def test_no_legal_actions_for_a_seat_the_table_does_not_wait_for():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(2, 7)
    state.apply_action(0, state.legal_actions(0)[0])
    view = protocol.parse(protocol.view_message(state, 0, 2, [], [], False, []), "host")
    assert view["acting"] == [1] and view["legal"] == []


@pytest.mark.parametrize("module", ["hotseat.net.protocol", "hotseat.net.signal", "hotseat.net.qr"])
def test_the_modules_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
