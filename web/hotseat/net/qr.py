"""A QR code as SVG markup, from the modules qrcode-generator computed (``net.mjs``'s ``qr()``).

The library decides the code (version, mask, error correction); this module only draws it:
one ``<path>`` of dark squares on a white square with the four-module quiet zone the standard
asks for (ISO/IEC 18004), scaled to its box, so a camera reads it on any screen.

>>> svg = qr_svg("111\\n101\\n111", "Pairing code")
>>> str(svg)[:58]
'<svg class="qr" viewbox="0 0 11 11" role="img" aria-label='
>>> "M4 4h3v1h-3zM4 5h1v1h-1zM6 5h1v1h-1zM4 6h3v1h-3z" in svg
True
"""

from __future__ import annotations

from ..markup import Markup, h

#: light modules around the code (ISO/IEC 18004 asks for 4)
QUIET_ZONE = 4


def parse_rows(rows: str) -> list[str]:
    """The rows of ``"0"``/``"1"`` modules, checked to form a square.

    Raises:
        ValueError: not a square of ``0``/``1``.
    """
    lines = [line.strip() for line in str(rows).split("\n") if line.strip()]
    size = len(lines)
    if size == 0 or any(len(line) != size or set(line) - {"0", "1"} for line in lines):
        raise ValueError("QR modules must be a square of 0 and 1")
    return lines


def path_data(lines: list[str], offset: int = QUIET_ZONE) -> str:
    """SVG path data with one rectangle per horizontal run of dark modules."""
    parts = []
    for y, line in enumerate(lines):
        x = 0
        while x < len(line):
            if line[x] == "1":
                start = x
                while x < len(line) and line[x] == "1":
                    x += 1
                parts.append(f"M{start + offset} {y + offset}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return "".join(parts)


def qr_svg(rows: str, label: str) -> Markup:
    """``<svg class="qr">`` of the code whose modules are ``rows`` (lines of ``0``/``1``).

    ``label`` is its accessible name (e.g. "Pairing code for Anna"). Crisp edges, black on
    white whatever the theme (cameras read dark-on-light codes most reliably).

    Raises:
        ValueError: ``rows`` is not a square of ``0``/``1``.
    """
    lines = parse_rows(rows)
    side = len(lines) + 2 * QUIET_ZONE
    return h(
        "svg",
        {
            "class": "qr",
            "viewbox": f"0 0 {side} {side}",
            "role": "img",
            "aria-label": label,
            "shape-rendering": "crispEdges",
            "xmlns": "http://www.w3.org/2000/svg",
        },
        h("rect", {"width": side, "height": side, "fill": "#fff"}),
        h("path", {"d": path_data(lines), "fill": "#000"}),
    )
