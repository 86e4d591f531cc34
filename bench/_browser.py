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

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "site"
RESULTS = ROOT / "bench" / "results"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 390, "height": 844}
BOOT_TIMEOUT_MS = 90_000

READY_SCRIPT = """
(() => {
  const stamp = () => {
    if (window.__readyAt === undefined && document.body && document.body.hasAttribute('data-ready'))
      window.__readyAt = performance.now();
  };
  new MutationObserver(stamp).observe(document, {attributes: true, subtree: true, childList: true,
                                                   attributeFilter: ['data-ready']});
})();
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
    shutil.copytree(app / "pyodide", bare / "pyodide")
    return app, bare


class Server:
    """tools/serve.py serving ``directory`` on 127.0.0.1:``port`` in a subprocess."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.directory = directory
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Server":
        if self.proc is not None:
            return self
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(self.port),
             "--dir", str(self.directory), "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        line = self.proc.stdout.readline()
        if self.url not in line:
            self.stop()
            raise RuntimeError(f"server did not start: {line!r}")
        return self

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.proc = None
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) != 0:
                    return
            time.sleep(0.05)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def launch(pw, profile_dir: str | None = None):
    """A persistent Chromium context on a fresh (or given) profile directory; returns (context, dir)."""
    profile_dir = profile_dir or tempfile.mkdtemp(prefix="hotseat-bench-")
    ctx = pw.chromium.launch_persistent_context(
        profile_dir,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport=VIEWPORT,
        device_scale_factor=2,
        has_touch=True,
    )
    ctx.add_init_script(READY_SCRIPT)
    return ctx, profile_dir


def close(ctx, profile_dir: str) -> None:
    try:
        ctx.close()
    finally:
        shutil.rmtree(profile_dir, ignore_errors=True)


def page_of(ctx):
    return ctx.pages[0] if ctx.pages else ctx.new_page()


def load_and_wait_ready(page, url: str, timeout: float = BOOT_TIMEOUT_MS) -> dict:
    """Navigate to ``url``, wait for ``<body data-ready>``; return ms since navigation start.

    Keys: ready (data-ready / bare runPython done), fcp (first-contentful-paint or None),
    controlled (a service worker answered this page).
    """
    page.goto(url, wait_until="commit", timeout=timeout)
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout, polling=50)
    return page.evaluate(
        """() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            return {ready: window.__readyAt, fcp: fcp ? fcp.startTime : null,
                    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};
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


os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
