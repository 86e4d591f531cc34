"""Links as WebRTC has them at a table, and phones that flood the host, through the app's own host
and phones (:mod:`table_world`, its late air: closes heard late, links interleaved, slow hellos)."""

from __future__ import annotations

import json
import random

import pytest
from table_world import MemoryStorage, World, phone_view, screen_of, seated_table
from ui_helpers import taps

from hotseat.controller import Controller
from hotseat.net import host as host_module
from hotseat.net import protocol


@pytest.mark.parametrize("phone", ["came back", "new"])
def test_a_hello_that_arrives_after_the_same_phone_paired_again_never_takes_the_seat(phone, monkeypatch):
    """The phone's first hello is slow; the phone reloads and pairs again; that first hello comes
    after the newer link was welcomed, and the old link's close after that. The newer link holds
    the seat (before: the host replaced it, and the phone read "Another phone took this seat")."""
    world = World("six_nimmt", 31, late=True)
    world.settle()
    world.reload_phone(1)
    if phone == "new":  # a phone with nothing kept: no token, so the token cannot tell the two hellos apart
        world.phone_storage[1] = MemoryStorage()
        world.phones[1] = Controller(world.phone_storage[1], bot_hook=None)
    world.settle()  # the host hears of the reload (late)
    assert world.away_seats() == [1]
    hellos: list[int] = []  # the links whose hello the host read, in order
    receive = host_module.Host.receive

    def reading(self, link, text):
        if isinstance(text, str) and '"hello"' in text:
            hellos.append(link)
        return receive(self, link, text)

    monkeypatch.setattr(host_module.Host, "receive", reading)
    assert world.pair_with_slow_hello(1)
    world.settle()  # the slow hello arrives, then the old link's close
    markup = str(world.phones[1].render())
    assert "Another phone took this seat" not in markup
    assert screen_of(markup).startswith("guest-") and screen_of(markup) != "guest-lost"
    assert world.away_seats() == []
    # the slow hello was refused as stale when the host read it; a phone that came back has its
    # earlier link closed by the host when its new code is made, so that hello may never be read
    stale = any(r.reason == "stale" for r in world.host.hosted.host.reports)
    assert stale if len(hellos) > 1 else phone == "came back" and hellos
    world.check()  # the phone shows its seat and plays it
    world.step_device(world.host, 0)
    world.settle()
    world.step_device(world.phones[1], 1)
    world.settle()
    world.check()


def _flood(world: World, host_link: int, count: int, text: str = '\\"' * 1_999) -> None:
    for _ in range(count):
        world.host.net_event(host_link, "message", text)


def test_a_phone_that_floods_the_host_is_set_aside_with_a_word_and_the_table_plays_on(monkeypatch):
    world, host, _phone, host_link = seated_table(32)
    _flood(world, host_link, host_module.SET_ASIDE_AFTER - 1)
    assert host_link not in host.hosted.host.set_aside
    _flood(world, host_link, 1)
    assert host_link in host.hosted.host.set_aside
    assert ("close", host_link) in host.wire.requests
    assert host.message == (
        "Bob's phone kept sending messages this table cannot use, so it was disconnected. "
        "If it is really theirs, connect it again."
    )
    bye = [json.loads(text) for link, text in host.wire.outbox if link == host_link]
    assert bye[-1]["t"] == "bye" and bye[-1]["reason"] == "flood"
    read = []
    real_parse = protocol.parse
    monkeypatch.setattr(protocol, "parse", lambda text, sender: read.append(text) or real_parse(text, sender))
    _flood(world, host_link, 100)  # until its close is heard: dropped before it is read
    assert read == []
    monkeypatch.undo()
    world.settle()
    assert world.away_seats() == [1] and host.hosted.host.away() == [1]
    assert "The connection to the table was lost." in str(world.phones[1].render())
    # the table plays on: the host's people play the seat, and the phone can come back
    world.step_device(host, 0)
    assert world.go_on_without(1, random.Random(1))
    world.settle()
    world.rejoin_all()
    world.settle()
    world.check()


def test_every_move_is_answered_after_a_flood_that_stops_short_and_strikes_are_cleared_by_a_move():
    world, host, _phone, host_link = seated_table(33)
    world.step_device(host, 0)  # the host's person picks
    world.settle()
    bad = ["[" * 50, '{"v":2,"t":"nope"}', '\\"' * 1_999, '{"v":2,"t":"ping"}']
    for k in range(host_module.SET_ASIDE_AFTER - 1):
        host.net_event(host_link, "message", bad[k % len(bad)])
    assert host.hosted.host.strikes[host_link] == host_module.SET_ASIDE_AFTER - 1
    before = host.session.state.to_json()
    world.step_device(world.phones[1], 1)  # Bob picks on his phone
    world.settle()
    assert host.session.state.to_json() != before, "the move after the flood was not applied"
    assert host_link not in host.hosted.host.strikes  # a move taken: the phone plays by the rules
    assert host_link not in host.hosted.host.set_aside
    world.check()


def test_a_move_held_while_the_host_is_busy_is_applied_first_whatever_the_same_phone_sends_meanwhile():
    """Held move 1, then pings, syncs and garbage, then move 2 as the host's screen frees and
    before it polls: move 1 is applied and answered first, then move 2 (before: move 2 was
    applied and move 1, acknowledged by its number, never was)."""
    world, host, phone, host_link = seated_table(34)
    session = host.session
    first, second = phone_view(phone)["obs"]["hand"][:2]
    session.phones.accepts_remote = lambda: False  # the host's screen is busy
    host.net_event(host_link, "message", protocol.dumps("act", "guest", n=1, action={"type": "pick", "card": first}))
    for n in range(2, 10):  # more while the first is held: pings, syncs, garbage
        host.net_event(host_link, "message", protocol.dumps("ping", "guest", n=n))
        host.net_event(host_link, "message", protocol.dumps("sync", "guest"))
        host.net_event(host_link, "message", "[" * 40)
    host.wire.outbox.clear()
    del session.phones.accepts_remote  # free again; the next message comes before the poll
    act = protocol.dumps("act", "guest", n=2, action={"type": "pick", "card": second})
    host.hosted.host.receive(host_link, act)
    hand = session.state.observation(1)["hand"]
    assert first not in hand and second in hand, "the held move was not applied first"
    assert not host.hosted.host.queue


def test_the_phones_strip_offers_connect_for_a_seat_set_aside():
    world, _host, _phone, host_link = seated_table(35)
    _flood(world, host_link, host_module.SET_ASIDE_AFTER)
    world.settle()
    strip = [t for t in taps(str(world.host.render())) if t.get("do") == "invite"]
    assert any(t.get("seat") == 1 for t in strip)
