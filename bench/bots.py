"""Bot decision time per level, game and table size: CPython, Chromium, and Chromium slowed 4×.

Usage::

    .venv/bin/python bench/bots.py                       # every table, every level, all runtimes
    .venv/bin/python bench/bots.py --hard 30 --quick 30 --tables six_nimmt:4,dog:4 --no-chromium

Every level does a fixed amount of work per decision (``pycore.bots.search``), so a decision
costs the same work on every device and only its time differs. This measures that time on
positions from seeded ``normal``-bot games (decision points with at least two legal actions, about
one in :data:`SAMPLE_EVERY`; the same positions in every runtime, as this same file runs in all of
them). A decision is ``pycore.bots.Search(game, observation, legal, Rng(seed), level,
time_budget).run()`` with the UI's safety cap (``BOT_BUDGET`` in web/hotseat/bot_turns.py, read
from the source); a run reports how often that cap stopped the search ("capped").

Runtimes:

* ``CPython`` — CPU time of the call (``time.process_time``), so the machine's load does not count.
* ``Chromium`` — Debian Chromium (Playwright, fresh persistent profile, no routes) opens
  bench/page.html served by tools/serve.py: bare Pyodide, the engine unpacked from the site's
  wheel (or a zip of the source tree pycore/ when the wheel is older than the source), and this
  file; each decision runs blocking on the page's main thread and is timed by that thread's CPU
  time (DevTools ``Performance.getMetrics`` ``ThreadTime``), which the machine's load does not
  inflate as it does wall time.
* ``Chromium ×4`` — the same after Playwright's CDP ``Emulation.setCPUThrottlingRate``
  ``{rate: 4}``: DevTools' CPU slowdown, the stand-in for a mid-range phone. It slows the page's
  main thread, where the bots run (the call is refused for workers), and stretches its CPU time
  by the rate (on an idle machine the wall time equals it). Target: a hard decision within 1 s
  here (judged on p95; the max is shown too).
* ``sliced`` (``--sliced``) — as the UI thinks: ``BOT_SLICE_MS`` slices of ``Search.step`` with a
  ``setTimeout(0)`` between them, throttled like ``Chromium ×4``.

Warm-up by work: before anything is timed the page plays ``--warmup`` random 6 nimmt! 4-player
games, so V8 has finished optimizing Pyodide's WebAssembly (a fresh profile starts on the baseline
compiler; see bench/README.md).

Must stay importable inside Pyodide: stdlib only at import time.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUDGET = {"easy": 6.0, "normal": 6.0, "hard": 6.0}
#: a hard decision's p95 in Chromium slowed THROTTLE times: spend the phone's budget, within it
TARGET_HARD_MS = (600, 900)
#: DevTools CPU slowdown standing in for a mid-range phone
THROTTLE = 4
#: sample one decision point in this many (with at least two legal actions)
SAMPLE_EVERY = 7
#: the tables measured by default: (game, players) — the tables of the strength targets
TABLES = (("six_nimmt", 4), ("six_nimmt", 5), ("six_nimmt", 10), ("bad_bunnies", 3), ("dog", 4))


def positions(game_id, count, seed, num_players=4):
    """``count`` (state, player) pairs from seeded ``normal``-bot games at ``num_players`` seats."""
    import pycore
    from pycore.bots import Search
    from pycore.rng import Rng

    game = pycore.load_game(game_id)
    n = min(max(num_players, game.min_players), game.max_players)
    out = []
    g = 0
    k = 0
    while len(out) < count:
        state = game.new_initial_state(n, seed * 1000 + g)
        rngs = [Rng(seed * 1000 + g * 16 + p) for p in range(n)]
        g += 1
        steps = 0
        while not state.is_terminal() and steps < game.max_game_length and len(out) < count:
            for p in state.current_players():
                legal = state.legal_actions(p)
                if len(legal) >= 2:
                    k += 1
                    if k % SAMPLE_EVERY == 0:
                        out.append((state.clone(), p))
                state.apply_action(p, Search(game, state.observation(p), legal, rngs[p], "normal").run())
                steps += 1
                if state.is_terminal() or len(out) >= count:
                    break
    return game, out


def _clock():
    # CPU time in CPython (load-independent); in Pyodide process_time is the page's wall clock
    return time.perf_counter() if sys.platform == "emscripten" else time.process_time()


def time_decisions(game_id, level, count, budget, seed=1, players=4):
    """Time ``count`` decisions; return {"times": [s...], "playouts": [...], "capped": n, "runtime"}."""
    from pycore.bots import Search
    from pycore.rng import Rng

    game, pos = positions(game_id, count, seed, players)
    times = []
    playouts = []
    capped = 0
    for i, (state, p) in enumerate(pos):
        obs = state.observation(p)
        legal = state.legal_actions(p)
        t0 = _clock()
        search = Search(game, obs, legal, Rng(seed * 7919 + i), level=level, time_budget=budget)
        search.run()
        times.append(_clock() - t0)
        playouts.append(search.playouts_done)
        capped += search.capped
    return {
        "times": times,
        "playouts": playouts,
        "capped": capped,
        "runtime": "{} {}.{}.{}".format(
            "Pyodide" if sys.platform == "emscripten" else sys.implementation.name, *sys.version_info[:3]
        ),
    }


_prepared = {}


def prepare_json(text):
    """For the sliced run in page.html: sample the positions of a config; return their count."""
    c = json.loads(text)
    game, pos = positions(c["game"], c["count"], c.get("seed", 1), c.get("players", 4))
    _prepared["current"] = (game, pos, c)
    return len(pos)


def start_search(i):
    """A fresh ``Search`` for prepared position ``i`` (same rng seed as :func:`time_decisions`)."""
    from pycore.bots import Search
    from pycore.rng import Rng

    game, pos, c = _prepared["current"]
    state, p = pos[i]
    seed = c.get("seed", 1)
    return Search(
        game,
        state.observation(p),
        state.legal_actions(p),
        Rng(seed * 7919 + i),
        level=c["level"],
        time_budget=c["budget"],
    )


def decide_json(i):
    """One decision of prepared position ``i`` (page side of the CPU-time run); JSON
    {"playouts", "capped"}. The driver reads the main thread's CPU time around this call."""
    search = start_search(int(i))
    search.run()
    return json.dumps({"playouts": search.playouts_done, "capped": bool(search.capped)})


def run_json(text):
    """Pyodide entry point: JSON {"game", "players", "level", "count", "budget", "seed"} → JSON result."""
    c = json.loads(text)
    return json.dumps(
        time_decisions(c["game"], c["level"], c["count"], c["budget"], c.get("seed", 1), c.get("players", 4))
    )


# ---- driver (CPython) --------------------------------------------------------------------------


def ui_budgets():
    """(``BOT_BUDGET``, ``BOT_SLICE_MS``, source) read as text from web/hotseat/bot_turns.py."""
    import ast

    path = os.path.join(ROOT, "web", "hotseat", "bot_turns.py")
    budgets, slice_ms, src = dict(DEFAULT_BUDGET), 30.0, "bench defaults"
    try:
        with open(path) as f:
            text = f.read()
        m = re.search(r"^BOT_BUDGET\s*=\s*(\{[^}]*\})", text, re.MULTILINE)
        if m:
            budgets = {k: float(v) for k, v in ast.literal_eval(m.group(1)).items()}
            src = "web/hotseat/bot_turns.py"
        m = re.search(r"^BOT_SLICE_MS\s*=\s*([0-9.]+)", text, re.MULTILINE)
        if m:
            slice_ms = float(m.group(1))
    except (OSError, ValueError, SyntaxError):
        pass
    return budgets, slice_ms, src


def pct(xs, q):
    """Nearest-rank percentile of a non-empty list."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-q * len(s) // 100)) - 1))
    return s[k]


def throttle(page, rate):
    """Slow ``page``'s main thread ``rate`` times (DevTools CPU throttling; 1 = off)."""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return session


def page_cpu_times(chrome, cfg, rate=1, page=None):
    """Decisions of ``cfg`` in the page, each timed by the CPU time of the page's main thread
    (DevTools ``Performance.getMetrics`` ``ThreadTime``), with the main thread slowed ``rate``
    times. DevTools throttling stretches the main thread's CPU time by the rate, so these figures
    are what a device that many times slower spends on a decision, whatever else this machine
    runs (wall time would also count the waiting for a core)."""
    page = page or chrome.page
    session = page.context.new_cdp_session(page)
    session.send("Performance.enable")
    if rate != 1:
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def thread_time():
        return next(m["value"] for m in session.send("Performance.getMetrics")["metrics"] if m["name"] == "ThreadTime")

    try:
        n = int(chrome.call("bench_bots.prepare_json", json.dumps(cfg), page))
        times, playouts, capped = [], [], 0
        for i in range(n):
            t0 = thread_time()
            r = json.loads(chrome.call("bench_bots.decide_json", str(i), page))
            times.append(thread_time() - t0)
            playouts.append(r["playouts"])
            capped += r["capped"]
    finally:
        if rate != 1:
            session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        session.detach()
    return {"times": times, "playouts": playouts, "capped": capped, "runtime": "Pyodide"}


def export_base(ref):
    """``git archive`` of ``ref``'s pycore/ and bench/ into a new temporary folder; return it."""
    import subprocess
    import tempfile

    out = tempfile.mkdtemp(prefix="hotseat-bots-base-")
    archive = subprocess.run(["git", "archive", ref, "pycore", "bench"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", out], input=archive.stdout, check=True)
    return out


def base_cpython_times(base, cfg):
    """:func:`time_decisions` of the base version (its own bench/bots.py and pycore/), in a child
    CPython process; the same positions when its normal bots play as this version's do."""
    import subprocess

    code = "import sys, bots; print(bots.run_json(sys.argv[1]))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([base, os.path.join(base, "bench")])}
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps(cfg)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description="Bot decision time per level, game and table size.")
    ap.add_argument("--hard", type=int, default=20, help="positions timed for hard")
    ap.add_argument("--quick", type=int, default=30, help="positions timed for easy and normal")
    ap.add_argument("--tables", default="", help="game:players,... (default: the tables of the strength targets)")
    ap.add_argument("--levels", default="", help="comma-separated levels (default: all)")
    ap.add_argument("--no-chromium", action="store_true")
    ap.add_argument("--throttle", type=float, default=THROTTLE, help="CPU slowdown of the phone run (0: skip it)")
    ap.add_argument("--sliced", action="store_true", help="also think in BOT_SLICE_MS slices, throttled")
    ap.add_argument(
        "--warmup",
        type=int,
        default=200,
        help="random 6 nimmt! 4p games played in the page before timing (lets V8 tier up)",
    )
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument(
        "--base",
        metavar="REF",
        help="also time git REF's bots (its pycore/ and bench/bots.py) on the same positions, side by side: "
        "a CPython child process and a second page in the same Chromium",
    )
    args = ap.parse_args(argv)

    sys.path.insert(0, ROOT)
    from pycore import bots

    if args.tables:
        tables = [(t.split(":")[0], int(t.split(":")[1])) for t in args.tables.split(",")]
    else:
        tables = list(TABLES)
    levels = args.levels.split(",") if args.levels else list(bots.LEVELS)
    budgets, slice_ms, budget_src = ui_budgets()
    chrome = None
    base = export_base(args.base) if args.base else None
    if not args.no_chromium:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import _browser

        chrome = _browser.BenchPage(warmup_games=args.warmup, base=_browser.Path(base) if base else None)
    print(f"from {budget_src}: BOT_BUDGET (s, safety cap) {budgets}, BOT_SLICE_MS {slice_ms:g}")
    if base:
        print(f"base: {args.base} (rows 'base ...'), exported to {base}")
    if chrome:
        print(f"Chromium: {chrome.version}; engine in the page: {chrome.engine}")
        if chrome.base_engine:
            print(f"engine in the base page: {chrome.base_engine}")
        if chrome.warmup:
            print("warm-up, 6 nimmt! 4p games/s in the page: " + " ".join(f"{x:.0f}" for x in chrome.warmup))
    print()
    print(
        f"{'game':<12} {'n':>2} {'level':<7} {'runtime':<17} {'dec':>4} {'median ms':>9} {'p95 ms':>8} "
        f"{'max ms':>8} {'playouts med':>12} {'capped':>6}",
        flush=True,
    )
    results = []
    for gid, players in tables:
        for level in levels:
            count = args.hard if level == "hard" else args.quick
            cfg = {
                "game": gid,
                "players": players,
                "level": level,
                "count": count,
                "budget": budgets.get(level, 6.0),
                "seed": 1,
            }
            rows = [("CPython", time_decisions(gid, level, count, cfg["budget"], 1, players))]
            if base:
                rows.append(("base CPython", base_cpython_times(base, cfg)))
            if chrome:
                rows.append(("Chromium", page_cpu_times(chrome, cfg)))
                if base:
                    rows.append(("base Chromium", page_cpu_times(chrome, cfg, 1, chrome.base_page)))
                if args.throttle and args.throttle != 1:
                    rows.append((f"Chromium ×{args.throttle:g}", page_cpu_times(chrome, cfg, args.throttle)))
                    if base:
                        rows.append(
                            (
                                f"base Chromium ×{args.throttle:g}",
                                page_cpu_times(chrome, cfg, args.throttle, chrome.base_page),
                            )
                        )
                    if args.sliced:
                        session = throttle(chrome.page, args.throttle)
                        try:
                            rows.append(
                                (
                                    "sliced",
                                    json.loads(
                                        chrome.page.evaluate(
                                            "([cfg, ms]) => window.decideSliced(cfg, ms)", [json.dumps(cfg), slice_ms]
                                        )
                                    ),
                                )
                            )
                        finally:
                            session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                            session.detach()
            for label, r in rows:
                t = [x * 1000 for x in r["times"]]
                w = sorted(r.get("playouts", r.get("worlds", [0])))
                results.append(
                    {**r, "python": r.get("runtime"), "game": gid, "players": players, "level": level, "runtime": label}
                )
                print(
                    f"{gid:<12} {players:>2} {level:<7} {label:<17} {len(t):>4} {pct(t, 50):>9,.1f} "
                    f"{pct(t, 95):>8,.1f} {max(t):>8,.1f} {w[len(w) // 2] if level == 'hard' else '':>12} "
                    f"{r.get('capped', 0):>6}",
                    flush=True,
                )
    if chrome:
        chrome.close()
    print()
    print(
        f"target: a hard decision's p95 in Chromium ×{THROTTLE} within {TARGET_HARD_MS[0]:,}–{TARGET_HARD_MS[1]:,} ms "
        f"(also shown: {THROTTLE} × the unthrottled p95, which a loaded machine does not inflate)"
    )
    print(
        f"{'table':<24} {'version':<8} {'p95 ×1':>8} {'p95 ×' + str(THROTTLE):>8} "
        f"{str(THROTTLE) + ' × p95 ×1':>10}  within"
    )
    for gid, players in tables:
        for version in ("", "base "):
            got = {
                r["runtime"]: pct([x * 1000 for x in r["times"]], 95)
                for r in results
                if r["level"] == "hard" and r["game"] == gid and r["players"] == players
            }
            one, throttled = got.get(version + "Chromium"), got.get(f"{version}Chromium ×{args.throttle:g}")
            if one is None:
                continue
            low, high = TARGET_HARD_MS
            verdict = "yes" if throttled is not None and low <= throttled <= high else "no"
            verdict += " / " + ("yes" if low <= THROTTLE * one <= high else "no")
            print(
                f"{gid + ' ' + str(players) + 'p':<24} {version.strip() or 'this':<8} {one:>8,.0f} "
                f"{throttled if throttled is not None else float('nan'):>8,.0f} {THROTTLE * one:>10,.0f}  {verdict}"
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
