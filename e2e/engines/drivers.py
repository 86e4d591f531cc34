"""Drive the app in WebKitGTK and Firefox ESR the way a player does: one page API over both.

- :class:`Xvfb`: an X server of our own for WebKitGTK (``Xvfb -displayfd``: started when it says
  which display it took, no guessing, no sleep).
- :func:`open_engine` ``("webkit" | "firefox", profile, ...)``: starts the engine's bridge in
  its own session (``webkit_host.py`` under Debian's Python, or ``firefox_bridge.mjs`` under
  Node) and returns an :class:`EnginePage`. Both bridges speak the same JSON lines.
- :class:`EnginePage`: ``goto``/``reload`` (answered when the load has finished), ``js`` and
  ``call`` (a JavaScript expression or async function body, its result as JSON), ``wait``
  (a condition, polled until true or a clear failure), ``tap`` (a real pointer click at the
  centre of a visible element that is not covered, as a finger would), ``fill``, ``messages``
  (console errors, page errors, crashes since the last call), ``shot``, ``cpu_seconds`` (CPU
  of the engine's processes), ``close`` (ends the bridge and every process it started).

Selectors are the ones the Chromium suite uses: visible texts and the shell's ``data-tap`` JSON.
"""

from __future__ import annotations

import json
import os
import queue
import select
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SYSTEM_PYTHON = "/usr/bin/python3"  # has python3-gi and gir1.2-webkit2-4.1 (a venv has not)
VIEWPORT = (390, 844)
#: ms from navigation start to <body data-ready>, stamped by lanes_init.js
INIT_SCRIPT = HERE / "lanes_init.js"
_TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


class EngineError(AssertionError):
    """The engine or its bridge failed (a crash, a command refused, no answer in time)."""


class Xvfb:
    """A virtual X display of our own (``with Xvfb() as display:`` gives ``":N"``)."""

    def __init__(self, size: str = "1280x1024x24") -> None:
        if shutil.which("Xvfb") is None:
            raise EngineError("Xvfb is missing: apt-get install xvfb")
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen(
            # -noreset: the last client leaving does not restart the server (a restart writes the
            # display number again, into a pipe nobody reads any more)
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        os.close(write_end)
        # The server writes the number and then the newline in two writes, and dies if the pipe
        # is closed in between ("Cannot write display number"): read up to the newline.
        text = b""
        deadline = time.monotonic() + 30
        try:
            while not text.endswith(b"\n") and time.monotonic() < deadline:
                ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))
                chunk = os.read(read_end, 64) if ready else b""
                if not chunk:
                    break
                text += chunk
        finally:
            os.close(read_end)
        number = text.decode().strip() if text.endswith(b"\n") else ""
        if not number.isdigit():
            self.close()
            raise EngineError(f"Xvfb did not start (no display number within 30 s: {text!r})")
        self.display = f":{number}"

    def close(self) -> None:
        _end_session(self.proc)

    def __enter__(self) -> str:
        return self.display

    def __exit__(self, *exc) -> None:
        self.close()


def _end_session(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """End ``proc`` and every process it started: its session (it was started with one of its
    own) and its descendants (a browser may start a session of its own: puppeteer detaches
    Firefox). SIGTERM, then SIGKILL to what is left after ``grace`` seconds."""
    members = _members(proc.pid)
    for pid in members:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and _alive(members):
        time.sleep(0.05)  # polling for the processes to be gone, not a synchronisation
    for pid in _alive(members) + _members(proc.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name: [state, ppid, pgrp, session, ..., utime (11), stime (12)]."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _members(root: int) -> list[int]:
    """Live processes of session ``root`` and every live descendant of process ``root``."""
    table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = _stat(int(name))
            if fields and fields[0] != "Z":
                table[int(name)] = (int(fields[1]), int(fields[3]))
    found = {pid for pid, (_ppid, sid) in table.items() if sid == root}
    if root in table:
        found.add(root)
    grew = True
    while grew:
        more = {pid for pid, (ppid, _sid) in table.items() if ppid in found and pid not in found}
        found |= more
        grew = bool(more)
    return sorted(found)


def _alive(pids: list[int]) -> list[int]:
    return [pid for pid in pids if (fields := _stat(pid)) is not None and fields[0] != "Z"]


class Bridge:
    """One engine's bridge process: JSON-line requests on its stdin, answers on its stdout."""

    def __init__(self, engine: str, argv: list[str], log_path: Path, env: dict | None = None) -> None:
        self.engine = engine
        self.log_path = log_path
        self._log = open(log_path, "w")
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            env=env,
            text=True,
            start_new_session=True,
            cwd=ROOT,
        )
        self._answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next = 1
        hello = self._wait_answer(0, 90, "start")
        self.version = str(hello)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                self._answers.put(json.loads(line))
            except ValueError:
                self._answers.put({"id": -1, "ok": False, "error": f"unreadable answer: {line[:200]!r}"})
        self._answers.put(None)  # the bridge closed its stdout: it is gone

    def log_tail(self, lines: int = 25) -> str:
        self._log.flush()
        try:
            text = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(text[-lines:])

    def _wait_answer(self, id_: int, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"{self.engine}: no answer to {what} within {timeout:.0f} s\n{self.log_tail()}")
            try:
                answer = self._answers.get(timeout=left)
            except queue.Empty:
                continue
            if answer is None:
                self._answers.put(None)
                raise EngineError(
                    f"{self.engine}: the bridge exited (code {self.proc.poll()}) during {what}\n{self.log_tail()}"
                )
            if answer.get("id") == id_:
                if not answer.get("ok"):
                    raise EngineError(f"{self.engine}: {what} failed: {answer.get('error')}")
                return answer.get("value")
            # an answer to an earlier request we stopped waiting for: dropped

    def request(self, cmd: str, timeout: float = 60, **args):
        id_ = self._next
        self._next += 1
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps({"id": id_, "cmd": cmd, **args}) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            raise EngineError(f"{self.engine}: the bridge is gone ({cmd})\n{self.log_tail()}") from None
        return self._wait_answer(id_, timeout, cmd)

    def cpu_seconds(self, skip_root: bool) -> float:
        """User + system CPU seconds of the bridge's live processes (:func:`_members`; the bridge
        itself too unless ``skip_root``: Node driving Firefox is not the browser's work)."""
        total = 0.0
        for pid in _members(self.proc.pid):
            if skip_root and pid == self.proc.pid:
                continue
            fields = _stat(pid)
            if fields:
                total += (int(fields[11]) + int(fields[12])) * _TICK_S
        return total

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.request("quit", timeout=15)
            except EngineError:
                pass
        _end_session(self.proc)
        self._log.close()


#: finds the element a player would tap: the first match of ``sel`` (whose text contains
#: ``text``, if given) that is rendered; scrolls it to the middle of the screen; answers its
#: centre if the element itself is what a finger there would touch, else why not
FIND_TAP_JS = """
const matches = [...document.querySelectorAll(arg.sel)].filter(
  (el) => arg.text === null || el.textContent.includes(arg.text));
if (!matches.length) return {why: 'no element'};
const el = matches.find((e) => e.getClientRects().length) || matches[0];
if (!el.getClientRects().length) return {why: 'not rendered'};
el.scrollIntoView({block: 'center', inline: 'center'});
const r = el.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return {why: `outside the screen at ${x},${y}`};
const hit = document.elementFromPoint(x, y);
if (!hit || !(el === hit || el.contains(hit))) {
  return {why: `covered by ${hit ? hit.outerHTML.slice(0, 120) : 'nothing'}`};
}
if (el.disabled || el.getAttribute('aria-disabled') === 'true') return {why: 'disabled'};
return {x, y};
"""


class EnginePage:
    """The app's page in one engine (see the module's docstring)."""

    def __init__(self, engine: str, bridge: Bridge, shots: Path) -> None:
        self.engine = engine
        self.bridge = bridge
        self.shots = shots

    # -- navigation and scripts -----------------------------------------------------------------

    def goto(self, url: str, timeout: float = 120) -> None:
        self.bridge.request("goto", timeout=timeout, url=url)

    def reload(self, timeout: float = 120) -> None:
        self.bridge.request("reload", timeout=timeout)

    def call(self, body: str, arg=None, timeout: float = 60):
        """Run ``body`` (an async function body seeing ``arg``) in the page; its JSON result."""
        return self.bridge.request("call", timeout=timeout, body=body, arg=arg)

    def js(self, expression: str, arg=None, timeout: float = 60):
        return self.call(f"return ({expression});", arg, timeout)

    def evaluate(self, expression: str, arg=None):
        """:meth:`js` under Playwright's name, so helpers written for a Playwright page (a
        JavaScript expression, no function) read this page too."""
        return self.js(expression, arg)

    def wait(self, expression: str, what: str, timeout: float = 60, arg=None, interval: float = 0.05):
        """Poll ``expression`` until its JSON value is truthy in Python (an element is ``{}``: use
        ``!!``); return that value. A script error while the page
        is between documents counts as not yet; at the deadline, fail saying ``what`` was awaited,
        the screen on show and the last value or error."""
        deadline = time.monotonic() + timeout
        last: object = None
        while True:
            try:
                value = self.js(expression, arg, timeout=max(5.0, deadline - time.monotonic()))
                if value:
                    return value
                last = value
            except EngineError as exc:
                if "bridge" in str(exc) or "no answer" in str(exc):
                    raise
                last = exc
            if time.monotonic() >= deadline:
                raise AssertionError(
                    f"{self.engine}: {what}: not within {timeout:.0f} s (last: {str(last)[:300]}); "
                    f"screen {self.screen_or_error()!r}; recorded: {self.bridge_messages_peek()}"
                )
            time.sleep(interval)  # polling a condition, not waiting for one to happen by itself

    # -- what a player sees and does ------------------------------------------------------------

    def screen(self) -> str:
        return self.js("document.body.getAttribute('data-screen') || ''")

    def screen_or_error(self) -> str:
        try:
            return self.screen()
        except EngineError as exc:
            return f"<{exc}>"

    def text(self, selector: str = "#app") -> str:
        """What the element shows (``textContent``: as written, not as CSS upper-cases it)."""
        return self.js("(document.querySelector(arg) || {textContent: ''}).textContent", selector)

    def count(self, selector: str) -> int:
        return self.js("document.querySelectorAll(arg).length", selector)

    def tap(self, selector: str, text: str | None = None, timeout: float = 15) -> None:
        """Tap (a real pointer click) the element ``selector`` (containing ``text``) once it is on
        screen and not covered."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.call(FIND_TAP_JS, {"sel": selector, "text": text})
            if "x" in found:
                self.bridge.request("click", x=found["x"], y=found["y"])
                return
            if time.monotonic() >= deadline:
                raise AssertionError(
                    f"{self.engine}: cannot tap {selector!r}{f' {text!r}' if text else ''}: {found['why']} "
                    f"(screen {self.screen_or_error()!r})"
                )
            time.sleep(0.05)  # polling for the element to be tappable

    def fill(self, selector: str, value: str) -> None:
        """Type ``value`` into the field ``selector`` (its value set, an input event sent)."""
        self.wait("!!document.querySelector(arg)", f"field {selector}", arg=selector, timeout=15)
        self.call(
            "const el = document.querySelector(arg.sel); el.focus(); el.value = arg.value;"
            " el.dispatchEvent(new Event('input', {bubbles: true}));"
            " el.dispatchEvent(new Event('change', {bubbles: true})); return el.value;",
            {"sel": selector, "value": value},
        )

    def wait_ready(self, timeout: float = 120) -> float:
        """Wait for <body data-ready> (the app accepts taps); ms from navigation start."""
        return self.wait("window.__readyAt", "the app ready (<body data-ready>)", timeout=timeout)

    def messages(self) -> list[dict]:
        return self.bridge.request("messages")

    def bridge_messages_peek(self) -> str:
        try:
            records = self.messages()
        except EngineError as exc:
            return f"<{exc}>"
        return "; ".join(f"{r.get('kind')}: {str(r.get('text'))[:200]}" for r in records) or "nothing"

    def shot(self, name: str) -> Path:
        self.shots.mkdir(parents=True, exist_ok=True)
        path = self.shots / f"{self.engine}-{name}.png"
        self.bridge.request("shot", path=str(path))
        return path

    def cpu_seconds(self) -> float:
        return self.bridge.cpu_seconds(skip_root=self.engine == "firefox")

    def close(self) -> None:
        self.bridge.close()


def open_engine(
    engine: str,
    profile: Path,
    shots: Path,
    display: str | None = None,
    init_scripts: tuple[Path, ...] = (),
) -> EnginePage:
    """Start ``engine`` ("webkit" needs ``display``) on a persistent profile folder, a
    390x844 page, with lanes_init.js and ``init_scripts`` run before the page's own scripts."""
    profile.mkdir(parents=True, exist_ok=True)
    width, height = VIEWPORT
    scripts: list[str] = []
    for path in (INIT_SCRIPT, *init_scripts):
        scripts += ["--init-script", str(path)]
    common = ["--profile", str(profile), "--width", str(width), "--height", str(height), *scripts]
    env = dict(os.environ)
    if engine == "webkit":
        if display is None:
            raise EngineError("webkit needs an X display (Xvfb)")
        env.update(DISPLAY=display, LANG="C.UTF-8", GDK_BACKEND="x11", NO_AT_BRIDGE="1")
        argv = [SYSTEM_PYTHON, str(HERE / "webkit_host.py"), *common]
    elif engine == "firefox":
        argv = ["node", str(HERE / "firefox_bridge.mjs"), *common]
    else:
        raise ValueError(f"unknown engine {engine!r}")
    bridge = Bridge(engine, argv, profile.parent / f"{engine}-{profile.name}.log", env)
    return EnginePage(engine, bridge, shots)
