"""The seats played on their own phones, at the host's session: their moves, and a phone away.

A :class:`hotseat.session.Session` keeps one :class:`PhoneSeats` (``session.phones``); the host
(:class:`hotseat.net.host.Host`) reaches it as ``table.phones``. The session stays the only
authority:

* **Moves from phones** (:meth:`PhoneSeats.apply_remote`): a legal action a seat's own phone sent
  is applied and saved, leaving the screen of the human at this phone as it is when it can (a
  selection or an unconfirmed pick stays while another player's phone picks); during a reveal or
  the round summary this phone's table is busy and :meth:`PhoneSeats.accepts_remote` says no (the
  host holds such actions back until it is done).
* **A phone away** (:meth:`PhoneSeats.stand_in`): while a seat's phone is away, the host may have
  a bot or the people at this phone play that seat (its kind changes, and the seat keeps
  ``"phone": True``: it is still the phone's seat); :meth:`PhoneSeats.phone_back` gives the seat
  back to its phone when it rejoins. Both are saved with the seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .bot_turns import is_bot
from .formats import format_list
from .i18n import gettext as _
from .phase import Phase
from .saves import StorageError
from .seats import GUEST, STAND_IN_KINDS, bots_for, is_guest
from .turn_flow import paced

if TYPE_CHECKING:
    from .bot_turns import BotHook, BotTurns
    from .curtain import Curtain
    from .take_back import TakeBack
    from .turn_flow import TurnFlow
    from .views import TableState
    from .views.base import GameView


class PhoneTable(Protocol):
    """What :class:`PhoneSeats` reads and calls of its table (a :class:`~hotseat.session.Session`):
    the seats (changed in place), the moves applied, checkpoints and saves, the screen."""

    events: list[dict[str, Any]]

    @property
    def game_id(self) -> str: ...
    @property
    def state(self) -> TableState: ...
    @property
    def view(self) -> GameView: ...
    @property
    def seats(self) -> list[dict[str, Any]]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def bot_seat(self) -> int | None: ...
    @property
    def bot_hook(self) -> BotHook | None: ...
    @property
    def bots(self) -> BotTurns: ...
    @property
    def flow(self) -> TurnFlow: ...
    @property
    def curtain(self) -> Curtain: ...
    @property
    def take_back(self) -> TakeBack: ...

    def checkpoint(self) -> dict[str, Any]: ...
    def restore(self, checkpoint: dict[str, Any], but: tuple[str, ...] = ()) -> None: ...
    def saved(self) -> bool: ...
    def apply_logged(
        self, player: int, action: dict[str, Any]
    ) -> tuple[list[dict[str, Any]], dict[str, Any], int | None]: ...
    def after_move(self, events: list[dict[str, Any]], before: dict[str, Any], reveal_viewer: int | None) -> bool: ...
    def log_round(self, events: list[dict[str, Any]]) -> None: ...
    def advance(self) -> None: ...


class PhoneSeats:
    """The phones' side of ``session`` (see the module docstring)."""

    def __init__(self, session: PhoneTable) -> None:
        self.session = session

    @property
    def guests(self) -> list[int]:
        """Seats played on their own phones now."""
        return [i for i, seat in enumerate(self.session.seats) if is_guest(seat["kind"])]

    @property
    def seats(self) -> list[int]:
        """Seats that belong to their own phones: played there, or here while the phone is away."""
        return [i for i, seat in enumerate(self.session.seats) if is_guest(seat["kind"]) or seat.get("phone")]

    @property
    def waiting(self) -> list[int]:
        """Seats on their own phones the table waits for now (public)."""
        acting = self.session.state.current_players()
        return [p for p in self.guests if p in acting]

    def waiting_line(self) -> str | None:
        """The header line while the table waits for phones (:attr:`Phase.WAIT`), or ``None``."""
        s = self.session
        if s.phase is not Phase.WAIT:
            return None
        return _("Waiting for {names}").format(names=format_list([s.names[p] for p in self.waiting]))

    def accepts_remote(self) -> bool:
        """Whether an action from a phone can be applied now: not while this phone's table plays
        out a reveal or shows the round summary (the host holds such actions back until then)."""
        return self.session.phase not in (Phase.REVEAL, Phase.SUMMARY)

    def apply_remote(self, player: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply the legal ``action`` that ``player``'s own phone sent (the caller checked it is
        legal, :mod:`hotseat.net.host`), and save. The screen here stays as it is when nothing
        there changes — a human at this phone keeps a selection or an unconfirmed pick while
        another player's phone picks — and otherwise moves on as after any action (a reveal, the
        round summary, the next player).

        Raises:
            IllegalActionError: the action is not legal (the state is unchanged).
            StorageError: the save refused the move; it is taken back (the session is as before).
        """
        s = self.session
        checkpoint = s.checkpoint()
        events, before, reveal_viewer = s.apply_logged(player, action)
        acting = s.state.current_players()
        still = (
            (s.phase is Phase.TURN and s.actor in acting)
            or (s.phase is Phase.CURTAIN and s.curtain.seat in acting)
            or (s.phase is Phase.BOT and s.bot_seat in acting)
        )
        if still and not s.view.ends_round(events) and not paced(s.view, events):
            s.events = events
            s.log_round(events)
            s.bots.ponder_ahead()
            kept = s.saved()
        else:
            kept = s.after_move(events, before, reveal_viewer)
        if not kept:
            s.restore(checkpoint)
            raise StorageError("the save refused the move: it was taken back")
        return events

    def ready_for_next(self, seat: int | None, phones: list[int]) -> bool:
        """``seat``'s own phone tapped "Next round" on the round summary (``None``: only the
        phones at the table, ``phones``, changed): the turn flow's rule
        (:meth:`hotseat.turn_flow.TurnFlow.ready_for_next`; on the table screen the summary
        closes once every phone is ready). Only a seat played on its phone counts. Returns
        whether anything changed."""
        if seat is not None and seat not in self.guests:
            return False
        return self.session.flow.ready_for_next(seat, [p for p in phones if p in self.guests])

    def stand_in(self, seat: int, kind: str) -> None:
        """While ``seat``'s phone is away, ``kind`` plays the seat here: a bot (``"bot:<level>"``)
        or the people at this phone (:data:`~hotseat.seats.HUMAN`: the seat gets the hand-off
        curtain like every seat people share). The seat stays its phone's (:meth:`phone_back`). A
        table that waited only for phones goes on at once; a turn on screen is left as it is.

        Raises:
            ValueError: ``seat`` is not a phone's seat, ``kind`` cannot stand in, or it is a bot
                and this table has no bots.
            StorageError: the save refused the change (the seat still waits for its phone).
        """
        s = self.session
        if seat not in self.seats:
            raise ValueError(f"seat {seat!r} is not played on its own phone")
        if kind not in STAND_IN_KINDS:
            raise ValueError(f"{kind!r} cannot play a phone's seat")
        if is_bot(kind) and not bots_for(s.game_id, s.bot_hook):
            raise ValueError("no bots are available for this game")
        was = s.seats[seat]
        s.seats[seat] = {"name": was["name"], "kind": kind, "phone": True}  # in place: checkpoints share it
        if not s.saved():
            s.seats[seat] = was
            raise StorageError("the save refused the change: the seat waits for its phone")
        s.take_back.drop()
        if s.phase is Phase.WAIT:
            s.advance()
        else:
            s.bots.ponder_ahead()

    def phone_back(self, seat: int) -> None:
        """``seat``'s phone rejoined: the seat is played there again. Whatever stood in for it
        stops: a bot's thinking, or that player's turn or curtain on this screen (a choice in
        progress is dropped, nothing in the game changes). Nothing happens for a seat its phone
        plays already. Saved; when the save is refused the seat is the phone's all the same (the
        saved copy has the seat played here until the next save, or until the phone rejoins a
        reloaded host)."""
        s = self.session
        if seat not in self.seats or is_guest(s.seats[seat]["kind"]):
            return
        s.seats[seat] = {"name": s.seats[seat]["name"], "kind": GUEST}
        s.saved()
        s.take_back.drop()
        if s.curtain.holder == seat:
            s.curtain.holder = None
        on_screen = (
            (s.phase is Phase.TURN and s.actor == seat)
            or (s.phase is Phase.CURTAIN and s.curtain.seat == seat)
            or (s.phase is Phase.BOT and s.bot_seat == seat)
            or s.phase is Phase.WAIT
        )
        if on_screen:
            s.flow.drop()
            s.bots.search = None
            s.advance()
        else:
            s.bots.ponder_ahead()
