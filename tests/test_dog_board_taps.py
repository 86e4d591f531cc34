"""The Dog board's taps and kennels (web/hotseat/views/dog/board.py, geometry.py) in CPython.

* Every figure or field that may be tapped is one focusable button (``role="button"``,
  ``tabindex="0"``) over its own hit area: the part of a circle of ``HIT_RADIUS`` nearer to it than
  to any other. The areas never overlap, each holds its own centre, and every place within the
  radius of something to tap belongs to the nearest one (checked on a grid).
* A kennel of five figures (2-3 players) holds them without one covering another's number.
"""

from __future__ import annotations

import math
import re
from itertools import combinations

from test_dog import position
from test_dog_view import screen, session_for, show

from hotseat.pages import play_tap
from hotseat.taps import parse_tap
from hotseat.views.dog.board import HIT_RADIUS, hit_cells
from hotseat.views.dog.geometry import KENNEL_SLOTS, R_FIG, field_xy, kennel_xy

BUTTON_RE = re.compile(
    r'<g class="tap" role="button" tabindex="0" aria-label="[^"]+" data-(fig|target)="(\d+)" '
    r'data-tap="[^"]+" transform="translate\(([\d.]+) ([\d.]+)\)"><path class="hit" d="([^"]+)"></path>'
    r'<circle class="ring" r="12.5"></circle></g>'
)


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) is inside the convex polygon ``poly`` (its corners in either order)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def buttons(markup: str) -> list[tuple[str, float, float, list[tuple[float, float]]]]:
    """The board's buttons: what (``fig 3``, ``target 22``), where, and the hit area's corners
    (absolute, viewBox units)."""
    out = []
    for kind, key, x, y, d in BUTTON_RE.findall(markup):
        cx, cy = float(x), float(y)
        corners = [tuple(map(float, p.split())) for p in d[1:-1].split("L")]
        out.append((f"{kind} {key}", cx, cy, [(cx + px, cy + py) for px, py in corners]))
    return out


def check_nearest(found) -> None:
    """Every grid point within HIT_RADIUS (less a rounding margin) of a button lies in the hit area of
    the nearest button and in no other; every centre in its own area."""
    for what, x, y, poly in found:
        assert inside(poly, x, y), what
    xs = [x for _w, x, _y, _p in found]
    ys = [y for _w, _x, y, _p in found]
    for gx in range(int(min(xs) - HIT_RADIUS), int(max(xs) + HIT_RADIUS), 2):
        for gy in range(int(min(ys) - HIT_RADIUS), int(max(ys) + HIT_RADIUS), 2):
            dists = sorted((math.hypot(x - gx, y - gy), what) for what, x, y, _p in found)
            holders = [what for what, _x, _y, poly in found if inside(poly, gx, gy)]
            assert len(holders) <= 1, (gx, gy, holders)
            if dists[0][0] < HIT_RADIUS - 1.5 and (len(dists) == 1 or dists[1][0] - dists[0][0] > 0.5):
                assert holders == [dists[0][1]], (gx, gy, holders, dists[:2])


def test_hit_cells_split_the_board_between_the_nearest_points():
    points = [(100.0, 100.0), (110.0, 104.0), (100.0, 100.0), (150.0, 90.0), (300.0, 300.0)]
    cells = hit_cells(points)
    assert cells[2] == []  # the same place as the first: the first takes its taps
    found = [
        (f"p{i}", x, y, [(x + px, y + py) for px, py in c]) for i, ((x, y), c) in enumerate(zip(points, cells)) if c
    ]
    check_nearest(found)
    lone = cells[4]  # no neighbour within reach: the whole circle
    assert max(px for px, _py in lone) == HIT_RADIUS and min(py for _px, py in lone) == -HIT_RADIUS


def test_a_figure_next_to_its_target_and_a_seven_crowd_are_buttons_of_their_own():
    s = session_for(position({0: [20]}, {0: ["2"], 1: ["3"]}))
    show(s)
    play_tap(s, parse_tap({"card": "2"}))
    found = buttons(screen(s))
    # the figure (its only move) and its target two fields on: two buttons, no old tap circle
    assert [w for w, *_ in found] == ["fig 0", "target 22"]
    assert 'circle class="tap"' not in screen(s)
    (_w, fx, fy, _p), (_t, tx, ty, _q) = found
    assert (round(fx, 1), round(fy, 1)) == tuple(round(v, 1) for v in field_xy(20))
    assert 30 < math.hypot(tx - fx, ty - fy) < 35  # two fields apart: closer than two hit radii
    check_nearest(found)
    s = session_for(position({0: [20, 24]}, {0: ["7"], 1: ["3"]}))
    show(s)
    play_tap(s, parse_tap({"card": "7"}))
    play_tap(s, parse_tap({"fig": 0}))
    found = buttons(screen(s))
    assert {"fig 0", "fig 1", "target 21", "target 27"} <= {w for w, *_ in found}, found
    check_nearest(found)


def test_five_figures_in_a_kennel_keep_apart_and_inside_it():
    for slots in KENNEL_SLOTS.values():
        for (ax, ay), (bx, by) in combinations(slots, 2):
            # a diamond reaches 1.2 radii from its centre along the axes, a square's corner 1.25
            # radii along a diagonal: two figures never meet
            diagonal = abs(ax - bx) > 5 and abs(ay - by) > 5
            assert math.hypot(ax - bx, ay - by) >= (2.5 if diagonal else 2.4) * R_FIG, (ax, ay, bx, by)
    s = session_for(position({}, {0: ["2"], 1: ["3"], 2: ["4"]}, n=3), n=3)
    show(s)
    markup = screen(s)
    assert markup.count('data-flip-zone="kennel"') == 15
    rects = re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="9"', markup)
    assert len(rects) == 3
    for colour, (x, y, w, h) in zip((0, 1, 2), rects, strict=False):
        for slot in range(5):
            sx, sy = kennel_xy(colour, slot, 5)
            reach = 1.25 * R_FIG
            assert float(x) < sx - reach and sx + reach < float(x) + float(w), (colour, slot)
            assert float(y) < sy - reach and sy + reach < float(y) + float(h), (colour, slot)
