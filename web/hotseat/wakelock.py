"""Keep the screen on during a game: the Screen Wake Lock API (browser glue, used by :mod:`hotseat.app`).

:func:`keep_awake` is called after every draw and whenever the page becomes visible again, with
whether the screen should stay on now (:attr:`hotseat.controller.Controller.wants_wake_lock`: a
game on screen and the "Keep the screen on" setting on):

* wanted, the page visible and no lock held: ``navigator.wakeLock.request("screen")``, one
  request at a time;
* the browser itself releases the lock whenever the page is hidden (the sentinel's ``released``
  turns true); the first call after the page is visible again takes a new one;
* not wanted (home, setup, the setting off): the lock held is released; a request still on its
  way is released as soon as it arrives.

Where the API is missing (older browsers, a page not served over HTTPS) or the browser refuses
(battery saver, a policy), nothing happens and nothing is shown: the screen follows the phone's
own timeout, as without this module. A refusal is not asked again until the page has been hidden
and shown again, or the lock was unwanted in between.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window

_sentinel = None  # the WakeLockSentinel held (its .released turns true when the browser drops it)
_requesting = False
_wanted = False
_refused = False


def _api() -> Any:
    """``navigator.wakeLock``, or ``None`` where it is missing (JS ``undefined`` or ``null``)."""
    api = getattr(window.navigator, "wakeLock", None)
    return api if hasattr(api, "request") else None


def held() -> bool:
    """Whether a wake lock is held now."""
    try:
        return _sentinel is not None and not bool(_sentinel.released)
    except Exception:
        return False


def keep_awake(wanted: bool) -> None:
    """Hold the screen on while ``wanted`` (see the module docstring); never raises."""
    global _wanted, _requesting, _refused
    _wanted = bool(wanted)
    try:
        if not _wanted:
            _refused = False
            _release()
            return
        if held() or _requesting or _refused or str(document.visibilityState) != "visible":
            return
        api = _api()
        if api is None:
            return
        _requesting = True
        asyncio.ensure_future(_request(api))
    except Exception as exc:  # the screen staying on is an extra: never break the app
        window.console.warn(f"hotseat: wake lock: {exc!r}")


def page_shown() -> None:
    """The page became visible again: a refused request may be tried once more."""
    global _refused
    _refused = False


async def _request(api: Any) -> None:
    global _sentinel, _requesting, _refused
    sentinel = None
    try:
        sentinel = await api.request("screen")
    except Exception:  # NotAllowedError (battery saver, hidden page, policy): stay silent
        _refused = True
    finally:
        _requesting = False
    if sentinel is None:
        return
    _sentinel = sentinel
    if not _wanted:  # home was reached while the request was on its way
        _release()


def _release() -> None:
    global _sentinel
    sentinel, _sentinel = _sentinel, None
    if sentinel is None:
        return
    try:
        if not bool(sentinel.released):
            sentinel.release()
    except Exception:
        pass
