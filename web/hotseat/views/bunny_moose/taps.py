"""Taps on the Bunny Bunny Moose Moose table: which move a tap makes, and the choices in progress.

Every tap of this view is ``{"bm": what, ...}``:

* ``bet`` (``player``): the narrator's bet (BM-6). ``reveal``: turn the next card (BM-4).
* ``pause`` / ``resume``: stop and restart the app narrator's beat (:class:`Beat`).
* ``hand`` (``side``, ``i``: an index of ``HANDS``): build a pose (:class:`PoseChoice`, BM-1);
  ``pose`` (``tongue``: in or out) enters it once both hands are chosen: three taps a pose.
* ``trail`` / ``scores``: after scoring, the trail or the scores (:class:`ScoresPage`);
  ``continue``: the next round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pycore.games.bunny_moose import HANDS, Action, BetAction, ContinueAction, PoseAction, RevealAction

from ..base import Tap, ViewContext
from ..choices import current, keep
from .scene import BunnyMooseScene

#: ms per poem line for the app narrator, by the game's ``tempo`` option
TEMPO_MS = {"slow": 3200, "normal": 2300, "fast": 1500}


@dataclass(frozen=True)
class Beat:
    """The app narrator's beat: ``paused`` by the players (the app turns no card meanwhile)."""

    paused: bool = False


@dataclass(frozen=True)
class PoseChoice:
    """A pose being entered (BM-1): each hand an index of ``HANDS`` (``None``: not chosen yet);
    the tongue comes with the tap that enters it."""

    left: int | None = None
    right: int | None = None

    def hand(self, side: str) -> int | None:
        """The hand chosen for ``side`` ("left" or "right")."""
        return self.left if side == "left" else self.right


@dataclass(frozen=True)
class ScoresPage:
    """After scoring: the scores (``trail`` False) or the trail."""

    trail: bool = False


def pose_choice(ctx: ViewContext) -> PoseChoice:
    """The pose entered so far."""
    return current(ctx, PoseChoice)


def paused(ctx: ViewContext) -> bool:
    """Whether the players paused the app narrator."""
    return current(ctx, Beat).paused


def on_trail(ctx: ViewContext) -> bool:
    """Whether the trail is on screen instead of the scores."""
    return current(ctx, ScoresPage).trail


def on_tap(scene: BunnyMooseScene, tap: Tap) -> Action | None:
    """The action ``tap`` makes, or ``None`` after updating a choice (see the module docstring)."""
    ctx = scene.ctx
    kind = tap.get("bm")
    if kind == "bet":
        player = tap.get("player")
        return BetAction(type="bet", player=player) if isinstance(player, int) else None
    if kind in ("reveal", "resume"):
        keep(ctx, Beat())
        return RevealAction(type="reveal")
    if kind == "pause":
        keep(ctx, Beat(paused=True))
    elif kind == "hand" and tap.get("side") in ("left", "right"):
        i = tap.get("i")
        if isinstance(i, int) and 0 <= i < len(HANDS):
            chosen = pose_choice(ctx)
            keep(ctx, replace(chosen, left=i) if tap["side"] == "left" else replace(chosen, right=i))
    elif kind == "pose":
        return _pose(pose_choice(ctx), tap.get("tongue") is True)
    elif kind in ("trail", "scores"):
        keep(ctx, ScoresPage(trail=kind == "trail"))
    elif kind == "continue":
        return ContinueAction(type="continue")
    return None


def _pose(chosen: PoseChoice, tongue: bool) -> PoseAction | None:
    """The pose action, once both hands are chosen."""
    if chosen.left is None or chosen.right is None:
        return None
    return PoseAction(type="pose", left=dict(HANDS[chosen.left]), right=dict(HANDS[chosen.right]), tongue=tongue)


def auto_reveal(scene: BunnyMooseScene) -> tuple[int, Action] | None:
    """App narrator (BM-8): once the poem has started and unless paused, the next card after one
    poem line at the tempo: ``(ms, reveal)``; else ``None``."""
    obs = scene.obs
    if obs.get("mode") != "app" or obs.get("phase") != "reveal" or obs.get("drawn", 0) < 1:
        return None
    if paused(scene.ctx) or not any(a["type"] == "reveal" for a in scene.legal):
        return None
    return TEMPO_MS.get(obs.get("tempo", "normal"), TEMPO_MS["normal"]), RevealAction(type="reveal")
