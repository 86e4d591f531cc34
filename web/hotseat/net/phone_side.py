"""This phone at another's table: :class:`PhoneSide`.

"Join a table" on the home screen makes a :class:`PhoneSide` (the controller's ``joined``): the
camera opens for the host's code (or a text field takes it); the phone then shows its answer
code; once the host has scanned it and the table welcomed this phone, its game screen is a
:class:`~hotseat.net.play.GuestPlay`. What it asks of the browser and sends goes through its
:class:`~hotseat.net.wire.Wire`.

A pairing that has not opened :data:`~hotseat.net.CONNECT_S` seconds after both codes were read
(:meth:`PhoneSide.connect_left_s`: the phone's "Waiting for the host…" and "Waiting for the
table…") is said to have failed and offers to try again, at once when the browser gave the link
up; :meth:`PhoneSide.due_ms` has the screen drawn again at that moment.

What this looks like (every screen from "Join a table" to the game) is drawn by
:mod:`hotseat.net.screens`.
"""

from __future__ import annotations

from dataclasses import replace

from ..markup import Markup
from ..taps import FlowTap, Phones, Story
from . import CONNECT_S, protocol, screens, signal
from .guest import Guest
from .play import GuestPlay
from .sheets import JoinSheet
from .wire import APP_VERSION, Wire, camera_refused, no_code_text, signal_text


class PhoneSide:
    """This phone as a guest at another's table (see the module docstring)."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.guest = Guest(wire.storage, APP_VERSION)
        #: the game screen, once the table welcomed this phone
        self.play: GuestPlay | None = None
        #: the screen before playing (scan, answering, the answer code shown); None once playing
        self.join: JoinSheet | None = None
        #: links of this guest that opened before the browser handed their answer over
        self._opened_early: set[int] = set()
        #: :attr:`Wire.clock` time when this guest's link opened (it waits for the table's welcome)
        self._waiting_since: float | None = None
        self.scan()

    def scan(self) -> None:
        """The scan screen for the host's code (again)."""
        self.play = None
        self.join = JoinSheet("join")

    @property
    def scanning(self) -> bool:
        """Whether the camera should run now (the scan screen for the host's code is up)."""
        return self.join is not None and self.join.step == "join" and self.join.camera

    def joining(self) -> Guest:
        """This phone's guest: for the guest's own screens."""
        return self.guest

    def leave(self, forget: bool = False) -> None:
        """This phone leaves the table (it says bye); ``forget``: it forgets its seat there too.
        The controller drops this side after it."""
        if self.guest.link is not None:
            self.wire.outbox.append((self.guest.link, protocol.dumps("bye", "guest")))
            self.wire.close(self.guest.link)
        if forget:
            self.guest.forget()
        self.play = None
        self.join = None

    def tap(self, tap: Phones) -> bool:
        """A tap on a guest's screens (``net``); True when this phone left the table (the
        controller then goes home)."""
        do, code = tap.do, tap.code
        self.wire.message = None
        if do == "join":
            self.scan()
        elif do == "offer":
            self._offer(code.strip())
        elif do == "copy" and self.join is not None and self.join.step == "answer":
            self.wire.clipboard = self.join.code
        elif do == "rescan":
            self.join = JoinSheet("join")
        elif do == "leave":
            self.leave(forget=True)
            return True
        elif do == "home":
            self.leave()
            return True
        return False

    def _offer(self, code: str) -> None:
        guest = self.guest
        if not code:
            self.join = replace(self.join or JoinSheet("join"), step="join", error=no_code_text())
            return
        try:
            pairing = guest.read_offer(code)
        except signal.SignalError as exc:
            self.join = JoinSheet("join", signal_text(exc, host=False))
            return
        if guest.link is not None:
            self.wire.close(guest.link)
            guest.link = None
        self.join = JoinSheet("answering", camera=False, pairing=pairing)
        # this phone's credentials at that table (a host can rebuild the answer), else the ones its
        # first answer there derives (a shorter code; a browser that refuses them answers with its own)
        ice = guest.kept_ice(pairing) or signal.derived_credentials("a", pairing.room, pairing.key)
        self.wire.requests.append(("answer", signal.to_sdp(pairing), *ice))

    def answered(self, link: int, sdp: str) -> None:
        """The browser made this phone's answer to the host's offer."""
        if self.join is None or self.join.step != "answering" or self.join.pairing is None:
            self.wire.close(link)
            return
        try:
            code = self.guest.answer_code(self.join.pairing, link, sdp)
        except (ValueError, signal.SignalError) as exc:
            self.join = JoinSheet("join", str(exc))
            self.wire.close(link)
            return
        self.join = JoinSheet("answer", code=code, since=self.wire.clock())
        if link in self._opened_early:
            self._opened_early.discard(link)
            self.wire.outbox += [(link, t) for t in self.guest.opened(link)]
            self._waiting_since = self.wire.clock()

    def event(self, link: int, kind: str, text: str) -> None:
        """Something the transport reported (see ``net.mjs``'s ``listen``)."""
        guest = self.guest
        if kind == "scan-error":
            camera_refused(self.join, text)
        elif kind == "scan" and self.join is not None and self.join.step == "join":
            self._offer(text)
        elif kind == "open" and link != guest.link and self.join is not None and self.join.step == "answering":
            self._opened_early.add(link)  # a host that rebuilt the answer: open before it was handed over
        elif kind == "open":
            self.wire.outbox += [(link, t) for t in guest.opened(link)]
            self._waiting_since = self.wire.clock()
        elif kind == "message":
            before = guest.rejected
            guest.receive(link, text)
            if guest.welcome is not None and guest.status == "playing":
                self.join = None
                if self.play is None:
                    self.play = GuestPlay(guest)
                if guest.rejected is not None and guest.rejected != before:
                    self.play.rejected()
                self.play.update()
                self.wire.outbox += [(link, t) for t in self.play.outbox()]
        elif kind == "closed":
            if link == guest.link and self.join is not None and self.join.step == "answer":
                self.join.since = self.wire.clock() - CONNECT_S  # failed before its time: said at once
                self.join.failed = True
            guest.closed(link)

    def resumed(self) -> None:
        """The guest's page is visible again (the phone was locked): ask for the newest view."""
        if self.guest.link is not None and self.guest.welcome is not None:
            self.wire.outbox.append((self.guest.link, self.guest.sync()))

    def tap_game(self, tap: Story | FlowTap) -> None:
        """A tap on the game screen (its move goes to the host)."""
        if self.play is not None:
            link = self.guest.link
            if link is not None:
                self.wire.outbox += [(link, t) for t in self.play.tap(tap)]

    def delay_ms(self) -> int | None:
        """The guest's next tick: its game's, or when its pairing has waited :data:`CONNECT_S`."""
        return self.play.delay_ms() if self.play is not None and self._playing() else self.due_ms()

    def tick(self) -> None:
        if self.play is not None:
            self.play.tick()

    def _playing(self) -> bool:
        return self.guest.status == "playing" and self.play is not None

    def connect_left_s(self) -> float | None:
        """Seconds left for the pairing on screen to connect (:data:`CONNECT_S`; 0 once it is
        over), or None while nothing is connecting (a person is scanning, or it is playing)."""
        since = None
        if self.join is not None and self.join.step == "answer":
            since = self.join.since
        elif self.guest.status == "waiting" and self.join is None:
            since = self._waiting_since
        return None if since is None else max(0.0, CONNECT_S - (self.wire.clock() - since))

    def due_ms(self) -> int | None:
        """Milliseconds until the pairing on screen has had :data:`CONNECT_S` (drawn again then),
        or None."""
        left = self.connect_left_s()
        return None if left is None or left <= 0 else int(left * 1000) + 1

    def render(self) -> Markup:
        """The phone's whole screen (:func:`hotseat.net.screens.guest_screen`)."""
        return screens.guest_screen(self)
