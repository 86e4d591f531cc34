"""Phones through the whole app, in CPython: a host Controller and guest Controllers, their
requests carried out and their messages delivered by an in-memory stand-in for ``net.mjs``
(Chromium's SDP; links are numbers), every move made by tapping what each screen draws."""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import replace

from test_net_signal import SAMPLE_ANSWER, as_newer
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.net import signal
from hotseat.saves import slot_key
from hotseat.session import Phase

SAVE_KEY = slot_key("six_nimmt")


#: where a phone's browser keeps its DTLS certificate (net.mjs: IndexedDB), in the phone's storage
CERT_KEY = "test.certificate"


def sdp_value(sdp: str, name: str) -> str:
    return re.search(rf"^a={name}:(.*)$", sdp, re.M).group(1).strip()


def sdp_with(sdp: str, **values: str) -> str:
    for name, value in values.items():
        sdp = re.sub(rf"^a={name}:.*$", f"a={name}:{value}", sdp, flags=re.M)
    return sdp


class Air:
    """What net.mjs does, between controllers in one process. Each offer has its own ICE user
    fragment; a phone answers with its own certificate (kept in its storage, as net.mjs keeps it
    in IndexedDB) and with the ICE credentials it is asked to. An answer the host rebuilt (no
    candidates) connects only the phone whose answer has exactly its credentials and
    fingerprint, as DTLS and ICE would."""

    def __init__(self) -> None:
        self.next = 1
        self.peer: dict[int, int] = {}  # link -> the other end's link
        self.owner: dict[int, Controller] = {}
        self.open: set[int] = set()
        self.sent: dict[int, list[str]] = {}  # link -> texts sent on it
        self.pending_answer: int | None = None
        #: guest link -> (host link answered, its ufrag, pwd, fingerprint)
        self.answers: dict[int, tuple[int, str, str, str]] = {}
        #: host link -> (ufrag, pwd, fingerprint) of the answer the host rebuilt for it
        self.rebuilt: dict[int, tuple[str, str, str]] = {}

    def run(self, *controllers: Controller, rounds: int = 20) -> None:
        for _ in range(rounds):
            busy = False
            for c in controllers:
                side = c.wire
                requests, side.requests = side.requests, []
                outbox, side.outbox = side.outbox, []
                busy = busy or bool(requests or outbox)
                for link, text in outbox:  # sent first, as the browser glue does (hotseat.app)
                    self.sent.setdefault(link, []).append(text)
                    if link in self.open and self.peer.get(link) in self.open:
                        other = self.peer[link]
                        self.deliver(c, self.owner[other], text)
                        self.owner[other].net_event(other, "message", text)
                for request in requests:
                    self.request(c, request)
            if not busy:
                return

    def deliver(self, sender: Controller, receiver: Controller, text: str) -> None:
        """Called with every message just before ``receiver`` takes it in (subclasses check it)."""

    def link(self, c: Controller) -> int:
        link, self.next = self.next, self.next + 1
        self.owner[link] = c
        return link

    def request(self, c: Controller, request: tuple) -> None:
        kind = request[0]
        if kind == "offer":
            link = self.link(c)
            c.hosted.offered(request[1], link, sdp_with(signal.SAMPLE_OFFER, **{"ice-ufrag": f"o{link:04d}"}))
        elif kind == "answer":
            link = self.link(c)
            self.pending_answer = link
            cert = c.storage.get(CERT_KEY)
            if cert is None:
                cert = ":".join(f"{b:02X}" for b in random.randbytes(32))
                c.storage.set(CERT_KEY, cert)
            sdp = sdp_with(SAMPLE_ANSWER, fingerprint=f"sha-256 {cert}")
            if len(request) == 4:
                sdp = sdp_with(sdp, **{"ice-ufrag": request[2], "ice-pwd": request[3]})
            answered = int(sdp_value(request[1], "ice-ufrag")[1:])
            self.answers[link] = (answered, sdp_value(sdp, "ice-ufrag"), sdp_value(sdp, "ice-pwd"), cert)
            if answered in self.rebuilt and self.rebuilt[answered] == self.answers[link][1:]:
                # the host knows this answer already: the link opens before the browser has
                # handed the answer over (net.mjs waits for its ICE candidates first)
                self.connect(answered, link)
            c.joined.answered(link, sdp)
        elif kind == "accept" and "a=candidate" not in request[2]:  # an answer the host rebuilt
            sdp = request[2]
            expected = (sdp_value(sdp, "ice-ufrag"), sdp_value(sdp, "ice-pwd"), sdp_value(sdp, "fingerprint")[8:])
            self.rebuilt[request[1]] = expected
        elif kind == "accept":
            self.connect(request[1], self.pending_answer)
        elif kind == "qr":
            c.wire.qr_ready(request[1], 9, "1")
        elif kind == "close":
            self.rebuilt.pop(request[1], None)
            self.drop(request[1])

    def connect(self, host_link: int, guest_link: int) -> None:
        self.peer[host_link], self.peer[guest_link] = guest_link, host_link
        self.open |= {host_link, guest_link}
        self.owner[host_link].net_event(host_link, "open", "")
        self.owner[guest_link].net_event(guest_link, "open", "")

    def drop(self, link: int) -> None:
        for end in (link, self.peer.get(link)):
            if end in self.open:
                self.open.discard(end)
                self.owner[end].net_event(end, "closed", "")


def field_tap(markup, do: str, code: str) -> dict:
    tap = next(t for t in taps(markup) if t.get("shell") == "net" and t.get("do") == do)
    return dict(tap, fields={"net-code": code})


def code_on(air, c) -> str:
    """The pairing code on ``c``'s screen (its QR code is drawn once the browser made it)."""
    c.render()
    air.run(c)
    m = re.search(r'data-net-code="([^"]+)"', str(c.render()))
    return html.unescape(m.group(1))


def host_table(seed=9):
    """A 3-seat 6 nimmt! game: seat 0 at the host, seats 1 and 2 on their own phones."""
    storage = MemoryStorage()
    host = Controller(storage, bot_hook=None, seed_fn=lambda: seed)
    host.tap({"shell": "new", "game": "six_nimmt"})
    host.tap({"shell": "kind", "seat": 1, "kind": "guest"})
    host.tap({"shell": "kind", "seat": 2, "kind": "guest"})
    host.tap({"shell": "start", "fields": {"name-0": "Hana", "name-1": "Ann", "name-2": "Bob"}})
    assert host.session.kinds == ["human", "guest", "guest"]
    return host, storage


def pair(air, host, guest, seat):
    host.tap({"shell": "net", "do": "invite", "seat": seat})
    air.run(host)
    offer = code_on(air, host)
    if guest.screen != "guest":
        guest.tap({"shell": "net", "do": "join"})
    guest.tap(field_tap(guest.render(), "offer", offer))
    air.run(guest)
    answer = code_on(air, guest)
    air.run(host, guest)
    if guest.joined.guest.status != "playing":  # the host scans the phone's answer
        host.tap({"shell": "net", "do": "scan_answer"})
        host.tap(field_tap(host.render(), "answer", answer))
        air.run(host, guest)
    assert guest.joined.guest.status == "playing", guest.joined.guest.status


def two_phones(seed: int = 9):
    """A host table (:func:`host_table`) with Ann's and Bob's phones paired to seats 1 and 2:
    ``(air, host, storage, ann, bob)``."""
    air = Air()
    host, storage = host_table(seed)
    ann, bob = Controller(MemoryStorage(), bot_hook=None), Controller(MemoryStorage(), bot_hook=None)
    assert host.session.phase is Phase.TURN  # the host's own player picks first (no curtain: one human here)
    pair(air, host, ann, 1)
    pair(air, host, bob, 2)
    return air, host, storage, ann, bob


def play_a_step(controllers, rng: random.Random) -> bool:
    """Each controller does what its screen offers: a paced screen steps on, a player picks a
    random card or row, confirms, or closes the round summary. True when anything moved."""
    moved = False
    for c in controllers:
        markup = c.render()
        if c.delay_ms() is not None:
            c.tick()
            moved = True
            continue
        options = [
            t for t in taps(markup) if {"pick", "row", "take"} & set(t) or t.get("shell") in ("confirm", "continue")
        ]
        if options:
            confirm = [t for t in options if t.get("shell") in ("confirm", "continue") or "take" in t]
            c.tap(dict(confirm[0] if confirm else rng.choice(options), fields={}))
            moved = True
    return moved


def test_a_whole_game_with_two_phones_through_the_screens():
    air, host, storage, ann, bob = two_phones()
    assert "connected" in str(host.hosted.strip())
    rng = random.Random(4)
    for _ in range(3000):
        air.run(host, ann, bob)
        s = host.session
        if s.phase is Phase.OVER and ann.joined.play.phase == "over" and bob.joined.play.phase == "over":
            break
        moved = play_a_step((host, ann, bob), rng)
        assert moved or host.session.phase is Phase.WAIT, host.session.phase
    else:
        raise AssertionError("the game did not end")
    final = host.session.state
    for c, seat in ((ann, 1), (bob, 2)):
        assert c.joined.play.latest["obs"] == json.loads(json.dumps(final.observation(seat)))
        assert "wins" in str(c.render()) or "share the win" in str(c.render())
    assert json.loads(storage[SAVE_KEY])["net"]["room"] == host.hosted.host.room
    # nothing a phone received names a card of another hand at the time (6 nimmt! cards are unique)
    for texts in air.sent.values():
        for text in texts:
            m = json.loads(text)
            if m["t"] == "view":
                assert m["obs"]["viewer"] in (1, 2) and "hands" not in m["obs"]


def test_the_waiting_screen_names_the_phones_and_a_lost_phone_rejoins():
    air, host, _storage, ann, bob = two_phones(seed=21)
    # the host's player picks: now the table waits for both phones
    pick = next(t for t in taps(host.render()) if "pick" in t)
    host.tap(dict(pick, fields={}))
    host.tap({"shell": "confirm", "fields": {}})
    air.run(host, ann, bob)
    assert host.session.phase is Phase.WAIT
    assert "Waiting for Ann and Bob" in str(host.render())
    hand = ann.joined.play.latest["obs"]["hand"]
    # Ann's phone drops; the host shows her away with Connect
    air.drop(next(link for link, c in air.owner.items() if c is ann and link in air.open))
    air.run(host, ann, bob)
    assert "Connection lost" in str(ann.render()) and "away" in str(host.hosted.strip())
    assert bob.joined.play.latest["away"] == [1]
    # she scans a new code for her seat: same seat, same hand
    ann.tap({"shell": "net", "do": "rescan"})
    pair(air, host, ann, 1)
    assert ann.joined.play.latest["obs"]["hand"] == hand and ann.joined.guest.seat == 1
    assert host.hosted.host.away() == []


def test_a_tampered_message_changes_nothing_at_the_host():
    air = Air()
    host, storage = host_table(seed=5)
    ann = Controller(MemoryStorage(), bot_hook=None)
    pair(air, host, ann, 1)
    before = storage[SAVE_KEY]
    link = next(link for link, c in air.owner.items() if c is host and link in air.open)
    other = host.session.state.observation(2)["hand"][0]
    host.net_event(link, "message", json.dumps({"v": 2, "t": "act", "n": 9, "action": {"type": "pick", "card": other}}))
    host.net_event(link, "message", '{"v": 2, "t": "act", "n": 9, "action": {"type": "pick", "card": 3}, "v": 2}')
    assert storage[SAVE_KEY] == before
    assert host.message == "A message from Ann was refused (illegal)."  # one notice per link: the first
    replies = [json.loads(text) for to, text in host.wire.outbox]
    assert [(r["t"], r["reason"]) for r in replies] == [("rejected", "illegal")]
    assert [(r.seat, r.reason) for r in host.hosted.host.reports] == [(1, "illegal"), (1, "json")]


def test_an_older_phone_is_told_to_update():
    air = Air()
    host, _storage = host_table(seed=5)
    ann = Controller(MemoryStorage(), bot_hook=None)
    host.tap({"shell": "net", "do": "invite", "seat": 1})
    air.run(host)
    newer = as_newer(code_on(air, host))
    ann.tap({"shell": "net", "do": "join"})
    ann.tap(field_tap(ann.render(), "offer", newer))
    assert "Update needed" in str(ann.render()) and "older than the table" in str(ann.render())


def story_text(markup: str) -> list[str]:
    """The lines of the story sheet in ``markup`` (tags stripped, entities decoded)."""
    sheet = markup[markup.index('class="overlay story"') :]
    return [html.unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", sheet)]


def test_a_phone_tells_the_story_it_saw_and_no_hand():
    air, host, _storage, ann, bob = two_phones(seed=5)
    rng = random.Random(8)
    for _ in range(60):  # a few turns: picks, reveals, rows taken
        air.run(host, ann, bob)
        play_a_step((host, ann, bob), rng)
    air.run(host, ann, bob)
    assert len(host.session.log.history) > 10
    # the header of the phone's game screen has the story button; the sheet opens on top
    assert any(t.get("shell") == "story" and t.get("do") == "open" for t in taps(ann.render()))
    ann.tap({"shell": "story", "do": "open", "fields": {}})
    markup = str(ann.render())
    lines = story_text(markup)
    assert "moves made while it was away are missing" in markup
    # the phone joined before the first move and missed none: its story is the table's, line for line
    host_lines = [str(line) for chapter in host.session.story() for _i, line in chapter.lines]
    assert [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in host_lines] == lines
    assert any("played" in line or "takes" in line for line in lines), lines
    # and it names no card still in a hand (6 nimmt! cards are unique), Ann's own included
    state = host.session.state
    told = {int(n) for line in lines if line.startswith("Cards played:") for n in re.findall(r"\d+", line)}
    assert len(told) >= 9, lines  # three turns at least, every card revealed named
    for seat in range(3):
        assert not told & set(state.observation(seat)["hand"]), (seat, told & set(state.observation(seat)["hand"]))
    # Back closes the sheet and stays at the table
    assert ann.back() and 'class="overlay story"' not in str(ann.render()) and ann.screen == "guest"


def test_a_host_that_abandons_its_game_tells_the_phones_and_keeps_no_save():
    air, host, storage, ann, bob = two_phones(seed=5)
    host.tap({"shell": "settings"})
    host.tap({"shell": "abandon"})
    host.tap({"shell": "abandon"})
    air.run(host, ann, bob)
    assert host.screen == "home" and slot_key("six_nimmt") not in storage
    assert ann.joined.guest.status == bob.joined.guest.status == "lost"  # the table closed, as at Home


def test_join_or_connect_with_the_code_field_empty_asks_for_the_code_and_changes_nothing():
    """An empty field is not a wrong code: both sides ask for the code, the phone stays on its
    Join screen with its camera, the host's sheet keeps waiting for the answer; no link is made.
    Then the real codes still pair the phone."""
    air = Air()
    host, _storage = host_table(seed=5)
    ann = Controller(MemoryStorage(), bot_hook=None)
    host.tap({"shell": "net", "do": "invite", "seat": 1})
    air.run(host)
    offer = code_on(air, host)
    ann.tap({"shell": "net", "do": "join"})
    for blank in ("", "  \n"):
        ann.tap(field_tap(ann.render(), "offer", blank))
        screen = str(ann.render())
        assert "Type or paste the code first." in screen and "not a Hotseat code" not in screen
        assert ann.joined.join.step == "join" and ann.side.scanning and not ann.wire.requests
    ann.tap(field_tap(ann.render(), "offer", offer))
    air.run(ann)
    answer = code_on(air, ann)
    host.tap({"shell": "net", "do": "scan_answer"})
    before = replace(host.hosted.sheet)
    host.tap(field_tap(host.render(), "answer", " "))
    assert "Type or paste the code first." in str(host.render())
    assert host.hosted.sheet == replace(before, error="Type or paste the code first.") and not host.wire.requests
    host.tap(field_tap(host.render(), "answer", answer))
    air.run(host, ann)
    assert ann.joined.guest.status == "playing"
