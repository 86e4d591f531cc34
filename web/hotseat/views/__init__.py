"""Game views: one per game, ``hotseat.views.<game_id>`` with its view object ``VIEW``.

The contract (what the shell asks a view, its context, the defaults) is written once, in
:mod:`hotseat.views.base`; the typed observation a view reads in :mod:`hotseat.views.scene`; a
choice in progress in :mod:`hotseat.views.choices`. :func:`load_view` imports a game's view on
first use; :data:`TableState` is the engine's state as every part of the UI reads it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pycore.core import State

if TYPE_CHECKING:
    from .base import GameView

#: the engine's state of any game, as the UI reads it (JSON-shaped actions, events and observations)
TableState = State[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]


def load_view(game_id: str) -> GameView:
    """The view of ``game_id``: ``VIEW`` of the module ``hotseat.views.<game_id>`` (imported on first use).

    Raises ImportError when this app has no view for ``game_id``."""
    view: GameView = importlib.import_module(f"{__name__}.{game_id}").VIEW
    return view
