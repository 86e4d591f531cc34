"""What this phone's side of the links shares whichever role it plays: the :class:`Wire`.

A phone hosts a table for other phones (:class:`hotseat.net.host_side.HostSide`) or sits at
another's (:class:`hotseat.net.phone_side.PhoneSide`), never both at once; the
:class:`~hotseat.controller.Controller` holds the side of the role it plays now. Both talk to the
browser through one :class:`Wire`, which outlives a change of role: the "bye" a closing table
sends its phones is still sent when this phone then joins another table.

Neither side touches the browser: what needs it waits in :attr:`Wire.requests` (the browser glue,
:mod:`hotseat.app`, carries each out and calls the side back), what must be sent waits in
:attr:`Wire.outbox`, and the transport's reports come in through the side's ``event``.

Requests (tuples): ``("offer", seat, ufrag, pwd)`` → ``HostSide.offered(seat, link, sdp)``;
``("accept", link, sdp)``; ``("answer", sdp, ufrag, pwd)`` → ``PhoneSide.answered(link, sdp)``;
``("qr", text)`` → :meth:`Wire.qr_ready`; ``("close", link)``.

Both sides show their pairing code also as text, with "Copy the code" (:attr:`Wire.clipboard`:
the browser glue copies it inside the tap), for phones without a camera: it can be sent by
message, pasted or read out.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import gettext as _
from ..saves import Storage
from . import signal

if TYPE_CHECKING:
    from .sheets import JoinSheet, PairingSheet

APP_VERSION = "0.1.0"


class Wire:
    """The messages, requests and codes between this phone's side of the links and the browser."""

    #: seconds, to know how long a phone has been away or a pairing has waited (tests set their own)
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, storage: Storage, possible: bool = True) -> None:
        self.storage = storage
        #: (link, text): the messages to send, in order
        self.outbox: list[tuple[int, str]] = []
        #: what the browser glue is asked to do (see the module docstring)
        self.requests: list[tuple[Any, ...]] = []
        #: a QR code made for a text: (version, rows)
        self.qr_cache: dict[str, tuple[int, str]] = {}
        #: a line for the player from the newest tap or report (the controller shows and clears it)
        self.message: str | None = None
        #: a pairing code the player asked to copy (the browser glue copies it and clears this)
        self.clipboard: str | None = None
        #: this browser can connect phones (False: the strip offers no "Connect" and says why)
        self.possible = possible

    def close(self, link: int) -> None:
        """Ask the browser to close ``link``."""
        self.requests.append(("close", link))

    def qr_ready(self, text: str, version: int, rows: str) -> None:
        """The browser made the QR code asked for ``text``."""
        self.qr_cache[text] = (version, rows)
        self.requests = [r for r in self.requests if r != ("qr", text)]


def camera_refused(place: PairingSheet | JoinSheet | None, text: str) -> None:
    """A ``scan-error`` (no camera here, or no permission) on the open scan screen ``place``:
    the camera stops asking, the text field stays."""
    if place is not None:
        place.camera = False
        place.camera_error = text


def no_code_text() -> str:
    """The sentence for "Connect" or "Join" tapped with the code field empty."""
    return _("Type or paste the code first.")


def signal_text(exc: signal.SignalError, host: bool) -> str:
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
