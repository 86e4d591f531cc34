"""What every browser run of this repository shares: the browser tests (e2e/conftest.py), the
benchmarks (bench/_browser.py) and tools/view_shots.py take these from here.

- :data:`CHROMIUM`, :data:`ARGS`: Debian's Chromium as players run it, with the flags this machine
  needs (the browser tests add one of their own for the tests that do not judge speed).
- :func:`launch_persistent`: that Chromium, headless, on a persistent profile, as a phone.
- :func:`free_port`: a free TCP port on 127.0.0.1.
- :class:`ServeProcess`: tools/serve.py (or a script that wraps it) serving a folder in a
  subprocess, stoppable and restartable on the same port.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    # shared memory in /tmp, not /dev/shm: a container's small /dev/shm (64 MB by default) crashes
    # the renderer of a page holding Pyodide ("Target crashed")
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: the phone every browser run plays on: 390x844 CSS pixels portrait, touch, device scale 2
VIEWPORT = {"width": 390, "height": 844}
PHONE = {"viewport": VIEWPORT, "device_scale_factor": 2, "has_touch": True}


def launch_persistent(browser_type: Any, profile_dir: Path | str, args: Sequence[str] = ARGS, **options: Any) -> Any:
    """Playwright's ``browser_type.launch_persistent_context`` for :data:`CHROMIUM` with ``args``,
    headless, as :data:`PHONE`, on ``profile_dir`` (a persistent profile keeps the HTTP cache and
    the service worker across reloads); ``options`` are further context options (``base_url``,
    ``color_scheme`` ...). Returns the context."""
    return browser_type.launch_persistent_context(
        str(profile_dir), executable_path=CHROMIUM, args=list(args), headless=True, **PHONE, **options
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    """``script`` (tools/serve.py, or a wrapper taking its options, such as
    bench/_serve_counting.py with ``options=("--log", path)``) serving ``directory`` on
    127.0.0.1:``port`` in a subprocess. :meth:`stop` and :meth:`start` stop it and start it again on
    the same port, so the origin, and with it the service worker and the site's storage, stays the
    same; ``with ServeProcess(...) as server`` stops it at the end.

    With ``status_lines``, ``served`` gets ``(status, path)`` of every request answered and
    ``errors`` the lines of those answered with 400 or above (``"HTTP 404 GET /style.css"``).

    Raises:
        RuntimeError: from :meth:`start`, when the server does not say it is listening (with what
            it said instead).
    """

    def __init__(
        self,
        directory: Path,
        port: int | None = None,
        *,
        script: Path = ROOT / "tools" / "serve.py",
        options: Sequence[str] = (),
        status_lines: bool = False,
    ) -> None:
        self.directory = directory
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.command = [sys.executable, str(script), *options]
        self.command += ["--port", str(self.port), "--dir", str(directory), "--quiet"]
        if status_lines:
            self.command.append("--status-lines")
        self.status_lines = status_lines
        self.proc: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None
        self.served: list[tuple[int, str]] = []  # (status, path) of every request answered
        self.errors: list[str] = []  # "HTTP 404 GET /style.css" lines from the server

    def _read_status_lines(self, stream) -> None:
        for line in stream:
            parts = line.split()
            if len(parts) == 4 and parts[0] == "HTTP" and parts[1].isdigit():
                self.served.append((int(parts[1]), parts[3]))
                if int(parts[1]) >= 400:
                    self.errors.append(line.strip())

    def start(self) -> ServeProcess:
        """Start the server unless it runs; return this server once it listens."""
        if self.proc is not None:
            return self
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.proc.stdout.readline()  # "Hotseat: http://127.0.0.1:PORT/ ..." once listening
        if self.url not in line:
            rest = self.proc.stdout.read() if self.proc.poll() is not None else ""
            self.stop()
            raise RuntimeError(f"server did not start: {line}{rest}")
        if self.status_lines:
            self._reader = threading.Thread(target=self._read_status_lines, args=(self.proc.stdout,), daemon=True)
            self._reader.start()
        return self

    def stop(self) -> None:
        """Stop the server (if it runs) and wait until its port refuses connections, so a
        following reload truly finds no server."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self._reader is not None:
            self._reader.join(timeout=5)  # it has read every status line the server wrote
            self._reader = None
        self.proc.stdout.close()
        self.proc = None
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) != 0:
                    return
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.proc is not None

    def __enter__(self) -> ServeProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
