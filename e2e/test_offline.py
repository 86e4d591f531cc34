"""Offline: once the service worker is active, the app boots and plays with no server at all.

The server is really stopped (Playwright's offline switch alone does not stop the worker's own
update check), and the context is also put offline; the test judges the app, not the browser's
``navigator.onLine`` (which some Chromium builds leave true): nothing answers at the site's
address, yet the app starts, a game starts and takes a move, and a reload mid-game offers to go
on.  Uses a persistent Chromium profile so the worker registration and its caches survive the
reload, as on a phone.
"""

from __future__ import annotations

import json

from conftest import NEW_SIX_NIMMT, precached_urls, reaches_server, start_six_nimmt, wait_controlled, wait_ready

SAVED = "localStorage.getItem('hotseat.game.six_nimmt')"
SHOW = "[data-tap*='\"show\"']"
PICK = "[data-tap*='\"pick\"']"


def test_the_first_visit_precaches_every_file_and_downloads_the_app_once(persistent_context, live_site):
    """The worker registers after boot, precaches every file of the site and revalidates (304)
    what the page already downloaded: each big file is served once (one first visit for both)."""
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    first = len(live_site.served)
    page.goto("./")
    wait_ready(page)
    wait_controlled(page)
    # The server's status lines arrive through a pipe: wait until they stop coming (slow CI).
    seen, stable_since = -1, 0.0
    while stable_since < 1.5:
        page.wait_for_timeout(250)
        now = len(live_site.served)
        stable_since = stable_since + 0.25 if now == seen else 0.0
        seen = now
    served = live_site.served[first:]
    wasm = [status for status, path in served if path.split("?")[0] == "/pyodide/pyodide.asm.wasm"]
    assert wasm.count(200) == 1, f"pyodide.asm.wasm served {wasm}"
    big_200 = [
        path
        for status, path in served
        if status == 200
        and path.split("?")[0]
        in ("/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip.gz", "/pyodide/pyodide.asm.mjs")
    ]
    assert len(big_200) == 3, big_200
    cached = set(precached_urls(page))
    site_files = {
        "/" + p.relative_to(live_site.directory).as_posix()
        for p in live_site.directory.rglob("*")
        if p.is_file() and p.name != "sw.js"
    }
    assert site_files - cached == set(), "files of build/site missing from the precache"
    assert "/pyodide/pyodide.asm.wasm" in cached


def test_reload_offline_boots_and_plays(persistent_context, live_site, request_log):
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    page.goto("./")
    wait_ready(page)
    wait_controlled(page)
    # As on an installed phone: the first visit's memory snapshot is made before the network goes
    # (no reload tears down the worker that makes it), so each offline start restores it.
    made = page.evaluate("async () => { const s = hotseatSnapshot; await s.done; return [s.status, s.detail]; }")
    assert made[0] == "stored", f"the snapshot was not made on the first visit: {made}"
    assert reaches_server(page), "the probe must find the server while it runs"
    online_requests = len(request_log.urls)

    live_site.stop()
    persistent_context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        assert not reaches_server(page), "the server still answers: this start is not offline"
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.evaluate("hotseatSnapshot.status") == "restored"
        # The home screen works: a new 6 nimmt! game starts with no network and takes a move.
        page.wait_for_selector(NEW_SIX_NIMMT, timeout=10_000)
        start_six_nimmt(page)
        if page.locator(SHOW).count():  # the first player's curtain
            page.locator(SHOW).first.click()
        page.wait_for_selector(PICK, timeout=10_000)
        before = page.evaluate(SAVED)
        page.locator(PICK).first.click()
        page.wait_for_function(f"{SAVED} !== {json.dumps(before)}", timeout=10_000)
        # Reload again mid-game, still offline: the app boots and offers to continue.
        page.reload()
        wait_ready(page)
        page.wait_for_selector("[data-tap*='\"resume\"']", timeout=10_000)
    finally:
        persistent_context.set_offline(False)
        live_site.start()
    # The offline boots were really served: requests were made (by the page to its worker).
    assert len(request_log.urls) > online_requests
