"""At the table, in Chromium (390x844): the screen kept on, settings applied, the narrator's voice.

Headless Chromium has no wake lock and no voices, so the two APIs are replaced before the page
loads by small stand-ins that record what the app asks of them (``window.__wl``,
``window.__spoken``); everything else is the real app.
"""

from __future__ import annotations

import json

from conftest import NEW_SIX_NIMMT, START, wait_ready

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
    return page.evaluate("({requests: __wl.requests, releases: __wl.releases,"
                         " held: !!(__wl.active && !__wl.active.released)})")


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

    page.locator("[data-tap*='\"menu\"']").first.click()
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
    page.evaluate("s => localStorage.setItem('hotseat.settings', s)",
                  json.dumps({"theme": "light", "animation": "off", "wake_lock": False}))
    page.reload()
    wait_ready(page)
    assert page.evaluate("[document.documentElement.dataset.theme, document.documentElement.dataset.animation]") \
        == ["light", "off"]
    assert page.evaluate("document.querySelector('meta[name=color-scheme]').content") == "light"
    page.locator(NEW_SIX_NIMMT).first.click()
    page.locator(START).first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached")
    assert wake_state(page)["requests"] == 0  # "Keep the screen on" is off

    # stored values from elsewhere are untrusted: each bad one falls back to its default
    page.evaluate("s => localStorage.setItem('hotseat.settings', s)",
                  json.dumps({"theme": "<b>neon</b>", "animation": 3, "wake_lock": "yes", "sound": False}))
    page.reload()
    wait_ready(page)
    assert page.evaluate("[document.documentElement.dataset.theme, document.documentElement.dataset.animation]") \
        == ["system", "normal"]
    page.evaluate("localStorage.setItem('hotseat.settings', '{not json')")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "system"
    assert page.locator("[data-tap*='\"new\"']").count() == 4  # the app works as new
