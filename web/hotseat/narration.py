"""What the phone says and plays at the key moments of a game, as plain data (no browser).

:mod:`hotseat.fx` plays it; views and the shell only put hidden markers in the page:

* **Cues**, the short sounds and vibrations of the key moments, by name (:data:`CUES`): your
  turn, a card laid, a row taken, a figure sent home, a round and a game won... Each game's view
  says which cue an event of its engine plays (its ``cue(event, viewer)``), and the shell puts a
  marker for every event it reveals (:mod:`hotseat.cues`). Each name stands for a sound and, for
  the moments that matter (your turn, a row taken, a figure home or in its goal, a card the app
  turns, a round and a game over), a vibration; the "Sound" and "Vibration" settings switch each
  half off (:func:`effect_for`). Of
  the new cues of one screen only the strongest event plays, then "your turn" if it is there
  (:func:`choose`): a reveal skipped to its end is one sound, not a heap of them.
* **Speech**: a text for the narrator's voice (``speechSynthesis``), read in the current
  language by a voice on the device (:func:`choose_voice`; a voice that needs the network is
  never chosen, so narration works offline, and without one nothing is read: the text stays on
  screen and the beat goes on).

Effect parts (space separated; ``HZ`` a pitch, ``MS`` a length, ``DELAY`` ms after the start):

* ``note:HZ:MS[:DELAY]`` a mallet note (a marimba-like pluck: the tone, its octave and a soft
  high partial that dies first);
* ``bell:HZ:MS[:DELAY]`` a bell (inharmonic partials, a long ring);
* ``swish:MS[:DELAY]`` a card sliding over the felt (filtered noise);
* ``knock:HZ:MS[:DELAY]`` a wooden figure set down (a quick falling pitch and a click);
* ``tone:HZ:MS[:DELAY]`` a soft sine beep; ``bam:MS`` the hunter's shot (a falling growl);
* ``vibrate:MS[,PAUSE,MS...]`` a vibration pattern.

The notes are in C major (C5 = 523 Hz): a rising pair for good news, a falling minor line for a
row or a figure lost, a chord with bells for a win.

>>> effect_for("take", sound=False, vibration=True)
'vibrate:90,60,90'
>>> effect_for("take", sound=False, vibration=False)
''
>>> effect_for("no such cue", sound=True, vibration=True)
''
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

#: cue name -> effect parts, strongest first (of the new cues of a screen the first one in this
#: order plays: :func:`choose`); "your_turn" plays after it
CUES: dict[str, str] = {
    # the game won (the table's view, or this phone's seat among the winners)
    "win": (
        "note:523:160 note:659:160:110 note:784:160:220 bell:1047:900:330 bell:1319:900:340 note:523:700:330"
        " vibrate:40,60,40,60,160"
    ),
    # the game over and this phone's seat did not win: a gentle falling cadence
    "over": "note:659:200 note:587:200:150 note:523:600:300 bell:523:700:300 vibrate:60",
    # the hunter: BAM! (Bunny Bunny Moose Moose)
    "bam": "bam:700 vibrate:300",
    # a round won or scored
    "round": "note:523:140 note:659:140:100 note:784:140:200 bell:1047:600:300 vibrate:40,60,40",
    # a Dog figure sent back to its kennel: a falling boing
    "home": "note:784:120 note:587:120:90 note:392:420:180 knock:196:120:180 vibrate:60,40,140",
    # a 6 nimmt! row taken (bullheads!): a falling minor line
    "take": "swish:160 note:392:200 note:311:220:140 note:233:420:280 vibrate:90,60,90",
    # a Dog player's last figure in the goal: they move the partner's now
    "finish": "note:659:120 note:784:120:90 note:1047:160:180 bell:1568:500:260 vibrate:40,40,40",
    # a Dog figure reaches its goal
    "goal": "note:784:120 note:1047:260:100 bell:2093:400:100 vibrate:30,40,60",
    # a Dog figure comes out of the kennel onto its start field
    "start": "knock:330:90 note:523:110:60 note:784:220:150",
    # two Dog figures swap places
    "swap": "note:659:110 note:523:110:100 note:659:200:200",
    # a card turned (the 6 nimmt! cards shown, the narrator's card in Bunny Bunny Moose Moose)
    "flip": "swish:90 note:880:180:40 vibrate:30",
    # a card laid on the table (6 nimmt! placed in a row, Bad Bunnies laid)
    "card": "swish:110 note:330:140:30",
    # a Dog figure moves along the track
    "move": "knock:440:90 knock:392:90:110",
    # a pass, a move without effect, a hand folded or a card thrown away
    "pass": "note:330:140 note:294:260:110",
    # a secret choice made (a card picked, a pose entered, a card given, a bet)
    "pick": "swish:70 note:988:90:20",
    # a new deal
    "deal": "swish:90 swish:90:80 swish:90:160 swish:120:240",
    # it is now the turn of the person at this phone (played after the strongest event)
    "your_turn": "note:784:220 note:1047:380:130 vibrate:35,50,35",
}

#: the cue of "your turn": never outranked, it plays after the screen's strongest event
TURN = "your_turn"
_SOUND = ("note", "bell", "swish", "knock", "tone", "bam")


def effect_for(cue: str, sound: bool, vibration: bool) -> str:
    """The effect parts of ``cue`` that the switches allow (``""``: nothing to play; an unknown
    cue plays nothing)."""
    return allowed(CUES.get(cue, ""), sound, vibration)


def allowed(spec: str, sound: bool, vibration: bool) -> str:
    """The parts of the effect ``spec`` that the switches allow.

    >>> allowed("tone:880:110 vibrate:40", sound=False, vibration=True)
    'vibrate:40'
    >>> allowed("note:880:110 swish:40 vibrate:40", sound=True, vibration=False)
    'note:880:110 swish:40'
    """
    parts = []
    for part in spec.split():
        kind = part.split(":", 1)[0]
        if (kind in _SOUND and sound) or (kind == "vibrate" and vibration):
            parts.append(part)
    return " ".join(parts)


def length_ms(spec: str) -> int:
    """How long the sound of ``spec`` lasts (the end of its last part), in ms.

    >>> length_ms(CUES["take"]), length_ms("vibrate:40"), length_ms("note:440:x")
    (700, 0, 0)
    """
    end = 0
    for part in spec.split():
        bits = part.split(":")
        if bits[0] not in _SOUND:
            continue
        numbers = bits[2:] if bits[0] in ("note", "bell", "knock", "tone") else bits[1:]
        try:
            values = [int(v) for v in numbers[:2]]
        except ValueError:
            continue
        if values:
            end = max(end, values[0] + (values[1] if len(values) > 1 else 0))
    return end


def choose(cues: Sequence[str]) -> list[tuple[str, int]]:
    """What a screen plays of its new cues: ``(cue, delay_ms)`` pairs, the strongest event cue
    (the first in :data:`CUES` order) at once, then "your turn" when it is among them, after the
    event's sound. Unknown names are left out.

    >>> choose(["card", "take", "card", "your_turn"])
    [('take', 0), ('your_turn', 700)]
    >>> choose(["your_turn"]), choose(["bogus"]), choose([])
    ([('your_turn', 0)], [], [])
    """
    rank = {name: i for i, name in enumerate(CUES)}
    events = sorted({c for c in cues if c in rank and c != TURN}, key=rank.__getitem__)
    out = [(events[0], 0)] if events else []
    if TURN in cues:
        out.append((TURN, length_ms(CUES[events[0]]) if events else 0))
    return out


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
