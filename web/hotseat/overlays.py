"""What lies over the screen: the question, the rules and story sheets and the settings sheet.

:class:`Overlays` (``Controller.overlays``) names what is open, the one on top last, and closes
it as the Back button or the Escape key would; it also answers the menu button (☰), which works
over any sheet. Each closes without losing anything: a question closes as Keep answers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .pages import GamePage, Screen, StoryOpen

if TYPE_CHECKING:
    from .dialogs import Dialog
    from .pages import Page
    from .sheets import Sheets

#: what Back and Escape close, the one drawn on top first
LAYERS = ("dialog", "rules", "story", "settings")


class GuestStory(Protocol):
    """A phone's view of another's table, as far as its story sheet goes (a
    :class:`~hotseat.net.play.GuestPlay`)."""

    story_shown: bool


class Phones(Protocol):
    """This phone at another's table, as far as the story sheet goes (a
    :class:`~hotseat.net.phone_side.PhoneSide`)."""

    @property
    def play(self) -> GuestStory | None: ...


class Layered(Protocol):
    """What :class:`Overlays` reads and closes of the app's shell (the
    :class:`~hotseat.controller.Controller`): the page, the question, the sheets, the phones."""

    dialog: Dialog | None

    @property
    def page(self) -> Page: ...
    @property
    def screen(self) -> Screen: ...
    @property
    def sheets(self) -> Sheets: ...
    @property
    def joined(self) -> Phones | None: ...


class Overlays:
    """The question and the sheets open over the screen of one shell (a :class:`Layered`)."""

    def __init__(self, ctl: Layered) -> None:
        self._ctl = ctl

    def story(self) -> StoryOpen | None:
        """The story sheet over the game on screen, else ``None``."""
        page = self._ctl.page
        return page.story if isinstance(page, GamePage) else None

    def guest_story_shown(self) -> bool:
        """Whether this phone, a guest at another's table, shows its story sheet."""
        net = self._ctl.joined
        return self._ctl.screen is Screen.GUEST and net is not None and net.play is not None and net.play.story_shown

    def layers(self) -> tuple[str, ...]:
        """The sheets and the question open over the screen, the one on top last: names from
        :data:`LAYERS` (``"settings"``, ``"story"``, ``"rules"``, ``"dialog"``)."""
        ctl = self._ctl
        open_ = {
            "dialog": ctl.dialog is not None,
            "rules": ctl.sheets.rules_for is not None,
            "story": self.story() is not None or self.guest_story_shown(),
            "settings": ctl.sheets.settings_open,
        }
        return tuple(name for name in reversed(LAYERS) if open_[name])

    def close(self, layer: str) -> None:
        """Close one of :data:`LAYERS` (a question as Keep would answer it); nothing else changes."""
        ctl = self._ctl
        if layer == "dialog":
            ctl.dialog = None
        elif layer == "rules":
            ctl.sheets.rules_for = None
        elif layer == "story":
            self.close_story()
        elif layer == "settings":
            ctl.sheets.settings_open = False

    def close_story(self) -> None:
        """Close the story sheet, over this phone's game or over a guest's view of another's."""
        if isinstance(self._ctl.page, GamePage):
            self._ctl.page.story = None
        net = self._ctl.joined
        if self.guest_story_shown() and net is not None and net.play is not None:
            net.play.story_shown = False

    def menu(self) -> None:
        """The menu button (☰) with whatever is open: the settings sheet alone closes; anything
        else on top of it (the rules, the story) closes and the settings sheet opens."""
        if self._ctl.sheets.settings_open and self.layers() == ("settings",):
            self._ctl.sheets.settings_open = False
            return
        self.close_story()
        self._ctl.sheets.open_settings()
