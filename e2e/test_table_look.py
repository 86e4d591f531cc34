"""The table in the middle read from across the room: every game's table-screen drawing
(e2e/table_scenes.py, drawn in CPython by the app's own views) laid out by the served
``style.css`` in Chromium on a tablet (1280x800, and 800x1280 upright) and a TV (1920x1080).

* Nothing overflows: the page neither scrolls nor spills sideways (a table screen is looked at,
  never scrolled), and no element reaches past the window's right or bottom edge.
* 6 nimmt!: the digits of every card in the rows are at least 48 px high at 1920x1080 (the ink,
  measured from the font as drawn: ``measureText``), and at least 34 px at 1280x800.
* Dog: the board is at least 90% of the window's short side less the bar, at each size.
* The round's summary (6 nimmt!, 4 and 10 players): no scrolling either, and its scores at
  least 32 px (4 players) and 22 px (10 players) of type at 1920x1080.

One page per scene: the drawing is served as a page of the site's origin (``style.css`` from the
site), then the window is resized through the sizes.
"""

from __future__ import annotations

import pytest
import table_scenes
from conftest import shot

SIZES = [(1280, 800), (1920, 1080), (800, 1280)]
PAGE = """<!doctype html><html lang="en" data-theme="dark" data-animation="off"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="./style.css">
<link rel="icon" type="image/png" href="./icons/icon-192.png">
<title>table</title></head><body><main id="app">{body}</main></body></html>"""

#: the elements past the window's right or bottom edge, the page's scroll size, the bar's height
OVERFLOW_JS = """() => {
  const w = innerWidth, h = innerHeight, out = [];
  for (const el of document.querySelectorAll('#app *')) {
    const r = el.getBoundingClientRect();
    const cls = typeof el.className === 'string' ? el.className : (el.className.baseVal || '');
    if (r.width && r.height && (r.right > w + 0.5 || r.bottom > h + 0.5)) out.push(`${el.tagName}.${cls}`);
  }
  const d = document.documentElement;
  const bar = document.querySelector('.bar').getBoundingClientRect().height;
  return {out: out.slice(0, 8), sw: d.scrollWidth, sh: d.scrollHeight, bar};
}"""

#: the smallest ink height (px) of the numbers on the row cards, from the font as drawn
DIGITS_JS = """() => {
  const c = document.createElement('canvas').getContext('2d');
  let least = Infinity;
  for (const el of document.querySelectorAll('.table-screen .rows .card .num')) {
    const s = getComputedStyle(el);
    c.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const m = c.measureText(el.textContent);
    least = Math.min(least, m.actualBoundingBoxAscent + m.actualBoundingBoxDescent);
  }
  return least;
}"""


def each_size_unscrolled(page, markup: str, what: str):
    """Serve ``markup`` as a page of the site's origin (the site's own style.css and icon), then
    for each of :data:`SIZES` resize the window, check that the page neither scrolls nor spills
    past its edges, and yield ``(width, height, box)`` (``box``: :data:`OVERFLOW_JS`)."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    body = PAGE.format(body=markup)
    page.route("**/table-look.html", lambda route: route.fulfill(body=body, content_type="text/html"))
    page.goto("./table-look.html")
    assert page.evaluate("getComputedStyle(document.body).fontFamily") != "", "style.css did not load"
    assert page.locator(".table-screen").count() == 1
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        where = f"{what} at {width}x{height}"
        box = page.evaluate(OVERFLOW_JS)
        assert box["sw"] <= width and box["sh"] <= height, f"{where}: the page scrolls: {box}"
        assert not box["out"], f"{where}: past the window's edge: {box['out']}"
        yield width, height, box


@pytest.mark.parametrize("scene_id", [s.id for s in table_scenes.SCENES])
def test_the_table_screen_fills_the_window_and_reads_from_afar(fresh_page, scene_id):
    page = fresh_page
    scene = table_scenes.scene(scene_id)
    markup, _state = scene.render()
    for width, height, box in each_size_unscrolled(page, markup, scene_id):
        where = f"{scene_id} at {width}x{height}"
        if scene.game == "six_nimmt":
            least = page.evaluate(DIGITS_JS)
            need = 48 if (width, height) == (1920, 1080) else 34
            assert least >= need, f"{where}: card numbers {least:.1f} px high, fewer than {need}"
        if scene.game == "dog":
            board = page.locator(".dg-board svg").bounding_box()
            short = min(width, height) - box["bar"] if width > height else width
            assert min(board["width"], board["height"]) >= 0.9 * short, f"{where}: board {board}, short side {short}"
        shot(page, f"table_{scene_id}_{width}x{height}", folder="table")


#: the font size (px) of the scores in the round's summary table
SCORES_JS = """() => Math.min(...[...document.querySelectorAll('.round-summary tbody td')].map(
  e => parseFloat(getComputedStyle(e).fontSize)))"""


@pytest.mark.parametrize("players,need", [(4, 32), (10, 22)])
def test_the_round_summary_on_the_table_screen_reads_from_afar_unscrolled(fresh_page, players, need):
    page = fresh_page
    body = table_scenes.summary_screen(players)
    for width, height, _box in each_size_unscrolled(page, body, f"the summary of {players} players"):
        assert page.locator(".table-screen .round-summary tbody tr").count() == players
        where = f"the summary of {players} players at {width}x{height}"
        if (width, height) == (1920, 1080):
            size = page.evaluate(SCORES_JS)
            assert size >= need, f"{where}: scores {size:.1f} px, fewer than {need}"
        shot(page, f"table_summary_{players}_{width}x{height}", folder="table")


#: a shared phone lying flat in the middle of the table, and a tablet lying flat
FLAT_SIZES = [(844, 390), (1024, 768)]
#: the four rows and the hand (or, behind the curtain, the scores) of 6 nimmt!
FLAT_JS = """() => {
  const box = s => { const e = document.querySelector(s); return e && e.getBoundingClientRect().toJSON(); };
  const d = document.documentElement;
  return {sw: d.scrollWidth, sh: d.scrollHeight, rows: box('.rows'), hand: box('.hand'), scores: box('.scores'),
          row4: box('.rows .row:nth-child(4)')};
}"""


@pytest.mark.parametrize("scene_id", ["sn-pick", "sn-ten"])
@pytest.mark.parametrize("names", ["table", "long"])
def test_six_nimmt_on_a_phone_lying_flat_shows_all_four_rows_and_the_hand_unscrolled(fresh_page, scene_id, names):
    """A shared phone lying flat (844x390) or a tablet (1024x768), the hand of the player on turn
    and the curtain over the public table, with the scenes' names (two long ones wrap the score
    chips), and the hand with four 40-letter names that never break: the page neither scrolls
    nor spills sideways, nothing reaches past the window's edges, and the four rows, the scores
    and the hand lie wholly inside the window."""
    from test_long_names import NAMES as LONG

    page = fresh_page
    scene = table_scenes.scene(scene_id)
    drawn = table_scenes.flat_screens(scene, LONG + table_scenes.NAMES[len(LONG) :] if names == "long" else None)
    served = {"body": ""}
    page.route("**/flat-look.html", lambda route: route.fulfill(body=served["body"], content_type="text/html"))
    if names == "long":  # a 40-letter name fills "Pass the phone to" over many lines, in every game
        del drawn["curtain"]
    for screen, markup in drawn.items():
        served["body"] = PAGE.format(body=markup).replace('data-theme="dark"', 'data-theme="light"')
        page.goto("./flat-look.html")
        for width, height in FLAT_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            where = f"{scene_id} {screen} ({names} names) at {width}x{height}"
            box = page.evaluate(OVERFLOW_JS)
            assert box["sw"] <= width and box["sh"] <= height, f"{where}: the page scrolls: {box}"
            assert not box["out"], f"{where}: past the window's edge: {box['out']}"
            parts = page.evaluate(FLAT_JS)
            for part in ("rows", "row4", "scores", "hand"):
                b = parts[part]
                if b is None:
                    assert part == "hand" and screen == "curtain", f"{where}: no {part}"
                    continue
                assert b["bottom"] <= height + 0.5 and b["right"] <= width + 0.5, f"{where}: the {part} {b}"
            shot(page, f"flat_{scene_id}_{screen}_{names}_{width}x{height}", folder="table")
