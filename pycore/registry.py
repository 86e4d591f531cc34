"""The game registry (after pgx's ``make("game_id")``).

Each game lives in its own module ``pycore/games/<id>.py`` (or package ``pycore/games/<id>/``, as
Dog) that defines a ``GAME`` instance. Modules are imported on first use, so the app only pays for
the game being played.
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

#: ``(name, min_players, max_players)`` of each registered game, so a menu can list the games
#: without importing their modules (the app's start-up); the doctest of :func:`load_game` checks
#: them against each ``Game``
GAME_INFO: dict[str, tuple[str, int, int]] = {
    "six_nimmt": ("6 nimmt!", 2, 10),
    "bunny_moose": ("Bunny Bunny Moose Moose", 3, 6),
    "bad_bunnies": ("Bad Bunnies", 2, 6),
    "dog": ("Dog", 2, 4),
}

_cache: dict[str, Game[Any]] = {}


def load_game(game_id: str) -> Game[Any]:
    """The :class:`~pycore.core.Game` registered as ``game_id``.

    Raises:
        ValueError: ``game_id`` is not in :data:`GAMES`.

    >>> load_game("six_nimmt").name
    '6 nimmt!'
    >>> [g for g in GAMES if GAME_INFO[g] != (load_game(g).name, load_game(g).min_players, load_game(g).max_players)]
    []
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
