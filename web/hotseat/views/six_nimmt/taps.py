"""Taps on the 6 nimmt! table: which move a tap makes (SN-3, SN-5). Each is the move's named tap.

* ``{"pick": c}``: pick card ``c`` (secret until every player has picked, SN-3).
* ``{"row": r}``: take row ``r`` (SN-5; only offered to the chooser, each row showing its
  bullhead total).
"""

from __future__ import annotations

from pycore.games.six_nimmt import Action, ChooseRowAction, PickAction

from ..base import Tap
from .scene import SixNimmtScene


def on_tap(scene: SixNimmtScene, tap: Tap) -> Action | None:
    """The action ``tap`` makes, or ``None`` for a tap this view does not know."""
    if "pick" in tap:
        return PickAction(type="pick", card=tap["pick"])
    if "row" in tap:
        return ChooseRowAction(type="choose_row", row=tap["row"])
    return None
