"""CPU time of one thread of another process, read from /proc (Linux), for the benchmarks.

Every runtime the benchmarks compare runs its Python on one thread: a CPython worker's main
thread, Node's main thread (Pyodide), a Chromium renderer's main thread (Pyodide in the page).
Timing that thread alone, from outside, measures the same thing in all three: the work, not the
waiting for a busy machine's cores, and not the helper threads (V8's background compilers and
garbage collector, Chromium's compositor). ``schedstat`` gives nanoseconds; ``stat`` (10 ms
ticks) is the fallback on kernels without it.
"""

from __future__ import annotations

import os

_TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pid: int, tid: int | None = None) -> float | None:
    """CPU seconds (user + system) used so far by thread ``tid`` (default: the main thread) of ``pid``.

    Returns ``None`` when the thread is gone or /proc is missing.
    """
    tid = pid if tid is None else tid
    base = f"/proc/{pid}/task/{tid}"
    try:
        with open(f"{base}/schedstat") as f:
            return int(f.read().split()[0]) / 1e9
    except (OSError, IndexError, ValueError):
        pass
    try:
        with open(f"{base}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * _TICK_S
    except (OSError, IndexError, ValueError):
        return None


def processes_with_arg(needle: str) -> list[tuple[int, list[str]]]:
    """``(pid, argv)`` of every process whose command line contains ``needle``."""
    out = []
    raw = needle.encode()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if raw in cmd:
            out.append((int(name), [a.decode(errors="replace") for a in cmd.split(b"\0") if a]))
    return out


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, and its core count, as one phrase."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load n/a"
    return f"load {one:.1f} / {five:.1f} / {fifteen:.1f} (1/5/15 min) on {os.cpu_count()} cores"
