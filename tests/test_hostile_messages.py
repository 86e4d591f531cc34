"""Hostile text from another phone, in both directions, through the app's own host and phones.

These tests run in CPython and inside Pyodide (``make test-pyodide``: every ``tests/test_*.py``),
where the limits differ: a nesting bomb that CPython's JSON parser turns into a catchable
``RecursionError`` overflows Pyodide's JavaScript stack and kills the interpreter for good. So
every text must be refused *before* a parser sees its depth. Each hostile text is sent on a real
link of a paired table (:mod:`table_world`); afterwards the host's save and engine state and each
phone's view are unchanged, and the game plays on.
"""

from __future__ import annotations

import json
import os
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))

from table_world import World, net_do, tap_named  # noqa: E402

from hotseat import bounded  # noqa: E402
from hotseat.net import protocol, signal  # noqa: E402
from hotseat.net.protocol import ProtocolError  # noqa: E402
from hotseat.saves import SaveError, read_json, slot_key  # noqa: E402

V = protocol.PROTOCOL_VERSION
DEEP = 29_000  # brackets of a nesting bomb that still fits in one message (60,000 bytes)


def _act(action_text: str, n: int = 1) -> str:
    return f'{{"v":{V},"t":"act","n":{n},"action":{action_text}}}'


#: texts that must never reach a JSON parser's recursion (both directions)
BOMBS = [
    "[" * DEEP + "]" * DEEP,
    "{" + '"a":{' * (DEEP // 6) + "}" * (DEEP // 6) + "}",
    "[" * DEEP,  # unbalanced
    "[{" * (DEEP // 2) + "}]" * (DEEP // 2),
    '{"a":[{"b":' * (DEEP // 12) + "1" + "}]" * (DEEP // 12) + "}",
    _act("[" * (DEEP // 2) + "]" * (DEEP // 2)),
    _act('{"type":"pick","card":' + "[" * (DEEP // 2) + "]" * (DEEP // 2) + "}"),
    f'{{"v":{V},"t":"view","obs":' + "[" * (DEEP // 2) + "]" * (DEEP // 2) + "}",
    '["' + "[" * DEEP + '"]' + "[" * 20 + "]" * 20,  # brackets in a string, then a real nest
]
#: numbers and texts out of bounds
ODD = [
    _act('{"type":"pick","card":' + "9" * 5_000 + "}"),
    _act('{"type":"pick","card":1e999}'),
    _act('{"type":"pick","card":-1e999}'),
    _act('{"type":"pick","card":' + "1" * 45 + "}"),
    f'{{"v":{V},"t":"ping","n":{"1" * 4_400}}}',
    f'{{"v":{V},"t":"ping","n":NaN}}',
    f'{{"v":{V},"t":"ping","n":Infinity}}',
    f'{{"v":{"9" * 60},"t":"ping","n":1}}',
    _act('{"type":"pick","card":"' + "x" * 70_000 + '"}'),
    "x" * 200_000,
    f'{{"v":{V},"t":"ping","n":1,"n":2}}',
    "\ud800",
    "",
    "null",
]
#: numbers written with digits other than ASCII ones (superscript, Arabic-Indic, full-width, Thai,
#: mathematical bold): JSON has none, so each of these is not JSON at all
UNICODE_DIGITS = ["\u00b2", "\u0663", "\uff13", "\u0e53", "\U0001d7d1"]  # ², ٣, ３, ๓, 𝟑
ODD += [f'{{"v":{V},"t":"ping","n":{d}}}' for d in UNICODE_DIGITS]
ODD += [f'{{"v":{d},"t":"ping","n":1}}' for d in UNICODE_DIGITS]
ODD += [_act(f'{{"type":"pick","card":1{d}}}') for d in UNICODE_DIGITS]
ODD += [f'{{"v":{V},"t":"rejected","n":1{d},"reason":"busy","text":"x"}}' for d in UNICODE_DIGITS]


@pytest.mark.parametrize("text", BOMBS + ODD, ids=lambda t: f"{len(t)}:{t[:14]}")
def test_a_hostile_text_is_refused_before_any_parser_recursion(text):
    for sender in ("guest", "host"):
        with pytest.raises(ProtocolError):
            protocol.parse(text, sender)


@pytest.mark.parametrize("text", BOMBS, ids=lambda t: f"{len(t)}:{t[:14]}")
def test_a_nesting_bomb_in_a_save_or_backup_is_refused_before_parsing(text):
    with pytest.raises(SaveError):
        read_json(text)


def test_depth_is_counted_without_recursion_at_any_size():
    assert bounded.nesting_depth("[" * 12 + "]" * 12, 12) == 12
    for text in ("[" * 1_000_000, "[" * 300_000 + "]" * 300_000, '"' + "[" * 100_000 + '"'):
        try:
            bounded.nesting_depth(text, 32)
        except bounded.BoundsError as exc:
            assert "deeper than 32" in str(exc)


def _paired(table="six_nimmt", seed=3):
    world = World(table, seed)
    world.settle()
    return world


def _links(world, phone):
    air = world.air
    return [(link, air.peer[link]) for link in air.open if air.owner[link] is phone and air.peer.get(link) in air.open]


def test_a_host_lives_through_every_hostile_message_and_changes_nothing():
    world = _paired()
    host = world.host
    key = slot_key(world.game_id)
    save, state = world.host_storage[key], host.session.state.to_json()
    phone = world.phones[1]
    (phone_link, host_link) = _links(world, phone)[0]
    for text in BOMBS + ODD:
        host.net_event(host_link, "message", text)
        world.air.collect(world.devices)
    assert world.host_storage[key] == save and host.session.state.to_json() == state
    # one notice for the whole stream of refusals from Ann's phone
    refused = [r for r in host.hosted.host.reports if r.seat == 1]
    assert len(refused) >= len(BOMBS), refused
    world.settle()
    world.check()
    # and the table plays on: every seat moves once more
    before = world.table_state()
    for _ in range(60):
        world.air.collect(world.devices)
        world.step_all()
        world.settle()
        if world.table_state() != before and world.host.session.state.current_players() != [0]:
            break
    assert world.table_state() != before
    world.check()


def test_a_phone_lives_through_every_hostile_message_and_keeps_its_view():
    world = _paired()
    phone = world.phones[2]
    (phone_link, _host_link) = _links(world, phone)[0]
    view = json.dumps(phone.joined.guest.view)
    for text in BOMBS + ODD:
        phone.net_event(phone_link, "message", text)
    assert json.dumps(phone.joined.guest.view) == view
    assert phone.joined.guest.status == "playing"
    world.settle()
    world.check()


@pytest.mark.parametrize("digit", [*UNICODE_DIGITS, "\u2463"])  # and ④
def test_a_pairing_code_with_unicode_digits_is_refused_with_a_message(digit):
    from ui_helpers import MemoryStorage

    from hotseat.controller import Controller

    offer = signal.encode("o", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER)
    # the version, a character of the rest: each a non-ASCII digit
    bad_version = offer.replace(f"HS~{signal.CODE_VERSION}~", f"HS~{digit}~", 1)
    bad_payload = offer[:-9] + digit + offer[-8:]
    for code in (bad_version, bad_payload):
        if unicodedata.normalize("NFKC", code) == offer:  # a full-width or math digit is that digit
            assert signal.decode(code) == signal.decode(offer)
            continue
        with pytest.raises(signal.SignalError):
            signal.decode(code)
        phone = Controller(MemoryStorage(), bot_hook=None)
        phone.tap({"shell": "net", "do": "join", "fields": {}})
        assert tap_named(phone, net_do("offer"), {"net-code": code})
        assert 'class="net-error"' in str(phone.render())
    # a seat number written with such digits in a setup field is no seat
    assert bounded.ascii_int("1" + digit) is None


@pytest.mark.parametrize("module", ["hotseat.bounded", "hotseat.saves"])
def test_the_bounds_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_pasted_text_of_any_length_is_no_code():
    phone = _phone_joining()
    for text in ("HS~2~" + "~" * 200_000, "HS~2~o~" + "x" * 1_000_000, "[" * 100_000):
        with pytest.raises(signal.SignalError):
            signal.decode(text)
        assert tap_named(phone, net_do("offer"), {"net-code": text})
        assert 'class="net-error"' in str(phone.render())


def _phone_joining(storage=None):
    from ui_helpers import MemoryStorage

    from hotseat.controller import Controller

    phone = Controller(storage if storage is not None else MemoryStorage(), bot_hook=None)
    phone.tap({"shell": "net", "do": "join", "fields": {}})
    return phone


@pytest.mark.parametrize("text", [BOMBS[0], BOMBS[2], '{"room":' + "9" * 5_000 + "}", "\ud800"])
def test_a_phone_whose_stored_seat_is_hostile_forgets_it_and_joins(text):
    from ui_helpers import MemoryStorage

    from hotseat.net.guest import STORAGE_KEY

    storage = MemoryStorage({STORAGE_KEY: text})
    phone = _phone_joining(storage)
    assert STORAGE_KEY not in storage
    assert 'data-screen="guest-join"' in str(phone.render())


def _welcome(**fields) -> str:
    base = {
        "room": "Ab3_x9",
        "seat": 1,
        "token": "t" * 22,
        "game": "six_nimmt",
        "options": {},
        "names": ["Ann", "Bob"],
        "kinds": ["human", "guest"],
        "app": "9",
        "epoch": "Ep0ch1",
    }
    return protocol.dumps("welcome", "host", **dict(base, **fields))


@pytest.mark.parametrize(
    "fields, screen",
    [
        ({"game": "base"}, "guest-update"),  # a module of the app, but no game
        ({"game": "chess"}, "guest-update"),  # a game this app does not have
        ({"seat": 5}, "guest-waiting"),  # a seat the table does not have: ignored
        ({"kinds": ["human"]}, "guest-waiting"),
    ],
)
def test_a_hostile_welcome_is_refused_and_the_phone_lives(fields, screen):
    world = _paired()
    phone = world.phones[1]
    (phone_link, _host_link) = _links(world, phone)[0]
    phone.joined.guest.welcome = phone.joined.guest.view = None  # as before its first welcome
    phone.joined.play = None
    phone.joined.guest.status = "waiting"
    phone.net_event(phone_link, "message", _welcome(**fields))
    # then a view of that welcome's start: drawn only for a welcome that was taken in
    state = world.host.session.state
    view = protocol.view_message(state, 1, 1, [], [], False, [], epoch="Ep0ch1")
    phone.net_event(phone_link, "message", view)
    assert f'data-screen="{screen}"' in str(phone.render())


# ---- random hostile texts: real messages cut, spliced and stuffed ---------------------------------

FUZZ_EXAMPLES = int(os.environ.get("HOTSEAT_FUZZ_EXAMPLES", "150"))
_WORLD: dict = {}


def _fuzz_world():
    """One paired table for every example (made once: the fuzz must not change it)."""
    if not _WORLD:
        world = _paired("six_nimmt", 4)
        phone = world.phones[1]
        (phone_link, host_link) = _links(world, phone)[0]
        view = world.host.hosted.host._view(1, fresh=False, force=True)[1]
        _WORLD.update(world=world, phone=phone, phone_link=phone_link, host_link=host_link, view=view)
    return _WORLD


#: real messages of both directions (an action no seat can make: a splice does not make it legal)
REAL = [
    _act('{"type":"nope","card":999}', n=1_000),
    f'{{"v":{V},"t":"hello","room":"Ab3_x9","app":"0.1.0","token":null}}',
    f'{{"v":{V},"t":"ping","n":3}}',
    f'{{"v":{V},"t":"sync"}}',
    f'{{"v":{V},"t":"rejected","n":7,"reason":"illegal","text":"That move is not allowed now."}}',
    f'{{"v":{V},"t":"refused","reason":"room","text":"x"}}',
    f'{{"v":{V},"t":"pong","n":3}}',
]
#: what a splice puts in, and how often in a row (a nesting bomb is a bracket 10,000+ times)
PIECES = [
    "[",
    "{",
    '{"a":',
    "[{",
    '"',
    "]",
    "}",
    ",",
    ":",
    "\\",
    "-",
    "0",
    "9",
    "1e9",
    ".5",
    "e999",
    "null",
    "true",
    "NaN",
    "Infinity",
    '"v":',
    '"t":"act"',
    "\ud800",
    "\x00",
    "\u202e",
    *UNICODE_DIGITS,
]


@st.composite
def hostile_texts(draw):
    text = draw(st.sampled_from(REAL + ["VIEW"]))
    for _ in range(draw(st.integers(1, 4))):
        piece = draw(st.sampled_from(PIECES))
        times = draw(st.sampled_from([1, 2, 13, 200, 12_000, 31_000]))
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))  # characters removed where the piece goes in
        text = text[:at] + piece * times + text[at + cut :]
    return text


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=list(HealthCheck))
@given(hostile_texts())
def test_random_hostile_texts_are_refused_or_read_and_both_phones_live(text):
    w = _fuzz_world()
    world, phone = w["world"], w["phone"]
    text = text.replace("VIEW", w["view"], 1) if text.startswith("VIEW") else text
    for sender in ("guest", "host"):
        try:
            msg = protocol.parse(text, sender)
        except ProtocolError:
            continue
        assert isinstance(msg, dict) and msg["v"] == V
    host = world.host
    key = slot_key(world.game_id)
    save, state = world.host_storage[key], host.session.state.to_json()
    host.net_event(w["host_link"], "message", text)  # the host reads it as from Ann's phone
    assert world.host_storage[key] == save and host.session.state.to_json() == state
    host.wire.outbox.clear()
    phone.net_event(w["phone_link"], "message", text)  # and Ann's phone as from the host
    assert 'data-screen="' in str(phone.render())
    phone.wire.outbox.clear()


@pytest.mark.parametrize(
    "text,reason",
    [
        (f'{{"v":{V},"t":"next","round":2}}', "field"),  # no key of its own
        (f'{{"v":{V},"t":"next","t":"next"}}', "json"),
        (f'{{"v":{V - 1},"t":"next"}}', "version"),
        (f'{{"v":{V},"t":"next"}}', None),  # well formed, but no round summary shows: stale
    ],
)
def test_a_next_round_request_is_checked_and_changes_nothing_without_a_summary(text, reason):
    world = _paired()
    host = world.host
    key = slot_key(world.game_id)
    save, state, phase = world.host_storage[key], host.session.state.to_json(), host.session.phase
    (_phone_link, host_link) = _links(world, world.phones[1])[0]
    reports = len(host.hosted.host.reports)
    host.net_event(host_link, "message", text)
    world.air.collect(world.devices)
    assert world.host_storage[key] == save and host.session.state.to_json() == state
    assert host.session.phase is phase and host.session.flow.ready == frozenset()
    new = [r.reason for r in host.hosted.host.reports[reports:]]
    assert new == ([reason] if reason else []), new
    assert host.hosted.host.strikes.get(host_link, 0) == (1 if reason else 0)
