"""The search behind every level: one :class:`Search` object per decision, run in slices.

A :class:`Search` is built from what a seat may know — ``(game, observation, legal_actions,
rng)`` — and never from a :class:`~pycore.core.State`. ``easy`` and ``normal`` answer on the
first :meth:`Search.step`; ``hard`` runs *determinized Monte Carlo* (perfect-information Monte
Carlo over sampled worlds) with a fixed amount of work:

1. a *world* is a full state consistent with the observation, built by the game's
   ``determinize(game, observation, rng)`` in ``pycore/bots/<game>.py`` (cards the seat cannot see
   are dealt at random from the unseen pool);
2. every candidate action still in the race is tried in that same world (paired samples: the same
   world and the same playout seed for each candidate, so differences between candidates are not
   drowned by the luck of the deal) and the game's ``playout`` plays on to its horizon with a fast
   playout policy and returns a value for the seat (higher is better);
3. *sequential halving* (Karnin, Koren and Somekh, 2013) spends a fixed number of playouts where
   they matter: the budget is split evenly over ``ceil(log2(k))`` stages for ``k`` candidates;
   each stage gives every surviving candidate the same new worlds, then the worse half is dropped
   (the survivors have all seen the same worlds, so their totals compare). A game module can turn
   this off with ``HALVING = False`` (every candidate then sees every world);
4. after the last stage the surviving candidate with the best total is played (ties: the first
   listed).

**Strength is fixed by work, not by time.** The number of playouts of a decision is the game
module's ``hard_playouts(observation, candidates)`` (it may depend on the table size and the number
of candidates, never on the machine), so a hard bot plays the same moves on a slow phone as on a
laptop, and a seeded tournament prints the same table at any machine load. The time budget is only
a safety cap: when it stops the search before its playouts are done, :attr:`Search.capped` is set
and the best candidate so far is played (the ``normal`` move when not even one world was finished).

:meth:`Search.step` checks the clock after every playout so a slice never runs much longer than
asked, and the time cap counts only the time spent inside ``step`` (the UI's own frames do not eat
the bot's thinking time).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..rng import Rng

#: an observation as a bot reads it: ``state.observation(seat)``, a JSON-safe mapping
Observation = Mapping[str, Any]
#: an action as a bot handles it: one of ``state.legal_actions(seat)``, a JSON-safe mapping
Action = Mapping[str, Any]

LEVELS = ("easy", "normal", "hard")

#: the default safety cap on thinking, in seconds counted inside :meth:`Search.step`. Hard's fixed
#: work takes well under a second of CPython time; the cap only bites on a device many times slower
#: than the phones the work was sized for, or a starved one (then :attr:`Search.capped` is set).
DEFAULT_TIME_BUDGET = 6.0


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


def halving_stages(k: int) -> int:
    """Stages of sequential halving for ``k`` candidates: ``ceil(log2(k))``, at least 1.

    >>> [halving_stages(k) for k in (1, 2, 3, 4, 5, 10, 16, 27)]
    [1, 1, 2, 2, 3, 4, 4, 5]
    """
    return max(1, (k - 1).bit_length())


class Search:
    """One bot decision, computed in bounded slices.

    Args:
        game: the :class:`~pycore.core.Game` (``pycore.load_game(id)``).
        observation: ``state.observation(seat)`` — all the bot may know.
        legal_actions: ``state.legal_actions(seat)`` (non-empty).
        rng: the bot's own :class:`~pycore.rng.Rng`; it decides everything random, so the same
            inputs and the same rng state give the same action.
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        time_budget: safety cap in seconds of thinking (counted inside :meth:`step` only); ``None``
            means no cap. The cap never changes the work a decision is meant to do, only stops it.
        playouts: hard's playouts for this decision; ``None`` (the default) means the game's fixed
            work, ``hard_playouts(observation, candidates)`` in ``pycore/bots/<game>.py``.
            Tournaments and tests pass a number to try other amounts of work.

    Attributes (read by the UI while and after thinking):
        done: the decision is made.
        progress: share of the planned playouts done, 0.0 .. 1.0 (1.0 once decided).
        capped: the time budget stopped the search before its playouts were done (the move is
            then weaker than the level's usual play; the UI may say so).
        elapsed: seconds spent inside :meth:`step` so far.
        worlds, playouts_done, planned: worlds dealt, playouts run, playouts planned (hard).

    Raises:
        ValueError: unknown level, empty ``legal_actions``, ``playouts`` < 1 or ``time_budget`` <= 0.
    """

    #: the clock read by :meth:`step` (seconds; a test may replace it on an instance)
    clock = staticmethod(time.perf_counter)

    def __init__(
        self,
        game: Any,
        observation: Observation,
        legal_actions: Sequence[Action],
        rng: Rng,
        level: str = "normal",
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        playouts: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {list(LEVELS)}")
        if not legal_actions:
            raise ValueError("a bot needs at least one legal action")
        if playouts is not None and (not isinstance(playouts, int) or playouts < 1):
            raise ValueError(f"playouts must be a positive whole number, not {playouts!r}")
        if time_budget is not None and not time_budget > 0:
            raise ValueError(f"time_budget must be positive seconds or None, not {time_budget!r}")
        self.game = game
        self.module = bot_module(game.id)
        #: the rng's state when the search was made: with ``level`` and the observation, all the
        #: decision depends on (:meth:`matches`)
        self.rng_start = rng.state
        # a secret simultaneous choice is decided on the observation as it was when the choices
        # began (the game module's ``before_choices``): the same whenever the bot is asked
        self.observation = self.module.before_choices(observation)
        self.legal_actions = list(legal_actions)
        self.rng = rng
        self.level = level
        self.time_budget = time_budget
        self.result: Action | None = None
        self.capped = False
        self.elapsed = 0.0
        self.worlds = 0
        self.playouts_done = 0
        self.planned = 0
        self._playouts = playouts
        self._work: Iterator[None] | None = None
        self._slice_start = 0.0
        self._longest = 0.0  # the longest step of the work seen so far (seconds)

    def matches(self, observation: Observation, legal_actions: Sequence[Action], rng: Rng, level: str) -> bool:
        """Whether this search decides what a new ``Search(game, observation, legal_actions,
        rng, level)`` would: same level, same rng state, same observation once secret choices
        made since are forgotten (``before_choices``), same legal actions. A search started
        ahead of time (:class:`Ponder`) is used only when it matches."""
        return (
            level == self.level
            and rng.state == self.rng_start
            and self.module.before_choices(observation) == self.observation
            and list(legal_actions) == self.legal_actions
        )

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def progress(self) -> float:
        if self.result is not None:
            return 1.0
        return min(1.0, self.playouts_done / self.planned) if self.planned else 0.0

    def step(self, ms: float = 20.0) -> Action | None:
        """Work for about ``ms`` milliseconds; return the chosen action once decided, else ``None``.

        A slice stops when one more playout as long as the longest so far would end past ``ms``;
        so only a playout longer than every one before it can overrun (the first of a search:
        well under a millisecond for 6 nimmt!, a few for Dog).
        Calling it again after the decision returns the same action.
        """
        if self.result is not None:
            return self.result
        clock = self.clock
        start = self._slice_start = clock()
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
            last = start
            for _ in self._work:
                now = clock()
                # the longest playout so far: stop before one more would overrun the slice
                self._longest = max(self._longest, now - last)
                last = now
                if now + self._longest >= deadline:
                    break
        self.elapsed += clock() - start
        return self.result

    def run(self) -> Action:
        """Step until decided (blocking; for CPython callers, tests and tournaments)."""
        while self.result is None:
            self.step(1000.0)
        return self.result

    # ---- hard: determinized Monte Carlo with sequential halving -------------------------------

    def _over_cap(self) -> bool:
        # the slice in progress has not been added to self.elapsed yet
        return self.time_budget is not None and self.elapsed + (self.clock() - self._slice_start) >= self.time_budget

    def _hard(self) -> Iterator[None]:
        module = self.module
        game, obs, rng = self.game, self.observation, self.rng
        candidates = module.candidates(game, obs, self.legal_actions, rng)
        if len(candidates) == 1:
            self.result = candidates[0]
            return
        # what the game module reads from the observation once per decision (its opponent
        # model) is a step of its own, so a slice can stop before the first playout
        prepare = getattr(module, "prepare", None)
        if prepare is not None:
            prepare(obs)
            yield
        k = len(candidates)
        budget = self._playouts if self._playouts is not None else module.hard_playouts(obs, k)
        self.planned = budget
        stages = halving_stages(k) if getattr(module, "HALVING", True) else 1
        totals = [0.0] * k
        active = list(range(k))
        for stage in range(stages):
            left = budget - self.playouts_done
            worlds = max(1, left // (len(active) * (stages - stage)))
            for _ in range(worlds):
                world = module.determinize(game, obs, rng)
                seed = rng.next64()
                values = []
                for i in active:
                    values.append(module.playout(game, world, obs, candidates[i], seed))
                    self.playouts_done += 1
                    if self._over_cap():
                        self.capped = True
                        break
                    yield
                if self.capped:
                    break
                # only whole worlds count, so every survivor's total covers the same worlds
                for i, v in zip(active, values):
                    totals[i] += v
                self.worlds += 1
            if self.capped or stage == stages - 1:
                break
            active.sort(key=lambda i: (-totals[i], i))
            active = sorted(active[: max(2, (len(active) + 1) // 2)])
        if self.worlds == 0:
            fallback = module.normal(game, obs, self.legal_actions, rng)
            self.result = fallback
            return
        best = max(active, key=lambda i: (totals[i], -i))
        self.result = candidates[best]


def choose_action(
    game: Any,
    observation: Observation,
    legal_actions: Sequence[Action],
    rng: Rng,
    time_budget: float | None = DEFAULT_TIME_BUDGET,
    level: str = "normal",
    playouts: int | None = None,
) -> Action:
    """One of ``legal_actions`` for the seat whose ``observation`` is given (blocking).

    Same arguments as :class:`Search`; returns ``Search(...).run()``.
    """
    return Search(game, observation, legal_actions, rng, level, time_budget, playouts).run()


def secret_choice(game: Any, observation: Observation) -> bool:
    """Whether ``observation`` shows its seat a secret simultaneous choice still to make (the game
    module's ``SECRET_PHASE``: 6 nimmt!'s pick, Bad Bunnies' keep or new hand, Dog's gift). Such
    a choice does not depend on what the others choose at the same moment, so a bot can think it
    out while the people at the table choose theirs (:class:`Ponder`)."""
    module = bot_module(game.id)
    return observation["phase"] == module.SECRET_PHASE and observation["viewer"] in observation["current_players"]


class Ponder:
    """The bots' secret simultaneous choices, thought out in slices while people choose theirs.

    When a secret simultaneous choice begins (:func:`secret_choice`) the caller :meth:`add`\\ s one
    :class:`Search` per bot seat that must choose — made exactly as it would make it when the
    bot's turn comes (the same observation, legal actions, rng state and level) — and calls
    :meth:`step` whenever the app is idle. When a bot's turn comes, :meth:`take` hands over its
    search if it :meth:`~Search.matches` the one the caller would start cold, else ``None`` (the
    caller then starts afresh). A pondered choice is therefore the cold choice: it depends on the
    observation as the choices began and on the rng, never on a person's choice or on timing.
    The searches are fixed work like any other (:attr:`Search.capped` as usual).
    """

    #: the clock read by :meth:`step` (seconds)
    clock = staticmethod(time.perf_counter)

    def __init__(self) -> None:
        #: the searches in progress or done, by seat
        self.searches: dict[int, Search] = {}

    def __contains__(self, seat: object) -> bool:
        return seat in self.searches

    def __len__(self) -> int:
        return len(self.searches)

    def add(self, seat: int, search: Search) -> None:
        """Think ahead for ``seat`` (replaces a search it had)."""
        self.searches[seat] = search

    @property
    def done(self) -> bool:
        """Every search has decided (also when there is none)."""
        return all(s.done for s in self.searches.values())

    def step(self, ms: float = 20.0) -> bool:
        """Think for about ``ms`` milliseconds in all, the seats in order; return :attr:`done`.

        Like :meth:`Search.step`, a slice may overrun by one playout.
        """
        deadline = self.clock() + ms / 1000.0
        for seat in sorted(self.searches):
            search = self.searches[seat]
            if search.done:
                continue
            left = (deadline - self.clock()) * 1000.0
            if left <= 0:
                break
            search.step(left)
        return self.done

    def take(
        self, seat: int, observation: Observation, legal_actions: Sequence[Action], rng: Rng, level: str
    ) -> Search | None:
        """Hand over (and forget) ``seat``'s search if it matches ``Search(game, observation,
        legal_actions, rng, level)``; ``None`` when there is none or it does not match."""
        search = self.searches.pop(seat, None)
        if search is not None and search.matches(observation, legal_actions, rng, level):
            return search
        return None

    def clear(self) -> None:
        """Forget every search (the game moved on, or was left)."""
        self.searches.clear()
