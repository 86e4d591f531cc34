"""The bots' thinking at one table: a bot's turn in slices, and its secret choice thought ahead.

Pure Python (no browser). A :class:`hotseat.session.Session` keeps one :class:`BotTurns`
(``session.bots``) and asks it for the bot on turn's next slice (:meth:`BotTurns.think`) and for
a slice of thinking ahead while the table waits for people (:meth:`BotTurns.step_ahead`).

* A bot seat decides from its own observation and legal actions only, through
  ``pycore.bots.Search`` in slices of :data:`BOT_SLICE_MS` (the app draws between slices, so no
  frame is blocked); a bot's visible turn waits :data:`BOT_DELAY_MS` before its first slice. The
  bots' secret simultaneous choices (hidden picks: nothing to watch but their markers) take
  :data:`BOT_PICK_DELAY_MS` together, shared out over the table's bot seats, so a person's wait
  after their own pick does not grow with the number of bots.
* A bot's secret simultaneous choice (6 nimmt!'s pick, Bad Bunnies' keep or new hand, Dog's gift)
  is thought out ahead, in the same slices, while the people choose theirs and while the last
  move is revealed or the round's summary is read (``pycore.bots.Ponder``): each such search is
  made as the bot's turn would make it (its observation as the choices began, the rng fork it
  will get: the bots act in seat order, each forking :attr:`BotTurns.rng` once), so the choice
  is the one it would make cold, never depending on a person's choice or on timing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from pycore.rng import Rng

from .phase import Phase

if TYPE_CHECKING:
    from .views import TableState

#: levels whose decision takes thinking (the others decide at once: nothing to think ahead)
THINKING_LEVELS = ("hard",)
#: safety cap in seconds of thinking inside Search.step: every level does a fixed amount of work
#: (a hard decision takes about 1 s on a mid-range phone); the cap only bites on a far slower or
#: starved device, and then ``search.capped`` is set
BOT_BUDGET = {"easy": 6.0, "normal": 6.0, "hard": 6.0}
#: ms a visible bot move ("NAME is thinking…") stays on screen at least
BOT_DELAY_MS = 700
#: ms for the bots' hidden picks of one secret simultaneous choice together (nothing to watch but
#: their markers): each bot seat's pick waits its share (:meth:`BotTurns.delay_ms`)
BOT_PICK_DELAY_MS = 250
#: ms of thinking per slice; the app draws (and the browser paints) between slices. 30 ms keeps
#: every frame far below the 200 ms budget while costing a hard decision ~80 ms of overhead
#: (12 ms slices cost ~195 ms: bench/bots.py measured 12/30/50 ms slices in one run).
BOT_SLICE_MS = 30
#: the screens during which the bots think ahead one slice a tick (the table waits for people)
PONDER_PHASES = (Phase.TURN, Phase.CURTAIN, Phase.WAIT, Phase.SUMMARY)

#: Blocking bot hook: ``hook(game, observation, legal_actions, rng, time_budget, level) -> action``.
#: It may carry ``hook.start(game, observation, legal_actions, rng, level, time_budget)``
#: returning an object with ``step(ms) -> action | None`` (sliced thinking, as pycore.bots.Search).
BotHook = Callable[[Any, dict[str, Any], list[dict[str, Any]], Rng, float, str], dict[str, Any]]


class SlicedSearch(Protocol):
    """A bot's search in progress (``pycore.bots.Search``): thinks for about ``ms`` milliseconds
    per call, then returns its action, or ``None`` while it is not done."""

    def step(self, ms: float) -> dict[str, Any] | None: ...


class BotTable(Protocol):
    """What the bots read of their table (a :class:`hotseat.session.Session`), and its one door
    for their moves (:meth:`apply`: applied, saved, revealed)."""

    game: Any
    seats: list[dict[str, Any]]
    state: TableState

    def apply(self, player: int, action: dict[str, Any]) -> list[dict[str, Any]] | None: ...


def is_bot(kind: str) -> bool:
    return kind.startswith("bot:")


class BotTurns:
    """The bots of one table (see the module docstring).

    Attributes:
        hook: the :data:`BotHook` (``None``: a table without bots).
        rng: the bots' generator; each bot decision forks it once (saved with the game).
        search: the bot on turn's sliced search in progress, or ``None``.
        ponder: the bots' secret simultaneous choices thought out ahead (``pycore.bots.Ponder``),
            or ``None`` when the hook cannot think ahead.
        capped: a bot seat whose last search the time cap cut short (it played its best move so
            far); the shell tells the table once and clears it.
    """

    def __init__(self, table: BotTable, hook: BotHook | None, seed: int) -> None:
        self.table = table
        self.hook = hook
        self.rng = Rng(seed ^ 0x5EA7B07)
        self.search: SlicedSearch | None = None
        make_ponder = getattr(hook, "ponder", None)
        self.ponder: Any = make_ponder() if make_ponder is not None else None
        self.capped: int | None = None

    def level(self, seat: int) -> str:
        kind: str = self.table.seats[seat]["kind"]
        return kind.split(":", 1)[1]

    def ponder_ahead(self) -> None:
        """Keep one search per bot seat that has a secret simultaneous choice to make now, made as
        :meth:`think` will make it: the bots act in seat order, each forking the bot rng once,
        so the ``k``-th of them gets the ``k``-th fork of the bot rng as it is now."""
        ponder = self.ponder
        if ponder is None:
            return
        table = self.table
        acting = table.state.current_players()
        bots = [p for p in acting if is_bot(table.seats[p]["kind"])]
        for seat in [s for s in ponder.searches if s not in bots]:
            del ponder.searches[seat]
        ahead = Rng.from_state(self.rng.state)
        for seat in bots:
            rng = ahead.fork()
            level = self.level(seat)
            obs = table.state.observation(seat)
            if level not in THINKING_LEVELS or not self.hook.secret_choice(table.game, obs):  # type: ignore[union-attr]
                ponder.searches.pop(seat, None)
                continue
            legal = table.state.legal_actions(seat)
            have = ponder.searches.get(seat)
            if have is None or not have.matches(obs, legal, rng, level):
                start = self.hook.start  # type: ignore[union-attr]
                ponder.add(seat, start(table.game, obs, legal, rng, level, BOT_BUDGET[level]))

    def pondering(self, phase: Phase) -> bool:
        """Whether bots are thinking ahead on their secret choices, one slice a tick, while the
        table (in ``phase``) waits for people: their choices, the round's summary."""
        return self.ponder is not None and phase in PONDER_PHASES and not self.ponder.done

    def pondering_aside(self, phase: Phase) -> bool:
        """Whether bots think ahead beside the screen's own timer: during a paced reveal, whose
        steps keep their pace, the app runs slices of :meth:`step_ahead` in the time between them.
        (The searches are those :meth:`ponder_ahead` made when the move was applied: the state is
        already past the move the reveal shows.)"""
        return self.ponder is not None and phase is Phase.REVEAL and not self.ponder.done

    def step_ahead(self) -> None:
        """One slice of the bots' thinking ahead."""
        self.ponder.step(BOT_SLICE_MS)

    def delay_ms(self, seat: int) -> int:
        """Milliseconds until the next slice of the bot in ``seat``: before the first one, its
        turn's least time on screen, then 0 (right after the browser has painted). A secret
        simultaneous choice (a hidden pick) waits its share of :data:`BOT_PICK_DELAY_MS` (the
        table's bot seats share it), a visible move :data:`BOT_DELAY_MS`."""
        if self.search is not None:
            return 0
        table = self.table
        secret = getattr(self.hook, "secret_choice", None)
        if secret is not None:
            hidden = bool(secret(table.game, table.state.observation(seat)))
        else:  # a hook that cannot tell: a choice among several players is taken for a hidden one
            hidden = len(table.state.current_players()) > 1
        if not hidden:
            return BOT_DELAY_MS
        bots = sum(1 for s in table.seats if is_bot(s["kind"]))
        return BOT_PICK_DELAY_MS // max(bots, 1)

    def think(self, seat: int) -> list[dict[str, Any]] | None:
        """One slice of the bot's thinking; applies its action once decided.

        The bot sees only ``observation(seat)`` and ``legal_actions(seat)``, never the State.
        Returns the events when the action was applied, else ``None`` (still thinking, or the
        move was taken back: :meth:`hotseat.session.Session.apply`).
        """
        table = self.table
        legal = table.state.legal_actions(seat)
        assert self.hook is not None, "a table with bot seats has a bot hook (checked at the start)"
        if self.search is None:
            level = self.level(seat)
            rng = self.rng.fork()
            obs = table.state.observation(seat)
            start = getattr(self.hook, "start", None)
            if start is None:
                chosen = self.hook(table.game, obs, legal, rng, BOT_BUDGET[level], level)
                return self._apply(seat, chosen, legal)
            ahead = self.ponder.take(seat, obs, legal, rng, level) if self.ponder is not None else None
            self.search = ahead if ahead is not None else start(table.game, obs, legal, rng, level, BOT_BUDGET[level])
        action = self.search.step(BOT_SLICE_MS)
        if action is None:
            return None
        if getattr(self.search, "capped", False):
            self.capped = seat  # the shell says so (the device was too slow for the bot's work)
        return self._apply(seat, action, legal)

    def _apply(self, seat: int, action: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        self.search = None
        if action not in legal:  # a bot bug must not corrupt the game
            action = legal[0]
        return self.table.apply(seat, action)

    def play(self, seat: int) -> list[dict[str, Any]]:
        """Let the bot in ``seat`` think to the end and act (blocking; for tests and tools)."""
        while True:
            events = self.think(seat)
            if events is not None:
                return events
