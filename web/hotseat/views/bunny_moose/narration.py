"""What Bunny Bunny Moose Moose says in words: hands, cards (read as in a mirror, BM-3) and poses,
a score spelled out (BM-5), a figure's move on the trail (BM-6), the story of a move, the
header's status line, the Undo/Confirm question and the rules summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pycore.games.bunny_moose import (
    Action,
    CardInfo,
    Event,
    Hand,
    Pose,
    PublicObservation,
    Result,
    TrailMove,
    bush_kind,
)

from ...i18n import N_, ngettext
from ...markup import Markup
from ...widgets import rules_list
from ..base import Translate
from ..words import winners_line

if TYPE_CHECKING:  # the words need no scene but the status line's, read through its type alone
    from .scene import BunnyMooseScene

#: an ear or antler, of a pose (every attribute set) or asked for by a card (an open one ``None``)
HandLike = Mapping[str, str | None]


def signed(n: int) -> str:
    """A score with its sign, the minus a real minus sign.

    >>> signed(2), signed(-3), signed(0)
    ('+2', '−3', '0')
    """
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def hand_words(hand: HandLike | None, t: Translate) -> str:
    """A hand (or a card's ear/antler with open attributes as None) in words.

    >>> hand_words({"kind": "ear", "position": "top", "shape": "floppy"}, lambda s: s)
    'ear on top, floppy'
    >>> hand_words({"kind": "antler", "spread": None, "direction": "down"}, lambda s: s)
    'antler pointing down (wide or compact)'
    """
    if hand is None or hand.get("kind") in (None, "none"):
        return t("no hand")
    (first, first_key, first_words), (second, second_key, second_words), wordings = _HAND_WORDS[str(hand["kind"])]
    a, b = hand.get(first), hand.get(second)
    wording = wordings[0] if a is None else wordings[1] if b is None else wordings[2]
    words = {first_key: "" if a is None else t(first_words[a]), second_key: "" if b is None else t(second_words[b])}
    return t(wording).format(**words)


#: per kind of hand: its two features (the hand's key, the placeholder, the words of each value)
#: and how it reads with the first open, with the second open, and with both set
_HAND_WORDS = {
    "ear": (
        ("position", "pos", {"top": N_("on top"), "side": N_("at the side")}),
        ("shape", "shape", {"straight": N_("straight"), "floppy": N_("floppy")}),
        (N_("ear, {shape} (on top or at the side)"), N_("ear {pos} (straight or floppy)"), N_("ear {pos}, {shape}")),
    ),
    "antler": (
        ("spread", "spread", {"wide": N_("wide"), "compact": N_("compact")}),
        ("direction", "dir", {"up": N_("pointing up"), "down": N_("pointing down")}),
        (N_("antler {dir} (wide or compact)"), N_("antler {spread} (up or down)"), N_("antler {spread}, {dir}")),
    ),
}


def card_hand(card: CardInfo) -> HandLike:
    """The ear/antler a single or double card asks for, as a hand with open values None."""
    if card["hand"] == "ear":
        return {"kind": "ear", "position": card.get("position"), "shape": card.get("shape")}
    return {"kind": "antler", "spread": card.get("spread"), "direction": card.get("direction")}


def card_words(card: CardInfo, t: Translate, first_pass: bool = True) -> str:
    """What a card asks for, in words, with the side read as in a mirror (BM-3).

    >>> ear = {"kind": "single", "hand": "ear", "side": "right", "position": "top", "shape": None, "points": 2}
    >>> card_words(ear, lambda s: s)
    'Your RIGHT hand: ear on top (straight or floppy) · +2'
    """
    kind = card["kind"]
    points = card["points"] or 0
    if kind in ("single", "double"):
        what = hand_words(card_hand(card), t)
        pts = signed(points)
        if kind == "single":
            side = t("Your LEFT hand") if card["side"] == "left" else t("Your RIGHT hand")
            return f"{side}: {what} · {pts}"
        return t("Either hand: {what} · {pts} each (both: twice)").format(what=what, pts=pts)
    if kind == "tongue":
        return t("Tongue out · {pts}").format(pts=signed(points))
    if kind == "rabbit":
        return t("×2 if you look like a rabbit (ears; or antlers with tongue out)")
    if kind == "moose":
        return t("×2 if you look like a moose (antlers; or ears with tongue out)")
    if kind == "invert":
        return t("± turns every score round (two cancel out)")
    if first_pass:
        return t("Hunter — no effect while the row is filling")
    return t("Hunter — BAM!")


def pose_words(pose: Pose, t: Translate) -> str:
    """A pose in words, e.g. "left: ear on top, straight · right: … · tongue out"."""
    parts = [
        t("left: {hand}").format(hand=hand_words(pose["left"], t)),
        t("right: {hand}").format(hand=hand_words(pose["right"], t)),
    ]
    if pose.get("tongue"):
        parts.append(t("tongue out"))
    return " · ".join(parts)


def bush_words(left: Hand, right: Hand, t: Translate) -> str | None:
    """Why a pose is a bush (BM-1, :func:`pycore.games.bunny_moose.bush_kind`) in a few words
    ("no hand up", "one hand only", "an ear with an antler"), or ``None`` for a rabbit or a moose."""
    kind = bush_kind(left, right)
    if kind is None:
        return None
    return {"no_hands": t("no hand up"), "one_hand": t("one hand only"), "mixed": t("an ear with an antler")}[kind]


def result_lines(result: Result, obs: PublicObservation, t: Translate, pose: Pose | None = None) -> list[str]:
    """The score of one player spelled out (BM-5), one step per line, as plain text; ``pose``
    (the frozen pose) says why a bush is one."""
    if result["bush"]:
        why = bush_words(pose["left"], pose["right"], t) if pose is not None else None
        if why is None:
            return [t("A bush: 0 on every card.")]
        return [t("A bush ({why}): 0 on every card.").format(why=why)]
    lines = []
    terms = []
    cards = [obs["top_cards"][m["stack"]] for m in result["matches"]]
    for m, card in zip(result["matches"], cards, strict=True):
        if card is None or card["points"] is None:
            continue
        terms.extend([signed(card["points"])] * m["times"])
    if terms:
        lines.append(t("Matched points: {terms} = {base}").format(terms=" ".join(terms), base=signed(result["base"])))
    else:
        lines.append(t("No points matched: 0"))
    value = result["base"]
    for m, card in zip(result["matches"], cards, strict=True):
        if card is not None and card["kind"] in ("rabbit", "moose"):
            value *= 2
            looks = t("looks like a rabbit") if card["kind"] == "rabbit" else t("looks like a moose")
            lines.append(
                t("× 2 ({looks}, stack {n}) = {value}").format(looks=looks, n=m["stack"] + 1, value=signed(value))
            )
    inv = result["inversions"]
    if inv and result["inverted"]:
        lines.append(
            ngettext(
                "{n} ± card on the table, an odd number: turned round = {value}",
                "{n} ± cards on the table, an odd number: turned round = {value}",
                inv,
            ).format(n=inv, value=signed(result["score"]))
        )
    elif inv:
        lines.append(
            ngettext(
                "{n} ± card on the table, an even number: they cancel out",
                "{n} ± cards on the table, an even number: they cancel out",
                inv,
            ).format(n=inv)
        )
    return lines


def move_for(obs: PublicObservation, player: int, bet: bool) -> TrailMove | None:
    """``player``'s figure move of this round (``bet``: the narrator's move after the bet)."""
    for m in obs.get("moves") or []:
        if m["player"] == player and m["bet"] == bet:
            return m
    return None


def move_words(move: TrailMove | None, t: Translate) -> str:
    """A figure's move on the trail: "rabbit: field 3 → 7", or that none moves."""
    if move is None:
        return t("No figure moves.")
    animal = t("rabbit") if move["figure"] == "rabbit" else t("moose")
    return t("{animal}: field {a} → {b}").format(animal=animal, a=move["from"], b=move["to"])


def story_lines(events: Sequence[Event], names: list[str], t: Translate) -> list[str]:
    """The narrator's bet, every card turned with its stack (BM-4) and the hunter's BAM!, each
    player's score and how the figures moved on the trail (BM-5, BM-6), the winners. A pose
    alone says nothing: the poses are shown together when the round is scored."""
    out: list[str] = []
    for e in events:
        if e["type"] == "bet":
            out.append(
                t("{narrator} bets on {player}.").format(narrator=names[e["narrator"]], player=names[e["player"]])
            )
        elif e["type"] == "reveal":
            card = card_words(e["card"], t, e["first_pass"])
            out.append(t("Stack {n}: {card}").format(n=e["stack"] + 1, card=card))
        elif e["type"] == "hunter":
            out.append(card_words(e["card"], t, first_pass=False))
        elif e["type"] == "scored":
            for p, result in enumerate(e["results"]):
                if result is not None:
                    out.append(t("{name} scores {score}.").format(name=names[p], score=signed(result["score"])))
            for move in e["moves"]:
                out.append(t("{name}: {move}").format(name=names[move["player"]], move=move_words(move, t)))
        elif e["type"] == "game_over":
            out.append(winners_line(e["winners"], names, t))
    return out


def status_line(scene: BunnyMooseScene) -> str:
    """What happens now, for the header: the bet, the narrator reading, the poses, the scores."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    if ctx.step is not None and any(e["type"] == "hunter" for e in scene.events[: ctx.step]):
        return t("BAM! Freeze!")
    phase = obs["phase"]
    narrator = ctx.names[obs["narrator"]]
    rounds = t("Round {r}/{n}").format(r=obs["round"], n=obs["total_rounds"])
    if phase == "bet":
        return t("{rounds}: {name} bets").format(rounds=rounds, name=narrator)
    if phase == "reveal":
        if obs["mode"] == "app":
            return t("{rounds}: hands on heads!").format(rounds=rounds)
        return t("{rounds}: {name} reads").format(rounds=rounds, name=narrator)
    if phase == "poses":
        if ctx.viewer is not None and ctx.viewer in obs["current_players"]:
            return t("{name}'s pose").format(name=ctx.names[ctx.viewer])
        return t("Enter the poses")
    if phase == "scored":
        return t("{rounds}: scores").format(rounds=rounds)
    return t("Game over")


def confirm_label(action: Action, t: Translate) -> str:
    """The question on the Undo/Confirm bar: it names the move (a pose, the narrator's bet)."""
    if action["type"] == "pose":
        return t("Enter this pose?")
    if action["type"] == "bet":
        return t("Bet on this player?")
    return t("Confirm your choice?")


def rules_summary(t: Translate) -> Markup:
    """A short rules summary in the project's own words (fallback for the rules page)."""
    items = [
        t(
            "Make a rabbit (two ears) or a moose (two antlers) with your hands on your head; "
            "stick your tongue out if you like. Anything else (no hand up, one hand only, an ear with an antler) "
            "is a bush: 0 points."
        ),
        t("An ear sits on top or at the side, straight or floppy. An antler is wide or compact and points up or down."),
        t(
            "The narrator (or the app) reads a poem and turns a card on every line onto six stacks; "
            "later cards cover earlier ones. Only the top cards count."
        ),
        t("Read the cards as a mirror: a picture on the card's right side is for your right hand."),
        t("A hunter while the row is still filling does nothing. After that, the hunter ends the round: BAM! Freeze."),
        t(
            "Score: the points of every card you match (a double card matched by both hands twice), "
            "× 2 for each rabbit or moose ×2 card you match, turned round if an odd number of ± cards shows. "
            "A moose with its tongue out looks like a rabbit, and the other way round."
        ),
        t(
            "The score moves your rabbit (ears) or moose (antlers) along the trail. "
            "The narrator's figure follows the player they bet on."
        ),
        t(
            "Everyone narrates twice (or three times). "
            "The winner has the rear figure furthest ahead; then the front figure decides."
        ),
    ]
    return rules_list(items, ordered=False)
