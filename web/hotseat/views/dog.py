"""The Dog table: an SVG board, the players and teams, the hand, card → figure → target.

Built only from observations of ``pycore.games.dog`` (its module docstring and ``seeds/dog.md``
list the coordinates, observation keys, actions and events) and the
:class:`~hotseat.views.base.ViewContext`.

* Board (DOG-2): the 64-field ring drawn as a circle, clockwise; each colour's stretch tinted, its
  start field big with a triangle, its goal lane running inwards from the start field, its kennel
  in the corner behind. Figures carry their player's number and a shape per colour (circle,
  square, diamond, hexagon) so colours never have to be told apart by hue alone.
* Players (DOG-9, DOG-10): name, number and shape, cards in hand, figures home, out for the round,
  finished (moving the partner's figures); the team totals and who leads (4 players).
* Play: tap a card (a joker first asks what it plays as), then one of the highlighted figures, then
  a target where there is a choice (1 or 11, forward or back, into the goal or on along the ring).
  Every choice is also a big button under the board.
* The 7 (DOG-7): step by step, the steps left shown on the board and the card, Undo for the last step.
* Give (DOG-3, DOG-11): behind each player's curtain, tap the card for the partner (or the left
  neighbour); the shell keeps it pending with Undo/Confirm.
* Stuck (DOG-9, DOG-11): a plain message and one button (out for the round / discard a card).
"""

from __future__ import annotations

import math

from pycore.games.dog import (  # the board (DOG-2), the cards (DOG-1), who gives to whom (DOG-3, DOG-11)
    FORWARD,
    GOAL_BASE,
    GOAL_FIELDS,
    JOKER_AS,
    KINDS,
    NUM_COLOURS,
    TRACK,
    gift_receiver,
    goal_field,
    start_field,
    steps_between,
)

from ..i18n import format_list, ngettext
from ..markup import Markup, fragment, h
from .base import BaseView, ViewContext

# colour (board seat) → fill, text colour on it, name, shape of the figure
COLOUR_FILL = ("#2f7de1", "#e69f00", "#d35fa0", "#f0e442")
COLOUR_INK = ("#ffffff", "#1d1400", "#ffffff", "#1d1a00")
COLOUR_NAME = ("blue", "orange", "pink", "yellow")
SHAPE_NAME = ("circle", "square", "diamond", "hexagon")

KIND_LABEL = {
    "1/11": ("1/11", "start"),
    "13": ("13", "start"),
    "4": ("±4", ""),
    "7": ("7", "split"),
    "swap": ("⇄", "swap"),
    "joker": ("★", "joker"),
}
#: the cards that do more than step forward (drawn in red): start, ±4, split, swap, joker
SPECIAL = frozenset(KINDS) - frozenset(FORWARD)
#: fields of each colour's stretch of the ring, from its start field
STRETCH = TRACK // NUM_COLOURS

# SVG geometry (viewBox 0 0 400 400)
CX = CY = 200.0
R_TRACK = 166.0
R_FIELD = 6.3
R_FIG = 8.2
A0 = 3 * math.pi / 4  # field 0 (colour 0's start field) at the bottom left; clockwise from there
GOAL_STEP = 19.0
R_KENNEL = 230.0


# ---- geometry ---------------------------------------------------------------------------------


def field_xy(field: int) -> tuple[float, float]:
    """Centre of a track field (0..63) or goal field (64..79) in the 400×400 viewBox.

    >>> [round(v) for v in field_xy(0)]
    [83, 317]
    """
    if field < TRACK:
        a = A0 + field * 2 * math.pi / TRACK
        return CX + R_TRACK * math.cos(a), CY + R_TRACK * math.sin(a)
    c, g = divmod(field - GOAL_BASE, GOAL_FIELDS)
    a = A0 + c * 2 * math.pi / NUM_COLOURS
    r = R_TRACK - GOAL_STEP * (g + 1) - 2
    return CX + r * math.cos(a), CY + r * math.sin(a)


def kennel_xy(colour: int, slot: int) -> tuple[float, float]:
    """Where kennel slot ``slot`` (0..4) of ``colour`` is drawn (the corner behind its start field)."""
    a = A0 + colour * 2 * math.pi / NUM_COLOURS
    kx, ky = CX + R_KENNEL * math.cos(a), CY + R_KENNEL * math.sin(a)
    dx, dy = ((-11, -10), (11, -10), (-11, 10), (11, 10), (0, 0))[slot]
    if slot == 4:  # the fifth figure (2-3 players) sits towards the board
        return kx - 22 * math.cos(a), ky - 22 * math.sin(a)
    return kx + dx, ky + dy


def shape_svg(colour: int, x: float, y: float, r: float, label: str) -> Markup:
    """A figure: its colour's shape with ``label`` (the player's number) on it."""
    fill, ink = COLOUR_FILL[colour], COLOUR_INK[colour]
    s = r
    if colour == 0:
        body = h("circle", {"r": f"{s:.1f}"})
    elif colour == 1:
        side = f"{s * 1.76:.1f}"
        body = h("rect", {"x": f"{-s * 0.88:.1f}", "y": f"{-s * 0.88:.1f}", "width": side, "height": side, "rx": "2"})
    elif colour == 2:
        k = s * 1.2
        body = h("path", {"d": f"M0 {-k:.1f}L{k:.1f} 0L0 {k:.1f}L{-k:.1f} 0Z"})
    else:
        k = s * 1.05
        pts = " ".join(f"{k * math.cos(i * math.pi / 3):.1f},{k * math.sin(i * math.pi / 3):.1f}" for i in range(6))
        body = h("polygon", {"points": pts})
    text = h(
        "text",
        {
            "y": f"{r * 0.42:.1f}",
            "text-anchor": "middle",
            "font-size": f"{r * 1.2:.1f}",
            "font-weight": "800",
            "fill": ink,
            "stroke": "none",
        },
        label,
    )
    return h(
        "g",
        {"transform": f"translate({x:.1f} {y:.1f})", "fill": fill, "stroke": "#1b1b1b", "stroke-width": "1.3"},
        body,
        text,
    )


# ---- naming things ----------------------------------------------------------------------------


def player_of(obs: dict, figure: int) -> int:
    return figure // obs["figures_per_player"]


def colour_of(obs: dict, player: int) -> int:
    return obs["colours"][player]


def partner(obs: dict, player: int) -> int | None:
    """``player``'s partner (the other member of their team), or ``None`` when everyone plays alone."""
    team = next(tm for tm in obs["teams"] if player in tm)
    return next((q for q in team if q != player), None)


def team_play(obs: dict) -> bool:
    """Four players in two teams (DOG-10); with two or three everyone plays alone (DOG-11)."""
    return any(len(team) > 1 for team in obs["teams"])


def card_name(kind: str, t) -> str:
    return {"1/11": t("1/11"), "4": t("±4"), "swap": t("swap"), "joker": t("joker")}.get(kind, kind)


def played_name(card: str, as_: str | None, t) -> str:
    if card == "joker" and as_:
        return t("joker as {card}").format(card=card_name(as_, t))
    return card_name(card, t)


def where_text(obs: dict, figure: int, t) -> str:
    """Where a figure stands, in words (for buttons): kennel, start field, goal field, or how far
    it still is from its own start field."""
    p = player_of(obs, figure)
    c = colour_of(obs, p)
    x = obs["figures"][p][figure % obs["figures_per_player"]]
    if x < 0:
        return t("in the kennel")
    if x >= GOAL_BASE:
        return t("in goal field {g}").format(g=(x - GOAL_BASE) % GOAL_FIELDS + 1)
    if x == start_field(c):
        return t("on its start field")
    d = (start_field(c) - x) % TRACK
    return ngettext("{d} field before its goal", "{d} fields before its goal", d).format(d=d)


def figure_label(obs: dict, figure: int, names: list[str], viewer: int | None, t) -> str:
    p = player_of(obs, figure)
    whose = t("your figure") if p == viewer else t("{name}'s figure").format(name=names[p])
    return f"{whose} {where_text(obs, figure, t)}"


def target_text(obs: dict, figure: int, to: int, t) -> str:
    """A destination in words: onto the start field, N forward, 4 back, into goal field g."""
    p = player_of(obs, figure)
    c = colour_of(obs, p)
    x = obs["figures"][p][figure % obs["figures_per_player"]]
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


# ---- events -----------------------------------------------------------------------------------


def event_messages(events: list[dict], obs: dict, names: list[str], t) -> list[str]:
    """Short lines saying what just happened (shown on the table and behind the curtain); ``obs``
    gives the teams and the figures per player."""
    n = len(names)
    F = obs["figures_per_player"]
    teams = team_play(obs)
    out: list[str] = []
    for e in events:
        kind = e.get("type")
        who = names[e["player"]] if isinstance(e.get("player"), int) and e["player"] < n else ""
        if kind == "cards_given":
            out.append(t("Partners swapped a card.") if teams else t("Everyone passed a card to the left."))
        elif kind == "start":
            card = played_name(e["card"], e.get("as"), t)
            out.append(t("{name} brings a figure out ({card}).").format(name=who, card=card))
        elif kind == "move":
            steps = e["steps"]
            card = played_name(e["card"], e.get("as"), t)
            if steps < 0:
                out.append(t("{name} plays {card}: 4 back.").format(name=who, card=card))
            elif e["to"] >= GOAL_BASE and e["from"] < GOAL_BASE:
                out.append(t("{name} plays {card}: into the goal!").format(name=who, card=card))
            else:
                out.append(t("{name} plays {card}: {n} forward.").format(name=who, card=card, n=steps))
        elif kind == "home":
            owner = e["figure"] // F
            out.append(t("{name}'s figure is sent back to the kennel.").format(name=names[owner]))
        elif kind == "swap":
            other = names[e["with"] // F]
            out.append(t("{name} swaps a figure with {other}'s.").format(name=who, other=other))
        elif kind == "no_effect":
            out.append(t("{name} plays a swap: no swap possible, no effect.").format(name=who))
        elif kind == "seven":
            out.append(t("{name} plays a {card}.").format(name=who, card=played_name(e["card"], e.get("as"), t)))
        elif kind == "step":
            goal = t(" into the goal") if e["to"] >= GOAL_BASE and e["from"] < GOAL_BASE else ""
            out.append(
                t("{name} moves {n}{goal} ({left} left).").format(name=who, n=e["steps"], goal=goal, left=e["left"])
            )
        elif kind == "undo":
            out.append(
                t("{name} took back a step.").format(name=who)
                if not e.get("back_to_hand")
                else t("{name} took the 7 back.").format(name=who)
            )
        elif kind == "finished":
            mate = partner(obs, e["player"])
            if mate is not None:
                out.append(
                    t("All of {name}'s figures are home: {name} now moves {partner}'s figures.").format(
                        name=who, partner=names[mate]
                    )
                )
        elif kind == "out":
            k = len(e.get("cards", []))
            out.append(
                ngettext(
                    "{name} cannot play any card and is out for this round ({k} card discarded).",
                    "{name} cannot play any card and is out for this round ({k} cards discarded).",
                    k,
                ).format(name=who, k=k)
            )
        elif kind == "discard":
            out.append(t("{name} cannot play and discards a {card}.").format(name=who, card=card_name(e["card"], t)))
        elif kind == "draw":
            out.append(t("{name} draws a card.").format(name=who))
        elif kind == "deal":
            out.append(
                ngettext("Round {r}: {k} card each.", "Round {r}: {k} cards each.", e["cards"]).format(
                    r=e["round"], k=e["cards"]
                )
            )
        elif kind == "game_over":
            winners = " + ".join(names[p] for p in e["winners"])
            out.append(
                t("{names} win!").format(names=winners)
                if len(e["winners"]) > 1
                else t("{names} wins!").format(names=winners)
            )
    return out


# ---- pieces of the table ----------------------------------------------------------------------


def _teams_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    home = list(obs["home"])
    if team_play(obs):
        (p1, p2), (q1, q2) = obs["teams"]
        need = GOAL_FIELDS * 2  # DOG-10: a team wins with both colours' goals full
        a, b = home[p1] + home[p2], home[q1] + home[q2]
        ta = t("{x} + {y}").format(x=ctx.names[p1], y=ctx.names[p2])
        tb = t("{x} + {y}").format(x=ctx.names[q1], y=ctx.names[q2])
        mark_a = " ▲" if a > b else ""
        mark_b = " ▲" if b > a else ""
        label = t("Team {a}: {x} of 8 home; team {b}: {y} of 8 home").format(a=ta, x=a, b=tb, y=b)
        return h(
            "p",
            {"class": "dg-teams", "aria-label": label},
            h("b", None, ta),
            f" {a}/{need}{mark_a} \u00a0·\u00a0 ",
            h("b", None, tb),
            f" {b}/{need}{mark_b}",
        )
    best = max(home)
    leaders = [ctx.names[p] for p in range(obs["num_players"]) if home[p] == best]
    text = t("First with 4 figures home wins.")
    if best > 0 and len(leaders) == 1:
        text += " " + t("{name} leads ({k}/4).").format(name=leaders[0], k=best)
    return h("p", {"class": "dg-teams"}, text)


def _players_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    items = []
    for p, name in enumerate(ctx.names):
        c = colour_of(obs, p)
        classes = ["dg-player"]
        if p == ctx.viewer:
            classes.append("me")
        if obs["phase"] == "play" and obs["turn"] == p:
            classes.append("turn")
        size = obs["hand_sizes"][p]
        parts = [ngettext("{n} card", "{n} cards", size).format(n=size)]
        parts.append(t("{k}/{m} home").format(k=obs["home"][p], m=GOAL_FIELDS))
        if obs["phase"] == "play" and obs["out"][p]:
            classes.append("out")
            parts = [t("out this round"), parts[1]]
        elif obs["finished"][p] and (mate := partner(obs, p)) is not None:
            parts.append(t("moves {name}'s").format(name=ctx.names[mate]))
        elif obs["phase"] == "give":
            parts.append(t("has given") if obs["given"][p] else t("choosing…"))
        icon = h(
            "svg",
            {"viewbox": "-12 -12 24 24", "aria-hidden": "true", "focusable": "false"},
            shape_svg(c, 0, 0, 9.5, str(p + 1)),
        )
        label = t("{name}, player {k}, {colour} {shape}: {sub}").format(
            name=name, k=p + 1, colour=t(COLOUR_NAME[c]), shape=t(SHAPE_NAME[c]), sub=", ".join(parts)
        )
        items.append(
            h(
                "li",
                {"class": classes, "aria-label": label},
                icon,
                h("span", {"class": "who"}, name),
                h("span", {"class": "sub"}, " · ".join(parts)),
            )
        )
    return h("ul", {"class": "dg-players", "aria-label": t("Players")}, items)


def _board_ground(used: frozenset[int], figures: int) -> Markup:
    """The board without figures or marks (DOG-2): ring, stretches, arrows, start fields, goal
    lanes and kennels; only the colours in play are tinted. The same for a whole game, so cached."""
    key = (used, figures)
    cached = _GROUND.get(key)
    if cached is not None:
        return cached
    out = [
        h(
            "rect",
            {
                "x": "2",
                "y": "2",
                "width": "396",
                "height": "396",
                "rx": "26",
                "fill": "#173f3b",
                "stroke": "#0d2a27",
                "stroke-width": "3",
            },
        )
    ]
    # each colour's stretch of the ring, tinted
    for c in range(NUM_COLOURS):
        a1 = A0 + (start_field(c) - 0.5) * 2 * math.pi / TRACK
        a2 = A0 + (start_field(c) + STRETCH - 0.5) * 2 * math.pi / TRACK
        x1, y1 = CX + R_TRACK * math.cos(a1), CY + R_TRACK * math.sin(a1)
        x2, y2 = CX + R_TRACK * math.cos(a2), CY + R_TRACK * math.sin(a2)
        out.append(
            h(
                "path",
                {
                    "d": f"M{x1:.1f} {y1:.1f}A{R_TRACK} {R_TRACK} 0 0 1 {x2:.1f} {y2:.1f}",
                    "fill": "none",
                    "stroke": COLOUR_FILL[c],
                    "stroke-opacity": ".42" if c in used else ".12",
                    "stroke-width": "17",
                },
            )
        )
    # clockwise arrows inside the ring
    for c in range(NUM_COLOURS):
        a = A0 + (start_field(c) + STRETCH // 2) * 2 * math.pi / TRACK
        r = R_TRACK - 20
        x, y = CX + r * math.cos(a), CY + r * math.sin(a)
        deg = math.degrees(a) + 90
        out.append(
            h(
                "path",
                {
                    "transform": f"translate({x:.1f} {y:.1f}) rotate({deg:.1f})",
                    "d": "M-5 -3L5 0L-5 3Z",
                    "fill": "#9cc5bf",
                    "opacity": ".7",
                },
            )
        )
    # track fields
    for i in range(TRACK):
        x, y = field_xy(i)
        if i % STRETCH == 0:
            c = i // STRETCH
            fill = COLOUR_FILL[c] if c in used else "#6d8f8a"
            out.append(
                h(
                    "circle",
                    {
                        "cx": f"{x:.1f}",
                        "cy": f"{y:.1f}",
                        "r": f"{R_FIELD + 2.6:.1f}",
                        "fill": fill,
                        "fill-opacity": ".55",
                        "stroke": fill,
                        "stroke-width": "2.5",
                    },
                )
            )
            # the start-field triangle, outside the ring
            a = A0 + i * 2 * math.pi / TRACK
            tx, ty = CX + (R_TRACK + 17) * math.cos(a), CY + (R_TRACK + 17) * math.sin(a)
            deg = math.degrees(a) + 180
            out.append(
                h(
                    "path",
                    {
                        "transform": f"translate({tx:.1f} {ty:.1f}) rotate({deg:.1f})",
                        "d": "M-5 -5L5 0L-5 5Z",
                        "fill": fill,
                    },
                )
            )
        else:
            out.append(
                h(
                    "circle",
                    {
                        "cx": f"{x:.1f}",
                        "cy": f"{y:.1f}",
                        "r": str(R_FIELD),
                        "fill": "#f4efe1",
                        "stroke": "#0d2a27",
                        "stroke-width": "1",
                    },
                )
            )
    # goal lanes and kennels
    for c in range(NUM_COLOURS):
        fill = COLOUR_FILL[c] if c in used else "#6d8f8a"
        for g in range(GOAL_FIELDS):
            x, y = field_xy(goal_field(c, g))
            out.append(
                h(
                    "circle",
                    {
                        "cx": f"{x:.1f}",
                        "cy": f"{y:.1f}",
                        "r": f"{R_FIELD + 0.6:.1f}",
                        "fill": "#0d2a27",
                        "stroke": fill,
                        "stroke-width": "2.6",
                    },
                )
            )
        if c in used:
            kx, ky = kennel_xy(c, 0)
            kx2, ky2 = kennel_xy(c, 3)
            pad = 13
            out.append(
                h(
                    "rect",
                    {
                        "x": f"{kx - pad:.1f}",
                        "y": f"{ky - pad:.1f}",
                        "width": f"{kx2 - kx + 2 * pad:.1f}",
                        "height": f"{ky2 - ky + 2 * pad:.1f}",
                        "rx": "9",
                        "fill": fill,
                        "fill-opacity": ".18",
                        "stroke": fill,
                        "stroke-width": "1.5",
                        "stroke-dasharray": "3 2",
                    },
                )
            )
            for s in range(figures):
                sx, sy = kennel_xy(c, s)
                out.append(
                    h("circle", {"cx": f"{sx:.1f}", "cy": f"{sy:.1f}", "r": "4", "fill": "#0d2a27", "opacity": ".6"})
                )
    ground = _GROUND[key] = fragment(out)
    return ground


#: :func:`_board_ground` by (colours in play, figures per player)
_GROUND: dict[tuple[frozenset[int], int], Markup] = {}


def _board_svg(obs: dict, ctx: ViewContext, marks: dict) -> Markup:
    """The board. ``marks``: ``{"figs": {figure: tap-dict or None}, "selected": figure|None,
    "targets": [(field, tap-dict, label, short)], "center": [lines]}``."""
    t = ctx.t
    n = obs["num_players"]
    F = obs["figures_per_player"]
    colours = obs["colours"]
    out = [_board_ground(frozenset(colours), F)]
    # last move: where the figure came from
    for e in ctx.events:
        if e.get("type") in ("move", "step") and 0 <= e.get("from", -1):
            x, y = field_xy(e["from"])
            out.append(
                h(
                    "circle",
                    {
                        "cx": f"{x:.1f}",
                        "cy": f"{y:.1f}",
                        "r": "9.5",
                        "fill": "none",
                        "stroke": "#ffffff",
                        "stroke-width": "1.6",
                        "stroke-dasharray": "2.5 2",
                    },
                )
            )
    moved = {e["figure"] for e in ctx.events if e.get("type") in ("move", "step", "start", "swap")}
    moved |= {e["with"] for e in ctx.events if e.get("type") == "swap"}
    # figures
    figs_tap = marks.get("figs", {})
    selected = marks.get("selected")
    top_layer = []
    for p in range(n):
        c = colours[p]
        kennel_slot = 0
        for k in range(F):
            f = p * F + k
            x = obs["figures"][p][k]
            if x < 0:
                fx, fy = kennel_xy(c, kennel_slot)
                kennel_slot += 1
            else:
                fx, fy = field_xy(x)
            cx, cy = f"{fx:.1f}", f"{fy:.1f}"
            pieces = []
            if f in moved:
                pieces.append(h("circle", {"cx": cx, "cy": cy, "r": "12", "fill": "#ffffff", "opacity": ".35"}))
            if f in figs_tap:
                width = 3.5 if f == selected else 2.2
                pieces.append(
                    h(
                        "circle",
                        {
                            "cx": cx,
                            "cy": cy,
                            "r": "12.5",
                            "fill": "none",
                            "stroke": "#f2c14e",
                            "stroke-width": str(width),
                        },
                    )
                )
            pieces.append(shape_svg(c, fx, fy, R_FIG, str(p + 1)))
            tap = figs_tap.get(f)
            if tap is not None:
                pieces.append(
                    h(
                        "circle",
                        {
                            "class": "tap",
                            "cx": cx,
                            "cy": cy,
                            "r": "14",
                            "fill": "transparent",
                            "role": "button",
                            "aria-label": t("Figure of {name}").format(name=ctx.names[p]),
                            "data-fig": f,
                            "data-tap": tap,
                        },
                    )
                )
                top_layer.extend(pieces)
            else:
                out.extend(pieces)
    out.extend(top_layer)
    # targets of the selected figure
    for field, tap, label, short in marks.get("targets", []):
        x, y = field_xy(field)
        cx, cy = f"{x:.1f}", f"{y:.1f}"
        out.append(
            h(
                "g",
                {"class": "tap", "role": "button", "aria-label": label, "data-target": field, "data-tap": tap},
                h("circle", {"cx": cx, "cy": cy, "r": "14", "fill": "transparent"}),
                h(
                    "circle",
                    {"cx": cx, "cy": cy, "r": "9", "fill": "#f2c14e", "stroke": "#221a05", "stroke-width": "1.8"},
                ),
                h(
                    "text",
                    {
                        "x": cx,
                        "y": f"{y + 3.6:.1f}",
                        "text-anchor": "middle",
                        "font-size": "10",
                        "font-weight": "800",
                        "fill": "#221a05",
                    },
                    short,
                ),
            )
        )
    # centre: round, whose turn, the 7
    lines = marks.get("center", [])
    y0 = CY - 11 * (len(lines) - 1)
    for i, (text, size, colour) in enumerate(lines):
        out.append(
            h(
                "text",
                {
                    "x": str(CX),
                    "y": f"{y0 + 22 * i:.1f}",
                    "text-anchor": "middle",
                    "font-size": size,
                    "font-weight": "700",
                    "fill": colour,
                },
                text,
            )
        )
    return h("svg", {"viewbox": "0 0 400 400", "role": "img", "aria-label": t("The board")}, out)


def _card_html(kind: str, t, classes: str = "", tap: dict | None = None) -> Markup:
    big, small = KIND_LABEL.get(kind, (kind, ""))
    cls = ["dg-card", "special" if kind in SPECIAL else None, classes]
    inner = (h("span", None, big), h("small", None, t(small)) if small else None)
    label = t("card {card}").format(card=card_name(kind, t))
    if tap is not None:
        return h(
            "button", {"type": "button", "class": cls, "aria-label": label, "data-card": kind, "data-tap": tap}, inner
        )
    return h("span", {"class": cls, "role": "img", "aria-label": label, "data-card": kind}, inner)


def _hand_html(obs: dict, ctx: ViewContext, ok: set, taps: dict, selected: str | None, title: str) -> Markup | None:
    t = ctx.t
    hand = obs.get("hand", [])
    cards = []
    seen = set()
    got = obs.get("received") if obs["phase"] == "play" and len(hand) == obs.get("cards_dealt") else None
    for c in hand:
        classes = []
        if ok:
            classes.append("ok" if c in ok else "no")
        if c == selected and c not in seen:
            classes.append("sel")
        if c == got and c not in seen:
            classes.append("got")
            got = None
        seen.add(c)
        cards.append(_card_html(c, t, " ".join(classes), taps.get(c)))
    if not hand:
        return None
    return h(
        "section",
        {"class": "dg-hand", "aria-label": t("Your hand")},
        h("h2", None, title),
        h("div", {"class": "dg-cards"}, cards),
    )


def _button(text: str, tap: dict, cls: str = "secondary") -> Markup:
    text = text[:1].upper() + text[1:]
    return h("button", {"type": "button", "class": cls, "data-tap": tap}, text)


def _prompt(text: str, small: str | None = None, warn: bool = False) -> Markup:
    return h("p", {"class": ["dg-prompt", "warn" if warn else None]}, text, h("small", None, small) if small else None)


def _info(text: str) -> Markup:
    return h("p", {"class": "dg-info"}, text)


def _opts(*buttons: Markup | list[Markup]) -> Markup:
    return h("div", {"class": "dg-opts"}, buttons)


# ---- the play flow ----------------------------------------------------------------------------


def _plays_by_card(ctx: ViewContext) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for a in ctx.legal:
        if a.get("type") == "play":
            out.setdefault(a["card"], []).append(a)
    return out


def _candidates(ctx: ViewContext) -> tuple[list[dict], str | None]:
    """The legal actions matching the current selection, and what is still to choose
    (``"card"``, ``"as"``, ``None`` when choosing figure/target)."""
    steps = [a for a in ctx.legal if a.get("type") == "step"]
    if steps:
        return steps, None
    card = ctx.local.get("card")
    if card is None:
        return [], "card"
    plays = [a for a in ctx.legal if a.get("type") == "play" and a["card"] == card]
    if card == "joker":
        as_ = ctx.local.get("as")
        if as_ is None:
            return plays, "as"
        plays = [a for a in plays if a.get("as") == as_]
    return plays, None


def _choice_marks(obs: dict, ctx: ViewContext, cands: list[dict]) -> tuple[dict, list[Markup]]:
    """Board marks and option buttons for choosing a figure and then a target."""
    t = ctx.t
    figs: dict[int, dict] = {}
    by_fig: dict[int, list[dict]] = {}
    for a in cands:
        f = a.get("figure")
        if f is None:
            continue
        by_fig.setdefault(f, []).append(a)
    selected = ctx.local.get("fig")
    if selected not in by_fig:
        selected = None
    if selected is None and len(by_fig) == 1:
        selected = next(iter(by_fig))
    buttons: list[Markup] = []
    targets = []
    for f, acts in by_fig.items():
        figs[f] = {"do": acts[0]} if len(acts) == 1 else {"fig": f}
    if selected is not None:
        acts = by_fig[selected]
        is_swap = any("with" in a for a in acts)
        for a in acts:
            if is_swap:
                g = a["with"]
                figs[g] = {"do": a}
                label = t("Swap with {what}").format(what=figure_label(obs, g, ctx.names, ctx.viewer, t))
            else:
                label = target_text(obs, selected, a["to"], t)
                if a.get("type") == "step" or a.get("card") == "7" or a.get("as") == "7":
                    left = obs["seven"]["left"] if obs.get("seven") else 7
                    p = player_of(obs, selected)
                    x = obs["figures"][p][selected % obs["figures_per_player"]]
                    n = steps_between(x, a["to"], colour_of(obs, p))
                    label += " · " + t("{k} left").format(k=left - n)
                p0 = player_of(obs, selected)
                x0 = obs["figures"][p0][selected % obs["figures_per_player"]]
                short = "S" if x0 < 0 else str(steps_between(x0, a["to"], colour_of(obs, p0)))
                targets.append((a["to"], {"do": a}, label, short))
            buttons.append(_button(label, {"do": a}, "primary"))
        who = figure_label(obs, selected, ctx.names, ctx.viewer, t)
        head = t("Move {what}:").format(what=who) if not is_swap else t("Swap {what} with…").format(what=who)
        buttons.insert(0, _info(head))
        if len(by_fig) > 1:
            buttons.append(_button(t("Another figure"), {"fig": None}))
    else:
        for f, acts in by_fig.items():
            what = figure_label(obs, f, ctx.names, ctx.viewer, t)
            if len(acts) == 1:
                a = acts[0]
                if "with" in a:
                    other = figure_label(obs, a["with"], ctx.names, ctx.viewer, t)
                    text = t("Swap {what} with {other}").format(what=what, other=other)
                else:
                    text = f"{what}: {target_text(obs, f, a['to'], t)}"
            else:
                text = ngettext("{what} ({k} choice)", "{what} ({k} choices)", len(acts)).format(what=what, k=len(acts))
            buttons.append(_button(text, figs[f], "primary"))
    marks = {"figs": figs, "selected": selected, "targets": targets}
    return marks, buttons


def _center_lines(obs: dict, ctx: ViewContext) -> list:
    t = ctx.t
    lines = []
    if obs["phase"] == "over":
        return [(t("Game over"), 20, "#f2c14e")]
    dealt = ngettext("Round {r} · {k} card", "Round {r} · {k} cards", obs["cards_dealt"]).format(
        r=obs["round"], k=obs["cards_dealt"]
    )
    lines.append((dealt, 12, "#cfe0dc"))
    if obs["phase"] == "give":
        lines.append((t("Giving cards"), 17, "#f4f1e8"))
    elif obs.get("turn") is not None:
        lines.append((ctx.names[obs["turn"]], 19, "#f2c14e"))
        if obs.get("seven"):
            steps = ngettext("7: {k} step left", "7: {k} steps left", obs["seven"]["left"]).format(
                k=obs["seven"]["left"]
            )
            lines.append((steps, 15, "#f4f1e8"))
        elif obs.get("discard"):
            lines.append((t("last card: {card}").format(card=card_name(obs["discard"][-1], t)), 12, "#cfe0dc"))
    return lines


class DogView(BaseView):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`)."""

    def render(self, obs: dict, ctx: ViewContext) -> Markup:
        """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None)."""
        t = ctx.t
        parts: list[Markup | None] = [_players_html(obs, ctx), _teams_html(obs, ctx)]
        marks: dict = {"center": _center_lines(obs, ctx)}
        below: list[Markup] = []
        hand_taps: dict = {}
        ok: set = set()
        selected_card = None
        hand_title = t("Your cards ({n})").format(n=len(obs.get("hand", [])))
        acting = bool(ctx.legal) and ctx.pending is None
        types = {a.get("type") for a in ctx.legal}
        if ctx.viewer is not None and obs["phase"] == "give":
            mate = partner(obs, ctx.viewer)
            to = ctx.names[gift_receiver(obs["num_players"], ctx.viewer)]
            if ctx.pending is not None:
                selected_card = ctx.pending.get("card")
            elif obs.get("my_gift"):
                below.append(
                    _prompt(
                        t("You give {card} to {name}. Waiting for the others.").format(
                            card=card_name(obs["my_gift"], t), name=to
                        )
                    )
                )
            if acting and "give" in types:
                text = (
                    t("Choose a card to give to your partner {name}.")
                    if mate is not None
                    else t("Choose a card to pass to {name} on your left.")
                )
                below.append(_prompt(text.format(name=to), t("You see what you get only after giving.")))
                hand_taps = {a["card"]: {"do": a} for a in ctx.legal if a.get("type") == "give"}
        elif acting and "fold" in types:
            below.append(
                _prompt(
                    t("None of your cards can be played."),
                    t("You are out for this round and your cards are discarded."),
                    warn=True,
                )
            )
            fold = _button(t("Discard my cards (out for this round)"), {"do": {"type": "fold"}}, "primary")
            below.append(_opts(fold))
        elif acting and "discard" in types:
            if obs.get("drawn"):
                text, small = t("Still no move."), t("Tap a card to discard; your turn ends.")
            else:
                text = t("None of your cards can be played.")
                small = t("Tap a card to discard; you then draw a new one.")
            below.append(_prompt(text, small, warn=True))
            hand_taps = {a["card"]: {"do": a} for a in ctx.legal if a.get("type") == "discard"}
        elif acting and ("play" in types or "step" in types):
            cands, todo = _candidates(ctx)
            by_card = _plays_by_card(ctx)
            if "step" in types:
                left = obs["seven"]["left"] if obs.get("seven") else 0
                below.append(
                    h(
                        "div",
                        {"class": "dg-seven"},
                        h("span", None, ngettext("7: {k} step left", "7: {k} steps left", left).format(k=left)),
                        _button(t("Undo step"), {"do": {"type": "undo"}}),
                    )
                )
                m, buttons = _choice_marks(obs, ctx, cands)
                marks.update(m)
                below.append(_info(t("Tap a highlighted figure, then where it goes.")))
                below.append(_opts(buttons))
            else:
                ok = set(by_card)
                selected_card = ctx.local.get("card")
                hand_taps = {c: {"card": c} for c in by_card}
                if todo == "card":
                    below.append(_prompt(t("Tap a card to play."), t("Cards with a green edge can be played.")))
                elif todo == "as":
                    kinds = []
                    for k in JOKER_AS:
                        if any(a.get("as") == k for a in cands):
                            kinds.append(k)
                    btns = [_button(card_name(k, t), {"as": k}) for k in kinds]
                    below.append(_prompt(t("Play the joker as which card?")))
                    below.append(_opts(h("div", {"class": "row3"}, btns)))
                else:
                    if len(cands) == 1 and "figure" not in cands[0]:
                        below.append(_prompt(t("No swap is possible: the card is played without effect.")))
                        below.append(_opts(_button(t("Play the swap without effect"), {"do": cands[0]}, "primary")))
                    else:
                        m, buttons = _choice_marks(obs, ctx, cands)
                        marks.update(m)
                        card = ctx.local.get("card")
                        as_ = ctx.local.get("as")
                        if (as_ or card) == "7":
                            below.append(_info(t("The 7 is played step by step: first step now.")))
                        elif (as_ or card) == "swap":
                            below.append(_info(t("Swapping is compulsory: choose your figure, then the other.")))
                        below.append(_opts(buttons))
                    below.append(_opts(_button(t("Choose another card"), {"card": None})))
        elif (
            ctx.viewer is not None
            and obs["phase"] == "play"
            and obs.get("turn") != ctx.viewer
            and obs["out"][ctx.viewer]
        ):
            below.append(_prompt(t("You are out for this round."), warn=True))
        messages = event_messages(ctx.events, obs, ctx.names, t)
        if messages and ctx.step is None:
            items = [h("li", {"class": "big" if "win" in m else None}, m) for m in messages[-5:]]
            log = h("ul", {"class": "dg-log", "aria-live": "polite"}, items)
        else:
            log = None
        parts.append(h("div", {"class": "dg-board"}, _board_svg(obs, ctx, marks)))
        parts.append(log)
        parts.extend(below)
        if ctx.viewer is not None:
            parts.append(_hand_html(obs, ctx, ok, hand_taps, selected_card, hand_title))
        if ctx.viewer is not None and obs["phase"] == "play" and obs.get("received") and obs.get("hand") is not None:
            n = obs["num_players"]
            giver = ctx.names[next(q for q in range(n) if gift_receiver(n, q) == ctx.viewer)]
            gift = card_name(obs["received"], t)
            parts.append(_info(t("This round {name} gave you: {card}").format(name=giver, card=gift)))
        return h("div", {"class": "dg-table"}, parts)

    def on_tap(self, obs: dict, ctx: ViewContext, tap: dict) -> dict | None:
        """``{"do": action}`` plays it; ``{"card": k}`` / ``{"as": k}`` / ``{"fig": f}`` choose."""
        if "do" in tap:
            return tap["do"]
        if "card" in tap:
            card = tap["card"]
            if ctx.local.get("card") == card:
                card = None
            ctx.local.clear()
            if card is not None:
                ctx.local["card"] = card
            return None
        if "as" in tap:
            ctx.local["as"] = tap["as"]
            ctx.local.pop("fig", None)
            return None
        if "fig" in tap:
            if tap["fig"] is None:
                ctx.local.pop("fig", None)
            else:
                ctx.local["fig"] = tap["fig"]
            return None
        return None

    def status_line(self, obs: dict, ctx: ViewContext) -> str:
        t = ctx.t
        phase = obs["phase"]
        if phase == "over":
            winners = " + ".join(ctx.names[p] for p in obs["winners"])
            return t("{names} won").format(names=winners)
        if phase == "give":
            if ctx.viewer is not None and ctx.viewer in ctx.acting:
                mate = partner(obs, ctx.viewer)
                if mate is not None:
                    return t("{name}, give a card to {mate}").format(name=ctx.names[ctx.viewer], mate=ctx.names[mate])
                return t("{name}, pass a card on").format(name=ctx.names[ctx.viewer])
            return t("Waiting for {names} to give a card").format(names=format_list(ctx.names[p] for p in ctx.acting))
        turn = obs["turn"]
        name = ctx.names[turn]
        if ctx.viewer == turn:
            if obs.get("seven"):
                left = obs["seven"]["left"]
                return ngettext("{name}: 7, {k} step left", "{name}: 7, {k} steps left", left).format(name=name, k=left)
            if any(a.get("type") == "fold" for a in ctx.legal):
                return t("{name} cannot play").format(name=name)
            return t("{name}, play a card").format(name=name)
        return t("{name}'s turn").format(name=name)

    def rules_html(self, t) -> Markup:
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
        return h("ul", None, [h("li", None, i) for i in items])

    def confirm_label(self, action: dict, t) -> str:
        if action.get("type") == "give":
            return t("Give your {card}?").format(card=card_name(action["card"], t))
        if action.get("type") == "play":
            return t("Play your {card}?").format(card=card_name(action["card"], t))
        return t("Confirm your choice?")

    def pace_ms(self, event: dict) -> int:
        """No paced reveal: the curtain and the table show the last move and its messages."""
        return 0

    def round_summary_html(self, obs: dict, ctx: ViewContext) -> Markup:
        """Shown on the game-over screen: the final board."""
        if obs.get("phase") != "over":
            return Markup()
        public = ViewContext(viewer=None, names=ctx.names, events=ctx.events, t=ctx.t)
        board = _board_svg(obs, public, {"center": _center_lines(obs, public)})
        return h("div", {"class": "dg-table"}, _teams_html(obs, public), h("div", {"class": "dg-board"}, board))

    def story_lines(self, events: list[dict], player: int, ctx: ViewContext, table: dict) -> list[str]:
        """The lines of :func:`event_messages`: every card played and what it did (DOG-4 … DOG-8),
        figures sent to the kennel, the winners (a deal begins the next chapter); a gift (DOG-3) and a card drawn
        (DOG-11) say only who. ``table`` gives the teams and the figures per player."""
        return event_messages([e for e in events if e.get("type") != "deal"], table, ctx.names, ctx.t)

    def scoreboard(self, obs: dict, ctx: ViewContext) -> list[str]:
        t = ctx.t
        return [t("{k} of 4 figures home").format(k=obs["home"][p]) for p in range(obs["num_players"])]


VIEW = DogView()
