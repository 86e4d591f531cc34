"""The Back button and the "Replace the saved game?" question in Chromium (390x844).

The decisions are pure Python and tested in tests/web/test_ui_navigation.py; this checks the
browser glue of web/hotseat/app.py: a history entry is kept while Back has something to do, and
``popstate`` reaches the controller, so Back closes sheets and goes back a screen instead of
leaving the app.
"""

from __future__ import annotations

from conftest import screen, shot, start_six_nimmt, wait_ready, wait_screen

NEW_SIX = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
NEW_DOG = "[data-tap*='\"dog\"'][data-tap*='\"new\"']"
SHOW = "[data-tap*='\"show\"']"
RESUME = "[data-tap*='\"resume\"']"
RULES = "header [data-tap*='\"rules\"']"
MENU = "header [data-tap*='\"settings\"']"
KEEP = "[data-tap*='\"keep\"']"
REPLACE = "[data-tap*='\"replace\"']"
HAND = ".hand"


def back(page) -> None:
    page.go_back(wait_until="commit")
    page.wait_for_timeout(300)


def new_six_nimmt(page) -> None:
    """From a fresh page: a new 3-player 6 nimmt!, up to its first curtain."""
    page.goto("./")
    wait_ready(page)
    start_six_nimmt(page)
    wait_screen(page, "curtain")


def start_six_nimmt_and_show_hand(page) -> None:
    """From a fresh page: a new 3-player 6 nimmt!, past the first curtain to the first hand."""
    new_six_nimmt(page)
    page.locator(SHOW).first.click()
    wait_screen(page, "turn")
    assert page.locator(HAND).count() == 1


def focused_tap(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-tap')")


def test_back_closes_the_rules_then_goes_home_with_the_game_saved_behind_the_curtain(page, base_url):
    start_six_nimmt_and_show_hand(page)
    # keyboard: Enter on the rules button opens them with the focus inside; Escape closes them and
    # gives the focus back to that button
    rules_tap = page.locator(RULES).get_attribute("data-tap")
    page.locator(RULES).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay .rules")
    assert page.evaluate("!!document.activeElement.closest('.overlay')")
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay", state="detached")
    assert focused_tap(page) == rules_tap and screen(page) == "turn"
    # the menu button works over the rules: they close, the settings open; again: closed
    page.locator(RULES).click()
    page.wait_for_selector(".overlay .rules")
    page.locator(MENU).click()
    page.wait_for_selector(".overlay.settings")
    assert page.locator(".overlay .rules").count() == 0
    page.locator(MENU).click()
    page.wait_for_selector(".overlay", state="detached")
    assert screen(page) == "turn" and page.locator(HAND).count() == 1
    page.locator(RULES).click()
    page.wait_for_selector(".overlay .rules")
    back(page)
    assert page.locator(".overlay").count() == 0
    assert screen(page) == "turn" and page.url.startswith(base_url)
    back(page)
    wait_screen(page, "home")
    assert page.url.startswith(base_url)  # still in the app
    assert page.locator(RESUME).count() == 1
    assert "Your game is saved" in page.locator(".toast").inner_text()
    shot(page, "ui_back_home")
    # Forward does not bring the hand back
    page.go_forward(wait_until="commit")
    page.wait_for_timeout(300)
    assert screen(page) == "home" and page.locator(HAND).count() == 0
    page.locator(RESUME).click()
    wait_screen(page, "curtain")
    assert page.locator(HAND).count() == 0


def test_new_game_asks_before_replacing_the_saved_one(page):
    new_six_nimmt(page)
    back(page)
    wait_screen(page, "home")
    page.locator(NEW_SIX).first.click()
    dialog = page.locator("[role='alertdialog']")
    dialog.wait_for()
    assert "Replace the saved game of 6 nimmt! (round 1; Player 1, Player 2, Player 3)?" in dialog.inner_text()
    shot(page, "ui_replace_dialog")
    # Back answers as Keep does, and so does Escape
    back(page)
    assert dialog.count() == 0 and screen(page) == "home" and page.locator(RESUME).count() == 1
    page.locator(NEW_SIX).first.click()
    dialog.wait_for()
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert screen(page) == "home" and page.locator(RESUME).count() == 1
    page.locator(NEW_SIX).first.click()
    page.locator(KEEP).click()
    assert dialog.count() == 0 and screen(page) == "home" and page.locator(RESUME).count() == 1
    # another game has its own place: Dog asks nothing and leaves 6 nimmt! where it is
    page.locator(NEW_DOG).first.click()
    wait_screen(page, "setup")
    assert "Dog" in page.locator(".setup h1").inner_text()
    back(page)
    wait_screen(page, "home")
    page.locator(NEW_SIX).first.click()
    page.locator(REPLACE).click()
    wait_screen(page, "setup")
    # Back from setup: the old game is still there
    back(page)
    wait_screen(page, "home")
    assert "6 nimmt!" in page.locator(".notice").inner_text()


def test_a_page_back_from_the_back_forward_cache_shows_the_curtain_not_the_hand(page):
    start_six_nimmt_and_show_hand(page)
    # what Chromium fires when Forward brings the page back from its back/forward cache
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    wait_screen(page, "curtain")
    assert page.locator(HAND).count() == 0
