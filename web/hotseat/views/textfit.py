"""Text drawn in a picture (SVG ``<text>``) fitted to the room it has: SVG text never wraps and a
picture clips what reaches past its edge, so a caption that is short in English ("ALL SCORES
FLIP") and long in Spanish ("TODAS LAS PUNTUACIONES SE INVIERTEN") is measured here, before it is
drawn, and set smaller or on two lines.

Widths are estimated from the advance widths of DejaVu Sans Bold, one of the widest of the
sans-serif faces a phone falls back to (the app ships no font of its own), so a caption that fits
by this measure fits in the narrower system faces too. A character not in the table counts as
the widest one (as wide as "W").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: advance widths of DejaVu Sans Bold in hundredths of an em, by the characters having them
_WIDTHS_BY = {
    20: "\u202f",
    31: "'",
    34: "ijlìíîï",
    35: " \xa0",
    37: "/IJ\\|ÌÍÎÏ",
    38: ",.·‘’",
    40: ":;",
    42: "-",
    44: "f",
    46: "!()[]¡",
    48: "t",
    49: "r",
    50: "_`–",
    52: '"*',
    58: "?z¿",
    59: "cç",
    60: "s",
    64: "L",
    65: "vxy«»ýÿ",
    66: "“”„",
    67: "akàáâãäå",
    68: "EFTeÈÉÊËèéêë",
    69: "oðòóôõöø",
    70: "$0123456789",
    71: "hnu{}ñùúûü",
    72: "SYbdgpqÝßþ",
    73: "CPZÇ",
    74: "Þ",
    76: "B",
    77: "AKRVXÀÁÂÃÄÅ▲▶▼◀",
    81: "UÙÚÛÜ",
    82: "G",
    83: "D",
    84: "#+<=>HN^~±ÐÑ×÷→↓✓",
    85: "OQÒÓÔÕÖØ",
    87: "&",
    92: "w",
    100: "%@M—…",
    104: "m",
    105: "æ",
    108: "Æ",
    109: "œ",
    110: "W",
}
_WIDTH = {c: w for w, chars in _WIDTHS_BY.items() for c in chars}
_WIDEST = max(_WIDTHS_BY)


def text_width(text: str, size: float, spacing: float = 0.0) -> float:
    """The width of ``text`` set in bold at font size ``size`` with ``spacing`` between letters
    (SVG ``letter-spacing``), in the same units as ``size``."""
    return sum(_WIDTH.get(c, _WIDEST) for c in text) * size / 100 + spacing * len(text)


def _down(size: float) -> float:
    """``size`` rounded down to hundredths (as it is written into the picture)."""
    return math.floor(size * 100) / 100


@dataclass(frozen=True)
class Fitted:
    """A caption fitted to its room: its lines (one or two) and the font size they are set at."""

    lines: tuple[str, ...]
    size: float


def fit_caption(text: str, width: float, size: float, spacing: float = 0.0, least: float = 0.72) -> Fitted:
    """``text`` fitted to ``width`` (same units as ``size``): on one line at ``size`` if it fits;
    else on one line set smaller, down to ``least`` times ``size``; else on two lines, broken at
    the space that makes the longer line shortest, set as large as that line allows (at most
    ``size``). A caption without a space that is still too wide is set as small as it needs.
    Raises ValueError for an empty ``text`` or a ``width`` or ``size`` not above 0."""
    if not text.strip() or width <= 0 or size <= 0:
        raise ValueError(f"nothing to fit: {text!r} in {width} at {size}")

    def largest(line: str) -> float:  # the largest size at most ``size`` the line fits at
        at_one = text_width(line, 1.0)
        return min(size, (width - spacing * len(line)) / at_one) if at_one else size

    one = largest(text)
    if one >= size * least or " " not in text.strip():
        return Fitted((text,), _down(one))
    words = text.split()
    breaks = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = max(breaks, key=lambda pair: min(largest(pair[0]), largest(pair[1])))
    return Fitted((first, second), _down(min(largest(first), largest(second))))
