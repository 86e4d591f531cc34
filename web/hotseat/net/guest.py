"""A guest phone's side of a table: what it learned from the host, and the messages it sends.

Pure Python, like :mod:`hotseat.net.host`. The guest knows only what the host sent it: the
``welcome`` (its seat, the names, the game and options) and the newest ``view`` (its own
observation, its legal actions, the public events). It keeps ``{"room", "token", "seat"}`` in
storage (:data:`STORAGE_KEY`), so after a reload or a lost connection a new scan of the host's
code brings the same seat back with its hand. The game's id and the seat's name are kept with them
(:func:`kept_seat`), so the home screen can offer "Rejoin <game>" after a reload — only while that
can still help: not once the game is over (the last view said so), nor once the host ended the
table (``bye`` with reason ``"ended"``: the game abandoned), nor :data:`REJOIN_HOURS` after the
phone last heard from the table (``seen``, wall-clock seconds, kept with the seat). The seat's
token stays kept all the same: "Join a table" and the host's code still bring it back (a rematch).

:attr:`Guest.status` is what the guest's screen shows:

* ``"scan"`` — no table yet: scan the host's code;
* ``"answer"`` — the answer code is on screen for the host to scan;
* ``"waiting"`` — connected, waiting for the host's welcome;
* ``"playing"`` — a view is on screen (while :attr:`Guest.paused`, the host stepped away: the
  phone waits, its seat and hand kept, until the host's next view);
* ``"lost"`` — the link closed (scan the host's code again to rejoin);
* ``"update"`` — this app is too old for the host (or the other way round: :attr:`Guest.problem`);
* ``"refused"`` — the host refused this phone (:attr:`Guest.problem` says why).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pycore

from .. import bounded
from . import GUEST_KEY, protocol, signal
from .protocol import ProtocolError

STORAGE_KEY = GUEST_KEY
#: the longest seat name a welcome carries (:data:`hotseat.net.protocol.HOST_MESSAGES`)
MAX_NAME = 40
#: hours after the phone last heard from its table that the home screen stops offering to rejoin
#: it (an evening's game is over by then; a table that goes on is joined again from the host's code)
REJOIN_HOURS = 12
#: seconds between two writes of ``seen`` while views keep coming (one write a minute at most)
SEEN_EVERY_S = 60


def kept_seat(storage: Any, now: float | None = None) -> tuple[str, str | None] | None:
    """``(game id, seat name or None)`` of the table whose seat this phone keeps and may still
    rejoin, or ``None``: no seat kept, one kept before the game was (nothing to offer by name),
    the game over or ended by the host, last heard of :data:`REJOIN_HOURS` or more before ``now``
    (wall-clock seconds, default the time now) or at an unknown time. Unreadable storage is
    forgotten, as :class:`Guest` does."""
    guest = Guest(storage)
    now = time.time() if now is None else now
    if guest.room is None or guest.game is None or guest.ended or guest.seen is None:
        return None
    if not -3600 < now - guest.seen < REJOIN_HOURS * 3600:  # an hour ahead: the phone's clock moved back
        return None
    return guest.game, guest.name


@dataclass
class Guest:
    """See the module docstring. ``storage``: ``get``/``set``/``remove`` like the app's."""

    storage: Any
    app_version: str = "0"
    status: str = "scan"
    room: str | None = None
    token: str | None = None
    seat: int | None = None
    #: the kept table's game id and this seat's name (shown on the home screen only)
    game: str | None = None
    name: str | None = None
    #: wall-clock seconds when this phone last heard from the kept table (written at most every
    #: :data:`SEEN_EVERY_S`), and whether that table's game is over or was ended by its host
    seen: float | None = None
    ended: bool = False
    #: this phone's ICE credentials at the kept table (``(ufrag, pwd)`` of its answer there): its
    #: later answers there take them (``net.mjs``), so a reloaded host can rebuild them
    ice: tuple[str, str] | None = None
    #: the credentials of the answer just made (kept at the welcome that follows it)
    answered_ice: tuple[str, str] | None = None
    #: wall-clock seconds now (tests set their own)
    clock: Callable[[], float] = time.time
    welcome: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    #: the view before the newest one (the screen plays the events from it)
    previous: dict[str, Any] | None = None
    problem: str | None = None
    #: the host's answer to the last action, e.g. "That move is not allowed now."
    rejected: str | None = None
    link: int | None = None
    #: the room of the offer being answered (the hello names it)
    joining: str | None = None
    n: int = 0  # the number of the last action sent on this link (0 again after each welcome)
    #: the highest action number the host has answered on this link (a view's ``ack``, any
    #: ``rejected``): a new action is numbered above it, never with a number the host has used
    answered: int = 0
    #: the host's start the welcome named (views of another start are not taken in)
    epoch: str | None = None
    #: the host stepped away from the table (``pause``), until its next view
    paused: bool = False
    reports: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._load()

    # ---- identity kept across reloads ----------------------------------------------------------

    def _load(self) -> None:
        text = self.storage.get(STORAGE_KEY)
        if not text:
            return
        try:
            data = bounded.loads(text, 1_000, 2)  # storage is read as untrusted as a message
            room, token = protocol.ROOM.check(data["room"]), protocol.TOKEN.check(data["token"])
            seat = protocol.SEAT.check(data["seat"])
        except (ValueError, KeyError, TypeError):
            self.storage.remove(STORAGE_KEY)  # unreadable: forget it (it only helps rejoin)
            return
        self.room, self.token, self.seat = room, token, seat
        game, name = data.get("game"), data.get("name")
        self.game = game if isinstance(game, str) and game in pycore.GAMES else None
        self.name = name if isinstance(name, str) and 0 < len(name) <= MAX_NAME else None
        ice = data.get("ice")
        ok = isinstance(ice, list) and len(ice) == 2 and all(isinstance(v, str) for v in ice)
        if ok and 4 <= len(ice[0]) <= 256 and 22 <= len(ice[1]) <= 256 and all(map(signal.ICE_CHARS.fullmatch, ice)):
            self.ice = (ice[0], ice[1])
        seen, ended = data.get("seen"), data.get("ended")
        self.seen = float(seen) if type(seen) in (int, float) and 0 <= seen < 2**42 else None
        self.ended = ended is True

    def _save(self) -> None:
        kept = {
            "room": self.room,
            "token": self.token,
            "seat": self.seat,
            "game": self.game,
            "name": self.name,
            "seen": self.seen,
            "ended": self.ended,
            "ice": list(self.ice) if self.ice is not None else None,
        }
        self.storage.set(STORAGE_KEY, json.dumps(kept))

    def _heard(self, ended: bool) -> None:
        """The kept table spoke (a welcome, a view; ``ended``: its game is over or was ended):
        kept for the home screen's offer to rejoin, written when that changes or a minute passed."""
        now = self.clock()
        if ended != self.ended or self.seen is None or not 0 <= now - self.seen < SEEN_EVERY_S:
            self.seen, self.ended = now, ended
            self._save()

    def forget(self) -> None:
        """Leave the table for good (the seat's token is dropped)."""
        self.storage.remove(STORAGE_KEY)
        self.seen, self.ended, self.ice = None, False, None
        self.room = self.token = self.seat = self.game = self.name = None
        self.welcome = self.view = self.previous = None
        self.status = "scan"

    # ---- pairing -----------------------------------------------------------------------------

    def kept_ice(self, pairing: signal.Pairing) -> tuple[str, str] | None:
        """The ICE credentials to answer ``pairing`` with: this phone's at that table, if kept."""
        return self.ice if self.ice is not None and pairing.room == self.room else None

    def read_offer(self, code: str) -> signal.Pairing:
        """The host's code, scanned. Returns the pairing (its SDP via :func:`signal.to_sdp`).

        Raises:
            SignalError: not a Hotseat offer, or another protocol version (``reason`` says
                which; ``"newer"`` means this app must be updated).
        """
        try:
            pairing = signal.decode(code, expect="o")
        except signal.SignalError as exc:
            if exc.reason == "newer":
                self.status, self.problem = "update", "this"
            elif exc.reason == "older":
                self.status, self.problem = "update", "host"
            raise
        return pairing

    def answer_code(self, pairing: signal.Pairing, link: int, answer_sdp: str) -> str:
        """The answer code to show, for the offer ``pairing`` and the browser's answer SDP."""
        code = signal.encode("a", pairing.room, pairing.key, answer_sdp)
        made = signal.decode(code)
        self.answered_ice = (made.ufrag, made.pwd)
        self.link = link
        self.joining = pairing.room
        self.status = "answer"
        return code

    def opened(self, link: int) -> list[str]:
        """The data channel is open: say hello (with the seat's token when it is this table)."""
        if link != self.link:
            return []
        self.status = "waiting"
        room = self.joining or self.room
        token = self.token if room == self.room else None
        return [protocol.dumps("hello", "guest", room=room, app=self.app_version, token=token)]

    def closed(self, link: int) -> None:
        if link == self.link:
            self.link = None
            self.paused = False
            if self.status not in ("update", "refused"):
                self.status = "lost"

    # ---- messages ----------------------------------------------------------------------------

    def receive(self, link: int, text: Any) -> list[str]:
        """One message from the host; returns the messages to send back (usually none)."""
        if link != self.link:
            return []
        try:
            msg = protocol.parse(text, "host")
        except ProtocolError as exc:
            if exc.reason == "newer":
                self.status, self.problem = "update", "this"
            self.reports.append(f"{exc.reason}: {exc}")
            del self.reports[:-50]
            return []
        t = msg["t"]
        if t == "welcome" and msg["game"] not in pycore.GAMES:
            self.status, self.problem = "update", "this"  # the host plays a game this app lacks
        elif t == "welcome" and not 0 <= msg["seat"] < len(msg["names"]) == len(msg["kinds"]):
            self.reports.append("welcome: its seat, names and kinds do not match")
        elif t == "welcome":
            self.welcome = msg
            if self.room != msg["room"] or self.seat != msg["seat"]:
                self.view = self.previous = None
            if self.answered_ice is not None and self.joining == msg["room"]:
                self.ice = self.answered_ice  # the credentials this table knows this phone by
            self.room, self.token, self.seat = msg["room"], msg["token"], msg["seat"]
            self.game, self.name = msg["game"], msg["names"][msg["seat"]]
            self.epoch, self.n, self.answered = msg["epoch"], 0, 0
            self.rejected = None
            self.paused = False
            self.seen, self.ended = self.clock(), False
            self._save()
            self.status = "playing" if self.view is not None else "waiting"
        elif t == "view" and self.welcome is not None and msg["epoch"] == self.epoch:
            if self.view is None or self.view["epoch"] != msg["epoch"] or msg["n"] > self.view["n"]:
                self.previous, self.view = self.view, msg
                self.rejected = None
                self.paused = False
                self.status = "playing"
                self.answered = max(self.answered, msg["ack"])
                self._heard(bool(msg["over"]))
        elif t == "rejected":
            self.answered = max(self.answered, msg["n"])
            if msg["n"] == self.n and self.n > 0:
                self.rejected = msg["text"]  # the answer to this phone's last action (older ones are stale)
        elif t == "pause" and self.welcome is not None:
            self.paused = True
        elif t == "update":
            self.status, self.problem = "update", "this"
        elif t == "refused":
            self.status, self.problem = (
                ("update", "host") if msg["reason"] == "host_older" else ("refused", msg["text"])
            )
        elif t == "bye":
            self.status = "lost" if msg["reason"] != "over" else self.status
            self.problem = msg["reason"]
            if msg["reason"] == "ended" and self.welcome is not None:
                self._heard(True)  # the host ended the table: nothing to rejoin
        return []

    @property
    def waiting_for_answer(self) -> bool:
        """Whether this phone's last action is still unanswered: no view since took it in
        (``ack``), and no rejection."""
        return self.n > 0 and (self.view is None or self.view["ack"] < self.n) and self.rejected is None

    def act(self, action: dict[str, Any]) -> str:
        """The message that asks the host to apply ``action`` for this seat."""
        self.n = min(max(self.n, self.answered) + 1, protocol.MAX_SEQ)
        self.rejected = None
        return protocol.dumps("act", "guest", n=self.n, action=action)

    def sync(self) -> str:
        return protocol.dumps("sync", "guest")

    def next_round(self) -> str:
        """The message that tells the host this player tapped "Next round" on the round summary."""
        return protocol.dumps("next", "guest")
