"""Taps made by a finger (Chromium's touch emulation) at 360x640: the element under the finger is
the one that acts, even where the browser's touch adjustment would move a tap towards a focusable
neighbour.

Dog: Ann's only figure that may move stands on field 20 and she plays a 2: the figure is ringed and
its target (field 22, two fields on) is drawn next to it. A tap (``page.touchscreen.tap``) 3 px off
the figure's centre towards the target moves it, as a tap on the target does (before, the browser
moved such a tap towards the focusable target and it ended on a plain field: nothing happened).
With a 7 (seven targets on seven fields in a row) taps with a finger's contact area (11 px radius)
all over the board's buttons each act on the figure or field nearest to the finger.
"""

from __future__ import annotations

import math

from conftest import preset_storage, wait_ready
from positions import dog_play_state, saved_session

NAMES = ["Ann", "Ben", "Cat", "Dov"]


#: where each thing to tap on the board is (its button's centre on screen, CSS px), and what it is
ITEMS_JS = """() => [...document.querySelectorAll('.dg-board [data-tap]')].map((g) => {
  const m = g.getScreenCTM();
  return [g.hasAttribute('data-fig') ? 'fig ' + g.getAttribute('data-fig') : 'field ' + g.getAttribute('data-target'),
          m.e, m.f];
})"""

#: from now on, record what each click would act on (the nearest data-tap's figure or field) and
#: stop it there (nothing moves, so the next tap meets the same board)
RECORD_JS = """() => { window.__acted = []; window.__record = (e) => {
  const g = e.target.closest('[data-tap]');
  window.__acted.push(!g ? 'nothing' : g.hasAttribute('data-fig') ? 'fig ' + g.getAttribute('data-fig')
    : g.hasAttribute('data-target') ? 'field ' + g.getAttribute('data-target') : 'other');
  e.stopPropagation(); e.preventDefault(); }; window.addEventListener('click', window.__record, true); }"""
STOP_RECORDING_JS = "() => window.removeEventListener('click', window.__record, true)"


def open_card(page, card: str, figures: list[int]) -> None:
    """Ann's screen at 360x640 with ``card`` chosen; her figures on ``figures`` (the others in
    the kennel), the others' all in their kennels."""
    page.set_viewport_size({"width": 360, "height": 640})
    kennel = [-1, -1, -1, -1]
    hands = [[card, "5"], ["3", "8"], ["9", "10"], ["12", "6"]]
    position = dog_play_state([(figures + kennel)[:4], kennel, kennel, kennel], hands, 1)
    preset_storage(page, {"hotseat.save": saved_session("dog", position, NAMES)})
    page.goto("./")
    wait_ready(page)
    page.locator("[data-tap*='\"resume\"']").first.tap()
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"show\"']").first.tap()
    page.wait_for_selector(f".dg-hand button[data-card='{card}']", timeout=10_000)
    page.locator(f".dg-hand button[data-card='{card}']").tap()
    page.wait_for_selector(".dg-board [data-fig]", timeout=10_000)


def open_two(page) -> None:
    """Ann's screen with her 2 chosen: figure 0 on field 20 ringed, its target 22 drawn."""
    open_card(page, "2", [20])
    page.wait_for_selector(".dg-board [data-target='22']", timeout=10_000)


def seen_at(page, selector: str) -> tuple[float, float]:
    """The centre of what the player sees (a figure's shape, a target's gold disc), CSS px."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


FIGURE_0 = ".dg-board [data-flip='f0']"
DISC = ".dg-board circle[fill='#f2c14e']"  # the target's gold disc (one target)


def items(page) -> dict[str, tuple[float, float]]:
    return {what: (x, y) for what, x, y in page.evaluate(ITEMS_JS)}


def moved(page) -> bool:
    """Ann's figure stands on field 22: the log says so and the figure's flip zone is x22."""
    return page.locator(".dg-board [data-flip='f0'][data-flip-zone='x22']").count() == 1


def test_a_dog_move_of_two_by_tapping_the_figure(page):
    open_two(page)
    (x, y), (tx, ty) = seen_at(page, FIGURE_0), seen_at(page, DISC)
    d = math.hypot(tx - x, ty - y)
    assert 18 < d < 24, (x, y, tx, ty)  # two fields apart at 360x640
    # a finger lands within 3 px of the figure's centre: each such tap acts on the figure
    page.evaluate(RECORD_JS)
    acted = []
    for dx in (-3, 0, 3):
        for dy in (-3, 0, 3):
            page.touchscreen.tap(x + dx, y + dy)
            page.wait_for_function(f"window.__acted.length > {len(acted)}", timeout=5_000)
            acted = page.evaluate("window.__acted")
    assert acted == ["fig 0"] * 9, acted
    page.evaluate(STOP_RECORDING_JS)
    page.touchscreen.tap(x + 2, y + 2)  # and the move is made
    page.wait_for_function(
        "document.querySelector(\".dg-board [data-flip='f0']\").getAttribute('data-flip-zone') !== 'x20'",
        timeout=5_000,
    )
    assert moved(page)


def test_a_dog_move_of_two_by_tapping_the_target(page):
    open_two(page)
    x, y = seen_at(page, DISC)
    page.touchscreen.tap(x, y)
    page.wait_for_function(
        "document.querySelector(\".dg-board [data-flip='f0']\").getAttribute('data-flip-zone') !== 'x20'",
        timeout=5_000,
    )
    assert moved(page)


def finger(cdp, x: float, y: float, radius: float) -> None:
    """A touch at (x, y) with a finger's contact area of ``radius`` CSS px, lifted at once."""
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "radiusX": radius, "radiusY": radius}]},
    )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_finger_on_a_crowded_board_acts_on_the_nearest_figure_or_field(page, context):
    open_card(page, "7", [20, 24])  # two figures; a 7 offers each seven fields in a row
    page.locator(".dg-board [data-fig='0']").focus()
    page.keyboard.press("Enter")  # the figure on 20 chosen: its seven fields, and the figure on 24
    page.wait_for_selector(".dg-board [data-target='27']", timeout=10_000)
    at = items(page)
    assert {"fig 0", "fig 1", "field 21", "field 27"} <= set(at), at
    page.evaluate(RECORD_JS)
    cdp = context.new_cdp_session(page)
    wrong = []
    taps = 0
    for what, (x, y) in at.items():
        for dx, dy in ((0, 0), (4, 0), (-4, 0), (0, 4), (0, -4), (6, 6), (-6, -6), (8, -3), (-3, 8), (12, 0), (0, -15)):
            px, py = x + dx, y + dy
            nearest = min(at, key=lambda k: math.hypot(at[k][0] - px, at[k][1] - py))
            if math.hypot(at[nearest][0] - px, at[nearest][1] - py) > 21:
                continue
            for radius in (1, 11):
                page.evaluate("window.__acted = []")
                finger(cdp, px, py, radius)
                page.wait_for_function("window.__acted.length > 0", timeout=5_000)
                acted = page.evaluate("window.__acted")
                taps += 1
                if acted != [nearest]:
                    wrong.append(f"{radius} px finger at {what} {dx:+},{dy:+}: {acted}, nearest {nearest}")
    assert taps > 100 and wrong == [], f"{len(wrong)} of {taps} taps:\n" + "\n".join(wrong)
