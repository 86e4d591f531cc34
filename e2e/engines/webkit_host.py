"""A small WebKitGTK page host for the engine lanes, driven over stdin/stdout (JSON lines).

Run with Debian's Python and its GObject bindings (``/usr/bin/python3``: packages python3-gi and
gir1.2-webkit2-4.1), under an X server (Xvfb)::

    /usr/bin/python3 e2e/engines/webkit_host.py --profile DIR --width 390 --height 844

Why a host of our own and not WebKitWebDriver with MiniBrowser: MiniBrowser keeps the page at
least 447 px wide, and WebDriver cannot run a script before the page's own. Here the window is
exactly ``--width`` x ``--height`` CSS px, a user script runs at document start in every page
(the lanes' console and error recorder, and any script handed over with ``--init-script``), and
clicks are real pointer events through GTK (press and release at a point), so WebKit does the
hit testing a finger would.

The profile (``--profile``) is persistent across reloads and restarts of the host: local
storage, Cache Storage, service worker registrations and the HTTP cache live in it.

Commands, one JSON object per line, each answered by one line ``{"id", "ok", "value"|"error"}``:

- ``{"cmd": "goto", "url": U}`` / ``{"cmd": "reload"}``: navigate; answered when the load has
  finished (``ok: false`` with WebKit's message when it failed).
- ``{"cmd": "call", "body": B, "arg": A}``: run ``B`` (a JavaScript async function body that
  sees ``arg``) in the page; its result, awaited, comes back as JSON.
- ``{"cmd": "click", "x": X, "y": Y}``: a left click at viewport point (X, Y).
- ``{"cmd": "messages"}``: the console errors, page errors, unhandled rejections and crashes
  recorded since the last call (``[{"kind", "text", "url"}]``), across navigations.
- ``{"cmd": "shot", "path": P}``: a PNG of the visible page.
- ``{"cmd": "quit"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_foreign("cairo")  # snapshots are cairo surfaces (Debian package python3-gi-cairo)
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402

#: records what the page reports as going wrong; posts each record to the host, which keeps it
#: across navigations (a reload would wipe a record kept in the page)
RECORDER_JS = r"""
(() => {
  const post = (kind, text) => {
    try {
      window.webkit.messageHandlers.lanes.postMessage(JSON.stringify({kind, text: String(text), url: location.href}));
    } catch (e) { /* no handler: nothing to record into */ }
  };
  const show = (v) => (v && v.stack) ? `${v}\n${v.stack}` : String(v);
  const error = console.error;
  console.error = function (...args) {
    post('console.error', args.map(show).join(' '));
    return error.apply(this, args);
  };
  addEventListener('error', (e) => post('pageerror',
    e.error ? show(e.error) : `${e.message} (${e.filename}:${e.lineno})`));
  addEventListener('unhandledrejection', (e) => post('unhandledrejection', show(e.reason)));
})();
"""


class Host:
    def __init__(self, profile: str, width: int, height: int, init_scripts: list[str]) -> None:
        manager = WebKit2.WebsiteDataManager(
            base_data_directory=os.path.join(profile, "data"),
            base_cache_directory=os.path.join(profile, "cache"),
        )
        context = WebKit2.WebContext.new_with_website_data_manager(manager)
        content = WebKit2.UserContentManager()
        for source in [RECORDER_JS, *init_scripts]:
            content.add_script(
                WebKit2.UserScript.new(
                    source,
                    WebKit2.UserContentInjectedFrames.TOP_FRAME,
                    WebKit2.UserScriptInjectionTime.START,
                    None,
                    None,
                )
            )
        content.register_script_message_handler("lanes")
        content.connect("script-message-received::lanes", self._on_record)
        self.view = WebKit2.WebView(web_context=context, user_content_manager=content)
        settings = self.view.get_settings()
        settings.set_enable_write_console_messages_to_stdout(True)
        settings.set_enable_developer_extras(False)
        if os.environ.get("LANES_WEBKIT_GL") != "1":
            settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        self.view.connect("load-changed", self._on_load_changed)
        self.view.connect("load-failed", self._on_load_failed)
        self.view.connect("web-process-terminated", self._on_terminated)
        self.window = Gtk.Window()
        self.window.set_default_size(width, height)
        self.window.set_resizable(False)
        self.window.add(self.view)
        self.window.connect("destroy", lambda *_: Gtk.main_quit())
        self.window.show_all()
        self.records: list[dict] = []
        self.pending_load: int | None = None
        self.load_error: str | None = None
        self.clock = 0  # ms, the time of the last synthetic click

    # -- answers ---------------------------------------------------------------------------------

    def answer(self, id_: int, ok: bool, value: object = None) -> None:
        line = {"id": id_, "ok": ok, ("value" if ok else "error"): value}
        PROTOCOL_OUT.write(json.dumps(line) + "\n")
        PROTOCOL_OUT.flush()

    # -- page events -----------------------------------------------------------------------------

    def _on_record(self, _content, message) -> None:
        try:
            self.records.append(json.loads(message.to_string()))
        except (TypeError, ValueError) as exc:
            self.records.append({"kind": "host", "text": f"unreadable record: {exc}", "url": ""})

    def _on_load_changed(self, _view, event) -> None:
        if event == WebKit2.LoadEvent.FINISHED and self.pending_load is not None:
            id_, self.pending_load = self.pending_load, None
            if self.load_error is None:
                self.answer(id_, True, self.view.get_uri())
            else:
                self.answer(id_, False, self.load_error)
            self.load_error = None

    def _on_load_failed(self, _view, _event, uri, error) -> bool:
        self.load_error = f"load of {uri} failed: {error.message}"
        return False

    def _on_terminated(self, _view, reason) -> None:
        self.records.append({"kind": "crash", "text": f"web process terminated: {reason.value_nick}", "url": ""})
        if self.pending_load is not None:
            id_, self.pending_load = self.pending_load, None
            self.answer(id_, False, f"web process terminated: {reason.value_nick}")

    # -- commands --------------------------------------------------------------------------------

    def run(self, request: dict) -> None:
        id_ = request.get("id", 0)
        cmd = request.get("cmd")
        try:
            if cmd in ("goto", "reload"):
                if self.pending_load is not None:
                    self.answer(id_, False, "a navigation is already under way")
                    return
                self.pending_load, self.load_error = id_, None
                if cmd == "goto":
                    self.view.load_uri(request["url"])
                else:
                    self.view.reload()
            elif cmd == "call":
                self.call(id_, request["body"], request.get("arg"))
            elif cmd == "click":
                self.click(float(request["x"]), float(request["y"]))
                self.answer(id_, True)
            elif cmd == "messages":
                out, self.records = self.records, []
                self.answer(id_, True, out)
            elif cmd == "shot":
                self.shot(id_, request["path"])
            elif cmd == "quit":
                self.answer(id_, True)
                Gtk.main_quit()
            else:
                self.answer(id_, False, f"unknown command {cmd!r}")
        except Exception as exc:  # a bad request is answered, the host goes on
            self.answer(id_, False, f"{type(exc).__name__}: {exc}")

    def call(self, id_: int, body: str, arg: object) -> None:
        wrapped = (
            f"const arg = JSON.parse(argText);\nconst run = async () => {{ {body}\n}};\n"
            "return JSON.stringify(await run()) ?? 'null';"
        )
        arguments = GLib.Variant("a{sv}", {"argText": GLib.Variant("s", json.dumps(arg))})

        def done(view, result) -> None:
            try:
                value = view.call_async_javascript_function_finish(result)
                self.answer(id_, True, json.loads(value.to_string()))
            except GLib.Error as exc:
                self.answer(id_, False, exc.message)

        self.view.call_async_javascript_function(wrapped, -1, arguments, None, None, None, done)

    def click(self, x: float, y: float) -> None:
        """Press and release the left button at (x, y). Event times run on a clock of their own,
        at least a second apart per click, so two taps are never taken for a double click (the
        app ignores the second click of one)."""
        self.clock = max(self.clock + 1000, GLib.get_monotonic_time() // 1000)
        window = self.view.get_window()
        pointer = Gdk.Display.get_default().get_default_seat().get_pointer()
        ox, oy = self.view.translate_coordinates(self.window, 0, 0) or (0, 0)
        for kind in (Gdk.EventType.MOTION_NOTIFY, Gdk.EventType.BUTTON_PRESS, Gdk.EventType.BUTTON_RELEASE):
            event = Gdk.Event.new(kind)
            target = event.motion if kind == Gdk.EventType.MOTION_NOTIFY else event.button
            target.window = window
            target.send_event = 1
            target.time = self.clock & 0xFFFFFFFF
            target.x, target.y = x, y
            target.x_root, target.y_root = x + ox, y + oy
            if kind != Gdk.EventType.MOTION_NOTIFY:
                target.button = 1
                if kind == Gdk.EventType.BUTTON_RELEASE:
                    target.state = Gdk.ModifierType.BUTTON1_MASK
            event.set_device(pointer)
            Gtk.main_do_event(event)

    def shot(self, id_: int, path: str) -> None:
        def done(view, result) -> None:
            try:
                surface = view.get_snapshot_finish(result)
                surface.write_to_png(path)
                self.answer(id_, True, path)
            except GLib.Error as exc:
                self.answer(id_, False, exc.message)

        self.view.get_snapshot(WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None, done)


def read_commands(host: Host) -> None:
    buffer = b""

    def on_input(fd, condition) -> bool:
        nonlocal buffer
        chunk = os.read(fd, 65536)
        if not chunk:  # the driver went away: so do we
            Gtk.main_quit()
            return False
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if line.strip():
                try:
                    request = json.loads(line)
                except ValueError as exc:
                    host.answer(0, False, f"unreadable command: {exc}")
                    continue
                host.run(request)
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, on_input)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--profile", required=True, help="folder of the persistent profile")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--init-script", action="append", default=[], help="a file run at document start")
    args = parser.parse_args()
    scripts = [open(path, encoding="utf-8").read() for path in args.init_script]
    ok, _argv = Gtk.init_check(None)  # importing Gtk does not connect to the display here
    if not ok:
        sys.exit(f"webkit_host: cannot open the X display {os.environ.get('DISPLAY')!r}")
    host = Host(args.profile, args.width, args.height, scripts)
    read_commands(host)
    host.answer(0, True, "ready")
    Gtk.main()


if __name__ == "__main__":
    # The protocol keeps the original stdout; everything else written to fd 1 (WebKit's console
    # lines, from the web process that inherits it) goes to stderr.
    PROTOCOL_OUT = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    main()
