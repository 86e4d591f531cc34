"""The Bunny Bunny Moose Moose table: the poem, the cards to a beat, BAM!, poses, scores, the trail.

Built only from observations of ``pycore.games.bunny_moose`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`.
Nothing in this game is private, so the table is the same for everyone and there is no curtain.

* Narrator mode (BM-8, option ``narrator = player``): the narrator holds the phone. The bet comes
  first (BM-6: buttons with the other players' names). Then the poem line to read is shown with
  its bold ending; "Turn the card" reveals the next card, drawn large (SVG) with each side
  labelled in words, so the narrator can show it across the table. The six stacks (BM-4) are
  shown small below, the stack just covered marked.
* App-narrator mode (option ``narrator = app``): the phone stands facing the players. After
  "Start the poem" the app reveals a card per line by itself at the chosen tempo
  (:func:`auto_play`, slow/normal/fast), each with a beep and a short vibration (``data-fx``,
  played by :mod:`hotseat.fx`). "Pause" stops it.
* The hunter (BM-4): a full-screen "BAM!" (paced event, :func:`pace_ms`) with a thump.
* Poses (BM-1): one player after another (the engine's pose phase is simultaneous; the shell goes
  round the table from the narrator's left), big pickers for the left hand, the right hand
  (nothing, four ears, four antlers, each drawn and named) and the tongue.
* Scores (BM-3, BM-5): for every player the six top cards with the matched ones highlighted and
  the doubly matched marked "2×", the sum spelled out, each ×2 card and the ± parity in words.
  Then the trail (BM-6): every player's rabbit and moose sliding from their old field to the new,
  exact positions shown even past either end of the 15 fields.
"""

from __future__ import annotations

import math

from pycore.games.bunny_moose import (  # BM-1 hands, BM-4 stacks, BM-6 trail
    HANDS,
    NUM_STACKS,
    START_FIELD,
    TRAIL_FIELDS,
    pose_animal,
)

from .. import poems
from ..i18n import format_list, ngettext
from ..markup import Markup, fragment, h, trusted
from .base import BaseView, ViewContext

#: ms per poem line for the app narrator
TEMPO_MS = {"slow": 3200, "normal": 2300, "fast": 1500}
BAM_MS = 1900
#: player colours (the box has six)
COLOURS = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00"]


# ---- words ------------------------------------------------------------------------------------


def hand_words(hand: dict | None, t) -> str:
    """A hand (or a card's ear/antler with open attributes as None) in words.

    >>> hand_words({"kind": "ear", "position": "top", "shape": "floppy"}, lambda s: s)
    'ear on top, floppy'
    >>> hand_words({"kind": "antler", "spread": None, "direction": "down"}, lambda s: s)
    'antler pointing down (wide or compact)'
    """
    if hand is None or hand.get("kind") in (None, "none"):
        return t("no hand")
    if hand["kind"] == "ear":
        pos = {"top": t("on top"), "side": t("at the side"), None: ""}[hand.get("position")]
        shape = {"straight": t("straight"), "floppy": t("floppy"), None: ""}[hand.get("shape")]
        if hand.get("position") is None:
            return t("ear, {shape} (on top or at the side)").format(shape=shape)
        if hand.get("shape") is None:
            return t("ear {pos} (straight or floppy)").format(pos=pos)
        return t("ear {pos}, {shape}").format(pos=pos, shape=shape)
    spread = {"wide": t("wide"), "compact": t("compact"), None: ""}[hand.get("spread")]
    direction = {"up": t("pointing up"), "down": t("pointing down"), None: ""}[hand.get("direction")]
    if hand.get("spread") is None:
        return t("antler {dir} (wide or compact)").format(dir=direction)
    if hand.get("direction") is None:
        return t("antler {spread} (up or down)").format(spread=spread)
    return t("antler {spread}, {dir}").format(spread=spread, dir=direction)


def _card_hand(card: dict) -> dict:
    """The ear/antler a single or double card asks for, as a hand dict with open values None."""
    if card["hand"] == "ear":
        return {"kind": "ear", "position": card.get("position"), "shape": card.get("shape")}
    return {"kind": "antler", "spread": card.get("spread"), "direction": card.get("direction")}


def card_words(card: dict, t, first_pass: bool = True) -> str:
    """What a card asks for, in words, with the side read as in a mirror (BM-3).

    >>> ear = {"kind": "single", "hand": "ear", "side": "right", "position": "top", "shape": None, "points": 2}
    >>> card_words(ear, lambda s: s)
    'Your RIGHT hand: ear on top (straight or floppy) · +2'
    """
    kind = card["kind"]
    if kind in ("single", "double"):
        what = hand_words(_card_hand(card), t)
        pts = _signed(card["points"])
        if kind == "single":
            side = t("Your LEFT hand") if card["side"] == "left" else t("Your RIGHT hand")
            return f"{side}: {what} · {pts}"
        return t("Either hand: {what} · {pts} each (both: twice)").format(what=what, pts=pts)
    if kind == "tongue":
        return t("Tongue out · {pts}").format(pts=_signed(card["points"]))
    if kind == "rabbit":
        return t("×2 if you look like a rabbit (ears; or antlers with tongue out)")
    if kind == "moose":
        return t("×2 if you look like a moose (antlers; or ears with tongue out)")
    if kind == "invert":
        return t("± turns every score round (two cancel out)")
    if first_pass:
        return t("Hunter — no effect while the row is filling")
    return t("Hunter — BAM!")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def pose_words(pose: dict, t) -> str:
    """A pose in words, e.g. "left: ear on top, straight · right: … · tongue out"."""
    parts = [
        t("left: {hand}").format(hand=hand_words(pose["left"], t)),
        t("right: {hand}").format(hand=hand_words(pose["right"], t)),
    ]
    if pose.get("tongue"):
        parts.append(t("tongue out"))
    return " · ".join(parts)


# ---- drawing (SVG, viewBox 0 0 160 120) -----------------------------------------------------

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


def _head(cx: float = 80, cy: float = 74, r: float = 21, tongue: bool = False) -> Markup:
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
        group += h(
            "text",
            {
                "x": f"{qx:.1f}",
                "y": f"{qy:.1f}",
                "text-anchor": "middle",
                "font-size": "15",
                "font-weight": "800",
                "fill": _LINE,
                "opacity": opacity,
            },
            "?",
        )
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
        group += h(
            "text",
            {
                "x": qx,
                "y": qy,
                "text-anchor": "middle",
                "font-size": "15",
                "font-weight": "800",
                "fill": _LINE,
                "opacity": opacity,
            },
            "?",
        )
    return group


def _feature(side: int, hand: dict) -> Markup:
    """An ear or antler on one side; an open attribute that changes the place (ear position,
    antler direction) is drawn both ways, faded."""
    if hand["kind"] == "ear":
        if hand.get("position") is None:
            return _ear(side, "top", hand.get("shape"), True) + _ear(side, "side", hand.get("shape"), True)
        return _ear(side, hand["position"], hand.get("shape"))
    if hand["kind"] == "antler":
        if hand.get("direction") is None:
            return _antler(side, hand.get("spread"), "up", True) + _antler(side, hand.get("spread"), "down", True)
        return _antler(side, hand.get("spread"), hand["direction"])
    return Markup()


def _badge(x: float, text: str, colour: str, y: float = 20, r: float = 16) -> Markup:
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
    x = {"start": 9, "middle": 80, "end": 151}[anchor]
    return h(
        "text",
        {
            "x": x,
            "y": "113",
            "text-anchor": anchor,
            "font-size": "12.5",
            "font-weight": "900",
            "fill": _LINE,
            "letter-spacing": ".5",
        },
        text,
    )


#: the hunter card's picture: a hat and a sight (constant)
_HUNTER = trusted(
    '<path d="M48 62 L58 30 L102 30 L112 62 Z" fill="#2f5d2a" stroke="#1b3318" stroke-width="3"/>'
    '<rect x="34" y="60" width="92" height="10" rx="5" fill="#2f5d2a" stroke="#1b3318" stroke-width="3"/>'
    '<rect x="58" y="48" width="44" height="7" fill="#c62828"/>'
    '<circle cx="80" cy="88" r="13" fill="none" stroke="#c62828" stroke-width="3"/>'
    '<path d="M80 71 V105 M63 88 H97" stroke="#c62828" stroke-width="3"/>'
)


def card_svg(card: dict, t, label: str = "", first_pass: bool = True) -> Markup:
    """A card drawn in SVG (BM-2, BM-3): sides drawn where the player's hands are (mirror)."""
    kind = card["kind"]
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
        hand = _card_hand(card)
        parts.append(_head())
        if kind == "single":
            side = -1 if card["side"] == "left" else 1
            parts.append(_feature(side, hand))
            colour = "#2e7d32" if card["points"] > 0 else "#c62828"
            parts.append(_badge(80 - side * 55, _signed(card["points"]), colour))
            parts.append(_banner(t("◀ LEFT hand") if side < 0 else t("RIGHT hand ▶"), "start" if side < 0 else "end"))
        else:
            parts.append(_feature(-1, hand) + _feature(1, hand))
            colour = "#2e7d32" if card["points"] > 0 else "#c62828"
            parts.append(_badge(80, _signed(card["points"]), colour, y=20, r=15))
            parts.append(_banner(t("◀ EITHER hand ▶")))
    elif kind == "tongue":
        parts.append(_head(80, 58, 26, tongue=True))
        parts.append(_badge(24, _signed(card["points"]), "#2e7d32" if card["points"] > 0 else "#c62828"))
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


def pose_svg(pose: dict | None, left: dict | None = None, right: dict | None = None, tongue: bool = False) -> Markup:
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


# ---- pieces of screens -------------------------------------------------------------------------


def _colour(p: int) -> str:
    return COLOURS[p % len(COLOURS)]


def _dot(p: int) -> Markup:
    return h("span", {"class": "bm-dot", "style": f"background:{_colour(p)}"})


def _note(*children: str | Markup) -> Markup:
    return h("p", {"class": "bm-note"}, children)


def _button(cls: str | None, tap: dict, text: str, disabled: bool = False) -> Markup:
    return h("button", {"type": "button", "class": cls, "data-tap": tap, "disabled": disabled}, text)


def _poem_line(obs: dict, index: int, t, small: bool = False, say: bool = False) -> Markup:
    """Line ``index`` of the round's poem (:mod:`hotseat.poems`, in the current language), its
    ending in bold; ``say``: the app narrator's voice reads it too (``data-say``, played once per
    round and line by :mod:`hotseat.fx`)."""
    lines = poems.lines(obs["poem"] if obs["poem"] in poems.KINDS else "short")
    line = lines[index % len(lines)]
    n = t("Line {i} of {n}").format(i=index % len(lines) + 1, n=len(lines))
    key = f"say{obs['round']}-{index}"
    voice = h("i", {"hidden": True, "data-say": line.text, "data-fx-key": key}) if say else None
    return h(
        "section",
        {"class": ["bm-poem", "small" if small else None]},
        h("span", {"class": "n"}, n),
        h("p", None, line.words, " ", h("b", None, line.ending + line.after)),
        voice,
    )


def _row(obs: dict, t, new_stack: int | None = None, marks: dict | None = None) -> Markup:
    """The six stacks' top cards (BM-4); ``marks``: stack -> times matched (for a result)."""
    slots = []
    first_pass = not obs["first_pass_done"]
    for i, card in enumerate(obs["top_cards"]):
        classes = ["bm-slot"]
        tag: str | Markup = t("stack {n}").format(n=i + 1)
        if i == new_stack:
            classes.append("new")
        if marks is not None:
            times = marks.get(i, 0)
            classes.append("hit2" if times == 2 else "hit" if times == 1 else "miss")
            if times:
                tag = h("span", {"class": "tag"}, t("2× hit") if times == 2 else t("✓ hit"))
        inner = card_svg(card, t, first_pass=first_pass) if card is not None else h("span", {"class": "empty"})
        slots.append(h("div", {"class": classes}, inner, h("span", None, tag)))
    return h("div", {"class": "bm-row"}, slots)


def _big_card(card: dict, t, where: str, first_pass: bool, new: bool = True) -> Markup:
    return h(
        "div",
        {"class": ["bm-big", "new" if new else None]},
        card_svg(card, t, first_pass=first_pass),
        h("p", {"class": "words"}, card_words(card, t, first_pass)),
        h("p", {"class": "where"}, where),
    )


def _last_card(obs: dict) -> tuple[dict | None, int | None]:
    """The card placed last this round and its stack (None before the first reveal)."""
    placed = obs["placed"]
    if placed == 0:
        return None, None
    stack = (placed - 1) % NUM_STACKS
    return obs["top_cards"][stack], stack


def _fx(kind: str, key: str) -> Markup:
    return h("i", {"hidden": True, "data-fx": kind, "data-fx-key": key})


# ---- screens -----------------------------------------------------------------------------------


def _bet_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    narrator = obs["narrator"]
    parts = [
        _note(
            t("{name} narrates this round.").format(name=ctx.names[narrator]),
            " ",
            t("First, bet on a player: whatever their animal scores, your figure of the same animal moves the same."),
        )
    ]
    bets = [a for a in ctx.legal if a.get("type") == "bet"]
    if bets:
        buttons = [
            h(
                "button",
                {"type": "button", "class": "secondary", "data-tap": {"bm": "bet", "player": a["player"]}},
                _dot(a["player"]),
                ctx.names[a["player"]],
            )
            for a in bets
        ]
        parts.append(h("h2", None, t("Bet on")))
        parts.append(h("div", {"class": "bm-bets"}, buttons))
    else:
        parts.append(_note(t("Waiting for {name} to bet.").format(name=ctx.names[narrator])))
    parts.append(_standings_html(obs, ctx))
    return fragment(parts)


def _reveal_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    app = obs["mode"] == "app"
    drawn = obs["drawn"]
    card, stack = _last_card(obs)
    can_reveal = {"type": "reveal"} in ctx.legal
    parts = []
    if obs["bet"] is not None:
        parts.append(
            _note(
                t("{narrator} bet on {player}.").format(
                    narrator=ctx.names[obs["narrator"]], player=ctx.names[obs["bet"]]
                )
            )
        )
    if app and drawn == 0:
        parts.append(
            _note(
                t(
                    "Stand the phone up where everybody can see it. Hands on heads! "
                    "The app reads the poem and turns a card on every line; when the hunter comes: freeze."
                )
            )
        )
        parts.append(_poem_line(obs, 0, t))
        tempo = {"slow": t("slow"), "normal": t("normal"), "fast": t("fast")}[obs["tempo"]]
        parts.append(h("p", {"class": "bm-tempo"}, t("Tempo: {tempo}").format(tempo=tempo)))
        if can_reveal:
            parts.append(_button("primary big", {"bm": "reveal"}, t("Start the poem")))
        parts.append(_row(obs, t))
        return fragment(parts)
    if app:
        # the line just read, with its card (and the voice reading it)
        parts.append(_poem_line(obs, drawn - 1, t, say=True))
    if card is not None and stack is not None:  # both or neither
        first = drawn <= NUM_STACKS  # the first pass fills the row: a hunter there has no effect
        where = t("Stack {n} of 6").format(n=stack + 1)
        if card["kind"] == "hunter":
            where = t("Stack {n}: a hunter in the first pass has no effect").format(n=stack + 1)
        parts.append(_big_card(card, t, where, first))
    if app:
        parts.append(_fx("tone:880:110 vibrate:40", f"r{obs['round']}-{drawn}"))
        paused = bool(ctx.local.get("paused"))
        if can_reveal:
            label = t("Go on") if paused else t("Pause")
            parts.append(
                h("div", {"class": "actions"}, _button("secondary", {"bm": "resume" if paused else "pause"}, label))
            )
    else:
        parts.append(_poem_line(obs, drawn, t, small=card is not None))
        if can_reveal:
            parts.append(_button("primary big", {"bm": "reveal"}, t("Turn the card")))
        else:
            parts.append(_note(t("{name} reads the poem.").format(name=ctx.names[obs["narrator"]])))
    parts.append(_row(obs, t, new_stack=stack))
    return fragment(parts)


def _bam_html(obs: dict, ctx: ViewContext, event: dict) -> Markup:
    t = ctx.t
    return fragment(
        h(
            "div",
            {"class": "bm-bam", "role": "alert"},
            card_svg(event["card"], t, first_pass=False),
            h("b", None, t("BAM!")),
            h("p", None, t("Freeze! Nobody moves.")),
        ),
        _fx("bam:700 vibrate:300", f"bam{obs['round']}"),
        h("i", {"hidden": True, "data-say": t("BAM!"), "data-fx-key": f"bam{obs['round']}"})
        if obs["mode"] == "app"
        else None,
    )


def _local_hand(ctx: ViewContext, side: str) -> int | None:
    value = ctx.local.get(side)
    return value if isinstance(value, int) and 0 <= value < len(HANDS) else None


def _pose_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    viewer = ctx.viewer
    parts = [_players_posed(obs, ctx)]
    if viewer is None or not any(a.get("type") == "pose" for a in ctx.legal):
        parts.append(_note(t("Entering the frozen poses…")))
        return fragment(parts)
    parts.append(
        _note(
            _dot(viewer), " ", t("{name}: how are the hands and the tongue right now?").format(name=ctx.names[viewer])
        )
    )
    for side, title, hint in (
        ("left", t("LEFT hand"), t("(the player's own left)")),
        ("right", t("RIGHT hand"), t("(the player's own right)")),
    ):
        chosen = _local_hand(ctx, side)
        buttons = []
        for i, hand in enumerate(HANDS):
            pressed = "true" if chosen == i else "false"
            tap = {"bm": "hand", "side": side, "i": i}
            if hand["kind"] == "none":
                buttons.append(
                    h(
                        "button",
                        {"type": "button", "class": "none", "aria-pressed": pressed, "data-tap": tap},
                        t("no hand"),
                    )
                )
                continue
            s = -1 if side == "left" else 1
            icon = pose_svg(None, left=hand if s < 0 else None, right=hand if s > 0 else None)
            words = hand_words(hand, t)
            short = words.split(" ", 1)[1] if " " in words else words
            name = t("ear") if hand["kind"] == "ear" else t("antler")
            buttons.append(
                h(
                    "button",
                    {"type": "button", "aria-pressed": pressed, "aria-label": words, "data-tap": tap},
                    icon,
                    h("span", None, h("b", None, name), h("br"), short),
                )
            )
        parts.append(
            h(
                "section",
                {"class": "bm-pick"},
                h("h2", None, title, " ", h("small", None, hint)),
                h("div", {"class": "bm-hands"}, buttons),
            )
        )
    tongue = bool(ctx.local.get("tongue", False))
    parts.append(
        h(
            "section",
            {"class": "bm-pick"},
            h("h2", None, t("Tongue")),
            h(
                "div",
                {"class": "bm-tongue"},
                h(
                    "button",
                    {
                        "type": "button",
                        "aria-pressed": "false" if tongue else "true",
                        "data-tap": {"bm": "tongue", "out": False},
                    },
                    t("in"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "aria-pressed": "true" if tongue else "false",
                        "data-tap": {"bm": "tongue", "out": True},
                    },
                    t("out"),
                ),
            ),
        )
    )
    left, right = _local_hand(ctx, "left"), _local_hand(ctx, "right")
    ready = left is not None and right is not None
    if left is not None and right is not None:
        animal = pose_animal(HANDS[left], HANDS[right])
        what = {"rabbit": t("a rabbit"), "moose": t("a moose"), None: t("a bush (scores 0)")}[animal]
        parts.append(_note(t("That is {what}.").format(what=what)))
    label = t("Enter {name}'s pose").format(name=ctx.names[viewer]) if ready else t("Pick both hands first")
    parts.append(_button("primary big", {"bm": "pose"}, label, disabled=not ready))
    return fragment(parts)


def _players_posed(obs: dict, ctx: ViewContext) -> Markup:
    items = []
    for p in obs["posers"]:
        done = obs["posed"][p]
        items.append(h("li", {"class": "done" if done else None}, _dot(p), ("✓ " if done else "") + ctx.names[p]))
    return h("ul", {"class": "bm-players"}, items)


def result_lines(result: dict, obs: dict, t) -> list[str]:
    """The score of one player spelled out (BM-5), one step per line, as plain text."""
    if result["bush"]:
        return [t("A bush (one hand, or ears mixed with antlers): 0 on every card.")]
    lines = []
    terms = []
    for m in result["matches"]:
        card = obs["top_cards"][m["stack"]]
        if card["points"] is None:
            continue
        term = _signed(card["points"])
        terms.extend([term] * m["times"])
    if terms:
        lines.append(t("Matched points: {terms} = {base}").format(terms=" ".join(terms), base=_signed(result["base"])))
    else:
        lines.append(t("No points matched: 0"))
    value = result["base"]
    for m in result["matches"]:
        card = obs["top_cards"][m["stack"]]
        if card["kind"] in ("rabbit", "moose"):
            value *= 2
            looks = t("looks like a rabbit") if card["kind"] == "rabbit" else t("looks like a moose")
            lines.append(
                t("× 2 ({looks}, stack {n}) = {value}").format(looks=looks, n=m["stack"] + 1, value=_signed(value))
            )
    inv = result["inversions"]
    if inv:
        if result["inverted"]:
            lines.append(
                ngettext(
                    "{n} ± card on the table, an odd number: turned round = {value}",
                    "{n} ± cards on the table, an odd number: turned round = {value}",
                    inv,
                ).format(n=inv, value=_signed(result["score"]))
            )
        else:
            lines.append(
                ngettext(
                    "{n} ± card on the table, an even number: they cancel out",
                    "{n} ± cards on the table, an even number: they cancel out",
                    inv,
                ).format(n=inv)
            )
    return lines


def _move_for(obs: dict, player: int, bet: bool) -> dict | None:
    for m in obs.get("moves") or []:
        if m["player"] == player and m["bet"] == bet:
            return m
    return None


def _move_words(move: dict | None, t) -> str:
    if move is None:
        return t("No figure moves.")
    animal = t("rabbit") if move["figure"] == "rabbit" else t("moose")
    return t("{animal}: field {a} → {b}").format(animal=animal, a=move["from"], b=move["to"])


def _results_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    parts = []
    results = obs.get("results") or []
    for p in obs["posers"]:
        r = results[p] if p < len(results) else None
        if r is None:
            continue
        marks = {m["stack"]: m["times"] for m in r["matches"]}
        cls = "pos" if r["score"] > 0 else "neg" if r["score"] < 0 else None
        steps = [h("li", None, line) for line in result_lines(r, obs, t)]
        pose = (obs.get("poses") or [None] * (p + 1))[p]
        parts.append(
            h(
                "section",
                {"class": "bm-result", "style": f"--pc:{_colour(p)}", "data-player": p, "data-score": r["score"]},
                h(
                    "header",
                    None,
                    pose_svg(pose) if pose else None,
                    h("b", None, ctx.names[p]),
                    h("span", {"class": ["score", cls]}, _signed(r["score"])),
                ),
                h("p", {"class": "pose"}, pose_words(pose, t) if pose else None),
                _row(obs, t, marks=marks),
                h("ol", None, steps),
                h("p", {"class": "pose"}, _move_words(_move_for(obs, p, False), t)),
            )
        )
    if obs["bet"] is not None:
        n = obs["narrator"]
        move = _move_for(obs, n, True)
        bet = t("{narrator} (narrator) bet on {player}:").format(narrator=ctx.names[n], player=ctx.names[obs["bet"]])
        parts.append(h("p", {"class": "bm-note", "data-bet": obs["bet"]}, _dot(n), f" {bet} {_move_words(move, t)}"))
    return fragment(parts)


def trail_html(obs: dict, ctx: ViewContext) -> Markup:
    """Every player's rabbit and moose on the trail (BM-6), sliding from the old field; positions
    beyond either end of the trail are shown in the end cells with their exact number."""
    t = ctx.t
    moves = obs.get("moves") or []
    lanes = []

    def x_of(pos: int) -> str:
        return f"{max(0, min(TRAIL_FIELDS + 1, pos)) * 100 / (TRAIL_FIELDS + 2):.3f}%"

    cells = fragment(
        h("i", {"class": "end"}, "<1"),
        [h("i", {"class": "start" if f == START_FIELD else None}, str(f)) for f in range(1, TRAIL_FIELDS + 1)],
        h("i", {"class": "end"}, f">{TRAIL_FIELDS}"),
    )
    for p, (rabbit, moose) in enumerate(obs["figures"]):
        figs = []
        for animal, pos in (("rabbit", rabbit), ("moose", moose)):
            start = pos
            for m in moves:
                if m["player"] == p and m["figure"] == animal:
                    start = m["from"]  # the field before this round's move
            moved = start != pos
            label = t("{name}'s {animal} on field {pos}").format(
                name=ctx.names[p], animal=t("rabbit") if animal == "rabbit" else t("moose"), pos=pos
            )
            figs.append(
                h(
                    "span",
                    {
                        "class": ["bm-fig", animal, "moved" if moved else None],
                        "style": f"left:{x_of(pos)};--from:{x_of(start)};--to:{x_of(pos)}",
                        "data-player": p,
                        "data-figure": animal,
                        "data-pos": pos,
                        "role": "img",
                        "aria-label": label,
                    },
                    figure_svg(animal, _colour(p)),
                    h("span", None, str(pos)),
                )
            )
        lanes.append(
            h(
                "div",
                {"class": "bm-lane"},
                h("span", {"class": "who"}, ctx.names[p]),
                h("div", {"class": "bm-fields"}, cells),
                figs,
            )
        )
    return h("section", {"class": "bm-trail", "aria-label": t("The trail")}, lanes)


def _standings_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    items = []
    for p, (rabbit, moose) in enumerate(obs["figures"]):
        where = t("rabbit {r} · moose {m}").format(r=rabbit, m=moose)
        items.append(h("li", None, _dot(p), f"{ctx.names[p]}: {where}"))
    return h("ul", {"class": "bm-players"}, items)


def _scored_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    can_continue = {"type": "continue"} in ctx.legal
    if ctx.local.get("trail"):
        parts = [
            h("h2", None, t("The trail after round {r}").format(r=obs["round"])),
            trail_html(obs, ctx),
            h(
                "p",
                {"class": "note"},
                t(
                    "Upper row: rabbits · lower row: moose. "
                    "Your rear figure counts at the end: keep both animals moving."
                ),
            ),
        ]
        if can_continue:
            parts.append(
                h(
                    "div",
                    {"class": "actions"},
                    _button("secondary", {"bm": "scores"}, t("Back to the scores")),
                    _button("primary", {"bm": "continue"}, t("Next round")),
                )
            )
        return fragment(parts)
    parts = [_row(obs, t), _results_html(obs, ctx)]
    if can_continue:
        parts.append(_button("primary big", {"bm": "trail"}, t("Move the figures")))
    return fragment(parts)


# ---- the contract -----------------------------------------------------------------------------


class BunnyMooseView(BaseView):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`)."""

    def render(self, obs: dict, ctx: ViewContext) -> Markup:
        """The table as everyone sees it (nothing is private in this game)."""
        if ctx.step is not None:
            for event in ctx.events[: ctx.step]:
                if event.get("type") == "hunter":
                    return _bam_html(obs, ctx, event)
        phase = obs["phase"]
        if phase == "bet":
            body = _bet_html(obs, ctx)
        elif phase == "reveal":
            body = _reveal_html(obs, ctx)
        elif phase == "poses":
            body = _pose_html(obs, ctx)
        else:
            body = _scored_html(obs, ctx)
        # a new screen (phase, round, player on turn, scores/trail) starts at the top (hotseat.fx)
        scroll = f"{phase}-{obs['round']}-{ctx.viewer}-{bool(ctx.local.get('trail'))}"
        return fragment(
            h("div", {"class": "bm", "data-phase": phase}, h("i", {"hidden": True, "data-scroll-key": scroll}), body)
        )

    def on_tap(self, obs: dict, ctx: ViewContext, tap: dict) -> dict | None:
        kind = tap.get("bm")
        if kind == "bet":
            return {"type": "bet", "player": tap.get("player")}
        if kind == "reveal":
            ctx.local.pop("paused", None)
            return {"type": "reveal"}
        if kind == "pause":
            ctx.local["paused"] = True
            return None
        if kind == "resume":
            ctx.local.pop("paused", None)
            return {"type": "reveal"}
        if kind == "hand" and tap.get("side") in ("left", "right"):
            i = tap.get("i")
            if isinstance(i, int) and 0 <= i < len(HANDS):
                ctx.local[tap["side"]] = i
            return None
        if kind == "tongue":
            ctx.local["tongue"] = bool(tap.get("out"))
            return None
        if kind == "pose":
            left, right = _local_hand(ctx, "left"), _local_hand(ctx, "right")
            if left is None or right is None:
                return None
            return {
                "type": "pose",
                "left": dict(HANDS[left]),
                "right": dict(HANDS[right]),
                "tongue": bool(ctx.local.get("tongue", False)),
            }
        if kind == "trail":
            ctx.local["trail"] = True
            return None
        if kind == "scores":
            ctx.local.pop("trail", None)
            return None
        if kind == "continue":
            return {"type": "continue"}
        return None

    def status_line(self, obs: dict, ctx: ViewContext) -> str:
        t = ctx.t
        if ctx.step is not None and any(e.get("type") == "hunter" for e in ctx.events[: ctx.step]):
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

    def rules_html(self, t) -> Markup:
        items = [
            t(
                "Make a rabbit (two ears) or a moose (two antlers) with your hands on your head; "
                "stick your tongue out if you like. One hand only, or an ear with an antler, is a bush: 0 points."
            ),
            t(
                "An ear sits on top or at the side, straight or floppy. "
                "An antler is wide or compact and points up or down."
            ),
            t(
                "The narrator (or the app) reads a poem and turns a card on every line onto six stacks; "
                "later cards cover earlier ones. Only the top cards count."
            ),
            t("Read the cards as a mirror: a picture on the card's right side is for your right hand."),
            t(
                "A hunter while the row is still filling does nothing. "
                "After that, the hunter ends the round: BAM! Freeze."
            ),
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
        return h("ul", None, [h("li", None, i) for i in items])

    def confirm_label(self, action: dict, t) -> str:
        """The question on the Undo/Confirm bar: it names the move (a pose, the narrator's bet)."""
        if action.get("type") == "pose":
            return t("Enter this pose?")
        if action.get("type") == "bet":
            return t("Bet on this player?")
        return t("Confirm your choice?")

    def final_score(self, obs: dict, seat: int) -> int | None:
        """Where ``seat``'s rear figure stands on the trail (the standing's first key, BM-7)."""
        return min(obs["figures"][seat])

    def pace_ms(self, event: dict) -> int:
        """Only the hunter is played out on its own screen: the full-screen BAM."""
        return BAM_MS if event.get("type") == "hunter" else 0

    def round_summary_html(self, obs: dict, ctx: ViewContext) -> Markup:
        """The last round's scores and the trail (shown on the game-over screen)."""
        if not obs.get("results"):
            return trail_html(obs, ctx)
        return h("div", {"class": "bm"}, _results_html(obs, ctx), trail_html(obs, ctx))

    def story_lines(self, events: list[dict], player: int, ctx: ViewContext, table: dict) -> list[str]:
        """The narrator's bet, every card turned with its stack (BM-4) and the hunter's BAM!, each
        player's score and how the figures moved on the trail (BM-5, BM-6), the winners. A pose
        alone says nothing: the poses are shown together when the round is scored."""
        t = ctx.t
        names = ctx.names
        out: list[str] = []
        for e in events:
            kind = e.get("type")
            if kind == "bet":
                out.append(
                    t("{narrator} bets on {player}.").format(narrator=names[e["narrator"]], player=names[e["player"]])
                )
            elif kind == "reveal":
                card = card_words(e["card"], t, e["first_pass"])
                out.append(t("Stack {n}: {card}").format(n=e["stack"] + 1, card=card))
            elif kind == "hunter":
                out.append(card_words(e["card"], t, first_pass=False))
            elif kind == "scored":
                for p, result in enumerate(e["results"]):
                    if result is not None:
                        out.append(t("{name} scores {score}.").format(name=names[p], score=_signed(result["score"])))
                for move in e["moves"]:
                    out.append(t("{name}: {move}").format(name=names[move["player"]], move=_move_words(move, t)))
            elif kind == "game_over":
                winners = format_list(names[p] for p in e["winners"])
                out.append((t("{names} wins!") if len(e["winners"]) == 1 else t("{names} win!")).format(names=winners))
        return out

    def story_round(self, events: list[dict]) -> int | None:
        """A new round begins with ``next_round`` (the next narrator, BM-4)."""
        return next((e["round"] for e in events if e.get("type") == "next_round"), None)

    def scoreboard(self, obs: dict, ctx: ViewContext) -> list[str]:
        """Per seat: the rear and the front figure (BM-7)."""
        t = ctx.t
        out = []
        for rabbit, moose in obs["figures"]:
            out.append(
                t("rear {rear} · front {front} (rabbit {r}, moose {m})").format(
                    rear=min(rabbit, moose), front=max(rabbit, moose), r=rabbit, m=moose
                )
            )
        return out

    def auto_play(self, obs: dict, ctx: ViewContext) -> tuple[int, dict] | None:
        """App narrator (BM-8): once the poem has started, reveal a card per line at the tempo."""
        if obs.get("mode") != "app" or obs.get("phase") != "reveal" or obs.get("drawn", 0) < 1:
            return None
        if ctx.local.get("paused") or {"type": "reveal"} not in ctx.legal:
            return None
        return TEMPO_MS.get(obs.get("tempo", "normal"), TEMPO_MS["normal"]), {"type": "reveal"}


VIEW = BunnyMooseView()
