""" "Undo my move" at a phone people share: the move just made, kept to take back.

A :class:`hotseat.session.Session` keeps one :class:`TakeBack` (``session.take_back``). At a phone
people share, the player who just moved may take the move back on the hand-off screen until the
next player shows their cards (:meth:`TakeBack.offered`), as long as nothing happened since (no
other seat moved), the move revealed nothing hidden (:meth:`pycore.core.State.reveals_hidden`)
and it did not end a round. In a game with hidden cards their own hand-off screen comes back
first, never their hand: the tap may come from the next player, who holds the phone by then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .phase import Phase

if TYPE_CHECKING:
    from pycore.core import Game

    from .curtain import Curtain
    from .move_log import MoveLog
    from .turn_flow import TurnFlow
    from .views import TableState


class TakeBackTable(Protocol):
    """What a :class:`TakeBack` reads and sets of its table (a :class:`~hotseat.session.Session`):
    its checkpoints, and the screen it puts back after "Undo my move"."""

    phase: Phase
    viewer: int | None
    public_actor: int | None
    events: list[dict[str, Any]]

    @property
    def game(self) -> Game[Any]: ...
    @property
    def state(self) -> TableState: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def summary_due(self) -> bool: ...
    @property
    def flow(self) -> TurnFlow: ...
    @property
    def curtain(self) -> Curtain: ...
    @property
    def log(self) -> MoveLog: ...

    def checkpoint(self) -> dict[str, Any]: ...
    def restore(self, checkpoint: dict[str, Any], but: tuple[str, ...] = ()) -> None: ...
    def saved(self) -> bool: ...
    def public_turn(self, seat: int) -> bool: ...


class TakeBack:
    """The move ``session``'s player at this shared phone may still take back.

    Attributes:
        kept: ``{"player", "checkpoint", "moves", "fair"}``: who moved, the session as it was
            before (:meth:`hotseat.session.Session.checkpoint`), the log's length after the move
            (-1 while it is being made) and whether it revealed nothing hidden; or ``None``.
    """

    def __init__(self, session: TakeBackTable) -> None:
        self.session = session
        self.kept: dict[str, Any] | None = None

    def drop(self) -> None:
        """The move stands (the next player saw their cards, a seat changed hands)."""
        self.kept = None

    def keep(self, player: int, action: dict[str, Any]) -> None:
        """Before ``player``'s move at a phone people share: keep what is needed to take back
        everything they do in this turn (a 7's steps are one move), unless the move shows them or
        the table something hidden from them (:meth:`pycore.core.State.reveals_hidden`: the last
        secret pick turns every card over, a card drawn from the deck): such a move stands."""
        s = self.session
        if len(s.humans) < 2:
            return
        kept = self.kept
        if kept is None or kept["player"] != player or kept["moves"] != len(s.log.moves):
            kept = self.kept = {"player": player, "checkpoint": s.checkpoint(), "moves": -1, "fair": True}
        if kept["fair"] and s.state.reveals_hidden(player, action):
            kept["fair"] = False

    def moved(self) -> None:
        """After the kept player's move: it may be taken back until another seat moves; a move that
        ends a round stands (the whole table sees its summary)."""
        if self.kept is not None:
            self.kept["moves"] = len(self.session.log.moves)
            if self.session.summary_due:
                self.kept = None

    def offered(self) -> bool:
        """Whether the hand-off screen offers "Undo my move": the player who just moved at this
        shared phone may take their move back until the next player shows their cards, as long
        as nothing happened since (no other seat moved), the move revealed nothing hidden and it
        did not end a round (the round summary follows it, not a hand-off screen)."""
        kept, s = self.kept, self.session
        return (
            kept is not None
            and kept["fair"]
            and kept["moves"] == len(s.log.moves)
            and s.phase is Phase.CURTAIN
            and not s.curtain.hidden
            and s.curtain.seat != kept["player"]
        )

    @property
    def mover(self) -> int | None:
        """The seat whose move "Undo my move" would take back now, or ``None``."""
        return self.kept["player"] if self.offered() and self.kept is not None else None

    def take(self) -> None:
        """ "Undo my move": the table as it was before the player's move, their turn again; saved.
        In a game with hidden cards their hand-off screen comes first: the tap may come from the
        next player, who holds the phone by then and must not see the hand taken back."""
        kept, s = self.kept, self.session
        assert kept is not None, "a move to take back"
        self.kept = None
        # the count of moves goes on (a move made again sounds again: a new key for its cues)
        s.restore(kept["checkpoint"], but=("take_back", "moves_applied"))
        s.events = []
        s.flow.cancel()
        s.log.forget_replay()
        s.saved()
        if s.game.hidden_information and s.public_turn(kept["player"]):
            # a choice that needs no hand (6 nimmt!'s row) is made again on the public table
            s.phase = Phase.TURN
            s.viewer = s.curtain.holder = None
            s.public_actor = kept["player"]
            s.curtain.seat = None
        elif s.game.hidden_information:
            s.phase = Phase.CURTAIN
            s.viewer = s.curtain.holder = None
            s.curtain.seat = kept["player"]
        else:
            s.phase = Phase.TURN
            s.viewer = s.curtain.holder = kept["player"]
            s.curtain.seat = None
