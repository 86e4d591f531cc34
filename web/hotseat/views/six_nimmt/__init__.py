"""The 6 nimmt! view: four rows, every score, the hand after the curtain, the paced reveal.

Built only from observations of ``pycore.games.six_nimmt`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`. One
concern per module:

* :mod:`.cards`: a card drawn (number, bullheads);
* :mod:`.layout`: the table (scores, rows, revealed picks, the hand);
* :mod:`.reveal`: the table part way through the paced reveal;
* :mod:`.taps`: which move a tap makes;
* :mod:`.narration`: the reveal's lines, the story, the status line;
* :mod:`.summary`: the round summary;
* :mod:`.scene`: the observation typed as the engine declares it.

Row choice (SN-5): the chooser taps a row (each shows its bullhead total): that tap takes it. At a
phone people share it is a public choice (:meth:`SixNimmtView.public_choice`): drawn on the public
table, without the chooser's hand.
"""

from __future__ import annotations

from typing import cast

from pycore.games.six_nimmt import Action as SixNimmtAction
from pycore.games.six_nimmt import Event as SixNimmtEvent

from ...i18n import ngettext
from ...markup import Markup
from ..base import Action, Event, Observation, Translate, ViewContext, standard_cue
from ..scene import SceneView, ViewParts
from . import narration, taps
from .layout import table_html
from .scene import SixNimmtScene, scene_of, typed
from .summary import round_summary_html


class SixNimmtView(SceneView[SixNimmtScene]):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`); the required
    ones are its parts (:class:`~hotseat.views.scene.ViewParts`)."""

    parts = ViewParts(scene_of, table_html, taps.on_tap, narration.status_line, narration.rules_summary)

    #: bullheads: fewer is better (SN-6)
    lower_score_wins = True

    def final_score(self, obs: Observation, seat: int) -> int | None:
        """The bullheads ``seat`` took in the whole game."""
        return typed(obs)["scores"][seat]

    def confirm_label(self, action: Action, t: Translate) -> str:
        """The question on the Undo/Confirm bar for a pending pick or row."""
        return narration.confirm_label(cast(SixNimmtAction, action), t)

    def public_choice(self, obs: Observation, legal: list[Action]) -> bool:
        """A row to take (SN-5) is chosen from the rows and their bullheads, which the whole table
        sees: at a phone people share the chooser taps a row on the public table, hand unseen."""
        return bool(legal) and all(a.get("type") == "choose_row" for a in legal)

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """The cards turned, each card laid in a row ("take" when it takes the row: SN-4, SN-5),
        a secret pick made; the deal, the round and the game as every game."""
        kind = event.get("type")
        if kind == "place":
            return "take" if event.get("taken") else "card"
        return {"reveal": "flip", "picked": "pick"}.get(str(kind)) or standard_cue(event, viewer)

    def pace_ms(self, event: Event) -> int:
        """How long each event stays on screen during the reveal (0 = passes at once)."""
        kind = event.get("type")
        if kind == "reveal":
            return 1400
        if kind == "place":
            return 1500 if event.get("taken") else 850
        if kind == "row_choice":
            return 900
        return 0

    def ends_round(self, events: list[Event]) -> bool:
        """True when the events scored a round (SN-6): the shell then shows the round summary."""
        return any(e.get("type") == "round_end" for e in events)

    def round_log(self, event: Event) -> bool:
        """Keep every taken row of the round (``place`` events with cards taken, SN-4/SN-5) for the
        round summary: the ``round_end`` event has only the bullhead totals."""
        return event.get("type") == "place" and bool(event.get("taken"))

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        """See :func:`.summary.round_summary_html`."""
        return round_summary_html(scene_of(obs, ctx))

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """See :func:`.narration.story_lines`."""
        return list(narration.story_lines(cast(list[SixNimmtEvent], events), ctx.names, ctx.t))

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """One score text per seat for the shell's shared screens (game over)."""
        table = typed(obs)
        out = []
        for p in range(len(ctx.names)):
            total = table["scores"][p] + table["round_bullheads"][p]
            out.append(ngettext("{n} bullhead", "{n} bullheads", total).format(n=total))
        return out


VIEW = SixNimmtView()
