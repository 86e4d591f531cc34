"""What Dog says in words: cards, figures and fields named, what just happened (the table's log
and the story), the header's status line, the Undo/Confirm question and the rules summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from pycore.games.dog import GOAL_BASE, GOAL_FIELDS, TRACK, Action, Event, PublicObservation, start_field, steps_between

from ...formats import format_list
from ...i18n import ngettext
from ...markup import Markup
from ...widgets import rules_list
from ..base import Translate
from ..words import winners_line
from .scene import DogScene, colour_of, partner, player_of, position_of, team_play


def card_name(kind: str, t: Translate) -> str:
    """A card kind as players call it (``"1/11"``, ``"±4"``, ``"swap"``, ``"joker"``, ``"7"`` ...)."""
    return {"1/11": t("1/11"), "4": t("±4"), "swap": t("swap"), "joker": t("joker")}.get(kind, kind)


def played_name(card: str, as_: str | None, t: Translate) -> str:
    """A card played, a joker with what it played as."""
    if card == "joker" and as_:
        return t("joker as {card}").format(card=card_name(as_, t))
    return card_name(card, t)


def where_text(obs: PublicObservation, figure: int, t: Translate) -> str:
    """Where a figure stands, in words (for buttons): kennel, start field, goal field, or how far
    it still is from its own start field."""
    c = colour_of(obs, player_of(obs, figure))
    x = position_of(obs, figure)
    if x < 0:
        return t("in the kennel")
    if x >= GOAL_BASE:
        return t("in goal field {g}").format(g=(x - GOAL_BASE) % GOAL_FIELDS + 1)
    if x == start_field(c):
        return t("on its start field")
    d = (start_field(c) - x) % TRACK
    return ngettext("{d} field before its goal", "{d} fields before its goal", d).format(d=d)


def figure_label(obs: PublicObservation, figure: int, names: list[str], viewer: int | None, t: Translate) -> str:
    """A figure in words: whose it is and where it stands."""
    p = player_of(obs, figure)
    whose = t("your figure") if p == viewer else t("{name}'s figure").format(name=names[p])
    return f"{whose} {where_text(obs, figure, t)}"


def target_text(obs: PublicObservation, figure: int, to: int, t: Translate) -> str:
    """A destination in words: onto the start field, N forward, 4 back, into goal field g."""
    c = colour_of(obs, player_of(obs, figure))
    x = position_of(obs, figure)
    if x < 0:
        return t("out onto the start field")
    n = steps_between(x, to, c)
    if n == -4:
        return t("4 back")
    if to >= GOAL_BASE:
        if x >= GOAL_BASE:
            return t("{n} on inside the goal").format(n=n)
        return t("{n} forward into goal field {g}").format(n=n, g=(to - GOAL_BASE) % GOAL_FIELDS + 1)
    if to == start_field(c):
        return t("{n} forward onto its start field").format(n=n)
    return t("{n} forward").format(n=n)


def event_messages(events: Sequence[Event], obs: PublicObservation, names: list[str], t: Translate) -> list[str]:
    """Short lines saying what just happened (shown on the table and behind the curtain); ``obs``
    gives the teams and the figures per player."""
    out: list[str] = []
    for e in events:
        line = _event_line(e, obs, names, t)
        if line is not None:
            out.append(line)
    return out


def _event_line(e: Event, obs: PublicObservation, names: list[str], t: Translate) -> str | None:
    player = cast(Mapping[str, object], e).get("player")
    who = names[player] if isinstance(player, int) and player < len(names) else ""
    if e["type"] == "cards_given":
        return t("Partners swapped a card.") if team_play(obs) else t("Everyone passed a card to the left.")
    if e["type"] == "start":
        return t("{name} brings a figure out ({card}).").format(name=who, card=played_name(e["card"], e["as"], t))
    if e["type"] == "move":
        card = played_name(e["card"], e["as"], t)
        if e["steps"] < 0:
            return t("{name} plays {card}: 4 back.").format(name=who, card=card)
        if e["to"] >= GOAL_BASE and e["from"] < GOAL_BASE:
            return t("{name} plays {card}: into the goal!").format(name=who, card=card)
        return t("{name} plays {card}: {n} forward.").format(name=who, card=card, n=e["steps"])
    if e["type"] == "home":
        owner = player_of(obs, e["figure"])
        return t("{name}'s figure is sent back to the kennel.").format(name=names[owner])
    if e["type"] == "swap":
        other = names[player_of(obs, e["with"])]
        return t("{name} swaps a figure with {other}'s.").format(name=who, other=other)
    if e["type"] == "no_effect":
        return t("{name} plays a swap: no swap possible, no effect.").format(name=who)
    if e["type"] == "seven":
        return t("{name} plays a {card}.").format(name=who, card=played_name(e["card"], e["as"], t))
    if e["type"] == "step":
        goal = t(" into the goal") if e["to"] >= GOAL_BASE and e["from"] < GOAL_BASE else ""
        return t("{name} moves {n}{goal} ({left} left).").format(name=who, n=e["steps"], goal=goal, left=e["left"])
    if e["type"] == "undo":
        if e["back_to_hand"]:
            return t("{name} took the 7 back.").format(name=who)
        return t("{name} took back a step.").format(name=who)
    if e["type"] == "finished":
        mate = partner(obs, e["player"])
        if mate is None:
            return None
        return t("All of {name}'s figures are home: {name} now moves {partner}'s figures.").format(
            name=who, partner=names[mate]
        )
    if e["type"] == "out":
        k = len(e["cards"])
        return ngettext(
            "{name} cannot play any card and is out for this round ({k} card discarded).",
            "{name} cannot play any card and is out for this round ({k} cards discarded).",
            k,
        ).format(name=who, k=k)
    if e["type"] == "discard":
        return t("{name} cannot play and discards a {card}.").format(name=who, card=card_name(e["card"], t))
    if e["type"] == "draw":
        return t("{name} draws a card.").format(name=who)
    if e["type"] == "deal":
        return ngettext("Round {r}: {k} card each.", "Round {r}: {k} cards each.", e["cards"]).format(
            r=e["round"], k=e["cards"]
        )
    if e["type"] == "game_over":
        return winners_line(e["winners"], names, t, sep=" + ")
    return None


def status_line(scene: DogScene) -> str:
    """Whose turn it is / what is happening, for the header."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    phase = obs["phase"]
    if phase == "over":
        winners = " + ".join(ctx.names[p] for p in obs["winners"])
        return ngettext("{names} won", "{names} won", len(obs["winners"])).format(names=winners)
    if phase == "give":
        if ctx.viewer is not None and ctx.viewer in ctx.acting:
            mate = partner(obs, ctx.viewer)
            if mate is not None:
                return t("{name}, give a card to {mate}").format(name=ctx.names[ctx.viewer], mate=ctx.names[mate])
            return t("{name}, pass a card on").format(name=ctx.names[ctx.viewer])
        givers = [ctx.names[p] for p in ctx.acting]
        return ngettext("Waiting for {names} to give a card", "Waiting for {names} to give a card", len(givers)).format(
            names=format_list(givers)
        )
    turn = obs["turn"]
    if turn is None:
        return ""
    name = ctx.names[turn]
    if ctx.viewer == turn:
        seven = obs.get("seven")
        if seven:
            left = seven["left"]
            return ngettext("{name}: 7, {k} step left", "{name}: 7, {k} steps left", left).format(name=name, k=left)
        if any(a["type"] == "fold" for a in scene.legal):
            return t("{name} cannot play").format(name=name)
        return t("{name}, play a card").format(name=name)
    return t("{name}'s turn").format(name=name)


def confirm_label(action: Action, t: Translate) -> str:
    """The question on the Undo/Confirm bar: it names the card given or played."""
    if action["type"] == "give":
        return t("Give your {card}?").format(card=card_name(action["card"], t))
    if action["type"] == "play":
        return t("Play your {card}?").format(card=card_name(action["card"], t))
    return t("Confirm your choice?")


def rules_summary(t: Translate) -> Markup:
    """A short summary (the full rules page is rules/dog.html)."""
    items = [
        t("Partners sit opposite. A team wins when all 8 of its figures are in their goals."),
        t("Each round: 6, 5, 4, 3, 2 cards, then 6 again. Partners first swap one card face down."),
        t(
            "Play one card per turn and move a figure by it, clockwise. "
            "1/11 and 13 also bring a figure out of the kennel onto its start field."
        ),
        t("A figure on its own start field blocks everybody and cannot be sent home or swapped."),
        t("Landing on a figure sends it home — even your own. The 7 sends home every figure it passes."),
        t(
            "The goal is entered over the start field, never directly from it and never backwards. "
            "No jumping inside the goal."
        ),
        t(
            "±4: forward or back. 7: split over your figures, all 7 steps used. "
            "Swap: one of yours with another's. Joker: any card."
        ),
        t("Who cannot play is out for the round. Who has all figures home moves the partner's."),
    ]
    return rules_list(items, ordered=False)
