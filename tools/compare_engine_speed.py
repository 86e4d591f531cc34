"""Compare the engine's clone and contract speed between two checkouts, in one run.

    python tools/compare_engine_speed.py /path/to/old/checkout /path/to/new/checkout [--rounds 5]

Each measurement runs in a fresh subprocess that imports ``pycore`` from one checkout; the two
checkouts alternate, ``--rounds`` times each, and the table gives the median and the min-max of the
CPU time (``time.process_time``) per unit of work, so machine load moves both sides alike:

* ``clone``: microseconds per ``State.clone()``, over the states of seeded random games (every
  game, the largest player count), each state cloned 20 times;
* ``contract``: milliseconds per seeded random game played through ``legal_actions`` and
  ``apply_action`` (the same games on both sides: reference hashes are identical);
* ``save+load``: microseconds per ``to_json()`` plus ``state_from_json()`` round trip.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import pycore
from pycore.rng import Rng

GAMES = {"six_nimmt": (5, 6), "bad_bunnies": (4, 6), "dog": (4, 2), "bunny_moose": (5, 4)}
out = {}
for gid, (n, games) in GAMES.items():
    game = pycore.load_game(gid)
    states, t_contract = [], 0.0
    for seed in range(games):
        rng = Rng(seed)
        t0 = time.process_time()
        state = game.new_initial_state(n, seed)
        while not state.is_terminal():
            p = rng.choice(state.current_players())
            state.apply_action(p, rng.choice(state.legal_actions(p)))
        t_contract += time.process_time() - t0
        # states to clone and save: replay and keep every 7th
        state = game.new_initial_state(n, seed)
        rng = Rng(seed)
        k = 0
        while not state.is_terminal():
            p = rng.choice(state.current_players())
            state.apply_action(p, rng.choice(state.legal_actions(p)))
            k += 1
            if k % 7 == 0:
                states.append(state.clone())
    t0 = time.process_time()
    for s in states:
        for _ in range(20):
            s.clone()
    t_clone = time.process_time() - t0
    t0 = time.process_time()
    for s in states[::5]:
        game.state_from_json(s.to_json())
    t_save = time.process_time() - t0
    out[gid] = {
        "clone_us": t_clone / (20 * len(states)) * 1e6,
        "contract_ms": t_contract / games * 1e3,
        "save_us": t_save / len(states[::5]) * 1e6,
    }
print(json.dumps(out))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for side in ("old", "new"):
            root = getattr(args, side)
            text = subprocess.run([sys.executable, "-c", CHILD, root], check=True, capture_output=True, text=True)
            runs[side].append(json.loads(text.stdout))
    print(f"CPU time, median (min-max) of {args.rounds} alternating runs per side")
    print(f"{'game':12} {'measure':12} {'old':>24} {'new':>24} {'new/old':>8}")
    for gid in runs["old"][0]:
        for key in ("clone_us", "contract_ms", "save_us"):
            cells = []
            for side in ("old", "new"):
                values = [r[gid][key] for r in runs[side]]
                cells.append((statistics.median(values), min(values), max(values)))
            (mo, lo, ho), (mn, ln, hn) = cells
            print(f"{gid:12} {key:12} {mo:9.1f} ({lo:.1f}-{ho:.1f}) {mn:9.1f} ({ln:.1f}-{hn:.1f}) {mn / mo:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
