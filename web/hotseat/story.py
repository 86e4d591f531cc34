"""The game's story: what happened, move by move, told from public events only (no browser).

The session keeps the whole game's move log and replays it with the engine on load
(:attr:`hotseat.move_log.MoveLog.history`): each move becomes a :class:`Move`, the seat that moved
and the *events* the engine returned. Events are the public record of a move: the engine never
puts a hidden card in one (a 6 nimmt! pick says only ``{"type": "picked", "player": p}`` until
the reveal names every card; a Bad Bunnies keep-or-redraw says only who chose until the next
round; Dog's gifts say only who gave). The move's action is never kept here, because it may be
secret until later.

So a story is the same for everyone at the table, whoever holds the phone: it is built from those
events and the game view's own wording (:meth:`hotseat.views.base.GameView.story_lines`), never
from a game state or a player's observation, and cannot show a hand or a pick not yet revealed.

* :func:`chapters` — the story by round: each :class:`Chapter` has its lines in order; a move
  whose events begin a new deal (:meth:`~hotseat.views.base.GameView.story_round`) ends one.
* :func:`steps` — the moves that have something to tell: the steps of the replay after the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .i18n import gettext as _
from .markup import Markup, h, trusted

if TYPE_CHECKING:  # the views import this module
    from .views.base import GameView, ViewContext


@dataclass(frozen=True)
class Move:
    """One move of the game: ``player`` (the seat that moved) and the ``events`` it caused."""

    player: int
    events: list[dict[str, Any]]


@dataclass
class Chapter:
    """One round of the story: ``number`` (the game's round number), its ``lines`` (each with the
    index of the move it tells), and whether the round is ``finished``."""

    number: int
    lines: list[tuple[int, str | Markup]] = field(default_factory=list)
    finished: bool = False


def lines_of(view: GameView, move: Move, ctx: ViewContext, table: dict[str, Any]) -> list[str | Markup]:
    """The view's lines for one move (``[]`` when the move tells nothing, e.g. a secret pick)."""
    return list(view.story_lines(move.events, move.player, ctx, table))


def _ends_game(move: Move) -> bool:
    return any(e.get("type") == "game_over" for e in move.events)


def chapters(
    view: GameView, moves: list[Move], ctx: ViewContext, table: dict[str, Any], first_round: int = 1
) -> list[Chapter]:
    """The story of ``moves`` in rounds, the first one numbered ``first_round`` (the last one may
    be unfinished; an empty last one is left out unless it is the only one)."""
    out = [Chapter(first_round)]
    for index, move in enumerate(moves):
        chapter = out[-1]
        chapter.lines.extend((index, line) for line in lines_of(view, move, ctx, table))
        new_round = view.story_round(move.events)
        if _ends_game(move):
            chapter.finished = True
            out.append(Chapter(chapter.number + 1))
        elif new_round is not None:
            chapter.finished = True
            out.append(Chapter(new_round))
    if len(out) > 1 and not out[-1].lines:
        out.pop()
    return out


def steps(view: GameView, moves: list[Move], ctx: ViewContext, table: dict[str, Any]) -> list[int]:
    """Indices of the moves with at least one line: the steps of the replay."""
    return [i for i, move in enumerate(moves) if lines_of(view, move, ctx, table)]


# ---- screens ----------------------------------------------------------------------------------

#: an open book, for the header button that opens the story
STORY_ICON = trusted(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 5.5Q7 4 12 6.6Q17 4 21 5.5V19'
    'Q17 17.6 12 20Q7 17.6 3 19Z M12 6.6V20" stroke="currentColor" stroke-width="1.9" stroke-linejoin="round" '
    'fill="none"/></svg>'
)


_CLOSE = {"shell": "story", "do": "close"}


def story_button() -> Markup:
    """The header button that opens the story (shell tap ``{"shell": "story", "do": "open"}``)."""
    return h(
        "button",
        {
            "type": "button",
            "class": "icon story-open",
            "aria-label": _("The game's story"),
            "data-tap": {"shell": "story", "do": "open"},
        },
        STORY_ICON,
    )


def _chapter_title(number: int) -> str:
    return _("Round {n}").format(n=number)


def story_sheet(parts: list[Chapter], begins_later: bool, over: bool, note: str | None = None) -> Markup:
    """The story on top of the game screen: one section per round, the round being played open
    (finished rounds folded, a tap opens them); Close, and after the game the replay. ``note``: a
    line said above the rounds (``begins_later``: that the earlier moves were not kept)."""
    sections = []
    for i, chapter in enumerate(parts):
        last = i == len(parts) - 1
        items = [h("li", None, line) for _index, line in chapter.lines]
        body = (
            h("ol", {"class": "story-lines"}, items)
            if items
            else h("p", {"class": "note"}, _("Nothing has happened yet."))
        )
        attrs = {"class": "story-round", "open": last or None, "data-round": chapter.number}
        sections.append(h("details", attrs, h("summary", None, _chapter_title(chapter.number)), body))
    if begins_later:
        note = _("The story starts later: the earlier moves were not kept.")
    said = h("p", {"class": "note"}, note) if note else None
    actions = [h("button", {"type": "button", "class": "primary", "data-tap": _CLOSE}, _("Close"))]
    if over:
        actions.insert(0, replay_button())
    return h(
        "div",
        {"class": "overlay story", "role": "dialog", "aria-modal": "true", "aria-label": _("The game's story")},
        h(
            "div",
            {"class": "sheet"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "icon close",
                    "aria-label": _("Close"),
                    "data-tap": {"shell": "story", "do": "close"},
                },
                "×",
            ),
            h("h2", None, _("The game's story")),
            said,
            sections,
            h("div", {"class": "actions"}, actions),
        ),
    )


def replay_button() -> Markup:
    """ "Replay the game" (after the game): shell tap ``{"shell": "story", "do": "replay"}``."""
    return h(
        "button",
        {"type": "button", "class": "secondary", "data-tap": {"shell": "story", "do": "replay"}},
        _("Replay the game"),
    )


def replay_body(
    step: int, total: int, round_number: int, lines: list[Any], table: Markup, next_round: int | None = None
) -> Markup:
    """One step of the replay after the game: what the move did (its story lines), then the table
    as everyone saw it after the move (or the round's result), quiet (``data-quiet``: its cues and
    narrator lines are not played again); Previous / Next / Next round (the first step of the next
    round, ``next_round``) / Close."""
    jump = None
    if next_round is not None:
        jump = h(
            "button",
            {"type": "button", "class": "secondary", "data-tap": {"shell": "story", "do": "step", "to": next_round}},
            _("Next round"),
        )
    nav = h(
        "nav",
        {"class": "replay-nav actions"},
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "disabled": step == 0 or None,
                "data-tap": {"shell": "story", "do": "step", "to": step - 1},
            },
            _("Previous"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "disabled": step >= total - 1 or None,
                "data-tap": {"shell": "story", "do": "step", "to": step + 1},
            },
            _("Next"),
        ),
        jump,
        h("button", {"type": "button", "class": "secondary", "data-tap": _CLOSE}, _("Close")),
    )
    where = _("Round {n} · step {k} of {total}").format(n=round_number, k=step + 1, total=total)
    return h(
        "section",
        {"class": "replay", "data-step": step},
        h("p", {"class": "replay-where"}, where),
        h("ol", {"class": "story-lines replay-lines"}, [h("li", None, line) for line in lines]),
        nav,
        h("div", {"class": "replay-table", "data-quiet": True}, table),  # no sound, no voice again
    )
