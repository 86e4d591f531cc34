"""Bunny Bunny Moose Moose drawn in SVG: the cards (BM-2, BM-3: each side drawn where the
player's hand is, as in a mirror), a head with hands (a pose, a picker's icon), the trail figures.
Card drawings use a 160×120 viewBox; an ear or antler a card leaves open is dashed, with a "?",
and one that may be in either place is drawn in both, faded.
"""

from __future__ import annotations

import math

from pycore.games.bunny_moose import CardInfo, Pose

from ...markup import AttrValue, Markup, fragment, h, trusted
from ..base import Translate
from ..textfit import fit_caption
from .narration import HandLike, card_hand, card_words, signed

_FILL = {
    "ear": "#fde3ec",
    "antler": "#f1e3c8",
    "tongue": "#ffd9cc",
    "rabbit": "#fff1b8",
    "moose": "#dcebcf",
    "invert": "#e4d9ff",
    "hunter": "#ffcf99",
}
_EAR = "#c98b9c"
_EAR_IN = "#f7b9c9"
_ANTLER = "#8a5a2b"
_SKIN = "#f3d9b1"
_LINE = "#4a3222"
#: the room of a caption: the card's width inside its frame, less a margin each side
_CAPTION_WIDTH = 142


def _head(cx: float = 80, cy: float = 74, r: float = 21, tongue: bool = False) -> Markup:
    """The head: face, eyes, nose, a smile or the tongue out."""
    parts = [
        h("circle", {"cx": cx, "cy": cy, "r": r, "fill": _SKIN, "stroke": _LINE, "stroke-width": "2"}),
        h("circle", {"cx": cx - 7, "cy": cy - 4, "r": "2.6", "fill": _LINE}),
        h("circle", {"cx": cx + 7, "cy": cy - 4, "r": "2.6", "fill": _LINE}),
        h("ellipse", {"cx": cx, "cy": cy + 3, "rx": "3", "ry": "2.2", "fill": "#b86a5a"}),
    ]
    if tongue:
        parts.append(
            h(
                "path",
                {
                    "d": f"M{cx - 5} {cy + 10} Q{cx} {cy + 24} {cx + 5} {cy + 10} Z",
                    "fill": "#e2506a",
                    "stroke": _LINE,
                    "stroke-width": "1.5",
                },
            )
        )
        parts.append(
            h(
                "path",
                {
                    "d": f"M{cx - 7} {cy + 10} L{cx + 7} {cy + 10}",
                    "stroke": _LINE,
                    "stroke-width": "2",
                    "stroke-linecap": "round",
                },
            )
        )
    else:
        parts.append(
            h(
                "path",
                {
                    "d": f"M{cx - 6} {cy + 10} Q{cx} {cy + 14} {cx + 6} {cy + 10}",
                    "fill": "none",
                    "stroke": _LINE,
                    "stroke-width": "2",
                    "stroke-linecap": "round",
                },
            )
        )
    return fragment(parts)


def _open_mark(x: float | str, y: float | str, opacity: str | None) -> Markup:
    """The "?" on an ear or antler the card leaves open, upright wherever the feature points."""
    attrs = {"x": x, "y": y, "text-anchor": "middle", "font-size": "15", "font-weight": "800", "fill": _LINE}
    return h("text", {**attrs, "opacity": opacity}, "?")


def _ear(side: int, position: str, shape: str | None, faded: bool = False) -> Markup:
    """One ear on side -1 (viewer's left = player's left, BM-3) or +1; shape None = open."""
    if position == "top":
        x, y, tilt = 80 + side * 10, 56, side * 14
    else:
        x, y, tilt = 80 + side * 20, 68, side * 72
    dash = "4 3" if faded or shape is None else None
    opacity = ".55" if faded else None
    if shape == "floppy":
        body = fragment(
            h(
                "path",
                {
                    "d": "M-6 0 C-8 -16 -2 -30 10 -30 C20 -30 22 -18 18 -10 C15 -16 9 -20 6 -14 L6 0 Z",
                    "fill": _EAR,
                    "stroke": _LINE,
                    "stroke-width": "2",
                    "stroke-dasharray": dash,
                },
            ),
            h(
                "path",
                {
                    "d": "M-2 -4 C-3 -16 2 -25 9 -25",
                    "fill": "none",
                    "stroke": _EAR_IN,
                    "stroke-width": "3",
                    "stroke-linecap": "round",
                },
            ),
        )
    else:
        body = h(
            "ellipse",
            {
                "cx": "0",
                "cy": "-17",
                "rx": "6.5",
                "ry": "18",
                "fill": "none" if shape is None else _EAR,
                "stroke": _LINE,
                "stroke-width": "2",
                "stroke-dasharray": dash,
            },
        )
        if shape is not None:
            body += h("ellipse", {"cx": "0", "cy": "-17", "rx": "2.8", "ry": "12", "fill": _EAR_IN})
    group = h("g", {"transform": f"translate({x},{y}) rotate({tilt}) scale({side},1)", "opacity": opacity}, body)
    if shape is None:
        # the "?" stays upright: placed at the ear's middle in card coordinates
        qx = x + 17 * math.sin(math.radians(tilt))
        qy = y - 17 * math.cos(math.radians(tilt)) + 5
        group += _open_mark(f"{qx:.1f}", f"{qy:.1f}", opacity)
    return group


def _antler(side: int, spread: str | None, direction: str, faded: bool = False) -> Markup:
    """One antler on side -1/+1; spread None = open (drawn medium, dashed, with "?")."""
    x, y = 80 + side * 19, 64
    flip = -1 if direction == "down" else 1
    dash = "4 3" if faded or spread is None else None
    opacity = ".55" if faded else None
    if spread == "wide":
        prongs = [(8, -2, 0, -24), (20, -5, 20, -30), (32, -8, 44, -24)]
    elif spread == "compact":
        prongs = [(16, -4, 14, -28), (20, -5, 20, -30), (24, -6, 26, -28)]
    else:
        prongs = [(12, -3, 8, -26), (20, -5, 20, -30), (28, -7, 34, -26)]
    lines = [
        h(
            "path",
            {
                "d": "M0 0 L34 -8",
                "stroke": _ANTLER,
                "stroke-width": "5",
                "stroke-linecap": "round",
                "stroke-dasharray": dash,
            },
        )
    ]
    for x1, y1, x2, y2 in prongs:
        lines.append(
            h(
                "path",
                {
                    "d": f"M{x1} {y1} L{x2} {y2}",
                    "stroke": _ANTLER,
                    "stroke-width": "4.5",
                    "stroke-linecap": "round",
                    "stroke-dasharray": dash,
                },
            )
        )
    lines.append(h("circle", {"cx": "0", "cy": "0", "r": "4", "fill": _SKIN, "stroke": _LINE, "stroke-width": "1.5"}))
    group = h("g", {"transform": f"translate({x},{y}) scale({side},{flip})", "opacity": opacity}, lines)
    if spread is None:
        # the "?" stays upright and unmirrored: placed beside the prongs in card coordinates
        qx, qy = x + side * 44, y - flip * 30 + 5
        group += _open_mark(qx, qy, opacity)
    return group


def _feature(side: int, hand: HandLike) -> Markup:
    """An ear or antler on one side; an open attribute that changes the place (ear position,
    antler direction) is drawn both ways, faded."""
    if hand["kind"] == "ear":
        position, shape = hand.get("position"), hand.get("shape")
        if position is None:
            return _ear(side, "top", shape, True) + _ear(side, "side", shape, True)
        return _ear(side, position, shape)
    if hand["kind"] == "antler":
        spread, direction = hand.get("spread"), hand.get("direction")
        if direction is None:
            return _antler(side, spread, "up", True) + _antler(side, spread, "down", True)
        return _antler(side, spread, direction)
    return Markup()


def _badge(x: float, text: str, colour: str, y: float = 20, r: float = 16) -> Markup:
    """A round badge with a short text (points, ×2)."""
    return fragment(
        h("circle", {"cx": x, "cy": y, "r": r, "fill": colour, "stroke": "#fff", "stroke-width": "2"}),
        h(
            "text",
            {
                "x": x,
                "y": y + 6,
                "text-anchor": "middle",
                "font-size": 17 if len(text) < 3 else 14,
                "font-weight": "900",
                "fill": "#fff",
            },
            text,
        ),
    )


def _banner(text: str, anchor: str = "middle") -> Markup:
    """The card's caption along its bottom edge, fitted to the card (:func:`fit_caption`): one
    line, or two under the picture when the language's words are long."""
    x = {"start": 9, "middle": 80, "end": 151}[anchor]
    fitted = fit_caption(text, _CAPTION_WIDTH, 12.5, spacing=0.5)
    size = fitted.size
    attrs: dict[str, AttrValue] = {
        "x": x,
        "y": "113",
        "text-anchor": anchor,
        "font-size": f"{size:g}",
        "font-weight": "900",
        "fill": _LINE,
        "letter-spacing": ".5",
    }
    if len(fitted.lines) == 1:
        return h("text", attrs, text)
    first, second = fitted.lines
    return h(
        "text",
        attrs,
        h("tspan", {"x": x, "y": f"{113 - 1.05 * size:.1f}"}, first),
        h("tspan", {"x": x, "y": "113"}, second),
    )


#: the hunter card's picture: a hat and a sight (constant)
_HUNTER = trusted(
    '<path d="M48 62 L58 30 L102 30 L112 62 Z" fill="#2f5d2a" stroke="#1b3318" stroke-width="3"/>'
    '<rect x="34" y="60" width="92" height="10" rx="5" fill="#2f5d2a" stroke="#1b3318" stroke-width="3"/>'
    '<rect x="58" y="48" width="44" height="7" fill="#c62828"/>'
    '<circle cx="80" cy="88" r="13" fill="none" stroke="#c62828" stroke-width="3"/>'
    '<path d="M80 71 V105 M63 88 H97" stroke="#c62828" stroke-width="3"/>'
)


def card_svg(card: CardInfo, t: Translate, label: str = "", first_pass: bool = True) -> Markup:
    """A card drawn in SVG (BM-2, BM-3): sides drawn where the player's hands are (mirror)."""
    kind = card["kind"]
    points = card["points"] or 0
    fill = _FILL.get(card["hand"] or kind, "#fff")
    parts = [
        h(
            "rect",
            {
                "x": "2",
                "y": "2",
                "width": "156",
                "height": "116",
                "rx": "12",
                "fill": fill,
                "stroke": _LINE,
                "stroke-width": "3",
            },
        )
    ]
    if kind in ("single", "double"):
        hand = card_hand(card)
        parts.append(_head())
        if kind == "single":
            side = -1 if card["side"] == "left" else 1
            parts.append(_feature(side, hand))
            colour = "#2e7d32" if points > 0 else "#c62828"
            parts.append(_badge(80 - side * 55, signed(points), colour))
            parts.append(_banner(t("◀ LEFT hand") if side < 0 else t("RIGHT hand ▶"), "start" if side < 0 else "end"))
        else:
            parts.append(_feature(-1, hand) + _feature(1, hand))
            colour = "#2e7d32" if points > 0 else "#c62828"
            parts.append(_badge(80, signed(points), colour, y=20, r=15))
            parts.append(_banner(t("◀ EITHER hand ▶")))
    elif kind == "tongue":
        parts.append(_head(80, 58, 26, tongue=True))
        parts.append(_badge(24, signed(points), "#2e7d32" if points > 0 else "#c62828"))
        parts.append(_banner(t("TONGUE OUT")))
    elif kind == "rabbit":
        parts.append(_ear(-1, "top", "straight") + _ear(1, "top", "straight") + _head())
        parts.append(_badge(26, "×2", "#b8860b"))
        parts.append(_banner(t("RABBIT ×2")))
    elif kind == "moose":
        parts.append(_antler(-1, "wide", "up") + _antler(1, "wide", "up") + _head())
        parts.append(_badge(26, "×2", "#b8860b"))
        parts.append(_banner(t("MOOSE ×2")))
    elif kind == "invert":
        parts.append(
            h(
                "text",
                {
                    "x": "80",
                    "y": "82",
                    "text-anchor": "middle",
                    "font-size": "74",
                    "font-weight": "900",
                    "fill": "#5b3fb5",
                },
                "±",
            )
        )
        parts.append(_banner(t("ALL SCORES FLIP")))
    else:  # hunter: a hat and a sight
        parts.append(_HUNTER)
        parts.append(_banner(t("HUNTER")))
    aria = label or card_words(card, t, first_pass)
    return h("svg", {"viewbox": "0 0 160 120", "role": "img", "aria-label": aria}, parts)


def pose_svg(
    pose: Pose | None, left: HandLike | None = None, right: HandLike | None = None, tongue: bool = False
) -> Markup:
    """A head with the given hands (a pose, or one hand for a picker button), no card frame."""
    if pose is not None:
        left, right, tongue = pose["left"], pose["right"], pose["tongue"]
    parts = []
    if left:
        parts.append(_feature(-1, left))
    if right:
        parts.append(_feature(1, right))
    parts.append(_head(tongue=tongue))
    return h("svg", {"viewbox": "10 22 140 80", "aria-hidden": "true", "focusable": "false"}, parts)


def figure_svg(animal: str, colour: str) -> Markup:
    """A small rabbit or moose head in the player's colour (trail figures)."""
    if animal == "rabbit":
        body = fragment(
            h(
                "ellipse",
                {"cx": "7", "cy": "5", "rx": "2.6", "ry": "5", "fill": colour, "stroke": "#000", "stroke-width": "1"},
            ),
            h(
                "ellipse",
                {"cx": "13", "cy": "5", "rx": "2.6", "ry": "5", "fill": colour, "stroke": "#000", "stroke-width": "1"},
            ),
        )
    else:
        body = fragment(
            h(
                "path",
                {
                    "d": "M7 9 L2 2 M4.5 5.5 L1 6 M13 9 L18 2 M15.5 5.5 L19 6",
                    "stroke": colour,
                    "stroke-width": "2.4",
                    "stroke-linecap": "round",
                },
            ),
            h("path", {"d": "M7 9 L2 2 M13 9 L18 2", "stroke": "#000", "stroke-width": ".6"}),
        )
    return h(
        "svg",
        {"viewbox": "0 0 20 16", "aria-hidden": "true", "focusable": "false"},
        body,
        h("circle", {"cx": "10", "cy": "11", "r": "4.6", "fill": colour, "stroke": "#000", "stroke-width": "1"}),
    )
