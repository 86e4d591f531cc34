"""The Dog board drawn (DOG-2): the ground (ring, stretches, start fields, goal lanes, kennels),
the figures, what the last move did, the choices on offer (:class:`Marks`) and the centre lines.

The board knows no rules: which figures and fields may be tapped comes in :class:`Marks`, made
from the legal actions by :mod:`.options`.

Taps on the board: a tap acts on the nearest thing that may be tapped (a ringed figure or a gold
target field) within :data:`HIT_RADIUS` of it. Each of them is one focusable button on top of the
board whose hit area is the part of that circle nearer to it than to any other (:func:`hit_cells`:
the circle cut by the half-way lines to its neighbours), so the areas never overlap, each holds its
own centre, and the browser's touch adjustment has no neighbour to move a tap to. Fields and
figures that may not be tapped take no taps at all (the picture under the buttons is inert).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from pycore.games.dog import GOAL_FIELDS, NUM_COLOURS, TRACK, Event, goal_field, start_field  # DOG-2

from ...markup import AttrValue, Markup, fragment, h
from .geometry import (
    COLOUR_FILL,
    CX,
    CY,
    R_FIELD,
    R_FIG,
    R_TRACK,
    STRETCH,
    angle,
    field_xy,
    kennel_xy,
    shape_svg,
)
from .scene import DogScene

#: a tap's data (sent back to the view's ``on_tap``)
TapData = Mapping[str, object]


@dataclass(frozen=True)
class Target:
    """A field the selected figure may go to: its tap, its label read out, its short mark."""

    field: int
    tap: TapData
    label: str
    short: str


@dataclass(frozen=True)
class CentreLine:
    """A line of text in the middle of the board: the text, its font size, its colour."""

    text: str
    size: int
    colour: str


@dataclass
class Marks:
    """What the board shows besides the figures.

    Attributes:
        figs: the figures that may be tapped now, with their tap.
        selected: the figure chosen so far, or ``None``.
        targets: the fields the selected figure may go to.
        centre: the lines in the middle (round, whose turn, the 7).
    """

    figs: dict[int, TapData] = field(default_factory=dict)
    selected: int | None = None
    targets: list[Target] = field(default_factory=list)
    centre: list[CentreLine] = field(default_factory=list)


#: a tap on the board acts on the nearest figure or field that may be tapped within this many
#: units of the 400-unit board (22.4 CSS px on the smallest board drawn, 224 px: 44.8 px across)
HIT_RADIUS = 40.0
#: corners of the circle a hit area is cut from
_HIT_CORNERS = 32


@dataclass(frozen=True)
class Hit:
    """Something on the board that may be tapped: where it is (viewBox units), its tap, its label
    read out, and what it is (``data-fig`` or ``data-target`` and the figure or field)."""

    x: float
    y: float
    tap: TapData
    label: str
    kind: str
    key: int


def board_svg(scene: DogScene, marks: Marks) -> Markup:
    """The board as the observation shows it, with ``marks`` and the last move's traces."""
    obs, t = scene.obs, scene.t
    ground = board_ground(frozenset(obs["colours"]), obs["figures_per_player"])
    figures, hits = _figures(scene, marks)
    for target in marks.targets:
        x, y = field_xy(target.field)
        hits.append(Hit(x, y, target.tap, target.label, "data-target", target.field))
    out = [ground, _traces(scene.events), figures, _targets(marks.targets), _centre(marks.centre), _hits(hits)]
    return h("svg", {"viewbox": "0 0 400 400", "role": "img", "aria-label": t("The board")}, out)


def hit_cells(points: list[tuple[float, float]], radius: float = HIT_RADIUS) -> list[list[tuple[float, float]]]:
    """The hit area of each point: the circle of ``radius`` around it cut by the half-way line to
    every other point (a Voronoi cell within the circle), as a convex polygon of corners relative
    to the point (viewBox units). The areas never overlap and together cover every place within
    ``radius`` of some point, each place going to its nearest point. A point at the same place as
    an earlier one gets no area (an empty list): the earlier one takes its taps.

    >>> [len(c) > 0 for c in hit_cells([(0.0, 0.0), (0.0, 0.0), (100.0, 0.0)])]
    [True, False, True]
    >>> max(x for x, _y in hit_cells([(0.0, 0.0), (20.0, 0.0)])[0])
    10.0
    """
    circle = [
        (radius * math.cos(2 * math.pi * i / _HIT_CORNERS), radius * math.sin(2 * math.pi * i / _HIT_CORNERS))
        for i in range(_HIT_CORNERS)
    ]
    cells = []
    for i, (x, y) in enumerate(points):
        cell = list(circle)
        for j, (ox, oy) in enumerate(points):
            dx, dy = ox - x, oy - y
            if j == i or dx * dx + dy * dy >= 4 * radius * radius:
                continue
            if dx * dx + dy * dy < 1e-6:
                if j < i:
                    cell = []
                continue
            cell = _clip(cell, dx, dy, (dx * dx + dy * dy) / 2)
        cells.append(cell)
    return cells


def _clip(poly: list[tuple[float, float]], nx: float, ny: float, limit: float) -> list[tuple[float, float]]:
    """The part of convex ``poly`` where ``nx*x + ny*y <= limit`` (one Sutherland-Hodgman step)."""
    out: list[tuple[float, float]] = []
    for k, (ax, ay) in enumerate(poly):
        bx, by = poly[(k + 1) % len(poly)]
        da, db = nx * ax + ny * ay - limit, nx * bx + ny * by - limit
        if da <= 0:
            out.append((ax, ay))
        if (da < 0) != (db < 0) and da != db:
            f = da / (da - db)
            out.append((ax + f * (bx - ax), ay + f * (by - ay)))
    return out


def _hits(hits: list[Hit]) -> Markup:
    """The buttons of the board, each over its hit area (:func:`hit_cells`), on top of everything."""
    cells = hit_cells([(hit.x, hit.y) for hit in hits])
    out = []
    for hit, cell in zip(hits, cells, strict=True):
        if not cell:
            continue
        d = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in cell) + "Z"
        attrs: dict[str, AttrValue] = {
            "class": "tap",
            "role": "button",
            "tabindex": "0",
            "aria-label": hit.label,
            hit.kind: hit.key,
            "data-tap": hit.tap,
            "transform": f"translate({hit.x:.1f} {hit.y:.1f})",
        }
        ring = h("circle", {"class": "ring", "r": "12.5"})  # shown on the keyboard's focus
        out.append(h("g", attrs, h("path", {"class": "hit", "d": d}), ring))
    return fragment(out)


def _traces(events: list[Event]) -> Markup:
    """The last move: a dashed ring where each moved figure came from."""
    out = []
    for e in events:
        if (e["type"] == "move" or e["type"] == "step") and 0 <= e["from"]:
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
    return fragment(out)


def _moved(events: list[Event]) -> set[int]:
    """The figures the last move moved (swapped ones both)."""
    moved: set[int] = set()
    for e in events:
        if e["type"] == "move" or e["type"] == "step" or e["type"] == "start" or e["type"] == "swap":
            moved.add(e["figure"])
        if e["type"] == "swap":
            moved.add(e["with"])
    return moved


def _figures(scene: DogScene, marks: Marks) -> tuple[Markup, list[Hit]]:
    """Every figure on its field or in its kennel; the tappable ones drawn last (on top), ringed,
    and listed as things to tap."""
    obs, t = scene.obs, scene.t
    per = obs["figures_per_player"]
    moved = _moved(scene.events)
    out: list[Markup] = []
    top_layer: list[Markup] = []
    hits: list[Hit] = []
    for p in range(obs["num_players"]):
        c = obs["colours"][p]
        kennel_slot = 0
        for k in range(per):
            f = p * per + k
            x = obs["figures"][p][k]
            if x < 0:
                fx, fy = kennel_xy(c, kennel_slot, per)
                kennel_slot += 1
            else:
                fx, fy = field_xy(x)
            cx, cy = f"{fx:.1f}", f"{fy:.1f}"
            pieces = []
            if f in moved:
                pieces.append(h("circle", {"cx": cx, "cy": cy, "r": "12", "fill": "#ffffff", "opacity": ".35"}))
            if f in marks.figs:
                width = 3.5 if f == marks.selected else 2.2
                ring = {
                    "cx": cx,
                    "cy": cy,
                    "r": "12.5",
                    "fill": "none",
                    "stroke": "#f2c14e",
                    "stroke-width": str(width),
                }
                pieces.append(h("circle", ring))
            # the figure steps from its last field to this one between two draws (js/motion.mjs)
            where = "kennel" if x < 0 else f"x{x}"
            pieces.append(
                h("g", {"data-flip": f"f{f}", "data-flip-zone": where}, shape_svg(c, fx, fy, R_FIG, str(p + 1)))
            )
            tap = marks.figs.get(f)
            if tap is not None:
                hits.append(Hit(fx, fy, tap, t("Figure of {name}").format(name=scene.names[p]), "data-fig", f))
                top_layer.extend(pieces)
            else:
                out.extend(pieces)
    return fragment(out, top_layer), hits


def _targets(targets: list[Target]) -> Markup:
    """The fields the selected figure may go to: a gold disc with the steps (or S) (tapped through
    the buttons of :func:`_hits`)."""
    out = []
    for target in targets:
        x, y = field_xy(target.field)
        cx, cy = f"{x:.1f}", f"{y:.1f}"
        text_attrs = {
            "x": cx,
            "y": f"{y + 3.6:.1f}",
            "text-anchor": "middle",
            "font-size": "10",
            "font-weight": "800",
            "fill": "#221a05",
        }
        out.append(
            h(
                "g",
                None,
                h(
                    "circle",
                    {"cx": cx, "cy": cy, "r": "9", "fill": "#f2c14e", "stroke": "#221a05", "stroke-width": "1.8"},
                ),
                h("text", text_attrs, target.short),
            )
        )
    return fragment(out)


#: the edge of a target's disc
_DISC_EDGE = {"stroke": "#221a05", "stroke-width": "1.8"}


def _centre(lines: list[CentreLine]) -> Markup:
    """The centre lines, stacked around the middle."""
    y0 = CY - 11 * (len(lines) - 1)
    return fragment(
        h(
            "text",
            {
                "x": str(CX),
                "y": f"{y0 + 22 * i:.1f}",
                "text-anchor": "middle",
                "font-size": line.size,
                "font-weight": "700",
                "fill": line.colour,
            },
            line.text,
        )
        for i, line in enumerate(lines)
    )


# ---- the ground: the same for a whole game, so cached ----------------------------------------

#: :func:`board_ground` by (colours in play, figures per player)
_GROUND: dict[tuple[frozenset[int], int], Markup] = {}


def board_ground(used: frozenset[int], figures: int) -> Markup:
    """The board without figures or marks (DOG-2): ring, stretches, arrows, start fields, goal
    lanes and kennels; only the colours in ``used`` are tinted, kennels hold ``figures`` slots."""
    key = (used, figures)
    cached = _GROUND.get(key)
    if cached is None:
        frame = h(
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
        parts = (frame, _stretches(used), _arrows(), _track(used), _lanes_and_kennels(used, figures))
        cached = _GROUND[key] = fragment(parts)
    return cached


def _fill(colour: int, used: frozenset[int]) -> str:
    """A colour's fill, or a neutral grey for a colour nobody plays."""
    return COLOUR_FILL[colour] if colour in used else "#6d8f8a"


def _stretches(used: frozenset[int]) -> Markup:
    """Each colour's stretch of the ring, tinted (faintly when nobody plays it)."""
    out = []
    for c in range(NUM_COLOURS):
        a1 = angle(start_field(c) - 0.5)
        a2 = angle(start_field(c) + STRETCH - 0.5)
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
    return fragment(out)


def _arrows() -> Markup:
    """Clockwise arrows inside the ring, one per stretch."""
    out = []
    for c in range(NUM_COLOURS):
        a = angle(start_field(c) + STRETCH // 2)
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
    return fragment(out)


def _track(used: frozenset[int]) -> Markup:
    """The 64 track fields; each start field big, in its colour, with a triangle outside the ring."""
    out = []
    for i in range(TRACK):
        x, y = field_xy(i)
        if i % STRETCH:
            plain = {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": str(R_FIELD), "fill": "#f4efe1"}
            out.append(h("circle", {**plain, "stroke": "#0d2a27", "stroke-width": "1"}))
            continue
        fill = _fill(i // STRETCH, used)
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
        a = angle(i)
        tx, ty = CX + (R_TRACK + 17) * math.cos(a), CY + (R_TRACK + 17) * math.sin(a)
        deg = math.degrees(a) + 180
        turn = f"translate({tx:.1f} {ty:.1f}) rotate({deg:.1f})"
        out.append(h("path", {"transform": turn, "d": "M-5 -5L5 0L-5 5Z", "fill": fill}))
    return fragment(out)


def _lanes_and_kennels(used: frozenset[int], figures: int) -> Markup:
    """Each colour's goal lane; the kennels of the colours in play, with a slot per figure."""
    out = []
    for c in range(NUM_COLOURS):
        fill = _fill(c, used)
        for g in range(GOAL_FIELDS):
            x, y = field_xy(goal_field(c, g))
            lane = {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{R_FIELD + 0.6:.1f}", "fill": "#0d2a27"}
            out.append(h("circle", {**lane, "stroke": fill, "stroke-width": "2.6"}))
        if c not in used:
            continue
        slots = [kennel_xy(c, slot, figures) for slot in range(figures)]
        kx, ky = min(x for x, _y in slots), min(y for _x, y in slots)
        kx2, ky2 = max(x for x, _y in slots), max(y for _x, y in slots)
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
        for slot in range(figures):
            sx, sy = kennel_xy(c, slot, figures)
            out.append(
                h("circle", {"cx": f"{sx:.1f}", "cy": f"{sy:.1f}", "r": "4", "fill": "#0d2a27", "opacity": ".6"})
            )
    return fragment(out)
