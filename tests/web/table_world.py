"""A table of phones in one process, for the stateful test of hosting (tests/web/test_net_stateful.py).

Everything is driven the way people and the network drive the app, never through the turn logic's
own objects: a phone or the host moves only by a tap on what its screen draws (``data-tap``) or by
the app's own timer (``delay_ms`` / ``tick``); the network is :class:`LossyAir`, an in-memory
stand-in for ``web/js/net.mjs`` whose links deliver in order but can be cut with messages still in
flight, can deliver a message twice, and die with the page that owns them. A reload is a new
:class:`~hotseat.controller.Controller` on the same storage.

What the checks read of the app: the rendered screen (its ``data-screen`` and taps), the host's
engine state (``host.session.state``, the authority) and the newest view a phone took in
(:func:`phone_view`: the one place that knows where a phone keeps it).
"""

from __future__ import annotations

import html
import json
import os
import random
import re
from dataclasses import dataclass, field

from test_net_controller import Air
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.net.away import AWAY_GRACE_MS
from hotseat.saves import StorageError, slot_key
from pycore.games.dog import GOAL_BASE, TRACK

SCREEN_RE = re.compile(r'data-screen="([^"]*)"')
CODE_RE = re.compile(r'data-net-code="([^"]+)"')


#: set (to anything) to render afresh at every look at a :class:`Device` and compare with its memo
MEMO_CHECK = bool(os.environ.get("HOTSEAT_TABLE_MEMO_CHECK"))


class Device(Controller):
    """A :class:`Controller` whose page is drawn once per change (the stateful test looks at each
    screen many times between two changes; drawing it is most of that test's time).

    :meth:`drawn` is ``str(render())``, kept while nothing it draws from has changed: no tap, tick
    or network event (:attr:`changes` counts them, and :meth:`LossyAir.request` counts what the
    browser glue hands back), the same :attr:`Wire.clock` time when the world's clock drives it
    (the host), the same "pairing timed out" on a phone (its clock is the real one), and the same
    full or free storage. With ``check`` (or :data:`MEMO_CHECK`) every look renders afresh as well
    and fails when the kept page differs: the key misses something the page draws from.
    """

    def __init__(self, *args, world_clock: bool = False, check: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.changes = 0
        self.world_clock = world_clock
        self.check_memo = check or MEMO_CHECK
        self._memo: tuple[tuple, str] | None = None

    def tap(self, raw: object) -> None:
        self.changes += 1
        super().tap(raw)

    def tick(self) -> bool:
        self.changes += 1
        return super().tick()

    def net_event(self, *args, **kwargs):
        self.changes += 1
        return super().net_event(*args, **kwargs)

    def drawn(self) -> str:
        joined = self.joined
        key = (
            self.changes,
            self.wire.clock() if self.world_clock else None,
            joined.connect_left_s() == 0 if joined is not None else None,
            getattr(self.storage, "full", None),
        )
        if self._memo is not None and self._memo[0] == key:
            if self.check_memo:
                fresh = str(self.render())
                assert fresh == self._memo[1], f"the kept page is stale (key {key}): the key misses a change"
            return self._memo[1]
        markup = str(self.render())
        self._memo = (key, markup)
        return markup


def page(c: Controller) -> str:
    """``c``'s whole page as text (a :class:`Device` draws it once per change)."""
    return c.drawn() if isinstance(c, Device) else str(c.render())


def screen_of(markup: str) -> str:
    """The ``data-screen`` of a rendered page (the first one: the page's own screen)."""
    m = SCREEN_RE.search(markup)
    return m.group(1) if m else ""


def phone_view(c: Controller) -> dict | None:
    """The newest view from the host that phone ``c`` took in (``None`` before the first)."""
    guest = c.joined.guest if c.joined is not None else None
    return guest.view if guest is not None else None


def phone_seat(c: Controller) -> int | None:
    guest = c.joined.guest if c.joined is not None else None
    return guest.seat if guest is not None else None


# ---- choosing a move (the same for a person at the host, a phone and a bot) ---------------------


def _dog_value(x: int, colour: int) -> int:
    """How far a figure of ``colour`` at field ``x`` has come (kennel lowest, goal highest)."""
    if x < 0:
        return -20
    if x >= GOAL_BASE:
        return 80 + (x - GOAL_BASE) % 4
    return (x - 16 * colour) % TRACK


def _dog_gain(obs: dict, action: dict) -> int:
    if action.get("type") == "undo":
        return -1000  # a 7's step taken back: never (it would loop)
    if "to" not in action:
        return 0
    per = obs["figures_per_player"]
    owner, k = divmod(action["figure"], per)
    colour = obs["colours"][owner]
    return _dog_value(action["to"], colour) - _dog_value(obs["figures"][owner][k], colour)


def choose(game_id: str, obs: dict, legal: list[dict], rng: random.Random) -> dict:
    """A player's choice from what it sees: Dog brings figures forward (a whole game in ~15
    rounds instead of ~80 at random); the others play at random, passing less often."""
    assert legal and "hands" not in obs
    if game_id == "dog":
        best = max(_dog_gain(obs, a) for a in legal)
        return rng.choice([a for a in legal if _dog_gain(obs, a) == best])
    plays = [a for a in legal if a.get("type") != "pass"]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice(legal)


def bot_hook(game_id: str, rng: random.Random):
    def hook(game, obs, legal, _rng, _budget, _level):
        return choose(game_id, obs, legal, rng)

    return hook


def _leads_to(tap: dict, action: dict) -> int | None:
    """How directly ``tap`` (a data-tap of a game screen) leads to ``action``: 0 makes it, 1-3
    narrow the choice towards it (a joker's kind, a figure, a card), None does not lead there."""
    if "do" in tap:
        return 0 if tap["do"] == action else None
    if "play" in tap:  # Bad Bunnies: lay a card (with its call)
        same = action.get("card") == tap["play"] and action.get("announce") == tap.get("announce")
        return 0 if action["type"] == "play" and same else None
    if "choose" in tap:
        return 0 if action["type"] == tap["choose"] else None
    if "pass" in tap:
        return (0 if tap["pass"] == "yes" else 1) if action["type"] == "pass" else None
    if "pick" in tap:  # 6 nimmt!: a card
        return 0 if action.get("type") == "pick" and action.get("card") == tap["pick"] else None
    if "row" in tap or "take" in tap:
        row = tap.get("take", tap.get("row"))
        wanted = action.get("type") == "choose_row" and action.get("row") == row
        return (0 if "take" in tap else 1) if wanted else None
    for key, want, rank in (("as", "as", 1), ("fig", "figure", 2), ("card", "card", 3)):
        if key in tap:
            return rank if tap[key] is not None and action.get(want) == tap[key] else None
    return None


@dataclass
class Hand:
    """The taps one device's person makes towards a chosen action (a tap twice unselects, so a
    tap already made towards the same target is not made again)."""

    game_id: str
    rng: random.Random
    key: str | None = None
    target: dict | None = None
    tapped: list[str] = field(default_factory=list)

    def tap_towards(self, options: list[dict], obs: dict, legal: list[dict]) -> dict | None:
        key = json.dumps([obs, legal], sort_keys=True)
        if key != self.key:
            self.key, self.target, self.tapped = key, choose(self.game_id, obs, legal, self.rng), []
        assert self.target is not None
        ranked = self._ranked(options)
        if not ranked and self.tapped:  # the screen forgot a selection (a new view came): start over
            self.tapped = []
            ranked = self._ranked(options)
        if not ranked:
            return None
        _rank, text, tap = min(ranked, key=lambda r: r[0])
        self.tapped.append(text)
        return tap

    def _ranked(self, options: list[dict]) -> list[tuple[int, str, dict]]:
        assert self.target is not None
        ranked = []
        for tap in options:
            text = json.dumps(tap, sort_keys=True)
            if tap.get("shell") == "confirm":
                ranked.append((0, text, tap))
            elif "shell" not in tap and text not in self.tapped:
                rank = _leads_to(tap, self.target)
                if rank is not None:
                    ranked.append((rank, text, tap))
        return ranked


class FillingStorage(MemoryStorage):
    """The host's storage; while :attr:`full`, every write is refused as a full browser's is."""

    full = False

    def set(self, key, text):
        if self.full:
            raise StorageError("the storage is full")
        super().set(key, text)


# ---- the network --------------------------------------------------------------------------------


class LossyAir(Air):
    """What net.mjs does between the controllers of one table, with faults on demand.

    Links are numbers; each open link has a peer. Messages wait in :attr:`flight` (in order per
    link) until :meth:`deliver_one` takes them; :meth:`cut` closes a link and loses what was in
    flight on it, in both directions; :meth:`duplicate` delivers a waiting message twice. Pairing
    requests (offer, answer, accept, qr codes, close) are carried out at once (:class:`Air`).

    With ``late=True`` the air is WebRTC's as it is at a table: links interleave (each delivery
    takes the next message of a link chosen at random, in order within each link), and a link
    closed by its page (a close, a reload) is heard closed at the other end only later
    (:attr:`dying`; up to ~30 s in browsers): messages already on their way to that end still
    arrive until then, and what it sends is lost. :meth:`hear_late_close` delivers one such
    close; :meth:`settle` delivers them all once nothing else is in flight. Links in :attr:`slow`
    hold the messages sent to them until they leave it (a hello on a slow path)."""

    def __init__(self, late: bool = False, rng: random.Random | None = None) -> None:
        super().__init__()
        self.flight: list[tuple[int, str]] = []  # (receiving link, text), in sending order
        self.late = late
        self.rng = rng or random.Random(0)
        #: ends whose peer closed and which have not heard of it yet (``late`` only)
        self.dying: list[int] = []
        #: receiving links whose messages wait (delivered once a link leaves the set)
        self.slow: set[int] = set()
        #: the next link to open is slow at the host's end (:meth:`connect`)
        self.slow_next = False
        self.pending_answer: int | None = None
        self.delivered = 0
        #: sending link -> the highest action number the host has answered on it (every action
        #: of a phone is answered once: a view's ``ack``, or ``rejected``)
        self.answered: dict[int, int] = {}

    def request(self, c: Controller, request: tuple) -> None:
        if isinstance(c, Device):
            c.changes += 1  # what the browser glue hands back (a code, a link) changes the page
        super().request(c, request)

    def connect(self, host_link: int, guest_link: int) -> None:
        if self.slow_next:
            self.slow.add(host_link)
            self.slow_next = False
        super().connect(host_link, guest_link)

    def _sent(self, link: int, text: str) -> None:
        """Check one message as it leaves: the host never answers an action twice (a repeated
        action is applied, or refused, once)."""
        msg = json.loads(text)
        if msg.get("t") == "rejected":
            assert msg["n"] > self.answered.get(link, 0), f"action {msg['n']} answered twice on link {link}"
            self.answered[link] = msg["n"]
        elif msg.get("t") == "view":
            self.answered[link] = max(self.answered.get(link, 0), msg["ack"])

    def collect(self, controllers) -> bool:
        """Take every controller's requests and outbox; True when there was any."""
        busy = False
        for c in controllers:
            if c.net_started is None:
                continue
            side = c.wire
            requests, side.requests = side.requests, []
            outbox, side.outbox = side.outbox, []
            busy = busy or bool(requests or outbox)
            for link, text in outbox:  # sent first, as the browser glue does (hotseat.app)
                self._sent(link, text)
                if link in self.open and self.peer.get(link) in self.open:
                    self.flight.append((self.peer[link], text))
            for request in requests:
                if (
                    request[0] == "accept"
                    and "a=candidate" in request[2]
                    and self.owner.get(self.pending_answer) is None
                ):
                    continue  # the answering page is gone
                self.request(c, request)
        return busy

    def _deliverable(self) -> list[int]:
        """Indexes in :attr:`flight` of the first message of each link that is not slow."""
        firsts: dict[int, int] = {}
        for i, (to, _text) in enumerate(self.flight):
            if to not in self.slow and to not in firsts:
                firsts[to] = i
        return sorted(firsts.values())

    def deliver_one(self, index: int | None = None) -> bool:
        """Deliver one message: the first sent (``late``: the next of a link at random), or the
        one at ``index``. False when nothing can be delivered."""
        if index is None:
            ready = self._deliverable()
            if not ready:
                return False
            index = self.rng.choice(ready) if self.late else ready[0]
        link, text = self.flight.pop(index)
        if link in self.open:
            c = self.owner[link]
            c.net_event(link, "message", text)
            self.delivered += 1
        return True

    def duplicate(self, rng: random.Random) -> None:
        if self.flight:
            i = rng.randrange(len(self.flight))
            self.flight.insert(i, self.flight[i])

    def drop(self, link: int) -> None:
        """A page closes its own ``link`` (``late``: its peer hears of it later)."""
        self.cut(link, late=self.late)

    def cut(self, link: int, late: bool = False) -> None:
        """Close ``link`` and its peer: both ends hear "closed"; what was in flight is lost. With
        ``late``, only ``link`` closes now: its peer keeps what is on its way to it and hears the
        close later (:meth:`hear_late_close`)."""
        far = self.peer.get(link)
        if late and link in self.open and far is not None and far in self.open:
            self.open.discard(link)
            self.flight = [(to, text) for to, text in self.flight if to != link]
            self.dying.append(far)
            owner = self.owner[link]
            if owner.net_started is not None:
                owner.net_event(link, "closed", "")
            return
        ends = [e for e in (link, self.peer.get(link)) if e is not None and e in self.open]
        for end in ends:
            self.open.discard(end)
        self.flight = [(to, text) for to, text in self.flight if to not in (link, self.peer.get(link))]
        for end in ends:
            owner = self.owner[end]
            if owner.net_started is not None:
                owner.net_event(end, "closed", "")

    def hear_late_close(self, index: int | None = None) -> bool:
        """One end hears that its peer closed (what was still on its way to it is lost). False
        when no close is pending or every pending one is of a slow link."""
        ready = [i for i, end in enumerate(self.dying) if end not in self.slow]
        if not ready:
            return False
        end = self.dying.pop(self.rng.choice(ready) if index is None else index)
        if end in self.open:
            self.open.discard(end)
            self.flight = [(to, text) for to, text in self.flight if to != end]
            owner = self.owner.get(end)
            if owner is not None and owner.net_started is not None:
                owner.net_event(end, "closed", "")
        return True

    def hear_closes_of(self, c: Controller) -> None:
        """Every late close pending at ``c``'s ends arrives (its person waited for it)."""
        for i in reversed(range(len(self.dying))):
            if self.owner.get(self.dying[i]) is c and self.dying[i] not in self.slow:
                self.hear_late_close(i)

    def page_closed(self, c: Controller) -> None:
        """``c``'s page is gone (reload): its links die with it (``late``: the other ends hear it later)."""
        for link, owner in list(self.owner.items()):
            if owner is c and link in self.open:
                self.cut(link, late=self.late)
        for link, owner in list(self.owner.items()):
            if owner is c:
                del self.owner[link]
        if self.pending_answer is not None and self.pending_answer not in self.owner:
            self.pending_answer = None

    def settle(self, controllers, limit: int = 10_000) -> None:
        """Deliver until nothing is in flight and no controller has anything to send."""
        for _ in range(limit):
            busy = self.collect(controllers)
            if self.deliver_one():
                continue
            if not busy and not self.hear_late_close():
                return
        raise AssertionError("the phones keep talking and never settle")


def code_on(air: LossyAir, c: Controller) -> str | None:
    """The pairing code drawn on ``c``'s screen (once the browser made it), or None."""
    for _ in range(3):
        markup = page(c)
        m = CODE_RE.search(markup)
        if m:
            return html.unescape(m.group(1))
        air.collect([c])
    return None


def tap_named(c: Controller, pred, fields: dict | None = None) -> bool:
    """Tap the first tap on ``c``'s screen for which ``pred(tap)`` holds; False if there is none."""
    for tap in taps(page(c)):
        if pred(tap):
            c.tap(dict(tap, fields=fields or {}))
            return True
    return False


def net_do(do: str):
    return lambda t: t.get("shell") == "net" and t.get("do") == do


# ---- the table ----------------------------------------------------------------------------------

#: tables of every game that can be played over phones, with two or three phones: one person at
#: the host, phones, bots
TABLES = {
    "six_nimmt": ["human", "guest", "guest"],
    "bad_bunnies": ["human", "guest", "guest", "bot:normal"],
    "dog": ["human", "guest", "bot:normal", "guest"],  # teams: seats 0+2 and 1+3
    "dog3": ["guest", "human", "bot:easy"],  # the 2-3 player variant
    "six_nimmt4": ["guest", "guest", "human", "guest"],  # three phones
}
NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def start_table(host: Controller, game_id: str, kinds: list[str], options: dict | None = None) -> None:
    """Set up and start ``game_id`` at ``host`` with seats of ``kinds`` by tapping its setup screen
    (the seat count, each seat's kind; ``options``: setup fields such as ``{"opt-rounds": "1"}``)."""
    host.tap({"shell": "new", "game": game_id})
    setup = host.setup
    while setup.n < len(kinds):
        host.tap({"shell": "count", "delta": 1})
    while setup.n > len(kinds):
        host.tap({"shell": "count", "delta": -1})
    for seat, kind in enumerate(kinds):
        host.tap({"shell": "kind", "seat": seat, "kind": kind})
        assert setup.kinds[seat] == kind, (seat, kind, setup.kinds)
    fields = {f"name-{i}": NAMES[i] for i in range(len(kinds))} | (options or {})
    host.tap({"shell": "start", "fields": fields})
    assert host.session is not None and host.session.kinds == kinds


class World:
    """A host and its phones (see the module docstring). ``seed`` decides the deal, the players'
    choices and (for the schedules) the faults."""

    def __init__(self, table: str, seed: int, late: bool = False, memo: bool = False, memo_check: bool = False) -> None:
        self.table = table
        #: devices keep their drawn page until it changes (:class:`Device`); ``memo_check``: and
        #: compare it with a fresh one at every look
        self.memo, self.memo_check = memo or memo_check, memo_check
        self.game_id = table.rstrip("0123456789")  # "dog3" is a table of Dog
        self.kinds = TABLES[table]
        self.seed = seed
        self.rng = random.Random(seed)
        self.air = LossyAir(late, random.Random(seed * 7 + 3))
        self.host_storage = FillingStorage()
        self.hands: dict[int, Hand] = {}
        self.phones: dict[int, Controller] = {}
        self.phone_storage: dict[int, MemoryStorage] = {}
        self.steps: list[str] = []
        #: the scans each pairing took (the host's code, the phone's answer, a second code)
        self.scans: list[int] = []
        #: seconds of the world's clock: it moves as the app's timer is waited for (a tick)
        self.now = 0.0
        self.host = self._new_host()
        self._setup()

    # ---- building ------------------------------------------------------------------------------

    def _new_host(self) -> Controller:
        host = self._device(
            self.host_storage, bot_hook=bot_hook(self.game_id, random.Random(self.seed)), seed_fn=lambda: self.seed
        )
        if isinstance(host, Device):
            host.world_clock = True
        host.wire.clock = lambda: self.now  # the app's timer runs on the world's time (see settle)
        return host

    def _device(self, *args, **kwargs) -> Controller:
        if not self.memo:
            return Controller(*args, **kwargs)
        return Device(*args, check=self.memo_check, **kwargs)

    def _setup(self) -> None:
        start_table(self.host, self.game_id, self.kinds)
        for seat, kind in enumerate(self.kinds):
            self.hands[seat] = Hand(self.game_id, random.Random(self.seed * 31 + seat))
            if kind == "guest":
                self.phone_storage[seat] = MemoryStorage()
                self.phones[seat] = self._device(self.phone_storage[seat], bot_hook=None)
                assert self.pair(seat), f"seat {seat} could not pair"

    @property
    def devices(self) -> list[Controller]:
        return [self.host, *self.phones.values()]

    @property
    def host_seat(self) -> int:
        return self.kinds.index("human")

    # ---- pairing --------------------------------------------------------------------------------

    def host_at_table(self) -> bool:
        return self.host.session is not None and self.host.screen == "game"

    def pair(self, seat: int) -> bool:
        """The phone of ``seat`` scans the host's code for its seat, the host scans its answer (the
        paste path). False when the host is not at the table."""
        host, phone, air = self.host, self.phones[seat], self.air
        if not self.host_at_table():
            return False
        if not tap_named(host, lambda t: net_do("invite")(t) and t.get("seat") == seat):
            return False  # the seat is connected already
        air.collect([host])
        offer = code_on(air, host)
        assert offer is not None, "the host's sheet shows no code"
        air.hear_closes_of(phone)  # a phone still showing the game waits until it hears its link closed
        if not screen_of(page(phone)).startswith("guest"):
            if not tap_named(phone, net_do("join")):
                tap_named(phone, lambda t: t.get("shell") == "menu")  # leave whatever it shows
                assert tap_named(phone, net_do("join")), "no Join a table on the phone's home"
        if not tap_named(phone, net_do("offer"), {"net-code": offer}):
            assert tap_named(phone, net_do("rescan")), screen_of(page(phone))
            assert tap_named(phone, net_do("offer"), {"net-code": offer})
        air.collect([phone])
        answer = code_on(air, phone)
        assert answer is not None, "the phone shows no answer code"
        self.scans.append(1)
        air.settle(self.devices)
        if phone_seat(phone) == seat and seat not in self.away_seats():
            return True  # the host rebuilt the phone's answer: one scan
        if tap_named(host, net_do("plain")):  # it did not connect by itself: a new code, two scans
            air.collect([host])
            offer = code_on(air, host)
            assert tap_named(phone, net_do("rescan"))
            assert tap_named(phone, net_do("offer"), {"net-code": offer})
            air.collect([phone])
            answer = code_on(air, phone)
            self.scans[-1] += 1
        assert tap_named(host, net_do("scan_answer"))
        assert tap_named(host, net_do("answer"), {"net-code": answer})
        self.scans[-1] += 1
        air.settle(self.devices)
        return True

    def pair_with_slow_hello(self, seat: int) -> bool:
        """The phone of ``seat`` pairs, but its hello takes a slow path; before it arrives the phone
        reloads and pairs again on a new link. The first hello arrives after that re-pairing, and
        the old link's close later still. False when the host is not at the table."""
        if not self.host_at_table():
            return False
        air = self.air
        air.slow_next = True  # the next link to open is slow towards the host: the phone's hello waits
        if not self.pair(seat):
            air.slow_next = False
            return False
        slow = set(air.slow)
        self.reload_phone(seat)
        self.pair(seat)
        air.slow -= slow  # the first hello goes on its way at last
        return True

    # ---- playing ---------------------------------------------------------------------------------

    def _engine(self):
        return self.host.session.state

    def tick(self, c: Controller) -> None:
        """``c``'s timer fires: the world's clock moves on by the delay it asked for."""
        delay = c.delay_ms()
        assert delay is not None, "a tick without a timer"
        self.now += delay / 1000
        c.tick()

    def step_device(self, c: Controller, seat: int | None) -> bool:
        """One tap or tick that ``c``'s screen asks for; False when it waits for someone else."""
        if c.delay_ms() is not None:
            self.tick(c)
            return True
        if c is self.host and self.host.session is not None and self.host.session.viewer is not None:
            seat = self.host.session.viewer  # the host's people also play the seats of phones away
        markup = page(c)
        screen = screen_of(markup)
        options = taps(markup)
        shells = {t.get("shell"): t for t in options if "shell" in t}
        if screen.endswith("curtain") and "show" in shells:
            c.tap(dict(shells["show"], fields={}))
            return True
        if screen.endswith("summary") and "continue" in shells:
            c.tap(dict(shells["continue"], fields={}))
            return True
        if not (screen.endswith("turn")) or seat is None:
            return False
        if not self.host_at_table():
            return False
        state = self._engine()
        legal = state.legal_actions(seat) if seat in state.current_players() else []
        if not legal:
            return False
        view = phone_view(c) if c is not self.host else None
        obs = view["obs"] if view is not None else json.loads(json.dumps(state.observation(seat)))
        if view is not None and view["legal"]:
            legal = view["legal"]
        tap = self.hands[seat].tap_towards(options, obs, legal)
        if tap is None:
            return False
        c.tap(dict(tap, fields={}))
        return True

    def step_all(self) -> bool:
        """One step of every device; a phone whose seat the table does not wait for and whose
        screen runs no timer has nothing to do (its round summary waits for its next turn)."""
        moved = self.step_device(self.host, self.host_seat)
        return self.step_phones() or moved

    def step_phones(self) -> bool:
        """One step of every phone (alone: while the host's person looks at their screen, a
        reveal or the round summary stays there and the phones' moves wait at the host)."""
        moved = False
        acting = self._engine().current_players() if self.host_at_table() else []
        for seat, phone in self.phones.items():
            if seat in acting or phone.delay_ms() is not None:
                moved = self.step_device(phone, seat) or moved
        return moved

    def host_busy(self) -> bool:
        """Whether the host's screen holds the table (its round summary or a reveal is up)."""
        return screen_of(page(self.host)).endswith(("summary", "reveal"))

    def table_state(self) -> str | None:
        """The host engine's state as JSON (None away from the table): it changes with every move."""
        return self.host.session.state.to_json() if self.host.session is not None else None

    def match_on_phones(self) -> int | None:
        """The game number every connected phone shows (None if they differ)."""
        matches = {phone_view(p)["match"] for s, p in self.phones.items() if s not in self.away_seats()}
        return matches.pop() if len(matches) == 1 else None

    def over(self) -> bool:
        return self.host.session is not None and self.host.session.state.is_terminal()

    # ---- faults and lifecycle ---------------------------------------------------------------------

    def reload_phone(self, seat: int) -> None:
        old = self.phones[seat]
        self.air.page_closed(old)
        self.air.collect(self.devices)
        self.phones[seat] = self._device(self.phone_storage[seat], bot_hook=None)

    def reload_host(self) -> None:
        """The host's page reloads: its links die; the new page continues the saved game."""
        self.air.page_closed(self.host)
        self.host = self._new_host()
        self.air.collect(self.devices)
        assert tap_named(self.host, lambda t: t.get("shell") == "resume" and t.get("game") == self.game_id), (
            "no Continue for the game on the host's home screen"
        )

    def host_home_and_back(self) -> None:
        host = self.host
        if not self.host_at_table():
            return
        away = set(self.away_seats())
        host.tap({"shell": "menu", "fields": {}})  # Home: the phones connected stay connected and wait
        self.air.collect(self.devices)
        assert tap_named(host, lambda t: t.get("shell") == "resume" and t.get("game") == self.game_id)
        assert set(self.away_seats()) <= away, "a phone lost its link to the host's Home and Continue"

    def rematch(self) -> bool:
        return tap_named(self.host, lambda t: t.get("shell") == "rematch")

    def away_seats(self) -> list[int]:
        """Phone seats with no open link to the host."""
        out = []
        for seat, phone in self.phones.items():
            linked = any(
                self.air.owner.get(link) is phone and link in self.air.open and self.air.owner.get(peer) is self.host
                for link, peer in self.air.peer.items()
            )
            if not linked:
                out.append(seat)
        return out

    def link_to_host(self, phone: Controller) -> tuple[int, int]:
        """``phone``'s open link to the host: (the phone's end, the host's end).

        Raises:
            AssertionError: the phone has no open link whose other end is open.
        """
        air = self.air
        for link in air.open:
            if air.owner[link] is phone and air.peer.get(link) in air.open:
                return link, air.peer[link]
        raise AssertionError("the phone is not linked")

    def cut_phone(self, seat: int) -> None:
        """The link between ``seat``'s phone and the host fails (out of range, asleep)."""
        phone = self.phones[seat]
        for link, owner in list(self.air.owner.items()):
            if owner is phone and link in self.air.open:
                self.air.cut(link)

    def go_on_without(self, seat: int, rng: random.Random) -> bool:
        """The host waits out a phone that is away while the table waits for its seat, then has a
        bot or its own people play the seat (one of the choices its sheet offers, at random).
        False when the host offers no such choice (the phone is back, or the table does not wait
        for it)."""
        if not self.host_at_table():
            return False
        self.now += AWAY_GRACE_MS / 1000
        if not tap_named(self.host, lambda t: net_do("away")(t) and t.get("seat") == seat):
            return False
        choices = [t for t in taps(page(self.host)) if net_do("stand_in")(t)]
        assert choices, "the away sheet offers nobody to play the seat"
        chosen = rng.choice(choices)
        self.host.tap(dict(chosen, fields={}))
        if not self.host_storage.full:
            assert self.host.session.kinds[seat] == chosen["kind"], "the seat is not played as chosen"
        return True

    def rejoin_all(self) -> None:
        for seat in self.away_seats():
            self.pair(seat)

    # ---- the invariants ----------------------------------------------------------------------------

    def settle(self) -> None:
        """Deliver every message and play every paced screen out (the app's timer). While the
        host's storage is full its bots try again and again (each move is taken back): a tick
        that changes nothing there ends its part."""
        for _ in range(200):
            self.air.settle(self.devices)
            ticked = False
            for c in self.devices:
                if c.delay_ms() is not None:
                    before = page(c) if c is self.host and self.host_storage.full else None
                    self.tick(c)
                    ticked = ticked or before is None or page(c) != before
            if not ticked:
                self.air.settle(self.devices)
                return
        raise AssertionError("paced screens never end")

    def check(self) -> None:
        """After :meth:`settle`: every connected phone shows what the host's engine shows its seat
        and plays it (nothing at the host plays the seat of a phone that is back), no phone waits
        on a move the host does not hold, and a seat played at the host for a phone away is so
        in the save."""
        if not self.host_at_table():
            return
        state = self._engine()
        saved = self.host_storage.get(slot_key(self.game_id))
        assert saved is not None and json.loads(saved)["state"] == state.to_json(), (
            f"the host's table holds a move its save lacks ({self.steps[-8:]})"
        )
        seats = json.loads(saved)["seats"]
        for seat, kind in enumerate(self.host.session.kinds):  # a seat played here is so by the save
            assert kind == "guest" or seats[seat]["kind"] == kind, f"seat {seat}: the save has {seats[seat]}"
        acting = state.current_players()
        away = set(self.away_seats())
        for seat in self.phones:
            assert seat in away or self.host.session.kinds[seat] == "guest", (
                f"seat {seat}: its phone is back, but {self.host.session.kinds[seat]} plays it at the host"
            )
        busy = self.host_busy()
        for seat, phone in self.phones.items():
            if seat in away:
                continue
            view = phone_view(phone)
            assert view is not None, f"seat {seat}: connected, but no view"
            obs = json.loads(json.dumps(state.observation(seat)))
            assert view["obs"] == obs, f"seat {seat}: the phone shows an old table ({self.steps[-8:]})"
            legal = json.loads(json.dumps(state.legal_actions(seat))) if seat in acting else []
            assert view["legal"] == legal, f"seat {seat}: the phone's legal actions differ ({self.steps[-8:]})"
            if legal and not state.is_terminal():
                markup = page(phone)
                screen = screen_of(markup)
                game_taps = [t for t in taps(markup) if "shell" not in t or t.get("shell") in ("confirm", "undo")]
                offers = screen.endswith(("turn", "summary", "reveal")) and (game_taps or not screen.endswith("turn"))
                # a phone that offers no move has sent one, which the host holds while its screen is busy
                assert offers or busy, (
                    f"seat {seat}: the table waits for this phone, which offers no move ({screen}; {self.steps[-8:]})"
                )


def seated_table(seed: int) -> tuple[World, Controller, Controller, int]:
    """A 6 nimmt! :class:`World` of ``seed`` (the host's person at seat 0, phones at seats 1 and 2)
    once every phone is seated: (the world, the host, seat 1's phone, the host's end of that
    phone's link)."""
    world = World("six_nimmt", seed)
    world.settle()
    phone = world.phones[1]
    return world, world.host, phone, world.link_to_host(phone)[1]
