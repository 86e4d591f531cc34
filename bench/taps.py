"""Tap to paint in Chromium: the common taps of every game, at 1x and 4x CPU throttling.

Usage::

    .venv/bin/python bench/taps.py                 # 30 taps per game and rate
    .venv/bin/python bench/taps.py --taps 60 --rates 1 4 6 --json out.json

One page per game (a snapshot of build/site, ``?sw=0``: no service worker and no memory snapshot
made beside the measurement), the game's default table at a shared phone, played by tapping what
a player taps: "Show my cards", "Continue", "Skip animation" first when on screen, else one of the
game's own taps (a card, a row, a field, a pose ...; a seeded random choice). Settings, rules,
menus and the setup's steppers are never tapped; the game's paced reveals and bot turns run at a
tenth of their pace (``window.hotseatPace``), which does not touch what is timed.

What is timed: from the tap's ``click`` event (its ``timeStamp``, when the browser received the
input) to the first moment after the next frame was painted (a ``requestAnimationFrame`` callback
that posts a task: it runs once the frame has been presented), i.e. the app's Python handler, the
redraw of ``#app``, style, layout and paint. Chromium's CPU throttling (DevTools
``Emulation.setCPUThrottlingRate``) slows the page's main thread like a slower phone. Medians and
95th percentiles per tap kind (the keys of its ``data-tap``, with the values that are words).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B
import _cpu

GAMES = ("six_nimmt", "bad_bunnies", "dog", "bunny_moose")
#: shell taps a player makes while playing, tapped first when on screen (in this order)
PLAY_SHELL = ("show", "continue", "skip", "confirm")
#: shell taps that leave the game or change nothing of it: never tapped
NOT_PLAY = {
    "menu", "settings", "rules", "players", "abandon", "details", "download", "kind", "count", "opt",
    "chip", "setting", "close", "take_back", "undo", "new", "net", "replace", "keep_save",
    "delete_save", "delete_aside", "recover", "take_over", "resume", "rematch", "keep", "start",
}  # fmt: skip

#: a capture listener stamps each tap; the record is pushed after the next painted frame
MEASURE_JS = """
window.__taps = [];
document.addEventListener('click', e => {
  const el = e.target.closest && e.target.closest('[data-tap]');
  if (!el) return;
  const t0 = e.timeStamp, tap = el.getAttribute('data-tap');
  requestAnimationFrame(() => setTimeout(() => window.__taps.push([tap, performance.now() - t0]), 0));
}, true);
window.hotseatPace = 0.1;
"""

#: the taps on screen: [index among '#app [data-tap]', tap JSON] of the visible, enabled ones
CANDIDATES_JS = """() => [...document.querySelectorAll('#app [data-tap]')].map((el, i) => {
  const r = el.getBoundingClientRect();
  const off = el.disabled || el.getAttribute('aria-disabled') === 'true' || r.width === 0 || r.height === 0;
  return off ? null : [i, el.getAttribute('data-tap')];
}).filter(x => x)"""


#: keys whose value names the action of a tap (shown in its kind); other keys name a thing (a card)
VERB_KEYS = {"shell", "do", "bm", "announce"}


def kind_of(tap: dict) -> str:
    """The tap's kind for the table: its keys, the action keys with their value
    (``shell:show``, ``bm:reveal``, ``card``, ``card+do:play``)."""
    parts = [f"{k}:{v}" if k in VERB_KEYS else k for k, v in sorted(tap.items()) if k != "fields"]
    return "+".join(parts) or "?"


def choose(candidates: list, rng: random.Random) -> int | None:
    """Index (into '#app [data-tap]') of the tap to make, or None when nothing is to be tapped."""
    shell, game = {}, []
    for index, text in candidates:
        try:
            tap = json.loads(text)
        except ValueError:
            continue
        if not isinstance(tap, dict):
            continue
        if "shell" in tap:
            if tap["shell"] in PLAY_SHELL:
                shell.setdefault(tap["shell"], index)
        elif not (NOT_PLAY & set(tap)):
            game.append(index)
    for name in PLAY_SHELL:
        if name in shell:
            return shell[name]
    return rng.choice(game) if game else None


def start(page, url: str, game_id: str) -> None:
    page.goto(url + "?sw=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=B.BOOT_TIMEOUT_MS)
    page.locator(f"[data-tap*='{game_id}'][data-tap*='\"new\"']").first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)


def play(page, taps: int, rng: random.Random) -> list[tuple[str, float]]:
    """Make ``taps`` timed taps (starting a new game when one ends); return (kind, ms) for each."""
    out: list[tuple[str, float]] = []
    idle = 0
    while len(out) < taps:
        if page.evaluate("document.body.getAttribute('data-screen')") in ("over", "home"):
            break
        index = choose(page.evaluate(CANDIDATES_JS), rng)
        if index is None:
            idle += 1
            if idle > 600:
                raise RuntimeError(f"nothing to tap for a minute on {page.evaluate('document.body.dataset.screen')}")
            page.wait_for_timeout(100)  # a bot's turn, a reveal without Skip
            continue
        idle = 0
        seen = page.evaluate("window.__taps.length")
        try:
            page.locator("#app [data-tap]").nth(index).click(timeout=2_000)
        except Exception:
            continue  # the screen changed under the tap (a reveal's step): choose again
        page.wait_for_function(f"window.__taps.length > {seen}", timeout=30_000)
        tap_text, ms = page.evaluate(f"window.__taps[{seen}]")
        out.append((kind_of(json.loads(tap_text)), ms))
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Tap to paint per game and tap kind, Chromium, CPU throttling.")
    ap.add_argument("--taps", type=int, default=30, help="timed taps per game and rate (default 30)")
    ap.add_argument("--rates", type=float, nargs="+", default=[1, 4], help="CPU throttling rates (default 1 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="also write every timed tap as JSON")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    app, _bare = B.snapshot()
    results: dict = {}
    with B.Server(app) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=B.CHROMIUM, args=B.CHROMIUM_ARGS, headless=True)
        try:
            for game_id in GAMES:
                for rate in args.rates:
                    ctx = browser.new_context(
                        viewport=B.VIEWPORT, device_scale_factor=2, has_touch=True, service_workers="block"
                    )
                    ctx.add_init_script(MEASURE_JS)
                    page = ctx.new_page()
                    rng = random.Random(f"{args.seed}/{game_id}")
                    start(page, server.url, game_id)
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    timed: list[tuple[str, float]] = []
                    while len(timed) < args.taps:
                        got = play(page, args.taps - len(timed), rng)
                        timed += got
                        if len(timed) < args.taps:  # the game ended: a new one from home
                            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                            start(page, server.url, game_id)
                            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    results.setdefault(game_id, {})[rate] = timed
                    ctx.close()
        finally:
            browser.close()

    print(f"Tap to paint, ms (median / p95 / n), Chromium, {args.taps} taps per game and rate; {_cpu.load()}")
    print(f"{B.chromium_version()}; rates: {', '.join(f'{r:g}x' for r in args.rates)}")
    head = f"{'game':<12} {'tap':<22}" + "".join(f" {f'{r:g}x':>19}" for r in args.rates)
    print(head)
    print("-" * len(head))
    for game_id, by_rate in results.items():
        kinds = sorted({k for taps in by_rate.values() for k, _ in taps})
        for kind in ["all", *kinds]:
            cells = []
            for rate in args.rates:
                xs = [ms for k, ms in by_rate.get(rate, []) if kind in ("all", k)]
                cells.append(f"{statistics.median(xs):6.0f} /{pct(xs, 0.95):5.0f} /{len(xs):3d}" if xs else "-")
            print(f"{game_id:<12} {kind:<22}" + "".join(f" {c:>19}" for c in cells))
    if args.json:
        Path(args.json).write_text(
            json.dumps({g: {str(r): t for r, t in by.items()} for g, by in results.items()}, indent=1)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
