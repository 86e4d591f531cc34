"""The host's side of a table of phones: pairing, seats, and the messages to and from guests.

Pure Python: it never touches the browser. The app gives it the link ids and texts that
``net.mjs`` reports and sends the ``(link, text)`` pairs it returns. The game itself stays in
the table object (the app's session), the only authority:

* ``table.state`` — the engine state (read here only through :func:`~hotseat.net.protocol.view_message`);
* ``table.game_id``, ``table.options``, ``table.names``, ``table.kinds``, ``table.round_events``,
  ``table.summary_due``, ``table.events`` — what a guest needs to draw its screen;
* ``table.phones.apply_remote(seat, action)`` — applies a legal action through the engine and saves;
  raises :class:`~hotseat.saves.StorageError` with the move taken back when the save was
  refused (the phone is told, and may send it again); ``table.phones.accepts_remote()`` — False while
  the host's own screen is busy (a reveal, the round summary): one action per seat is then held
  back in :attr:`Host.queue` until :meth:`Host.flush`;
* ``table.phones.ready_for_next(seat, phones)`` — the seat's phone tapped "Next round" on the
  round summary (``next``): the summary closes on a table screen once every phone connected is
  ready (one that leaves is not waited for); a ``next`` while no summary shows, or again, changes
  nothing (not a strike: a phone may tap it as the table moves on);
* ``table.phones.phone_back(seat)`` — the seat's phone is back: whoever played the seat at the host
  while it was away (a bot, the people there) stops;
* ``table.net`` — ``{"room", "tokens", "match"}`` kept with the saved game (set here whenever a
  phone gets a seat), so a reloaded host knows the phones again.

Every start of a host (:meth:`Host.resume` after a reload) is a new ``epoch``: the phones'
welcome names it, so a phone that kept its page open takes the new start's views, whose numbers
begin again. Home is not a new start: :meth:`Host.step_away` keeps the links and tells each phone
(``pause``); while :attr:`Host.paused` no action is applied (one per seat is held), no view is
sent and a ``sync`` is answered with ``pause`` again; :meth:`Host.come_back` (Continue) takes
the game's session as it was saved, applies what was held and sends each phone its view again.
A view goes to a phone only when what it shows changed (one view per phone per change), or when
the phone asks (welcome, ``sync``).

A phone's answer is kept with its seat (:attr:`Remote.keys`, saved in ``table.net``): when the
same phone comes back to this table, even after the host's reload, :meth:`Host.rebuilt` makes its
answer without a scan (the phone keeps its certificate and answers with the same ICE credentials;
its checks tell the host where it is).

Seats: the host invites a phone for one seat (:meth:`Host.invite` with ``seat``) or any phone
that was at this table before (``seat=None``: the phone's token says which seat it had). A
phone that comes back with its token gets its seat and its hand again; a new phone invited for
a seat replaces the old one (the old link is closed). Every refused message is kept in
:attr:`Host.reports` (newest last) with the seat it came from, for the host's screen.

Links that close late: WebRTC may hear that a link closed up to about 30 s after it did, and a
hello sent on a link may arrive after the same phone paired again on a newer one. Every link is
numbered when its pairing is accepted (:attr:`Host.pairings`, :mod:`hotseat.net.pairing`); a hello
on a link paired before the seat's newest welcomed link is stale: it is refused and never takes
the seat from the newer link (of two pairings for one seat, the later one holds).

Moves held while the host is busy are kept in order, several per link (at most
:data:`MAX_HELD`); a move that comes while earlier ones of its seat are held waits behind them, so
every move is answered, in the order it was sent. A phone that floods the host: every refused
message, refused action and move beyond the held ones is a strike against its link
(:attr:`Host.strikes`; a move of that link applied at the table clears them). After
:data:`SET_ASIDE_AFTER` strikes the link is set aside (:attr:`Host.set_aside`): its seat is away,
the phone hears ``bye`` (reason ``"flood"``), and anything more it sends is dropped before it is
read, at no cost. A phone playing by the rules never gets there: it sends one move at a time,
only from the legal actions of its view.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..saves import StorageError
from . import pairing, protocol
from .pairing import Pairings
from .protocol import ProtocolError

#: text of a rejected action (the guest's screen shows it)
ILLEGAL_TEXT = "That move is not allowed now."
NOT_YOUR_TURN_TEXT = "It is not your turn."
BUSY_TEXT = "The table is busy: wait for your turn."
NOT_SAVED_TEXT = "The host's phone could not save this move. Try again."
#: reports kept for the host's screen
MAX_REPORTS = 50
#: moves held per link while the table is busy (a phone playing by the rules sends one at a time)
MAX_HELD = 4
#: strikes (refused messages and actions since the link's last move applied) that set a link aside
SET_ASIDE_AFTER = 32
STALE_TEXT = "This seat was connected again by a newer pairing: ask the host for a new code."


@dataclass
class Remote:
    """One seat played on a guest phone.

    Attributes:
        token: the secret the phone got in ``welcome`` (it proves the seat on a later link).
        link: the link id now serving the seat, or ``None`` while the phone is away.
        sent: bytes of views sent to this seat (for the report of bytes per turn).
    """

    token: str
    link: int | None = None
    sent: int = 0
    views: int = 0
    #: the ``n`` of the last action taken in from the phone on this link (0 after each welcome)
    ack: int = 0
    #: what the last view sent showed (its text with the counters left out), or None: send it
    last: str | None = None
    #: what was kept of the phone's answer (:func:`~hotseat.net.signal.answer_keys`), to rebuild
    #: it when the phone comes back to a reloaded host: the phone then scans only the host's code
    keys: str | None = None


@dataclass
class Report:
    seat: int | None
    reason: str
    detail: str


@dataclass
class Host:
    """See the module docstring. ``room``: the table's id in every pairing code."""

    table: Any
    app_version: str = "0"
    room: str = field(default_factory=lambda: pairing.new_id(6))
    remotes: dict[int, Remote] = field(default_factory=dict)
    reports: list[Report] = field(default_factory=list)
    n: int = 0  # views sent in this epoch (each view carries the next number)
    #: this start of the host (see the module docstring)
    epoch: str = field(default_factory=lambda: pairing.new_id(6))
    #: the games played at this table (a rematch is the next one)
    match: int = 0
    #: actions that arrived while the table was busy, in order, at most MAX_HELD per link:
    #: (link, seat, act)
    queue: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    #: the host stepped away from its table (Home): the links stay, the game waits
    paused: bool = False
    #: link id -> strikes against it (see the module docstring)
    strikes: dict[int, int] = field(default_factory=dict)
    #: links set aside for flooding the host: what they send is dropped unread
    set_aside: set[int] = field(default_factory=set)
    #: link id -> action numbers refused as "busy" while MAX_HELD of its moves were held (answered,
    #: but not in ``ack``: the moves held before them are answered later)
    turned_away: dict[int, set[int]] = field(default_factory=dict)
    _last_events: Any = None
    #: the pairing codes shown and the links waiting for their hello
    pairings: Pairings = field(init=False)

    def __post_init__(self) -> None:
        self.pairings = Pairings(self.room)

    @classmethod
    def resume(cls, table: Any, app_version: str = "0") -> Host:
        """The host of ``table``, knowing the phones saved in ``table.net`` (all away for now)."""
        saved = getattr(table, "net", None)
        if not saved:
            host = cls(table, app_version)
        else:
            host = cls(table, app_version, room=saved["room"], match=saved.get("match", 0))
            keys = saved.get("keys", {})
            host.remotes = {
                int(seat): Remote(token=token, keys=keys.get(seat)) for seat, token in saved["tokens"].items()
            }
        host._remember()
        return host

    def _remember(self) -> None:
        """Keep the room and the phones' tokens in the table (saved with the game)."""
        self.table.net = {
            "room": self.room,
            "tokens": {str(s): r.token for s, r in sorted(self.remotes.items())},
            "match": self.match,
        }
        keys = {str(s): r.keys for s, r in sorted(self.remotes.items()) if r.keys is not None}
        if keys:
            self.table.net["keys"] = keys

    def next_match(self, table: Any) -> None:
        """A rematch at this table: the same phones play the next game (``table``)."""
        self.table = table
        self.match += 1
        self.queue = []
        self._last_events = None
        self._remember()

    def step_away(self) -> list[tuple[int, str]]:
        """The host left its table's screen (Home) with the links open: each connected phone
        hears ``pause`` and waits; nothing is applied until :meth:`come_back`."""
        self.paused = True
        return [(r.link, protocol.dumps("pause", "host")) for _s, r in sorted(self.remotes.items()) if r.link]

    def come_back(self, table: Any) -> list[tuple[int, str]]:
        """Continue after :meth:`step_away`: ``table`` is the same game as saved (a new session
        object, the same ``room``); the actions held meanwhile are applied and every connected
        phone gets its view again (which ends its pause)."""
        self.table = table
        self.paused = False
        self._last_events = None
        self._remember()
        for seat, remote in sorted(self.remotes.items()):
            if remote.link is not None:  # its phone plays it (a save refused since may still say otherwise)
                table.phones.phone_back(seat)
            remote.last = None  # sent again even if it shows what it showed
        return self.flush()

    # ---- pairing -----------------------------------------------------------------------------

    def invite(self, link: int, offer_sdp: str, seat: int | None, key: str | None = None) -> str:
        """The pairing code (offer) to show for ``seat`` (``None``: any phone that has a token),
        with the pairing ``key`` (default: a new one): :meth:`Pairings.invite`.

        Raises:
            ValueError: ``seat`` is not a seat of the table, or ``key`` is in use.
            SignalError: the browser's SDP lacks what a data channel needs.
        """
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(self.table.names)):
            raise ValueError(f"no seat {seat!r} at this table")
        return self.pairings.invite(link, offer_sdp, seat, key)

    def rebuilt(self, link: int, seat: int | None) -> str | None:
        """The answer ``seat``'s phone will make to the offer on ``link`` (just invited), rebuilt
        from what was kept of its last answer, or ``None`` (no phone of that seat answered here
        before). The offer then waits for that phone's hello: no answer code is scanned."""
        remote = self.remotes.get(seat) if seat is not None else None
        return self.pairings.rebuilt(link, seat, remote.keys if remote is not None else None)

    # ---- links -------------------------------------------------------------------------------

    def seat_of(self, link: int) -> int | None:
        for seat, remote in self.remotes.items():
            if remote.link == link:
                return seat
        return None

    def away(self) -> list[int]:
        """Seats played on a phone that is not connected now (public: everyone sees who is away)."""
        return sorted(seat for seat, remote in self.remotes.items() if remote.link is None)

    def closed(self, link: int) -> list[tuple[int, str]]:
        """A link closed: its seat is away until the phone comes back; the others hear of it."""
        self.pairings.forget(link)
        self.strikes.pop(link, None)
        self.turned_away.pop(link, None)
        self.set_aside.discard(link)
        self.queue = [q for q in self.queue if q[0] != link]
        seat = self.seat_of(link)
        if seat is None:
            return []
        self.remotes[seat].link = None
        self.remotes[seat].last = None
        return self._next_round(None) or self.views(fresh=False)

    def receive(self, link: int, text: Any) -> list[tuple[int, str]]:
        """One message that arrived on ``link``; returns the messages to send.

        A bad message changes nothing: it is reported (:attr:`reports`) and, for an action,
        answered with ``rejected``. Actions are applied only for the seat the link serves, only
        when the table waits for that seat, and only as the engine's own legal action object.
        """
        if link in self.set_aside:
            return []  # set aside for flooding: dropped unread (its close may come late)
        seat = self.seat_of(link)
        try:
            msg = protocol.parse(text, "guest")
        except ProtocolError as exc:
            self._report(seat, exc.reason, str(exc))
            if exc.reason != "newer":
                return self._strike(link)
            return [
                (
                    link,
                    protocol.dumps(
                        "refused",
                        "host",
                        reason="host_older",
                        text="The host's Hotseat is older than yours: update the host.",
                    ),
                )
            ]
        t = msg["t"]
        if t == "hello":
            return self._hello(link, msg)
        if seat is None:  # anything but hello before the welcome: ignored
            self._report(None, "order", f"{t} before hello")
            return self._strike(link)
        if t == "act":
            if self.queue and self.table.phones.accepts_remote():  # moves held before this one first
                out = self.flush()
                return out + (self._act(link, seat, msg) if self.remotes[seat].link == link else [])
            return self._act(link, seat, msg)
        if t == "next":
            return self._next_round(seat)
        if t == "sync" and self.paused:
            return [(link, protocol.dumps("pause", "host"))]
        if t == "sync":
            return [v for v in [self._view(seat, fresh=False, force=True)] if v is not None]
        if t == "ping":
            return [(link, protocol.dumps("pong", "host", n=msg["n"]))]
        if t == "bye":
            self.remotes[seat].link = None
            self.remotes[seat].last = None
            self.queue = [q for q in self.queue if q[0] != link]
            return self._next_round(None) or self.views(fresh=False)
        return []

    def connected(self) -> list[int]:
        """The seats whose phones are connected now."""
        return sorted(seat for seat, remote in self.remotes.items() if remote.link is not None)

    def _next_round(self, seat: int | None) -> list[tuple[int, str]]:
        """``seat``'s phone tapped "Next round" (``None``: a phone left): ready while the
        summary shows; when that closes it (every phone connected ready, on a table screen) the
        moves held meanwhile are applied and every phone gets its view (:meth:`flush`). Nothing
        while the host is away or when nothing changed."""
        if self.paused or not self.table.summary_due:
            return []  # stale: no summary shows (the table moved on)
        if not self.table.phones.ready_for_next(seat, self.connected()):
            return []
        return self.flush() if not self.table.summary_due else []

    def _hello(self, link: int, msg: dict[str, Any]) -> list[tuple[int, str]]:
        if protocol.needs_update(msg):
            self._report(None, "update", f"a phone with protocol {msg['v']} was told to update")
            return [(link, protocol.dumps("update", "host", need=protocol.MIN_GUEST_VERSION, app=self.app_version))]
        if link not in self.pairings.pending:
            self._report(self.seat_of(link), "order", "hello on a link that is not waiting for one")
            return self._strike(link)
        invited, keys = self.pairings.hello(link)
        if msg["room"] != self.room:
            refused = protocol.dumps("refused", "host", reason="room", text="This code belongs to another table.")
            return [(link, refused)]
        seat = self._seat_for(invited, msg["token"])
        if seat is None:
            return [
                (
                    link,
                    protocol.dumps(
                        "refused",
                        "host",
                        reason="seat",
                        text="This phone was not at this table: ask the host for a new code.",
                    ),
                )
            ]
        if not self.pairings.holds(link, seat):
            # paired before the seat's newest link (its hello came late): that link holds the seat
            self._report(seat, "stale", "a hello on a link paired before the seat's newest one")
            return [(link, protocol.dumps("refused", "host", reason="stale", text=STALE_TEXT))]
        out = []
        remote = self.remotes.get(seat)
        if remote is None or msg["token"] is None or not secrets.compare_digest(remote.token, msg["token"]):
            # a new phone for the seat: a new token (the old phone's token no longer works)
            remote = self.remotes[seat] = Remote(token=pairing.new_id(22), link=remote.link if remote else None)
        if remote.link is not None and remote.link != link:
            out.append((remote.link, protocol.dumps("bye", "host", reason="replaced")))
        self.queue = [q for q in self.queue if q[1] != seat]  # a move of the old link: not taken in
        remote.keys = keys if keys is not None else remote.keys
        self.table.phones.phone_back(seat)  # before the link is this phone's: the views it causes go to the others
        remote.link, remote.ack, remote.last = link, 0, None
        self._remember()
        t = self.table
        out.append(
            (
                link,
                protocol.dumps(
                    "welcome",
                    "host",
                    room=self.room,
                    seat=seat,
                    token=remote.token,
                    game=t.game_id,
                    options=dict(t.options),
                    names=list(t.names),
                    kinds=list(t.kinds),
                    app=self.app_version,
                    epoch=self.epoch,
                ),
            )
        )
        if self.paused:
            out.append((link, protocol.dumps("pause", "host")))
        return out + self.views(fresh=False)

    def _seat_for(self, invited: int | None, token: str | None) -> int | None:
        """The seat a hello takes: the token's seat if it has one here, else the invited seat."""
        if token is not None:
            for seat, remote in self.remotes.items():
                if secrets.compare_digest(remote.token, token):
                    return seat
        return invited

    def _act(self, link: int, seat: int, msg: dict[str, Any], flushing: bool = False) -> list[tuple[int, str]]:
        held = [queued["n"] for queued_link, _seat, queued in self.queue if queued_link == link]
        if msg["n"] in held or msg["n"] in self.turned_away.get(link, ()):
            return []  # this action again, while it is held (answered when applied) or once refused
        if msg["n"] <= self.remotes[seat].ack:  # answered already: the seat's view says so again
            return [v for v in [self._view(seat, fresh=False, force=True)] if v is not None]
        if not flushing and (held or self.paused or not self.table.phones.accepts_remote()):
            # held while the table is busy or its host away, behind this link's moves held before
            # it: answered in order
            if len(held) >= MAX_HELD:  # refused at once (its number stays out of ``ack``: see turned_away)
                self._report(seat, "busy", f"more than {MAX_HELD} actions held while the table was busy")
                self.turned_away.setdefault(link, set()).add(msg["n"])
                busy = protocol.dumps("rejected", "host", n=msg["n"], reason="busy", text=BUSY_TEXT)
                return [(link, busy)] + self._strike(link)
            self.queue.append((link, seat, msg))
            return []
        state = self.table.state
        if seat not in state.current_players():
            self._report(seat, "turn", f"an action while the table does not wait for seat {seat}")
            return [self._rejected(link, seat, msg, "turn", NOT_YOUR_TURN_TEXT)] + self._strike(link)
        legal = protocol.match_legal(msg["action"], state.legal_actions(seat))
        if legal is None:
            self._report(seat, "illegal", f"not a legal action: {protocol.canonical(msg['action'])[:200]}")
            return [self._rejected(link, seat, msg, "illegal", ILLEGAL_TEXT)] + self._strike(link)
        self.remotes[seat].ack = max(self.remotes[seat].ack, msg["n"])
        try:
            self.table.phones.apply_remote(seat, legal)
        except StorageError:
            self._report(seat, "storage", "the save refused the move; it was taken back")
            return [self._rejected(link, seat, msg, "storage", NOT_SAVED_TEXT)]
        self.strikes.pop(link, None)  # a move taken: the phone plays by the rules
        return self.views()

    def _strike(self, link: int) -> list[tuple[int, str]]:
        """One more strike against ``link`` (a refused message or action); at
        :data:`SET_ASIDE_AFTER` the link is set aside: its seat is away and the phone hears
        ``bye``. Returns the messages to send."""
        self.strikes[link] = self.strikes.get(link, 0) + 1
        if self.strikes[link] < SET_ASIDE_AFTER:
            return []
        seat = self.seat_of(link)
        self.set_aside.add(link)
        self.pairings.drop_pending(link)
        self.queue = [q for q in self.queue if q[0] != link]
        self._report(seat, "flood", f"set aside after {SET_ASIDE_AFTER} refused messages")
        out = [(link, protocol.dumps("bye", "host", reason="flood"))]
        if seat is not None:
            self.remotes[seat].link = None
            self.remotes[seat].last = None
            out += self._next_round(None) or self.views(fresh=False)
        return out

    def _rejected(self, link: int, seat: int, msg: dict[str, Any], reason: str, text: str) -> tuple[int, str]:
        """The answer to a refused action (the seat's next view acknowledges it too)."""
        self.remotes[seat].ack = max(self.remotes[seat].ack, msg["n"])
        return link, protocol.dumps("rejected", "host", n=msg["n"], reason=reason, text=text)

    def flush(self) -> list[tuple[int, str]]:
        """Apply the actions held back while the table was busy (call when it is free again), in
        the order they came; each is answered (applied, or rejected when it is no longer legal).
        One whose phone has gone or been replaced since is dropped: that phone's welcome on its
        new link starts afresh."""
        out: list[tuple[int, str]] = []
        if self.paused:
            return out
        while self.queue and self.table.phones.accepts_remote():
            link, seat, msg = self.queue.pop(0)
            if self.remotes.get(seat) is None or self.remotes[seat].link != link:
                continue
            out += self._act(link, seat, msg, flushing=True)
        return out + self.views(fresh=False)

    # ---- views -------------------------------------------------------------------------------

    def _view(self, seat: int, fresh: bool = True, force: bool = False) -> tuple[int, str] | None:
        """The view for ``seat``'s phone, or None when it would show what the last one showed
        (unless ``force``: the phone asked for it)."""
        remote = self.remotes[seat]
        assert remote.link is not None, "views go to connected phones only"
        t = self.table

        def text(n: int, fresh: bool) -> str:
            return protocol.view_message(
                t.state,
                seat,
                n,
                list(t.events),
                list(t.round_events),
                bool(t.summary_due),
                self.away(),
                fresh=fresh,
                epoch=self.epoch,
                match=self.match,
                ack=remote.ack,
            )

        shown = text(0, False)
        if shown == remote.last and not force:
            return None
        remote.last = shown
        self.n += 1
        message = text(self.n, fresh)
        remote.sent += len(message.encode("utf-8"))
        remote.views += 1
        return remote.link, message

    def views(self, fresh: bool = True) -> list[tuple[int, str]]:
        """A ``view`` for every connected guest whose screen changed: call after every action
        applied at the table (``fresh``), or with ``fresh=False`` when only who is connected changed."""
        if self.paused:
            return []  # the phones wait for the host; :meth:`come_back` sends every view again
        events = self.table.events
        if fresh and events is self._last_events:
            fresh = False  # the same action's events again (e.g. the round summary was closed)
        self._last_events = events
        out = []
        for seat in sorted(self.remotes):
            if self.remotes[seat].link is not None:
                view = self._view(seat, fresh)
                if view is not None:
                    out.append(view)
        return out

    def _report(self, seat: int | None, reason: str, detail: str) -> None:
        self.reports.append(Report(seat, reason, detail))
        del self.reports[:-MAX_REPORTS]
