"""What the phone screens read of this phone's side of the links: :class:`HostState` and
:class:`PhoneState`.

:mod:`hotseat.net.screens` draws from one of these (a :class:`~hotseat.net.host_side.HostSide`
is a :class:`HostState`, a :class:`~hotseat.net.phone_side.PhoneSide` a :class:`PhoneState`)
rather than importing the sides, so that each side can import the screens and nothing imports
back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..session import Session
    from .away import PhonesAway
    from .guest import Guest
    from .host import Host
    from .play import GuestPlay
    from .sheets import JoinSheet, PairingSheet
    from .wire import Wire


class HostState(Protocol):
    """What the host's screens (the phones strip, the pairing and away sheets) are drawn from
    (see :class:`~hotseat.net.host_side.HostSide` for each attribute's meaning)."""

    @property
    def wire(self) -> Wire: ...
    @property
    def away(self) -> PhonesAway: ...
    @property
    def sheet(self) -> PairingSheet | None: ...
    @property
    def table_screen(self) -> bool: ...

    def hosting(self) -> tuple[Host, Session]: ...
    def connect_left_s(self) -> float | None: ...


class PhoneState(Protocol):
    """What a guest's screens are drawn from (see :class:`~hotseat.net.phone_side.PhoneSide`)."""

    @property
    def wire(self) -> Wire: ...
    @property
    def play(self) -> GuestPlay | None: ...
    @property
    def join(self) -> JoinSheet | None: ...

    def joining(self) -> Guest: ...
    def connect_left_s(self) -> float | None: ...
