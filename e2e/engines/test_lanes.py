"""The app in the other browser engines players hold: WebKitGTK (the engine of every iPhone
browser) and Firefox ESR, each on a persistent profile at 390x844, driven through real pointer
taps by e2e/engines/drivers.py (WebKitGTK in a GTK host of our own under Xvfb, Firefox over
WebDriver BiDi with puppeteer-core).

One walk per engine, in one page, as a player's phone lives it:

1. first start: the home screen, the service worker precaching every file of the site and the
   memory snapshot made (``hotseatSnapshot``: ``plain``, then ``stored``);
2. the second start restores the snapshot;
3. a 6 nimmt! round against a bot through taps; mid-round a reload and Continue bring back the
   exact save, and the round is played to its end;
4. an offline start (the server stopped): the app boots from the worker, restores the snapshot
   and Continue opens the game;
5. a language switch in the settings sheet (German), kept by the next start;
6. no console error, page error or crash in any of it, and no request the server refused.

Start times (ms from navigation to ``<body data-ready>``) and the engine's CPU seconds are
printed per engine. A screenshot of a player's hand mid-round in each engine goes to
build/shots/engines/.
"""

from __future__ import annotations

import json
import time

import pytest
from conftest import SHOTS_DIR
from drivers import EnginePage, Xvfb, open_engine

NEW = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
START = "[data-tap*='\"start\"']"
RESUME = "[data-tap*='\"resume\"']"
PICK = "[data-tap*='\"pick\"']"
ROW = "button.row"
SKIP = "[data-tap*='\"skip\"']"
CONTINUE = "[data-tap*='\"continue\"']"
MENU = "header [data-tap*='\"settings\"']"
SHEET = ".overlay.settings"
SHEET_CLOSE = f"{SHEET} .sheet > .close"
GERMAN = SHEET + ' [data-tap=\'{"name":"language","shell":"setting","value":"de"}\']'
SAVE_KEY = "hotseat.game.six_nimmt"
SHOTS = SHOTS_DIR / "engines"
PICKS_BEFORE_RELOAD = 3

PRECACHED_JS = """
const urls = [];
for (const name of (await caches.keys()).filter((n) => n.includes('precache'))) {
  const cache = await caches.open(name);
  for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
}
return urls;
"""


@pytest.fixture(scope="module")
def display():
    """An X display of our own for WebKitGTK, started on first use."""
    holder: dict = {}

    def get() -> str:
        if "x" not in holder:
            holder["x"] = Xvfb()
        return holder["x"].display

    yield get
    if "x" in holder:
        holder["x"].close()


@pytest.fixture
def engine_page(request, tmp_path, display):
    engine = request.param
    page = open_engine(engine, tmp_path / "profile", SHOTS, display() if engine == "webkit" else None)
    yield page
    page.close()


def no_trouble(page: EnginePage, step: str) -> None:
    records = page.messages()
    assert records == [], f"{page.engine}, {step}: " + "; ".join(f"{r['kind']}: {r['text'][:400]}" for r in records)


def save(page: EnginePage) -> str | None:
    return page.js("localStorage.getItem(arg)", SAVE_KEY)


def start(page: EnginePage, how: str, reload: bool = True, url: str | None = None) -> float:
    """Load or reload the app and wait until it takes taps; the start's time in ms."""
    if url is not None:
        page.goto(url)
    elif reload:
        page.reload()
    ready = page.wait_ready()
    status = page.js("[hotseatSnapshot.status, hotseatSnapshot.detail]")
    assert status[0] == how, f"{page.engine}: expected a {how} start, got {status}"
    return ready


def tap_and_wait(page: EnginePage, selector: str) -> None:
    """Tap ``selector`` and wait until the app has drawn something else."""
    before = page.js("document.querySelector('#app').innerHTML")
    page.tap(selector)
    page.wait("document.querySelector('#app').innerHTML !== arg", f"a change after tapping {selector}", arg=before)


def play(page: EnginePage, picks: int | None) -> int:
    """Play the human's turns (the first card, or the first row) and step through the bot's and
    the reveals, until ``picks`` cards were picked (then at the next turn of the human) or the
    round is over (summary or game over); the number of cards picked."""
    made = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        name = page.screen()
        if name in ("summary", "over"):
            return made
        if name == "turn":
            if page.count(PICK):
                if picks is not None and made >= picks:
                    return made
                before = save(page)
                page.tap(PICK)
                page.wait("localStorage.getItem(arg[0]) !== arg[1]", "the pick saved", arg=[SAVE_KEY, before])
                made += 1
            else:
                assert page.count(ROW) == 4, f"{page.engine}: a turn with no card to pick is a row choice"
                before = save(page)
                page.tap(ROW)
                page.wait("localStorage.getItem(arg[0]) !== arg[1]", "the row taken", arg=[SAVE_KEY, before])
        elif name == "reveal" and page.count(SKIP):
            tap_and_wait(page, SKIP)
        elif name in ("bot", "reveal"):
            page.wait(
                "document.body.getAttribute('data-screen') !== arg || document.querySelector('[data-tap*=\"skip\"]')",
                f"the {name} screen to move on",
                arg=name,
                timeout=60,
            )
        else:
            raise AssertionError(f"{page.engine}: unexpected screen {name!r} during the round")
    raise AssertionError(f"{page.engine}: the round did not end within 300 s (screen {page.screen()!r})")


@pytest.mark.parametrize("engine_page", ["webkit", "firefox"], indirect=True)
def test_a_phone_s_life_in_the_engine(engine_page, live_site):
    page = engine_page
    served_errors = len(live_site.errors)
    cpu0 = page.cpu_seconds()
    times: dict[str, float] = {}

    # 1. first start, the worker precaching every file, the snapshot made
    times["cold"] = start(page, "plain", url=live_site.url)
    assert page.screen() == "home"
    made = page.call(
        "const s = hotseatSnapshot; if (!s.done) return [s.status, 'no snapshot will be made'];"
        " await s.done; return [s.status, s.detail, s.bytes];",
        timeout=240,
    )
    assert made[0] == "stored" and made[2] > 10_000_000, f"{page.engine}: the snapshot was not made: {made}"
    page.call("await navigator.serviceWorker.ready; return true;", timeout=60)
    page.wait("navigator.serviceWorker.controller !== null", "the worker to control the page", timeout=60)
    cached = set(page.call(PRECACHED_JS))
    site_files = {
        "/" + p.relative_to(live_site.directory).as_posix()
        for p in live_site.directory.rglob("*")
        if p.is_file() and p.name != "sw.js"
    }
    assert site_files - cached == set(), f"{page.engine}: files missing from the precache"
    no_trouble(page, "first start")

    # 2. the second start restores the snapshot
    times["restored"] = start(page, "restored")
    no_trouble(page, "second start")

    # 3. a round of 6 nimmt! against a bot, through taps, with a reload and Continue mid-round
    tap_and_wait(page, NEW)
    assert page.screen() == "setup"
    while int(page.text(".stepper output")) > 2:
        tap_and_wait(page, "[data-tap*='\"delta\":-1,']")
    tap_and_wait(page, '[data-tap*=\'"kind":"bot:easy"\'][data-tap*=\'"seat":1\']')
    pressed = "[...document.querySelectorAll('.seats .kinds [aria-pressed=\"true\"]')].map((e) => e.textContent)"
    assert [" ".join(k.split()) for k in page.js(pressed)] == ["Human", "Bot easy"]
    tap_and_wait(page, START)
    assert play(page, PICKS_BEFORE_RELOAD) == PICKS_BEFORE_RELOAD
    before = json.loads(save(page))
    hand = page.js("[...document.querySelectorAll(arg)].map((e) => e.textContent.trim())", PICK)
    assert len(hand) == 10 - PICKS_BEFORE_RELOAD
    no_trouble(page, "the round before the reload")
    start(page, "restored")
    assert page.screen() == "home"
    tap_and_wait(page, RESUME)
    assert page.screen() == "turn"
    after = json.loads(save(page))
    assert (after["state"], after["seats"]) == (before["state"], before["seats"])
    assert page.js("[...document.querySelectorAll(arg)].map((e) => e.textContent.trim())", PICK) == hand
    shot = page.shot("game-390x844")  # a player's hand with the rows three turns on
    assert play(page, None) == 10 - PICKS_BEFORE_RELOAD
    assert page.screen() in ("summary", "over")
    round_over = save(page)
    no_trouble(page, "the round")

    # 4. an offline start: no server at all
    live_site.stop()
    try:
        times["offline"] = start(page, "restored")
        assert page.screen() == "home"
        assert page.js("navigator.serviceWorker.controller !== null")
        tap_and_wait(page, RESUME)
        assert page.screen() in ("summary", "over")
        assert save(page) == round_over
        no_trouble(page, "the offline start")
    finally:
        live_site.start()

    # 5. German from the settings sheet, kept by the next start
    start(page, "restored")
    tap_and_wait(page, MENU)
    page.tap(GERMAN)
    page.wait("document.documentElement.lang === 'de'", "the page in German")
    page.wait("document.getElementById('set-h').textContent === 'Einstellungen'", "the sheet in German")
    page.tap(SHEET_CLOSE)
    page.wait("!document.querySelector(arg)", "the sheet closed", arg=SHEET)
    assert "Neues Spiel" in page.text() and "New game" not in page.text()
    start(page, "restored")
    assert page.js("document.documentElement.lang") == "de" and "Neues Spiel" in page.text()
    no_trouble(page, "the language switch")

    # 6. nothing the server refused
    assert live_site.errors[served_errors:] == []
    cpu = page.cpu_seconds() - cpu0
    print(
        f"{page.engine} ({page.bridge.version}): start to ready cold {times['cold']:.0f} ms, "
        f"restored {times['restored']:.0f} ms, offline {times['offline']:.0f} ms; "
        f"engine CPU {cpu:.1f} s; screenshot {shot}"
    )
