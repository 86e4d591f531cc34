"""Host and guests (hotseat.net.host / guest) wired in memory: a whole 6 nimmt! game, rejoins,
tampered messages. The links are numbers, as net.mjs gives them; the SDP is Chromium's."""

from __future__ import annotations

import json
import random
import time

import pytest
from test_net_signal import SAMPLE_ANSWER, as_newer
from ui_helpers import MemoryStorage

import pycore
from hotseat.net import protocol, signal
from hotseat.net.guest import STORAGE_KEY, Guest
from hotseat.net.host import Host


class Table:
    """What the host's session offers the net layer: the state and apply()."""

    def __init__(self, seed: int, n: int = 3) -> None:
        self.game = pycore.load_game("six_nimmt")
        self.game_id = "six_nimmt"
        self.options = self.game.resolve_options({})
        self.state = self.game.new_initial_state(n, seed)
        self.names = ["Host", "Ann", "Bob", "Cy"][:n]
        self.kinds = ["human"] + ["guest"] * (n - 1)
        self.events: list = []
        self.round_events: list = []
        self.summary_due = False
        self.applied: list = []
        self.net = None
        self.busy = False
        self.phones = self  # its phones' side (hotseat.phone_seats.PhoneSeats) is itself here

    def apply(self, seat, action):
        self.events = self.state.apply_action(seat, action)
        self.applied.append((seat, action))
        return self.events

    apply_remote = apply

    def phone_back(self, seat):
        pass

    def accepts_remote(self):
        return not self.busy


class Wire:
    """Delivers the host's and guests' messages in memory and records what each guest got."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.guests: dict[int, Guest] = {}  # link -> guest
        self.received: dict[int, list[str]] = {}  # link -> texts

    def to_guests(self, out):
        for link, text in out:
            self.received.setdefault(link, []).append(text)
            guest = self.guests.get(link)
            if guest is not None:
                for reply in guest.receive(link, text):
                    self.to_host(link, reply)

    def to_host(self, link, text):
        self.to_guests(self.host.receive(link, text))

    def pair(self, guest: Guest, link: int, seat: int | None) -> None:
        offer = self.host.invite(link, signal.SAMPLE_OFFER, seat)
        pairing = guest.read_offer(offer)
        answer = guest.answer_code(pairing, link, SAMPLE_ANSWER)
        host_link, sdp = self.host.pairings.answer(answer)
        assert host_link == link and "a=setup:active" in sdp
        self.guests[link] = guest
        for text in guest.opened(link):
            self.to_host(link, text)


def table_with_guests(seed=5):
    table = Table(seed)
    host = Host(table, app_version="test")
    wire = Wire(host)
    ann, bob = Guest(MemoryStorage(), "test"), Guest(MemoryStorage(), "test")
    wire.pair(ann, 1, 1)
    wire.pair(bob, 2, 2)
    return table, host, wire, ann, bob


def test_pairing_gives_each_guest_its_seat_and_own_view():
    table, host, _wire, ann, bob = table_with_guests()
    assert (ann.seat, bob.seat, ann.status, bob.status) == (1, 2, "playing", "playing")
    assert ann.view["obs"] == json.loads(json.dumps(table.state.observation(1)))
    assert bob.view["obs"]["hand"] == table.state.observation(2)["hand"]
    kept = {"room": host.room, "token": host.remotes[1].token, "seat": 1, "game": table.game_id, "name": "Ann"}
    stored = json.loads(ann.storage[STORAGE_KEY])
    assert stored == kept | {"seen": stored["seen"], "ended": False, "ice": ["Kxi5", "hONYHpCfDmTYibQCRnr5fBXE"]}
    assert abs(stored["seen"] - time.time()) < 60  # when it last heard from the table (for the home screen)


def test_a_whole_game_between_the_host_and_two_guests():
    table, host, wire, ann, bob = table_with_guests(seed=11)
    rng = random.Random(3)
    guests = {1: (1, ann), 2: (2, bob)}
    steps = 0
    while not table.state.is_terminal():
        steps += 1
        assert steps < 2000
        for seat in list(table.state.current_players()):
            if seat == 0:
                table.apply(0, rng.choice(table.state.legal_actions(0)))
                wire.to_guests(host.views())
            else:
                link, guest = guests[seat]
                legal = guest.view["legal"]
                assert legal == table.state.legal_actions(seat)  # the guest's own legal actions
                wire.to_host(link, guest.act(rng.choice(legal)))
            break
    assert ann.view["over"] and bob.view["over"]
    assert ann.view["returns"] == table.state.returns() and ann.view["winners"] == table.state.winners()
    assert ann.view["obs"]["scores"] == table.state.observation(1)["scores"]
    # every message each guest got: never another seat's hand (6 nimmt! cards are unique)
    for link, seat in ((1, 1), (2, 2)):
        for text in wire.received[link]:
            m = protocol.parse(text, "host")
            assert m["t"] in ("welcome", "view")
            if m["t"] == "view":
                assert set(m) == {
                    "v",
                    "t",
                    "epoch",
                    "n",
                    "match",
                    "ack",
                    "fresh",
                    "obs",
                    "legal",
                    "acting",
                    "events",
                    "round_events",
                    "summary",
                    "over",
                    "away",
                    "returns",
                    "winners",
                }
                assert m["obs"]["viewer"] == seat and "hands" not in m["obs"]


def test_tampered_messages_change_nothing_and_are_reported():
    table, host, wire, ann, _bob = table_with_guests()
    before = table.state.to_json()
    own = table.state.observation(1)["hand"]
    other = table.state.observation(2)["hand"][0]
    tampered = [
        json.dumps({"v": 2, "t": "act", "n": 1, "action": {"type": "pick", "card": other}}),  # Bob's card
        json.dumps({"v": 2, "t": "act", "n": 2, "action": {"type": "pick", "card": 999}}),
        json.dumps({"v": 2, "t": "act", "n": 3, "action": {"type": "pick", "card": float(own[0])}}),
        json.dumps({"v": 2, "t": "act", "n": 4, "action": {"type": "pick", "card": own[0], "seat": 2}}),
        json.dumps({"v": 2, "t": "act", "n": 5, "action": {"type": "choose_row", "row": 0}}),
        json.dumps({"v": 2, "t": "act", "n": 6, "seat": 2, "action": {"type": "pick", "card": own[0]}}),
        '{"v": 2, "t": "act", "n": 7, "action": {"type": "pick", "card": ' + str(own[0]) + '}, "n": 8}',
        json.dumps({"v": 2, "t": "welcome"}),
        "\x00\xff garbage",
        json.dumps({"v": 2, "t": "hello", "room": host.room, "app": "x", "token": None}),  # a second hello
    ]
    replies = []
    for text in tampered:
        replies += host.receive(1, text)
    assert table.state.to_json() == before and table.applied == []
    assert [json.loads(t)["t"] for _, t in replies] == ["rejected"] * 5
    assert {json.loads(t)["reason"] for _, t in replies} == {"illegal"}
    assert len(host.reports) == len(tampered)
    assert [r.seat for r in host.reports[:5]] == [1] * 5
    # the real action still works afterwards: Ann's phone, told of the refusals on its link,
    # numbers it above them (a number the host has answered is a repeat, never applied)
    wire.to_guests(replies)
    wire.to_host(1, ann.act({"type": "pick", "card": own[0]}))
    assert table.applied == [(1, {"type": "pick", "card": own[0]})]


def test_an_action_when_the_table_waits_for_another_seat_is_rejected():
    table, _host, wire, ann, _bob = table_with_guests()
    pick = table.state.legal_actions(1)[0]
    wire.to_host(1, ann.act(pick))
    assert 1 not in table.state.current_players()
    wire.to_host(1, ann.act({"type": "pick", "card": table.state.observation(1)["hand"][-1]}))
    assert ann.rejected == "It is not your turn."
    assert len(table.applied) == 1


def test_a_guest_that_drops_rejoins_with_its_token_and_hand():
    _table, host, wire, ann, bob = table_with_guests()
    hand = ann.view["obs"]["hand"]
    wire.to_guests(host.closed(1))
    ann.closed(1)
    assert ann.status == "lost" and host.away() == [1]
    assert bob.view["away"] == [1]  # the others see who is away
    # the page reloads: a new Guest object from the same storage, a new scan of an any-seat code
    again = Guest(ann.storage, "test")
    assert (again.room, again.seat) == (host.room, 1)
    wire.pair(again, 7, None)
    assert again.status == "playing" and again.seat == 1 and again.view["obs"]["hand"] == hand
    assert host.remotes[1].link == 7 and host.away() == []


def test_a_new_phone_for_a_seat_replaces_the_old_one():
    _table, host, wire, ann, _bob = table_with_guests()
    old_token = host.remotes[1].token
    other = Guest(MemoryStorage(), "test")
    wire.pair(other, 9, 1)
    assert other.seat == 1 and host.remotes[1].link == 9 and host.remotes[1].token != old_token
    assert ann.problem == "replaced" and ann.status == "lost"
    # the old phone's token no longer proves the seat: an any-seat code refuses it
    wire.pair(Guest(ann.storage, "test"), 10, None)
    assert json.loads(wire.received[10][-1])["reason"] == "seat"


def test_an_any_seat_code_refuses_a_phone_without_a_token():
    _table, _host, wire, _ann, _bob = table_with_guests()
    stranger = Guest(MemoryStorage(), "test")
    wire.pair(stranger, 5, None)
    assert stranger.status == "refused" and stranger.view is None
    assert "not at this table" in stranger.problem


def test_an_answer_for_another_table_or_a_stale_code_is_refused():
    _table, host, _wire, _ann, _bob = table_with_guests()
    guest = Guest(MemoryStorage(), "test")
    pairing = guest.read_offer(host.invite(3, signal.SAMPLE_OFFER, 1))
    stale = guest.answer_code(pairing, 3, SAMPLE_ANSWER)
    host.pairings.answer(stale)
    with pytest.raises(signal.SignalError, match="no longer shown"):
        host.pairings.answer(stale)
    other = signal.encode("a", "ZZZZZZ", pairing.key, SAMPLE_ANSWER)
    with pytest.raises(signal.SignalError, match="another table"):
        host.pairings.answer(other)


def test_an_older_guest_is_told_to_update(monkeypatch):
    table = Table(3)
    host = Host(table, app_version="2.0")
    monkeypatch.setattr(protocol, "MIN_GUEST_VERSION", protocol.PROTOCOL_VERSION + 1)
    guest = Guest(MemoryStorage(), "1.0")
    link = 4
    offer = host.invite(link, signal.SAMPLE_OFFER, 1)
    host.pairings.answer(guest.answer_code(guest.read_offer(offer), link, SAMPLE_ANSWER))
    out = host.receive(link, guest.opened(link)[0])
    assert len(out) == 1
    update = json.loads(out[0][1])
    assert update["t"] == "update" and update["need"] == protocol.PROTOCOL_VERSION + 1
    monkeypatch.undo()
    guest.receive(link, out[0][1])
    assert guest.status == "update" and guest.problem == "this"
    assert host.remotes == {}


def test_a_newer_code_tells_the_guest_to_update():
    guest = Guest(MemoryStorage(), "1.0")
    code = as_newer(signal.encode("o", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER))
    with pytest.raises(signal.SignalError):
        guest.read_offer(code)
    assert (guest.status, guest.problem) == ("update", "this")


def test_unreadable_guest_storage_is_forgotten():
    storage = MemoryStorage({STORAGE_KEY: '{"room": "x"}'})
    guest = Guest(storage)
    assert guest.room is None and STORAGE_KEY not in storage


def test_actions_wait_while_the_host_table_is_busy():
    table, host, wire, ann, bob = table_with_guests()
    table.busy = True  # e.g. the host plays out a reveal
    wire.to_host(1, ann.act(ann.view["legal"][0]))
    wire.to_host(2, bob.act(bob.view["legal"][0]))
    assert table.applied == [] and len(host.queue) == 2
    table.busy = False
    wire.to_guests(host.flush())
    assert [seat for seat, _ in table.applied] == [1, 2] and host.queue == []
    assert ann.view["fresh"] and ann.view["acting"] == [0]


def test_the_room_and_tokens_are_kept_with_the_table_and_resumed():
    table, host, wire, ann, bob = table_with_guests()
    tokens = {"1": host.remotes[1].token, "2": host.remotes[2].token}
    keys = {"1": host.remotes[1].keys, "2": host.remotes[2].keys}  # what each phone's answer said
    assert keys["1"] == "Kxi5~hONYHpCfDmTYibQCRnr5fBXE~5f6KJyd3BRZi1IJEtu3nBhfZz0Ff6MCgyDNijVZUfrs~a"
    assert table.net == {"room": host.room, "tokens": tokens, "match": 0, "keys": keys}
    again = Host.resume(table, "test")  # the host page reloaded: same room, both phones away
    assert again.room == host.room and again.away() == [1, 2]
    assert {s: r.keys for s, r in again.remotes.items()} == {1: keys["1"], 2: keys["2"]}
    wire2 = Wire(again)
    back = Guest(ann.storage, "test")
    wire2.pair(back, 30, None)  # an any-seat code: the token says seat 1
    assert back.seat == 1 and back.status == "playing" and again.away() == [2]
    assert not back.view["fresh"]
