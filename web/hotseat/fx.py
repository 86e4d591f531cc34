"""Sound, vibration and the narrator's voice (browser glue, imported only by :mod:`hotseat.app`).

A view or the shell asks for an effect by rendering a hidden element::

    <i hidden data-cue="take" data-fx-key="s12-r3-7"></i>         a key moment (hotseat.narration.CUES)
    <i hidden data-fx="tone:660:120 vibrate:60" data-fx-key="k"></i>   effect parts spelled out
    <i hidden data-say="Down in the woods …" data-fx-key="k"></i>      a text for the narrator's voice

After each redraw :func:`play` plays every element whose kind and key (``data-fx-key``, else its
content) it has not played yet, in page order (a redraw of the same screen does not repeat it);
never one inside a ``[data-quiet]`` element (the replay after the game shows tables already played).
Effect parts (see :mod:`hotseat.narration`):

* ``tone:HZ:MS[:DELAY_MS]`` — a short sine beep through WebAudio (one shared ``AudioContext``,
  created on the first effect, which always follows a tap, so the browser lets it sound);
* ``bam:MS`` — a noisy low thump (the hunter's shot);
* ``vibrate:MS[,PAUSE,MS…]`` — ``navigator.vibrate`` where the device has it.

The switches come from the settings (:func:`configure`): "Sound" off silences the beeps and the
voice, "Vibration" off the vibrations. The voice is chosen by
:func:`hotseat.narration.choose_voice` among the device's voices for the current language; with
none, nothing is read (the text is on screen anyway). :func:`speaking` tells the app whether the
voice is still reading, so the next beat of a paced screen waits for the end of the line.

An element ``<i hidden data-scroll-key="K">`` scrolls the page to the top whenever ``K`` differs
from the previous screen's key (a new player's picker starts at the top, not where the last
player's "Enter" button was).

Every failure (no WebAudio, no vibration motor, no voice, autoplay refused) is silent: effects
are extras.
"""

from __future__ import annotations

from typing import Any, TypedDict

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from . import i18n
from .narration import Voice, allowed, choose_voice, effect_for, speaking_bound_ms


class _VoiceChoice(TypedDict):
    uri: str  # a voiceURI, "" = automatic
    rate: float  # 0.5-2.0


_played: set[str] = set()
_audio = None
_scroll_key: str | None = None
_switches = {"sound": True, "vibration": True}
_voice: _VoiceChoice = {"uri": "", "rate": 1.0}
#: utterances given to the voice and not yet ended, and when the app stops waiting for them
_speech = {"pending": 0, "until": 0.0}
_on_end = None


def configure(sound: bool, vibration: bool, voice: str, voice_rate: float) -> None:
    """Apply the settings: the two switches, the narrator's voice (a voiceURI, ``""`` = automatic)
    and its speed (0.5–2.0)."""
    _switches["sound"] = bool(sound)
    _switches["vibration"] = bool(vibration)
    _voice["uri"] = str(voice)
    _voice["rate"] = float(voice_rate)
    if not sound:
        silence()


def _now() -> float:
    return float(window.performance.now())


def _context() -> Any:
    global _audio
    if _audio is None:
        ctor = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if ctor is None:
            return None
        _audio = ctor.new()
    if str(_audio.state) == "suspended":
        _audio.resume()
    return _audio


def _tone(freq: float, ms: int, kind: str = "sine", gain: float = 0.25, delay_ms: int = 0) -> None:
    ctx = _context()
    if ctx is None:
        return
    now = ctx.currentTime + delay_ms / 1000
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


def _vibrate(pattern: list[int]) -> None:
    nav = window.navigator
    if getattr(nav, "vibrate", None) is not None:
        nav.vibrate(to_js(pattern) if len(pattern) > 1 else pattern[0])


def _run(spec: str) -> None:
    for part in spec.split():
        bits = part.split(":")
        try:
            if bits[0] == "tone" and len(bits) in (3, 4):
                _tone(float(bits[1]), int(bits[2]), delay_ms=int(bits[3]) if len(bits) == 4 else 0)
            elif bits[0] == "bam" and len(bits) == 2:
                _tone(180.0, int(bits[1]), "sawtooth", 0.5)
            elif bits[0] == "vibrate" and len(bits) == 2:
                _vibrate([int(x) for x in bits[1].split(",")][:12])
        except Exception:  # effects are extras: never break the app
            pass


# ---- the narrator's voice ------------------------------------------------------------------------


def _synth() -> Any:
    synth = getattr(window, "speechSynthesis", None)
    return synth if hasattr(synth, "speak") else None


def _device_voices(synth: Any) -> tuple[list[Any], list[Voice]]:
    raw = list(synth.getVoices() or [])
    voices = [
        Voice(
            str(getattr(v, "voiceURI", "")),
            str(getattr(v, "name", "")),
            str(getattr(v, "lang", "")),
            bool(getattr(v, "localService", False)),
        )
        for v in raw
    ]
    return raw, voices


def voices() -> list[Voice]:
    """The device's voices (for the settings sheet's voice choice); ``[]`` without speech."""
    synth = _synth()
    if synth is None:
        return []
    try:
        return _device_voices(synth)[1]
    except Exception:
        return []


def _ended(*_args: Any) -> None:
    _speech["pending"] = max(0, _speech["pending"] - 1)


def say(text: str) -> bool:
    """Read ``text`` aloud (queued after what is being read); ``False`` when there is no voice for
    the current language on the device, or the sound is off."""
    global _on_end
    synth = _synth()
    if synth is None or not _switches["sound"] or not text.strip():
        return False
    raw, listed = _device_voices(synth)
    index = choose_voice(listed, _voice["uri"], i18n.language())
    if index is None:
        return False
    if _on_end is None:
        _on_end = create_proxy(_ended)
    utterance = window.SpeechSynthesisUtterance.new(text)
    utterance.voice = raw[index]
    utterance.lang = listed[index].lang
    utterance.rate = _voice["rate"]
    utterance.addEventListener("end", _on_end)
    utterance.addEventListener("error", _on_end)
    now = _now()
    _speech["until"] = max(_speech["until"], now) + speaking_bound_ms(text, _voice["rate"])
    _speech["pending"] += 1
    synth.speak(utterance)
    return True


def speaking() -> bool:
    """Whether the voice is still reading what it was given (bounded: a voice that never reports
    its end is waited for at most :func:`hotseat.narration.speaking_bound_ms` per text)."""
    if _speech["pending"] <= 0:
        return False
    if _now() > _speech["until"]:
        _speech["pending"] = 0
        return False
    return True


def silence() -> None:
    """Stop reading at once (leaving the game, the sound switched off)."""
    _speech["pending"] = 0
    _speech["until"] = 0.0
    synth = _synth()
    if synth is not None:
        try:
            synth.cancel()
        except Exception:
            pass


# ---- after each draw -----------------------------------------------------------------------------


def play(root: Any) -> None:
    """Play every not-yet-played effect under ``root``, in page order; scroll up on a new key."""
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
        elements = root.querySelectorAll("[data-fx],[data-cue],[data-say]")
    except Exception:
        return
    for i in range(elements.length):
        el = elements.item(i)
        try:
            # closest() gives JS null (pyodide's JsNull, not None) outside any quiet element
            if hasattr(el.closest("[data-quiet]"), "getAttribute"):
                continue
            fx, cue, text = (el.getAttribute(a) for a in ("data-fx", "data-cue", "data-say"))
            kind = "say" if isinstance(text, str) else "cue" if isinstance(cue, str) else "fx"
            own = el.getAttribute("data-fx-key")
            key = kind + ":" + (own if isinstance(own, str) else str(text or cue or fx))
            if key in _played:
                continue
            _played.add(key)
            if kind == "say":
                say(text)
            elif kind == "cue":
                _run(effect_for(cue, _switches["sound"], _switches["vibration"]))
            elif isinstance(fx, str):
                _run(allowed(fx, _switches["sound"], _switches["vibration"]))
        except Exception:  # effects are extras: never break the app
            pass
