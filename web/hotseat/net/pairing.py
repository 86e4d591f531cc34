"""The host's pairings: codes shown, answers accepted, and which pairing of a seat holds it.

Pure Python, no browser: :class:`Pairings` is kept by :class:`~hotseat.net.host.Host`. An offer
is shown for a link with a pairing key (:meth:`Pairings.invite`); the phone's answer to it is
scanned (:meth:`Pairings.answer`) or rebuilt from what was kept of the same phone's last answer
(:meth:`Pairings.rebuilt`). Either way the link then waits for the phone's hello
(:attr:`Pairings.pending`), numbered in the order pairings were accepted
(:attr:`Pairings.paired_at`): a hello on a link paired before the newest link welcomed for its
seat is stale (:meth:`Pairings.holds`), as WebRTC may deliver it late.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from . import signal


def new_id(length: int, token_bytes: Callable[[int], bytes] = secrets.token_bytes) -> str:
    """``length`` random base64url characters (6 bits each)."""
    import base64

    raw = base64.urlsafe_b64encode(token_bytes((length * 6 + 7) // 8)).decode("ascii")
    return raw[:length]


@dataclass
class Pairings:
    """The pairings of the table ``room`` (see the module docstring). Links and seats are ints."""

    room: str
    #: pairing key -> (link id, seat or None) of offers shown and not answered yet
    offers: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    #: link id -> seat or None: links whose answer was accepted, waiting for their hello
    pending: dict[int, int | None] = field(default_factory=dict)
    #: link id -> the answer keys of the phone on it (scanned, or rebuilt), until its hello
    pending_keys: dict[int, str] = field(default_factory=dict)
    #: link id -> its place in the order pairings were accepted (a later pairing holds a seat)
    paired_at: dict[int, int] = field(default_factory=dict)
    #: seat -> the place (in :attr:`paired_at`'s order) of the newest link welcomed for it
    newest: dict[int, int] = field(default_factory=dict)
    _pairings: int = 0

    def new_key(self) -> str:
        """A pairing key no offer shown uses: the browser can then make the offer with the ICE
        credentials :func:`~hotseat.net.signal.derived_credentials` gives for it (a shorter code)."""
        key = new_id(4)
        while key in self.offers:
            key = new_id(4)
        return key

    def invite(self, link: int, offer_sdp: str, seat: int | None, key: str | None = None) -> str:
        """The pairing code (offer) for ``seat`` (``None``: any phone that has a token) on
        ``link``, with the pairing ``key`` (default: a new one, :meth:`new_key`).

        Raises:
            ValueError: ``key`` is in use.
            SignalError: the browser's SDP lacks what a data channel needs.
        """
        if key is None:
            key = self.new_key()
        elif key in self.offers:
            raise ValueError(f"the pairing key {key!r} is in use")
        code = signal.encode("o", self.room, key, offer_sdp)
        self.offers[key] = (link, seat)
        return code

    def withdraw(self, link: int) -> None:
        """Forget an offer (its QR code is no longer shown) and the link's wait for its hello."""
        self.offers = {k: v for k, v in self.offers.items() if v[0] != link}
        self.drop_pending(link)

    def drop_pending(self, link: int) -> None:
        """``link`` no longer waits for a hello."""
        self.pending.pop(link, None)
        self.pending_keys.pop(link, None)

    def forget(self, link: int) -> None:
        """``link`` closed: nothing of it is kept."""
        self.withdraw(link)
        self.paired_at.pop(link, None)

    def rebuilt(self, link: int, seat: int | None, keys: str | None) -> str | None:
        """The answer the phone of ``seat`` will make to the offer on ``link`` (just invited),
        rebuilt from ``keys`` (what was kept of its last answer), or ``None`` (no keys, no such
        offer, or keys that no longer fit). The offer then waits for that phone's hello."""
        key = next((k for k, (offered, _seat) in self.offers.items() if offered == link), None)
        if keys is None or key is None:
            return None
        try:
            sdp = signal.rebuilt_answer(keys, self.room, key)
        except signal.SignalError:
            return None
        del self.offers[key]
        self._pending(link, seat)
        self.pending_keys[link] = keys
        return sdp

    def _pending(self, link: int, seat: int | None) -> None:
        """``link``'s pairing was accepted: it waits for its hello, numbered after every other."""
        self._pairings += 1
        self.pending[link] = seat
        self.paired_at[link] = self._pairings

    def answer(self, code: str) -> tuple[int, str]:
        """The guest's answer code, scanned: ``(link id, complete answer SDP)`` for ``accept``.

        Raises:
            SignalError: not an answer code, another table's (reason ``"table"``), one for an
                offer no longer shown (``"stale"``), or another version (see its ``reason``).
        """
        pairing = signal.decode(code, expect="a")
        if pairing.room != self.room:
            raise signal.SignalError("table", "this answer belongs to another table")
        if pairing.key not in self.offers:
            raise signal.SignalError("stale", "this answer is for a code that is no longer shown")
        link, seat = self.offers.pop(pairing.key)
        self._pending(link, seat)
        if pairing.setup in ("active", "passive"):
            self.pending_keys[link] = signal.answer_keys(pairing)
        return link, signal.to_sdp(pairing)

    def hello(self, link: int) -> tuple[int | None, str | None]:
        """``link`` (in :attr:`pending`) said hello: ``(the seat it was invited for or None, the
        answer keys of its phone or None)``; it waits no longer."""
        keys = self.pending_keys.pop(link, None)
        return self.pending.pop(link), keys

    def holds(self, link: int, seat: int) -> bool:
        """Whether ``link`` may take ``seat``: not paired before the newest link welcomed for it
        (then it is now that newest link)."""
        if self.paired_at.get(link, 0) < self.newest.get(seat, 0):
            return False
        self.newest[seat] = self.paired_at.get(link, 0)
        return True
