"""What 6 nimmt! says in words: the reveal's lines, the story of a move, the header's status line."""

from __future__ import annotations

from collections.abc import Sequence

from pycore.games.six_nimmt import Action, Event

from ...formats import format_list
from ...i18n import ngettext
from ...markup import Markup
from ...widgets import rules_list
from ..base import Translate
from ..words import waiting_line, winners_line
from .scene import SixNimmtScene


def event_messages(events: Sequence[Event], names: list[str], t: Translate) -> list[str]:
    """Short feedback lines for the events worth announcing during the reveal (SN-3 … SN-5)."""
    out = []
    for e in events:
        if e["type"] == "reveal":
            out.append(t("All cards are revealed."))
        elif e["type"] == "row_choice":
            out.append(
                t("{name}'s {card} is lower than every row: {name} chooses a row.").format(
                    name=names[e["player"]], card=e["card"]
                )
            )
        elif e["type"] == "place" and e["taken"]:
            out.append(
                ngettext(
                    "{name} takes row {n}: {b} bullhead.", "{name} takes row {n}: {b} bullheads.", e["bullheads"]
                ).format(name=names[e["player"]], n=e["row"] + 1, b=e["bullheads"])
            )
        elif e["type"] == "place":
            out.append(_goes_to(e["player"], e["card"], e["row"], names, t))
    return out


def _goes_to(player: int, card: int, row: int, names: list[str], t: Translate) -> str:
    return t("{name}'s {card} goes to row {n}.").format(name=names[player], card=card, n=row + 1)


def story_lines(events: Sequence[Event], names: list[str], t: Translate) -> list[str]:
    """Who played which card (the reveal, SN-3: a pick alone says nothing), where each card went,
    who took which row and its cards (SN-4, SN-5), each round's bullheads (SN-6), the winners."""
    out: list[str] = []
    for e in events:
        if e["type"] == "reveal":
            plays = format_list(
                t("{name} {card}").format(name=names[pick["player"]], card=pick["card"]) for pick in e["picks"]
            )
            out.append(t("Cards played: {plays}.").format(plays=plays))
        elif e["type"] == "place" and e["taken"]:
            out.append(
                ngettext(
                    "{name}'s {card} takes row {n} ({cards}): {b} bullhead.",
                    "{name}'s {card} takes row {n} ({cards}): {b} bullheads.",
                    e["bullheads"],
                ).format(
                    name=names[e["player"]],
                    card=e["card"],
                    n=e["row"] + 1,
                    cards=format_list(str(c) for c in e["taken"]),
                    b=e["bullheads"],
                )
            )
        elif e["type"] in ("row_choice", "place"):
            out.extend(event_messages([e], names, t))
        elif e["type"] == "round_end":
            line = t("{name} +{b} → {total}")
            scores = format_list(
                line.format(name=name, b=e["bullheads"][p], total=e["scores"][p]) for p, name in enumerate(names)
            )
            out.append(t("Round {n} scored: {scores}.").format(n=e["round"], scores=scores))
        elif e["type"] == "game_over":
            out.append(winners_line(e["winners"], names, t))
    return out


def status_line(scene: SixNimmtScene) -> str:
    """Whose turn it is / what is happening, for the header."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    if ctx.step is not None:
        return t("Revealing, lowest first…")
    phase = obs["phase"]
    if phase == "game_over":
        return t("Game over")
    chooser = obs["chooser"]
    if phase == "choose_row" and chooser is not None:
        name = ctx.names[chooser]
        if ctx.viewer == chooser or (ctx.viewer is None and scene.legal):  # a public choice is the chooser's
            return t("{name}, choose a row to take").format(name=name)
        return t("{name} chooses a row").format(name=name)
    if ctx.viewer is not None and ctx.viewer in ctx.acting:
        if ctx.pending:
            return t("Confirm your card, {name}").format(name=ctx.names[ctx.viewer])
        return t("{name}, pick a card").format(name=ctx.names[ctx.viewer])
    return waiting_line(ctx.acting, ctx.names, t)


def confirm_label(action: Action, t: Translate) -> str:
    """The question on the Undo/Confirm bar: "Play 37?", "Take row 2?"."""
    if action["type"] == "pick":
        return t("Play {card}?").format(card=action["card"])
    return t("Take row {n}?").format(n=action["row"] + 1)


def rules_summary(t: Translate) -> Markup:
    """A short rules summary in the project's own words (fallback for rules/six_nimmt.html)."""
    items = [
        t("Everyone gets 10 cards; four rows start with one card each. A row holds at most five cards."),
        t(
            "Each turn, everyone picks one card in secret. "
            "Then all picks are shown and placed one by one, lowest first."
        ),
        t("A card goes to the row whose last card is the highest one below it."),
        t("If that row already has five cards, you take those five and your card starts the row."),
        t("If your card is lower than every row's last card, you choose any row, take it, and your card starts it."),
        t("Every card you take costs its bullheads. After 10 turns the round is scored."),
        t(
            "The game ends after the round in which someone reaches the target (66 unless changed). "
            "Fewest bullheads wins; ties share the win."
        ),
    ]
    return rules_list(items, t("6 nimmt!"))
