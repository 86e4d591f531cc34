"""Entering a frozen pose (BM-1): one player after another (the engine's pose phase is
simultaneous; the shell goes round the table from the narrator's left), big pickers for the left
hand and the right hand (nothing, four ears, four antlers, each drawn and named), what the pose
is (a rabbit, a moose, a bush), then "Tongue in" or "Tongue out", which enters the pose: three
taps a pose."""

from __future__ import annotations

from pycore.games.bunny_moose import HANDS, pose_animal  # BM-1

from ...markup import Markup, fragment, h
from ...widgets import button
from ..base import Translate
from .drawing import pose_svg
from .narration import bush_words, hand_words
from .parts import dot, note
from .scene import BunnyMooseScene
from .taps import PoseChoice, pose_choice


def pose_html(scene: BunnyMooseScene) -> Markup:
    """Who has posed; for the player whose pose is due, the pickers, and "Tongue in" / "Tongue
    out", which enter the pose."""
    ctx, t = scene.ctx, scene.t
    viewer = ctx.viewer
    parts = [_posed_html(scene)]
    if viewer is None or not any(a["type"] == "pose" for a in scene.legal):
        parts.append(note(t("Entering the frozen poses…")))
        return fragment(parts)
    chosen = pose_choice(ctx)
    question = t("{name}: how are the hands and the tongue right now?").format(name=ctx.names[viewer])
    parts.append(note(dot(viewer), " ", question))
    # after the first tap, what is still to choose comes into the window (``data-next``)
    ready = chosen.left is not None and chosen.right is not None
    began = chosen.left is not None or chosen.right is not None
    key = f"pose-{viewer}-{chosen.left}-{chosen.right}"
    after = None if not began or ready else "left" if chosen.left is None else "right"
    for side, title, hint in (
        ("left", t("LEFT hand"), t("(the player's own left)")),
        ("right", t("RIGHT hand"), t("(the player's own right)")),
    ):
        parts.append(_hand_picker(side, title, hint, chosen, t, key if after == side else None))
    if chosen.left is not None and chosen.right is not None:
        left, right = HANDS[chosen.left], HANDS[chosen.right]
        animal = pose_animal(left, right)
        if animal is None:
            line = t("That is a bush ({why}): it scores 0.").format(why=bush_words(left, right, t))
        else:
            line = t("That is {what}.").format(what=t("a rabbit") if animal == "rabbit" else t("a moose"))
        parts.append(note(line))
    parts.append(_tongue_enters(ready, ctx.names[viewer], t, key if ready else None))
    return fragment(parts)


def _hand_picker(
    side: str, title: str, hint: str, chosen: PoseChoice, t: Translate, next_key: str | None = None
) -> Markup:
    """The choices for one hand: nothing, or each ear and antler drawn on a head and named;
    ``next_key`` (a string): the hand still to choose after the other one."""
    picked = chosen.hand(side)
    s = -1 if side == "left" else 1
    buttons = []
    for i, hand in enumerate(HANDS):
        pressed = "true" if picked == i else "false"
        tap = {"bm": "hand", "side": side, "i": i}
        if hand["kind"] == "none":
            buttons.append(button(t("no hand"), tap, "none", aria_pressed=pressed))
            continue
        icon = pose_svg(None, left=hand if s < 0 else None, right=hand if s > 0 else None)
        words = hand_words(hand, t)
        short = words.split(" ", 1)[1] if " " in words else words
        name = t("ear") if hand["kind"] == "ear" else t("antler")
        label = (icon, h("span", None, h("b", None, name), h("br"), short))
        buttons.append(button(label, tap, aria_pressed=pressed, aria_label=words))
    return h(
        "section",
        {"class": "bm-pick", "data-next": next_key},
        h("h2", None, title, " ", h("small", None, hint)),
        h("div", {"class": "bm-hands"}, buttons),
    )


def _tongue_enters(ready: bool, name: str, t: Translate, next_key: str | None) -> Markup:
    """ "Tongue in" and "Tongue out", a head drawn on each: the tap enters the pose (once both
    hands are chosen; then they are what the player needs next, ``next_key``)."""
    title = t("Tongue: enter {name}'s pose").format(name=name) if ready else t("Pick both hands first")
    # written out: ``disabled`` stands after ``data-tap`` here (widgets.button puts attributes before it)
    buttons = [
        h(
            "button",
            {"type": "button", "class": "primary", "data-tap": {"bm": "pose", "tongue": out}, "disabled": not ready},
            pose_svg(None, tongue=out),
            label,
        )
        for out, label in ((False, t("Tongue in")), (True, t("Tongue out")))
    ]
    return h(
        "section",
        {"class": "bm-pick", "data-next": next_key},
        h("h2", None, title),
        h("div", {"class": "bm-tongue"}, buttons),
    )


def _posed_html(scene: BunnyMooseScene) -> Markup:
    """The players who pose this round, a tick on those who have."""
    obs = scene.obs
    items = []
    for p in obs["posers"]:
        done = obs["posed"][p]
        items.append(h("li", {"class": "done" if done else None}, dot(p), ("✓ " if done else "") + scene.names[p]))
    return h("ul", {"class": "bm-players"}, items)
