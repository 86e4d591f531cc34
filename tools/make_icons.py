"""Draw Hotseat's app icons (run once; the PNGs are committed in web/icons/).

Usage: .venv/bin/python tools/make_icons.py      (needs Pillow, from requirements-dev.txt)

Design: a cream chair seen from the side (back, seat, two legs) with a warm dot above the seat —
"the hot seat" — on the green felt of the card table.
  icon-192.png, icon-512.png            purpose "any": rounded square, transparent corners
  icon-maskable-192/512.png             purpose "maskable": full-bleed ground, the drawing kept
                                        inside the central 80 % safe zone (radius 40 %)
  apple-touch-icon.png (180 px)         full-bleed square, iOS rounds it itself
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"
TEAL = (29, 79, 74, 255)  # #1d4f4a, the table felt of style.css and the manifest theme_color
CREAM = (244, 241, 232, 255)  # #f4f1e8, the ink colour of style.css
EMBER = (242, 193, 78, 255)  # #f2c14e, the accent of style.css
SS = 4  # supersampling factor for smooth edges


def draw_chair(d: ImageDraw.ImageDraw, size: int, scale: float) -> None:
    """Draw the chair centred in a size×size canvas; scale = fraction of the canvas it spans."""
    u = size * scale / 10.0  # drawing units: the chair is 10 units wide and tall
    ox = (size - 10 * u) / 2
    oy = (size - 10 * u) / 2

    def box(x0: float, y0: float, x1: float, y1: float, r: float, fill) -> None:
        d.rounded_rectangle([ox + x0 * u, oy + y0 * u, ox + x1 * u, oy + y1 * u], radius=r * u, fill=fill)

    box(2.0, 0.6, 3.5, 6.4, 0.6, CREAM)  # back
    box(2.0, 5.0, 8.2, 6.5, 0.6, CREAM)  # seat
    box(2.0, 5.5, 3.4, 9.6, 0.5, CREAM)  # back leg
    box(6.8, 5.5, 8.2, 9.6, 0.5, CREAM)  # front leg
    d.ellipse([ox + 4.9 * u, oy + 1.5 * u, ox + 7.3 * u, oy + 3.9 * u], fill=EMBER)  # the "hot" dot


def make(size: int, *, maskable: bool, rounded: bool) -> Image.Image:
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if rounded:
        d.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.22, fill=TEAL)
    else:
        d.rectangle([0, 0, big, big], fill=TEAL)
    # Maskable: everything within the central circle of radius 0.4*size; a 10x10-unit drawing at
    # 0.52 of the canvas has its corners at 0.37*size from the centre.
    draw_chair(d, big, 0.52 if maskable else 0.66)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        make(size, maskable=False, rounded=True).save(OUT / f"icon-{size}.png", optimize=True)
        make(size, maskable=True, rounded=False).save(OUT / f"icon-maskable-{size}.png", optimize=True)
    make(180, maskable=False, rounded=False).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)
    for p in sorted(OUT.glob("*.png")):
        print(p.relative_to(OUT.parent.parent), p.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
