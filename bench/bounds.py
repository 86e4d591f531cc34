"""Worst-case CPU of reading untrusted text within its bounds: a message from a phone, a save, the
players' file, a backup — CPython and Pyodide (under Node), the scan before the linear one beside.

Usage (from the repo root; ``--help`` lists every option)::

    .venv/bin/python bench/bounds.py                 # CPython and Pyodide, every text, every bound
    .venv/bin/python bench/bounds.py --no-pyodide --kinds bsq,open --bounds message

For each bound (:data:`BOUNDS`: its size, nesting limit and the reader the app uses there) and each
adversarial text (:func:`make_text`: ``\\"`` repeated, ``[`` repeated, quote/backslash mixes, long
numbers, many short strings, unicode escapes, many objects or keys, ...; as long as the bound
allows), a worker builds the text once (untimed) and then runs, ``--reps`` times each, in
alternating order:

* ``before`` — the nesting check of ``bench/_bounded_before.py`` (the module as it was before the
  linear scan) and the JSON parse behind it, as the app ran them;
* ``depth`` — :func:`hotseat.bounded.nesting_depth` alone (the scan before any parse);
* ``read`` — the whole read the app does at that bound (:func:`hotseat.net.protocol.parse` of a
  phone's message at the host, :func:`hotseat.bounded.loads` for the files), refusal included.

Times are CPU time of the worker thread that runs the Python (CPython: the worker's main thread;
Pyodide: Node's main thread), read by this driver from ``/proc`` before a request is sent and
after its answer came (``bench/_cpu.py``), so the driver's own work and the text's construction
are not counted; medians over the reps. Where the old scan would run for longer than ``--cap``
seconds it is run at two smaller sizes instead and its time at the bound is extrapolated from
their growth (marked ``~``, with the measured exponent).

Targets: a message at its bound ≤ 50 ms, a file at its bound ≤ 1 s, in both runtimes, whatever
the text.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

#: name -> (characters at most, nesting limit, what the app reads there)
BOUNDS = {
    "message": (4_000, 12, "a phone's message at the host (protocol.parse, guest)"),
    "view": (60_000, 12, "a host's message at a phone (protocol.parse, host)"),
    "players": (200_000, 32, "the players' file (saves.read_json)"),
    "save": (400_000, 32, "a saved game (saves.read_json)"),
    "backup": (4_000_000, 3, "a backup file (bounded.loads, unique keys)"),
}

#: the adversarial texts (see make_text)
KINDS = [
    "bsq",
    "q_bs",
    "bs_mix",
    "open",
    "close",
    "nest",
    "pairs",
    "strings",
    "escapes",
    "unicode",
    "numbers",
    "floats",
    "longnum",
    "objects",
    "keys",
]

TARGET_S = {"message": 0.05, "view": 0.05, "players": 1.0, "save": 1.0, "backup": 1.0}


def _fill(unit: str, size: int, head: str = "", tail: str = "") -> str:
    room = max(0, size - len(head) - len(tail))
    return head + unit * (room // len(unit)) + tail


def make_text(kind: str, size: int, limit: int) -> str:
    """An adversarial text of ``kind`` with at most ``size`` characters and UTF-8 bytes."""
    if kind == "bsq":  # the text the old scan took quadratic time on
        return _fill('\\"', size)
    if kind == "q_bs":
        return _fill('"\\', size)
    if kind == "bs_mix":  # an open string of escaped backslashes and quotes
        return _fill('\\\\\\"', size, head='"')
    if kind == "open":
        return _fill("[", size)
    if kind == "close":
        return _fill("]", size)
    if kind == "nest":  # valid JSON, nested as deep as the bound allows, again and again
        d = max(1, limit - 1)
        return "[" + _fill("[" * d + "]" * d + ",", size - 2 - 2 * d, tail="[" * d + "]" * d) + "]"
    if kind == "pairs":
        return _fill("[]", size)
    if kind == "strings":  # valid: many short strings
        return "[" + _fill('"",', size - 4, tail='""') + "]"
    if kind == "escapes":  # valid: one long string of unicode escapes
        return '["' + _fill("\\u00e9", size - 4) + '"]'
    if kind == "unicode":  # valid: one long string of 3-byte characters (bounded by bytes)
        return '["' + "€" * ((size - 4) // 3) + '"]'
    if kind == "numbers":  # valid: many integers
        return "[" + _fill("1,", size - 2, tail="1") + "]"
    if kind == "floats":  # valid: many floats (each through the float check)
        return "[" + _fill("1e1,", size - 2, tail="1") + "]"
    if kind == "longnum":
        return "[" + "1" * (size - 2) + "]"
    if kind == "objects":  # valid: many empty objects (each through the duplicate-key check)
        return "[" + _fill("{},", size - 4, tail="{}") + "]"
    if kind == "keys":  # valid: one object with many keys
        n = 0
        parts = []
        length = 2
        while True:
            item = f'"{n:x}":0'
            if length + len(item) + 1 > size:
                break
            parts.append(item)
            length += len(item) + 1
            n += 1
        return "{" + ",".join(parts) + "}"
    raise ValueError(f"unknown kind {kind!r}")


# ---- the worker (CPython or Pyodide): builds a text, then runs one reader on it per request -------

_state: dict[str, object] = {}


def _import_app() -> None:
    sys.path[:0] = [os.path.join(ROOT, "web"), HERE]


def _reader(bound: str, what: str):  # noqa: ANN202 - a callable of the text
    import _bounded_before as before

    from hotseat import bounded, saves
    from hotseat.net import protocol

    most, limit, _desc = BOUNDS[bound]
    if what == "before":
        unique = bound in ("message", "view", "backup")
        most_before = 60_000 if bound == "message" else most  # the old protocol read guests at 60,000
        return lambda text: before.loads(text, most_before, limit, unique_keys=unique)
    if what == "depth":
        return lambda text: bounded.nesting_depth(text, limit)
    if bound == "message":
        return lambda text: protocol.parse(text, "guest")
    if bound == "view":
        return lambda text: protocol.parse(text, "host")
    if bound in ("players", "save"):
        return lambda text: saves.read_json(text, most)
    return lambda text: bounded.loads(text, most, limit, unique_keys=True)


def handle(req: dict) -> dict:
    op = req["op"]
    if op == "hello":
        return {"runtime": sys.platform, "python": sys.version.split()[0]}
    if op == "prepare":
        _, limit, _desc = BOUNDS[req["bound"]]
        text = make_text(req["kind"], req["size"], limit)
        _state["text"] = text
        _state["reader"] = _reader(req["bound"], req["what"])
        return {"chars": len(text), "bytes": len(text.encode("utf-8"))}
    if op == "run":
        try:
            result = _state["reader"](_state["text"])  # type: ignore[operator]
            outcome = "read" if not isinstance(result, int) else f"depth {result}"
        except ValueError as exc:  # BoundsError, SaveError, ProtocolError
            outcome = f"refused: {str(exc)[:60]}"
        return {"outcome": outcome}
    raise ValueError(f"unknown op {op!r}")


def handle_json(line: str) -> str:
    return json.dumps(handle(json.loads(line)))


def serve() -> None:
    _import_app()
    for line in sys.stdin:
        if line.strip():
            print(handle_json(line), flush=True)


# ---- the driver ----------------------------------------------------------------------------------


class Worker:
    def __init__(self, label: str, argv: list[str]) -> None:
        self.label = label
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.info = self.request({"op": "hello"})

    def request(self, req: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.label} worker ended")
        return json.loads(line)

    def timed(self, req: dict) -> tuple[float, dict]:
        from _cpu import thread_cpu_seconds

        before = thread_cpu_seconds(self.proc.pid)
        answer = self.request(req)
        after = thread_cpu_seconds(self.proc.pid)
        assert before is not None and after is not None, "no /proc CPU clock"
        return after - before, answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def median(xs: list[float]) -> float:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def measure(worker: Worker, bound: str, kind: str, what: str, size: int, reps: int) -> tuple[float, str, int]:
    info = worker.request({"op": "prepare", "bound": bound, "kind": kind, "what": what, "size": size})
    times, outcome = [], ""
    for _ in range(reps):
        dt, answer = worker.timed({"op": "run"})
        times.append(dt)
        outcome = answer["outcome"]
    return median(times), outcome, info["chars"]


def capped(
    worker: Worker, bound: str, kind: str, what: str, size: int, reps: int, cap: float
) -> tuple[float, str, str]:
    """``what``'s CPU at ``size``: measured (median of ``reps``), or, when it would take longer
    than ``cap`` seconds, extrapolated from two smaller sizes. Returns (seconds, outcome or "",
    "" or how it was extrapolated)."""
    small = min(size, 8_000)
    t1, outcome, c1 = measure(worker, bound, kind, what, small, 1)
    if size <= small:
        return measure(worker, bound, kind, what, size, reps)[:2] + ("",)
    if t1 * size / small <= cap / 4:
        return measure(worker, bound, kind, what, size, reps)[:2] + ("",)
    t2, _o, c2 = measure(worker, bound, kind, what, 2 * small, 1)
    p = math.log(max(t2, 1e-6) / max(t1, 1e-6), 2) if t1 > 0.002 else 1.0
    predicted = t2 * (size / c2) ** p
    if predicted <= cap:
        return measure(worker, bound, kind, what, size, reps)[:2] + ("",)
    return predicted, "", f"{what}: from {c1:,} and {c2:,} chars, time ~ size^{p:.2f}"


def fmt(seconds: float) -> str:
    if seconds >= 100:
        return f"{seconds:,.0f} s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--serve", action="store_true", help="be a worker (JSON lines on stdin/stdout)")
    ap.add_argument("--no-pyodide", action="store_true", help="CPython only")
    ap.add_argument("--no-before", action="store_true", help="leave out the old scan")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated texts (default: all)")
    ap.add_argument("--bounds", default=",".join(BOUNDS), help="comma-separated bounds (default: all)")
    ap.add_argument("--reps", type=int, default=3, help="timed runs per figure (median)")
    ap.add_argument("--cap", type=float, default=10.0, help="longest old run, s (else extrapolated)")
    ap.add_argument("--json", help="write the raw figures to this file")
    args = ap.parse_args(argv)
    if args.serve:
        serve()
        return 0
    sys.path.insert(0, HERE)
    from _cpu import load

    workers = [Worker("CPython", [sys.executable, os.path.join(HERE, "bounds.py"), "--serve"])]
    if not args.no_pyodide:
        workers.append(Worker("Pyodide", ["node", os.path.join(HERE, "bounds_pyodide.mjs")]))
    print(f"bench/bounds.py  {time.strftime('%Y-%m-%d %H:%M')}  {load()}")
    for w in workers:
        print(f"  {w.label}: Python {w.info['python']} ({w.info['runtime']})")
    rows = []
    worst: dict[tuple[str, str], tuple[float, str]] = {}
    for bound in args.bounds.split(","):
        most, limit, desc = BOUNDS[bound]
        print(f"\n{bound}: {desc}; at most {most:,} characters, nesting {limit}; target {fmt(TARGET_S[bound])}")
        print(f"  {'text':9} {'runtime':8} {'before':>12} {'depth':>10} {'read':>10}  outcome of the read")
        for kind in args.kinds.split(","):
            for w in workers:
                old_size = 60_000 if bound == "message" else most  # the old protocol read guests at 60,000
                if args.no_before:
                    old, old_note = float("nan"), ""
                else:
                    old, _o, old_note = capped(w, bound, kind, "before", old_size, args.reps, args.cap)
                depth, _o, depth_note = capped(w, bound, kind, "depth", most, args.reps, args.cap)
                read, outcome, read_note = capped(w, bound, kind, "read", most, args.reps, args.cap)
                chars = len(make_text(kind, most, limit))
                cells = [
                    "-" if math.isnan(x) else ("~" if note else "") + fmt(x)
                    for x, note in ((old, old_note), (depth, depth_note), (read, read_note))
                ]
                print(f"  {kind:9} {w.label:8} {cells[0]:>12} {cells[1]:>10} {cells[2]:>10}  {outcome[:60]}")
                for note in (old_note, depth_note, read_note):
                    if note:
                        print(f"  {'':9} {'':8} (~ {note})")
                rows.append(
                    {
                        "bound": bound,
                        "kind": kind,
                        "runtime": w.label,
                        "chars": chars,
                        "before_s": old,
                        "before_extrapolated": bool(old_note),
                        "depth_s": depth,
                        "depth_extrapolated": bool(depth_note),
                        "read_s": read,
                        "read_extrapolated": bool(read_note),
                        "outcome": outcome,
                    }
                )
                key = (bound, w.label)
                if key not in worst or read > worst[key][0]:
                    worst[key] = (read, kind)
    print("\nworst read per bound (target):")
    for (bound, label), (seconds, kind) in worst.items():
        ok = "met" if seconds <= TARGET_S[bound] else "MISSED"
        print(f"  {bound:8} {label:8} {fmt(seconds):>10} ({kind}; target {fmt(TARGET_S[bound])}: {ok})")
    for w in workers:
        w.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
