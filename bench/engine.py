"""Engine throughput: random legal play through the public contract, in CPython, Pyodide and Chromium.

Usage::

    .venv/bin/python bench/engine.py                  # every game and player count; CPython + Pyodide (Node)
    .venv/bin/python bench/engine.py --chromium       # + Pyodide inside Chromium (bench/page.html)
    .venv/bin/python bench/engine.py --games six_nimmt:4,dog:4 --no-pyodide
    .venv/bin/python bench/engine.py --base main      # + the engine of git ref `main` (before/after)
    .venv/bin/python bench/engine.py --profile six_nimmt:4   # cProfile of the contract path only

What is timed, and how (bench/README.md says the same with the pitfalls):

* **Every figure is CPU time of the one thread that runs the Python**, read by this driver from
  /proc around each request (bench/_cpu.py): a CPython worker process (``--serve``), Node's main
  thread running Pyodide (bench/engine_pyodide.mjs), a Chromium renderer's main thread running
  Pyodide in bench/page.html. The driver itself does no timed work. Wall time is not used: on a
  shared machine it measures the neighbours.
* **The same work on every side**: each request names the work (game, players, seeds, number of
  games), and every runtime runs this same file on the same engine source, so a ratio compares
  equal work. Per configuration: one untimed warm-up run of the same games in every runtime (it
  also fixes the number of games: as many as CPython plays in ``--cpu`` seconds), then
  ``--reps`` timed runs with the runtimes in alternating order. Tables show the **median** over
  the runs and the min–max range; ratios are medians of the per-run paired ratios.
* **Warm-up by work**: each Pyodide runtime first plays ``--warmup-games`` random 6 nimmt! games
  (V8 starts the WebAssembly on its baseline compiler and optimizes hot functions while it runs).
* **Contract**: :func:`play_random` uses only ``current_players()``, ``legal_actions(p)``, a
  uniform choice, ``apply_action(p, a)``; a round is a ``round_end`` event; *stuck* = not
  terminal and nobody has a legal action; *capped* = more than ``Game.max_game_length`` actions.
* **6 nimmt! tight loop** (:func:`tight_six_nimmt`): only a round's irreducible work — shuffle
  (the stdlib's ``random.shuffle``), deal, ten turns of uniform random picks, placement, takes,
  a uniform random row at a row choice, bullheads — on plain lists, no actions, events, checks
  or observations. Run in the same worker right after each contract run, for the rounds that
  run played; the ratio is contract rounds per CPU second over tight-loop rounds per CPU second.
* **6 nimmt! floor** (:class:`FloorSixNimmt`): the least a state can do behind the same contract
  (fresh lists and action/event dicts, type checks, the round's work, nothing saved or observed),
  played by :func:`play_random` right after the tight loop; ``floor / tight`` is about the most
  any engine behind this contract can reach in that runtime.
* **legal_actions** µs: a separate replay of the first games with the thread's CPU clock around
  each call (CPython only; the clock's own cost measured and removed). Never part of the ratios.
* **Seeded shuffle**: ``pycore.rng.Rng.shuffle`` (batched draws) against its one-draw-at-a-time
  loop (``pycore.rng._shuffle_scalar``, the previous algorithm, same draws) and ``random.shuffle``.
* **Bots' playout path**: ``pycore.bots.six_nimmt.playout`` on determinized worlds, as the hard
  bot calls it: one call plays the rest of a round from its first pick (no deal, no shuffle,
  90% of picks by the normal rule). Not a round's whole work; shown for the bots' own target.

This file must stay importable inside Pyodide: stdlib only, no subprocess at import time.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Targets (printed beside the figures; judged on CPU-time medians).
TARGET_TIGHT_RATIO = 0.5  # 6 nimmt! contract rounds per CPU s >= 0.5 x the tight loop's (2, 4, 10 players)
TARGET_DOG_GAMES = 60.0  # Dog 4p random games per CPU second through the contract, none stuck
TARGET_SN_ROUNDS = 4500.0  # 6 nimmt! 4p random rounds per CPU second through the contract
TARGET_SN_PLAYOUT = 11000.0  # 6 nimmt! 4p playouts per CPU second in the bots' path
TARGET_RATIO = 2.2  # Pyodide CPU / CPython CPU for the same games
TIGHT_PLAYERS = (2, 4, 10)


# ---- the work (runs in every runtime) ---------------------------------------------------------


def play_random(game, num_players, seed):
    """Play one uniformly random legal game; return ``[actions, rounds, stuck, capped]``.

    The acting player, when several act at once, is the first of ``current_players()`` (the
    order does not matter for simultaneous secret choices).
    """
    state = game.new_initial_state(num_players, seed)
    rr = random.Random(seed).random
    cap = game.max_game_length
    actions = rounds = 0
    while not state.is_terminal():
        players = state.current_players()
        if not players:
            return [actions, rounds, 1, 0]
        p = players[0]
        legal = state.legal_actions(p)
        if not legal:
            return [actions, rounds, 1, 0]
        events = state.apply_action(p, legal[int(rr() * len(legal))])
        actions += 1
        for e in events:
            if e["type"] == "round_end":
                rounds += 1
        if actions >= cap:
            return [actions, rounds, 0, 1]
    return [actions, rounds, 0, 0]


def play_games(game_id, players, seed0, games=0, cpu_budget=0.0):
    """Play ``games`` random games with seeds ``seed0, seed0+1, ...``; return the totals.

    With ``games == 0``, plays until ``cpu_budget`` seconds of this process's CPU time have passed
    (CPython only: under Pyodide ``time.process_time`` is wall time). Returns a JSON-safe dict:
    games, actions, rounds, stuck, capped.
    """
    import pycore

    game = pycore.load_game(game_id)
    totals = [0, 0, 0, 0]
    n = 0
    c0 = time.process_time()
    while n < games if games else (n == 0 or time.process_time() - c0 < cpu_budget):
        r = play_random(game, players, seed0 + n)
        for i in range(4):
            totals[i] += r[i]
        n += 1
    return {"games": n, "actions": totals[0], "rounds": totals[1], "stuck": totals[2], "capped": totals[3]}


def tight_six_nimmt(players, rounds, seed):
    """Play ``rounds`` random 6 nimmt! rounds with only the irreducible work; return total bullheads.

    Per round: shuffle all 104 cards (``random.shuffle``), deal ten to each player and one to each
    row; ten turns in which every player picks a uniformly random card of their hand; the picks
    are placed lowest first (SN-4: the row ending with the highest card below it; a sixth card
    takes the row; a card below every row takes a uniformly random row, SN-5); bullheads (SN-1)
    are added up per player. Plain lists, no dicts, events or checks: the floor the contract is
    compared with.
    """
    from pycore.games.six_nimmt import (
        BULLHEADS,
        HAND_SIZE,
        NUM_ROWS,
        ROW_LIMIT,
        deck_for,
    )

    rnd = random.Random(seed)
    rand = rnd.random
    shuffle = rnd.shuffle
    deck = deck_for(players, False)
    bull = [0] * players
    row_range = range(NUM_ROWS)
    for _ in range(rounds):
        cards = deck[:]
        shuffle(cards)
        hands = [cards[p * HAND_SIZE : (p + 1) * HAND_SIZE] for p in range(players)]
        at = players * HAND_SIZE
        rows = [[c] for c in cards[at : at + NUM_ROWS]]
        row_bull = [BULLHEADS[c] for c in cards[at : at + NUM_ROWS]]
        for _turn in range(HAND_SIZE):
            for c, p in sorted([h.pop(int(rand() * len(h))), p] for p, h in enumerate(hands)):
                r = -1
                best = 0
                for i in row_range:
                    last = rows[i][-1]
                    if best < last < c:
                        r, best = i, last
                if r < 0 or len(rows[r]) == ROW_LIMIT:
                    if r < 0:
                        r = int(rand() * NUM_ROWS)
                    bull[p] += row_bull[r]
                    rows[r] = [c]
                    row_bull[r] = BULLHEADS[c]
                else:
                    rows[r].append(c)
                    row_bull[r] += BULLHEADS[c]
    return sum(bull)


class FloorSixNimmt:
    """The least a 6 nimmt! state can do and still answer the contract as :func:`play_random` asks
    it: the floor of any engine behind this contract in this runtime, measured beside the tight loop.

    Per round it does the tight loop's work (``random.shuffle`` of 104 cards, the deal, placement
    lowest first, takes, bullheads) plus what the contract itself asks for: ``current_players()`` a
    fresh list, ``legal_actions(p)`` a fresh ``{"type", "card"}`` dict per card in hand (a
    ``{"type", "row"}`` per row at a row choice), ``apply_action`` type checks of the player and
    the action and a check that the card is held (or the row exists), and the events of the real
    game (picked, reveal, place with the cards taken, row_choice, turn_end, round_end, deal,
    game_over). Nothing else: no saved state layout, no public memory, no options, no observations.
    The game ends after the round in which someone reaches 66 bullheads, as the real one.
    """

    max_game_length = 200_000

    def __init__(self, players, seed):
        from pycore.games.six_nimmt import BULLHEADS

        self.bull = BULLHEADS
        self.n = players
        self.rnd = random.Random(seed)
        self.scores = [0] * players
        self.round = 0
        self.phase = "pick"
        self.deal()

    @classmethod
    def new_initial_state(cls, players, seed):
        return cls(players, seed)

    def deal(self):
        cards = list(range(1, 105))
        self.rnd.shuffle(cards)
        n = self.n
        self.hands = [sorted(cards[p * 10 : p * 10 + 10]) for p in range(n)]
        self.rows = [[c] for c in cards[n * 10 : n * 10 + 4]]
        self.picks = [None] * n
        self.pending = []
        self.taken = [0] * n
        self.chooser = None
        self.round += 1
        self.turn = 1
        self.phase = "pick"

    def is_terminal(self):
        return self.phase == "over"

    def current_players(self):
        if self.phase == "pick":
            return [p for p, c in enumerate(self.picks) if c is None]
        return [] if self.chooser is None else [self.chooser]

    def legal_actions(self, p):
        if self.phase == "pick":
            return [{"type": "pick", "card": c} for c in self.hands[p]] if self.picks[p] is None else []
        return [{"type": "choose_row", "row": r} for r in range(4)] if p == self.chooser else []

    def apply_action(self, p, action):
        if type(p) is not int or not 0 <= p < self.n or type(action) is not dict:
            raise ValueError("no such player or not an action")
        if self.phase == "pick":
            card = action.get("card")
            if action.get("type") != "pick" or self.picks[p] is not None or card not in self.hands[p]:
                raise ValueError("not a legal pick")
            self.hands[p].remove(card)
            self.picks[p] = card
            events = [{"type": "picked", "player": p}]
            if None not in self.picks:
                self.pending = sorted([c, q] for q, c in enumerate(self.picks))
                self.picks = [None] * self.n
                events.append({"type": "reveal", "picks": [{"player": q, "card": c} for c, q in self.pending]})
                self.place(events)
            return events
        row = action.get("row")
        if action.get("type") != "choose_row" or p != self.chooser or type(row) is not int or not 0 <= row < 4:
            raise ValueError("not a legal row choice")
        card, _ = self.pending.pop(0)
        events = []
        self.take(p, row, card, events)
        self.chooser = None
        self.phase = "pick"
        self.place(events)
        return events

    def take(self, p, r, card, events):
        taken = self.rows[r]
        self.rows[r] = [card]
        b = sum(map(self.bull.__getitem__, taken))
        self.taken[p] += b
        events.append({"type": "place", "player": p, "card": card, "row": r, "taken": taken, "bullheads": b})

    def place(self, events):
        rows = self.rows
        while self.pending:
            card, p = self.pending[0]
            r = -1
            best = 0
            for i in range(4):
                last = rows[i][-1]
                if best < last < card:
                    r, best = i, last
            if r < 0:
                self.phase = "choose_row"
                self.chooser = p
                events.append({"type": "row_choice", "player": p, "card": card})
                return
            self.pending.pop(0)
            if len(rows[r]) == 5:
                self.take(p, r, card, events)
            else:
                rows[r].append(card)
                events.append({"type": "place", "player": p, "card": card, "row": r, "taken": [], "bullheads": 0})
        events.append({"type": "turn_end", "turn": self.turn})
        if self.hands[0]:
            self.turn += 1
            return
        for q in range(self.n):
            self.scores[q] += self.taken[q]
        events.append({"type": "round_end", "round": self.round, "bullheads": self.taken[:], "scores": self.scores[:]})
        if max(self.scores) >= 66:
            self.phase = "over"
            events.append({"type": "game_over", "scores": self.scores[:]})
        else:
            self.deal()
            events.append({"type": "deal", "round": self.round})


def floor_six_nimmt(players, rounds, seed):
    """:func:`play_random` over :class:`FloorSixNimmt` games (seeds ``seed, seed+1, ...``) until at
    least ``rounds`` rounds are played; returns ``{"rounds", "actions"}`` (rates are per round)."""
    played = actions = 0
    k = 0
    while played < rounds:
        r = play_random(FloorSixNimmt, players, seed + k)
        actions += r[0]
        played += r[1]
        k += 1
    return {"rounds": played, "actions": actions}


def legal_actions_cpu(game_id, players, seed0, games):
    """Replay :func:`play_random`'s first ``games`` games with the thread's CPU clock around every
    ``legal_actions`` call (CPython only); return ``{"calls", "seconds"}``, the clock's cost removed."""
    import pycore

    clock = time.thread_time
    reps = 20000
    c = clock()
    for _ in range(reps):
        t0 = clock()
        clock() - t0
    overhead = (clock() - c) / reps
    game = pycore.load_game(game_id)
    calls = 0
    spent = 0.0
    for k in range(games):
        state = game.new_initial_state(players, seed0 + k)
        rr = random.Random(seed0 + k).random
        steps = 0
        while not state.is_terminal() and steps < game.max_game_length:
            players_now = state.current_players()
            if not players_now:
                break
            p = players_now[0]
            t0 = clock()
            legal = state.legal_actions(p)
            spent += clock() - t0
            calls += 1
            if not legal:
                break
            state.apply_action(p, legal[int(rr() * len(legal))])
            steps += 1
    return {"calls": calls, "seconds": max(0.0, spent - calls * overhead)}


def shuffle_work(variant, length, count):
    """Shuffle a list of ``length`` ints ``count`` times with ``variant``: "batched" (``Rng.shuffle``),
    "one-draw" (``pycore.rng._shuffle_scalar``, the same draws one at a time) or "random.shuffle"."""
    from pycore import rng

    seq = list(range(length))
    if variant == "random.shuffle":
        r = random.Random(length)
        for _ in range(count):
            r.shuffle(seq)
    elif variant == "one-draw":
        state = length
        for _ in range(count):
            state = rng._shuffle_scalar(state, seq, length - 1)
    else:
        g = rng.Rng(length)
        for _ in range(count):
            g.shuffle(seq)
    return {"count": count}


_playout_worlds = {}


def playout_work(players, count):
    """``count`` calls of the bots' ``playout`` on 50 determinized 6 nimmt! worlds (built once,
    untimed in the first call's warm-up); ``{"missing": True}`` without pycore.bots.six_nimmt."""
    try:
        from pycore.bots import six_nimmt as sb
    except ImportError:
        return {"missing": True}
    import pycore
    from pycore.rng import Rng

    game = pycore.load_game("six_nimmt")
    worlds = _playout_worlds.get(players)
    if worlds is None:
        worlds = []
        for seed in range(50):
            state = game.new_initial_state(players, 7_000 + seed)
            obs = state.observation(0)
            worlds.append((sb.determinize(game, obs, Rng(seed)), obs, state.legal_actions(0)[0]))
        _playout_worlds[players] = worlds
    n = 0
    while n < count:
        for world, obs, action in worlds:
            sb.playout(game, world, obs, action, n)
            n += 1
    return {"count": n}


def runtime_name():
    name = "Pyodide" if sys.platform == "emscripten" else sys.implementation.name
    return f"{name} {sys.version_info[0]}.{sys.version_info[1]}.{sys.version_info[2]}"


def handle(req):
    """One request of the driver (a dict with "op"); returns a JSON-safe dict."""
    op = req["op"]
    if op == "contract":
        return play_games(req["game"], req["players"], req["seed0"], req.get("games", 0), req.get("cpu_budget", 0.0))
    if op == "tight":
        return {"rounds": req["rounds"], "bullheads": tight_six_nimmt(req["players"], req["rounds"], req["seed"])}
    if op == "floor":
        return floor_six_nimmt(req["players"], req["rounds"], req["seed"])
    if op == "legal":
        return legal_actions_cpu(req["game"], req["players"], req["seed0"], req["games"])
    if op == "shuffle":
        return shuffle_work(req["variant"], req["length"], req["count"])
    if op == "playout":
        return playout_work(req["players"], req["count"])
    if op == "hello":
        import pycore

        return {"runtime": runtime_name(), "pycore": os.path.dirname(os.path.abspath(pycore.__file__))}
    raise ValueError(f"unknown op {op!r}")


def handle_json(text):
    """Entry point for the Pyodide runners: JSON request in, JSON result out."""
    return json.dumps(handle(json.loads(text)))


def serve(pycore_dir):
    """CPython worker: one JSON request per stdin line, one JSON answer per stdout line."""
    sys.path.insert(0, pycore_dir)
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            out.write(handle_json(line) + "\n")
            out.flush()


# ---- driver (CPython) -------------------------------------------------------------------------


class Worker:
    """A runtime answering requests; ``run`` returns (result, thread CPU seconds of the request)."""

    label = "?"

    def run(self, req):
        c0 = self.cpu()
        result = self.request(req)
        c1 = self.cpu()
        return result, (None if c0 is None or c1 is None else c1 - c0)

    def close(self):
        pass


class PipeWorker(Worker):
    """A subprocess speaking JSON lines (CPython ``--serve`` or ``node bench/engine_pyodide.mjs``)."""

    def __init__(self, label, argv, env=None):
        import subprocess

        self.label = label
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.info = self.request({"op": "hello"})

    def cpu(self):
        import _cpu

        return _cpu.thread_cpu_seconds(self.proc.pid)

    def request(self, req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.label} worker exited early (see its stderr above)")
            if line.startswith("{"):
                return json.loads(line)

    def close(self):
        import subprocess

        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class ChromiumWorker(Worker):
    """bench/page.html in Chromium; CPU = the renderer's main thread."""

    label = "Chromium"

    def __init__(self, warmup_games):
        import _browser

        self.page = _browser.BenchPage(warmup_games=0)
        self.info = {"runtime": f"Pyodide in {self.page.version}", "pycore": self.page.engine}
        self.warmup_games = warmup_games

    def cpu(self):
        return self.page.main_thread_cpu()

    def request(self, req):
        return json.loads(self.page.call("bench_engine.handle_json", json.dumps(req)))

    def close(self):
        self.page.close()


def export_tree(ref):
    """A directory holding pycore/ at git ``ref`` (or ``ref`` itself when it is a directory)."""
    import subprocess
    import tempfile

    if os.path.isdir(os.path.join(ref, "pycore")):
        return os.path.abspath(ref)
    dest = tempfile.mkdtemp(prefix="hotseat-base-")
    archive = subprocess.run(["git", "archive", ref, "pycore"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    return dest


def parse_configs(spec):
    import pycore

    configs = []
    for item in spec.split(",") if spec else pycore.GAMES:
        gid, _, n = item.partition(":")
        game = pycore.load_game(gid)
        counts = [int(n)] if n else list(range(game.min_players, game.max_players + 1))
        configs += [(gid, c) for c in counts]
    return configs


def median(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    k = len(xs) // 2
    return xs[k] if len(xs) % 2 else (xs[k - 1] + xs[k]) / 2


def spread(xs, digits=0, unit=""):
    """``median (min–max)`` of a list of numbers, or "n/a"."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return "n/a"
    f = f"{{:,.{digits}f}}"
    return f"{f.format(median(xs))}{unit} ({f.format(min(xs))}–{f.format(max(xs))})"


def alternate(workers, rep):
    return workers if rep % 2 == 0 else workers[::-1]


def bench_contract(workers, configs, reps, cpu_budget, tight=True, legal=True):
    """The contract table (and the tight-loop runs for 6 nimmt!); returns the raw rows."""
    import _cpu

    cpy = workers[0]
    rows = []
    print(f"\nRandom games through the contract, CPU time per run ({_cpu.load()}):")
    head = (
        f"{'game':<12} {'pl':>2} {'games':>6} {'CPython games/CPU s':>22} {'rounds/CPU s':>20} "
        f"{'actions/CPU s':>22} {'legal µs':>8} {'stuck':>5} {'capped':>6}"
    )
    for w in workers[1:]:
        head += f" {'x ' + w.label + ' CPU':>20}"
    print(head, flush=True)
    for k, (gid, n) in enumerate(configs):
        seed0 = 1000 * (k + 1)
        # warm-up run: CPython plays for cpu_budget, which fixes the games; the others play them too
        first, _ = cpy.run({"op": "contract", "game": gid, "players": n, "seed0": seed0, "cpu_budget": cpu_budget})
        games = first["games"]
        req = {"op": "contract", "game": gid, "players": n, "seed0": seed0, "games": games}
        for w in workers[1:]:
            w.run(req)
        do_tight = tight and gid == "six_nimmt" and n in TIGHT_PLAYERS and first["rounds"]
        if do_tight:
            tight_req = {"op": "tight", "players": n, "rounds": first["rounds"], "seed": seed0}
            floor_req = {"op": "floor", "players": n, "rounds": first["rounds"], "seed": seed0}
            cpy.run(tight_req)
            floor_work, _ = cpy.run(floor_req)
        cpu = {w.label: [] for w in workers}
        work = {w.label: first for w in workers}
        tight_cpu = []
        floor_cpu = []
        for rep in range(reps):
            for w in alternate(workers, rep):
                result, c = w.run(req)
                if result != first:
                    if not w.label.startswith("CPython@"):
                        raise RuntimeError(f"{w.label} played other games than CPython: {result} != {first}")
                    # an older engine may offer legal actions in another order: other games, so
                    # compare its rates rather than its times
                    work[w.label] = result
                    c = c * first["actions"] / result["actions"]
                cpu[w.label].append(c)
            if do_tight:
                _, c = cpy.run(tight_req)
                tight_cpu.append(c)
                _, c = cpy.run(floor_req)
                floor_cpu.append(c)
        la = (
            cpy.request({"op": "legal", "game": gid, "players": n, "seed0": seed0, "games": max(1, games // 3)})
            if legal
            else None
        )
        row = {
            "game": gid,
            "players": n,
            "work": first,
            "cpu": cpu,
            "tight_cpu": tight_cpu,
            "floor_cpu": floor_cpu,
            "floor_rounds": floor_work["rounds"] if do_tight else 0,
            "legal": la,
            "other_work": {k: v for k, v in work.items() if v != first},
        }
        rows.append(row)
        c = cpu[cpy.label]
        line = (
            f"{gid:<12} {n:>2} {games:>6} {spread([games / x for x in c], 1):>22} "
            f"{spread([first['rounds'] / x for x in c]) if first['rounds'] else '-':>20} "
            f"{spread([first['actions'] / x for x in c]):>22} "
            f"{la['seconds'] / la['calls'] * 1e6 if la and la['calls'] else float('nan'):>8.2f} "
            f"{first['stuck']:>5} {first['capped']:>6}"
        )
        for w in workers[1:]:
            line += f" {spread([a / b for a, b in zip(cpu[w.label], c)], 2):>20}"
        print(line, flush=True)
    print(
        f"(medians over {reps} runs, min–max in brackets; 'x R CPU' = R's CPU time / CPython's for the same "
        f"games, per run; {_cpu.load()})"
    )
    others = [f"{r['game']}:{r['players']}" for r in rows if r["other_work"]]
    if others:
        print(
            f"(the base engine played other games in {', '.join(others)}: its CPU time there is scaled to the "
            f"same number of actions)"
        )
    return rows


def print_tight(rows, base_label=None):
    import _cpu

    sn = [r for r in rows if r["game"] == "six_nimmt" and r["tight_cpu"]]
    if not sn:
        return
    print(f"\n6 nimmt!: random rounds through the contract vs the tight loop, CPython, CPU time ({_cpu.load()}):")
    print(
        f"{'pl':>2} {'rounds':>6} {'contract rounds/CPU s':>24} {'tight loop rounds/CPU s':>26} "
        f"{'contract / tight':>20}"
        + (f" {base_label + ' / tight':>20}" if base_label else "")
        + f" {'floor / tight':>20}"
    )
    for r in sn:
        rounds = r["work"]["rounds"]
        c = r["cpu"]["CPython"]
        t = r["tight_cpu"]
        line = (
            f"{r['players']:>2} {rounds:>6} {spread([rounds / x for x in c]):>24} "
            f"{spread([rounds / x for x in t]):>26} {spread([b / a for a, b in zip(c, t)], 2):>20}"
        )
        if base_label:
            line += f" {spread([b / a for a, b in zip(r['cpu'][base_label], t)], 2):>20}"
        per_round = r["floor_rounds"] / rounds  # the floor plays whole games: a few more rounds
        line += f" {spread([b * per_round / a for a, b in zip(r['floor_cpu'], t)], 2):>20}"
        print(line)
    print(
        "(ratio per run: the tight loop's CPU time for the same number of rounds / the contract's; "
        "paired runs, back to back. floor = FloorSixNimmt: the least a state can do behind the same "
        "contract, driven by the same play_random loop: about what an engine doing no more can reach here)"
    )


def bench_shuffle(workers, reps, length=104, count=2000):
    import _cpu

    variants = ("batched", "one-draw", "random.shuffle")
    print(f"\nSeeded shuffle of {length} cards, µs of CPU per shuffle ({_cpu.load()}):")
    print(f"{'runtime':<10} " + " ".join(f"{v:>22}" for v in variants) + f" {'one-draw / batched':>20}")
    out = {}
    for w in workers:
        if w.label.startswith("CPython@"):
            continue
        n = count if w.label == "CPython" else count // 2
        for v in variants:  # warm-up
            w.run({"op": "shuffle", "variant": v, "length": length, "count": n // 4})
        us = {v: [] for v in variants}
        for rep in range(reps):
            for v in variants if rep % 2 == 0 else variants[::-1]:
                _, c = w.run({"op": "shuffle", "variant": v, "length": length, "count": n})
                us[v].append(c / n * 1e6)
        out[w.label] = us
        print(
            f"{w.label:<10} "
            + " ".join(f"{spread(us[v], 1):>22}" for v in variants)
            + f" {spread([b / a for a, b in zip(us['batched'], us['one-draw'])], 2):>20}"
        )
    print("(batched = Rng.shuffle; one-draw = the same draws one at a time, the previous Rng.shuffle)")
    return out


def bench_playout(cpy, reps, count=3000):
    first = cpy.request({"op": "playout", "players": 4, "count": 50})
    if first.get("missing"):
        return None
    rates = []
    for _ in range(reps):
        _, c = cpy.run({"op": "playout", "players": 4, "count": count})
        rates.append(count / c)
    return rates


def print_targets(rows, playout, workers, base_label=None):
    import _cpu

    by = {(r["game"], r["players"]): r for r in rows}
    print(f"\n{'target (judged on CPython CPU-time medians)':<52} {'measured':>22} {'goal':>10}  met   ({_cpu.load()})")

    def line(label, value, goal, ok):
        print(f"{label:<52} {value:>22} {goal:>10}  {'yes' if ok else 'NO'}")

    for n in TIGHT_PLAYERS:
        r = by.get(("six_nimmt", n))
        if r and r["tight_cpu"]:
            v = median([b / a for a, b in zip(r["cpu"]["CPython"], r["tight_cpu"])])
            line(
                f"6 nimmt! {n}p contract / tight loop, rounds per CPU s", f"{v:.2f}", ">= 0.50", v >= TARGET_TIGHT_RATIO
            )
    dog = by.get(("dog", 4))
    if dog:
        v = median([dog["work"]["games"] / x for x in dog["cpu"]["CPython"]])
        stuck = dog["work"]["stuck"] + dog["work"]["capped"]
        line(
            "Dog 4p random games per CPU s, stuck + capped",
            f"{v:.1f}, {stuck}",
            ">= 60, 0",
            v >= TARGET_DOG_GAMES and stuck == 0,
        )
    sn = by.get(("six_nimmt", 4))
    if sn:
        v = median([sn["work"]["rounds"] / x for x in sn["cpu"]["CPython"]])
        line("6 nimmt! 4p rounds per CPU s via contract", f"{v:,.0f}", ">= 4,500", v >= TARGET_SN_ROUNDS)
    if playout:
        v = median(playout)
        line("6 nimmt! 4p bots' playouts per CPU s", f"{v:,.0f}", ">= 11,000", v >= TARGET_SN_PLAYOUT)
    for w in workers[1:]:
        if w.label.startswith("CPython@"):
            continue
        meds = sorted(median([a / b for a, b in zip(r["cpu"][w.label], r["cpu"]["CPython"])]) for r in rows)
        if meds:
            line(
                f"{w.label} / CPython CPU for the same games, median (max)",
                f"{median(meds):.2f} ({meds[-1]:.2f})",
                "<= 2.2",
                meds[-1] <= TARGET_RATIO,
            )
    if base_label:
        meds = [median([b / a for a, b in zip(r["cpu"]["CPython"], r["cpu"][base_label])]) for r in rows]
        print(
            f"{'speed-up over ' + base_label + ' (its CPU / this CPU), per configuration':<52} "
            + ", ".join(f"{r['game']}:{r['players']} {m:.2f}" for r, m in zip(rows, meds))
        )


def profile_contract(game_id, num_players, games=300, top=25):
    """Print a cProfile of random play through the contract (CPython), by own time."""
    import cProfile
    import io
    import pstats

    import pycore

    game = pycore.load_game(game_id)
    prof = cProfile.Profile()
    prof.enable()
    for n in range(games):
        play_random(game, num_players, 10_000 + n)
    prof.disable()
    out = io.StringIO()
    st = pstats.Stats(prof, stream=out)
    total = st.total_tt
    print(
        f"\ncProfile: {game_id} {num_players}p, {games} random games through the contract "
        f"({total:.2f} s profiled; profiler overhead inflates small calls)"
    )
    print(f"{'own %':>6} {'own s':>7} {'cum s':>7} {'calls':>10}  function")
    rows = []
    for (fn, line, name), (_cc, nc, tt, ct, _callers) in st.stats.items():
        rows.append((tt, ct, nc, f"{os.path.relpath(fn, ROOT) if fn.startswith(ROOT) else fn}:{line}({name})"))
    rows.sort(reverse=True)
    for tt, ct, nc, where in rows[:top]:
        print(f"{100 * tt / total:6.1f} {tt:7.3f} {ct:7.3f} {nc:10,d}  {where}")


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="", help="game[:players],... (default: every game and count)")
    ap.add_argument(
        "--cpu", type=float, default=0.3, help="CPython CPU seconds that fix the games per run of each configuration"
    )
    ap.add_argument("--reps", type=int, default=5, help="timed runs per configuration (median, min-max)")
    ap.add_argument(
        "--warmup-games",
        type=int,
        default=200,
        help="random 6 nimmt! 4p games each Pyodide runtime plays before anything is timed",
    )
    ap.add_argument("--no-pyodide", action="store_true", help="no Pyodide-under-Node runs")
    ap.add_argument(
        "--chromium", action="store_true", help="also run the same games in Pyodide inside Chromium (bench/page.html)"
    )
    ap.add_argument(
        "--base",
        metavar="REF|DIR",
        help="also run the engine of this git ref (or of DIR/pycore) in a second CPython worker",
    )
    ap.add_argument("--profile", metavar="GAME:N", help="only print a cProfile of that configuration")
    ap.add_argument("--json", metavar="FILE", help="also write the raw results as JSON")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--pycore", default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.serve:
        serve(args.pycore)
        return 0
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    if args.profile:
        gid, _, n = args.profile.partition(":")
        profile_contract(gid, int(n or 4))
        return 0
    import _cpu

    configs = parse_configs(args.games)
    me = os.path.abspath(__file__)
    workers = [PipeWorker("CPython", [sys.executable, me, "--serve"])]
    base_label = base_dir = None
    try:
        if args.base:
            base_dir = export_tree(args.base)
            base_label = f"CPython@{args.base}"
            workers.append(PipeWorker(base_label, [sys.executable, me, "--serve", "--pycore", base_dir]))
        if not args.no_pyodide:
            workers.append(PipeWorker("Pyodide", ["node", os.path.join(ROOT, "bench", "engine_pyodide.mjs")]))
        if args.chromium:
            workers.append(ChromiumWorker(args.warmup_games))
        print(f"Hotseat engine benchmark, {time.strftime('%Y-%m-%d %H:%M')}, {_cpu.load()}")
        for w in workers:
            where = w.info["pycore"]
            print(
                f"  {w.label}: {w.info['runtime']}, engine from "
                f"{os.path.relpath(where, ROOT) if os.path.isabs(where) else where}"
            )
        for w in workers:
            if not w.label.startswith("CPython"):
                _, c = w.run(
                    {"op": "contract", "game": "six_nimmt", "players": 4, "seed0": 900_000, "games": args.warmup_games}
                )
                print(f"  {w.label} warm-up: {args.warmup_games} random 6 nimmt! 4p games, {c:.1f} s CPU", flush=True)
        rows = bench_contract(workers, configs, args.reps, args.cpu)
        print_tight(rows, base_label)
        shuffles = bench_shuffle(workers, args.reps)
        playout = bench_playout(workers[0], args.reps)
        if playout:
            print(
                f"\nBots' playout path (6 nimmt! 4p, one call = the rest of a round from its first pick, no deal): "
                f"{spread(playout)} playouts per CPU s"
            )
        print_targets(rows, playout, workers, base_label)
    finally:
        for w in workers:
            w.close()
        if base_dir and base_dir != os.path.abspath(args.base):
            import shutil

            shutil.rmtree(base_dir, ignore_errors=True)
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(
                {
                    "contract": rows,
                    "shuffle": shuffles,
                    "playout": playout,
                    "runtimes": {w.label: w.info for w in workers},
                },
                f,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
