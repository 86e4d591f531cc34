"""Screenshots of every game as the table in the middle shows it, and of a shared phone lying flat.

The screens are drawn in CPython by this checkout's own shell and views (``e2e/table_scenes.py``:
seeded positions, the public view with ``ViewContext.table_screen``), written as pages that load
this checkout's ``web/style.css``, and shot with Debian's Chromium (headless, reduced motion)::

    python tools/table_shots.py --out build/shots/table [--lang de] [--theme dark] [--only sn-pick]

Sizes: a tablet (1280x800, 800x1280), a TV or laptop (1920x1080), a small tablet portrait
(768x1024) and, with ``--flat``, the shared phone or tablet lying in landscape (844x390, 1024x768)
and a phone held upright (360x640, 390x844)
with each scene drawn as a shared phone shows it (no ``table_screen``): the curtain over the
public table, and the hand of the player on turn. Each shot is what the
window shows (not the full page): a table screen is looked at, never scrolled.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "web", ROOT / "e2e", ROOT / "tools"):
    sys.path.insert(0, str(extra))

from browser_run import ARGS, CHROMIUM  # noqa: E402

TABLE_SIZES = ((1280, 800), (1920, 1080), (800, 1280), (768, 1024))
FLAT_SIZES = ((844, 390), (1024, 768), (360, 640), (390, 844))

PAGE = """<!doctype html><html lang="{lang}" data-theme="{theme}" data-animation="off"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="{css}"></head>
<body><main id="app">{body}</main></body></html>"""


def install(lang: str) -> None:
    """Make ``lang`` the language of the drawings (its catalogue compiled from locale/)."""
    import i18n as catalogues  # tools/i18n.py

    from hotseat import i18n

    i18n.install(lang, None if lang == "en" else catalogues.compile_mo(lang))


def pages(lang: str, theme: str, only: str | None, flat: bool, folder: Path) -> list[Path]:
    import table_scenes

    install(lang)
    css = (ROOT / "web" / "style.css").as_uri()
    out = []
    for scene in table_scenes.SCENES:
        if only and scene.id != only:
            continue
        if flat:
            if scene.reveal is not None:
                continue
            drawn = {f"{scene.id}-{k}": v for k, v in table_scenes.flat_screens(scene).items()}
        else:
            drawn = {scene.id: scene.render()[0]}
        for name, markup in drawn.items():
            path = folder / f"{name}.html"
            path.write_text(PAGE.format(lang=lang, theme=theme, css=css, body=markup), encoding="utf-8")
            out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--theme", default="dark", choices=("light", "dark"))
    parser.add_argument("--only")
    parser.add_argument("--flat", action="store_true", help="a shared phone, flat and upright")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    files = pages(args.lang, args.theme, args.only, args.flat, args.out)
    sizes = FLAT_SIZES if args.flat else TABLE_SIZES
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        ctx = browser.new_context(device_scale_factor=1, reduced_motion="reduce")
        page = ctx.new_page()
        for path in files:
            page.goto(path.as_uri())
            for w, h in sizes:
                page.set_viewport_size({"width": w, "height": h})
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                kind = "flat" if args.flat else "table"
                name = f"{path.stem}-{kind}-{args.lang}-{args.theme}-{w}x{h}.png"
                page.screenshot(path=str(args.out / name))
        browser.close()
    print(f"{len(files) * len(sizes)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
