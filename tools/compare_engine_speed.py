"""Compare the engine's clone, contract and save speed between two checkouts, in one process.

    python tools/compare_engine_speed.py /path/to/old/checkout /path/to/new/checkout [--rounds 9]

The old checkout's ``pycore`` is copied to a temporary folder as the package ``pycore_old`` (its
imports are relative), so both engines run in the same process on the same states: the same
seeded random games are played with each, and the measurements alternate old/new ``--rounds``
times. The table gives the median and the min-max of the CPU time (``time.process_time``) per
unit of work, so the machine's load moves both sides alike:

* ``clone_us``: microseconds per ``State.clone()``, over every 7th state of the games, each
  cloned 20 times;
* ``contract_ms``: milliseconds per seeded random game played through ``legal_actions`` and
  ``apply_action`` (the same games on both sides when the reference hashes agree);
* ``save_us``: microseconds per ``to_json()`` plus ``state_from_json()`` round trip.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: game id -> (players, games per measurement)
GAMES = {"six_nimmt": (5, 6), "bad_bunnies": (4, 6), "dog": (4, 2), "bunny_moose": (5, 4)}


def play(package: Any, gid: str, n: int, seed: int, keep: list[Any] | None) -> None:
    """One seeded random game; every 7th state is cloned into ``keep``."""
    game = package.load_game(gid)
    rng = package.Rng(seed)
    state = game.new_initial_state(n, seed)
    k = 0
    while not state.is_terminal():
        p = rng.choice(state.current_players())
        state.apply_action(p, rng.choice(state.legal_actions(p)))
        k += 1
        if keep is not None and k % 7 == 0:
            keep.append(state.clone())


def measure(package: Any, gid: str, states: list[Any]) -> dict[str, float]:
    n, games = GAMES[gid]
    t0 = time.process_time()
    for seed in range(games):
        play(package, gid, n, seed, None)
    contract = (time.process_time() - t0) / games * 1e3
    t0 = time.process_time()
    for s in states:
        for _ in range(20):
            s.clone()
    clone = (time.process_time() - t0) / (20 * len(states)) * 1e6
    game = package.load_game(gid)
    sample = states[::5]
    t0 = time.process_time()
    for s in sample:
        game.state_from_json(s.to_json())
    save = (time.process_time() - t0) / len(sample) * 1e6
    return {"clone_us": clone, "contract_ms": contract, "save_us": save}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(Path(args.old) / "pycore", tmp / "pycore_old")
    sys.path[:0] = [str(tmp), args.new]
    packages = {"old": importlib.import_module("pycore_old"), "new": importlib.import_module("pycore")}
    assert Path(packages["new"].__file__).resolve().is_relative_to(Path(args.new).resolve()), "pycore not from NEW"
    results: dict[str, dict[str, list[dict[str, float]]]] = {side: {g: [] for g in GAMES} for side in packages}
    states: dict[str, dict[str, list[Any]]] = {side: {} for side in packages}
    for side, package in packages.items():
        for gid, (n, games) in GAMES.items():
            keep: list[Any] = []
            for seed in range(games):
                play(package, gid, n, seed, keep)
            states[side][gid] = keep
    for _ in range(args.rounds):
        for gid in GAMES:
            for side, package in packages.items():
                results[side][gid].append(measure(package, gid, states[side][gid]))
    shutil.rmtree(tmp)
    print(f"CPU time per unit, median (min-max) of {args.rounds} alternating rounds, one process")
    print(f"{'game':12} {'measure':12} {'old':>22} {'new':>22} {'new/old':>8}")
    for gid in GAMES:
        for key in ("clone_us", "contract_ms", "save_us"):
            cells = []
            for side in ("old", "new"):
                values = [r[key] for r in results[side][gid]]
                cells.append(f"{statistics.median(values):8.1f} ({min(values):.1f}-{max(values):.1f})")
            old = statistics.median(r[key] for r in results["old"][gid])
            new = statistics.median(r[key] for r in results["new"][gid])
            print(f"{gid:12} {key:12} {cells[0]:>22} {cells[1]:>22} {new / old:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
