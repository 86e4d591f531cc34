"""The game registry (after pgx's ``make("game_id")``).

Each game lives in its own module ``pycore/games/<id>.py`` that defines a ``GAME`` instance.
Modules are imported on first use, so the app only pays for the game being played.
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game

#: registered game ids, in the order the home screen lists them
GAMES: list[str] = [
    "six_nimmt",
    "bunny_moose",
    "bad_bunnies",
    "dog",
]

_cache: dict[str, Game[Any]] = {}


def load_game(game_id: str) -> Game[Any]:
    """The :class:`~pycore.core.Game` registered as ``game_id``.

    Raises:
        ValueError: ``game_id`` is not in :data:`GAMES`.

    >>> load_game("six_nimmt").name
    '6 nimmt!'
    >>> load_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; registered: ['six_nimmt', 'bunny_moose', 'bad_bunnies', 'dog']
    """
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; registered: {GAMES}")
    game = _cache.get(game_id)
    if game is None:
        module = importlib.import_module(f"pycore.games.{game_id}")
        game = module.GAME
        _cache[game_id] = game
    return game
