"""Shared pieces of the Chromium benchmarks (startup.py, bytes.py, bots.py).

- :func:`snapshot` copies build/site into bench/results/site/app (so a rebuild during a run cannot
  change what is measured) and lays out bench/results/site/bare: bench/bare.html as index.html
  beside a copy of the same pyodide/ folder.
- :class:`Server` runs the platform's tools/serve.py on 127.0.0.1 (stoppable, restartable on the
  same port, so the origin, and with it the service worker, stays the same).
- :func:`launch` opens a *persistent* Chromium context (fresh profile dir) with the launch args of
  the brief; no request routing anywhere (routes disable Chromium's HTTP cache).
- :data:`READY_SCRIPT` (an init script, not a route) stamps ``window.__readyAt`` with
  ``performance.now()`` the moment ``<body data-ready>`` appears.
"""

from __future__ import annotations

import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser_run import ARGS, CHROMIUM, ServeProcess, launch_persistent  # noqa: E402  (shared with e2e/ and tools/)
from browser_run import VIEWPORT as VIEWPORT  # noqa: E402  (bench/taps.py: the phone's window)

SITE = ROOT / "build" / "site"
RESULTS = ROOT / "bench" / "results"
CHROMIUM_ARGS = ARGS
BOOT_TIMEOUT_MS = 90_000

READY_SCRIPT = """
(() => {
  const stamp = () => {
    if (window.__readyAt === undefined && document.body && document.body.hasAttribute('data-ready'))
      window.__readyAt = performance.now();
  };
  new MutationObserver(stamp).observe(document, {attributes: true, subtree: true, childList: true,
                                                   attributeFilter: ['data-ready']});
  // PyScript's boot milestones ("Loading interpreter", "Loaded files", "Loaded Pyodide"...);
  // bench/bare.html pushes its own.
  window.__pyProgress = [];
  addEventListener('py:progress', e => window.__pyProgress.push([String(e.detail), performance.now()]));
})();
"""


def snapshot() -> tuple[Path, Path]:
    """Copy build/site → bench/results/site/app and make bench/results/site/bare; return both."""
    if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
        sys.exit("build/site is incomplete: run `make site` first")
    base = RESULTS / "site"
    shutil.rmtree(base, ignore_errors=True)
    app = base / "app"
    bare = base / "bare"
    shutil.copytree(SITE, app, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    bare.mkdir(parents=True)
    shutil.copy(ROOT / "bench" / "bare.html", bare / "index.html")
    copy_pyodide_for_bare_loader(app / "pyodide", bare / "pyodide")
    return app, bare


#: Pyodide's whole standard library, as npm ships it (the site's pyodide/ holds a cut of it)
FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def copy_pyodide_for_bare_loader(src: Path, dest: Path, stdlib: Path | None = None) -> None:
    """Copy the site's ``pyodide/`` folder ``src`` to ``dest`` for a page that calls Pyodide's own
    ``loadPyodide()`` (bench/bare.html, bench/page.html, PyScript's floor page).

    The site ships the standard library, cut to what the app imports, as ``python_stdlib.zip.gz``,
    which only the app's loader (web/snapshot.mjs) inflates; a plain ``loadPyodide()`` fetches
    ``python_stdlib.zip``, gets a 404 and dies with "Failed to import encodings module", so the
    page never becomes ready. Here ``dest`` gets a ``python_stdlib.zip`` instead of the ``.gz``:
    the same cut library inflated, or with ``stdlib`` (a zip, e.g. :data:`FULL_STDLIB`) that one.
    """
    shutil.copytree(src, dest)
    packed = dest / "python_stdlib.zip.gz"
    if stdlib is not None:
        shutil.copy(stdlib, dest / "python_stdlib.zip")
        packed.unlink(missing_ok=True)
    elif packed.is_file():
        (dest / "python_stdlib.zip").write_bytes(gzip.decompress(packed.read_bytes()))
        packed.unlink()


def snapshot_variant(label: str, directory: Path) -> Path:
    """Copy another built site (``directory``) to bench/results/site/variant-<label>; return it."""
    dest = RESULTS / "site" / f"variant-{label}"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(directory, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def snapshot_pyscript_floor() -> Path:
    """bench/results/site/pyscript: bench/pyscript_floor.html + the site's pyscript/ and pyodide/."""
    base = RESULTS / "site" / "pyscript"
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir(parents=True)
    shutil.copy(ROOT / "bench" / "pyscript_floor.html", base / "index.html")
    shutil.copytree(SITE / "pyscript", base / "pyscript")
    copy_pyodide_for_bare_loader(SITE / "pyodide", base / "pyodide")
    (base / "pyscript.toml").write_text('name = "PyScript floor"\ninterpreter = "./pyodide/pyodide.mjs"\n')
    return base


class Server(ServeProcess):
    """tools/serve.py serving ``directory`` on 127.0.0.1:``port`` in a subprocess (with ``log``:
    bench/_serve_counting.py, which also logs the bytes sent for each request)."""

    def __init__(self, directory: Path, port: int | None = None, log: Path | None = None) -> None:
        if log is None:
            super().__init__(directory, port)
        else:
            super().__init__(directory, port, script=ROOT / "bench" / "_serve_counting.py", options=("--log", str(log)))
        self.log = log


def launch(pw, profile_dir: str | None = None):
    """A persistent Chromium context on a fresh (or given) profile directory; returns (context, dir)."""
    profile_dir = profile_dir or tempfile.mkdtemp(prefix="hotseat-bench-")
    ctx = launch_persistent(pw.chromium, profile_dir)
    ctx.add_init_script(READY_SCRIPT)
    return ctx, profile_dir


def close(ctx, profile_dir: str) -> None:
    try:
        ctx.close()
    finally:
        shutil.rmtree(profile_dir, ignore_errors=True)


def page_of(ctx):
    return ctx.pages[0] if ctx.pages else ctx.new_page()


_TICK_MS = 1000.0 / os.sysconf("SC_CLK_TCK")


def chromium_cpu_by_type(profile_dir: str) -> dict:
    """Like :func:`chromium_cpu_ms`, split by process ``--type`` (browser, renderer, gpu-process, utility)."""
    out: dict = {}
    needle = f"--user-data-dir={profile_dir}".encode()
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
            if needle not in cmd:
                continue
            kind = "browser"
            for arg in cmd.replace(b"\0", b" ").split(b" "):
                if arg.startswith(b"--type="):
                    kind = arg[7:].decode()
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[kind] = out.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) * _TICK_MS  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return out


def chromium_cpu_ms(profile_dir: str) -> float:
    """CPU time (user + system, ms) used so far by every Chromium process of ``profile_dir``.

    All of a profile's processes (browser, renderers, service-worker host, network, GPU) carry
    ``--user-data-dir=<profile_dir>`` on their command line. CPU time is what the work costs,
    whatever else the machine is doing; wall time on a loaded machine is mostly waiting.
    """
    return sum(chromium_cpu_by_type(profile_dir).values())


def load_and_wait_ready(
    page, url: str, timeout: float = BOOT_TIMEOUT_MS, profile_dir: str | None = None, settle_s: float = 0.0
) -> dict:
    """Navigate to ``url``, wait for ``<body data-ready>``; return ms since navigation start.

    Keys: ready (data-ready / bare runPython done), fcp (first-contentful-paint or None),
    controlled (a service worker answered this page), resources ([path, startTime, responseEnd]
    from Resource Timing), progress ([milestone, time]: PyScript's py:progress events, then the
    page's performance marks), cpu_ms (CPU time of the profile's Chromium processes from just before
    the navigation until ready was seen; ``None`` without ``profile_dir``), snapshot (the status
    of the app's memory-snapshot loader, or None), settle_cpu_ms (with ``settle_s``: CPU of the
    ``settle_s`` seconds after ready).
    """
    cpu0 = chromium_cpu_by_type(profile_dir) if profile_dir else {}
    page.goto(url, wait_until="commit", timeout=timeout)
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout, polling=50)
    cpu1 = chromium_cpu_by_type(profile_dir) if profile_dir else {}
    by_type = {k: v - cpu0.get(k, 0.0) for k, v in cpu1.items()}
    cpu = sum(by_type.values()) if profile_dir else None
    out = page.evaluate(
        """() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            const res = performance.getEntriesByType('resource').map(
                e => [new URL(e.name).pathname, e.startTime, e.responseEnd]);
            const marks = performance.getEntriesByType('mark').map(e => [e.name, e.startTime]);
            return {ready: window.__readyAt, fcp: fcp ? fcp.startTime : null,
                    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
                    snapshot: window.hotseatSnapshot ? window.hotseatSnapshot.status : null,
                    resources: res, progress: (window.__pyProgress || []).concat(marks)};
        }"""
    )
    out["cpu_ms"] = cpu
    out["cpu_by_type"] = by_type
    if settle_s and profile_dir:
        # CPU the profile spends in the next seconds: work a start leaves for after ready (V8's
        # optimizing compiler catching up, a snapshot being made...)
        time.sleep(settle_s)
        out["settle_cpu_ms"] = sum(chromium_cpu_by_type(profile_dir).values()) - sum(cpu1.values())
    return out


def wait_snapshot_made(page, timeout: float = 180_000) -> dict | None:
    """If the page's loader is making a memory snapshot (``window.hotseatSnapshot.done``), wait for
    it; return the loader's state (status, bytes, ms, detail) or ``None`` when there is none."""
    return page.evaluate(
        """async () => {
            const s = window.hotseatSnapshot;
            if (!s) return null;
            if (s.done) await s.done;
            return {status: s.status, bytes: s.bytes || null, ms: s.ms || null, detail: s.detail || ""};
        }"""
    )


def wait_sw_installed(page, timeout: float = 120_000) -> None:
    """Wait until the app's service worker is active (its precache install has finished)."""
    page.wait_for_function(
        """async () => {
            if (!navigator.serviceWorker) return false;
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && reg.active.state === 'activated');
        }""",
        timeout=timeout,
        polling=100,
    )


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt_ms(x) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def chromium_version() -> str:
    try:
        return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=20).stdout.strip()
    except Exception:
        return "chromium ?"


def _engine_for_page(dest: Path, root: Path = ROOT) -> str:
    """Put the engine into ``dest`` for page.html (engine.json names it); return a description.

    The site's wheel when it is at least as new as every file under pycore/ and has pycore/bots;
    otherwise a zip of the source tree pycore/ (so the page runs the code CPython runs). With
    another ``root`` (a base version's tree): always the zip of ``root``/pycore.
    """
    import json
    import zipfile

    wheels = sorted((SITE / "wheels").glob("hotseat_pycore-*.whl")) if root == ROOT else []
    src = [p for p in (root / "pycore").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    newest = max(p.stat().st_mtime for p in src)
    why = "missing"
    if wheels:
        wheel = wheels[-1]
        with zipfile.ZipFile(wheel) as z:
            has_bots = any(n.startswith("pycore/bots/") for n in z.namelist())
        if has_bots and wheel.stat().st_mtime >= newest:
            shutil.copy(wheel, dest / wheel.name)
            (dest / "engine.json").write_text(json.dumps({"file": wheel.name, "format": "wheel"}))
            return str(wheel.relative_to(ROOT))
        why = "older than pycore/" if has_bots else "has no pycore/bots"
    with zipfile.ZipFile(dest / "pycore-src.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for p in src:
            z.write(p, p.relative_to(root).as_posix())
    (dest / "engine.json").write_text(json.dumps({"file": "pycore-src.zip", "format": "zip"}))
    return f"source tree pycore/ (site wheel {why})" if root == ROOT else f"source tree {root}/pycore"


class BenchPage:
    """bench/page.html in Chromium: Pyodide + engine + bench/engine.py and bench/bots.py.

    ``call("bench_bots.run_json", text)`` runs a Python function on the page's main thread.
    Warm-up by work: ``warmup_games`` random 6 nimmt! 4p games are played first, so V8 has
    optimized Pyodide's WebAssembly before anything is timed (``warmup_s``, seconds of such play,
    is the older form, kept for callers that still pass it). :meth:`main_thread_cpu` is the CPU
    time of the renderer's main thread, where the page's Python runs.
    """

    def __init__(self, warmup_games: int = 200, warmup_s: float | None = None, base: Path | None = None) -> None:
        from playwright.sync_api import sync_playwright

        if not (SITE / "pyodide" / "pyodide.mjs").is_file():
            sys.exit("build/site/pyodide missing: run `make site` first")
        dest = RESULTS / "bench-page"
        shutil.rmtree(dest, ignore_errors=True)
        # the whole standard library: the bench modules are no part of the app, so the site's
        # cut does not know what they import (page.html's sysconfig, for one)
        copy_pyodide_for_bare_loader(SITE / "pyodide", dest / "pyodide", FULL_STDLIB)
        shutil.copy(ROOT / "bench" / "page.html", dest / "index.html")
        shutil.copy(ROOT / "bench" / "engine.py", dest / "bench_engine.py")
        shutil.copy(ROOT / "bench" / "bots.py", dest / "bench_bots.py")
        self.engine = _engine_for_page(dest)
        #: with ``base`` (a tree holding another version's pycore/ and bench/): a second page, in the
        #: same browser, running that version (``base_page``; ``call(..., page=chrome.base_page)``)
        self.base_engine = None
        if base is not None:
            shutil.copytree(dest / "pyodide", dest / "base" / "pyodide")
            shutil.copy(ROOT / "bench" / "page.html", dest / "base" / "index.html")
            shutil.copy(base / "bench" / "engine.py", dest / "base" / "bench_engine.py")
            shutil.copy(base / "bench" / "bots.py", dest / "base" / "bench_bots.py")
            self.base_engine = _engine_for_page(dest / "base", base)
        self.version = chromium_version()
        self.server = Server(dest).start()
        import atexit

        atexit.register(self.server.stop)  # no orphaned server if the caller dies before close()
        self.pw = sync_playwright().start()
        self.ctx, self.profile = launch(self.pw)
        self.page = page_of(self.ctx)
        load_and_wait_ready(self.page, self.server.url)
        self.base_page = None
        if base is not None:
            self.base_page = self.ctx.new_page()
            load_and_wait_ready(self.base_page, self.server.url + "base/")
        self.warmup: list[float] = []  # games per second of each warm-up chunk (wall time)
        import json

        def chunk(k: int, games: int) -> None:
            t0 = time.perf_counter()
            for page in [self.page] + ([self.base_page] if self.base_page is not None else []):
                self.call(
                    "bench_engine.handle_json",
                    json.dumps(
                        {
                            "op": "contract",
                            "game": "six_nimmt",
                            "players": 4,
                            "seed0": 900_000 + 100 * k,
                            "games": games,
                        }
                    ),
                    page,
                )
            self.warmup.append(games / (time.perf_counter() - t0))

        if warmup_s is not None:
            t0 = time.perf_counter()
            k = 0
            while time.perf_counter() - t0 < warmup_s:
                chunk(k, 20)
                k += 1
        else:
            for k in range(0, warmup_games, 20):
                chunk(k, min(20, warmup_games - k))

    def call(self, fn: str, arg: str, page=None) -> str:
        """``fn(arg)`` in the page's Python (``page``: the base page, or by default the page)."""
        return (page or self.page).evaluate("([fn, arg]) => window.runBench(fn, arg)", [fn, arg])

    def main_thread_cpu(self) -> float | None:
        """CPU seconds of the main threads of this profile's renderer processes (the page's)."""
        import _cpu

        total = 0.0
        found = False
        for pid, argv in _cpu.processes_with_arg(f"--user-data-dir={self.profile}"):
            if "--type=renderer" in " ".join(argv):  # Chromium rewrites its argv into one string
                c = _cpu.thread_cpu_seconds(pid)
                if c is not None:
                    total += c
                    found = True
        return total if found else None

    def close(self) -> None:
        try:
            close(self.ctx, self.profile)
            self.pw.stop()
        finally:
            self.server.stop()


os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
