"""This phone hosting a table for other phones: :class:`HostSide`.

A session with seats of kind ``"guest"`` gets a :class:`~hotseat.net.host.Host` and a
:class:`HostSide` (the controller's ``hosted``, made by :meth:`hotseat.game_desk.GameDesk.host`); the phones
strip on the table's public screens shows each such seat (connected or not) with "Connect", which
opens the pairing sheet: the offer as a QR code, then the camera (or a text field) for the phone's
answer. The sheet closes when the phone's hello seats it; a phone whose token names another seat
(it used the code made for this one) is seated at its own seat and the sheet says so and shows a
new code. After every action the phones get their views (:meth:`HostSide.after_applied`). What
it asks of the browser and sends goes through its :class:`~hotseat.net.wire.Wire`.

A pairing that has not opened :data:`~hotseat.net.CONNECT_S` seconds after both codes were read
(:meth:`HostSide.connect_left_s`: the host's "Connecting…") is said to have failed and offers to
try again, at once when the browser gave the link up; :meth:`HostSide.due_ms` has the screen
drawn again at that moment.

A phone back at a reloaded host: the host keeps what each phone's answer said (its ICE
credentials and certificate fingerprint, :meth:`hotseat.net.host.Host.rebuilt`), and a phone
keeps its certificate and answers that table with the same credentials (``net.mjs``); so when the
host invites a seat whose phone answered here before, it rebuilds that phone's answer at once:
the phone scans only the host's code and connects by itself. If it does not (its browser lost the
certificate), "Not connecting? Scan the phone's answer" makes a new code for the two-scan pairing.

Several phones back at a reloaded host: once one connects, the sheet goes on by itself to the
next seat whose phone had connected and is away (:meth:`HostSide._next_phone`): one Connect for
all of them.

A table screen (:attr:`hotseat.session.Session.table_screen`: every player on their own phone,
this screen the table in the middle): the pairing sheet opens by itself for the first seat in
seat order whose phone is not connected (:meth:`HostSide.table_next`), drawn large, and the camera
runs beside the code from the start, reading each phone's answer as it is held up (no tap at this
screen); once a phone takes its seat the sheet goes on to the next, until every phone is in. A
phone that drops gets its code shown again the same way (it answered here before: it scans the
code and connects by itself). Closing the sheet leaves that seat to the phones strip's "Connect"
until its phone drops again.

Home with phones connected (:meth:`HostSide.step_away`): the table stays open, each phone hears
``pause`` and shows that the host stepped away; Continue takes the same table up again on the
same links (:meth:`HostSide.take_up`, :meth:`hotseat.net.host.Host.come_back`): no scan. What
would close them instead (a new game, another game, joining a table) is asked first by the
controller; :meth:`HostSide.close` closes them.

A phone away (:mod:`hotseat.net.away`, :attr:`HostSide.away`): when the table waits for a seat
whose phone had connected and has been away (not connected) for
:data:`~hotseat.net.away.AWAY_GRACE_MS`, its line in the strip offers "Go on without it": a sheet
where the host has a bot play the seat, or the people at this phone (the seat then gets the
hand-off curtain like every seat people share) — :meth:`hotseat.phone_seats.PhoneSeats.stand_in`,
saved with the game. The phone takes its seat back when it rejoins
(:meth:`hotseat.phone_seats.PhoneSeats.phone_back`). Until then the strip says who plays the seat
and still offers "Connect". A seat whose phone never connected waits for it (Connect only).

What this looks like (the phones strip, the pairing and away sheets) is drawn by
:mod:`hotseat.net.screens`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import gettext as _
from ..markup import Markup
from ..saves import StorageError
from ..taps import Phones
from . import CONNECT_S, protocol, screens, signal
from .away import PhonesAway
from .host import Host
from .sheets import PairingSheet
from .wire import APP_VERSION, Wire, camera_refused, no_code_text, signal_text

if TYPE_CHECKING:
    from ..session import Session


class HostSide:
    """This phone hosting ``session``'s table for its phones' seats (see the module docstring)."""

    def __init__(self, wire: Wire, session: Session) -> None:
        self.wire = wire
        #: the session on screen at this phone (or stepped away from), the only authority
        self.session = session
        self.host = Host.resume(session, APP_VERSION)
        #: the pairing sheet, or the away sheet (:class:`~hotseat.net.sheets.PairingSheet`)
        self.sheet: PairingSheet | None = None
        #: the newest refusal taken in, and the links whose first refusal the host was told of
        self._last_report: object | None = None
        self._noticed: set[int] = set()
        #: at a table screen, the seats whose big pairing sheet the host closed: not opened by
        #: itself again until that seat's phone connects or drops anew (:meth:`table_next`)
        self.dismissed: set[int] = set()
        #: the phone seats whose phone is away, and going on without them
        self.away = PhonesAway(self.hosting, lambda: self.wire.clock())
        self.table_next()

    @property
    def scanning(self) -> bool:
        """Whether the camera should run now (the sheet scans a phone's answer)."""
        if self.table_scanning:
            return True
        return self.sheet is not None and self.sheet.step == "answer" and self.sheet.camera

    @property
    def table_screen(self) -> bool:
        """Whether this phone hosts a table screen (see the module docstring)."""
        return self.session.table_screen

    @property
    def table_scanning(self) -> bool:
        """Whether the table screen's camera reads phones' answers beside the code on its sheet
        (shown, not rebuilt: a phone that answered here before connects by itself)."""
        sheet = self.sheet
        return (
            self.table_screen
            and sheet is not None
            and sheet.step == "offer"
            and sheet.code is not None
            and not sheet.rebuilt
            and sheet.camera
        )

    def table_next(self) -> None:
        """At a table screen with no sheet open: the pairing sheet of the first seat, in seat
        order, played on a phone that is not connected (and whose sheet the host did not close,
        :attr:`dismissed`) opens by itself; nothing elsewhere, or when every phone is in."""
        if not self.table_screen or self.sheet is not None or not self.wire.possible or self.host.paused:
            return
        for seat in self.session.phones.guests:
            remote = self.host.remotes.get(seat)
            if (remote is None or remote.link is None) and seat not in self.dismissed:
                self._new_offer(seat, back=remote is not None)
                return

    def event(self, link: int, kind: str, text: str) -> None:
        """Something the transport reported (see ``net.mjs``'s ``listen``)."""
        if kind == "scan-error":
            camera_refused(self.sheet, text)
        else:
            self._event(link, kind, text)

    def tap(self, tap: Phones) -> None:
        """A tap on the host's phones' strip and sheets (the pairing and away sheets)."""
        self.wire.message = None
        self._tap(tap.do, tap, tap.code)

    def hosting(self) -> tuple[Host, Session]:
        """The host and its session: for the host's own screens, taps and reports."""
        return self.host, self.session

    def take_up(self, session: Session) -> bool:
        """``session`` is on screen at this phone: whether this side hosts it on. It does when it
        is the session hosted here, or the game of the table this phone stepped away from
        (:meth:`step_away`; the same room, as Continue opens it): its links stay, no scan."""
        if self.session is session:
            return True
        host = self.host
        if not (host.paused and (session.net or {}).get("room") == host.room):
            return False
        self.session = session
        self.away.since = {}
        self.wire.outbox += host.come_back(session)
        self.table_next()
        return True

    def rematch(self, session: Session) -> None:
        """A rematch at the same table: the phones keep their links and seats."""
        self.session = session
        self.host.next_match(session)

    def step_away(self) -> None:
        """This phone leaves its table's screen (Home, the players list): with phones connected
        the table stays open (each phone hears that the host stepped away and waits; Continue
        takes it up again, :meth:`take_up`); with none, it closes (:meth:`close`: the controller
        then drops this side, as :attr:`stepped_away` is False).
        A pairing under way is given up (its sheet closes, its links close)."""
        host = self.host
        if not self.connected():
            self.close()
            return
        self._drop_sheet()
        for link in {link for link, _seat in host.pairings.offers.values()} | set(host.pairings.pending):
            host.pairings.withdraw(link)
            self.wire.close(link)
        self.wire.outbox += host.step_away()

    def connected(self) -> list[int]:
        """The seats whose phone is connected to the table hosted here (stepped away from or not)."""
        return sorted(seat for seat, remote in self.host.remotes.items() if remote.link is not None)

    @property
    def stepped_away(self) -> bool:
        """Whether this phone keeps a table open for its phones while it shows another screen."""
        return self.host.paused

    def close(self, ended: bool = False) -> None:
        """This phone stops hosting its table (it went home, or another window took the game):
        the phones hear that it closed, or with ``ended`` that its game was ended for good. The
        controller drops this side after it."""
        reason = "ended" if ended else "closed"
        for remote in self.host.remotes.values():
            if remote.link is not None:
                self.wire.outbox.append((remote.link, protocol.dumps("bye", "host", reason=reason)))
                self.wire.close(remote.link)
        for link, _seat in list(self.host.pairings.offers.values()):
            self.wire.close(link)
        self.sheet = None

    def after_applied(self) -> None:
        """An action was applied at the table (any seat): every phone gets its new view."""
        self.wire.outbox += self.host.views()
        self._drop_stale_sheet()

    def poll(self) -> None:
        """Apply the phones' actions held back while the table was busy (a reveal, the summary)."""
        if self.host.queue and self.session.phones.accepts_remote():
            self.wire.outbox += self.host.flush()

    def _event(self, link: int, kind: str, text: str) -> None:
        host, session = self.hosting()
        if kind == "message":
            known = session.net
            waited = self.sheet is not None and self.sheet.link == link and link in host.pairings.pending
            self.wire.outbox += host.receive(link, text)
            if waited:
                self._sheet_link_answered(link)
            if session.net != known and session.on_applied is not None:
                session.on_applied(session)  # a phone got its seat: saved, so a reload knows it
            if host.reports and host.reports[-1] is not self._last_report:
                report = self._last_report = host.reports[-1]
                if link in host.set_aside and report.reason == "flood":
                    self.wire.close(link)  # the host reads nothing more from it
                    self.wire.message = (
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
                    self.wire.message = _("A message from {who} was refused ({reason}).").format(
                        who=who, reason=report.reason
                    )
        elif kind == "closed":
            self.dismissed.discard(host.seat_of(link))  # that seat's phone dropped: its code comes up again
            self.wire.outbox += host.closed(link)
            if self.sheet is not None and self.sheet.link == link and self.sheet.step == "connecting":
                self.sheet.since = self.wire.clock() - CONNECT_S  # failed before its time: said at once
                self.sheet.failed = True
        elif kind == "scan" and self.sheet is not None and (self.sheet.step == "answer" or self.table_scanning):
            self._host_answer(text)
        self._drop_stale_sheet()
        self.table_next()

    def _tap(self, do: str, tap: Phones, code: str) -> None:
        if do == "invite":
            seat = tap.seat
            if seat is not None and seat not in self.session.phones.seats:
                return
            self._drop_sheet()
            back = seat in self.host.remotes  # a phone that had connected: the others back follow
            self._new_offer(seat, back=back)
        elif do == "plain" and self.sheet is not None and self.sheet.rebuilt:
            old = self.sheet  # not connecting by itself: a new code, and the phone's answer scanned
            self._drop_sheet()
            self._new_offer(old.seat, plain=True, back=old.back, after=old.after)
        elif do == "scan_answer" and self.sheet is not None and self.sheet.code is not None:
            self.sheet.step = "answer"
            self.sheet.camera = True
        elif do == "answer" and self.sheet is not None:
            if code.strip():
                self._host_answer(code.strip())
            else:
                self.sheet.error = no_code_text()
        elif do == "close_sheet":
            if self.table_screen and self.sheet is not None and self.sheet.seat is not None:
                self.dismissed.add(self.sheet.seat)  # not opened by itself again for now
            self._drop_sheet()
        elif do == "copy" and self.sheet is not None and self.sheet.code is not None:
            self.wire.clipboard = self.sheet.code
        elif do == "away" and tap.seat in self.away.due():
            self._drop_sheet()
            self.sheet = PairingSheet(tap.seat, "away")
        elif do == "stand_in" and self.sheet is not None and self.sheet.step == "away" and self.sheet.seat is not None:
            self._stand_in(self.sheet.seat, tap.kind)

    def _next_phone(self, done: PairingSheet) -> None:
        """The phone of the sheet ``done`` took its seat. Reconnecting phones that had connected
        before (after the host's reload, or a phone that dropped), the sheet goes on by itself to
        the next such seat whose phone is away (its code at once: one scan on that phone), each
        seat once; else it closes."""
        host, session = self.hosting()
        self.sheet = None
        paired = done.seat if done.seat is not None else (host.seat_of(done.link) if done.link is not None else None)
        if self.table_screen:
            if paired is not None:
                self.dismissed.discard(paired)
            self.table_next()  # the table screen goes on through every phone not in yet
            return
        if not done.back:
            return
        skipped = {*done.after, done.seat, paired}
        later = [
            s for s in session.phones.seats if s in host.remotes and host.remotes[s].link is None and s not in skipped
        ]
        if later:
            after = sorted(s for s in skipped if s is not None)
            self._new_offer(later[0], back=True, after=after, connected=paired)

    def _new_offer(
        self,
        seat: int | None,
        *,
        plain: bool = False,
        back: bool = False,
        after: list[int] | None = None,
        connected: int | None = None,
        used_by: int | None = None,
    ) -> None:
        """Open the pairing sheet for ``seat`` (with those of its fields: ``used_by``: the seat
        whose phone just used this sheet's last code, which the sheet says; see
        :class:`~hotseat.net.sheets.PairingSheet`) and ask the browser for its offer, made with
        the ICE credentials its pairing key derives (a shorter code)."""
        key = self.host.pairings.new_key()
        self.sheet = PairingSheet(
            seat, "offer", key=key, plain=plain, back=back, after=after or [], connected=connected, used_by=used_by
        )
        self.wire.requests.append(("offer", seat, *signal.derived_credentials("o", self.host.room, key)))

    def connect_left_s(self) -> float | None:
        """Seconds left for the pairing on screen to connect (:data:`CONNECT_S`; 0 once it is
        over), or None while nothing is connecting (a person is scanning, or nothing is open)."""
        since = None
        if self.sheet is not None and self.sheet.step == "connecting":
            since = self.sheet.since
        return None if since is None else max(0.0, CONNECT_S - (self.wire.clock() - since))

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
            self.wire.message = _(
                "This browser refused to save the game (storage full?), so the table still waits for "
                "{name}'s phone. Free some space, then try again."
            ).format(name=self.session.names[seat])

    def _sheet_link_answered(self, link: int) -> None:
        """The phone on the sheet's link said hello: seated at the sheet's seat (paired: the sheet
        closes by itself), at another seat (its token's: that phone's code was made for another
        seat; the sheet says so and shows a new code for its own seat), or refused."""
        assert self.sheet is not None, "called for the open sheet only"
        host = self.host
        seat = host.seat_of(link)
        if link in host.pairings.pending:
            if host.reports and host.reports[-1].reason == "update":
                self.sheet.step = "old_phone"  # told to update: it will not take the seat
            return  # else not its hello yet (a message out of order)
        if seat is not None and self.sheet.seat not in (None, seat):
            old = self.sheet
            old.link = None  # that link now serves the other seat: not closed with the sheet
            self._new_offer(old.seat, back=old.back, after=old.after, used_by=seat)
        elif seat is not None:
            self._next_phone(self.sheet)  # paired: the sheet closes, or goes on to the next phone back
        else:
            self.sheet.step = "refused"

    def _drop_stale_sheet(self) -> None:
        """The away sheet closes once its seat's phone is back or the table no longer waits for it."""
        if self.sheet is not None and self.sheet.step == "away" and self.sheet.seat not in self.away.due():
            self.sheet = None

    def _drop_sheet(self) -> None:
        if self.sheet is not None and self.sheet.link is not None:
            link = self.sheet.link
            host = self.host
            # did not connect in time, or its phone was refused: a new code replaces it
            over = self.connect_left_s() == 0 or self.sheet.step in ("refused", "old_phone")
            if host.seat_of(link) is None and (link not in host.pairings.pending or self.sheet.rebuilt or over):
                host.pairings.withdraw(link)
                self.wire.close(link)
        self.sheet = None

    def offered(self, seat: int | None, link: int, sdp: str) -> None:
        """The browser made the offer the sheet for ``seat`` asked for."""
        if self.sheet is None or self.sheet.seat != seat or self.sheet.link is not None:
            self.wire.close(link)
            return
        try:
            self.sheet.code = self.host.invite(link, sdp, seat, self.sheet.key)
        except (ValueError, signal.SignalError) as exc:
            self.sheet.error = str(exc)
            self.wire.close(link)
            return
        self.sheet.link = link
        rebuilt = None if self.sheet.plain else self.host.rebuilt(link, seat)
        if rebuilt is not None:  # that phone answered here before: its answer is known, no scan
            self.sheet.rebuilt = True
            self.wire.requests.append(("accept", link, rebuilt))

    def _host_answer(self, code: str) -> None:
        sheet = self.sheet
        assert sheet is not None, "an answer is read only into the open pairing sheet"
        try:
            link, sdp = self.host.pairings.answer(code)
        except signal.SignalError as exc:
            sheet.error = signal_text(exc, host=True)
            return
        sheet.camera = False
        sheet.error = None
        sheet.step = "connecting"
        sheet.since = self.wire.clock()
        self.wire.requests.append(("accept", link, sdp))

    def strip(self) -> Markup | None:
        """The phones strip on the host's public screens (:func:`hotseat.net.screens.strip`)."""
        return screens.strip(self)

    def sheet_markup(self) -> Markup | None:
        """The host's open sheet: pairing a phone, or going on without one (:mod:`hotseat.net.screens`)."""
        return screens.pairing_sheet(self)
