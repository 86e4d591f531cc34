"""Where things are on the Dog board (DOG-2), in the SVG's 400×400 viewBox, and how a figure looks.

The 64-field ring is drawn as a circle, clockwise from colour 0's start field at the bottom left;
each colour's goal lane runs inwards from its start field, its kennel sits in the corner behind.
Figures carry their player's number and a shape per colour (circle, square, diamond, hexagon), so
colours never have to be told apart by hue alone.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pycore.games.dog import GOAL_BASE, GOAL_FIELDS, NUM_COLOURS, TRACK  # the board (DOG-2)

from ...markup import Markup, h

# colour (board seat) → fill, text colour on it, name, shape of the figure
COLOUR_FILL = ("#2f7de1", "#e69f00", "#d35fa0", "#f0e442")
COLOUR_INK = ("#ffffff", "#1d1400", "#ffffff", "#1d1a00")
COLOUR_NAME = ("blue", "orange", "pink", "yellow")
SHAPE_NAME = ("circle", "square", "diamond", "hexagon")

#: fields of each colour's stretch of the ring, from its start field
STRETCH = TRACK // NUM_COLOURS

CX = CY = 200.0
R_TRACK = 166.0
R_FIELD = 6.3
R_FIG = 8.2
A0 = 3 * math.pi / 4  # field 0 (colour 0's start field) at the bottom left; clockwise from there
GOAL_STEP = 19.0
R_KENNEL = 230.0


def angle(field: float) -> float:
    """The angle (radians) of a place on the ring, in fields from field 0 (clockwise)."""
    return A0 + field * 2 * math.pi / TRACK


def field_xy(field: int) -> tuple[float, float]:
    """Centre of a track field (0..63) or goal field (64..79) in the 400×400 viewBox.

    >>> [round(v) for v in field_xy(0)]
    [83, 317]
    """
    if field < TRACK:
        a = angle(field)
        return CX + R_TRACK * math.cos(a), CY + R_TRACK * math.sin(a)
    c, g = divmod(field - GOAL_BASE, GOAL_FIELDS)
    a = A0 + c * 2 * math.pi / NUM_COLOURS
    r = R_TRACK - GOAL_STEP * (g + 1) - 2
    return CX + r * math.cos(a), CY + r * math.sin(a)


#: where a kennel's slots are around its middle (viewBox units): four figures in a square; five
#: as the five on a die (the fifth in the middle), far enough apart that no figure covers another's
#: number (the squares' corners 20.5 units from the middle one's, each 10.2 from its centre)
KENNEL_SLOTS = {
    4: ((-11.0, -10.0), (11.0, -10.0), (-11.0, 10.0), (11.0, 10.0)),
    5: ((-14.5, -14.5), (14.5, -14.5), (-14.5, 14.5), (14.5, 14.5), (0.0, 0.0)),
}


def kennel_xy(colour: int, slot: int, figures: int = 4) -> tuple[float, float]:
    """Where kennel slot ``slot`` (0 .. ``figures`` - 1) of ``colour`` is drawn, in the corner
    behind its start field, for ``figures`` figures a player (4, or 5 at 2-3 players).

    >>> [round(v) for v in kennel_xy(0, 4, 5)]  # the middle one
    [37, 363]
    """
    a = A0 + colour * 2 * math.pi / NUM_COLOURS
    kx, ky = CX + R_KENNEL * math.cos(a), CY + R_KENNEL * math.sin(a)
    dx, dy = KENNEL_SLOTS[5 if figures > 4 else 4][slot]
    return kx + dx, ky + dy


@lru_cache(maxsize=1024)  # a figure stands on one of about a hundred places: each drawn once
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
