"""Bot decision time per level and game, in CPython and in Chromium (Pyodide on the main thread).

Usage::

    .venv/bin/python bench/bots.py                     # every game with bots, every level
    .venv/bin/python bench/bots.py --hard 10 --quick 20 --no-chromium

Positions: random 4-player games (same seeds in both runtimes, this same file runs in both);
decision points with at least two legal actions are sampled (about 1 in 25), so the same
positions are timed everywhere. A decision is ``pycore.bots.Search(game, observation, legal,
Rng(seed), level, time_budget).run()`` — what ``pycore.bots.choose_action`` does — with the
budgets the UI passes (``BOT_BUDGET`` in web/hotseat/session.py, read from the source), and the
time is wall time around that call (observation and legal actions excluded).

Chromium: Debian Chromium (Playwright, fresh persistent profile, no routes) opens bench/page.html
served by tools/serve.py: bare Pyodide, the engine unpacked from the site's wheel (or a zip of
the source tree pycore/ when the wheel is older than the source or lacks the bots), and this
file; decisions run blocking on the page's main thread ("Chromium" rows) and, as the UI thinks,
in ``BOT_SLICE_MS`` slices of ``Search.step`` with a ``setTimeout(0)`` between them ("sliced"
rows: wall time, without the app's own redraw between slices). Before
timing, ``--warmup`` seconds of random play let V8 finish optimizing Pyodide's WebAssembly (a
fresh profile starts on the baseline compiler; see bench/README.md).
Target (issue 8): hard ≤ 1 s in Chromium (judged on p95; max shown).

Must stay importable inside Pyodide: stdlib only at import time.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUDGET = {"easy": 0.2, "normal": 0.3, "hard": 0.9}
TARGET_HARD_S = 1.0
SAMPLE_P = 0.04


def positions(game_id, count, seed, num_players=4):
    """``count`` (state, player) pairs from random games: decision points with ≥ 2 legal actions."""
    import pycore

    game = pycore.load_game(game_id)
    n = min(max(num_players, game.min_players), game.max_players)
    pick = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        state = game.new_initial_state(n, seed * 1000 + g)
        rr = random.Random(seed * 1000 + g).random
        g += 1
        steps = 0
        while not state.is_terminal() and steps < game.max_game_length and len(out) < count:
            players = state.current_players()
            if not players:
                break
            p = players[0]
            legal = state.legal_actions(p)
            if not legal:
                break
            if len(legal) >= 2 and pick.random() < SAMPLE_P:
                out.append((state.clone(), p))
            state.apply_action(p, legal[int(rr() * len(legal))])
            steps += 1
    return game, out


def time_decisions(game_id, level, count, budget, seed=1):
    """Time ``count`` decisions; return {"times": [s...], "worlds": [...], "runtime": str}."""
    from pycore.bots import Search
    from pycore.rng import Rng

    game, pos = positions(game_id, count, seed)
    times = []
    worlds = []
    pc = time.perf_counter
    for i, (state, p) in enumerate(pos):
        obs = state.observation(p)
        legal = state.legal_actions(p)
        t0 = pc()
        search = Search(game, obs, legal, Rng(seed * 7919 + i), level=level, time_budget=budget)
        search.run()
        times.append(pc() - t0)
        worlds.append(search.worlds)
    return {
        "times": times,
        "worlds": worlds,
        "runtime": "%s %d.%d.%d" % ("Pyodide" if sys.platform == "emscripten" else sys.implementation.name,
                                    *sys.version_info[:3]),
    }


_prepared = {}


def prepare_json(text):
    """For the sliced run in page.html: sample the positions of a config; return their count."""
    c = json.loads(text)
    game, pos = positions(c["game"], c["count"], c.get("seed", 1))
    _prepared["current"] = (game, pos, c)
    return len(pos)


def start_search(i):
    """A fresh ``Search`` for prepared position ``i`` (same rng seed as :func:`time_decisions`)."""
    from pycore.bots import Search
    from pycore.rng import Rng

    game, pos, c = _prepared["current"]
    state, p = pos[i]
    seed = c.get("seed", 1)
    return Search(game, state.observation(p), state.legal_actions(p), Rng(seed * 7919 + i),
                  level=c["level"], time_budget=c["budget"])


def run_json(text):
    """Pyodide entry point: JSON {"game", "level", "count", "budget", "seed"} → JSON result."""
    c = json.loads(text)
    return json.dumps(time_decisions(c["game"], c["level"], c["count"], c["budget"], c.get("seed", 1)))


# ---- driver (CPython) --------------------------------------------------------------------------


def ui_budgets():
    """(``BOT_BUDGET``, ``BOT_SLICE_MS``, source) read as text from web/hotseat/session.py."""
    import ast

    path = os.path.join(ROOT, "web", "hotseat", "session.py")
    budgets, slice_ms, src = dict(DEFAULT_BUDGET), 12.0, "bench defaults"
    try:
        text = open(path).read()
        m = re.search(r"^BOT_BUDGET\s*=\s*(\{[^}]*\})", text, re.M)
        if m:
            budgets = {k: float(v) for k, v in ast.literal_eval(m.group(1)).items()}
            src = "web/hotseat/session.py"
        m = re.search(r"^BOT_SLICE_MS\s*=\s*([0-9.]+)", text, re.M)
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


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description="Bot decision time per level and game.")
    ap.add_argument("--hard", type=int, default=20, help="positions timed for hard")
    ap.add_argument("--quick", type=int, default=40, help="positions timed for easy and normal")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: pycore.bots.BOT_GAMES)")
    ap.add_argument("--no-chromium", action="store_true")
    ap.add_argument("--no-sliced", action="store_true",
                    help="skip the Chromium run that thinks in BOT_SLICE_MS slices with setTimeout(0) between")
    ap.add_argument("--warmup", type=float, default=5.0,
                    help="seconds of random 6 nimmt! play in the page before timing (lets V8 tier up)")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)

    sys.path.insert(0, ROOT)
    try:
        import pycore.bots as bots
    except ImportError:
        print("pycore/bots does not exist yet: nothing to measure")
        return 0
    import pycore

    games = []
    for g in args.games.split(",") if args.games else getattr(bots, "BOT_GAMES", ()):
        try:
            if g in pycore.GAMES and bots.bot_module(g):
                games.append(g)
        except ValueError:
            print(f"{g}: no pycore/bots/{g}.py yet, skipped")
    levels = list(getattr(bots, "LEVELS", ("easy", "normal", "hard")))
    budgets, slice_ms, budget_src = ui_budgets()
    chrome = None
    if not args.no_chromium:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import _browser

        chrome = _browser.BenchPage(warmup_s=args.warmup)
    print(f"from {budget_src}: BOT_BUDGET (s) {budgets}, BOT_SLICE_MS {slice_ms:g}")
    if chrome:
        print(f"Chromium: {chrome.version}; engine in the page: {chrome.engine}")
        if chrome.warmup:
            print("warm-up, 6 nimmt! 4p games/s in the page: " + " ".join(f"{x:.0f}" for x in chrome.warmup))
    print()
    print(f"{'game':<12} {'level':<7} {'runtime':<8} {'n':>3} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} "
          f"{'worlds med':>10} {'budget':>7}", flush=True)
    results = []
    for gid in games:
        for level in levels:
            count = args.hard if level == "hard" else args.quick
            cfg = {"game": gid, "level": level, "count": count, "budget": budgets.get(level, 0.4), "seed": 1}
            rows = [("CPython", time_decisions(gid, level, count, cfg["budget"], 1))]
            if chrome:
                rows.append(("Chromium", json.loads(chrome.call("bench_bots.run_json", json.dumps(cfg)))))
                if not args.no_sliced:
                    rows.append(("sliced", json.loads(chrome.page.evaluate(
                        "([cfg, ms]) => window.decideSliced(cfg, ms)", [json.dumps(cfg), slice_ms]))))
            for label, r in rows:
                t = [x * 1000 for x in r["times"]]
                w = sorted(r["worlds"])
                results.append({**r, "python": r.get("runtime"), "game": gid, "level": level, "runtime": label})
                print(f"{gid:<12} {level:<7} {label:<8} {len(t):>3} {pct(t, 50):>9,.1f} {pct(t, 95):>8,.1f} "
                      f"{max(t):>8,.1f} {w[len(w) // 2] if level == 'hard' else '':>10} {cfg['budget']:>7}",
                      flush=True)
    if chrome:
        chrome.close()
    print()
    print(f"{'target (issue 8)':<36} {'p95 ms':>8} {'max ms':>8} {'goal':>8}  met   "
          "(sliced = the UI's way, without its redraws)")
    for r in results:
        if r["level"] == "hard" and r["runtime"] in ("Chromium", "sliced"):
            t = [x * 1000 for x in r["times"]]
            print(f"{'hard ' + r['game'] + ' in ' + r['runtime']:<36} {pct(t, 95):>8,.0f} {max(t):>8,.0f} {'<= 1000':>8}  "
                  f"{'yes' if pct(t, 95) <= TARGET_HARD_S * 1000 else 'NO'}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
