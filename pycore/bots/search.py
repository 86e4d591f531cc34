"""The search behind every level: one :class:`Search` object per decision, run in slices.

A :class:`Search` is built from what a seat may know — ``(game, observation, legal_actions,
rng)`` — and never from a :class:`~pycore.core.State`. ``easy`` and ``normal`` answer on the
first :meth:`Search.step`; ``hard`` runs *determinized Monte Carlo* (perfect-information Monte
Carlo over sampled worlds):

1. a *world* is a full state consistent with the observation, built by the game's
   ``determinize(game, observation, rng)`` in ``pycore/bots/<game>.py`` (cards the seat cannot see
   are dealt at random from the unseen pool);
2. every candidate action is tried in that same world (paired samples: the same world and the same
   rollout seed for each candidate, so differences between candidates are not drowned by the luck
   of the deal) and the game's ``playout`` plays on to its horizon (end of the round or the game)
   with a fast rollout policy and returns a value for the seat (higher is better);
3. successive halving spends the worlds where they matter: after :data:`HALVING_FIRST` worlds the
   worse half of the candidates is dropped, after twice as many more the worse half of the rest,
   and so on down to two (the survivors have all seen the same worlds, so their totals compare);
   a game module can turn this off with ``HALVING = False``;
4. after the last world the surviving candidate with the best total is played (ties: the first
   listed).

Each world costs one playout per candidate; :meth:`Search.step` checks the clock after every
playout so a slice never runs much longer than asked, and the time budget counts only the time
spent inside ``step`` (the UI's own frames do not eat the bot's thinking time).
"""

from __future__ import annotations

import time
from typing import Any, Iterator

from ..rng import Rng

LEVELS = ("easy", "normal", "hard")

#: default thinking time of ``hard`` in seconds of CPython time (Pyodide is ≈ 2× slower, so the UI
#: that wants ≤ 1 s in Chromium passes its own budget)
DEFAULT_TIME_BUDGET = 0.4

#: successive halving: after this many worlds the worse half of the candidates is dropped, then
#: again after 2×+this more, and so on (never below two candidates)
HALVING_FIRST = 10


def bot_module(game_id: str) -> Any:
    """The module ``pycore.bots.<game_id>`` holding a game's heuristics and playouts.

    Raises:
        ValueError: no bots exist for ``game_id`` (e.g. ``bunny_moose``, a party game).
    """
    import importlib

    try:
        return importlib.import_module(f"pycore.bots.{game_id}")
    except ModuleNotFoundError:
        raise ValueError(f"no bots for game {game_id!r}") from None


class Search:
    """One bot decision, computed in bounded slices.

    Args:
        game: the :class:`~pycore.core.Game` (``pycore.load_game(id)``).
        observation: ``state.observation(seat)`` — all the bot may know.
        legal_actions: ``state.legal_actions(seat)`` (non-empty).
        rng: the bot's own :class:`~pycore.rng.Rng`; it decides everything random, so the same
            inputs and the same rng state give the same action.
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        time_budget: seconds of thinking for ``hard`` (counted inside :meth:`step` only); ``None``
            means no clock limit (then ``iterations`` must be set).
        iterations: at most this many worlds for ``hard`` (``None``: no cap). Tests and
            tournaments set it and ``time_budget=None`` to get results independent of the machine.

    Raises:
        ValueError: unknown level, empty ``legal_actions``, or neither limit set for ``hard``.
    """

    def __init__(
        self,
        game: Any,
        observation: dict,
        legal_actions: list[dict],
        rng: Rng,
        level: str = "normal",
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {list(LEVELS)}")
        if not legal_actions:
            raise ValueError("a bot needs at least one legal action")
        if level == "hard" and time_budget is None and iterations is None:
            raise ValueError("hard needs a time_budget or an iterations cap")
        self.game = game
        self.observation = observation
        self.legal_actions = list(legal_actions)
        self.rng = rng
        self.level = level
        self.time_budget = time_budget
        self.iterations = iterations
        self.module = bot_module(game.id)
        self.result: dict | None = None
        #: seconds spent inside step() so far
        self.elapsed = 0.0
        #: worlds fully evaluated (hard only)
        self.worlds = 0
        self._work: Iterator[None] | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self, ms: float = 20.0) -> dict | None:
        """Work for about ``ms`` milliseconds; return the chosen action once decided, else ``None``.

        A slice may overrun by one playout (well under a millisecond for 6 nimmt!, a few for Dog).
        Calling it again after the decision returns the same action.
        """
        if self.result is not None:
            return self.result
        start = self._slice_start = time.perf_counter()
        if self._work is None:
            if len(self.legal_actions) == 1:
                self.result = self.legal_actions[0]
            elif self.level == "easy":
                self.result = self.module.easy(self.game, self.observation, self.legal_actions, self.rng)
            elif self.level == "normal":
                self.result = self.module.normal(self.game, self.observation, self.legal_actions, self.rng)
            else:
                self._work = self._hard()
        if self._work is not None:
            deadline = start + ms / 1000.0
            for _ in self._work:
                if time.perf_counter() >= deadline:
                    break
        self.elapsed += time.perf_counter() - start
        return self.result

    def run(self) -> dict:
        """Step until decided (blocking; for CPython callers, tests and tournaments)."""
        while self.result is None:
            self.step(1000.0)
        return self.result

    # ---- hard: determinized Monte Carlo -------------------------------------------------------

    def _out_of_time(self) -> bool:
        if self.iterations is not None and self.worlds >= self.iterations:
            return True
        if self.time_budget is not None:
            # the slice in progress has not been added to self.elapsed yet: see _hard()
            return self._clock() >= self.time_budget
        return False

    def _clock(self) -> float:
        return self.elapsed + (time.perf_counter() - self._slice_start)

    def _hard(self) -> Iterator[None]:
        module = self.module
        game, obs, rng = self.game, self.observation, self.rng
        candidates = module.candidates(game, obs, self.legal_actions, rng)
        if len(candidates) == 1:
            self.result = candidates[0]
            return
        totals = [0.0] * len(candidates)
        active = list(range(len(candidates)))
        next_cut = HALVING_FIRST if getattr(module, "HALVING", True) else -1
        while True:
            world = module.determinize(game, obs, rng)
            seed = rng.next64()
            values = []
            for i in active:
                values.append(module.playout(game, world, obs, candidates[i], seed))
                yield
            for i, v in zip(active, values):
                totals[i] += v
            self.worlds += 1
            if self._out_of_time():
                break
            if self.worlds == next_cut and len(active) > 2:
                # successive halving: every survivor has seen the same worlds, so totals compare
                active.sort(key=lambda i: (-totals[i], i))
                active = sorted(active[: max(2, (len(active) + 1) // 2)])
                next_cut = 2 * next_cut + HALVING_FIRST
        best = max(active, key=lambda i: (totals[i], -i))
        self.result = candidates[best]


def choose_action(
    game: Any,
    observation: dict,
    legal_actions: list[dict],
    rng: Rng,
    time_budget: float | None = DEFAULT_TIME_BUDGET,
    level: str = "normal",
    iterations: int | None = None,
) -> dict:
    """One of ``legal_actions`` for the seat whose ``observation`` is given (blocking).

    Same arguments as :class:`Search`; returns ``Search(...).run()``.
    """
    return Search(game, observation, legal_actions, rng, level, time_budget, iterations).run()
