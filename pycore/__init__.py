"""Hotseat's game engines: pure Python, no dependencies, run in CPython and in Pyodide.

>>> import pycore
>>> "six_nimmt" in pycore.GAMES
True
>>> game = pycore.load_game("six_nimmt")
>>> state = game.new_initial_state(3, seed=1)
>>> state.current_players()
[0, 1, 2]
"""

from __future__ import annotations

from .core import Game, Option, State
from .errors import HotseatError, IllegalActionError, InvalidStateError
from .registry import GAMES, load_game
from .rng import Rng

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Game",
    "HotseatError",
    "IllegalActionError",
    "InvalidStateError",
    "Option",
    "Rng",
    "State",
    "load_game",
    "__version__",
]
