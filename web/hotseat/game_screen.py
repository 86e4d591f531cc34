"""The game screen, drawn once for this phone's own seats and for a phone at another's table.

Pure Python (no browser). :class:`GameScreen` draws a game screen from a :class:`ScreenSource`
(a :class:`~hotseat.turn_flow.TableSource` with its :class:`~hotseat.turn_flow.TurnFlow`): the
host's :class:`~hotseat.session.Session` or a phone's :class:`~hotseat.net.play.GuestPlay`. The
phase is the source's (the flow decides a reveal, the summary and the game's end alike for both:
:meth:`~hotseat.turn_flow.TurnFlow.settled_phase`), and so is what lies around the game that is
truly different at the host and on a phone, handed over as data (:class:`Around`): the hand-off
curtain of a phone people share, the header while a bot thinks or the table waits, a move sent,
the phones away, the buttons after the game, the key and the "your turn" call of the sound cues.
What the screen draws from them, in this order:

* the curtain (:attr:`Phase.CURTAIN`: the public table behind "Pass the phone to NAME");
* the end of a round or of the game (:func:`round_end`: the view's summary, the standings);
* else the table (the view's ``render`` of the flow's observation and context), the notes, the
  flow's own controls (:func:`flow_controls`: Undo / Confirm, Skip) and the view's status line;

in the frame with the story button (``data-screen``: the phase, after a phone's ``guest-``;
on the table screen, :attr:`~hotseat.turn_flow.TableSource.table_screen`, the frame's root is
marked ``table-screen`` in every phase but the curtain, and the flow's context carries the flag to
the view), followed by the sound cues of the last move (:func:`hotseat.cues.markers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import screens, story
from .cues import Cue, markers
from .formats import format_list
from .i18n import gettext as _
from .i18n import ngettext
from .markup import Markup, fragment, h
from .phase import Phase
from .turn_flow import Pending, TableSource, TurnFlow
from .views.base import GameView, ViewContext


class ScreenSource(TableSource, Protocol):
    """What a :class:`GameScreen` reads: the table (:class:`~hotseat.turn_flow.TableSource`) and
    its turn flow."""

    @property
    def flow(self) -> TurnFlow: ...


@dataclass
class CurtainUp:
    """The hand-off curtain on screen: for ``name``; ``hidden``: their cards were hidden ("NAME's
    cards are hidden"); ``take_back``: the player who may still take their move back, or ``None``."""

    name: str
    hidden: bool = False
    take_back: str | None = None


@dataclass
class Around:
    """What differs around the one game screen between this phone's table and a phone at
    another's, as data (see the module docstring).

    Attributes:
        game_id: the game (the rules button).
        screen: before the phase in ``data-screen`` (``"guest-"`` on a phone).
        private: the screen shows one player's private view (the frame's ``data-private``).
        status: the header instead of the view's status line on the table (a bot thinking, the
            table waiting for phones, a move sent to the host), or ``None``.
        notes: lines above the flow's controls (phones away).
        returns, winners: the standings after the game (``returns`` by seat).
        actions: the buttons after the game (``None``: Rematch and Home).
        after: what follows the game-over screen (the replay button), or ``None``.
        curtain: the curtain on screen (:attr:`Phase.CURTAIN` only).
        cue: the key and "your turn" of the sound cues, or ``None`` (nothing sounds).
        ready: on the table screen's round summary, the players on their own phones at the
            table, each with whether they tapped "Next round" there (:func:`ready_line`); empty:
            none is shown.
    """

    game_id: str
    screen: str = ""
    private: bool = False
    status: str | None = None
    notes: list[Markup] = field(default_factory=list)
    returns: Sequence[float] = ()
    winners: list[int] = field(default_factory=list)
    actions: Markup | None = None
    after: Markup | None = None
    curtain: CurtainUp | None = None
    cue: Cue | None = None
    ready: list[tuple[str, bool]] = field(default_factory=list)


class GameScreen:
    """The game screen of ``source`` (see the module docstring)."""

    def __init__(self, source: ScreenSource) -> None:
        self.source = source

    def draw(self, around: Around) -> Markup:
        """The whole game screen: the frame and the sound cues after it."""
        src = self.source
        phase = src.phase
        body, status = self.body(around)
        page = screens.frame(
            body,
            status,
            screen=f"{around.screen}{phase.value}",
            rules_game=around.game_id,
            tools=story.story_button(),  # the game's story, from every game screen
            private=around.private and phase is not Phase.CURTAIN,
            table=src.table_screen and phase is not Phase.CURTAIN,
        )
        return fragment(page, self.cues(around.cue))

    def body(self, around: Around) -> tuple[Markup, str]:
        """The screen's body and its header's status line."""
        src = self.source
        flow = src.flow
        view = src.view
        phase = src.phase
        if phase is Phase.CURTAIN:
            up = around.curtain
            assert up is not None, "the curtain is for a player"
            public = view.render(src.observation(None), flow.context(None, [], for_screen=False))
            body = screens.curtain(up.name, public, hidden=up.hidden, take_back=up.take_back)
            if up.hidden:
                return body, _("{name}'s cards are hidden").format(name=up.name)
            return body, _("Pass the phone to {name}").format(name=up.name)
        ctx = flow.screen_context()
        obs = flow.screen_obs()
        if phase in (Phase.SUMMARY, Phase.OVER):
            body, status = round_end(
                view, phase, obs, ctx, around.returns, around.winners, around.actions, around.after
            )
            if phase is Phase.SUMMARY and around.ready:
                body = fragment(ready_line(around.ready), body)
            return body, status
        body = fragment(view.render(obs, ctx), around.notes, flow_controls(view, phase, flow.pending))
        return body, around.status or view.status_line(obs, ctx)

    def cues(self, cue: Cue | None) -> Markup:
        """The sound cues of the last move's events on screen (during a reveal, those revealed
        so far) and "your turn" (:mod:`hotseat.cues`); nothing without ``cue``."""
        if cue is None:
            return Markup()
        src = self.source
        events = src.last_events()
        reveal = src.flow.reveal
        shown = reveal.step if reveal is not None else len(events)
        return markers(src.view, events, shown, src.viewer, cue.key, cue.turn)


def round_end(
    view: GameView,
    phase: Phase,
    obs: dict[str, Any],
    ctx: ViewContext,
    returns: Sequence[float],
    winners: list[int],
    actions: Markup | None = None,
    after: Markup | None = None,
) -> tuple[Markup, str]:
    """The end of a round (``phase`` SUMMARY: the view's round summary with "Next round") or of
    the game (OVER: the winners, the standings by ``returns`` (highest first, then by seat), the
    view's scores and last round's summary, ``actions`` (default: Rematch and Home), then
    ``after``), and its status line; the same at the host and on a phone."""
    summary = view.round_summary_html(obs, ctx)
    if phase is Phase.SUMMARY:
        return screens.summary(summary), _("Round over")
    names = ctx.names
    scores = view.scoreboard(obs, ctx)
    order = sorted(range(len(names)), key=lambda p: (-returns[p], p))
    body = screens.game_over(names, scores, order, winners, summary, actions=actions)
    return (body if after is None else fragment(body, after)), _("Game over")


def ready_line(ready: list[tuple[str, bool]]) -> Markup:
    """Who is ready for the next round, over the table screen's round summary: ``ready`` holds
    the players on their own phones, each with whether they tapped "Next round" there; first
    that the next round starts when everyone has (the summary closes by itself)."""
    done = [name for name, is_ready in ready if is_ready]
    waiting = [name for name, is_ready in ready if not is_ready]
    lines = [h("p", {"class": "ready-how"}, _("The next round starts when everyone has tapped Next round."))]
    if done:
        lines.append(
            h(
                "p",
                {"class": "ready-yes"},
                ngettext("Ready: {names}", "Ready: {names}", len(done)).format(names=format_list(done)),
            )
        )
    if waiting:
        lines.append(h("p", {"class": "ready-no"}, _("Waiting for {names}").format(names=format_list(waiting))))
    return h("div", {"class": "ready-line", "role": "status"}, lines)


def flow_controls(view: GameView, phase: Phase, pending: Pending | None) -> list[Markup]:
    """The turn flow's own controls under a table, the same at the host and on a phone: Undo /
    Confirm for a pending pick on the player's turn, Skip during a reveal."""
    if phase is Phase.TURN and pending is not None:
        return [screens.pending_bar(view.confirm_label(pending.action, _))]
    if phase is Phase.REVEAL:
        return [screens.skip_button()]
    return []


def away_note(names: list[str]) -> list[Markup]:
    """The line over a phone's controls while other phones are away (none without ``names``)."""
    if not names:
        return []
    line = _("Waiting for a phone to come back: {names}").format(names=format_list(names))
    return [h("p", {"class": "note net-away", "role": "status"}, line)]
