"""Bot tournaments: play many seeded games between bot levels and print each seat's results.

Usage::

    python -m pycore.tournament six_nimmt --seats hard,normal,normal,normal --games 2000 --seed 1
    python -m pycore.tournament bad_bunnies --seats hard,normal,normal --games 300 --jobs 2
    python -m pycore.tournament dog --ladder --games 200 --seed 1        # Elo table of the levels

Each seat is a bot level (``easy``, ``normal``, ``hard``) or ``random`` (a uniform legal action);
a level may carry a variant the game's bot module declares for measurements (``hard+solo`` in
Dog: :data:`pycore.bots.dog.VARIANTS`). Game ``i`` (counted from 0, or from ``--start``) uses the
seed ``seed * 1_000_003 + i``, and each seat's bot draws from its own :class:`~pycore.rng.Rng`
seeded from the game seed and the seat. Every level does a fixed amount of work per decision
(:mod:`pycore.bots.search`) and a tournament sets no time cap, so **the same command prints the
same table on any machine at any load**, whatever ``--jobs`` splits the games into: results are
merged in game order. ``--save FILE`` keeps each game's result; ``--merge A B ...`` prints the
table of runs saved in pieces (``--start``), identical to the table of one run.

Printed per seat: the mean score with a 95% confidence interval (mean ± 1.96 standard errors over
games) and the win share (ties share a win: a two-way tie counts ½ to each; in Dog a team's win
counts whole for both partners). With two or more kinds of seat, per kind and for each pair of
kinds ``A``/``B``: the ratio of their mean scores (95% interval by the delta method over games)
and how often ``A`` beats ``B``: the share of (``A`` seat, ``B`` seat) pairs of a game in which
the ``A`` seat ends with the better score (fewer bullheads, more points; Dog: its team won), a tie
counting ½, with a 95% interval over games. The score is the game's own: bullheads for 6 nimmt!
(lower is better), points for Bad Bunnies, figures of the seat's side in the goal for Dog.
Decision times (``--times``) depend on the machine and are printed only on request.

**Duplicate deals** (``--duplicate``): every deal is played once per distinct rotation of the
seats (``hard,normal,normal,normal``: four times, the hard seat at each place in turn;
``hard,normal,hard,normal``: twice), so each kind of seat meets the same cards from every place
and the luck of the deal cancels out of the comparison. Game ``i`` is then deal ``i // R`` of
``R`` rotations, dealt from the seed of the deal, and every interval is taken over deals (the
games of one deal are averaged first), not over games. ``--games`` and ``--start`` must then be
multiples of ``R``.

The ladder (``--ladder``) plays every pair of kinds (default ``random,easy,normal,hard``) at a
four-seat table, ``A,B,A,B`` in even games and ``B,A,B,A`` in odd ones on the same deal (a
duplicate pair; in Dog: team against team), ``--games`` games per pair (every pair meets the same
deals), and fits Elo ratings (Bradley–Terry, 400-point logistic scale,
``random`` = 0) to the pairwise results, with one virtual draw per pair so that a pair won every
time still gets a finite gap; the 95% intervals come from 200 seeded bootstrap resamples of the
deals. A ladder splits like a table: ``--start S --games N --save FILE`` plays games ``S ..
S+N-1`` of every pair, and ``--merge`` rates the pieces together.

Outside bots for measurement: the seat kind ``mcs<N>`` (6 nimmt! only, e.g. ``mcs400``) is
rl-6-nimmt's Monte-Carlo search with at most ``N`` playouts a decision
(:func:`pycore.bots.six_nimmt.mcs`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from . import load_game
from .bots import LEVELS, Search, bot_module
from .bots.search import Action
from .rng import Rng

Json = dict[str, Any]

SEAT_KINDS = LEVELS + ("random",)
#: prefix of the outside bot ``mcs<N>``: rl-6-nimmt's Monte-Carlo search, at most N playouts
OUTSIDE = "mcs"
LADDER_KINDS = ("random", "easy", "normal", "hard")
#: the seat count of ladder tables (two seats per kind; Dog: two teams)
LADDER_SEATS = 4
#: bootstrap resamples behind the ladder's intervals
BOOTSTRAP = 200

SCORE_NAME = {
    "six_nimmt": "bullheads (lower is better)",
    "bad_bunnies": "points",
    "dog": "figures of the seat's side in the goal",
}
#: games whose winners are a team (not a tie): each member counts a whole win
TEAM_GAMES = ("dog",)
#: games where the lower score is the better one
LOWER_IS_BETTER = ("six_nimmt",)


def score_of(game_id: str, state: Any) -> list[float]:
    """The score each seat ends with, in the game's own unit (see the module docstring)."""
    if game_id in ("six_nimmt", "bad_bunnies"):
        return [float(s) for s in state.scores]
    if game_id == "dog":
        obs = state.public_observation()
        return [float(sum(obs["home"][q] for t in obs["teams"] if p in t for q in t)) for p in range(state.num_players)]
    return [float(r) for r in state.returns()]


def parse_kind(game_id: str, kind: str) -> tuple[str, Json]:
    """``"hard+solo"`` → ``("hard", module overrides of variant "solo")``; ``"mcs400"`` →
    ``("mcs400", {})`` (an outside bot, 6 nimmt! only); checks the kind.

    Raises:
        ValueError: unknown level or variant.
    """
    level, _, variant = kind.partition("+")
    if level.startswith(OUTSIDE) and level[len(OUTSIDE) :].isdigit() and not variant:
        if game_id != "six_nimmt" or int(level[len(OUTSIDE) :]) < 1:
            raise ValueError(f"{kind!r}: the outside bot mcs<N> (N >= 1) plays 6 nimmt! only")
        return level, {}
    if level not in SEAT_KINDS:
        raise ValueError(f"unknown seat kind {kind!r}; use {list(SEAT_KINDS)} (optionally +variant)")
    if not variant:
        return level, {}
    variants = getattr(bot_module(game_id), "VARIANTS", {})
    if variant not in variants or level == "random":
        raise ValueError(f"unknown variant {variant!r} of {game_id} bots; variants: {sorted(variants)}")
    return level, variants[variant]


def decide(
    game: Any, state: Any, p: int, kind: str, rng: Rng, playouts: int | None, time_budget: float | None
) -> tuple[Action, bool]:
    """The action of seat ``p`` of kind ``kind`` and whether its search was capped by the clock."""
    legal = state.legal_actions(p)
    level, overrides = parse_kind(game.id, kind)
    if level == "random":
        return rng.choice(legal), False
    if level.startswith(OUTSIDE):
        from .bots.six_nimmt import mcs

        return mcs(game, state.observation(p), legal, rng, int(level[len(OUTSIDE) :])), False
    module = bot_module(game.id)
    saved = {name: getattr(module, name) for name in overrides}
    for name, value in overrides.items():
        setattr(module, name, value)
    try:
        search = Search(
            game, state.observation(p), legal, rng, level, time_budget, playouts if level == "hard" else None
        )
        return search.run(), search.capped
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


def play_game(
    game_id: str,
    seats: list[str],
    seed: int,
    options: Json | None = None,
    playouts: int | None = None,
    time_budget: float | None = None,
    times: dict[str, list[float]] | None = None,
) -> tuple[list[float], list[int], int]:
    """Play one game between ``seats``; return (scores, winners, actions applied).

    ``playouts`` overrides hard's fixed work per decision (``None``: the level's own); with a
    ``time_budget`` hard may be capped (then results depend on the machine).

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
            kind = seats[p]
            start = time.perf_counter()
            action, _ = decide(game, state, p, kind, rngs[p], playouts, time_budget)
            if times is not None:
                times.setdefault(kind, []).append(time.perf_counter() - start)
            state.apply_action(p, action)
            actions += 1
            if state.is_terminal():
                break
    return score_of(game_id, state), state.winners(), actions


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``."""
    return seed * 1_000_003 + index


def rotations(seats: list[str]) -> list[list[str]]:
    """The distinct rotations of a seating, the kind of seat 0 moving one seat on each time.

    >>> rotations(["hard", "normal", "normal"])
    [['hard', 'normal', 'normal'], ['normal', 'hard', 'normal'], ['normal', 'normal', 'hard']]
    >>> rotations(["hard", "normal", "hard", "normal"])
    [['hard', 'normal', 'hard', 'normal'], ['normal', 'hard', 'normal', 'hard']]
    """
    n = len(seats)
    out: list[list[str]] = []
    for r in range(n):
        seating = [seats[(p - r) % n] for p in range(n)]
        if seating == seats and r:
            break
        out.append(seating)
    return out


def _run_chunk(args: tuple[Any, ...]) -> Json:
    game_id, seats, indices, seed, options, playouts, time_budget, every, duplicate = args
    games: list[Json] = []
    times: dict[str, list[float]] = {}
    tables = rotations(seats) if duplicate else [seats]
    for done, i in enumerate(indices):
        if every and done and done % every == 0:
            print(report(game_id, seats, {"games": games}) + "\n  (partial)", flush=True)
        deal = i // len(tables) if duplicate else i
        seats_i = tables[i % len(tables)]
        s, w, n = play_game(game_id, seats_i, game_seed(seed, deal), options, playouts, time_budget, times)
        share = [0.0] * len(s)
        for p in w:
            share[p] = 1.0 if game_id in TEAM_GAMES else 1.0 / len(w)
        games.append({"index": i, "deal": deal, "seats": seats_i, "scores": s, "wins": share, "length": n})
    return {"games": games, "times": times}


def run(
    game_id: str,
    seats: list[str],
    games: int,
    seed: int,
    options: Json | None = None,
    playouts: int | None = None,
    time_budget: float | None = None,
    jobs: int = 1,
    every: int = 0,
    start: int = 0,
    duplicate: bool = False,
) -> Json:
    """Play games ``start .. start + games - 1`` and return the raw results in game order.

    With ``duplicate``, game ``i`` is deal ``i // R`` with the ``i % R``-th of the ``R``
    :func:`rotations` of ``seats``. Returns ``{"games": [{"index", "deal", "seats", "scores",
    "wins", "length"}, ...], "times": {kind: [seconds, ...]}}``; the games do not depend on
    ``jobs`` (each has its own seed). With ``every`` > 0 each worker prints its partial table
    every ``every`` games.

    Raises:
        ValueError: an unknown seat kind; with ``duplicate``, ``start`` or ``games`` not a multiple
            of the number of rotations.
    """
    for kind in seats:
        parse_kind(game_id, kind)
    if duplicate:
        r = len(rotations(seats))
        if start % r or games % r:
            raise ValueError(
                f"duplicate deals of {','.join(seats)} come in {r} rotations: "
                f"--start and --games must be multiples of {r}"
            )
    indices = list(range(start, start + games))
    chunks = [
        (game_id, seats, indices[j::jobs], seed, options, playouts, time_budget, every, duplicate) for j in range(jobs)
    ]
    if jobs == 1 or sys.platform == "emscripten":
        # one process (Pyodide has no worker processes): the chunks one after another, same results
        parts = [_run_chunk(chunk) for chunk in chunks]
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_run_chunk, chunks)
    merged: Json = {"games": [], "times": {}}
    for part in parts:
        merged["games"] += part["games"]
        for kind, ts in part["times"].items():
            merged["times"].setdefault(kind, []).extend(ts)
    merged["games"].sort(key=lambda g: g["index"])
    return merged


# ---- statistics ------------------------------------------------------------------------------


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation).

    >>> m, h = mean_ci([1.0, 2.0, 3.0])
    >>> m, round(h, 4)
    (2.0, 1.1316)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def ratio_ci(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """``mean(xs) / mean(ys)`` and the half-width of its 95% interval (delta method, paired games).

    >>> r, h = ratio_ci([1.0, 2.0, 3.0, 2.0], [2.0, 4.0, 6.0, 4.0])
    >>> r, round(h, 12)
    (0.5, 0.0)
    """
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    r = mx / my
    if n < 2:
        return r, float("nan")
    d = [x - r * y for x, y in zip(xs, ys)]
    md = sum(d) / n
    var = sum((v - md) ** 2 for v in d) / (n - 1)
    return r, 1.96 * math.sqrt(var / n) / abs(my)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def pair_result(game_id: str, g: Json, a: int, b: int) -> float:
    """1 if seat ``a`` beat seat ``b`` in game ``g``, ½ on a tie, else 0 (see the module docstring)."""
    if game_id in TEAM_GAMES:
        wa, wb = g["wins"][a], g["wins"][b]
    else:
        wa, wb = g["scores"][a], g["scores"][b]
        if game_id in LOWER_IS_BETTER:
            wa, wb = -wa, -wb
    return 1.0 if wa > wb else 0.5 if wa == wb else 0.0


def deal_of(g: Json) -> int:
    """The deal a saved game was dealt from (its index for runs without duplicate deals)."""
    deal: int = g["deal"] if "deal" in g else g["index"]
    return deal


def kind_stats(game_id: str, games: list[Json]) -> Json:
    """Per kind: mean score and win share; per ordered pair of kinds: the ``beats`` share.

    One value per deal (the mean over the games of a deal, :func:`deal_of`), so that intervals
    are taken over independent deals. Returns ``{"kinds": {kind: {"score": [...], "win":
    [...]}}, "beats": {(a, b): [...]}, "deals": count}``.
    """
    per_deal: dict[int, list[Json]] = {}
    for g in games:
        per_deal.setdefault(deal_of(g), []).append(g)
    per_kind: dict[str, dict[str, list[float]]] = {}
    beats: dict[tuple[str, str], list[float]] = {}
    for deal in sorted(per_deal):
        sums: dict[Any, list[float]] = {}
        for g in per_deal[deal]:
            seats = g["seats"]
            kinds = sorted(set(seats), key=seats.index)
            for k in kinds:
                mine = [p for p, s in enumerate(seats) if s == k]
                acc = sums.setdefault(k, [0.0, 0.0, 0.0])
                acc[0] += sum(g["scores"][p] for p in mine) / len(mine)
                acc[1] += sum(g["wins"][p] for p in mine) / len(mine)
                acc[2] += 1
            for ka in kinds:
                for kb in kinds:
                    if ka == kb:
                        continue
                    pairs = [
                        pair_result(game_id, g, a, b)
                        for a, sa in enumerate(seats)
                        if sa == ka
                        for b, sb in enumerate(seats)
                        if sb == kb
                    ]
                    acc = sums.setdefault((ka, kb), [0.0, 0.0])
                    acc[0] += sum(pairs) / len(pairs)
                    acc[1] += 1
        for key, acc in sums.items():
            if isinstance(key, tuple):
                beats.setdefault(key, []).append(acc[0] / acc[1])
            else:
                d = per_kind.setdefault(key, {"score": [], "win": []})
                d["score"].append(acc[0] / acc[2])
                d["win"].append(acc[1] / acc[2])
    return {"kinds": per_kind, "beats": beats, "deals": len(per_deal)}


def report(game_id: str, seats: list[str], results: Json) -> str:
    """The printed table (reproducible: no times): per seat, per kind and per pair of kinds."""
    games = results["games"]
    n = len(games)
    if n == 0:
        return f"{game_id}: no games"
    stats = kind_stats(game_id, games)
    duplicate = stats["deals"] < n
    lines = [f"{game_id}: {n} games, seats {','.join(seats)}; score = {SCORE_NAME.get(game_id, 'returns()')}"]
    if duplicate:
        lines[0] += f"\n  duplicate deals: {stats['deals']} deals, seats rotated; intervals over deals"
    else:
        for p, kind in enumerate(seats):
            mean, half = mean_ci([g["scores"][p] for g in games])
            share = sum(g["wins"][p] for g in games) / n
            lines.append(f"  seat {p} {kind:<11} score {mean:8.2f} ± {half:5.2f}   win share {100 * share:5.1f}%")
    lengths = [g["length"] for g in games]
    lines.append(f"  actions per game: mean {sum(lengths) / n:.0f}, max {max(lengths)}")
    kinds = list(stats["kinds"])
    if len(kinds) > 1:
        for k in kinds:
            mean, half = mean_ci(stats["kinds"][k]["score"])
            wmean, whalf = mean_ci(stats["kinds"][k]["win"])
            lines.append(
                f"  {k:<11} (all its seats) score {mean:8.2f} ± {half:5.2f}   "
                f"win share {100 * wmean:5.1f}% ± {100 * whalf:4.1f}"
            )
        for i, ka in enumerate(kinds):
            for kb in kinds[i + 1 :]:
                r, rh = ratio_ci(stats["kinds"][ka]["score"], stats["kinds"][kb]["score"])
                bm, bh = mean_ci(stats["beats"][(ka, kb)])
                lines.append(
                    f"  {ka} / {kb}: score ratio {r:.3f} ± {rh:.3f}; "
                    f"{ka} beats {kb} in {100 * bm:.1f}% ± {100 * bh:.1f} of seat pairs"
                )
    return "\n".join(lines)


def times_report(times: dict[str, list[float]]) -> str:
    """Median and 95th percentile of one decision's wall time per kind (machine-dependent)."""
    lines = []
    for kind, ts in sorted(times.items()):
        median, p95 = 1000 * percentile(ts, 0.5), 1000 * percentile(ts, 0.95)
        lines.append(f"  decision time {kind:<11} median {median:7.2f} ms   p95 {p95:7.2f} ms   ({len(ts)} decisions)")
    return "\n".join(lines)


# ---- the ladder ------------------------------------------------------------------------------


def ladder_pairs(kinds: list[str]) -> list[tuple[str, str]]:
    """The pairs of kinds a ladder plays, each seated ``A,B,A,B`` and (rotated) ``B,A,B,A``.

    >>> ladder_pairs(["random", "easy", "hard"])
    [('random', 'easy'), ('random', 'hard'), ('easy', 'hard')]
    """
    return [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]]


def fit_elo(kinds: list[str], scores: dict[tuple[str, str], tuple[float, float]], anchor: str) -> dict[str, float]:
    """Elo ratings (Bradley–Terry on a 400-point logistic scale, ``anchor`` = 0) from pair results.

    ``scores[(a, b)] = (points of a against b, comparisons)`` for each played pair (a before b in
    ``kinds``). One virtual draw per pair is added (½ point each, one comparison). Solved by the
    minorization-maximization iteration of Hunter (2004).

    >>> elo = fit_elo(["x", "y"], {("x", "y"): (25.0, 100.0)}, "x")
    >>> round(elo["y"])  # 25.5 points of 101: 400 * log10(75.5 / 25.5)
    189
    """
    strength = {k: 1.0 for k in kinds}
    wins = {k: 0.0 for k in kinds}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (pts, count) in scores.items():
        wins[a] += pts + 0.5
        wins[b] += count - pts + 0.5
        games[(a, b)] = games[(b, a)] = count + 1.0
    for _ in range(2000):
        new = {}
        for k in kinds:
            denom = sum(n / (strength[k] + strength[o]) for (x, o), n in games.items() if x == k)
            new[k] = wins[k] / denom if denom else strength[k]
        norm = new[anchor]
        new = {k: v / norm for k, v in new.items()}
        delta = max(abs(math.log(new[k] / strength[k])) for k in kinds)
        strength = new
        if delta < 1e-10:
            break
    return {k: 400.0 * math.log10(strength[k]) for k in kinds}


def ladder_scores(game_id: str, games: list[Json]) -> dict[tuple[str, str], tuple[float, float]]:
    """Points and comparisons per pair of kinds (``g["pair"]``: the kinds in the ladder's order)."""
    out: dict[tuple[str, str], list[float]] = {}
    for g in games:
        a, b = g["pair"]
        acc = out.setdefault((a, b), [0.0, 0.0])
        for pa, sa in enumerate(g["seats"]):
            for pb, sb in enumerate(g["seats"]):
                if sa == a and sb == b:
                    acc[0] += pair_result(game_id, g, pa, pb)
                    acc[1] += 1.0
    return {k: (v[0], v[1]) for k, v in out.items()}


def run_ladder(
    game_id: str,
    kinds: list[str],
    games: int,
    seed: int,
    options: Json | None,
    playouts: int | None,
    jobs: int,
    start: int = 0,
) -> Json:
    """Games ``start .. start + games - 1`` of every pair of kinds, as duplicate deals: games
    ``2d`` and ``2d + 1`` of a pair are deal ``d`` seated ``A,B,A,B`` and ``B,A,B,A``; every
    pair meets the same deals. Each game is tagged ``"pair": [A, B]``.

    Raises:
        ValueError: an unknown kind; ``start`` or ``games`` odd.
    """
    out: Json = {"games": [], "times": {}}
    for a, b in ladder_pairs(kinds):
        res = run(game_id, [a, b] * (LADDER_SEATS // 2), games, seed, options, playouts, None, jobs, 0, start, True)
        for g in res["games"]:
            g["pair"] = [a, b]
        out["games"] += res["games"]
        for kind, ts in res["times"].items():
            out["times"].setdefault(kind, []).extend(ts)
    return out


def ladder_report(game_id: str, kinds: list[str], results: Json) -> str:
    """The Elo table with bootstrap intervals (deals resampled within each pair) and each pair's
    share of won seat pairs with its 95% interval over deals."""
    games = results["games"]
    scores = ladder_scores(game_id, games)
    elo = fit_elo(kinds, scores, kinds[0])
    by_pair: dict[tuple[str, str], dict[int, list[Json]]] = {}
    for g in games:
        by_pair.setdefault((g["pair"][0], g["pair"][1]), {}).setdefault(deal_of(g), []).append(g)
    rng = Rng(20261201)
    samples: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(BOOTSTRAP):
        resampled = []
        for deals in by_pair.values():
            keys = sorted(deals)
            for _ in keys:
                resampled += deals[keys[rng.randbelow(len(keys))]]
        e = fit_elo(kinds, ladder_scores(game_id, resampled), kinds[0])
        for k in kinds:
            samples[k].append(e[k])
    per_pair = len(games) // max(1, len(by_pair))
    lines = [
        f"{game_id} ladder: {per_pair} games per pair at {LADDER_SEATS} seats (duplicate deals); "
        f"Elo ({kinds[0]} = 0), 95% bootstrap interval"
    ]
    for k in sorted(kinds, key=lambda k: -elo[k]):
        lo, hi = percentile(samples[k], 0.025), percentile(samples[k], 0.975)
        lines.append(f"  {k:<11} {elo[k]:7.0f}   [{lo:7.0f} .. {hi:7.0f}]")
    for (a, b), deals in sorted(by_pair.items(), key=lambda t: (kinds.index(t[0][0]), kinds.index(t[0][1]))):
        shares = []
        for d in sorted(deals):
            pts, count = ladder_scores(game_id, deals[d])[(a, b)]
            shares.append(pts / count)
        m, h = mean_ci(shares)
        lines.append(f"  {a} against {b}: {100 * m:5.1f}% ± {100 * h:4.1f} of seat pairs")
    return "\n".join(lines)


# ---- command line ----------------------------------------------------------------------------


def save(path: str, config: Json, results: Json) -> None:
    """Write ``config`` and the games of ``results`` as JSON (times are left out)."""
    with open(path, "w") as f:
        json.dump({"config": config, "games": results["games"]}, f)


def merge(paths: list[str]) -> tuple[Json, Json]:
    """Load runs saved by ``--save`` with the same configuration; return (config, results).

    Empty options (``{}``) and no options (``null``) are the same configuration.

    Raises:
        ValueError: different configurations or a game index saved twice.
    """
    config = None
    games: list[Json] = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        cfg = {k: v for k, v in data["config"].items() if k not in ("games", "start")}
        # no options and empty options deal and play the same games (pieces saved before the
        # command line made them one)
        cfg["options"] = cfg.get("options") or None
        if config is not None and cfg != config:
            raise ValueError(f"{path}: another configuration ({cfg} instead of {config})")
        config = cfg
        games += data["games"]
    games.sort(key=lambda g: (g.get("pair", []), g["index"]))
    keys = [(tuple(g.get("pair", [])), g["index"]) for g in games]
    if len(set(keys)) != len(keys):
        raise ValueError("a game index is in more than one file")
    return config or {}, {"games": games, "times": {}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pycore.tournament", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="game id, e.g. six_nimmt")
    parser.add_argument("--seats", help="comma-separated seat kinds: easy, normal, hard, random (+variant)")
    parser.add_argument("--ladder", action="store_true", help="Elo ladder over --kinds instead of one table")
    parser.add_argument("--kinds", default=",".join(LADDER_KINDS), help="ladder: the kinds, the first rated 0")
    parser.add_argument("--games", type=int, default=100, help="games (ladder: per pair of kinds)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (to split a run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--duplicate", action="store_true", help="play every deal once per rotation of the seats (intervals over deals)"
    )
    parser.add_argument("--options", default=None, help="game options as JSON, e.g. '{\"rounds\": 1}'")
    parser.add_argument(
        "--playouts", type=int, default=None, help="hard: playouts per decision (default: the level's own)"
    )
    parser.add_argument(
        "--time-budget", type=float, default=None, help="cap hard's thinking (s); results then depend on the machine"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the results do not depend on it)")
    parser.add_argument("--progress", type=int, default=0, help="print each worker's partial table every N games")
    parser.add_argument("--times", action="store_true", help="also print decision times (machine-dependent)")
    parser.add_argument("--save", metavar="FILE", help="save each game's result as JSON (for --merge)")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="print the table of runs saved with --save")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.merge:
        config, results = merge(args.merge)
        if config.get("ladder"):
            print(ladder_report(config["game"], config["kinds"], results))
        else:
            print(report(config["game"], config["seats"], results))
        return 0
    if not args.game:
        parser.error("a game id is needed")
    options = json.loads(args.options) if args.options else None
    if options is not None and not isinstance(options, dict):
        parser.error(f"--options must be a JSON object, not {args.options!r}")
    options = options or None  # '{}' is no options: the same games, the same saved configuration
    config = {
        "game": args.game,
        "seed": args.seed,
        "options": options,
        "playouts": args.playouts,
        "time_budget": args.time_budget,
        "start": args.start,
        "games": args.games,
    }
    if args.ladder:
        kinds = args.kinds.split(",")
        config.update(ladder=True, kinds=kinds)
        results = run_ladder(args.game, kinds, args.games, args.seed, options, args.playouts, args.jobs, args.start)
        print(ladder_report(args.game, kinds, results))
    else:
        if not args.seats:
            parser.error("--seats is needed (or --ladder)")
        seats = args.seats.split(",")
        config["seats"] = seats
        config["duplicate"] = args.duplicate
        results = run(
            args.game,
            seats,
            args.games,
            args.seed,
            options,
            args.playouts,
            args.time_budget,
            args.jobs,
            args.progress,
            args.start,
            args.duplicate,
        )
        print(report(args.game, seats, results))
    if args.times:
        print(times_report(results["times"]))
    if args.save:
        save(args.save, config, results)
    print(f"({time.perf_counter() - started:.0f} s wall, {args.jobs} job(s))", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
