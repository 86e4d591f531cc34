"""The player's settings: one small JSON object in ``localStorage["hotseat.settings"]``.

:class:`Settings` holds every row of the settings sheet. What is stored is untrusted (another
version of the app, a hand edit, a full disk): :func:`parse` reads it field by field, keeps every
valid value, and falls back to the default for each missing or invalid one, naming it in the
problems it returns; reading never fails. Changing a value goes through
:meth:`Settings.updated`, which raises :class:`SettingsError` on a bad value and changes nothing.

>>> s = Settings().updated(language="de", voice_rate=1.5)
>>> s.language, s.voice_rate, s.theme
('de', 1.5, 'system')
>>> parse(s.to_json())[0] == s
True
>>> parse('{"language": "xx", "sound": false}')
(Settings(language='', sound=False, vibration=True, voice='', voice_rate=1.0, wake_lock=True, theme='system', \
animation='normal'), ["language: 'xx' is not one of '', 'en', 'de', 'fr', 'it', 'es'"])
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .i18n import LANGUAGES
from .saves import Storage

#: the localStorage key
KEY = "hotseat.settings"
THEMES = ("system", "light", "dark")
ANIMATIONS = ("slow", "normal", "fast", "off")
VOICE_RATE_MIN, VOICE_RATE_MAX = 0.5, 2.0
#: the longest voice identifier kept (a browser's voiceURI is far shorter)
VOICE_MAX_LENGTH = 200
#: the longest stored text read (the settings take about 150 characters), and the most brackets in it
MAX_CHARS = 4_000
MAX_BRACKETS = 64


class SettingsError(ValueError):
    """A setting that does not exist or a value it cannot take."""


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default.

    Attributes:
        language: ``""`` (follow the browser's ``navigator.languages``) or one of
            :data:`hotseat.i18n.LANGUAGES`.
        sound: short sounds at the key moments of a game.
        vibration: short vibrations at the same moments.
        voice: the narrator's voice (a ``speechSynthesis`` voiceURI); ``""`` = the first voice of
            the current language.
        voice_rate: the narrator's speed, 0.5 to 2.0 (1.0 = normal).
        wake_lock: keep the screen on during a game.
        theme: ``"system"`` (follow the phone), ``"light"`` or ``"dark"``.
        animation: ``"slow"``, ``"normal"``, ``"fast"`` or ``"off"``.
    """

    language: str = ""
    sound: bool = True
    vibration: bool = True
    voice: str = ""
    voice_rate: float = 1.0
    wake_lock: bool = True
    theme: str = "system"
    animation: str = "normal"

    def updated(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied; raises :class:`SettingsError` (and changes nothing)
        when a name is not a setting or a value is not allowed for it."""
        clean = {name: check(name, value) for name, value in changes.items()}
        return replace(self, **clean)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))


_NAMES = tuple(f.name for f in fields(Settings))


def check(name: str, value: Any) -> Any:
    """``value`` as setting ``name`` stores it (an int voice rate becomes a float), or
    :class:`SettingsError` saying what is wrong."""
    if name not in _NAMES:
        raise SettingsError(f"{name!r} is not a setting (settings: {', '.join(_NAMES)})")
    if name == "language":
        allowed = ("",) + LANGUAGES
        if value not in allowed or not isinstance(value, str):
            raise SettingsError(f"language: {value!r} is not one of {', '.join(map(repr, allowed))}")
        return value
    if name in ("sound", "vibration", "wake_lock"):
        if not isinstance(value, bool):
            raise SettingsError(f"{name}: {value!r} is not true or false")
        return value
    if name == "voice":
        if not isinstance(value, str) or len(value) > VOICE_MAX_LENGTH:
            raise SettingsError(f"voice: expected a voice identifier of at most {VOICE_MAX_LENGTH} characters")
        return value
    if name == "voice_rate":
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
            or not VOICE_RATE_MIN <= value <= VOICE_RATE_MAX
        ):
            raise SettingsError(f"voice_rate: {value!r} is not a number from {VOICE_RATE_MIN} to {VOICE_RATE_MAX}")
        return float(value)
    allowed = THEMES if name == "theme" else ANIMATIONS
    if value not in allowed or not isinstance(value, str):
        raise SettingsError(f"{name}: {value!r} is not one of {', '.join(map(repr, allowed))}")
    return value


def parse(text: str | None) -> tuple[Settings, list[str]]:
    """The settings stored as ``text`` and the problems found (an empty list when none).

    ``None`` (nothing stored) gives the defaults without a problem; text that is not a JSON
    object (or longer than :data:`MAX_CHARS`, or with more than :data:`MAX_BRACKETS` brackets: it
    is never parsed) gives the defaults and one problem; each invalid field keeps its default and adds one.
    Unknown fields are ignored (a newer version of the app may have written them).
    """
    if text is None:
        return Settings(), []
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return Settings(), [f"not a text of at most {MAX_CHARS} characters"]
    # settings are one flat object: a deeply nested text would only exhaust the parser's stack
    if text.count("[") + text.count("{") > MAX_BRACKETS:
        return Settings(), ["nested too deeply"]
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return Settings(), [f"not JSON ({exc})"]
    if not isinstance(data, dict):
        return Settings(), ["not a JSON object"]
    values, problems = {}, []
    for name in _NAMES:
        if name in data:
            try:
                values[name] = check(name, data[name])
            except SettingsError as exc:
                problems.append(str(exc))
    return Settings(**values), problems


def load(storage: Storage) -> Settings:
    """The settings in ``storage`` (``get(key) -> str | None``), defaults where invalid."""
    return parse(storage.get(KEY))[0]


def save(storage: Storage, settings: Settings) -> None:
    """Store ``settings`` (``storage.set(key, text)``; a refusing browser is the storage's concern)."""
    storage.set(KEY, settings.to_json())
