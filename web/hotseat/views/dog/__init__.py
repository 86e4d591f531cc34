"""The Dog view: an SVG board, the players and teams, the hand, card → figure → target.

Built only from observations of ``pycore.games.dog`` (its module docstring and ``seeds/dog.md``
list the coordinates, observation keys, actions and events) and the
:class:`~hotseat.views.base.ViewContext`.

One concern per module: :mod:`.geometry` (where fields and kennels are, how a figure looks),
:mod:`.board` (the board drawn, with the marks it is given), :mod:`.options` (the figures and
targets a play offers), :mod:`.taps` (which move a tap makes, the play chosen so far),
:mod:`.layout` and :mod:`.parts` (the table: players, teams, hand, prompts), :mod:`.narration`
(cards, figures and events in words, the status line), :mod:`.scene` (the observation typed as
the engine declares it, who is who).
"""

from __future__ import annotations

from typing import cast

from pycore.games.dog import GOAL_BASE  # DOG-2: goal fields are numbered from GOAL_BASE
from pycore.games.dog import Action as DogAction
from pycore.games.dog import Event as DogEvent

from ...markup import Markup
from ..base import Action, Event, Observation, Translate, ViewContext, standard_cue
from ..scene import SceneView, ViewParts
from . import narration, taps
from .layout import final_board_html, table_html
from .scene import DogScene, scene_of, typed


class DogView(SceneView[DogScene]):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`); the required
    ones are its parts (:class:`~hotseat.views.scene.ViewParts`)."""

    parts = ViewParts(scene_of, table_html, taps.on_tap, narration.status_line, narration.rules_summary)

    def confirm_label(self, action: Action, t: Translate) -> str:
        """See :func:`.narration.confirm_label`."""
        return narration.confirm_label(cast(DogAction, action), t)

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """A figure moving ("goal" when it steps into its goal: DOG-2), coming out of its kennel,
        sent home, two figures swapped (DOG-8), a card without effect or a hand folded or thrown
        away (DOG-9, DOG-11), a card given in secret (DOG-3), a player's last figure home (DOG-10);
        a deal and the game as every game (a Dog round ends without a winner: no sound)."""
        kind = event.get("type")
        if kind in ("move", "step"):
            to, start = event.get("to", -1), event.get("from", -1)
            into_goal = isinstance(to, int) and isinstance(start, int) and to >= GOAL_BASE > start
            return "goal" if into_goal else "move"
        if kind == "round_end":
            return None
        kinds = {"start": "start", "home": "home", "swap": "swap", "finished": "finish", "gave": "pick"}
        kinds.update({"no_effect": "pass", "out": "pass", "discard": "pass"})
        return kinds.get(str(kind)) or standard_cue(event, viewer)

    def pace_ms(self, event: Event) -> int:
        """No paced reveal: the curtain and the table show the last move and its messages."""
        return 0

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        """Shown on the game-over screen: the final board."""
        if obs.get("phase") != "over":
            return Markup()
        return final_board_html(scene_of(obs, ctx))

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """The lines of :func:`.narration.event_messages`: every card played and what it did (DOG-4
        … DOG-8), figures sent to the kennel, the winners (a deal begins the next chapter); a gift
        (DOG-3) and a card drawn (DOG-11) say only who. ``table`` gives the teams and the figures
        per player."""
        moves = [e for e in cast(list[DogEvent], events) if e["type"] != "deal"]
        return list(narration.event_messages(moves, typed(table), ctx.names, ctx.t))

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """Per seat: figures home."""
        t = ctx.t
        home = typed(obs)["home"]
        return [t("{k} of 4 figures home").format(k=home[p]) for p in range(len(home))]


VIEW = DogView()
