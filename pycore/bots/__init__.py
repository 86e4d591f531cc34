"""Bots that fill empty seats: three levels, one interface for every game, blind to hidden cards.

A bot gets what its seat may know — the game, the seat's observation, its legal actions and its
own :class:`~pycore.rng.Rng` — and returns one of the legal actions. It never receives the
:class:`~pycore.core.State`, so it cannot read other hands or the deck; its choice is the same
whatever the hidden cards are (re-dealing them with ``game.sample_hidden`` leaves the observation,
and so the choice, unchanged).

Levels (:data:`LEVELS`):

* ``"easy"`` — legal moves with simple sense and some noise; never throws away a winning move.
* ``"normal"`` — a hand-written heuristic per game (``pycore/bots/<game>.py``).
* ``"hard"`` — determinized Monte Carlo within a time budget (:mod:`pycore.bots.search`).

Games with bots: :data:`BOT_GAMES` (Bunny Bunny Moose Moose is a party game without bots).

Blocking call (CPython, tests, tournaments)::

    from pycore.bots import choose_action
    action = choose_action(game, state.observation(seat), state.legal_actions(seat), rng,
                           time_budget=0.4, level="hard")   # or iterations=200, time_budget=None
    state.apply_action(seat, action)

How the UI calls bots (sliced, so no frame is blocked for more than ~200 ms)::

    from pycore.bots import Search
    from pycore.rng import Rng

    # when seat `seat` is a bot and is in state.current_players():
    rng = Rng(bot_seed)            # e.g. hash of (game seed, seat, number of actions so far):
                                   # the same save replays the same bot choices
    search = Search(game, state.observation(seat), state.legal_actions(seat), rng,
                    level=seat_level,            # "easy" | "normal" | "hard"
                    time_budget=0.45)            # seconds of thinking counted inside step();
                                                 # a hard bot then decides within ~0.5 s of
                                                 # thinking in Chromium (Pyodide is ≈ 2× slower
                                                 # than CPython, so it evaluates about half the
                                                 # worlds CPython would in that time)
    # then, once per animation frame or setTimeout(0) tick:
    action = search.step(30)       # works ≈ 30 ms, returns None until the decision is made
    if action is not None:
        state.apply_action(seat, action)         # and animate the events at a readable pace

``step(ms)`` never runs much longer than ``ms`` (it checks ``time.perf_counter`` after every
playout, each well under 5 ms); easy and normal decide on the first step. The time budget counts
only time spent inside ``step``, so the UI's frames in between do not shorten the bot's thinking.
After the decision ``search.done`` is true and further ``step`` calls return the same action.
With simultaneous turns (6 nimmt! picks) ask each bot seat in ``current_players()`` in turn.
A hard bot limited by a time budget evaluates as many worlds as the machine allows, so its choice
is reproducible only with ``iterations=N, time_budget=None`` (tests, tournaments); easy and
normal are always reproducible from the rng.
"""

from __future__ import annotations

from .search import DEFAULT_TIME_BUDGET, LEVELS, Search, bot_module, choose_action

#: games that have bots, in the order of ``pycore.GAMES``
BOT_GAMES = ("six_nimmt", "bad_bunnies", "dog")

__all__ = ["BOT_GAMES", "DEFAULT_TIME_BUDGET", "LEVELS", "Search", "bot_module", "choose_action"]
