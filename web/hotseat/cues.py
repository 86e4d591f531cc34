"""The cue markers of a game screen: the key moments of the last move, and "your turn".

Pure Python. Each game's view declares once which cue each event of its engine plays
(:meth:`hotseat.views.base.GameView.cue`); the one game screen (:mod:`hotseat.game_screen`) draws
the markers (:func:`markers`) of the key and the call its source gives (:func:`table_cue`: this
phone's table; :func:`phone_cue`: this phone at another phone's table), and :mod:`hotseat.fx` plays
each marker once (by its key), the strongest of a screen's new ones with "your turn" after it
(:func:`hotseat.narration.choose`), as the "Sound" and "Vibration" settings allow.

* **Events**: a marker ``<i hidden data-cue=NAME data-fx-key=KEY>`` for every event of the last
  move that is on screen: during a paced reveal the events revealed so far, else all of them. Only
  a move made while this screen was up sounds: a game opened from its save, a rejoined phone or a
  redraw plays nothing again.
* **Your turn**: when the seat that acts now is a person at this phone who did not make the last
  move — on the curtain "Pass the phone to NAME" (public: the curtain names them) or on their turn
  screen when no curtain comes first (one person among bots). Never for a bot or for a seat on
  another phone, never for a player who goes on with their own move (a 7's steps, the narrator's
  cards), and never on the curtain of hidden cards (the page was hidden: nobody's turn began). A
  phone of its own is called when its seat comes to act (:func:`phone_cue`).
"""

from __future__ import annotations

import itertools
import weakref
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .markup import Markup, fragment, h
from .narration import TURN
from .phase import Phase
from .seats import HUMAN

if TYPE_CHECKING:
    from .curtain import Curtain
    from .move_log import MoveLog
    from .net.guest import Guest
    from .views.base import Event, GameView


class CuedTable(Protocol):
    """What :func:`table_cue` reads of this phone's table (a :class:`~hotseat.session.Session`)."""

    @property
    def moves_applied(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def curtain(self) -> Curtain: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def log(self) -> MoveLog: ...
    @property
    def seats(self) -> list[dict[str, Any]]: ...


class CuedGuest(Protocol):
    """What :func:`phone_cue` reads of a phone at another's table (a
    :class:`~hotseat.net.play.GuestPlay`)."""

    @property
    def guest(self) -> Guest: ...
    @property
    def phase(self) -> Phase: ...


class Cue(NamedTuple):
    """What a game screen's source says of its sound cues: the ``key`` the last move's markers
    are keyed by (``KEY-<index>``: a move sounds once on this device), and whether "your turn" sounds."""

    key: str
    turn: bool


def markers(view: GameView, events: list[Event], shown: int, viewer: int | None, key: str, turn: bool) -> Markup:
    """The hidden markers of ``events[:shown]`` (each event's cue for ``viewer``, keyed
    ``KEY-<index>``) and, with ``turn``, of "your turn" (``KEY-turn``)."""
    items = []
    for i, event in enumerate(events[: max(shown, 0)]):
        name = view.cue(event, viewer)
        if name:
            items.append(h("i", {"hidden": True, "data-cue": name, "data-fx-key": f"{key}-{i}"}))
    if turn:
        items.append(h("i", {"hidden": True, "data-cue": TURN, "data-fx-key": f"{key}-turn"}))
    return fragment(items)


#: this page's tables, numbered as their screens are first drawn: a cue's key tells one table's
#: moves from another's with nothing secret in it (never the seed: it would give away every deal)
_TABLES: weakref.WeakKeyDictionary[CuedTable, int] = weakref.WeakKeyDictionary()
_NUMBERS = itertools.count(1)


def table_number(s: CuedTable) -> int:
    """``s``'s number on this page (1, 2, …): the same for the session's life, never reused."""
    if s not in _TABLES:
        _TABLES[s] = next(_NUMBERS)
    return _TABLES[s]


def table_cue(s: CuedTable) -> Cue | None:
    """The cues of this phone's game screen (see the module docstring): nothing before the
    first move made here; ``"human"`` seats are the people at this phone."""
    if s.moves_applied == 0:
        return None
    seat = None
    if s.phase is Phase.CURTAIN and not s.curtain.hidden:
        seat = s.curtain.seat
    elif s.phase is Phase.TURN:
        seat = s.actor
    last = s.log.history[-1].player if s.log.history else None
    turn = seat is not None and s.seats[seat]["kind"] == HUMAN and seat != last
    return Cue(f"m{table_number(s)}-{s.moves_applied}", turn)


def phone_cue(play: CuedGuest) -> Cue | None:
    """The cues of a phone's screen at another phone's table: the events of a view that followed
    a move (``fresh``), and "your turn" once the view's reveal is over and it is this seat's turn
    when it was not in the view before, or a new round of choices began (more seats act than
    before: the last secret pick turned the cards and the next turn began)."""
    view = play.guest.view
    if view is None or not view["fresh"]:
        return None
    seat, before = play.guest.seat, play.guest.previous
    acting, was = view["acting"], (before["acting"] if before is not None else [])
    turn = play.phase is Phase.TURN and seat in acting and (seat not in was or len(acting) > len(was))
    return Cue(f"g{view['epoch']}-{view['n']}", turn)
