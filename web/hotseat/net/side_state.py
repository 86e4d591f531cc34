"""What the phone screens read of this phone's side of the links: :class:`SideState`.

:mod:`hotseat.net.screens` draws from a :class:`SideState` (a
:class:`~hotseat.net.side.NetSide` is one) rather than importing NetSide, so that the side can
import its screens and nothing imports back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..session import Session
    from .away import PhonesAway
    from .guest import Guest
    from .host import Host
    from .play import GuestPlay


class SideState(Protocol):
    """The state the phone screens are drawn from (see :class:`~hotseat.net.side.NetSide` for
    each attribute's meaning): the QR codes made and asked for, the host's side (``host``,
    :meth:`hosting`, ``away``, ``sheet``, ``possible``) and a guest's (:meth:`joining`, ``play``,
    ``join``)."""

    @property
    def qr_cache(self) -> dict[str, tuple[int, str]]: ...
    @property
    def requests(self) -> list[tuple[Any, ...]]: ...
    @property
    def host(self) -> Host | None: ...
    @property
    def away(self) -> PhonesAway: ...
    @property
    def possible(self) -> bool: ...
    @property
    def sheet(self) -> dict[str, Any] | None: ...
    @property
    def play(self) -> GuestPlay | None: ...
    @property
    def join(self) -> dict[str, Any] | None: ...

    def hosting(self) -> tuple[Host, Session]: ...
    def joining(self) -> Guest: ...
    def connect_left_s(self) -> float | None: ...
