"""The Bunny Bunny Moose Moose view: the poem, the cards to a beat, BAM!, poses, scores, the trail.

Built only from observations of ``pycore.games.bunny_moose`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`.
Nothing in this game is private, so the table is the same for everyone and there is no curtain.

*One concern per module: :mod:`.drawing` (cards, heads with hands, trail figures in SVG),
:mod:`.layout` (a screen per phase), :mod:`.pose` (entering a pose), :mod:`.scores` (the scores
spelled out and the trail), :mod:`.parts` (the poem's line, the row of stacks, markers),
:mod:`.taps` (which move a tap makes; the pose entered so far, the app narrator's beat, scores
or trail), :mod:`.narration` (cards, poses, scores and moves in words; the story; the status
line), :mod:`.scene` (the observation typed as the engine declares it).
"""

from __future__ import annotations

from typing import cast

from pycore.games.bunny_moose import Action as BunnyMooseAction
from pycore.games.bunny_moose import Event as BunnyMooseEvent

from ...markup import Markup, h
from ..base import Action, Event, Observation, Translate, ViewContext, standard_cue
from ..scene import SceneView, ViewParts
from . import narration, taps
from .layout import table_html
from .scene import BunnyMooseScene, scene_of, typed
from .scores import results_html, trail_html

#: ms the hunter's BAM! stays on screen
BAM_MS = 1900


class BunnyMooseView(SceneView[BunnyMooseScene]):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`); the required
    ones are its parts (:class:`~hotseat.views.scene.ViewParts`)."""

    parts = ViewParts(scene_of, table_html, taps.on_tap, narration.status_line, narration.rules_summary)

    def confirm_label(self, action: Action, t: Translate) -> str:
        """See :func:`.narration.confirm_label`."""
        return narration.confirm_label(cast(BunnyMooseAction, action), t)

    def final_score(self, obs: Observation, seat: int) -> int | None:
        """Where ``seat``'s rear figure stands on the trail (the standing's first key, BM-7)."""
        return min(typed(obs)["figures"][seat])

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """Every card turned (on the app narrator's beat too), the hunter's BAM! (BM-4), a bet or
        a pose entered, the round scored (BM-5); the game as every game."""
        kinds = {"reveal": "flip", "hunter": "bam", "bet": "pick", "posed": "pick", "scored": "round"}
        return kinds.get(str(event.get("type"))) or standard_cue(event, viewer)

    def pace_ms(self, event: Event) -> int:
        """Only the hunter is played out on its own screen: the full-screen BAM."""
        return BAM_MS if event.get("type") == "hunter" else 0

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        """The last round's scores and the trail (shown on the game-over screen)."""
        scene = scene_of(obs, ctx)
        if not scene.obs.get("results"):
            return trail_html(scene)
        return h("div", {"class": "bm"}, results_html(scene), trail_html(scene))

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """See :func:`.narration.story_lines`."""
        return list(narration.story_lines(cast(list[BunnyMooseEvent], events), ctx.names, ctx.t))

    def story_round(self, events: list[Event]) -> int | None:
        """A new round begins with ``next_round`` (the next narrator, BM-4)."""
        return next((e["round"] for e in events if e.get("type") == "next_round"), None)

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """Per seat: the rear and the front figure (BM-7)."""
        t = ctx.t
        out = []
        for rabbit, moose in typed(obs)["figures"]:
            out.append(
                t("rear {rear} · front {front} (rabbit {r}, moose {m})").format(
                    rear=min(rabbit, moose), front=max(rabbit, moose), r=rabbit, m=moose
                )
            )
        return out

    def auto_play(self, obs: Observation, ctx: ViewContext) -> tuple[int, Action] | None:
        """See :func:`.taps.auto_reveal`."""
        found = taps.auto_reveal(scene_of(obs, ctx))
        return None if found is None else (found[0], dict(found[1]))


VIEW = BunnyMooseView()
