"""The questions asked on a sheet over the screen: what each answer does, and how each is drawn.

Pure Python (no browser). The open question is ``Controller.dialog`` (a dataclass of
:mod:`hotseat.dialogs`); while one is open every other tap waits for its answer. Each kind
belongs to a desk, which asks it and draws it; :class:`Questions` hands the answer to that desk:

* ``replace`` — "Replace the saved game of GAME?" (:class:`hotseat.saves_desk.SavesDesk`):
  Replace goes on to the new game's setup.
* ``aside_full`` — the list of set-aside saves is full (saves desk): "Delete the oldest" makes
  room (the player's consent).
* ``restore`` — "Restore this backup?" (:class:`hotseat.saves_desk.Backups`).
* ``abandon`` — "Abandon the game of GAME?" (:class:`hotseat.game_desk.GameDesk`); with phones
  connected it says that they are told the game ended.
* ``close_table`` — "Close the table of GAME?": the host stepped away from a table whose phones
  are still connected (:meth:`hotseat.net.host_side.HostSide.step_away`) and tapped what would close it
  (a new game, another game, joining a table; ``then``: that tap): asked here, by
  :meth:`Questions.closes_table` before the controller routes that tap. It says what the phones
  see; "Close the table" closes it and goes on with ``then``.
* ``pl_forget`` / ``pl_clear`` — "Forget NAME?" / "Clear the statistics of NAME?"
  (:class:`hotseat.players_desk.PlayersDesk`).

Keep (:class:`hotseat.taps.Answer` ``keep``) closes any of them, as Back does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from . import players_screen, screens
from .dialogs import AbandonGame, AsideFull, CloseTable, PlayerQuestion, Replace, RestoreBackup
from .markup import Markup
from .pages import game_info
from .taps import Abandon, Answer, Keeping, NewGame, Phones, Resume

if TYPE_CHECKING:
    from .game_desk import GameDesk
    from .players_desk import PlayersDesk
    from .saves_desk import Backups, SavesDesk
    from .shell import Shell
    from .taps import Tap


class Questions:
    """See the module docstring. ``open_setup``: the setup page of a game (after Replace)."""

    def __init__(
        self,
        shell: Shell,
        saves: SavesDesk,
        backups: Backups,
        people: PlayersDesk,
        games: GameDesk,
        open_setup: Callable[[str], None],
    ) -> None:
        self.shell = shell
        self.saves = saves
        self.backups = backups
        self.people = people
        self.games = games
        self.open_setup = open_setup

    def answer(self, tap: Tap) -> None:
        """The player's answer to the open question: Keep closes any; the question's own yes
        (Replace, Restore, Abandon, Close the table, Delete the oldest, Forget / Clear) does what
        it asks; any other tap changes nothing."""
        dialog = self.shell.dialog
        assert dialog is not None, "an answer comes only while a question is open"
        if tap == Answer("keep"):
            self.shell.dialog = None
        elif isinstance(dialog, Replace) and tap == Answer("replace"):
            self.shell.dialog = None
            self.open_setup(dialog.game)
        elif isinstance(dialog, PlayerQuestion):
            self.people.answer(tap, dialog)
        elif isinstance(dialog, RestoreBackup) and tap == Answer("restore_yes"):
            self.backups.restore(dialog.backup)
        elif isinstance(dialog, AbandonGame) and isinstance(tap, Abandon):
            self.shell.dialog = None
            self.games.abandon()
        elif isinstance(dialog, CloseTable) and tap == Answer("close_table"):
            self.shell.dialog = None
            self.games.close_host()
            self.shell.route(dialog.then)
        elif isinstance(dialog, AsideFull) and tap == Answer("drop_oldest"):
            self.shell.dialog = None
            self.saves.drop_oldest(dialog.oldest)

    def closes_table(self, tap: Tap) -> bool:
        """Whether ``tap`` would close the table this phone stepped away from while phones are
        connected to it (a new game, another game continued, joining another table, restoring a
        backup, which may replace the game they play): then it asks first (``shell.dialog``
        :class:`~hotseat.dialogs.CloseTable`, with the tap to make once the player agrees; a
        backup's file is picked after the answer, still inside its tap)."""
        hosted = self.shell.hosted
        if hosted is None or not hosted.stepped_away or not hosted.connected():
            return False
        if isinstance(tap, Resume) and tap.game == hosted.session.game_id:
            return False  # Continue: the same table
        if (
            isinstance(tap, (NewGame, Resume))
            or tap == Keeping("restore")
            or (isinstance(tap, Phones) and tap.do == "join")
        ):
            self.shell.dialog = CloseTable(hosted.session.game_id, replace(tap, fields={}))
            return True
        return False

    def markup(self) -> Markup | None:
        """The open question, drawn by the desk it belongs to (``None``: none is open)."""
        dialog = self.shell.dialog
        if isinstance(dialog, RestoreBackup):
            return self.backups.question(dialog.backup)
        if isinstance(dialog, AbandonGame):
            return screens.abandon_dialog(game_info(dialog.game)[0], self._phones())
        if isinstance(dialog, CloseTable):
            return screens.close_table_dialog(game_info(dialog.game)[0], self._phones())
        if isinstance(dialog, PlayerQuestion):
            return players_screen.dialog(dialog)
        if isinstance(dialog, (Replace, AsideFull)):
            return self.saves.question(dialog)
        return None

    def _phones(self) -> list[str]:
        """The names of the seats whose phone is connected to the table hosted here."""
        hosted = self.shell.hosted
        if hosted is None:
            return []
        return [hosted.session.names[seat] for seat in hosted.connected()]
