"""Bots that fill empty seats: three levels, one interface for every game, blind to hidden cards.

A bot gets what its seat may know — the game, the seat's observation, its legal actions and its
own :class:`~pycore.rng.Rng` — and returns one of the legal actions. It never receives the
:class:`~pycore.core.State`, so it cannot read other hands or the deck; its choice is the same
whatever the hidden cards are (re-dealing them with ``game.sample_hidden`` leaves the observation,
and so the choice, unchanged).

Levels (:data:`LEVELS`):

* ``"easy"`` — a beginner: plays by a simple rule of thumb that makes a beginner's mistakes,
  never throws away a winning move.
* ``"normal"`` — a hand-written heuristic per game (``pycore/bots/<game>.py``).
* ``"hard"`` — determinized Monte Carlo with a fixed number of playouts (:mod:`pycore.bots.search`).

Every level does a fixed amount of work per decision (hard: ``hard_playouts`` in the game's
module), the same on every device, so a bot is as strong on a slow phone as on a laptop; the
time budget is only a safety cap, and :attr:`Search.capped` says when it bit.

Games with bots: :data:`BOT_GAMES` (Bunny Bunny Moose Moose is a party game without bots).

Blocking call (CPython, tests, tournaments)::

    from pycore.bots import choose_action
    action = choose_action(game, state.observation(seat), state.legal_actions(seat), rng, level="hard")
    state.apply_action(seat, action)

How the UI calls bots (sliced, so no frame is blocked for more than ~200 ms)::

    from pycore.bots import Search
    from pycore.rng import Rng

    # when seat `seat` is a bot and is in state.current_players():
    rng = Rng(bot_seed)            # e.g. hash of (game seed, seat, number of actions so far):
                                   # the same save replays the same bot choices
    search = Search(game, state.observation(seat), state.legal_actions(seat), rng,
                    level=seat_level,            # "easy" | "normal" | "hard"
                    time_budget=6.0)             # safety cap (s of thinking inside step());
                                                 # hard's fixed work needs about 1 s on a
                                                 # mid-range phone, so the cap bites only on a
                                                 # far slower or starved device
    # then, once per animation frame or setTimeout(0) tick:
    action = search.step(30)       # works ≈ 30 ms, returns None until the decision is made
                                   # (search.progress: 0..1, for a "thinking" indicator)
    if action is not None:
        if search.capped:          # the cap stopped the search early: the move is weaker than
            ...                    # the level's usual play; tell the player (see docs/bots.md)
        state.apply_action(seat, action)         # and animate the events at a readable pace

``step(ms)`` never runs much longer than ``ms`` (it checks the clock after every playout, each
well under 5 ms); easy and normal decide on the first step. The time cap counts only time spent
inside ``step``, so the UI's frames in between do not shorten the bot's thinking. After the
decision ``search.done`` is true and further ``step`` calls return the same action. With
simultaneous turns (6 nimmt! picks) ask each bot seat in ``current_players()`` in turn. Unless
the cap bites, every level's choice is reproducible from the observation and the rng state.
"""

from __future__ import annotations

from .search import DEFAULT_TIME_BUDGET, LEVELS, Ponder, Search, bot_module, choose_action, secret_choice

#: games that have bots, in the order of ``pycore.GAMES``
BOT_GAMES = ("six_nimmt", "bad_bunnies", "dog")

__all__ = [
    "BOT_GAMES",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "Ponder",
    "Search",
    "bot_module",
    "choose_action",
    "secret_choice",
]
