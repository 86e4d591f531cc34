"""Sound, vibration and the narrator's voice (browser glue, imported only by :mod:`hotseat.app`).

A view or the shell asks for an effect by rendering a hidden element::

    <i hidden data-cue="take" data-fx-key="s12-r3-7"></i>         a key moment (hotseat.narration.CUES)
    <i hidden data-fx="tone:660:120 vibrate:60" data-fx-key="k"></i>   effect parts spelled out
    <i hidden data-say="Down in the woods …" data-fx-key="k"></i>      a text for the narrator's voice

After each redraw :func:`play` plays every element whose kind and key (``data-fx-key``, else its
content) it has not played yet, in page order (a redraw of the same screen does not repeat it);
never one inside a ``[data-quiet]`` element (the replay after the game shows tables already played).
Of the new ``data-cue`` elements of one redraw only the strongest event and "your turn" play
(:func:`hotseat.narration.choose`). Effect parts (see :mod:`hotseat.narration`) are synthesised
with WebAudio through one shared ``AudioContext`` (made or resumed at a tap, :func:`unlock`, so
the browser lets it sound), a soft compressor and a master volume:

* ``note`` — a mallet: sine partials at 1×, 2× and 3.9× the pitch, each with a 5 ms attack and an
  exponential decay (the high ones die first), as a marimba's bar;
* ``bell`` — partials at 1×, 2.76×, 5.4× and 8.9× with long decays;
* ``swish`` — half a second of white noise (made once) through a band-pass sweeping down;
* ``knock`` — a triangle wave dropping to its pitch in 25 ms and a high-passed click;
* ``tone`` — a soft sine beep; ``bam`` — a falling sawtooth growl over low noise;
* ``vibrate:MS[,PAUSE,MS…]`` — ``navigator.vibrate`` where the device has it (a later cue's
  vibration waits for the earlier sound: a new call would cut the running pattern).

The switches come from the settings (:func:`configure`): "Sound" off silences the beeps and the
voice, "Vibration" off the vibrations. The voice is chosen by
:func:`hotseat.narration.choose_voice` among the device's voices for the current language; with
none, nothing is read (the text is on screen anyway). :func:`speaking` tells the app whether the
voice is still reading, so the next beat of a paced screen waits for the end of the line.

An element ``<i hidden data-scroll-key="K">`` scrolls the page to the top whenever ``K`` differs
from the previous screen's key (a new player's picker starts at the top, not where the last
player's "Enter" button was). Then an element ``data-next="K"`` (what the player needs next after
a tap: Dog's choices for the chosen card, the hand still to pick, "Turn the card") is scrolled
into the window, as little as needed, whenever ``K`` differs from the last such key and the
element is not all in the window (a small phone: below the fold).

Every failure (no WebAudio, no vibration motor, no voice, autoplay refused) is silent: effects
are extras.
"""

from __future__ import annotations

import array
import random
from collections.abc import Callable
from typing import Any, TypedDict

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import window

from . import i18n
from .narration import Voice, allowed, choose, choose_voice, effect_for, speaking_bound_ms


class _VoiceChoice(TypedDict):
    uri: str  # a voiceURI, "" = automatic
    rate: float  # 0.5-2.0


_played: set[str] = set()
_audio = None
_master = None  # the master volume, into a compressor, into the speakers
_noise_buffer = None
_scroll_key: str | None = None
_next_key: str | None = None
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
    global _audio, _master
    if _audio is None:
        ctor = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if ctor is None:
            return None
        _audio = ctor.new()
        squeeze = _audio.createDynamicsCompressor()
        squeeze.threshold.value = -18
        squeeze.ratio.value = 6
        _master = _audio.createGain()
        _master.gain.value = 0.45
        _master.connect(squeeze)
        squeeze.connect(_audio.destination)
    if str(_audio.state) == "suspended":
        _audio.resume()
    return _audio


def unlock() -> None:
    """At a tap: make (or resume) the audio context while the browser counts it as the player's
    gesture, so that later cues — after a bot's move, on a timer — may sound. Only with "Sound"
    on; never fails."""
    if not _switches["sound"]:
        return
    try:
        _context()
    except Exception:
        pass


def _envelope(ctx: Any, start: float, peak: float, attack: float, decay: float) -> Any:
    """A gain node rising to ``peak`` in ``attack`` s from ``start`` and falling away over
    ``decay`` s (exponentially, as a struck thing), connected to the master volume."""
    amp = ctx.createGain()
    amp.gain.setValueAtTime(0.0001, start)
    amp.gain.linearRampToValueAtTime(peak, start + attack)
    amp.gain.exponentialRampToValueAtTime(0.0001, start + attack + decay)
    amp.connect(_master)
    return amp


def _partial(ctx: Any, start: float, freq: float, peak: float, decay: float, kind: str = "sine") -> None:
    osc = ctx.createOscillator()
    osc.type = kind
    osc.frequency.setValueAtTime(freq, start)
    osc.connect(_envelope(ctx, start, peak, 0.005, decay))
    osc.start(start)
    osc.stop(start + decay + 0.05)


def _noise(ctx: Any) -> Any:
    """Half a second of white noise, made once per audio context."""
    global _noise_buffer
    if _noise_buffer is None:
        rng = random.Random(7)
        frames = int(ctx.sampleRate) // 2
        buf = ctx.createBuffer(1, frames, ctx.sampleRate)
        buf.getChannelData(0).assign(array.array("f", (rng.uniform(-1, 1) for _ in range(frames))))
        _noise_buffer = buf
    return _noise_buffer


def _note(ctx: Any, start: float, freq: float, ms: int) -> None:
    decay = ms / 1000
    _partial(ctx, start, freq, 0.55, decay)
    _partial(ctx, start, freq * 2, 0.14, decay * 0.55)
    _partial(ctx, start, freq * 3.9, 0.08, decay * 0.22)


def _bell(ctx: Any, start: float, freq: float, ms: int) -> None:
    decay = ms / 1000
    for ratio, peak, share in ((1, 0.32, 1.0), (2.76, 0.12, 0.7), (5.4, 0.06, 0.45), (8.93, 0.03, 0.3)):
        _partial(ctx, start, freq * ratio, peak, decay * share)


def _noise_burst(
    ctx: Any, start: float, kind: str, freq: float, peak: float, attack: float, decay: float, length: float
) -> Any:
    """Plays ``length`` s of the context's noise through a ``kind`` biquad filter at ``freq`` Hz
    under an envelope (``peak`` gain, ``attack`` and ``decay`` s); returns the filter, whose
    frequency the caller may still move."""
    src = ctx.createBufferSource()
    src.buffer = _noise(ctx)
    shape = ctx.createBiquadFilter()
    shape.type = kind
    shape.frequency.setValueAtTime(freq, start)
    src.connect(shape)
    shape.connect(_envelope(ctx, start, peak, attack, decay))
    src.start(start)
    src.stop(start + length)
    return shape


def _swish(ctx: Any, start: float, ms: int) -> None:
    decay = ms / 1000
    band = _noise_burst(ctx, start, "bandpass", 2600, 0.35, 0.015, decay, decay + 0.05)
    band.Q.value = 0.9
    band.frequency.exponentialRampToValueAtTime(700, start + decay)


def _knock(ctx: Any, start: float, freq: float, ms: int) -> None:
    decay = ms / 1000
    osc = ctx.createOscillator()
    osc.type = "triangle"
    osc.frequency.setValueAtTime(freq * 1.6, start)
    osc.frequency.exponentialRampToValueAtTime(freq, start + 0.025)
    osc.connect(_envelope(ctx, start, 0.5, 0.002, decay))
    osc.start(start)
    osc.stop(start + decay + 0.05)
    _noise_burst(ctx, start, "highpass", 2000, 0.12, 0.001, 0.02, 0.05)


def _tone(ctx: Any, start: float, freq: float, ms: int) -> None:
    _partial(ctx, start, freq, 0.4, ms / 1000)


def _bam(ctx: Any, start: float, ms: int) -> None:
    decay = ms / 1000
    osc = ctx.createOscillator()
    osc.type = "sawtooth"
    osc.frequency.setValueAtTime(180, start)
    osc.frequency.exponentialRampToValueAtTime(45, start + decay)
    low = ctx.createBiquadFilter()
    low.type = "lowpass"
    low.frequency.value = 900
    osc.connect(low)
    low.connect(_envelope(ctx, start, 2.0, 0.004, decay))
    osc.start(start)
    osc.stop(start + decay + 0.05)
    _noise_burst(ctx, start, "lowpass", 400, 1.6, 0.002, 0.35, 0.45)


#: sound parts with a pitch (``KIND:HZ:MS[:DELAY]``) and without one (``KIND:MS[:DELAY]``)
_PITCHED: dict[str, Callable[[Any, float, float, int], None]] = {
    "note": _note,
    "bell": _bell,
    "knock": _knock,
    "tone": _tone,
}
_PLAIN: dict[str, Callable[[Any, float, int], None]] = {"swish": _swish, "bam": _bam}


def _sound(bits: list[str], delay_ms: int) -> None:
    pitched = bits[0] in _PITCHED
    numbers = bits[1:]
    if len(numbers) not in ((2, 3) if pitched else (1, 2)):
        return
    freq = float(numbers.pop(0)) if pitched else 0.0
    ms, later = int(numbers[0]), int(numbers[1]) if len(numbers) > 1 else 0
    if (pitched and not 20 <= freq <= 12_000) or not 0 < ms <= 3_000 or not 0 <= later <= 5_000:
        return
    ctx = _context()
    if ctx is None:
        return
    start = ctx.currentTime + 0.01 + (delay_ms + later) / 1000
    if pitched:
        _PITCHED[bits[0]](ctx, start, freq, ms)
    else:
        _PLAIN[bits[0]](ctx, start, ms)


def _vibrate(pattern: list[int], delay_ms: int = 0) -> None:
    nav = window.navigator
    if getattr(nav, "vibrate", None) is None:
        return
    if delay_ms > 0:
        window.setTimeout(create_once_callable(lambda: _vibrate(pattern)), delay_ms)
        return
    nav.vibrate(to_js(pattern) if len(pattern) > 1 else pattern[0])


def _run(spec: str, delay_ms: int = 0) -> None:
    for part in spec.split():
        bits = part.split(":")
        try:
            if bits[0] in _PITCHED or bits[0] in _PLAIN:
                _sound(bits, delay_ms)
            elif bits[0] == "vibrate" and len(bits) == 2:
                _vibrate([int(x) for x in bits[1].split(",")][:12], delay_ms)
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
    """Play every not-yet-played effect under ``root``, in page order; scroll up on a new key,
    then bring a new ``data-next`` element into the window."""
    global _scroll_key, _next_key
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
        needed = root.querySelector("[data-next]")
        wanted = str(needed.getAttribute("data-next")) if needed is not None else None
        if wanted != _next_key:
            _next_key = wanted
            box = needed.getBoundingClientRect() if needed is not None else None
            if box is not None and (box.bottom > window.innerHeight or box.top < 0):
                # as little as needed; a box taller than the window shows its top (CSS scroll-margin
                # keeps it clear of the sticky bar)
                needed.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))
    except Exception:
        pass
    try:
        elements = root.querySelectorAll("[data-fx],[data-cue],[data-say]")
    except Exception:
        return
    cues: list[str] = []
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
                cues.append(cue)
            elif isinstance(fx, str):
                _run(allowed(fx, _switches["sound"], _switches["vibration"]))
        except Exception:  # effects are extras: never break the app
            pass
    for cue, delay_ms in choose(cues):
        _run(effect_for(cue, _switches["sound"], _switches["vibration"]), delay_ms)
