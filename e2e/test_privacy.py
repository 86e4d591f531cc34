"""Privacy and saves that hold when things go wrong, in Chromium (390x844).

* Hide on hidden: a hand on screen, then the page hidden (``visibilitychange`` with the document
  hidden, or ``pagehide``) → the curtain for the same player, and no card of that hand anywhere in
  the document (e2e/secret_check.py's full check of the curtain).

The browser is started once per test and walks many screens (boot is the slow part).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from secret_check import SecretChecker, dump_page  # noqa: E402

wait_ready = None  # e2e/conftest.py's wait_ready, set by the fixture below


@pytest.fixture(autouse=True)
def _wait_ready(ready):
    global wait_ready
    wait_ready = ready


SHOTS = Path(os.environ.get("HOTSEAT_SHOTS", "/tmp/hs/shots"))
NEW_SIX = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
START = "[data-tap*='\"start\"']"
SHOW = "#app [data-tap*='\"show\"']"
PICK = "[data-tap*='\"pick\"']"
CONFIRM = "[data-tap*='\"confirm\"']"

#: what the browser does when the phone is locked or another app comes to the front
HIDE_JS = """() => {
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  Object.defineProperty(document, 'hidden', {value: true, configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW_JS = """() => {
  Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
  Object.defineProperty(document, 'hidden', {value: false, configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
PAGEHIDE_JS = "() => window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def screen(page) -> str:
    return page.evaluate("document.body.getAttribute('data-screen')")


def wait_screen(page, name: str) -> None:
    page.wait_for_function(f"document.body.getAttribute('data-screen') === '{name}'", timeout=10_000)


def hand_cards(page) -> list[int]:
    return sorted(int(x) for x in page.eval_on_selector_all(".hand [data-tap*='\"pick\"']",
                                                             "els => els.map(e => JSON.parse(e.dataset.tap).pick)"))


def test_a_hidden_page_shows_the_curtain_of_the_same_player_and_no_card_of_the_hand(page):
    page.goto("./")
    wait_ready(page)
    checker = SecretChecker("six_nimmt")
    checker.baseline(page)
    page.locator(NEW_SIX).first.click()
    wait_screen(page, "setup")
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        page.fill(f"[data-field='name-{i}']", name)
    page.locator(START).first.click()
    wait_screen(page, "curtain")
    assert checker.check(page)
    page.locator(SHOW).click()
    wait_screen(page, "turn")
    assert checker.check(page)
    hand = hand_cards(page)
    assert len(hand) == 10
    page.locator(PICK).first.click()  # a pick pending (Undo / Confirm), not applied
    page.wait_for_selector(CONFIRM)

    # 1. the phone is locked with Ann's hand on screen
    page.evaluate(HIDE_JS)
    assert screen(page) == "curtain"  # synchronously, in the event itself
    assert checker.check(page)  # the whole document: no card of any hand, nothing beyond the public table
    dump = dump_page(page)
    assert dump["passName"] == "Ann"
    assert "Ann's cards are hidden" in page.locator("header .status").inner_text()
    assert page.locator(".hand").count() == 0 and page.locator(CONFIRM).count() == 0
    shot(page, "privacy_hidden_curtain")
    page.evaluate(SHOW_JS)
    assert screen(page) == "curtain"  # coming back: still the curtain, for Ann
    page.locator(SHOW).click()
    wait_screen(page, "turn")
    assert hand_cards(page) == hand and page.locator(CONFIRM).count() == 0  # the pick was dropped
    assert checker.check(page)

    # 2. the same with pagehide (the page left for another site or closed into the cache)
    page.evaluate(PAGEHIDE_JS)
    assert screen(page) == "curtain"
    assert checker.check(page)



def test_without_python_the_page_script_alone_removes_a_private_view_when_hidden(page):
    """index.html's fallback (plain JavaScript): a ``[data-private]`` screen leaves the document
    when the page is hidden, even with no Python at all (here PyScript is never loaded)."""
    page.route("**/pyscript/core.js", lambda route: route.abort())
    page.goto("./")
    page.evaluate("""() => { document.getElementById('app').innerHTML =
        '<div class="screen" data-screen="turn" data-private><div class="hand"><button data-tap=\\'{"pick":37}\\'>37</button>' +
        '<span class="card" aria-label="88, 1 bullhead">88</span></div></div>'; }""")
    assert page.locator(".hand").count() == 1
    page.evaluate(HIDE_JS)
    assert screen(page) == "covered"
    text = page.evaluate("document.documentElement.outerHTML")
    assert "37" not in text and "88" not in text and page.locator(".hand").count() == 0
    assert page.locator("#app [data-cover] [data-tap*='show']").count() == 1
    # a screen with nothing private is left alone
    page.evaluate("""() => { document.getElementById('app').innerHTML = '<div class="screen" data-screen="home">Home 42</div>'; }""")
    page.evaluate(PAGEHIDE_JS)
    assert "Home 42" in page.locator("#app").inner_text()
