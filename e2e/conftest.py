"""Shared fixtures for Hotseat's browser tests (Playwright + Debian Chromium).

- the order: longest test first (:data:`DURATIONS_FILE`), for ``--dist loadgroup`` (the Makefile);
  ``HOTSEAT_E2E_RECORD=1`` writes the run's durations into that file.
- `site` (session): serves build/site/ with tools/serve.py on a free 127.0.0.1 port in a
  subprocess; `site.stop()` / `site.start()` stop and restart it on the SAME port (same origin,
  so the service worker and localStorage carry over).  The site is built first with `make site`
  (a no-op when up to date) unless HOTSEAT_E2E_NO_BUILD=1.
- `base_url` is the server's URL, so `page.goto("./")` opens the app.
- `browser_type_launch_args`: /usr/bin/chromium with the flags this machine needs, WebAssembly at
  its baseline tier (:data:`CHROMIUM_ARGS`; :data:`PLAYER_CHROMIUM_ARGS` for the tests of speed).
- `browser_context_args`: 390x844 portrait, touch, device scale 2, dark mode, service workers
  blocked (a first visit that does not install the app; the installing fixtures allow them).
- `installed_context` (one per test process): the app installed as on a returning player's phone
  (service worker and precache, Pyodide's memory snapshot made), so that each test's starts
  restore the snapshot instead of booting Python from nothing (`install_app` makes such a context;
  e2e/test_net_game.py installs two more, the guests' phones).
- `context` / `page` (every test using them): that installed context with the app's storage
  cleared (no save, settings or players), a new page; every request is recorded and at teardown
  the test fails if one left the app's origin or a same-origin request got a 4xx/5xx.
  `request_log` gives the recorded list to a test.  Context-wide changes (set_offline, routes or
  init scripts on the context, ``page.clock``) would reach later tests: use `fresh_context`.
- `fresh_context` / `fresh_page`: a new empty context, the app's first visit on a new phone
  (without its service worker: the precache and snapshot are tested by the installing fixtures).
- `persistent_context`: a persistent Chromium profile (fresh temp dir) with the same checks, for
  service-worker tests; it keeps the HTTP cache and registrations across reloads.
- `wait_ready(page)`: waits for `<body data-ready>` (set by the Python UI when it accepts taps).
- `browser_languages(page, "de-DE")`: the page reports those browser languages (installed context).
- `fast_pace(page)`: the app's paced screens at a tenth of their pace in that page.
- `hold_at(page, selector)` / `release_hold(page)`: stop the app's paced screens (reveals, bots,
  the app narrator) from moving on once `selector` is on screen, until released (the app's
  `window.hotseatHold`), so a test can look at a passing screen such as the BAM! on a loaded machine.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = ROOT / "build" / "site"
#: where the e2e tests save screenshots for a person to look at (HOTSEAT_SHOTS to move it)
SHOTS_DIR = Path(os.environ.get("HOTSEAT_SHOTS", str(ROOT / "build" / "shots")))
sys.path.append(str(ROOT / "tools"))
from browser_run import ARGS, CHROMIUM, ServeProcess, free_port, launch_persistent  # noqa: E402  (tools/browser_run.py: shared with bench/)

#: the flags this machine needs: Chromium as players run it (tests that judge the page's speed use these)
PLAYER_CHROMIUM_ARGS = ARGS
#: the browser of every other test: WebAssembly runs at V8's baseline tier only (Liftoff). Pyodide's
#: interpreter then runs the same code with the same results, but V8 no longer recompiles its hot
#: functions with its optimizing compiler on background threads at every start: in a test's short
#: life that compilation costs more CPU than it saves (the whole browser suite: 785 -> 715 s of CPU,
#: side by side). The tier changes how fast, never what: the tests that judge speed
#: (e2e/test_bot_thinking.py) run Chromium with :data:`PLAYER_CHROMIUM_ARGS`.
CHROMIUM_ARGS = [*PLAYER_CHROMIUM_ARGS, "--js-flags=--no-wasm-tier-up"]
VIEWPORT = {"width": 390, "height": 844}
BOOT_TIMEOUT_MS = 90_000  # cold Pyodide boot is ~3-6 s here; generous for a loaded CI machine


#: each test's seconds (setup, call and teardown) in the last recorded run of the whole suite
#: (``HOTSEAT_E2E_RECORD=1 pytest -n 2 e2e`` writes them): the order the tests are handed out in
DURATIONS_FILE = Path(__file__).with_name("durations.json")
_recorded: dict[str, float] = {}
_workers_seen: set[str] = set()


def pytest_collection_modifyitems(config, items):
    """Longest test first (:data:`DURATIONS_FILE`), a test not in the file before every other (a
    new test may be long; a short one first costs nothing): with ``--dist loadgroup`` each of the
    two workers takes the next test as it frees up, so the last to run are the shortest and both
    workers end together instead of one waiting for the other's long test. Sorting is stable:
    ties keep the collection order."""
    known = json.loads(DURATIONS_FILE.read_text(encoding="utf-8")) if DURATIONS_FILE.is_file() else {}
    items.sort(key=lambda item: -known.get(_plain_id(item.nodeid), float("inf")))


def _plain_id(nodeid: str) -> str:
    """A test's id without the ``@group`` that ``--dist loadgroup`` appends."""
    return nodeid[: nodeid.rindex("@")] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid


def pytest_runtest_logreport(report):
    """Sums each test's phases; the setup of a worker's first test is left out (it holds the
    worker's start: the browser, the installed app), which belongs to no test."""
    if os.environ.get("HOTSEAT_E2E_RECORD") != "1":
        return
    worker = str(getattr(getattr(report, "node", None), "gateway", None) and report.node.gateway.id)
    if report.when == "setup" and worker not in _workers_seen:
        _workers_seen.add(worker)
        return
    key = _plain_id(report.nodeid)
    _recorded[key] = _recorded.get(key, 0.0) + report.duration


def pytest_sessionfinish(session, exitstatus):
    """With ``HOTSEAT_E2E_RECORD=1``, the run's durations go into :data:`DURATIONS_FILE` (by the
    controller, which sees every worker's reports; tests not run keep their entries)."""
    if os.environ.get("HOTSEAT_E2E_RECORD") != "1" or hasattr(session.config, "workerinput") or not _recorded:
        return
    known = json.loads(DURATIONS_FILE.read_text(encoding="utf-8")) if DURATIONS_FILE.is_file() else {}
    known.update({k: round(v, 1) for k, v in _recorded.items()})
    ordered = dict(sorted(known.items(), key=lambda kv: (-kv[1], kv[0])))
    DURATIONS_FILE.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")


class SiteServer(ServeProcess):
    """tools/serve.py in a subprocess; stoppable and restartable on the same port; ``served`` and
    ``errors`` record its answers."""

    def __init__(self, directory: Path, port: int) -> None:
        super().__init__(directory, port, status_lines=True)


def _build_site() -> None:
    """``make site`` once: with pytest-xdist every worker calls it, one at a time (a lock file), so
    the first builds a stale site and the others find it up to date."""
    if os.environ.get("HOTSEAT_E2E_NO_BUILD") == "1":
        return
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / ".e2e-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def site():
    _build_site()
    if not (SITE_DIR / "index.html").is_file() or not (SITE_DIR / "sw.js").is_file():
        pytest.fail("build/site is incomplete: run `make site`")
    server = SiteServer(SITE_DIR, free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def live_site(site):
    """The session server, guaranteed running at the start and the end of a test."""
    site.start()
    yield site
    site.start()


@pytest.fixture(scope="session")
def base_url(site):
    return site.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # a phone in dark mode: "Like the phone" (the theme setting's default) then shows the dark felt the
    # screens were designed on; the light table is tested by choosing it (e2e/test_settings_sheet.py)
    return {
        **browser_context_args,
        "viewport": VIEWPORT,
        "device_scale_factor": 2,
        "has_touch": True,
        "is_mobile": False,
        "color_scheme": "dark",
        # a new context is a first visit that does not install the app: no service worker, so no
        # precache download and no memory snapshot (a second Pyodide in a worker) competing with
        # the test for the CPU; `installed_context` and `persistent_context` install it
        "service_workers": "block",
    }


class RequestLog:
    """Every request a browser context makes, and the same-origin responses that failed.

    Failures are seen twice: as 4xx/5xx responses in the browser, and in the server's own error
    lines (a 404 stylesheet is aborted by Chromium under nosniff and never shows as a response).
    """

    def __init__(self, origin_url: str, server: SiteServer | None = None) -> None:
        self.server = server
        self.server_errors_from = len(server.errors) if server else 0
        parts = urlsplit(origin_url)
        self.origin = (parts.scheme, parts.netloc)
        self.urls: list[str] = []
        self.failed: list[str] = []

    def attach(self, context) -> None:
        context.on("request", self._on_request)
        context.on("response", self._on_response)

    def detach(self, context) -> None:
        context.remove_listener("request", self._on_request)
        context.remove_listener("response", self._on_response)

    def _on_request(self, req) -> None:
        self.urls.append(req.url)

    def _on_response(self, resp) -> None:
        if resp.status >= 400 and self.is_same_origin(resp.url):
            self.failed.append(f"{resp.status} {resp.url}")

    def is_same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        return (parts.scheme, parts.netloc) == self.origin

    def foreign(self) -> list[str]:
        return [u for u in self.urls if not self.is_same_origin(u) and not u.startswith(("data:", "blob:", "about:"))]

    def same_origin_paths(self) -> list[str]:
        return [urlsplit(u).path for u in self.urls if self.is_same_origin(u)]

    def server_errors(self) -> list[str]:
        return self.server.errors[self.server_errors_from :] if self.server else []

    def check(self) -> None:
        assert self.foreign() == [], f"requests left the app's origin: {self.foreign()}"
        assert self.failed == [], f"same-origin requests failed: {self.failed}"
        assert self.server_errors() == [], f"the server answered with errors: {self.server_errors()}"


@pytest.fixture
def request_log(site) -> RequestLog:
    return RequestLog(site.url, site)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def clear_app_storage(ctx, url: str, types: str = "local_storage,indexeddb,cookies,websql,file_systems") -> None:
    """Forget what the app stored for ``url``'s origin in ``ctx`` (localStorage, IndexedDB,
    cookies: the DevTools protocol's storage ``types``), as a player who never opened it; the
    service worker, its precache and the memory snapshot in Cache Storage stay (the app
    installed). Through the DevTools protocol, from a blank page: no navigation, so no start of
    the app."""
    blank = ctx.new_page()
    try:
        cdp = ctx.new_cdp_session(blank)
        cdp.send(
            "Storage.clearDataForOrigin",
            {"origin": _origin(url), "storageTypes": types},
        )
        cdp.detach()
    finally:
        blank.close()


def install_app(browser, browser_context_args, site):
    """A new browser context with the app installed in it, as on a returning player's phone: the
    first visit installed the service worker and made the memory snapshot (web/snapshot.mjs), and
    a reload restored it (both asserted, with every request of the install checked). About 8 s of
    CPU here, against about 1 s for each later restored start (a first visit: about 5.5 s)."""
    ctx = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    log = RequestLog(site.url, site)
    log.attach(ctx)
    page = ctx.new_page()
    page.goto("./")
    wait_ready(page)
    made = page.evaluate("async () => { const s = hotseatSnapshot; await s.done; return [s.status, s.detail]; }")
    assert made[0] == "stored", f"the snapshot was not made on the first visit: {made}"
    wait_controlled(page)
    page.reload()
    wait_ready(page)
    second = page.evaluate("hotseatSnapshot.status")
    assert second == "restored", f"the second start did not restore the snapshot: {second}"
    page.close()
    log.detach(ctx)
    log.check()
    return ctx


@pytest.fixture(scope="session")
def installed_context(browser, browser_context_args, site):
    """One browser context per test process with the app installed (:func:`install_app`), so
    every later start restores the snapshot (about a quarter of a normal boot's CPU,
    bench/README.md) and every file comes from the precache. Made once; the `context` fixture
    hands it to each test with the app's storage cleared. e2e/test_snapshot.py and
    e2e/test_offline.py walk this installation path themselves in their own profiles, and the
    tests that need a first visit use `fresh_context`."""
    ctx = install_app(browser, browser_context_args, site)
    yield ctx
    ctx.close()


@pytest.fixture
def context(installed_context, request_log, site):
    """The process's installed context (`installed_context`) for one test: the app's storage
    cleared first (no saved game, no settings, no players), every request recorded and checked at
    teardown, every page the test opened closed at the end. Context-wide changes a test makes
    would reach the next tests: use `fresh_context` for those (set_offline, add_init_script on
    the context, routes on the context, ``page.clock``, which is the context's clock)."""
    clear_app_storage(installed_context, site.url)
    request_log.attach(installed_context)
    yield installed_context
    for p in list(installed_context.pages):
        p.close()
    request_log.detach(installed_context)
    request_log.check()


@pytest.fixture
def page(context):
    """A new page (tab) in the test's `context`: the app installed, nothing stored."""
    return context.new_page()


@pytest.fixture
def fresh_context(new_context, request_log):
    """A new, empty browser context (pytest-playwright's): the app's first visit on a new phone,
    every request recorded and checked at teardown."""
    ctx = new_context()
    request_log.attach(ctx)
    yield ctx
    ctx.close()
    request_log.check()


@pytest.fixture
def fresh_page(fresh_context):
    """A page in `fresh_context`: the app never opened before."""
    return fresh_context.new_page()


@pytest.fixture
def persistent_context(browser_type, tmp_path, live_site, request_log):
    """A persistent Chromium profile for service-worker tests (same checks as `context`)."""
    ctx = launch_persistent(
        browser_type,
        tmp_path / "profile",
        CHROMIUM_ARGS,
        base_url=live_site.url,
        service_workers="allow",
        color_scheme="dark",
    )
    request_log.attach(ctx)
    yield ctx
    ctx.close()
    request_log.check()


def shot(page, name: str, folder: str = "", full_page: bool = False) -> None:
    """Save a screenshot ``name``.png of ``page`` into :data:`SHOTS_DIR` (or its ``folder``),
    for a person to look at."""
    where = SHOTS_DIR / folder if folder else SHOTS_DIR
    where.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(where / f"{name}.png"), full_page=full_page)


def screen(page) -> str:
    """The name of the screen on show (``<body data-screen>``; "" before the first draw)."""
    return page.evaluate("document.body.getAttribute('data-screen') || ''")


def wait_screen(page, name: str, timeout: float = 10_000) -> None:
    """Wait until the screen named ``name`` is on show."""
    page.wait_for_function(f"document.body.getAttribute('data-screen') === '{name}'", timeout=timeout)


def wait_ready(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the Python UI has set <body data-ready> (it then accepts taps)."""
    page.wait_for_selector("body[data-ready]", state="attached", timeout=timeout)


def hold_at(page, selector: str) -> None:
    """From now on, whenever ``selector`` is in the page (checked right after each change of the
    page, before any timer of the app can run), set ``window.hotseatHold``: the app's next tick
    waits while it is set. A new call replaces the selector (and lets go of a hold the new one does
    not make); :func:`release_hold` ends the watch. Taps still work (Skip, Pause...)."""
    page.evaluate(
        """sel => {
            window.__holdAt = sel;
            const check = () => {
                window.hotseatHold = !!(window.__holdAt && document.querySelector(window.__holdAt));
            };
            if (!window.__holdWatch) {
                window.__holdWatch = new MutationObserver(check);
                window.__holdWatch.observe(document.body, {childList: true, subtree: true});
            }
            check();
        }""",
        selector,
    )


PRESET_JS = """(items => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('e2e.preset')) return;
    sessionStorage.setItem('e2e.preset', '1');
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
})(ITEMS);"""


def preset_storage(page, items: dict[str, str]) -> None:
    """Have ``items`` in the app's localStorage before its first start in ``page`` (as a phone that
    has them stored): call before ``page.goto("./")``. Set once per page (tab), so a reload finds
    what the app left there, not ``items`` again; one start instead of a start, a write and a reload."""
    page.add_init_script(script=PRESET_JS.replace("ITEMS", json.dumps(items)))


LANGUAGES_JS = """(langs => {
    Object.defineProperty(Navigator.prototype, 'languages', {get: () => Object.freeze([...langs]), configurable: true});
    Object.defineProperty(Navigator.prototype, 'language', {get: () => langs[0], configurable: true});
})(LANGS);"""


def browser_languages(page, *languages: str) -> None:
    """Have ``page`` report ``languages`` (``"de-DE"``, ...) as the browser's preferred languages
    (``navigator.languages``, what the app reads to choose its language) from its next start on, as
    a phone set to them: call before ``page.goto("./")``. It lets a test of the language choice run
    in the installed context (a restored start) rather than in a new context with its own locale
    (a first visit); a page only, so the shared context keeps its English."""
    page.add_init_script(script=LANGUAGES_JS.replace("LANGS", json.dumps(list(languages))))


def fast_pace(page, factor: float = 0.1) -> None:
    """Play the app's paced screens (reveals, bot turns, the app narrator) at ``factor`` times
    their pace in ``page``, from its next start on and after reloads (``window.hotseatPace``), for
    tests that play whole games where the pace itself is not what they look at."""
    page.add_init_script(script=f"window.hotseatPace = {float(factor)!r};")
    page.evaluate(f"window.hotseatPace = {float(factor)!r}")


def release_hold(page) -> None:
    """End the watch of :func:`hold_at` and let the paced screens go on."""
    page.evaluate("window.__holdAt = null; window.hotseatHold = false")


# Selectors on the shell's data-tap JSON (web/hotseat/screens.py): stable across restyling.
NEW_SIX_NIMMT = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
START = "[data-tap*='\"start\"']"


def wait_controlled(page) -> None:
    """Wait until the worker is active, has precached everything and controls the page."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def reaches_server(page) -> bool:
    """Whether anything answers at the page's origin behind its service worker: a HEAD request
    (the worker routes only GET, so this one goes to the network) for the site's own address.
    ``False`` once the server is stopped, in every browser, whatever ``navigator.onLine`` says
    (Debian bookworm's Chromium 150 leaves it true in an offline context)."""
    return page.evaluate(
        """async () => {
            try { await fetch('./', {method: 'HEAD', cache: 'no-store'}); return true; }
            catch (e) { return false; }
        }"""
    )


def precached_urls(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const names = await caches.keys();
            const urls = [];
            for (const n of names.filter(n => n.includes('precache'))) {
                const c = await caches.open(n);
                for (const r of await c.keys()) urls.push(new URL(r.url).pathname);
            }
            return urls;
        }"""
    )


def start_six_nimmt(page) -> None:
    """From the home screen: 6 nimmt! → setup → start; wait until the game screen is drawn."""
    page.locator(NEW_SIX_NIMMT).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator(START).first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)


@pytest.fixture
def ready():
    """`wait_ready` as a fixture, for tests that prefer not to import from conftest."""
    return wait_ready


def pick_seat_kind(page, seat: int, kind: str) -> None:
    """On setup, tap ``kind`` ("human", "bot:easy", "guest" …) in seat ``seat``'s row of kinds."""
    tap = json.dumps({"kind": kind, "seat": seat, "shell": "kind"}, separators=(",", ":"), sort_keys=True)
    page.locator(f"[data-tap='{tap}']").click()


def seat_kinds(page) -> list[str]:
    """Setup's chosen kind of each seat, as its button shows it ("Human", "Bot easy" …)."""
    pressed = page.locator(".seats .kinds [aria-pressed='true']").all()
    return [" ".join(b.inner_text().split()) for b in pressed]


def skip_reveal(page) -> bool:
    """Tap "Skip animation" if the reveal shows it now; whether it was there. The reveal draws its
    screen anew at each step, so on a busy machine a waiting click can miss the button again and
    again (detached each time) until the next reveal: the tap lands where the button is now."""
    return page.evaluate(
        """(sel) => { const b = document.querySelector(sel); if (b) b.click(); return !!b; }""",
        "[data-tap*='\"skip\"']",
    )
