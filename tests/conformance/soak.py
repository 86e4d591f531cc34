"""Soak: many random games per game, in parallel, with the conformance checks.

    python -m tests.conformance.soak                        # 100,000 games of every game
    python -m tests.conformance.soak --games 2000 --game dog
    python -m tests.conformance.soak --game dog --index 1234   # replay one game, verbosely

Game ``i`` of a game has ``min_players + i % counts`` players, seed and options from
:func:`harness.game_setup` (odd ``i``: random options), so ``--index`` replays it exactly.
Checked in every game: invariants and the contract after every action, the save round trip
every 25 states and at the end, the step bound; every 20th game also checks ``sample_hidden``
for the players to act at its 20th state. Prints games, steps and failures per game (each
failure with its reproduction: the saved state before the failing action and the action) and
writes failures to ``build/soak/<game>-failures.json``. Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import time
from pathlib import Path

import pycore

from .harness import ConformanceFailure, check_sample_hidden, game_setup, load, play_random_game, stable_seed

ROUNDTRIP_EVERY = 25
HIDDEN_EVERY_GAMES = 20
HIDDEN_AT_STEP = 20
CHUNK = 100
OUT_DIR = Path(__file__).resolve().parents[2] / "build" / "soak"


def play_one(gid: str, index: int) -> tuple[int, dict | None]:
    """Play game ``index`` of ``gid``; return (actions, failure dict or None)."""
    game = load(gid)
    counts = game.max_players - game.min_players + 1
    n = game.min_players + index % counts
    seed, options = game_setup(game, n, index, "soak")
    stats = {"pairs": 0, "varied": 0}

    def hidden(state, step):
        if step == HIDDEN_AT_STEP:
            for p in state.current_players():
                check_sample_hidden(game, state, p, stable_seed(seed, p), stats, samples=2)

    try:
        _, actions = play_random_game(
            game,
            n,
            seed,
            options,
            roundtrip_every=ROUNDTRIP_EVERY,
            deep_every=ROUNDTRIP_EVERY,
            on_state=hidden if index % HIDDEN_EVERY_GAMES == 0 else None,
        )
    except ConformanceFailure as failure:
        out = failure.as_dict()
        out["index"] = index
        out["message"] = str(failure)
        return failure.step, out
    return len(actions), None


def run_chunk(args: tuple[str, int, int]) -> tuple[str, int, int, list[dict]]:
    gid, start, stop = args
    steps = 0
    failures = []
    for index in range(start, stop):
        n_steps, failure = play_one(gid, index)
        steps += n_steps
        if failure is not None:
            failures.append(failure)
    return gid, stop - start, steps, failures


def soak(game_ids: list[str], games: int, jobs: int, max_seconds: float | None, start: int = 0) -> int:
    """Soak each game in turn; ``max_seconds`` caps the time spent on each game."""
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    totals = {gid: {"games": 0, "steps": 0, "failures": [], "seconds": 0.0, "note": ""} for gid in game_ids}
    limit = f", at most {max_seconds:.0f} s per game" if max_seconds else ""
    limit += f", games {start}.." if start else ""
    print(f"soak: {games} games per game for {', '.join(game_ids)} on {jobs} processes{limit}", flush=True)
    interrupted = False
    for gid in game_ids:
        t = totals[gid]
        t0 = time.monotonic()
        chunks = [(gid, s, min(s + CHUNK, start + games)) for s in range(start, start + games, CHUNK)]
        next_report = 0.1
        pool = multiprocessing.Pool(jobs, initializer=_worker_signals)
        try:
            for _, n_games, steps, failures in pool.imap_unordered(run_chunk, chunks):
                t["games"] += n_games
                t["steps"] += steps
                t["failures"].extend(failures)
                for f in failures:
                    print(f"FAILURE {gid} --index {f['index']}:\n{f['message']}\n", flush=True)
                if t["games"] / games >= next_report:
                    rate = t["games"] / (time.monotonic() - t0)
                    failed = len(t["failures"])
                    print(
                        f"  {gid}: {t['games']} games, {t['steps']} steps, {failed} failures ({rate:.1f} games/s)",
                        flush=True,
                    )
                    next_report += 0.1
                if max_seconds is not None and time.monotonic() - t0 > max_seconds:
                    t["note"] = f"stopped at the {max_seconds:.0f} s limit"
                    print(f"  {gid}: {t['note']}", flush=True)
                    break
        except KeyboardInterrupt:
            t["note"] = "interrupted"
            interrupted = True
        finally:
            pool.terminate()
            pool.join()
        t["seconds"] = round(time.monotonic() - t0, 1)
        (OUT_DIR / f"{gid}-failures.json").write_text(json.dumps(t["failures"], indent=1), encoding="utf-8")
        if interrupted:
            break
    print("\nsoak summary (games, steps, failures):")
    bad = 0
    for gid, t in totals.items():
        bad += len(t["failures"])
        print(
            f"  {gid:12} {t['games']:8} games {t['steps']:11} steps {len(t['failures']):4} failures"
            f"  {t['seconds']:8.1f} s  {t['note']}",
            flush=True,
        )
    if bad:
        print(f"{bad} failure(s); reproductions in {OUT_DIR}/<game>-failures.json")
    return 1 if bad or interrupted else 0


def _worker_signals() -> None:
    """Workers die quietly on SIGTERM (pool.terminate) and leave Ctrl-C to the main process."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(signum, frame):  # noqa: ARG001 - signal handler signature
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-game soak of every registered game.")
    parser.add_argument("--games", type=int, default=100_000, help="games per game (default 100000)")
    parser.add_argument("--game", action="append", help="game id (repeatable); default: all registered")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (to continue a soak)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop each game after this long and report")
    parser.add_argument("--index", type=int, default=None, help="replay one game of --game and show the failure")
    args = parser.parse_args(argv)
    game_ids = args.game or list(pycore.GAMES)
    unknown = [g for g in game_ids if g not in pycore.GAMES]
    if unknown:
        parser.error(f"unknown game(s) {unknown}; registered: {pycore.GAMES}")
    if args.index is not None:
        if len(game_ids) != 1:
            parser.error("--index needs exactly one --game")
        steps, failure = play_one(game_ids[0], args.index)
        if failure is None:
            print(f"{game_ids[0]} game {args.index}: {steps} actions, all checks passed")
            return 0
        print(failure["message"])
        return 1
    signal.signal(signal.SIGTERM, _terminate)
    return soak(game_ids, args.games, args.jobs, args.max_seconds, args.start)


if __name__ == "__main__":
    sys.exit(main())
