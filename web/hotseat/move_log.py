"""A game's move log at one table: the moves since its start, their public events, the replay.

A :class:`hotseat.session.Session` keeps one :class:`MoveLog` (``session.log``). The save keeps
the log (:mod:`hotseat.session_save`: its start state and its moves), so that the events of the
game are recomputed by the engine on load instead of being stored; the story
(:mod:`hotseat.story`) is told from its :attr:`MoveLog.history`, and the replay after the game
steps through it (:meth:`MoveLog.replay`). A log that is full (:data:`MAX_LOG_MOVES`) drops its
oldest rounds (:meth:`MoveLog.make_room`); the story then starts later
(:attr:`MoveLog.begins_later`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .story import Move

if TYPE_CHECKING:
    from .views import TableState
    from .views.base import GameView

#: moves kept in a save's log, the whole game's story (:mod:`hotseat.story`): a 6 nimmt! game at
#: ten players is about 330 moves, a Dog game of four about 1,900 with random moves (about 62
#: characters a move: 3,000 moves are ~190,000 characters, under
#: :data:`hotseat.saves.MAX_SAVE_CHARS`). A log that is full drops its oldest rounds
#: (:meth:`MoveLog.make_room`).
MAX_LOG_MOVES = 3_000


class MoveLog:
    """The moves since :attr:`start` and one :class:`~hotseat.story.Move` per move.

    Attributes:
        start: the state's JSON the log starts from (the game's start unless the log was full).
        moves: ``[{"player": seat, "action": action}, ...]`` since :attr:`start`.
        history: one :class:`~hotseat.story.Move` (seat and public events, never the action) per
            logged move.

    ``load_state(json)`` reads a state's JSON (the game's ``state_from_json``); ``initial()`` is the
    state the game began in (to tell whether the log starts later).
    """

    def __init__(
        self,
        load_state: Callable[[str], TableState],
        initial: Callable[[], TableState],
        start: str,
        moves: list[dict[str, Any]],
        history: list[Move],
    ) -> None:
        self.load_state = load_state
        self.initial = initial
        self.start = start
        self.moves = moves
        self.history = history
        self._replay_at: tuple[int, Any] = (-1, None)  # the replay's last move and state (replay)

    def copy(self) -> MoveLog:
        """A copy to take moves back to: its own lists, the same replay position."""
        kept = MoveLog(self.load_state, self.initial, self.start, list(self.moves), list(self.history))
        kept._replay_at = self._replay_at
        return kept

    def forget_replay(self) -> None:
        """Drop the replay's kept state (the log changed under it)."""
        self._replay_at = (-1, None)

    def record(self, player: int, action: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """``player``'s ``action`` was applied, with public ``events``."""
        self.moves.append({"player": player, "action": action})
        self.history.append(Move(player, events))

    def make_room(self, state: TableState, view: GameView) -> None:
        """Before a move: when the log is full, drop its oldest moves: the log then starts where
        the current round began (the round summary still finds this round's moves, by the view's
        ``story_round``), or, when this round alone fills the log, at ``state`` (the current one).
        The story then starts later (:attr:`begins_later`)."""
        if len(self.moves) < MAX_LOG_MOVES:
            return
        starts = [i + 1 for i, move in enumerate(self.history) if view.story_round(move.events) is not None]
        keep_from = starts[-1] if starts and starts[-1] > 0 else len(self.moves)
        self.forget_replay()
        if keep_from >= len(self.moves) or len(self.history) != len(self.moves):
            self.start, self.moves, self.history = state.to_json(), [], []
            return
        replayed = self.load_state(self.start)
        for move in self.moves[:keep_from]:
            replayed.apply_action(move["player"], move["action"])
        self.start = replayed.to_json()
        self.moves, self.history = self.moves[keep_from:], self.history[keep_from:]

    @property
    def begins_later(self) -> bool:
        """Whether the log (and so the story) starts after the game's first move: a full log
        dropped its oldest rounds, or the save came from a version that kept less."""
        start: str = self.initial().to_json()
        return start != self.start

    def first_round(self) -> int:
        """The round the story starts in (the public round number at the log's start)."""
        return int(self.load_state(self.start).public_observation().get("round", 1))

    def replay(self, index: int) -> dict[str, Any]:
        """The public observation after logged move ``index`` (the replay after the game), replayed
        by the engine from the log's start; the last one asked for is kept, so stepping on costs
        one move. Raises IndexError for an index outside the log."""
        if not 0 <= index < len(self.moves):
            raise IndexError(f"move {index} is not in the log of {len(self.moves)} moves")
        state: TableState | None
        done, state = self._replay_at
        if state is None or done > index:
            done, state = -1, self.load_state(self.start)
        for move in self.moves[done + 1 : index + 1]:
            state.apply_action(move["player"], move["action"])
        self._replay_at = (index, state)
        return state.public_observation()
