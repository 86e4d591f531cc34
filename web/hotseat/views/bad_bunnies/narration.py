"""What Bad Bunnies says in words: what may follow the top card, a move, how a round ended, the
story of a move, the header's status line and the Undo/Confirm question."""

from __future__ import annotations

from collections.abc import Sequence

from pycore.games.bad_bunnies import BIG_JOKER, LITTLE_JOKER, Action, Call, Event, LastRound, Move  # BB-1

from ...formats import format_list
from ...i18n import ngettext
from ...markup import Markup
from ...widgets import rules_list
from ..base import Translate
from ..words import waiting_line, winners_line
from .scene import BadBunniesScene


def rule_line(top: int | None, announce: Call | None, double: bool, t: Translate) -> tuple[str, str]:
    """(headline, detail) saying what the next card must be (BB-3), in plain words, from the top
    card, its call and whether a double runs.

    >>> from hotseat.i18n import gettext
    >>> rule_line(9, "higher", False, gettext)[0]
    'Higher than 9'
    >>> rule_line(4, None, True, gettext)[0]
    'Double 4s — only a 4 or a 7'
    """
    if top is None:
        return t("Any card starts the round"), t("Then the starter calls higher or lower.")
    if double:
        return (
            t("Double {n}s — only a {n} or a 7").format(n=top),
            t("Another {n} keeps the double going; a 7 ends it.").format(n=top),
        )
    if announce is None:
        return t("After a 1: any card"), t("A 1 on it starts a double of 1s.")
    if announce == "higher":
        head = t("Higher than {n}").format(n=top)
    else:
        head = t("Lower than {n}").format(n=top)
    if top == BIG_JOKER:
        detail = t("or a 7, or a 1")
    else:
        detail = t("or another {n} (double), a 1 or a 7").format(n=top)
    return head, detail


def move_text(move: Move, names: list[str], t: Translate, final: bool = False) -> str:
    """``Anna 9 ▲`` style text of one public move; ``final``: the card that emptied a hand."""
    name = names[move["player"]]
    card = move["card"]
    if card is None:
        return t("{name} passed").format(name=name)
    if final:
        return t("{name} {card} · last card").format(name=name, card=card)
    call = move["call"]
    if call == "higher":
        return t("{name} {card} ▲").format(name=name, card=card)
    if call == "lower":
        return t("{name} {card} ▼").format(name=name, card=card)
    if call == "double":
        return t("{name} {card} double").format(name=name, card=card)
    if card == LITTLE_JOKER:
        return t("{name} 1 · any").format(name=name)
    return t("{name} {card}").format(name=name, card=card)


def round_line(last: LastRound, names: list[str], t: Translate) -> str:
    """ "Round R: NAME laid their last card and scored P points." (BB-5, BB-7)."""
    name = names[last["winner"]]
    if last["reason"] == "last_card":
        how = t("{name} laid their last card").format(name=name)
    else:
        how = t("everyone else passed, so {name} won").format(name=name)
    return ngettext(
        "Round {r}: {how} and scored {points} point.", "Round {r}: {how} and scored {points} points.", last["points"]
    ).format(r=last["round"], how=how, points=last["points"])


def story_lines(events: Sequence[Event], names: list[str], t: Translate) -> list[str]:
    """Every card laid with its call (BB-4) and every pass, who won each round and the points
    (BB-5, BB-7), each player's keep-or-new-hand once the new round shows it (BB-8: a choice
    alone says nothing), the winner."""
    out: list[str] = []
    for e in events:
        if e["type"] == "play":
            call = "double" if e["double"] else e["announce"]
            move = Move(player=e["player"], card=e["card"], call=call)
            out.append(move_text(move, names, t, final=e["cards_left"] == 0))
        elif e["type"] == "pass":
            out.append(move_text(Move(player=e["player"], card=None, call=None), names, t))
        elif e["type"] == "round_end":
            last = LastRound(round=e["round"], winner=e["winner"], points=e["points"], reason=e["reason"])
            out.append(round_line(last, names, t))
        elif e["type"] == "new_round":
            keep = [names[p] for p, c in enumerate(e["choices"] or []) if c == "keep"]
            redraw = [names[p] for p, c in enumerate(e["choices"] or []) if c == "redraw"]
            if keep:
                out.append(
                    ngettext("Kept their cards: {names}.", "Kept their cards: {names}.", len(keep)).format(
                        names=format_list(keep)
                    )
                )
            if redraw:
                out.append(
                    ngettext("Took a new hand: {names}.", "Took a new hand: {names}.", len(redraw)).format(
                        names=format_list(redraw)
                    )
                )
        elif e["type"] == "game_over":
            out.append(winners_line(e["winners"], names, t))
    return out


def status_line(scene: BadBunniesScene) -> str:
    """Whose turn it is / what is happening, for the header."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    phase = obs["phase"]
    if phase == "game_over":
        return t("Game over")
    if phase == "choose":
        if ctx.viewer is not None and ctx.viewer in ctx.acting:
            if ctx.pending:
                return t("Confirm your choice, {name}").format(name=ctx.names[ctx.viewer])
            return t("{name}: keep or new hand?").format(name=ctx.names[ctx.viewer])
        return waiting_line(ctx.acting, ctx.names, t)
    turn = obs.get("turn")
    if turn is None:
        return ""
    if ctx.viewer == turn:
        return t("{name}, your turn").format(name=ctx.names[turn])
    return t("{name}'s turn").format(name=ctx.names[turn])


def confirm_label(action: Action, t: Translate) -> str:
    """The question on the Undo/Confirm bar: it names the move."""
    if action["type"] == "keep":
        return t("Keep your cards and fill up to 7?")
    if action["type"] == "redraw":
        return t("Throw your cards away and draw 7 new ones?")
    if action["type"] == "play":
        announce = action.get("announce")
        if announce == "higher":
            return t("Play this card and say “higher”?")
        if announce == "lower":
            return t("Play this card and say “lower”?")
        return t("Play this card?")
    return t("Pass this turn?")


def rules_summary(t: Translate) -> Markup:
    """A short rules summary in the project's own words (fallback for rules/bad_bunnies.html)."""
    items = [
        t("110 cards numbered 1 to 13; the 1 is the little joker, the 7 the big joker. Everyone holds 7 cards."),
        t(
            "The starter lays any card. Whoever lays a card calls “higher” or “lower”: "
            "the next card must be higher or lower than it."
        ),
        t(
            "The same number instead is a double: nothing is called, and only that number or a 7 may follow "
            "until a 7 ends it. A 7 on a 7 is not a double."
        ),
        t(
            "A 1 fits on any single card and calls nothing: any card may follow it (a 1 on it is a double of 1s). "
            "It may not be laid on a double of another number."
        ),
        t("A 7 fits on anything, ends a double, and is called higher or lower."),
        t("If you cannot lay a card you pass; you may also pass on purpose. Who passed is out until the round ends."),
        t("Your last card may not be a 1 or a 7 unless the top card is a 1 or a 7."),
        t(
            "The round ends when someone lays their last card, or when all but one have passed: "
            "the last one to lay a card wins."
        ),
        t("The winner scores 1 point per card on the pile. First to 60 points (or the chosen target) wins."),
        t(
            "Before the next round, everyone with cards left secretly keeps them and draws up to 7, "
            "or throws them away and draws 7 new ones. The round's winner starts."
        ),
    ]
    return rules_list(items, t("Bad Bunnies"))
