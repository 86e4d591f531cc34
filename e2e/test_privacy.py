"""Privacy and saves that hold when things go wrong, in Chromium (390x844).

* Hide on hidden: a hand on screen, then the page hidden (``visibilitychange`` with the document
  hidden, or ``pagehide``) → the curtain for the same player, and no card of that hand anywhere in
  the document (e2e/secret_check.py's full check of the curtain).

The browser is started once per test and walks many screens (boot is the slow part).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import screen, shot, wait_ready, wait_screen
from secret_check import SecretChecker, dump_page

NEW_SIX = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
START = "[data-tap*='\"start\"']"
SHOW = "#app [data-tap*='\"show\"']"
PICK = "[data-tap*='\"pick\"']"

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


def hand_cards(page) -> list[int]:
    return sorted(
        int(x)
        for x in page.eval_on_selector_all(
            ".hand [data-tap*='\"pick\"']", "els => els.map(e => JSON.parse(e.dataset.tap).pick)"
        )
    )


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

    # 1. the phone is locked with Ann's hand on screen
    page.evaluate(HIDE_JS)
    assert screen(page) == "curtain"  # synchronously, in the event itself
    assert checker.check(page)  # the whole document: no card of any hand, nothing beyond the public table
    dump = dump_page(page)
    assert dump["passName"] == "Ann"
    assert "Ann's cards are hidden" in page.locator("header .status").inner_text()
    assert page.locator(".hand").count() == 0
    shot(page, "privacy_hidden_curtain")
    page.evaluate(SHOW_JS)
    assert screen(page) == "curtain"  # coming back: still the curtain, for Ann
    page.locator(SHOW).click()
    wait_screen(page, "turn")
    assert hand_cards(page) == hand  # Ann's own hand again, nothing played
    assert checker.check(page)

    # 2. the same with pagehide (the page left for another site or closed into the cache)
    page.evaluate(PAGEHIDE_JS)
    assert screen(page) == "curtain"
    assert checker.check(page)


def test_without_python_the_page_script_alone_removes_a_private_view_when_hidden(fresh_page):
    """index.html's fallback (plain JavaScript): a ``[data-private]`` screen leaves the document
    when the page is hidden, even with no Python at all (here PyScript is never loaded: a first
    visit, so no service worker serves it past the route)."""
    page = fresh_page
    page.route("**/pyscript/core.js", lambda route: route.abort())
    page.goto("./")
    page.evaluate("""() => { document.getElementById('app').innerHTML =
        '<div class="screen" data-screen="turn" data-private><div class="hand">' +
        '<button data-tap=\\'{"pick":37}\\'>37</button>' +
        '<span class="card" aria-label="88, 1 bullhead">88</span></div></div>'; }""")
    assert page.locator(".hand").count() == 1
    page.evaluate(HIDE_JS)
    assert screen(page) == "covered"
    text = page.evaluate("document.documentElement.outerHTML")
    assert "37" not in text and "88" not in text and page.locator(".hand").count() == 0
    assert page.locator("#app [data-cover] [data-tap*='show']").count() == 1
    # a screen with nothing private is left alone
    page.evaluate("""() => { document.getElementById('app').innerHTML =
        '<div class="screen" data-screen="home">Home 42</div>'; }""")
    page.evaluate(PAGEHIDE_JS)
    assert "Home 42" in page.locator("#app").inner_text()


RESUME_SIX = "[data-tap*='\"resume\"'][data-tap*='six_nimmt']"
KEEP_SAVE = "[data-tap*='\"keep_save\"']"
TAKE_OVER = "[data-tap*='\"take_over\"']"


def test_a_save_nested_100000_deep_is_reported_at_start_and_kept(page):
    """A poisoned save must not crash Pyodide while it starts: the app becomes ready, offers the
    recovery screen, and the save is still stored; Download offers it unchanged."""
    page.goto("./")
    wait_ready(page)
    poison = "[" * 100_000 + "]" * 100_000
    page.evaluate("t => localStorage.setItem('hotseat.save', t)", poison)
    page.reload()
    wait_ready(page)
    assert screen(page) == "recovery"
    reason = page.locator(".recovery .reason").inner_text()
    assert reason == "This saved game cannot be opened: it is nested deeper than 32 levels"
    shot(page, "privacy_recovery")
    with page.expect_download() as download:
        page.locator("#app [data-tap*='\"download\"']").click()
    assert Path(download.value.path()).read_text() == poison
    assert page.evaluate("localStorage.getItem('hotseat.save')") == poison
    # a deep game state inside an otherwise good save: found when the game is opened
    deep_state = json.dumps(
        {
            "format": "hotseat-session",
            "version": 2,
            "game": "dog",
            "seed": 1,
            "options": {},
            "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
            "state": "{" + '"a":{' * 20_000 + "}" * 20_001,
            "summary_due": False,
            "bot_rng": 1,
        }
    )
    page.evaluate("t => localStorage.setItem('hotseat.game.dog', t)", deep_state)
    page.reload()
    wait_ready(page)
    page.locator(KEEP_SAVE).click()  # the first one: set aside
    wait_screen(page, "home")
    assert page.evaluate("localStorage.getItem('hotseat.aside.1')") == poison
    page.locator("[data-tap*='\"resume\"'][data-tap*='dog']").click()
    wait_screen(page, "recovery")
    reason = page.locator(".recovery .reason").inner_text()
    assert "its game state is invalid: it is nested deeper than 32 levels" in reason
    assert page.evaluate("localStorage.getItem('hotseat.game.dog')") == deep_state


def start_game(page, names=("Ann", "Bob", "Cy")) -> None:
    page.locator(NEW_SIX).first.click()
    wait_screen(page, "setup")
    for i, name in enumerate(names):
        page.fill(f"[data-field='name-{i}']", name)
    page.locator(START).first.click()
    wait_screen(page, "curtain")


def show_and_pick(page, which: int = 0) -> None:
    """Show my cards, then a pick (made at its tap): the next player's curtain."""
    page.locator(SHOW).click()
    wait_screen(page, "turn")
    page.locator(PICK).nth(which).click()
    wait_screen(page, "curtain")


def test_two_windows_on_one_game_the_second_cannot_overwrite_the_first_and_says_so(context, browser, base_url):
    """Web Locks: the second window says "open in another window" and writes nothing; "Play here
    instead" moves the game. Without Web Locks (and BroadcastChannel), the revision check alone
    stops a stale window's move from replacing the save another window wrote (the storage event
    that tells such a window at once: e2e/test_backup.py)."""
    first = context.new_page()
    first.goto("./")
    wait_ready(first)
    start_game(first)
    show_and_pick(first)  # Ann has picked
    second = context.new_page()
    second.goto("./")
    wait_ready(second)
    second.locator(RESUME_SIX).click()
    wait_screen(second, "elsewhere")
    assert "This game is open in another window" in second.locator("#app").inner_text()
    shot(second, "privacy_elsewhere")
    saved = second.evaluate("localStorage.getItem('hotseat.game.six_nimmt')")
    show_and_pick(first, 1)  # the first window plays on: its save changes (written after the move's paint)
    second.wait_for_function("s => localStorage.getItem('hotseat.game.six_nimmt') !== s", arg=saved, timeout=10_000)
    second.locator(TAKE_OVER).click()  # Play here instead
    wait_screen(second, "curtain")
    wait_screen(first, "elsewhere")
    assert second.locator(".pass-name").inner_text() == "Cy"  # the first window's moves are all there
    first.close()
    second.close()

    # no Web Locks, no BroadcastChannel: the stored text decides (never the revision number alone)
    bare = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, service_workers="block")
    # no Web Locks, and each window on a channel of its own (PyScript itself needs BroadcastChannel)
    bare.add_init_script("""Object.defineProperty(navigator, 'locks', {value: undefined});
        const BC = window.BroadcastChannel;
        window.BroadcastChannel = function (name) { return new BC(name + '-' + Math.random()); };
        // nor the storage event (a browser may deliver it late): the check before each write decides
        const listen = window.addEventListener;
        window.addEventListener = function (type, ...rest) {
            if (type !== 'storage') return listen.call(this, type, ...rest);
        };""")
    a, b = bare.new_page(), bare.new_page()
    a.goto("./")
    wait_ready(a)
    start_game(a)
    show_and_pick(a)
    b.goto("./")
    wait_ready(b)
    b.locator(RESUME_SIX).click()
    wait_screen(b, "curtain")  # nobody could tell b that a holds the game
    show_and_pick(a, 2)  # a: Bob picks his third card
    after_a = a.evaluate("localStorage.getItem('hotseat.game.six_nimmt')")
    b.locator(SHOW).click()
    wait_screen(b, "turn")
    b.locator(PICK).first.click()  # b: a different pick for Bob, from a stale copy
    wait_screen(b, "elsewhere")
    assert "This game was changed in another window" in b.locator("#app").inner_text()
    assert b.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == after_a
    bare.close()


def test_storage_full_with_an_unreadable_save_keeps_the_save(page):
    page.goto("./")
    wait_ready(page)
    broken = '{"format": "hotseat-session", "version": 2, "game": "dog"'
    page.evaluate("t => localStorage.setItem('hotseat.save', t)", broken)
    filled = page.evaluate("""() => { const chunk = 'x'.repeat(256 * 1024); let n = 0;
        for (;;) { try { localStorage.setItem('hotseat-test-fill-' + n, chunk); n++; } catch (e) { break; } }
        for (const size of [65536, 4096, 256, 16, 1]) {
          for (;;) {
            try { localStorage.setItem('hotseat-test-fill-' + n, 'x'.repeat(size)); n++; } catch (e) { break; }
          }
        }
        return n; }""")
    assert filled > 5
    page.reload()
    wait_ready(page)
    assert screen(page) == "recovery"
    page.locator(KEEP_SAVE).click()  # setting it aside needs a copy: storage refuses it
    wait_screen(page, "home")
    assert "Storage is full" in page.locator(".toast").inner_text()
    assert page.evaluate("localStorage.getItem('hotseat.save')") == broken
    shot(page, "privacy_storage_full")
    page.reload()  # and it is still there, offered again
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('hotseat.save')") == broken
    assert screen(page) == "recovery"
