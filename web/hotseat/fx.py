"""Sound and vibration for views (browser glue, imported only by :mod:`hotseat.app`).

A view asks for an effect by rendering an element such as::

    <i hidden data-fx="tone:660:120 vibrate:60" data-fx-key="r3-7"></i>

After each redraw :func:`play` looks for ``[data-fx]`` elements and plays each key once (a redraw
of the same screen does not repeat it). Effects, separated by spaces:

* ``tone:HZ:MS`` — a short sine beep through WebAudio (one shared ``AudioContext``, created on the
  first effect, which always follows a tap, so the browser allows it to sound);
* ``bam:MS`` — a noisy low thump (the hunter's shot);
* ``vibrate:MS`` — ``navigator.vibrate`` where the device has it.

An element ``<i hidden data-scroll-key="K">`` scrolls the page to the top whenever ``K`` differs
from the previous screen's key (a new player's picker starts at the top, not where the last
player's "Enter" button was).

Every failure (no WebAudio, no vibration motor, autoplay refused) is silent: effects are extras.
"""

from __future__ import annotations

from pyscript import window

_played: set[str] = set()
_audio = None
_scroll_key: str | None = None


def _context():
    global _audio
    if _audio is None:
        ctor = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if ctor is None:
            return None
        _audio = ctor.new()
    if str(_audio.state) == "suspended":
        _audio.resume()
    return _audio


def _tone(freq: float, ms: int, kind: str = "sine", gain: float = 0.25) -> None:
    ctx = _context()
    if ctx is None:
        return
    now = ctx.currentTime
    osc = ctx.createOscillator()
    amp = ctx.createGain()
    osc.type = kind
    osc.frequency.setValueAtTime(freq, now)
    if kind == "sawtooth":  # the "bam": a falling growl
        osc.frequency.exponentialRampToValueAtTime(max(freq / 4, 30), now + ms / 1000)
    amp.gain.setValueAtTime(gain, now)
    amp.gain.exponentialRampToValueAtTime(0.001, now + ms / 1000)
    osc.connect(amp)
    amp.connect(ctx.destination)
    osc.start(now)
    osc.stop(now + ms / 1000 + 0.02)


def _vibrate(ms: int) -> None:
    nav = window.navigator
    if getattr(nav, "vibrate", None) is not None:
        nav.vibrate(ms)


def _run(spec: str) -> None:
    for part in spec.split():
        bits = part.split(":")
        try:
            if bits[0] == "tone" and len(bits) == 3:
                _tone(float(bits[1]), int(bits[2]))
            elif bits[0] == "bam" and len(bits) == 2:
                _tone(180.0, int(bits[1]), "sawtooth", 0.5)
            elif bits[0] == "vibrate" and len(bits) == 2:
                _vibrate(int(bits[1]))
        except Exception:  # effects are extras: never break the app
            pass


def play(root) -> None:
    """Play every not-yet-played ``[data-fx]`` effect under ``root``; scroll up on a new key."""
    global _scroll_key
    try:
        marker = root.querySelector("[data-scroll-key]")
        if marker is not None:
            key = str(marker.getAttribute("data-scroll-key"))
            if key != _scroll_key:
                _scroll_key = key
                window.scrollTo(0, 0)
    except Exception:
        pass
    try:
        elements = root.querySelectorAll("[data-fx]")
    except Exception:
        return
    for i in range(elements.length):
        el = elements.item(i)
        key = str(el.getAttribute("data-fx-key") or el.getAttribute("data-fx"))
        if key in _played:
            continue
        _played.add(key)
        _run(str(el.getAttribute("data-fx")))
