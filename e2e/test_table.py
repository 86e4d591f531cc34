"""At the table, in Chromium (390x844): the screen kept on, settings applied, the narrator's voice.

Headless Chromium has no wake lock and no voices, so the two APIs are replaced before the page
loads by small stand-ins that record what the app asks of them (``window.__wl``,
``window.__spoken``); everything else is the real app.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "web"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from conftest import NEW_SIX_NIMMT, SHOTS_DIR, START, wait_ready  # noqa: E402

import pycore  # noqa: E402
from hotseat import session_save  # noqa: E402
from hotseat.session import Session  # noqa: E402

SHOTS = SHOTS_DIR / "table"

#: the contrast ratio (WCAG) between the ink of ``[text, surface]`` (selectors) and the surface's
#: background colour (default: the body's ink on the page)
CONTRAST = """(([text, surface] = ["body", "html"]) => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const a = lum(getComputedStyle(document.querySelector(text)).color);
  const b = lum(getComputedStyle(document.querySelector(surface)).backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
})"""

#: a Screen Wake Lock API stand-in: navigator.wakeLock.request("screen") gives a sentinel whose
#: release() (by the app, or by "the browser" in a test: __wl.browserRelease()) marks it released
WAKE_LOCK_STUB = """
(() => {
  const wl = window.__wl = { requests: 0, releases: 0, active: null, refuse: false };
  wl.browserRelease = () => { if (wl.active && !wl.active.released) { wl.active.released = true; } };
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
    request(type) {
      if (wl.refuse) return Promise.reject(new DOMException("refused", "NotAllowedError"));
      const s = new EventTarget();
      s.type = type; s.released = false;
      s.release = () => { if (!s.released) { s.released = true; wl.releases++; } return Promise.resolve(); };
      wl.requests++; wl.active = s;
      return Promise.resolve(s);
    } } });
})();
"""


def wake_state(page) -> dict:
    return page.evaluate(
        "({requests: __wl.requests, releases: __wl.releases, held: !!(__wl.active && !__wl.active.released)})"
    )


def test_wake_lock_held_during_a_game_taken_again_when_visible_released_at_home(page):
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto("./")
    wait_ready(page)
    assert wake_state(page) == {"requests": 0, "releases": 0, "held": False}  # home: the phone may sleep

    page.locator(NEW_SIX_NIMMT).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    assert wake_state(page)["requests"] == 0  # setup: neither
    page.locator(START).first.click()
    page.wait_for_function("__wl.active && !__wl.active.released")
    assert wake_state(page) == {"requests": 1, "releases": 0, "held": True}
    page.locator("[data-tap*='\"show\"']").click()  # more screens of the game: still the one lock
    page.wait_for_selector("body[data-screen='turn']", state="attached")
    assert wake_state(page) == {"requests": 1, "releases": 0, "held": True}

    # the browser drops the lock while the page is hidden; when it is shown again the app asks anew
    page.evaluate("__wl.browserRelease(); document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("__wl.requests === 2 && !__wl.active.released")

    page.locator("[data-tap*='\"settings\"']").click()  # ☰: the settings sheet, Home on top
    page.locator("[data-tap*='\"menu\"']").click()
    page.wait_for_selector("body[data-screen='home']", state="attached")
    page.wait_for_function("__wl.releases === 1")
    assert wake_state(page) == {"requests": 2, "releases": 1, "held": False}

    # a refusal (battery saver) is silent: the game plays on, nothing is shown
    page.evaluate("__wl.refuse = true")
    page.locator("[data-tap*='\"resume\"']").first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached")
    page.locator("[data-tap*='\"show\"']").click()
    page.wait_for_selector("body[data-screen='turn']", state="attached")
    assert wake_state(page) == {"requests": 2, "releases": 1, "held": False}
    assert page.locator(".toast").count() == 0


def test_settings_remembered_are_applied_and_bad_values_ignored(page):
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto("./")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "system"
    assert page.evaluate(CONTRAST, ["body", "html"]) >= 7.0  # like the phone, here dark
    page.evaluate(
        "s => localStorage.setItem('hotseat.settings', s)",
        json.dumps({"theme": "light", "animation": "off", "wake_lock": False}),
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("[document.documentElement.dataset.theme, document.documentElement.dataset.animation]") == [
        "light",
        "off",
    ]
    assert page.evaluate("document.querySelector('meta[name=color-scheme]').content") == "light"
    # the light table is pale under its dark ink, on the first screen too (not the splash's dark felt)
    assert page.evaluate(CONTRAST, ["body", "html"]) >= 7.0
    page.locator(NEW_SIX_NIMMT).first.click()
    page.locator(START).first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached")
    assert wake_state(page)["requests"] == 0  # "Keep the screen on" is off
    # the hand-off after a pick: "Undo my move" on the light table is readable
    page.locator("[data-tap*='\"show\"']").click()
    page.locator("[data-tap*='\"pick\"']").first.click()
    page.wait_for_selector("[data-tap*='\"take_back\"']")
    assert page.evaluate(CONTRAST, ["[data-tap*='\"take_back\"']", ".curtain .pass"]) >= 7.0

    # stored values from elsewhere are untrusted: each bad one falls back to its default
    page.evaluate(
        "s => localStorage.setItem('hotseat.settings', s)",
        json.dumps({"theme": "<b>neon</b>", "animation": 3, "wake_lock": "yes", "sound": False}),
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("[document.documentElement.dataset.theme, document.documentElement.dataset.animation]") == [
        "system",
        "normal",
    ]
    page.evaluate("localStorage.setItem('hotseat.settings', '{not json')")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "system"
    assert page.locator("[data-tap*='\"new\"']").count() == 4  # the app works as new


def _save(game_id: str, n: int, seed: int, until=None, options=None) -> str:
    """A save of a fresh ``n``-human game, played on with first legal actions until ``until(state)``."""
    game = pycore.load_game(game_id)
    state = game.new_initial_state(n, seed, game.resolve_options(options or {}))
    while until is not None and not until(state):
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[0])
    seats = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(n)]
    return session_save.to_json(Session(game_id, seats, seed, options or {}, state=state))


def _phase(name: str):
    return lambda state: state.public_observation()["phase"] == name


#: every game at its largest table: (game, players, play on until, taps on the table, the hand)
LARGEST_TABLES = [
    ("six_nimmt", 10, None, [], ".hand"),
    ("bad_bunnies", 6, None, [], ".bb-hand"),
    ("dog", 4, None, [], ".dg-hand"),  # partners give a card
    ("dog", 4, _phase("play"), ["[data-tap*='\"card\"']"], ".dg-hand"),  # a card chosen: its moves shown
    # Bunny Bunny Moose Moose has no hand: the narrator's card and "Turn the card" must be in view
    ("bunny_moose", 6, _phase("reveal"), ["[data-tap*='\"reveal\"']"], ".bm-big, [data-tap*='\"reveal\"']"),
]


def test_the_hand_is_in_view_at_390x844_for_every_game_at_its_largest_table(page):
    page.goto("./")
    wait_ready(page)
    for game_id, n, until, taps, hand in LARGEST_TABLES:
        page.evaluate(
            "s => { localStorage.clear(); localStorage.setItem('hotseat.save', s); }", _save(game_id, n, 3, until)
        )
        page.reload()
        wait_ready(page)
        page.locator("[data-tap*='\"resume\"']").first.click()
        if game_id != "bunny_moose":  # nothing is secret there: no curtain
            page.locator("[data-tap*='\"show\"']").click()
        for tap in taps:
            page.locator(tap).first.click()
        page.wait_for_selector(hand.split(",")[0])
        assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0]
        for element in page.locator(hand).all():
            box = element.bounding_box()
            assert box is not None and box["x"] >= 0 and box["y"] >= 0, (game_id, n, taps)
            assert box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, (game_id, n, taps, box)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"fit_{game_id}_{n}{'_chosen' if taps else ''}.png"))
