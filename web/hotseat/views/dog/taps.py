"""Taps on the Dog table: which move a tap makes, and the play chosen so far (DOG-4 … DOG-11).

A play takes up to four taps: a card, what a joker plays as, a figure, a target (a field, or the
figure to swap with). Each choice is also a button under the board.

* ``{"do": action}``: the move itself (a legal action the view drew as a target, a button, a
  card to give or discard); the shell refuses it unless it is legal.
* ``{"card": k}``: choose card kind ``k`` (tapping it again, or ``{"card": None}``, unchooses).
* ``{"as": k}``: what the joker plays as. ``{"fig": f}``: choose figure ``f`` (``None``: another).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, cast

from pycore.games.dog import Action, PlayAction, StepAction

from ..base import Tap, ViewContext
from ..choices import current, grouped, keep
from .scene import DogScene

#: what a play still waits for: a card, what the joker plays as, or (None) a figure and a target
Todo = Literal["card", "as"] | None


@dataclass(frozen=True)
class PlayChoice:
    """The play chosen so far: the card kind, what a joker plays as, the figure (each ``None``
    until chosen)."""

    card: str | None = None
    as_: str | None = None
    fig: int | None = None


def choice(ctx: ViewContext) -> PlayChoice:
    """The play chosen so far (nothing when there is none)."""
    return current(ctx, PlayChoice)


def on_tap(scene: DogScene, tap: Tap) -> Action | None:
    """The action ``tap`` makes, or ``None`` after updating the choice (see the module docstring)."""
    ctx = scene.ctx
    if "do" in tap:
        return cast(Action, tap["do"])
    chosen = choice(ctx)
    if "card" in tap:
        card = tap["card"]
        keep(ctx, PlayChoice(card=None if chosen.card == card else card))
    elif "as" in tap:
        keep(ctx, replace(chosen, as_=tap["as"], fig=None))
    elif "fig" in tap:
        keep(ctx, replace(chosen, fig=tap["fig"]))
    return None


def plays_by_card(scene: DogScene) -> dict[str, list[PlayAction]]:
    """The viewer's legal plays, by card kind."""
    return grouped((a for a in scene.legal if a["type"] == "play"), lambda a: a["card"])


def candidates(scene: DogScene) -> tuple[list[PlayAction | StepAction], Todo]:
    """The legal actions matching the choice so far, and what is still to choose (``"card"``,
    ``"as"``, ``None`` when choosing figure/target). The steps of a 7 under way need no card."""
    steps: list[PlayAction | StepAction] = [a for a in scene.legal if a["type"] == "step"]
    if steps:
        return steps, None
    chosen = choice(scene.ctx)
    if chosen.card is None:
        return [], "card"
    plays = [a for a in scene.legal if a["type"] == "play" and a["card"] == chosen.card]
    if chosen.card == "joker":
        if chosen.as_ is None:
            return list(plays), "as"
        plays = [a for a in plays if a.get("as") == chosen.as_]
    return list(plays), None
