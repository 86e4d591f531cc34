"""Taps on the Bad Bunnies table: which move a tap makes, and the choice in progress (BB-2 … BB-8).

* ``{"card": c}``: select card ``c`` (its call buttons open); ``{"cancel": 1}``: back to the hand.
* ``{"play": c, "announce": "higher"|"lower"}`` lays it with the call; ``{"play": c}`` without one
  (a 1, a double, the last card: nothing is called, BB-2).
* ``{"pass": 1}`` passes; when a card would still fit it first asks ("Pass anyway?"), and
  ``{"pass": "yes"}`` answers it (BB-4).
* ``{"choose": "keep"|"redraw"}``: keep the cards or take a new hand (BB-8).
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.games.bad_bunnies import Action, KeepAction, PassAction, PlayAction, RedrawAction

from ..base import Tap, ViewContext
from ..choices import current, grouped, keep
from .scene import BadBunniesScene


@dataclass(frozen=True)
class PlayChoice:
    """The viewer's turn so far: the card selected (``None``: none), or the open question
    "Pass anyway?" (``confirm_pass``: a card would still fit)."""

    card: int | None = None
    confirm_pass: bool = False


def choice(ctx: ViewContext) -> PlayChoice:
    """The choice in progress (nothing chosen when there is none)."""
    return current(ctx, PlayChoice)


def playable(scene: BadBunniesScene) -> dict[int, list[PlayAction]]:
    """The viewer's legal plays, by card."""
    return grouped((a for a in scene.legal if a["type"] == "play"), lambda a: a["card"])


def on_tap(scene: BadBunniesScene, tap: Tap) -> Action | None:
    """The action ``tap`` makes, or ``None`` after updating the choice (see the module docstring)."""
    ctx = scene.ctx
    if "card" in tap:
        keep(ctx, PlayChoice(card=tap["card"]))
        return None
    if "cancel" in tap:
        keep(ctx, PlayChoice())
        return None
    if "play" in tap:
        action = PlayAction(type="play", card=tap["play"])
        if tap.get("announce") in ("higher", "lower"):
            action["announce"] = tap["announce"]
        return action
    if "pass" in tap:
        if tap["pass"] != "yes" and playable(scene):
            keep(ctx, PlayChoice(confirm_pass=True))
            return None
        return PassAction(type="pass")
    if tap.get("choose") == "keep":
        return KeepAction(type="keep")
    if tap.get("choose") == "redraw":
        return RedrawAction(type="redraw")
    return None
