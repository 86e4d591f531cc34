"""The phones' sheets as typed objects: the host's pairing and away sheet (:class:`PairingSheet`,
``HostSide.sheet``) and a phone's screen before it plays (:class:`JoinSheet`, ``PhoneSide.join``).

Pure Python, never saved: each lasts as long as its pairing. :mod:`hotseat.net.host_side` and
:mod:`hotseat.net.phone_side` change them, :mod:`hotseat.net.screens` draws them, and
:func:`hotseat.net.wire.camera_refused` stops either's camera.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .signal import Pairing


@dataclass
class PairingSheet:
    """The host's sheet for the phone of ``seat`` (``None``: a returning phone whose seat its
    token tells).

    ``step``: ``offer`` (its code shown), ``answer`` (the camera or a text field for the phone's
    answer), ``connecting`` (both codes read, since ``since`` on the wire's clock; ``failed``: the
    link failed before its time), ``refused`` / ``old_phone`` (the phone was refused, or must be
    updated), ``away`` (the phone is away: go on without it). ``link``: the offer's link once the
    browser made it, ``code``: its pairing code, ``key``: the pairing key its ICE credentials come
    from, ``error``: what went wrong (``None``: nothing), ``camera`` / ``camera_error``: whether the
    camera may run (it runs on the ``answer`` step, and on a table screen's ``offer`` beside the
    code; ``False`` once it was refused or an answer was read), why it cannot. ``rebuilt``: that
    phone answered here before (it connects by itself), ``plain``: a code made without that
    shortcut. Reconnecting phones that had connected: ``back``, ``after`` (the seats gone
    through), ``connected`` (the seat whose phone just came back); ``used_by``: the seat whose
    phone used this sheet's last code.
    """

    seat: int | None
    step: Literal["offer", "answer", "connecting", "refused", "old_phone", "away"]
    link: int | None = None
    code: str | None = None
    key: str | None = None
    error: str | None = None
    camera: bool = True
    camera_error: str | None = None
    since: float | None = None
    failed: bool = False
    rebuilt: bool = False
    plain: bool = False
    back: bool = False
    after: list[int] = field(default_factory=list)
    connected: int | None = None
    used_by: int | None = None


@dataclass
class JoinSheet:
    """A phone's screen before it plays: ``step`` ``join`` (scan the host's code; ``camera``:
    the camera may run, ``camera_error``: why it cannot), ``answering`` (the host's code read:
    ``pairing``; the browser makes the answer), ``answer`` (its answer code ``code`` shown, since
    ``since`` on the wire's clock; ``failed``: the link failed before its time). ``error``: what
    went wrong (``None``: nothing)."""

    step: Literal["join", "answering", "answer"]
    error: str | None = None
    camera: bool = True
    camera_error: str | None = None
    pairing: Pairing | None = None
    code: str | None = None
    since: float | None = None
    failed: bool = False
