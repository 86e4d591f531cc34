"""What the phone says and plays at the key moments of a game, as plain data (no browser).

:mod:`hotseat.fx` plays it; views and the shell only put hidden markers in the page:

* **Cues**, the short sounds and vibrations of the key moments, by name (:data:`CUES`): a card
  placed, a row taken, a figure sent home, a round won, a card turned by the app narrator, the
  hunter's BAM. Each name stands for a sound (``tone``/``bam`` parts) and a vibration
  (``vibrate`` parts); the "Sound" and "Vibration" settings switch each half off
  (:func:`effect_for`).
* **Speech**: a text for the narrator's voice (``speechSynthesis``), read in the current
  language by a voice on the device (:func:`choose_voice`; a voice that needs the network is
  never chosen, so narration works offline, and without one nothing is read: the text stays on
  screen and the beat goes on).

Effect parts (space separated): ``tone:HZ:MS[:DELAY_MS]`` a short beep, ``bam:MS`` a falling
growl, ``vibrate:MS[,PAUSE,MS...]`` a vibration pattern.

>>> effect_for("win", sound=True, vibration=False)
'tone:523:120 tone:659:120:120 tone:784:260:240'
>>> effect_for("take", sound=False, vibration=True)
'vibrate:90,60,90'
>>> effect_for("take", sound=False, vibration=False)
''
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

#: cue name -> effect parts (a sound and a vibration for each key moment of a game)
CUES: dict[str, str] = {
    # a card laid on the table (6 nimmt! placed in a row, Bad Bunnies laid, Dog played)
    "card": "tone:660:70 vibrate:25",
    # a row of 6 nimmt! taken (bullheads!), a Bad Bunnies pass
    "take": "tone:220:180 tone:165:220:150 vibrate:90,60,90",
    # a Dog figure sent home to its kennel
    "home": "tone:392:90 tone:262:200:110 vibrate:60,40,140",
    # a round (or the game) won
    "win": "tone:523:120 tone:659:120:120 tone:784:260:240 vibrate:40,60,40,60,160",
    # a card turned by the app narrator (Bunny Bunny Moose Moose)
    "turn": "tone:880:110 vibrate:40",
    # the hunter: BAM!
    "bam": "bam:700 vibrate:300",
}

_SOUND = ("tone", "bam")


def effect_for(cue: str, sound: bool, vibration: bool) -> str:
    """The effect parts of ``cue`` that the switches allow (``""``: nothing to play; an unknown
    cue plays nothing)."""
    return allowed(CUES.get(cue, ""), sound, vibration)


def allowed(spec: str, sound: bool, vibration: bool) -> str:
    """The parts of the effect ``spec`` that the switches allow.

    >>> allowed("tone:880:110 vibrate:40", sound=False, vibration=True)
    'vibrate:40'
    """
    parts = []
    for part in spec.split():
        kind = part.split(":", 1)[0]
        if (kind in _SOUND and sound) or (kind == "vibrate" and vibration):
            parts.append(part)
    return " ".join(parts)


class Voice(NamedTuple):
    """A voice as the browser lists it (``speechSynthesis.getVoices()``)."""

    uri: str  # voiceURI
    name: str
    lang: str  # BCP 47, e.g. "de-DE"
    local: bool  # localService: on the device (works offline)


def _language_of(tag: str) -> str:
    return tag.replace("_", "-").split("-", 1)[0].lower()


def choose_voice(voices: Sequence[Voice], wanted: str, language: str) -> int | None:
    """The index in ``voices`` of the voice to read ``language`` with, or ``None``.

    ``wanted`` (the "Narrator voice" setting, a voiceURI; ``""`` = automatic) is used when it is
    on the device and speaks ``language``; otherwise the browser's first on-device voice of that
    language (its default voice first). A voice that needs the network is never chosen.

    >>> vs = [Voice("g-de", "Google Deutsch", "de-DE", False), Voice("anna", "Anna", "de-DE", True),
    ...       Voice("petra", "Petra", "de-AT", True), Voice("sam", "Sam", "en-US", True)]
    >>> choose_voice(vs, "", "de"), choose_voice(vs, "petra", "de"), choose_voice(vs, "sam", "de")
    (1, 2, 1)
    >>> choose_voice(vs, "g-de", "de"), choose_voice(vs, "", "fr")
    (1, None)
    """
    language = _language_of(language)
    fitting = [i for i, v in enumerate(voices) if v.local and _language_of(v.lang) == language]
    for i in fitting:
        if wanted and voices[i].uri == wanted:
            return i
    return fitting[0] if fitting else None


def voices_for(voices: Sequence[Voice], language: str) -> list[Voice]:
    """The on-device voices of ``language``, in the browser's order (the choices a settings sheet
    offers for the narrator's voice)."""
    return [v for v in voices if v.local and _language_of(v.lang) == _language_of(language)]


def speaking_bound_ms(text: str, rate: float) -> int:
    """The longest a voice may take to read ``text`` at ``rate`` before the app stops waiting for
    it (some voices never report their end): about three words a second at rate 1, doubled,
    plus two seconds.

    >>> speaking_bound_ms("BAM!", 1.0), speaking_bound_ms("one two three four five six", 2.0)
    (2667, 4000)
    """
    words = max(1, len(text.split()))
    return math.ceil(2 * words / 3 / max(rate, 0.1) * 1000) + 2000
