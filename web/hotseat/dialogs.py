"""The questions asked over the screen, typed: one frozen dataclass per kind (``Controller.dialog``).

Pure Python (no browser). While one is open every other tap waits for its answer
(:class:`hotseat.questions.Questions`); ``kind`` names each (also the ``data-dialog`` of its
sheet, where drawn). Nothing here is saved: a question lasts as long as the page that asked it.

* :class:`Replace` — "Replace the saved game of GAME?" (a new game over a game in progress);
* :class:`AsideFull` — the list of set-aside saves is full: "Delete the oldest" (``oldest``, a
  storage key) makes room;
* :class:`RestoreBackup` — "Restore this backup?" (``backup``: the file, read and checked);
* :class:`AbandonGame` — "Abandon the game of GAME?";
* :class:`CloseTable` — "Close the table of GAME?" before a tap that would close the table of
  phones this phone stepped away from (``then``: that tap, made once the player agrees);
* :class:`PlayerQuestion` — "Forget NAME?" (``pl_forget``) / "Clear the statistics of NAME?"
  (``pl_clear``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from .backup import Backup
    from .taps import Tap


@dataclass(frozen=True)
class Replace:
    """A new game of ``game`` would replace its game in progress."""

    game: str
    kind: ClassVar[str] = "replace"


@dataclass(frozen=True)
class AsideFull:
    """Keep needs room among the set-aside saves: ``oldest`` (a storage key) would be deleted."""

    oldest: str
    kind: ClassVar[str] = "aside_full"


@dataclass(frozen=True)
class RestoreBackup:
    """A backup file that passed every check, to restore (all or nothing)."""

    backup: Backup
    kind: ClassVar[str] = "restore"


@dataclass(frozen=True)
class AbandonGame:
    """The game of ``game`` on screen would be abandoned (counted so, its save deleted)."""

    game: str
    kind: ClassVar[str] = "abandon"


@dataclass(frozen=True)
class CloseTable:
    """``then`` would close the table of ``game`` that phones are still connected to."""

    game: str
    then: Tap
    kind: ClassVar[str] = "close_table"


@dataclass(frozen=True)
class PlayerQuestion:
    """``pl_forget``: forget ``name``; ``pl_clear``: clear its statistics."""

    kind: Literal["pl_forget", "pl_clear"]
    name: str


Dialog = Replace | AsideFull | RestoreBackup | AbandonGame | CloseTable | PlayerQuestion
