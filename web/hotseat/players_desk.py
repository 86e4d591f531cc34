"""The players remembered on this phone, kept up to date (:mod:`hotseat.players` is the store).

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps one :class:`PlayersDesk`
(``Controller.people``) and tells it when a table set up here starts, when a game ends or is
abandoned, and routes the players list's taps and questions to it. A browser that refuses to
store the players is reported once on screen; the game and its save are never touched by it.

Another window (or a restored backup) may have stored other players since this window read them:
every change reads them again first when the stored text is not the one this window last read or
wrote, and applies itself to what is stored, so that no window ever writes back players it read
before another window's change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pycore

from . import players as players_store
from .i18n import gettext as _
from .names import clean_name
from .pages import PlayersPage, default_seat_name
from .saves import Storage, StorageError
from .taps import Answer

if TYPE_CHECKING:
    from .dialogs import PlayerQuestion
    from .players import Players
    from .session import Session
    from .shell import Shell
    from .taps import PlayerTap, Tap


class PlayersDesk:
    """Attributes:
    players: the players remembered on this phone (a :class:`hotseat.players.Players`), read
        at start and again whenever another window may have changed them.
    """

    def __init__(self, shell: Shell, storage: Storage) -> None:
        self.shell = shell
        self.storage = storage
        #: the stored text :attr:`players` was read from or written as
        self._text: str | None = None
        self.players: Players = self._read()

    def _read(self) -> Players:
        players = players_store.load(self.storage, tuple(pycore.GAMES))
        self._text = self._stored()
        return players

    def _stored(self) -> str | None:
        try:
            return self.storage.get(players_store.KEY)
        except Exception:
            return None

    def reload(self) -> None:
        """Read the players again (another window, or a restored backup, may have changed them)."""
        self.players = self._read()

    def _fresh(self) -> None:
        """Before a change: read the players again if another window stored others since."""
        if self._stored() != self._text:
            self.reload()

    def _save(self) -> bool:
        """Store the players; a refusing browser is reported (the game and its save are not touched)."""
        try:
            self.players = players_store.save(self.storage, self.players)
            self._text = self._stored()
        except StorageError:
            if self.shell.message is None:
                self.shell.message = _(
                    "This browser refused to remember the players (storage full?). Your game is not affected."
                )
            return False
        return True

    def seated(self, session: Session, raw: list[str]) -> None:
        """A table set up here has started: its names (not setup's untouched "Player N") become the
        recent names, and it is the game's remembered table."""
        typed = [clean_name(raw[i]) != default_seat_name(i) for i in range(len(raw))]
        self._fresh()
        self.players = self.players.seated(session.game_id, list(zip(session.names, session.kinds)), typed)
        self._save()

    def _kinds(self, session: Session) -> list[str]:
        """The seats' kinds as the statistics count them: only remembered names count (setup's
        untouched "Player 3" and forgotten names are "unnamed")."""
        return [kind if self.players.knows(name) else "unnamed" for name, kind in zip(session.names, session.kinds)]

    def record_if_over(self, session: Session) -> None:
        """Count a finished game in the statistics of its remembered names, once (its key: game and
        seed; a reload of the game-over screen does not count it again)."""
        if not session.state.is_terminal():
            return
        key = f"{session.game_id}:{session.seed}"
        self._fresh()
        if key in self.players.recorded:
            return
        obs = session.state.public_observation()
        view = session.view
        scores = [view.final_score(obs, seat) for seat in range(len(session.seats))]
        self.players = self.players.game_recorded(
            key,
            session.game_id,
            session.names,
            self._kinds(session),
            session.winners(),
            scores,
            lower_wins=view.lower_score_wins,
        )
        self._save()

    def record_abandoned(self, session: Session) -> None:
        """Count ``session`` as abandoned in the statistics of its remembered names."""
        key = f"{session.game_id}:{session.seed}"
        self._fresh()
        kinds = self._kinds(session)
        self.players = self.players.game_recorded(key, session.game_id, session.names, kinds, [], None, finished=False)
        self._save()

    def tap(self, page: PlayersPage, tap: PlayerTap) -> None:
        """A tap on the players list: rename a name (checked as setup's names), or forget one or
        clear its statistics (the question opens first)."""
        self._fresh()
        changed, question = page.change(tap, self.players)
        if changed is not None:
            self.players = changed
            self._save()
        if question is not None:
            self.shell.dialog = question

    def answer(self, tap: Tap, dialog: PlayerQuestion) -> None:
        """ "Forget NAME?" / "Clear the statistics of NAME?": ``pl_yes`` does it, Keep does not."""
        if tap != Answer("pl_yes"):
            return
        self.shell.dialog = None
        self._fresh()
        if dialog.kind == "pl_forget":
            self.players = self.players.forgotten(dialog.name)
        else:
            self.players = self.players.stats_cleared(dialog.name)
        self._save()
