"""Bot tournaments: play many seeded games between bot levels and print each seat's results.

Usage::

    python -m pycore.tournament six_nimmt --seats hard,normal,normal,normal --games 2000 --seed 1
    python -m pycore.tournament bad_bunnies --seats hard,normal,normal --games 300 --iterations 40 --jobs 2

Each seat is a bot level (``easy``, ``normal``, ``hard``) or ``random`` (a uniform legal action).
Game ``i`` uses the seed ``seed * 1_000_003 + i``, and each seat's bot draws from its own
:class:`~pycore.rng.Rng` seeded from the game seed and the seat, so a run is reproducible when
``hard`` is limited by ``--iterations`` (the default) rather than by the clock (``--time-budget``).

Printed per seat: the mean score with a 95% confidence interval (mean ± 1.96 standard errors), the
win share (ties share a win: a two-way tie counts ½ to each; in Dog a team's win counts whole for
both partners) and, per level, the median and 95th
percentile of the time one decision took. The score is the game's own: bullheads for 6 nimmt!
(lower is better), points for Bad Bunnies, figures of the seat's side in the goal for Dog.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from . import load_game
from .bots import LEVELS, Search
from .rng import Rng

SEAT_KINDS = LEVELS + ("random",)


def score_of(game_id: str, state: Any) -> list[float]:
    """The score each seat ends with, in the game's own unit (see the module docstring)."""
    if game_id == "six_nimmt":
        return [float(s) for s in state.scores]
    if game_id == "bad_bunnies":
        return [float(s) for s in state.scores]
    if game_id == "dog":
        obs = state.public_observation()
        return [float(sum(obs["home"][q] for t in obs["teams"] if p in t for q in t)) for p in range(state.num_players)]
    return [float(r) for r in state.returns()]


SCORE_NAME = {
    "six_nimmt": "bullheads (lower is better)",
    "bad_bunnies": "points",
    "dog": "figures of the seat's side in the goal",
}
#: games whose winners are a team (not a tie): each member counts a whole win
TEAM_GAMES = ("dog",)


def play_game(
    game_id: str,
    seats: list[str],
    seed: int,
    options: dict | None = None,
    iterations: int | None = 120,
    time_budget: float | None = None,
    times: dict[str, list[float]] | None = None,
) -> tuple[list[float], list[int], int]:
    """Play one game between ``seats``; return (scores, winners, actions applied).

    Raises:
        RuntimeError: the game did not end within ``game.max_game_length`` actions.
    """
    game = load_game(game_id)
    state = game.new_initial_state(len(seats), seed, options)
    rngs = [Rng((seed * 7919 + seat * 104729 + 12345) & ((1 << 64) - 1)) for seat in range(len(seats))]
    actions = 0
    while not state.is_terminal():
        if actions >= game.max_game_length:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {actions} actions")
        for p in state.current_players():
            legal = state.legal_actions(p)
            kind = seats[p]
            start = time.perf_counter()
            if kind == "random":
                action = rngs[p].choice(legal)
            else:
                action = Search(game, state.observation(p), legal, rngs[p], kind, time_budget, iterations).run()
            if times is not None:
                times.setdefault(kind, []).append(time.perf_counter() - start)
            state.apply_action(p, action)
            actions += 1
            if state.is_terminal():
                break
    return score_of(game_id, state), state.winners(), actions


def _run_chunk(args: tuple) -> dict:
    game_id, seats, seeds, options, iterations, time_budget, every = args
    scores, wins, lengths = [], [], []
    times: dict[str, list[float]] = {}
    for i, seed in enumerate(seeds):
        if every and i and i % every == 0:
            partial = {"scores": scores, "wins": wins, "lengths": lengths, "times": times}
            print(report(game_id, seats, partial) + "\n  (partial)", flush=True)
        s, w, n = play_game(game_id, seats, seed, options, iterations, time_budget, times)
        scores.append(s)
        share = [0.0] * len(seats)
        for p in w:
            share[p] = 1.0 if game_id in TEAM_GAMES else 1.0 / len(w)
        wins.append(share)
        lengths.append(n)
    return {"scores": scores, "wins": wins, "lengths": lengths, "times": times}


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run(
    game_id: str,
    seats: list[str],
    games: int,
    seed: int,
    options: dict | None = None,
    iterations: int | None = 120,
    time_budget: float | None = None,
    jobs: int = 1,
    every: int = 0,
) -> dict:
    """Play ``games`` games and return the merged raw results (see :func:`report`).

    With ``every`` > 0 each worker prints its partial table every ``every`` games.
    """
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}; use {list(SEAT_KINDS)}")
    seeds = [seed * 1_000_003 + i for i in range(games)]
    chunks = [(game_id, seats, seeds[j::jobs], options, iterations, time_budget, every) for j in range(jobs)]
    if jobs == 1:
        parts = [_run_chunk(chunks[0])]
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_run_chunk, chunks)
    merged: dict = {"scores": [], "wins": [], "lengths": [], "times": {}}
    for part in parts:
        merged["scores"] += part["scores"]
        merged["wins"] += part["wins"]
        merged["lengths"] += part["lengths"]
        for kind, ts in part["times"].items():
            merged["times"].setdefault(kind, []).extend(ts)
    return merged


def report(game_id: str, seats: list[str], results: dict) -> str:
    """The printed table: per seat mean score ± 95% CI and win share; decision times per level."""
    n = len(results["scores"])
    lines = [f"{game_id}: {n} games, seats {','.join(seats)}; score = {SCORE_NAME.get(game_id, 'returns()')}"]
    for p, kind in enumerate(seats):
        mean, half = mean_ci([s[p] for s in results["scores"]])
        share = sum(w[p] for w in results["wins"]) / n
        lines.append(f"  seat {p} {kind:<7} score {mean:8.2f} ± {half:5.2f}   win share {100 * share:5.1f}%")
    lines.append(f"  actions per game: mean {sum(results['lengths']) / n:.0f}, max {max(results['lengths'])}")
    for kind, ts in sorted(results["times"].items()):
        lines.append(
            f"  decision time {kind:<7} median {1000 * percentile(ts, 0.5):7.2f} ms   p95 {1000 * percentile(ts, 0.95):7.2f} ms   ({len(ts)} decisions)"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pycore.tournament", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. six_nimmt")
    parser.add_argument("--seats", required=True, help="comma-separated seat kinds: easy, normal, hard, random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default=None, help='game options as JSON, e.g. \'{"rounds": 1}\'')
    parser.add_argument("--iterations", type=int, default=120, help="hard: worlds per decision (default 120)")
    parser.add_argument("--time-budget", type=float, default=None, help="hard: seconds per decision (instead of --iterations)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--progress", type=int, default=0, help="print each worker's partial table every N games")
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    options = json.loads(args.options) if args.options else None
    iterations = None if args.time_budget is not None else args.iterations
    start = time.perf_counter()
    results = run(args.game, seats, args.games, args.seed, options, iterations, args.time_budget, args.jobs, args.progress)
    print(report(args.game, seats, results))
    hard = f"hard {iterations} worlds/decision; " if iterations is not None else f"hard {args.time_budget} s/decision; "
    if "hard" not in seats:
        hard = ""
    print(f"  ({hard}seed {args.seed}; {time.perf_counter() - start:.0f} s wall, {args.jobs} job(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
