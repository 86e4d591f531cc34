"""Layout checks a player noticed, in Chromium: what must stay visible and tappable.

* Bunny Bunny Moose Moose: "Skip animation" stays above the full-screen BAM! (portrait and
  landscape).
"""

from __future__ import annotations

import pytest
from conftest import hold_at, preset_storage, release_hold, shot, wait_ready
from playwright.sync_api import expect

import pycore
from hotseat import session_save
from hotseat.session import Session

RESUME = "[data-tap*='\"resume\"']"
SKIP = "[data-tap*='\"skip\"']"
SEATS3 = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")]


def open_save(page, save_json: str) -> None:
    """Open the app with ``save_json`` as the saved game and tap Continue."""
    preset_storage(page, {"hotseat.save": save_json})
    page.goto("./")
    wait_ready(page)
    page.locator(RESUME).click()


def topmost_is(page, selector: str) -> bool:
    """Whether the element under the centre of ``selector`` is that element (or inside it)."""
    return page.evaluate(
        """sel => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
                    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                    return el === hit || el.contains(hit); }""",
        selector,
    )


def bunny_moose_before_a_hunter() -> str:
    """A save of a 3-player Bunny Bunny Moose Moose game whose next reveal draws the hunter."""
    game = pycore.load_game("bunny_moose")
    for seed in range(1, 60):
        state = game.new_initial_state(3, seed, game.resolve_options({}))
        for _ in range(400):
            if state.is_terminal():
                break
            p = state.current_players()[0]
            action = state.legal_actions(p)[0]
            if any(e.get("type") == "hunter" for e in state.clone().apply_action(p, action)):
                return session_save.to_json(Session("bunny_moose", SEATS3, seed, state=state))
            state.apply_action(p, action)
    raise AssertionError("no seed draws a hunter")


#: portrait, landscape and a small phone; one page turned through them (the layout is CSS alone,
#: so a window resized is laid out as one opened at that size)
BAM_SIZES = [(390, 844), (844, 390), (360, 640)]


def test_skip_stays_above_the_bam_and_can_be_tapped(page):
    page.set_viewport_size({"width": BAM_SIZES[0][0], "height": BAM_SIZES[0][1]})
    open_save(page, bunny_moose_before_a_hunter())
    hold_at(page, ".bm-bam")  # the BAM! stays until Skip is tapped, however slow the machine
    page.locator("[data-tap*='\"reveal\"']").first.click()
    page.wait_for_selector(".bm-bam", timeout=5_000)
    skip = page.locator(SKIP)
    for width, height in BAM_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert skip.is_visible(), (width, height)
        assert topmost_is(page, "[data-tap*='\"skip\"']"), (width, height)
        box = skip.bounding_box()
        assert box["y"] + box["height"] <= height and box["height"] >= 44, (width, height, box)
        # "BAM!" itself fits on the screen (layout width: the zoom-in animation scales it for .5 s)
        assert page.evaluate("document.querySelector('.bm-bam b').offsetWidth") <= width, (width, height)
        shot(page, f"ui_bam_{width}x{height}")
    skip.click(timeout=5_000)  # Playwright refuses to click a covered button
    page.wait_for_function("document.body.getAttribute('data-screen') !== 'reveal'", timeout=5_000)
    assert page.locator(".bm-bam").count() == 0
    release_hold(page)


def six_nimmt_row_choice() -> str:
    """A save of a 4-player 6 nimmt! game where Cyrille-Marguerite must choose a row (SN-5)."""
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(4, 7, game.resolve_options({}))
    while state.public_observation()["phase"] != "choose_row":
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[0])
    assert state.current_players() == [2]
    seats = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cyrille-Marguerite", "Dan")]
    return session_save.to_json(Session("six_nimmt", seats, 7, state=state))


def test_six_nimmt_row_choice_header_fits(page):
    page.set_viewport_size({"width": 360, "height": 780})
    open_save(page, six_nimmt_row_choice())
    # the row choice is made on the public table (it needs the rows, not the hand): no curtain
    status = page.locator(".bar .status")
    expect(status).to_have_text("Cyrille-Marguerite, choose a row to take")
    assert page.locator(".hand").count() == 0
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        clipped = page.evaluate("""(() => { const s = document.querySelector('.bar .status');
            return [s.scrollWidth - s.clientWidth, s.scrollHeight - s.clientHeight]; })()""")
        assert clipped == [0, 0], width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for sel in (".bar .icon", ".prompt", "[data-tap*='\"row\"']", ".rows"):
            box = page.locator(sel).first.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (sel, width)
        shot(page, f"ui_sn_row_choice_{width}")


def first_turn_save(game_id: str, n: int, seed: int) -> str:
    """A fresh game of ``n`` humans at its first action (6 nimmt!, Bad Bunnies' first card)."""
    game = pycore.load_game(game_id)
    state = game.new_initial_state(n, seed, game.resolve_options({}))
    if game_id == "dog":  # past the card exchange, so the play phase with the board and a hand
        while state.public_observation()["phase"] != "play":
            p = state.current_players()[0]
            state.apply_action(p, state.legal_actions(p)[0])
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)]
    return session_save.to_json(Session(game_id, seats, seed, state=state))


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


# (game, the table's selector, the hand's selector): side by side when wide, stacked in portrait
SIDE_BY_SIDE = [
    ("six_nimmt", 4, ".rows", ".hand"),
    ("bad_bunnies", 3, ".bb-players", ".bb-hand"),
    ("dog", 4, ".dg-board", ".dg-hand"),
]


@pytest.mark.parametrize("game_id,n,table,hand", SIDE_BY_SIDE)
def test_wide_screens_put_the_table_beside_the_hand_portrait_stacks_them(page, game_id, n, table, hand):
    page.set_viewport_size({"width": 844, "height": 390})
    open_save(page, first_turn_save(game_id, n, 3))
    page.locator("[data-tap*='\"show\"']").click()
    page.wait_for_selector(hand)
    for width, height in ((844, 390), (1024, 768), (390, 844)):  # a landscape phone, a tablet, a phone
        page.set_viewport_size({"width": width, "height": height})
        t, h = box(page, table), box(page, hand)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width >= 700:
            assert h["x"] >= t["x"] + t["width"], (width, t, h)  # beside: the hand starts right of the table
            assert h["y"] < t["y"] + t["height"], width  # and at the same height, not below it
            assert t["width"] + h["width"] > 0.6 * width, width  # the two columns use the width
        else:
            assert h["y"] >= t["y"] + t["height"], width  # portrait: the hand below the table
            assert h["width"] > 0.85 * width
        shot(page, f"ui_layout_{game_id}_{width}x{height}")
