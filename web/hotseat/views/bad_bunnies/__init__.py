"""The Bad Bunnies view: the top card and what may follow it, the hand, play → call, pass, keep or redraw.

Built only from observations of ``pycore.games.bad_bunnies`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`.

One concern per module: :mod:`.cards` (a card drawn), :mod:`.layout` (the table: players, pile,
moves, hand, call buttons, pass, keep or redraw), :mod:`.taps` (which move a tap makes, the choice
in progress), :mod:`.narration` (the rule line, moves, the story, the status line),
:mod:`.summary` (the round summary), :mod:`.scene` (the observation typed as the engine declares it).
"""

from __future__ import annotations

from typing import cast

from pycore.games.bad_bunnies import Action as BadBunniesAction
from pycore.games.bad_bunnies import Event as BadBunniesEvent

from ...i18n import ngettext
from ...markup import Markup
from ..base import Action, Event, Observation, Translate, ViewContext, standard_cue
from ..scene import SceneView, ViewParts
from . import narration, taps
from .layout import table_html
from .scene import BadBunniesScene, scene_of, typed
from .summary import round_summary_html


class BadBunniesView(SceneView[BadBunniesScene]):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`); the required
    ones are its parts (:class:`~hotseat.views.scene.ViewParts`)."""

    parts = ViewParts(scene_of, table_html, taps.on_tap, narration.status_line, narration.rules_summary)

    def final_score(self, obs: Observation, seat: int) -> int | None:
        """The points ``seat`` scored in the whole game (BB-7)."""
        return typed(obs)["scores"][seat]

    def confirm_label(self, action: Action, t: Translate) -> str:
        """See :func:`.narration.confirm_label`."""
        return narration.confirm_label(cast(BadBunniesAction, action), t)

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """A card laid, a pass (the same sound whether it was forced or not: BB-4), a secret keep
        or new hand (BB-8), the draw pile made anew; the round and the game as every game."""
        kinds = {"play": "card", "pass": "pass", "chose": "pick", "reshuffle": "deal", "new_round": "deal"}
        return kinds.get(str(event.get("type"))) or standard_cue(event, viewer)

    def pace_ms(self, event: Event) -> int:
        """No paced reveal: every move stays readable in the move list and on the curtain."""
        return 0

    def ends_round(self, events: list[Event]) -> bool:
        """True when the events ended a round (BB-5): the shell then shows the round summary."""
        return any(e.get("type") == "round_end" for e in events)

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        """See :func:`.summary.round_summary_html`."""
        return round_summary_html(scene_of(obs, ctx))

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """See :func:`.narration.story_lines`."""
        return list(narration.story_lines(cast(list[BadBunniesEvent], events), ctx.names, ctx.t))

    def story_round(self, events: list[Event]) -> int | None:
        """A new round begins with ``new_round`` (after the keep-or-new-hand choices, BB-8)."""
        return next((e["round"] for e in events if e.get("type") == "new_round"), None)

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """One score text per seat for the shell's game-over screen."""
        return [ngettext("{n} point", "{n} points", s).format(n=s) for s in typed(obs)["scores"]]


VIEW = BadBunniesView()
