"""The Dog table laid out: players and teams, the board, what just happened, then what the viewer
is to do now (give a card, fold, discard, play a card step by step, the steps of a 7), the hand.

* Play: tap a card (a joker first asks what it plays as), then one of the highlighted figures,
  then a target where there is a choice (1 or 11, forward or back, into the goal or on along the
  ring). Every choice is also a big button under the board (:mod:`.options`).
* The 7 (DOG-7): step by step, the steps left shown on the board and the card, Undo for the last step.
* Give (DOG-3, DOG-11): behind each player's curtain, tap the card for the partner (or the left
  neighbour); the shell keeps it pending with Undo/Confirm.
* Stuck (DOG-9, DOG-11): a plain message and one button (out for the round / discard a card).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pycore.games.dog import JOKER_AS, Observation, gift_receiver  # DOG-3, DOG-11

from ...i18n import ngettext
from ...markup import Markup, h
from ..base import ViewContext
from .board import Marks, TapData, board_svg
from .narration import card_name, event_messages
from .options import choice_marks
from .parts import centre_lines, choice_button, hand_html, info, opts, players_html, prompt, teams_html
from .scene import DogScene, partner
from .taps import candidates, choice, plays_by_card


@dataclass
class Turn:
    """What the viewer's part of the table offers now: the board's marks, what goes under the
    board, and the hand's playable cards (``ok``), taps by card and the chosen card."""

    marks: Marks
    below: list[Markup] = field(default_factory=list)
    ok: set[str] = field(default_factory=set)
    hand_taps: dict[str, TapData] = field(default_factory=dict)
    selected_card: str | None = None


def table_html(scene: DogScene) -> Markup:
    """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None)."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    mine = scene.mine if ctx.viewer is not None else None
    turn = _turn(scene)
    messages = event_messages(scene.events, obs, ctx.names, t)
    log = None
    if messages and ctx.step is None:
        items = [h("li", {"class": "big" if "win" in m else None}, m) for m in messages[-5:]]
        log = h("ul", {"class": "dg-log", "aria-live": "polite"}, items)
    parts: list[Markup | None] = [
        players_html(scene),
        teams_html(scene),
        h("div", {"class": "dg-board"}, board_svg(scene, turn.marks)),
        log,
        *turn.below,
    ]
    if ctx.viewer is not None:
        parts.append(hand_html(scene, mine, turn.ok, turn.hand_taps, turn.selected_card))
    if mine is not None and obs["phase"] == "play" and mine.get("received"):
        parts.append(_received(scene, mine))
    return h("div", {"class": "dg-table"}, parts)


def final_board_html(scene: DogScene) -> Markup:
    """The final board and the teams, as the whole table sees them (the game-over screen)."""
    ctx = scene.ctx
    public = DogScene(scene.obs, ViewContext(viewer=None, names=ctx.names, events=ctx.events, t=ctx.t))
    board = board_svg(public, Marks(centre=centre_lines(public)))
    return h("div", {"class": "dg-table"}, teams_html(public), h("div", {"class": "dg-board"}, board))


def _received(scene: DogScene, mine: Observation) -> Markup:
    """Who gave the viewer which card this round (DOG-3)."""
    n = scene.obs["num_players"]
    giver = scene.names[next(q for q in range(n) if gift_receiver(n, q) == scene.ctx.viewer)]
    gift = card_name(mine["received"] or "", scene.t)
    return info(scene.t("This round {name} gave you: {card}").format(name=giver, card=gift))


def _turn(scene: DogScene) -> Turn:
    """The viewer's part: what they may do now, by situation."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    turn = Turn(Marks(centre=centre_lines(scene)))
    acting = bool(ctx.legal) and ctx.pending is None
    types = {a["type"] for a in scene.legal}
    if ctx.viewer is not None and obs["phase"] == "give":
        _give(scene, ctx.viewer, acting and "give" in types, turn)
    elif acting and "fold" in types:
        turn.below.append(
            prompt(
                t("None of your cards can be played."),
                t("You are out for this round and your cards are discarded."),
                warn=True,
            )
        )
        fold = choice_button(t("Discard my cards (out for this round)"), {"do": {"type": "fold"}}, "primary")
        turn.below.append(opts(fold, next_key="fold"))
    elif acting and "discard" in types:
        if obs.get("drawn"):
            text, small = t("Still no move."), t("Tap a card to discard; your turn ends.")
        else:
            text = t("None of your cards can be played.")
            small = t("Tap a card to discard; you then draw a new one.")
        turn.below.append(prompt(text, small, warn=True))
        turn.hand_taps = {a["card"]: {"do": a} for a in scene.legal if a["type"] == "discard"}
    elif acting and "step" in types:
        _seven(scene, turn)
    elif acting and "play" in types:
        _play(scene, turn)
    elif ctx.viewer is not None and obs["phase"] == "play" and obs.get("turn") != ctx.viewer and obs["out"][ctx.viewer]:
        turn.below.append(prompt(t("You are out for this round."), warn=True))
    return turn


def _give(scene: DogScene, viewer: int, choosing: bool, turn: Turn) -> None:
    """DOG-3 / DOG-11: the card for the partner (or the left neighbour), chosen in secret."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    mine = scene.mine
    to = ctx.names[gift_receiver(obs["num_players"], viewer)]
    pending = scene.pending
    if pending is not None:
        turn.selected_card = pending["card"] if pending["type"] == "give" else None
    elif mine is not None and mine.get("my_gift"):
        gift = card_name(mine["my_gift"] or "", t)
        turn.below.append(prompt(t("You give {card} to {name}. Waiting for the others.").format(card=gift, name=to)))
    if choosing:
        text = (
            t("Choose a card to give to your partner {name}.")
            if partner(obs, viewer) is not None
            else t("Choose a card to pass to {name} on your left.")
        )
        turn.below.append(prompt(text.format(name=to), t("You see what you get only after giving.")))
        turn.hand_taps = {a["card"]: {"do": a} for a in scene.legal if a["type"] == "give"}


def _seven(scene: DogScene, turn: Turn) -> None:
    """DOG-7 under way: the steps left, Undo step, the figures and targets of the next step."""
    t = scene.t
    seven = scene.obs.get("seven")
    left = seven["left"] if seven else 0
    steps = ngettext("7: {k} step left", "7: {k} steps left", left).format(k=left)
    undo = choice_button(t("Undo step"), {"do": {"type": "undo"}})
    turn.below.append(h("div", {"class": "dg-seven"}, h("span", None, steps), undo))
    cands, _todo = candidates(scene)
    marks, buttons = choice_marks(scene, cands)
    _mark(turn, marks)
    turn.below.append(info(t("Tap a highlighted figure, then where it goes.")))
    turn.below.append(opts(buttons))


def _play(scene: DogScene, turn: Turn) -> None:
    """A card to play: choose the card, what a joker plays as, then figure and target."""
    t = scene.t
    cands, todo = candidates(scene)
    by_card = plays_by_card(scene)
    chosen = choice(scene.ctx)
    turn.ok = set(by_card)
    turn.selected_card = chosen.card
    turn.hand_taps = {c: {"card": c} for c in by_card}
    if todo == "card":
        turn.below.append(prompt(t("Tap a card to play."), t("Cards with a green edge can be played.")))
        return
    if todo == "as":
        kinds = [k for k in JOKER_AS if any(a.get("as") == k for a in cands)]
        turn.below.append(prompt(t("Play the joker as which card?")))
        row = h("div", {"class": "row3"}, [choice_button(card_name(k, t), {"as": k}) for k in kinds])
        turn.below.append(opts(row, next_key=f"as-{chosen.card}"))
        return
    if len(cands) == 1 and "figure" not in cands[0]:
        turn.below.append(prompt(t("No swap is possible: the card is played without effect.")))
        play = choice_button(t("Play the swap without effect"), {"do": cands[0]}, "primary")
        turn.below.append(opts(play, next_key=f"no-swap-{chosen.card}"))
    else:
        marks, buttons = choice_marks(scene, cands)
        _mark(turn, marks)
        kind = chosen.as_ or chosen.card
        if kind == "7":
            turn.below.append(info(t("The 7 is played step by step: first step now.")))
        elif kind == "swap":
            turn.below.append(info(t("Swapping is compulsory: choose your figure, then the other.")))
        key = f"play-{chosen.card}-{chosen.as_}-{chosen.fig}" if buttons else None
        turn.below.append(opts(buttons, next_key=key))
    turn.below.append(opts(choice_button(t("Choose another card"), {"card": None})))


def _mark(turn: Turn, marks: Marks) -> None:
    """Take the figures and targets of ``marks`` onto the board (its centre lines stay)."""
    turn.marks.figs, turn.marks.selected, turn.marks.targets = marks.figs, marks.selected, marks.targets
