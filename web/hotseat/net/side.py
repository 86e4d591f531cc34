"""The app's phone business, pure Python: hosting a game for other phones, or joining one.

:class:`NetSide` belongs to the :class:`~hotseat.controller.Controller`. It never touches the
browser: what needs the browser it asks for in :attr:`NetSide.requests` (the browser glue,
:mod:`hotseat.app`, carries each out and calls back), what must be sent waits in
:attr:`NetSide.outbox`, and what the transport reports comes in through :meth:`NetSide.event`.

Both sides show their pairing code also as text, with "Copy the code" (:attr:`NetSide.clipboard`:
the browser glue copies it inside the tap), for phones without a camera: it can be sent by message,
pasted or read out.

Requests (tuples): ``("offer", seat)`` → :meth:`offered` ``(seat, link, sdp)``; ``("accept",
link, sdp)``; ``("answer", sdp)`` → :meth:`answered` ``(link, sdp)``; ``("qr", text)`` →
:meth:`qr_ready`; ``("close", link)``. :attr:`NetSide.scanning` says whether the camera should
run (into the ``<video data-net-camera>`` on screen); codes it reads arrive as ``event(0,
"scan", text)``.

Host: a session with seats of kind ``"guest"`` gets a :class:`~hotseat.net.host.Host`
(:meth:`host_session`); the phones strip on the table's public screens shows each such seat
(connected or not) with "Connect", which opens the pairing sheet: the offer as a QR code, then
the camera (or a text field) for the phone's answer. The sheet closes when the phone's hello
seats it; a phone whose token names another seat (it used the code made for this one) is seated
at its own seat and the sheet says so and shows a new code. After every action the guests get
their views (:meth:`after_applied`).

A pairing that has not opened :data:`~hotseat.net.CONNECT_S` seconds after both codes were read
(:meth:`connect_left_s`; the host's "Connecting…", the phone's "Waiting for the host…" and
"Waiting for the table…") is said to have failed and offers to try again, at once when the
browser gave the link up; :meth:`due_ms` has the screen drawn again at that moment.

A phone back at a reloaded host: the host keeps what each phone's answer said (its ICE
credentials and certificate fingerprint, :meth:`hotseat.net.host.Host.rebuilt`), and a phone
keeps its certificate and answers that table with the same credentials (``net.mjs``); so when the
host invites a seat whose phone answered here before, it rebuilds that phone's answer at once:
the phone scans only the host's code and connects by itself. If it does not (its browser lost the
certificate), "Not connecting? Scan the phone's answer" makes a new code for the two-scan pairing.

Several phones back at a reloaded host: once one connects, the sheet goes on by itself to the
next seat whose phone had connected and is away (:meth:`NetSide._next_phone`): one Connect for
all of them.

Home with phones connected (:meth:`NetSide.step_away`): the table stays open, each phone hears
``pause`` and shows that the host stepped away; Continue takes the same table up again on the
same links (:meth:`NetSide.host_session`, :meth:`hotseat.net.host.Host.come_back`): no scan.
What would close them instead (a new game, another game, joining a table) is asked first by the
controller; :meth:`NetSide.close_host` closes them.

A phone away (:mod:`hotseat.net.away`, :attr:`NetSide.away`): when the table waits for a seat
whose phone had connected and has been away (not connected) for
:data:`~hotseat.net.away.AWAY_GRACE_MS`, its line in the strip offers "Go on without it": a sheet
where the host has a bot play the seat, or the people at this phone (the seat then gets the
hand-off curtain like every seat people share) — :meth:`hotseat.phone_seats.PhoneSeats.stand_in`,
saved with the game. The phone takes its seat back when it rejoins
(:meth:`hotseat.phone_seats.PhoneSeats.phone_back`). Until then the strip says who plays the seat
and still offers "Connect". A seat whose phone never connected waits for it (Connect only).

Guest: "Join a table" on the home screen opens the camera for the host's code; the phone then
shows its answer code; once the host has scanned it the game screen is :class:`GuestPlay`.

What this state looks like (the phones strip, the host's sheets, the guest's screens) is drawn by
:mod:`hotseat.net.screens`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..i18n import gettext as _
from ..markup import Markup
from ..saves import Storage, StorageError
from ..session import Session
from . import CONNECT_S, protocol, screens, signal
from .away import PhonesAway
from .guest import Guest
from .host import Host
from .play import GuestPlay

APP_VERSION = "0.1.0"


class NetSide:
    """See the module docstring."""

    #: seconds, to know how long a phone has been away (tests set their own)
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.host: Host | None = None
        #: the session on screen at this phone (set whenever :attr:`host` is)
        self.session: Session | None = None
        #: the pairing sheet at the host: {"seat": k|None, "link": id|None, "code": str|None,
        #: "step": "offer"|"answer"|"connecting"|"away", "error": str|None}; reconnecting a
        #: phone that had connected also "back": True, then "after" (the seats gone through) and
        #: "connected" (the seat whose phone just came back, shown on the next phone's sheet)
        self.sheet: dict[str, Any] | None = None
        self.guest: Guest | None = None
        self.play: GuestPlay | None = None
        #: the guest's screen before playing: "join" (scan), "answer" (show the answer code)
        self.join: dict[str, Any] | None = None
        self.outbox: list[tuple[int, str]] = []
        self.requests: list[tuple[Any, ...]] = []
        self.qr_cache: dict[str, tuple[int, str]] = {}
        self.message: str | None = None
        #: a pairing code the player asked to copy (the browser glue copies it and clears this)
        self.clipboard: str | None = None
        #: this browser can connect phones (False: the strip offers no "Connect" and says why)
        self.possible = True
        #: the newest refusal taken in, and the links whose first refusal the host was told of
        self._last_report: object | None = None
        self._noticed: set[int] = set()
        #: links of this guest that opened before the browser handed their answer over
        self._opened_early: set[int] = set()
        #: :attr:`clock` time when this guest's link opened (it waits for the table's welcome)
        self._waiting_since: float | None = None
        #: the phone seats whose phone is away, and going on without them
        self.away = PhonesAway(lambda: None if self.host is None else self.hosting(), lambda: self.clock())

    # ---- shared ------------------------------------------------------------------------------

    @property
    def scanning(self) -> bool:
        """Whether the camera should run now (a scan screen is up)."""
        if self.sheet is not None:
            return bool(self.sheet["step"] == "answer" and self.sheet.get("camera", False))
        if self.guest is not None and self.join is not None:
            return bool(self.join["step"] == "join" and self.join.get("camera", True))
        return False

    def qr_ready(self, text: str, version: int, rows: str) -> None:
        self.qr_cache[text] = (version, rows)
        self.requests = [r for r in self.requests if r != ("qr", text)]

    def event(self, link: int, kind: str, text: str) -> None:
        """Something the transport reported (see ``net.mjs``'s ``listen``)."""
        if kind == "scan-error":  # no camera here (or no permission): the text field stays
            place = self.sheet if self.sheet is not None else self.join
            if place is not None:
                place["camera"] = False
                place["camera_error"] = text
            return
        if self.host is not None:
            self._host_event(link, kind, text)
        elif self.guest is not None:
            self._guest_event(link, kind, text)

    def tap(self, tap: dict[str, Any]) -> bool:
        """A ``{"shell": "net", "do": ...}`` tap; True when the controller should go home."""
        do = tap.get("do")
        fields = tap.get("fields") or {}
        code = fields.get("net-code", "") if isinstance(fields.get("net-code"), str) else ""
        self.message = None
        if self.host is not None:
            return self._host_tap(do, tap, code)
        return self._guest_tap(do, code)

    # ---- host ----------------------------------------------------------------------------------

    def hosting(self) -> tuple[Host, Session]:
        """The host and its session: for the host's own screens, taps and reports."""
        assert self.host is not None and self.session is not None, "not hosting a table"
        return self.host, self.session

    def host_session(self, session: Session) -> None:
        """``session`` is on screen at this phone: host it when it has seats on their own phones.
        The table this phone stepped away from (:meth:`step_away`) is taken up again when
        ``session`` is its game (the same room, as Continue opens it): its links stay, no scan."""
        self.leave_guest()
        if self.session is session:
            return
        host = self.host
        if host is not None and host.paused and (session.net or {}).get("room") == host.room:
            self.session = session
            self.away.since = {}
            self.outbox += host.come_back(session)
            return
        self.close_host()
        self.session = session
        self.away.since = {}
        if session is not None and session.phones.seats:
            self.host = Host.resume(session, APP_VERSION)

    def rematch(self, session: Session) -> None:
        """A rematch at the same table: the phones keep their links and seats."""
        self.session = session
        self.hosting()[0].next_match(session)

    def step_away(self) -> None:
        """This phone leaves its table's screen (Home, the players list): with phones connected
        the table stays open (each phone hears that the host stepped away and waits; Continue
        takes it up again, :meth:`host_session`); with none, it closes (:meth:`close_host`).
        A pairing under way is given up (its sheet closes, its links close)."""
        host = self.host
        if host is None or not self.connected():
            self.close_host()
            return
        self._drop_sheet()
        for link in {link for link, _seat in host.offers.values()} | set(host.pending):
            host.withdraw(link)
            self.requests.append(("close", link))
        self.outbox += host.step_away()

    def connected(self) -> list[int]:
        """The seats whose phone is connected to the table hosted here (stepped away from or not)."""
        if self.host is None:
            return []
        return sorted(seat for seat, remote in self.host.remotes.items() if remote.link is not None)

    @property
    def stepped_away(self) -> bool:
        """Whether this phone keeps a table open for its phones while it shows another screen."""
        return self.host is not None and self.host.paused

    def close_host(self, ended: bool = False) -> None:
        """This phone stops hosting its table (it went home, or another window took the game):
        the phones hear that it closed, or with ``ended`` that its game was ended for good."""
        if self.host is not None:
            reason = "ended" if ended else "closed"
            for remote in self.host.remotes.values():
                if remote.link is not None:
                    self.outbox.append((remote.link, protocol.dumps("bye", "host", reason=reason)))
                    self.requests.append(("close", remote.link))
            for link, _seat in list(self.host.offers.values()):
                self.requests.append(("close", link))
        self.host = None
        self.session = None
        self.sheet = None

    def after_applied(self) -> None:
        """An action was applied at the table (any seat): every phone gets its new view."""
        if self.host is not None:
            self.outbox += self.host.views()
            self._drop_stale_sheet()

    def poll(self) -> None:
        """Apply the phones' actions held back while the table was busy (a reveal, the summary)."""
        if self.host is not None and self.host.queue and self.hosting()[1].phones.accepts_remote():
            self.outbox += self.host.flush()

    def _host_event(self, link: int, kind: str, text: str) -> None:
        host, session = self.hosting()
        if kind == "message":
            known = session.net
            waited = self.sheet is not None and self.sheet.get("link") == link and link in host.pending
            self.outbox += host.receive(link, text)
            if waited:
                self._sheet_link_answered(link)
            if session.net != known and session.on_applied is not None:
                session.on_applied(session)  # a phone got its seat: saved, so a reload knows it
            if host.reports and host.reports[-1] is not self._last_report:
                report = self._last_report = host.reports[-1]
                if link in host.set_aside and report.reason == "flood":
                    self.requests.append(("close", link))  # the host reads nothing more from it
                    self.message = (
                        _(
                            "{name}'s phone kept sending messages this table cannot use, so it was "
                            "disconnected. If it is really theirs, connect it again."
                        ).format(name=session.names[report.seat])
                        if report.seat is not None
                        else _("A phone kept sending messages this table cannot use, so it was disconnected.")
                    )
                elif link not in self._noticed:
                    # one notice per link (later refusals are only counted in host.reports): a
                    # phone cannot keep one on the host's screen, whatever it sends
                    self._noticed.add(link)
                    who = session.names[report.seat] if report.seat is not None else _("a phone")
                    self.message = _("A message from {who} was refused ({reason}).").format(
                        who=who, reason=report.reason
                    )
        elif kind == "closed":
            self.outbox += host.closed(link)
            if self.sheet is not None and self.sheet.get("link") == link and self.sheet["step"] == "connecting":
                self.sheet["since"] = self.clock() - CONNECT_S  # failed before its time: said at once
                self.sheet["failed"] = True
        elif kind == "scan" and self.sheet is not None and self.sheet["step"] == "answer":
            self._host_answer(text)
        self._drop_stale_sheet()

    def _host_tap(self, do: str | None, tap: dict[str, Any], code: str) -> bool:
        if do == "invite":
            seat = tap.get("seat")
            if seat is not None and seat not in self.hosting()[1].phones.seats:
                return False
            self._drop_sheet()
            back = seat in self.hosting()[0].remotes  # a phone that had connected: the others back follow
            self._new_offer(seat, {"back": back})
        elif do == "plain" and self.sheet is not None and self.sheet.get("rebuilt"):
            old = self.sheet  # not connecting by itself: a new code, and the phone's answer scanned
            self._drop_sheet()
            self._new_offer(old["seat"], {"plain": True} | {k: old[k] for k in ("back", "after") if k in old})
        elif do == "scan_answer" and self.sheet is not None and self.sheet["code"] is not None:
            self.sheet["step"] = "answer"
            self.sheet["camera"] = True
        elif do == "answer" and self.sheet is not None:
            if code.strip():
                self._host_answer(code.strip())
            else:
                self.sheet["error"] = _no_code_text()
        elif do == "close_sheet":
            self._drop_sheet()
        elif do == "copy" and self.sheet is not None and self.sheet["code"] is not None:
            self.clipboard = self.sheet["code"]
        elif do == "away" and tap.get("seat") in self.away.due():
            self._drop_sheet()
            self.sheet = {"seat": tap["seat"], "link": None, "code": None, "step": "away", "error": None}
        elif do == "stand_in" and self.sheet is not None and self.sheet["step"] == "away":
            self._stand_in(self.sheet["seat"], tap.get("kind"))
        return False

    def _next_phone(self, done: dict[str, Any]) -> None:
        """The phone of the sheet ``done`` took its seat. Reconnecting phones that had connected
        before (after the host's reload, or a phone that dropped), the sheet goes on by itself to
        the next such seat whose phone is away (its code at once: one scan on that phone), each
        seat once; else it closes."""
        host, session = self.hosting()
        self.sheet = None
        if not done.get("back"):
            return
        paired = done["seat"] if done["seat"] is not None else host.seat_of(done["link"])
        skipped = {*done.get("after", ()), done["seat"], paired}
        later = [
            s for s in session.phones.seats if s in host.remotes and host.remotes[s].link is None and s not in skipped
        ]
        if later:
            after = sorted(s for s in skipped if s is not None)
            self._new_offer(later[0], {"back": True, "after": after, "connected": paired})

    def _new_offer(self, seat: int | None, more: dict[str, Any] | None = None) -> None:
        """Open the pairing sheet for ``seat`` (with ``more`` of its fields: ``plain``, ``back``,
        ``after``, ``connected``, ``used_by``: the seat whose phone just used this sheet's last
        code, which the sheet says) and ask the browser for its offer, made with the ICE
        credentials its pairing key derives (a shorter code)."""
        key = self.hosting()[0].new_key()
        self.sheet = {"seat": seat, "link": None, "code": None, "step": "offer", "error": None, "key": key}
        self.sheet |= more or {}
        self.requests.append(("offer", seat, *signal.derived_credentials("o", self.hosting()[0].room, key)))

    def connect_left_s(self) -> float | None:
        """Seconds left for the pairing on screen to connect (:data:`CONNECT_S`; 0 once it is
        over), or None while nothing is connecting (a person is scanning, or nothing is open)."""
        since = None
        if self.sheet is not None and self.sheet["step"] == "connecting":
            since = self.sheet.get("since")
        elif self.guest is not None and self.join is not None and self.join.get("step") == "answer":
            since = self.join.get("since")
        elif self.guest is not None and self.guest.status == "waiting" and self.join is None:
            since = self._waiting_since
        return None if since is None else max(0.0, CONNECT_S - (self.clock() - since))

    def due_ms(self) -> int | None:
        """Milliseconds until the pairing on screen has had :data:`CONNECT_S` (drawn again then),
        or None."""
        left = self.connect_left_s()
        return None if left is None or left <= 0 else int(left * 1000) + 1

    def _stand_in(self, seat: int, kind: Any) -> None:
        """The host's choice on the away sheet (:meth:`hotseat.net.away.PhonesAway.stand_in`)."""
        try:
            if self.away.stand_in(seat, kind):
                self.sheet = None
        except StorageError:
            self.message = _(
                "This browser refused to save the game (storage full?), so the table still waits for "
                "{name}'s phone. Free some space, then try again."
            ).format(name=self.hosting()[1].names[seat])

    def _sheet_link_answered(self, link: int) -> None:
        """The phone on the sheet's link said hello: seated at the sheet's seat (paired: the sheet
        closes by itself), at another seat (its token's: that phone's code was made for another
        seat; the sheet says so and shows a new code for its own seat), or refused."""
        assert self.sheet is not None, "called for the open sheet only"
        host = self.hosting()[0]
        seat = host.seat_of(link)
        if link in host.pending:
            if host.reports and host.reports[-1].reason == "update":
                self.sheet["step"] = "old_phone"  # told to update: it will not take the seat
            return  # else not its hello yet (a message out of order)
        if seat is not None and self.sheet["seat"] not in (None, seat):
            kept = {k: self.sheet[k] for k in ("back", "after") if k in self.sheet}
            self.sheet["link"] = None  # that link now serves the other seat: not closed with the sheet
            self._new_offer(self.sheet["seat"], kept | {"used_by": seat})
        elif seat is not None:
            self._next_phone(self.sheet)  # paired: the sheet closes, or goes on to the next phone back
        else:
            self.sheet["step"] = "refused"

    def _drop_stale_sheet(self) -> None:
        """The away sheet closes once its seat's phone is back or the table no longer waits for it."""
        if self.sheet is not None and self.sheet["step"] == "away" and self.sheet["seat"] not in self.away.due():
            self.sheet = None

    def _drop_sheet(self) -> None:
        if self.sheet is not None and self.sheet.get("link") is not None:
            link = self.sheet["link"]
            host = self.hosting()[0]
            # did not connect in time, or its phone was refused: a new code replaces it
            over = self.connect_left_s() == 0 or self.sheet["step"] in ("refused", "old_phone")
            if host.seat_of(link) is None and (link not in host.pending or self.sheet.get("rebuilt") or over):
                host.withdraw(link)
                self.requests.append(("close", link))
        self.sheet = None

    def offered(self, seat: int | None, link: int, sdp: str) -> None:
        """The browser made the offer the sheet for ``seat`` asked for."""
        if self.host is None or self.sheet is None or self.sheet["seat"] != seat or self.sheet["link"] is not None:
            self.requests.append(("close", link))
            return
        try:
            self.sheet["code"] = self.host.invite(link, sdp, seat, self.sheet.get("key"))
        except (ValueError, signal.SignalError) as exc:
            self.sheet["error"] = str(exc)
            self.requests.append(("close", link))
            return
        self.sheet["link"] = link
        rebuilt = None if self.sheet.get("plain") else self.host.rebuilt(link, seat)
        if rebuilt is not None:  # that phone answered here before: its answer is known, no scan
            self.sheet["rebuilt"] = True
            self.requests.append(("accept", link, rebuilt))

    def _host_answer(self, code: str) -> None:
        sheet = self.sheet
        assert sheet is not None, "an answer is read only into the open pairing sheet"
        try:
            link, sdp = self.hosting()[0].answer(code)
        except signal.SignalError as exc:
            sheet["error"] = _signal_text(exc, host=True)
            return
        sheet["camera"] = False
        sheet["error"] = None
        sheet["step"] = "connecting"
        sheet["since"] = self.clock()
        self.requests.append(("accept", link, sdp))

    def strip(self) -> Markup | None:
        """The phones strip on the host's public screens (:func:`hotseat.net.screens.strip`)."""
        return screens.strip(self)

    def sheet_markup(self) -> Markup | None:
        """The host's open sheet: pairing a phone, or going on without one (:mod:`hotseat.net.screens`)."""
        return screens.pairing_sheet(self)

    def render_guest(self) -> Markup:
        """The guest phone's whole screen (:func:`hotseat.net.screens.guest_screen`)."""
        return screens.guest_screen(self)

    # ---- guest ---------------------------------------------------------------------------------

    def start_join(self) -> None:
        """ "Join a table" on the home screen: this phone becomes a guest and scans."""
        self.close_host()
        if self.guest is None:
            self.guest = Guest(self.storage, APP_VERSION)
        self.play = None
        self.join = {"step": "join", "error": None, "camera": True}

    def leave_guest(self, forget: bool = False) -> None:
        if self.guest is not None and self.guest.link is not None:
            self.outbox.append((self.guest.link, protocol.dumps("bye", "guest")))
            self.requests.append(("close", self.guest.link))
        if self.guest is not None and forget:
            self.guest.forget()
        self.guest = None
        self.play = None
        self.join = None

    @property
    def guest_active(self) -> bool:
        return self.guest is not None

    def joining(self) -> Guest:
        """This phone's guest side: for the guest's own screens, taps and reports."""
        assert self.guest is not None, "not a guest"
        return self.guest

    def _guest_tap(self, do: str | None, code: str) -> bool:
        if do == "join":
            self.start_join()
        elif do == "offer" and self.guest is not None:
            self._guest_offer(code.strip())
        elif do == "copy" and self.join is not None and self.join["step"] == "answer":
            self.clipboard = self.join["code"]
        elif do == "rescan" and self.guest is not None:
            self.join = {"step": "join", "error": None, "camera": True}
        elif do == "leave":
            self.leave_guest(forget=True)
            return True
        elif do == "home":
            self.leave_guest()
            return True
        return False

    def _guest_offer(self, code: str) -> None:
        guest = self.joining()
        if not code:
            self.join = {**(self.join or {}), "step": "join", "error": _no_code_text()}
            return
        try:
            pairing = guest.read_offer(code)
        except signal.SignalError as exc:
            self.join = {"step": "join", "error": _signal_text(exc, host=False), "camera": True}
            return
        if guest.link is not None:
            self.requests.append(("close", guest.link))
            guest.link = None
        self.join = {"step": "answering", "pairing": pairing, "error": None, "camera": False}
        # this phone's credentials at that table (a host can rebuild the answer), else the ones its
        # first answer there derives (a shorter code; a browser that refuses them answers with its own)
        ice = guest.kept_ice(pairing) or signal.derived_credentials("a", pairing.room, pairing.key)
        self.requests.append(("answer", signal.to_sdp(pairing), *ice))

    def answered(self, link: int, sdp: str) -> None:
        """The browser made this phone's answer to the host's offer."""
        if self.guest is None or self.join is None or self.join.get("step") != "answering":
            self.requests.append(("close", link))
            return
        try:
            code = self.guest.answer_code(self.join["pairing"], link, sdp)
        except (ValueError, signal.SignalError) as exc:
            self.join = {"step": "join", "error": str(exc), "camera": True}
            self.requests.append(("close", link))
            return
        self.join = {"step": "answer", "code": code, "error": None, "since": self.clock()}
        if link in self._opened_early:
            self._opened_early.discard(link)
            self.outbox += [(link, t) for t in self.guest.opened(link)]
            self._waiting_since = self.clock()

    def _guest_event(self, link: int, kind: str, text: str) -> None:
        guest = self.joining()
        if kind == "scan" and self.join is not None and self.join["step"] == "join":
            self._guest_offer(text)
        elif kind == "open" and link != guest.link and self.join is not None and self.join["step"] == "answering":
            self._opened_early.add(link)  # a host that rebuilt the answer: open before it was handed over
        elif kind == "open":
            self.outbox += [(link, t) for t in guest.opened(link)]
            self._waiting_since = self.clock()
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
        elif kind == "closed":
            if link == guest.link and self.join is not None and self.join.get("step") == "answer":
                self.join["since"] = self.clock() - CONNECT_S  # failed before its time: said at once
                self.join["failed"] = True
            guest.closed(link)

    def resumed(self) -> None:
        """The guest's page is visible again (the phone was locked): ask for the newest view."""
        if self.guest is not None and self.guest.link is not None and self.guest.welcome is not None:
            self.outbox.append((self.guest.link, self.guest.sync()))

    def guest_tap_game(self, tap: dict[str, Any]) -> None:
        if self.play is not None:
            link = self.joining().link  # a game screen belongs to a guest
            if link is not None:
                self.outbox += [(link, t) for t in self.play.tap(tap)]

    def delay_ms(self) -> int | None:
        """The guest's next tick: its game's, or when its pairing has waited :data:`CONNECT_S`."""
        return self.play.delay_ms() if self.play is not None and self._playing() else self.due_ms()

    def tick(self) -> None:
        if self.play is not None:
            self.play.tick()

    def _playing(self) -> bool:
        return self.guest is not None and self.guest.status == "playing" and self.play is not None


def _no_code_text() -> str:
    """The sentence for "Connect" or "Join" tapped with the code field empty."""
    return _("Type or paste the code first.")


def _signal_text(exc: signal.SignalError, host: bool) -> str:
    """A player's sentence for a pairing code that cannot be used."""
    if exc.reason == "not_hotseat":
        return _("That is not a Hotseat code.")
    if exc.reason == "newer":
        return _("That code comes from a newer Hotseat: update this phone's app (reload it while online).")
    if exc.reason == "older":
        return _("That code comes from an older Hotseat: update the other phone's app.")
    if exc.reason == "kind":
        return (
            _("That is a table's code: scan the answer shown on the player's phone.")
            if host
            else _("That is a phone's answer: scan the code shown on the host's phone.")
        )
    if exc.reason == "typo":
        return _(
            "That code has a typing error. Compare it with the code on the other phone character by "
            "character, or copy it again."
        )
    if exc.reason == "short":
        return _("Part of that code is missing. Copy the whole code again, or compare it with the other phone's.")
    if exc.reason == "long":
        return _("That is more than one code. Paste only the code shown on the other phone.")
    if exc.reason == "table":
        return _("That answer comes from a phone that scanned another table's code.")
    if exc.reason == "stale":
        return _(
            "That answer is for a code that is no longer shown: on that phone, tap “Scan the host's code "
            "again” and scan the code shown now."
        )
    return _("That code cannot be used: {reason}").format(reason=str(exc))
