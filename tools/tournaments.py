"""The bots' strength targets as tournaments, run in saved pieces and merged (``make tournaments``).

Usage::

    .venv/bin/python tools/tournaments.py                     # every target, 400 games each
    .venv/bin/python tools/tournaments.py --only sn4,bb --games 800 --jobs 2
    .venv/bin/python tools/tournaments.py --report            # merge what is saved, run nothing

Each target is one ``python -m pycore.tournament`` configuration (duplicate deals, seats
rotated; the ladders: ``--ladder``), played in pieces of ``--piece`` games, each saved to
``build/tournaments/<target>-<start>.json``. A piece already saved is not played again, so a run
that was stopped goes on where it stopped, and ``--games`` can be raised later to narrow an
interval. Pieces run at the lowest CPU priority (``nice 19``), ``--jobs`` at a time. At the end
(and with ``--report``) every target's pieces are merged and its table printed under the target
it is judged against. The tables do not depend on the machine, the load or the pieces
(``pycore/tournament.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "tournaments"
SEED = 1

#: name: (game, seats or "ladder", options, what is judged)
TARGETS: dict[str, tuple[str, str, dict | None, str]] = {
    "sn4": ("six_nimmt", "hard,normal,normal,normal", None, "hard/normal bullheads <= 0.5"),
    "sn5": ("six_nimmt", "hard,normal,normal,normal,normal", None, "hard/normal bullheads <= 0.6"),
    "sn10": ("six_nimmt", "hard," + ",".join(["normal"] * 9), None, "hard/normal bullheads <= 0.6"),
    **{
        f"sn{n}": ("six_nimmt", "hard," + ",".join(["normal"] * (n - 1)), None, "hard/normal bullheads (measured)")
        for n in (6, 7, 8, 9)
    },
    "bb": ("bad_bunnies", "hard,normal,normal", None, "hard wins >= 50%"),
    "dog": ("dog", "hard,normal,hard,normal", None, "hard team wins >= 80%"),
    "dog-partner": ("dog", "hard,hard+solo,hard,hard+solo", None, "partner logic: hard team's win share"),
    "sn4-easy": ("six_nimmt", "easy,normal,normal,normal", None, "easy loses >= 75%"),
    "bb-easy": ("bad_bunnies", "easy,normal,normal", None, "easy loses >= 75%"),
    "sn5-mcs": ("six_nimmt", "hard," + ",".join(["mcs400"] * 4), {"rounds": 1}, "hard/mcs400 bullheads <= 0.70"),
    "sn10-mcs": ("six_nimmt", "hard," + ",".join(["mcs400"] * 9), {"rounds": 1}, "hard/mcs400 bullheads <= 0.80"),
    **{
        f"sn{n}-mcs": (
            "six_nimmt",
            "hard," + ",".join(["mcs400"] * (n - 1)),
            {"rounds": 1},
            "hard/mcs400 < 1, separated",
        )
        for n in (6, 7, 8, 9)
    },
    "ladder-six_nimmt": ("six_nimmt", "ladder", None, "Elo per level"),
    "ladder-bad_bunnies": ("bad_bunnies", "ladder", None, "Elo per level"),
    "ladder-dog": ("dog", "ladder", None, "Elo per level"),
}
#: games per target by default: at least 400 (a ladder: per pair of kinds, at least 200)
GAMES = {"ladder": 200}
DEFAULT_GAMES = 400


def command(name: str, start: int, games: int) -> list[str]:
    """The tournament command line of one piece of target ``name``."""
    game, seats, options, _ = TARGETS[name]
    cmd = [sys.executable, "-m", "pycore.tournament", game, "--seed", str(SEED)]
    cmd += ["--ladder"] if seats == "ladder" else ["--seats", seats, "--duplicate"]
    if options:
        cmd += ["--options", json.dumps(options, separators=(",", ":"))]
    return cmd + ["--start", str(start), "--games", str(games)]


def rotations(name: str) -> int:
    """Games per deal of target ``name`` (a ladder: 2)."""
    seats = TARGETS[name][1]
    if seats == "ladder":
        return 2
    sys.path.insert(0, str(ROOT))
    from pycore.tournament import rotations as rot

    return len(rot(seats.split(",")))


def pieces(name: str, games: int, piece: int) -> list[tuple[int, int, Path]]:
    """``(start, games, file)`` of each piece of ``games`` games, ``piece`` rounded up to whole deals."""
    r = rotations(name)
    size = max(r, -(-piece // r) * r)
    total = -(-games // r) * r
    return [(s, min(size, total - s), OUT / f"{name}-{s}.json") for s in range(0, total, size)]


def report(name: str) -> str:
    """The merged table of the pieces of ``name`` saved so far (``""`` when none)."""
    # the pieces of ``name`` only: "sn4-120.json", not another target's "sn4-easy-0.json"
    files = [p for p in OUT.glob(f"{name}-*.json") if p.stem[len(name) + 1 :].isdigit()]
    files.sort(key=lambda p: int(p.stem[len(name) + 1 :]))
    if not files:
        return ""
    out = subprocess.run(
        [sys.executable, "-m", "pycore.tournament", "--merge", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return f"== {name}: {TARGETS[name][3]} ({len(files)} pieces)\n{out}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help="comma-separated targets: " + ",".join(TARGETS))
    ap.add_argument("--games", type=int, default=0, help="games per target (ladder: per pair); 0: 400 / 200")
    ap.add_argument("--piece", type=int, default=40, help="games per saved piece (rounded up to whole deals)")
    ap.add_argument("--jobs", type=int, default=1, help="pieces played at the same time")
    ap.add_argument("--report", action="store_true", help="only merge and print what is saved")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else list(TARGETS)
    for name in names:
        if name not in TARGETS:
            ap.error(f"unknown target {name!r}; targets: {', '.join(TARGETS)}")
    OUT.mkdir(parents=True, exist_ok=True)
    if not args.report:
        todo = []
        for name in names:
            kind = "ladder" if TARGETS[name][1] == "ladder" else "table"
            games = args.games or GAMES.get(kind, DEFAULT_GAMES)
            for start, count, path in pieces(name, games, args.piece):
                if not path.exists():
                    todo.append((name, start, count, path))
        running: list[tuple[subprocess.Popen, Path, Path]] = []
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        while todo or running:
            while todo and len(running) < args.jobs:
                name, start, count, path = todo.pop(0)
                part = path.with_suffix(".part")
                cmd = ["nice", "-n", "19", *command(name, start, count), "--save", str(part)]
                print("[tournaments] " + " ".join(cmd[3:]), flush=True)
                running.append((subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL), part, path))
            proc, part, path = running.pop(0)
            if proc.wait() != 0:
                print(f"[tournaments] failed: {path.name}", file=sys.stderr)
                return 1
            part.rename(path)
    for name in names:
        text = report(name)
        if text:
            print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
