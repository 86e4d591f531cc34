"""What the pages hand their work on to, and what they draw from: :class:`Desks`.

Pure Python (no browser). Each page (:mod:`hotseat.pages`) routes its own taps and draws itself;
what outlives the page (a game resumed or started, a save written, a player renamed) and what it
draws that another desk keeps (the home screen's lines on the games, the setup's seat kinds, the
screen of this phone at another's table) it asks of a :class:`~hotseat.pages.PageDesks`. The
:class:`hotseat.controller.Controller` keeps one :class:`Desks` (``Controller.desks``) over its
desks and hands it to the page: each method names the desk that does the work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game_desk import GameDesk
    from .markup import Markup
    from .pages import GamePage, PlayersPage, RecoveryPage, SetupPage
    from .players import Players
    from .players_desk import PlayersDesk
    from .saves_desk import Backups, SavesDesk, WindowLocks
    from .shell import Shell
    from .tables import Tables
    from .taps import FlowTap, PlayerTap, Recover, SavedFile, Story, Tap


class Desks:
    """A :class:`~hotseat.pages.PageDesks` over the controller's desks (see the module docstring).
    ``playable``: the games this app has a view for (others are not offered)."""

    def __init__(
        self,
        shell: Shell,
        saves: SavesDesk,
        backups: Backups,
        people: PlayersDesk,
        games: GameDesk,
        locks: WindowLocks,
        tables: Tables,
        playable: Callable[[], list[str]],
    ) -> None:
        self.shell = shell
        self.saves = saves
        self.backups = backups
        self.people = people
        self.games = games
        self.locks = locks
        self.tables = tables
        self.playable = playable

    @property
    def players(self) -> Players:
        return self.people.players

    # ---- a page's taps handed on ----------------------------------------------------------------

    def resume(self, game: str) -> None:
        if game in self.playable():
            self.games.resume(game)

    def new_game(self, game: str) -> None:
        if game in self.playable() and self.saves.may_set_up(game):
            self.open_setup(game)

    def open_setup(self, game: str) -> None:
        """The setup page of ``game`` on screen (after New game, or Replace)."""
        self.shell.page = self.tables.setup(game, self.players)

    def saved_file(self, tap: Recover | SavedFile) -> None:
        self.saves.home_tap(tap)

    def start(self, page: SetupPage) -> None:
        started = self.tables.start(page)
        if started is not None:
            self.games.start(started[0])
            self.people.seated(*started)

    def rematch(self) -> None:
        self.games.rematch()

    def game_tapped(self) -> None:
        self.games.tapped()

    def recovery(self, page: RecoveryPage, tap: Tap) -> None:
        self.saves.recovery_tap(page, tap)

    def guest(self, tap: Story | FlowTap) -> None:
        joined = self.shell.joined
        if joined is not None:
            joined.tap_game(tap)

    def take_over(self, game: str) -> None:
        self.locks.take_over(game)

    def player(self, page: PlayersPage, tap: PlayerTap) -> None:
        self.shell.sheets.settings_open = False
        self.people.tap(page, tap)

    # ---- what a page draws from -----------------------------------------------------------------

    def home_screen(self) -> Markup:
        """The home screen (the saves desk's lines on the games, the backups' install hint)."""
        return self.saves.home(self.backups.hint(bool(self.saves.slots or self.players.names)), self.tables.phones)

    def setup_screen(self, page: SetupPage) -> Markup:
        """The setup screen of ``page`` (the seat kinds this phone offers now, the recent names)."""
        return self.tables.setup_markup(page, self.players)

    def guest_screen(self) -> Markup:
        """This phone's screen at another's table (the home screen once it has left it)."""
        joined = self.shell.joined
        return joined.render() if joined is not None else self.home_screen()

    def game_screen(self, page: GamePage) -> Markup:
        """The game screen of ``page`` (the game desk draws it with the table hosted here)."""
        return self.games.render(page)
