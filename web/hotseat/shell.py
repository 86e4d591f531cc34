"""What the desks change on screen: the :class:`Shell` protocol.

The desks (:mod:`hotseat.saves_desk`, :mod:`hotseat.players_desk`, :mod:`hotseat.game_desk`,
:mod:`hotseat.questions`, :mod:`hotseat.desks`) are handed the app's shell (the
:class:`hotseat.controller.Controller`) as a :class:`Shell`: the page, the open question, the
player's message, the sheets, the session, the table hosted for phones and this phone at
another's table. A module of its own, so that a desk needs neither the controller nor another
desk to name it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .bot_turns import BotHook
    from .dialogs import Dialog
    from .net.host_side import HostSide
    from .net.phone_side import PhoneSide
    from .net.wire import Wire
    from .pages import Page, Screen
    from .session import Session
    from .sheets import Sheets
    from .taps import Tap


class Shell(Protocol):
    """What the desks change on screen (the :class:`hotseat.controller.Controller`)."""

    page: Page
    dialog: Dialog | None
    message: str | None
    notice: str | None
    download: dict[str, Any] | None
    sheets: Sheets
    #: the table hosted here for its phones (:class:`hotseat.game_desk.GameDesk` opens and closes it)
    hosted: HostSide | None
    #: this phone at another's table, else ``None``
    joined: PhoneSide | None

    @property
    def session(self) -> Session | None: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def bot_hook(self) -> BotHook | None: ...

    @property
    def wire(self) -> Wire: ...

    def leave_table(self, forget: bool = False) -> None: ...

    def go_home(self) -> None: ...

    def route(self, tap: Tap) -> None: ...
