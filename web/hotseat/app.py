"""Browser glue (PyScript, main thread): draw the controller into ``#app`` and feed it taps and time.

* One delegated ``click`` listener on ``#app`` reads the nearest ``[data-tap]`` element's JSON,
  adds the values of every ``[data-field]`` input under ``"fields"``, and calls
  :meth:`~hotseat.controller.Controller.tap`; then the app is redrawn. A redraw keeps what the
  player typed and has not sent yet (a code half typed when the camera or a phone answers), its
  folded section open and the caret in it.
* Paced reveals and bot turns: after each draw, if the controller asks for a delay, one
  ``setTimeout`` calls :meth:`~hotseat.controller.Controller.tick` (a newer draw cancels it). A
  tick that changed nothing on screen (a slice of the bots' thinking) is not drawn: only the next
  tick is set. During a paced reveal the bots think ahead beside its timer (a ``setTimeout(0)``
  chain of slices while :attr:`~hotseat.game_desk.GameDesk.pondering_aside`).
* The rules overlay fetches ``rules/<language>/<game_id>.html`` (:func:`hotseat.i18n.rules_url`;
  same origin, precached by the worker).
* The Back button (browser or Android): while :meth:`~hotseat.controller.Controller.back_target`
  says Back has something to do, one extra history entry (``history.state ==
  "hotseat-back-guard"``) sits on top of the page's own; Back pops it, ``popstate`` calls
  :meth:`~hotseat.controller.Controller.back`, and the next draw pushes the entry again if Back
  still has something to do. On the home screen with nothing open Back leaves the app. A page
  restored from the back/forward cache (``pageshow`` with ``persisted``) goes behind the curtain.
* Hide on hidden: ``visibilitychange`` to hidden and ``pagehide`` put a private view behind the
  curtain of the same player and redraw at once (index.html blanks a ``[data-private]`` screen
  first, in plain JavaScript, in case Python cannot answer).
* The settings sheet lists the device's voices of the current language (:func:`hotseat.fx.voices`,
  again when the browser reports ``voiceschanged``). A new language setting is installed at once
  (:func:`hotseat.i18n.activate`: its catalogue fetched, ``<html lang>`` set) and the same screen
  drawn again in it; the game itself is not touched.
* Settings (:attr:`hotseat.sheets.Sheets.settings`) are applied after each draw that
  changed them: ``<html data-theme>`` (``system``/``light``/``dark``, read by style.css; index.html
  sets it before the first paint), ``<html data-animation>``, the switches of :mod:`hotseat.fx`.
* Motion: cards and figures glide from where they were to where they are now
  (``js/motion.mjs``: ``measure`` before each new markup, ``play`` after it; the views mark
  them with ``data-flip``); off with reduced motion or the Animation setting at "off".
* The screen stays on during a game (:mod:`hotseat.wakelock`, asked after every draw and when the
  page is shown again); the narrator's voice stops when the game leaves the screen.
* Paced screens wait for the voice: a tick that comes while :func:`hotseat.fx.speaking` is put off
  (checked every :data:`HOLD_POLL_MS`). ``window.hotseatHold = true`` holds every tick the same
  way until it is cleared: end-to-end tests set it to look at a passing screen (a BAM!) without
  racing its timer on a loaded machine. ``window.hotseatPace`` (a number from 0 to 1) scales
  every such delay, for tests that play whole games where pacing is not what they look at.
* Phones (:mod:`hotseat.net`): after each draw the controller's ``wire.requests`` (offers,
  answers, QR codes) are carried out by :class:`hotseat.net.link.Net` (``js/net.mjs``, imported
  on first use) and ``wire.outbox`` is sent; the transport's reports go to
  :meth:`~hotseat.controller.Controller.net_event` (the host's side or a phone's); the camera
  runs while a scan screen is up; a page that becomes visible again asks the host for its newest
  view. While phones are connected to a table hosted here (at the table or stepped away from
  it), ``beforeunload`` asks the browser to confirm leaving the page
  (:attr:`~hotseat.controller.Controller.holds_phones`): leaving closes their links.
* One window owns a game: the lock named by :attr:`hotseat.saves_desk.WindowLocks.wanted` is
  held through index.html's ``hotseatLocks`` (Web Locks API, else a BroadcastChannel handshake);
  a refused or stolen lock is reported to the controller, and so is every change another window
  makes to the storage (the ``storage`` event: :meth:`hotseat.controller.Controller.stored_elsewhere`
  gives up a game whose save a backup restored there replaced). A file the controller offers
  (:attr:`~hotseat.controller.Controller.download`) is handed to ``hotseatDownload`` (a backup to
  ``hotseatShare``: the share sheet where the browser can share a file).
* Games that survive the browser (:mod:`hotseat.keeping`): "Restore a backup" clicks index.html's
  hidden ``<input type="file" id="hotseat-file">`` (inside the tap, so the browser allows it); the
  picked file's size is checked before it is read, then its text goes to
  :meth:`hotseat.saves_desk.Backups.restore_chosen`. Persistent storage
  (``navigator.storage.persist()``) is asked once per start, when a game is first on screen.
  ``hotseatInstallHint()`` says whether this browser lacks an install prompt (the home screen's
  "Add to Home Screen" hint, shown once).
* When the first screen accepts taps, ``<body data-ready>`` is set and the service-worker hook of
  index.html (``window.hotseatRegisterSW``) is called.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from . import fx, i18n, narration, screens, wakelock
from .controller import Controller
from .i18n import gettext as _
from .settings import Settings
from .storage import LocalStorage

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from .net.link import Net

_controller: Controller | None = None  # set by start(); read through _ctl()
_timer: object = None  # the id of the pending setTimeout
_aside: object = None  # the id of the pending setTimeout of the bots' thinking beside a reveal
_last_html: str | None = None  # redraw only when the screen changes (keeps CSS animations from restarting)
_listeners: list[JsProxy] = []  # keep the proxies alive
_net: Net | None = None  # made on the first request (js/net.mjs loads only then)
_camera: bool | None = None  # True while the camera runs (into a <video data-net-camera>)
_GUARD = "hotseat-back-guard"  # history.state of our entry (a string: no JS object needed)
_guarded = False  # our history entry is the current one (Back will come to us first)
_applied: Settings | None = None  # the Settings last applied to the page
_last_tap: str | None = None  # data-tap of the element last tapped (or focused with a key)
_layers: tuple[str, ...] = ()  # the sheets and question open at the last draw (Controller.layers)
_openers: list[str | None] = []  # data-tap of what opened each of them, bottom first
_in_game = False  # a game was on screen at the last draw
#: ms between two looks at a held tick (the voice still reading, or window.hotseatHold)
HOLD_POLL_MS = 100


def _ctl() -> Controller:
    """The app's controller: every caller runs after :func:`start` made it."""
    assert _controller is not None, "hotseat.app.start() has not run"
    return _controller


def _root() -> JsProxy:
    app: JsProxy = document.getElementById("app")
    return app


def _fields() -> dict[str, Any]:
    out = {}
    for el in _root().querySelectorAll("[data-field]"):
        out[str(el.getAttribute("data-field"))] = str(el.value)
    return out


def draw() -> None:
    """Render the controller into #app and schedule its next tick, if any."""
    global _last_html
    ctl = _ctl()
    root = _root()
    if ctl.sheets.settings_open:
        ctl.sheets.voices = [(v.uri, v.name) for v in narration.voices_for(fx.voices(), i18n.language())]
    markup = str(ctl.render())
    # a page hidden while Python could not answer was covered by index.html's fallback: redraw
    redrawn = markup != _last_html or root.querySelector("[data-cover]") is not None
    focused = _focused_tap() if redrawn else None
    if redrawn:
        typed = _typed(root)
        _motion_call("measure", root)
        root.innerHTML = markup
        _keep_typed(root, typed)
        _motion_call("play", root)
        _last_html = markup
        fx.play(root)
    _sync_focus(ctl.layers(), focused)
    screen = root.querySelector("[data-screen]")
    if screen is not None:
        document.body.setAttribute("data-screen", screen.getAttribute("data-screen"))
    _schedule(ctl)
    _sync_history()
    if ctl.sheets.language_changed:
        ctl.sheets.language_installed()
        asyncio.ensure_future(_switch_language())
    _apply_settings()
    _sync_game_extras()
    _sync_lock()
    if ctl.download is not None:
        offer, ctl.download = ctl.download, None
        try:
            if offer.get("share"):
                window.hotseatShare(offer["name"], offer["text"])
            else:
                window.hotseatDownload(offer["name"], offer["text"])
        except Exception as exc:
            window.console.warn(f"hotseat: no download: {exc!r}")
    if ctl.backups.pick_file:
        ctl.backups.pick_file = False  # still inside the tap: the browser lets the page open its file picker
        picker = document.getElementById("hotseat-file")
        if picker is not None:
            picker.click()
    _ask_persistence()
    if ctl.tables.warm:
        window.setTimeout(create_once_callable(ctl.tables.warm_up), 80)
    wanted = ctl.sheets.rules_wanted
    if wanted is not None:
        asyncio.ensure_future(_fetch_rules(wanted))
    _net_io()


_persist_asked = False


def _ask_persistence() -> None:
    """Once a game is on screen (so saved), ask the browser once per start to keep this site's
    storage (``navigator.storage.persist()``: Chromium decides by itself, Firefox asks the
    player, which is why it is not asked at the first visit)."""
    global _persist_asked
    if _persist_asked or _ctl().screen != "game":
        return
    _persist_asked = True

    async def ask() -> None:
        try:
            result = await window.hotseatPersist()
            window.console.info(f"hotseat: persistent storage: {result}")
        except Exception as exc:
            window.console.warn(f"hotseat: persistent storage not asked: {exc!r}")

    asyncio.ensure_future(ask())


async def _read_picked(picker: Any) -> None:
    """The file the player picked to restore: its size is checked before it is read."""
    from .backup import MAX_BYTES

    ctl = _ctl()
    files = picker.files
    if files is None or int(files.length) == 0:
        return
    chosen = files.item(0)
    picker.value = ""  # the same file picked again is a new choice
    size = int(chosen.size)
    text = None
    if size <= MAX_BYTES:
        try:
            text = str(await chosen.text())
        except Exception as exc:
            window.console.warn(f"hotseat: the file could not be read: {exc!r}")
            text = ""
    try:
        ctl.backups.restore_chosen(text, size)
        if ctl.backups.refused_detail:  # the player read what to do; this is for a bug report
            window.console.info(f"hotseat: the file was not restored: {ctl.backups.refused_detail}")
    except Exception as exc:
        window.console.error(f"hotseat: restore failed: {exc!r}")
        ctl.message = _crashed(exc)
    draw()


def _on_storage(event: Any) -> None:
    """Another window of this site changed the storage (a restored backup, a move, the players):
    the controller checks the game on screen and what the home screen lists."""
    key = getattr(event, "key", None)
    try:
        if _ctl().stored_elsewhere(None if key is None else str(key)):
            draw()
    except Exception as exc:
        window.console.error(f"hotseat: storage event failed: {exc!r}")


def _on_file(event: Any) -> None:
    asyncio.ensure_future(_read_picked(event.target))


def _net_io() -> None:
    """Carry out what the controller's phone side asked for, send its messages, run the camera."""
    global _net, _camera
    ctl = _ctl()
    wire = ctl.net_started
    if wire is not None and wire.clipboard is not None:
        text, wire.clipboard = wire.clipboard, None
        try:
            copying = window.hotseatCopy(text)  # called inside the tap: the browser allows it
        except Exception as exc:
            window.console.warn(f"hotseat: not copied: {exc!r}")
            copying = None
        asyncio.ensure_future(_copied(copying))
    scanning = ctl.side is not None and ctl.side.scanning
    if wire is None or (_net is None and not (wire.requests or wire.outbox or scanning)):
        return
    if _net is None:
        from .net.link import Net

        _net = Net(_on_net_event)
    outbox, wire.outbox = wire.outbox, []
    for link, text in outbox:
        if not _net.send(link, text):
            window.console.warn(f"hotseat: link {link} is not open; a message was dropped")
    requests, wire.requests = wire.requests, []
    for request in requests:
        asyncio.ensure_future(_net_request(request))
    video = _root().querySelector("[data-net-camera]") if scanning else None
    if video is not None and not video.hasAttribute("data-net-started"):
        video.setAttribute("data-net-started", "")  # once per element (a failed camera is not retried)
        _camera = True
        asyncio.ensure_future(_net.start_scan(video))
    elif video is None and _camera is not None:
        _camera = None
        _net.stop_scan()


async def _copied(copying: Any) -> None:
    """A line saying whether the pairing code reached the clipboard (``copying``: the promise of
    index.html's ``hotseatCopy``, or ``None``)."""
    ctl = _ctl()
    try:
        copied = copying is not None and bool(await copying)
    except Exception as exc:
        window.console.warn(f"hotseat: not copied: {exc!r}")
        copied = False
    ctl.notice = _("Code copied.") if copied else _("This browser did not copy it: select the text and copy it.")
    draw()


async def _net_request(request: tuple[Any, ...]) -> None:
    ctl = _ctl()
    wire = ctl.wire
    kind = request[0]
    assert _net is not None, "_net_io makes the link before it asks for anything"
    try:
        if kind == "offer":
            link, sdp = await _net.offer(*request[2:])
            if ctl.hosted is not None:
                ctl.hosted.offered(request[1], link, sdp)
            else:  # the table that asked for it closed meanwhile
                wire.close(link)
        elif kind == "accept":
            await _net.accept(request[1], request[2])
        elif kind == "answer":
            link, sdp = await _net.answer(*request[1:])
            if ctl.joined is not None:
                ctl.joined.answered(link, sdp)
            else:  # the phone left the table meanwhile
                wire.close(link)
        elif kind == "qr":
            version, rows = await _net.qr(request[1])
            wire.qr_ready(request[1], version, rows)
        elif kind == "close":
            _net.close(request[1])
    except Exception as exc:  # a browser without WebRTC or a camera: say so, keep the game
        window.console.error(f"hotseat: {kind} failed: {exc!r}")
        ctl.message = _("This browser could not connect the phones. Try again, or use another browser.")
    draw()


def _on_net_event(link: int, kind: str, text: str) -> None:
    ctl = _ctl()
    try:
        ctl.net_event(link, kind, text)
    except Exception as exc:
        window.console.error(f"hotseat: net event {kind} failed: {exc!r}")
    draw()


def _apply_settings() -> None:
    """Put the settings on the page when they changed since the last draw."""
    global _applied
    ctl = _ctl()
    current = ctl.sheets.settings
    if current == _applied:
        return
    _applied = current
    try:
        html = document.documentElement
        html.setAttribute("data-theme", current.theme)
        html.setAttribute("data-animation", current.animation)
        meta = document.querySelector("meta[name='color-scheme']")
        if meta is not None:
            meta.setAttribute("content", {"light": "light", "dark": "dark"}.get(current.theme, "dark light"))
    except Exception as exc:
        window.console.warn(f"hotseat: settings not applied: {exc!r}")
    fx.configure(current.sound, current.vibration, current.voice, current.voice_rate)


async def _switch_language() -> None:
    """The language setting changed: install that language (or the browser's, for "Like the
    phone"), ``<html lang>`` follows, and the screen is drawn again in it. The session is not
    touched: the same screen comes back in the new language."""
    code = i18n.choose(_ctl().sheets.settings.language, list(window.navigator.languages or []))
    await i18n.activate(window, code)
    draw()


def _on_voices(*_args: object) -> None:
    """The browser's voices arrived or changed (they load late in some browsers): an open settings
    sheet lists them."""
    if _controller is not None and _controller.sheets.settings_open:
        draw()


def _sync_game_extras() -> None:
    """The wake lock follows the controller; the voice stops when the game leaves the screen."""
    global _in_game
    ctl = _ctl()
    in_game = ctl.screen == "game"
    if _in_game and not in_game:
        fx.silence()
    _in_game = in_game
    wakelock.keep_awake(ctl.wants_wake_lock)


def _paced(delay: int) -> int:
    """``delay`` (ms) times ``window.hotseatPace`` when that is a number from 0 to 1 (end-to-end
    tests set it to play whole games faster than the app's pace where pacing is not what they
    look at); any other value, or none, leaves the app's own pace."""
    try:
        factor = getattr(window, "hotseatPace", None)
    except Exception:
        return delay
    if isinstance(factor, (int, float)) and not isinstance(factor, bool) and 0 <= factor < 1:
        return int(delay * factor)
    return delay


def _held() -> bool:
    """Whether the next tick must wait: the voice is still reading, or a test holds the pace."""
    try:
        if bool(getattr(window, "hotseatHold", False)):
            return True
    except Exception:
        pass
    return fx.speaking()


_motion: Any = None  # js/motion.mjs once imported (cards and figures glide between two draws)


async def _load_motion() -> None:
    """Import js/motion.mjs; until it is there (or if it cannot be), draws simply do not move."""
    global _motion
    try:
        url = str(window.URL.new("js/motion.mjs", document.baseURI).href)
        _motion = await run_js(f"import({json.dumps(url)})")
    except Exception as exc:
        window.console.warn(f"hotseat: no motion: {exc!r}")


def _motion_call(name: str, root: Any) -> None:
    """``measure`` (before the markup is replaced) or ``play`` (after) of js/motion.mjs: it only
    starts animations, never waits for them."""
    if _motion is None:
        return
    try:
        getattr(_motion, name)(root)
    except Exception as exc:  # motion is a help, never a reason for a draw to fail
        window.console.warn(f"hotseat: motion {name} failed: {exc!r}")


#: input types whose text a redraw keeps (a box, a switch or a file is read by its tap at once)
_TEXT_INPUTS = frozenset({"text", "search", "number", "tel", "url", "email", ""})


def _element(found: Any) -> Any | None:
    """``found`` when it is an element, else ``None`` (``querySelector``, ``closest`` and
    ``activeElement`` give JS null, pyodide's ``JsNull``, which is not ``None``)."""
    return found if hasattr(found, "getAttribute") else None


def _typed(root: Any) -> dict[str, Any]:
    """What the player typed and has not sent yet, before a redraw replaces the screen:
    ``{"screen": data-screen, "fields": {data-field: (value, the markup's value, focused,
    selection start, selection end)}}`` for each text field whose value differs from the value
    its markup gave it."""
    fields: dict[str, tuple[str, str, bool, Any, Any]] = {}
    active = _element(document.activeElement)
    for el in root.querySelectorAll("textarea[data-field], input[data-field]"):
        kind = str(el.getAttribute("type") or "").lower()
        if str(el.tagName).lower() == "input" and kind not in _TEXT_INPUTS:
            continue
        value, markup = str(el.value), str(el.defaultValue)
        if value != markup:
            focused = active is not None and bool(el.isSameNode(active))
            start, end = (el.selectionStart, el.selectionEnd) if focused and kind != "number" else (None, None)
            fields[str(el.getAttribute("data-field"))] = (value, markup, focused, start, end)
    screen = _element(root.querySelector("[data-screen]"))
    return {"screen": None if screen is None else str(screen.getAttribute("data-screen")), "fields": fields}


def _keep_typed(root: Any, typed: dict[str, Any]) -> None:
    """Put back what :func:`_typed` found into the new screen: the same screen's field of the same
    name whose markup value has not changed (the app did not set a value of its own) gets the
    player's text back, its folded section (``<details>``) stays open, and the focus and caret
    stay in it (a phone's keyboard stays up). A reply from the network or the camera that redraws
    the screen never wipes a code half typed."""
    screen = _element(root.querySelector("[data-screen]"))
    if not typed["fields"] or screen is None or str(screen.getAttribute("data-screen")) != typed["screen"]:
        return
    for el in root.querySelectorAll("textarea[data-field], input[data-field]"):
        kept = typed["fields"].get(str(el.getAttribute("data-field")))
        if kept is None or str(el.defaultValue) != kept[1]:
            continue
        value, _markup, focused, start, end = kept
        el.value = value
        fold = _element(el.closest("details"))
        if fold is not None:
            fold.open = True
        if focused:
            try:
                _focus(el)
                if start is not None:
                    el.setSelectionRange(start, end)
            except Exception as exc:  # the caret is a help, never a reason for a draw to fail
                window.console.warn(f"hotseat: caret not kept: {exc!r}")


def _focused_tap() -> str | None:
    """The ``data-tap`` of the focused element when it is one of the app's taps, else ``None``."""
    active = document.activeElement
    if active is None or not hasattr(active, "getAttribute") or not _root().contains(active):
        return None
    tap = active.getAttribute("data-tap")
    return None if tap is None else str(tap)


def _focus_tap(tap: str | None) -> bool:
    """Focus the element whose ``data-tap`` is ``tap`` (the one on top when there are several)."""
    if tap is None:
        return False
    found = None
    for el in _root().querySelectorAll("[data-tap]"):
        if str(el.getAttribute("data-tap")) == tap:
            found = el
    if found is not None:
        _focus(found)
    return found is not None


def _focus(el: Any) -> None:
    """Focus ``el`` without scrolling the page (the player's place on it stays)."""
    el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def _focus_top_sheet() -> None:
    overlays = _root().querySelectorAll(".overlay")
    if overlays.length:
        first = overlays.item(overlays.length - 1).querySelector("button, [href], [tabindex]")
        if first is not None:
            _focus(first)


def _sync_focus(layers: tuple[str, ...], focused: str | None) -> None:
    """Keyboard focus follows the sheets: a sheet or question that opens takes the focus (its
    first button), one that closes gives it back to the button that opened it (found again by
    its ``data-tap``: the draw replaced the element), else to the sheet now on top. A redraw
    with the same sheets keeps the focus on the same tap (``focused``: the focused element's
    ``data-tap`` before the draw replaced it)."""
    global _layers
    before, _layers = _layers, layers
    if layers == before:
        try:
            if focused is not None and _focused_tap() is None and not _focus_tap(focused) and layers:
                _focus_top_sheet()
        except Exception as exc:
            window.console.warn(f"hotseat: focus not kept: {exc!r}")
        return
    kept = 0
    while kept < min(len(before), len(layers)) and before[kept] == layers[kept]:
        kept += 1
    opener = _openers[kept] if len(_openers) > kept else None
    closed = len(before) > kept
    del _openers[kept:]
    _openers.extend([_last_tap] * (len(layers) - kept))
    try:
        if len(layers) > kept:  # a new one on top
            _focus_top_sheet()
        elif closed and not _focus_tap(opener) and layers:
            _focus_top_sheet()
    except Exception as exc:  # focus is a help, never a reason for a tap to fail
        window.console.warn(f"hotseat: focus not moved: {exc!r}")


def _sync_history() -> None:
    """Push the guard entry when Back has something to do and it is not there yet."""
    global _guarded
    ctl = _ctl()
    if not _guarded and ctl.back_target() is not None:
        try:
            window.history.pushState(_GUARD, "")
            _guarded = True
        except Exception as exc:  # a browser without the History API: Back simply leaves
            window.console.warn(f"hotseat: no history entry: {exc!r}")


_lock_game: str | None = None  # the game whose lock this window holds or has asked for


def _sync_lock() -> None:
    """Hold the Web Lock of the game on screen (index.html's hotseatLocks), release any other."""
    global _lock_game
    ctl = _ctl()
    wanted = ctl.locks.wanted
    locks = getattr(window, "hotseatLocks", None)
    if locks is None or wanted == _lock_game:
        return
    if _lock_game is not None:
        locks.release(_lock_game)
    _lock_game = wanted
    if wanted is None:
        return

    def result(granted: Any, game: str = wanted) -> None:
        if _lock_game != game:
            return
        if granted:
            ctl.locks.granted(game)
        else:
            ctl.locks.refused(game)
        draw()

    def lost(game: str = wanted) -> None:
        global _lock_game
        if _lock_game == game:
            _lock_game = None
            ctl.locks.lost(game)
            draw()

    on_result, on_lost = _kept(result), _kept(lost)
    locks.claim(wanted, bool(ctl.locks.steal), on_result, on_lost)


def _kept(handler: Callable[..., Any]) -> JsProxy:
    """A JS function calling ``handler``, kept alive as long as the page (in :data:`_listeners`)."""
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    return proxy


def _listen(target: Any, event: str, handler: Callable[..., Any]) -> JsProxy:
    """``target.addEventListener(event, ...)`` calling ``handler``; returns the kept proxy."""
    proxy = _kept(handler)
    target.addEventListener(event, proxy)
    return proxy


def _is_guard(state: Any) -> bool:
    return isinstance(state, str) and state == _GUARD


def _on_popstate(event: Any) -> None:
    global _guarded
    ctl = _ctl()
    if _is_guard(event.state):  # Forward onto our own entry: nothing to do
        _guarded = True
        return
    _guarded = False
    try:
        handled = ctl.back()
    except Exception as exc:
        window.console.error(f"hotseat: back failed: {exc!r}")
        handled = True
    if not handled:
        # a stale guard entry (e.g. Menu was tapped): this Back was meant to leave the app
        window.history.back()
        return
    draw()
    window.scrollTo(0, 0)


def _on_pageshow(event: Any) -> None:
    # back from the back/forward cache: never show the last player's hand to whoever holds the
    # phone now (Controller.page_restored puts a game behind the curtain)
    if getattr(event, "persisted", False):
        _ctl().page_restored()
        draw()


def _on_visibility(event: Any) -> None:
    """``visibilitychange`` and ``pagehide``: a private view goes behind the curtain at once,
    synchronously, before the browser takes its snapshot of the page for the app switcher."""
    global _last_html
    ctl = _ctl()
    hidden = str(getattr(event, "type", "")) == "pagehide" or str(document.visibilityState) == "hidden"
    if not hidden:
        wakelock.page_shown()  # the browser dropped the wake lock while hidden: draw() asks again
    if hidden:
        try:
            ctl.page_hidden()
        except Exception as exc:  # index.html's fallback has already blanked a private screen
            window.console.error(f"hotseat: hiding failed: {exc!r}")
        _last_html = None
    elif ctl.joined is not None:
        ctl.joined.resumed()
    draw()


def _on_beforeunload(event: Any) -> None:
    """Leaving the page (closing the tab, a reload, navigating away) closes the links of the phones
    connected here: the browser asks first (its own words; a page cannot choose them)."""
    try:
        holds = _ctl().holds_phones
    except Exception:
        return
    if holds:
        event.preventDefault()
        event.returnValue = ""


def _crashed(exc: Exception) -> str:
    """What the player reads when a tap or a tick raised (the game stays saved)."""
    return _("Something went wrong ({error}). Your game is saved: tap the menu, then Continue.").format(
        error=type(exc).__name__
    )


def _schedule(ctl: Controller) -> None:
    """The next tick after the controller's delay (:func:`draw`, or a tick that changed nothing on
    screen); the bots' thinking beside a paced reveal; ``body[data-pondering]``."""
    global _timer, _aside
    if _timer is not None:
        window.clearTimeout(_timer)
        _timer = None
    delay = ctl.delay_ms()
    if delay is not None:
        _timer = window.setTimeout(create_once_callable(_on_timer), _paced(delay))
    if _aside is None and ctl.games.pondering_aside:
        _aside = window.setTimeout(create_once_callable(_on_aside), 0)
    # bots thinking ahead on their secret choices (for tests and tools)
    document.body.toggleAttribute("data-pondering", ctl.games.pondering or ctl.games.pondering_aside)


def _on_timer(*_args: Any) -> None:
    global _timer
    ctl = _ctl()
    _timer = None
    if _held():
        _timer = window.setTimeout(create_once_callable(_on_timer), HOLD_POLL_MS)
        return
    changed = True
    try:
        changed = ctl.tick()
    except Exception as exc:
        window.console.error(f"hotseat: tick failed: {exc!r}")
        ctl.message = _crashed(exc)
    if changed:
        draw()
    else:  # a slice of the bots' thinking: the screen is as it was, no need to build it again
        _schedule(ctl)


def _on_aside(*_args: Any) -> None:
    """One slice of the bots' thinking ahead between a paced reveal's steps (their own timer
    keeps its pace: this runs in the time between them), then the next slice after the browser
    had its turn, while there is thinking left."""
    global _aside
    ctl = _ctl()
    _aside = None
    session = ctl.session
    if session is None or not ctl.games.pondering_aside:
        return
    try:
        session.bots.step_ahead()
    except Exception as exc:  # the bot's turn thinks cold instead
        window.console.error(f"hotseat: thinking ahead failed: {exc!r}")
        session.bots.ponder.clear()
    if _ctl().games.pondering_aside:
        _aside = window.setTimeout(create_once_callable(_on_aside), 0)
    else:
        document.body.toggleAttribute("data-pondering", ctl.games.pondering)


async def _fetch_rules(game_id: str) -> None:
    ctl = _ctl()
    text = None
    try:
        response = await window.fetch(i18n.rules_url(game_id))
        if response.ok:
            text = str(await response.text())
    except Exception:
        text = None
    if ctl.sheets.rules_wanted == game_id:
        ctl.sheets.rules_loaded(game_id, text)
        draw()


def _on_click(event: Any) -> None:
    # The second click of a double tap (detail 2, 3 ...) is ignored: after the first tap the next
    # button (e.g. "Lay the 9") may sit where the card was, and one quick double tap must never
    # make a move the player did not see.
    if getattr(event, "detail", 1) > 1:
        return
    _tap_element(event.target.closest("[data-tap]") if event.target is not None else None)


def _on_key(event: Any) -> None:
    """Escape closes the sheet or question on top (:meth:`~hotseat.controller.Controller.escape`).
    Enter or Space on a focused tap drawn in a picture (a Dog field: ``role="button"``,
    ``tabindex``) taps it as a click would; a real ``<button>`` clicks by itself."""
    target = event.target
    if str(getattr(event, "key", "")) == "Escape":
        if _ctl().escape():
            event.preventDefault()
            draw()
        return
    if str(getattr(event, "key", "")) not in ("Enter", " ") or target is None or not hasattr(target, "getAttribute"):
        return
    if str(target.tagName).lower() == "button" or target.getAttribute("role") != "button":
        return
    if not target.hasAttribute("data-tap"):
        return
    event.preventDefault()
    _tap_element(target)


def _tap_element(target: Any) -> None:
    """Make the tap of ``target`` (the element carrying ``data-tap``)."""
    ctl = _ctl()
    # closest() gives JS null (pyodide's JsNull, not None) for a tap outside any button
    if target is None or not hasattr(target, "getAttribute"):
        return
    global _last_tap
    _last_tap = str(target.getAttribute("data-tap"))
    try:
        tap = json.loads(_last_tap)
    except ValueError:
        return
    if not isinstance(tap, dict):
        return
    tap["fields"] = _fields()
    fx.unlock()  # inside the player's gesture: later cues (a bot's move, a timer) may sound
    before = ctl.screen, getattr(ctl.session, "phase", None)
    try:
        ctl.tap(tap)  # parsed there, once (hotseat.taps.parse_tap)
    except Exception as exc:  # a bug must not leave the page dead: say so, keep the save
        window.console.error(f"hotseat: tap {tap!r} failed: {exc!r}")
        ctl.message = _crashed(exc)
    if ctl.refused_tap is not None:
        window.console.warn(f"hotseat: tap {_last_tap} refused: {ctl.refused_tap}")
    draw()
    after = ctl.screen, getattr(ctl.session, "phase", None)
    if before != after:
        window.scrollTo(0, 0)


def _can_connect_phones() -> bool:
    """Whether this browser has WebRTC data channels (index.html's ``hotseatCanConnect``; some
    builds and privacy settings remove them)."""
    try:
        return bool(window.hotseatCanConnect())
    except Exception:
        return False


def start() -> None:
    """Boot: draw the home screen, listen to taps, mark the page ready, register the worker."""
    global _controller, _guarded
    t0 = time.perf_counter()
    try:
        _controller = Controller(LocalStorage(window))
        if not _can_connect_phones():
            _controller.phones_unavailable()
        _guarded = _is_guard(window.history.state)  # a reload keeps the history entries
        draw()
    except Exception as exc:  # never a dead splash: say so, keep every save, still accept taps
        window.console.error(f"hotseat: start failed: {exc!r}")
        _root().innerHTML = str(screens.last_resort(f"{type(exc).__name__}: {exc}"))
        document.body.setAttribute("data-ready", "")
        return
    ms = 1000 * (time.perf_counter() - t0)
    window.console.info(f"hotseat: home screen drawn {ms:.0f} ms after app.start()")
    asyncio.ensure_future(_load_motion())
    _listen(_root(), "click", _on_click)
    _listen(document, "keydown", _on_key)  # Escape also when nothing has the focus
    _listen(window, "popstate", _on_popstate)
    _listen(window, "pageshow", _on_pageshow)
    hide = _listen(document, "visibilitychange", _on_visibility)
    window.addEventListener("pagehide", hide)
    _listen(window, "beforeunload", _on_beforeunload)
    synth = getattr(window, "speechSynthesis", None)
    if synth is not None and hasattr(synth, "addEventListener"):
        _listen(synth, "voiceschanged", _on_voices)
    _listen(window, "storage", _on_storage)
    picker = document.getElementById("hotseat-file")
    if picker is not None:
        _listen(picker, "change", _on_file)
    try:
        hint = str(window.hotseatInstallHint())
    except Exception:
        hint = ""
    if hint:
        _ctl().backups.show_install_hint(hint)
        draw()
    document.body.setAttribute("data-ready", "")
    register = getattr(window, "hotseatRegisterSW", None)
    if register is not None:
        try:
            register()
        except Exception:
            pass
