"""Hotseat in the players' languages: standard gettext catalogues read by the standard library.

English is the source language: every message in the code is English text (the msgid), so
English needs no catalogue. German, French, Italian and Spanish each have a catalogue
``locale/<code>/LC_MESSAGES/hotseat.po`` in the repository; the build compiles it with Babel
into ``locale/<code>.mo``, shipped xz-compressed as ``locale/<code>.mo.xz`` (a third of the
bytes, and every host sends them as they are); the app fetches only the current language's file,
unpacks it (:func:`unpack_catalogue`) and hands the ``.mo`` bytes to :func:`install`, which reads
them with :class:`gettext.GNUTranslations` (so ``ngettext`` follows that language's own plural
rule, from the catalogue's ``Plural-Forms``).

Marking text (Babel extracts these calls; ``make i18n`` updates the template and catalogues):

* :func:`gettext` (also ``_``) for a sentence; placeholders are named (``{name}``) and filled
  with ``.format()`` *after* translation, so a translation may move them;
* :func:`ngettext` when the sentence depends on a number (``n`` picks the plural form);
* :func:`pgettext` / :func:`npgettext` when one English word has two meanings (the context
  tells translators which one: ``pgettext("card value", "Higher")``);
* :func:`N_` marks a string stored in a table and translated later with :func:`gettext`.

Choosing the language (:func:`choose`): the player's remembered choice if any, else the first of
the browser's ``navigator.languages`` that Hotseat speaks (``de-CH`` → ``de``), else English.

Numbers and lists the local way, and each language's own name, are :mod:`hotseat.formats`'s
(from CLDR data); this module reads no CLDR data.

>>> install("en")
>>> gettext("Show my cards")
'Show my cards'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
>>> negotiate(["gsw-CH", "de-CH", "en"])
'de'
"""

from __future__ import annotations

import gettext as _stdlib_gettext
import io
import lzma
import re
from collections.abc import Iterable
from typing import Any

#: the languages Hotseat speaks, in the order the settings sheet lists them (English first)
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "it", "es")
#: the language of the msgids in the code
SOURCE = "en"
#: the gettext domain: ``locale/<code>/LC_MESSAGES/hotseat.po`` in the repository
DOMAIN = "hotseat"
#: the most bytes an unpacked catalogue may have (each is about 62 KB); more is not a catalogue
MAX_CATALOGUE_BYTES = 2 * 1024 * 1024
#: the most memory the xz decoder may take for a catalogue (the build's dictionary is the
#: catalogue's size; preset 9's 64 MB dictionary would be refused)
_XZ_MEMLIMIT = 8 * 1024 * 1024


class CatalogueError(ValueError):
    """A language code Hotseat does not speak, or bytes that are not its compiled catalogue."""


_translations: _stdlib_gettext.NullTranslations = _stdlib_gettext.NullTranslations()
_language: str = SOURCE


def negotiate(preferred: Iterable[object]) -> str:
    """The first of ``preferred`` (BCP 47 tags, best first) whose language Hotseat speaks.

    Only the primary language subtag counts (``fr-CA`` → ``fr``, ``de_AT`` → ``de``); tags that
    are not strings are skipped; nothing usable gives English.

    >>> negotiate(["pt-BR", "it-IT", "en-US"])
    'it'
    >>> negotiate([])
    'en'
    """
    for tag in preferred:
        if not isinstance(tag, str):
            continue
        primary = tag.strip().replace("_", "-").split("-", 1)[0].lower()
        if primary in LANGUAGES:
            return primary
    return SOURCE


def choose(saved: object, preferred: Iterable[object]) -> str:
    """The language to show: ``saved`` (the settings' ``language``) if Hotseat speaks it, else
    :func:`negotiate` of the browser's ``preferred`` languages (``saved == ""`` means "follow
    the browser"; an unknown or malformed saved value is ignored the same way).

    >>> choose("fr", ["de-DE"]), choose("", ["de-DE"]), choose("xx", ["es"])
    ('fr', 'de', 'es')
    """
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    return negotiate(preferred)


def catalogue_url(code: str) -> str | None:
    """The page-relative URL of ``code``'s compiled catalogue in the site (``None`` for English).

    Raises :class:`CatalogueError` for a language Hotseat does not speak.
    """
    if code not in LANGUAGES:
        raise CatalogueError(f"Hotseat does not speak {code!r}; it speaks {', '.join(LANGUAGES)}")
    return None if code == SOURCE else f"./locale/{code}.mo.xz"


def unpack_catalogue(data: bytes) -> bytes:
    """The compiled catalogue (``.mo`` bytes) inside ``data``, a ``locale/<code>.mo.xz`` file:
    exactly one xz stream.

    Raises :class:`CatalogueError` when ``data`` is not one whole xz stream (damaged, cut short,
    bytes after its end), needs more than 8 MB to decode, or unpacks to more than
    :data:`MAX_CATALOGUE_BYTES`.

    >>> unpack_catalogue(lzma.compress(b"mo bytes", preset=1))
    b'mo bytes'
    """
    decoder = lzma.LZMADecompressor(format=lzma.FORMAT_XZ, memlimit=_XZ_MEMLIMIT)
    try:
        mo = decoder.decompress(bytes(data), max_length=MAX_CATALOGUE_BYTES + 1)
    except lzma.LZMAError as exc:
        raise CatalogueError(f"the catalogue is not an xz stream: {exc}") from None
    if len(mo) > MAX_CATALOGUE_BYTES:
        raise CatalogueError(f"the catalogue unpacks to more than {MAX_CATALOGUE_BYTES} bytes")
    if not decoder.eof or decoder.unused_data:
        raise CatalogueError("the catalogue's xz stream is cut short or followed by other bytes")
    return mo


def rules_url(game_id: str) -> str:
    """The page-relative URL of a game's rules page in the current language (built from
    ``seeds/<game_id>.md`` and its translations)."""
    return f"./rules/{_language}/{game_id}.html"


def install(code: str, mo: bytes | None = None) -> None:
    """Make ``code`` the current language, reading its compiled catalogue ``mo`` (``.mo`` bytes).

    English needs no catalogue (``mo`` is ignored). Raises :class:`CatalogueError` and changes
    nothing when ``code`` is not one of :data:`LANGUAGES`, ``mo`` is missing, is not a gettext
    catalogue, or is the catalogue of another language (its ``Language`` header).
    """
    global _translations, _language
    if code not in LANGUAGES:
        raise CatalogueError(f"Hotseat does not speak {code!r}; it speaks {', '.join(LANGUAGES)}")
    if code == SOURCE:
        translations: _stdlib_gettext.NullTranslations = _stdlib_gettext.NullTranslations()
    else:
        if not mo:
            raise CatalogueError(f"no catalogue for {code!r}")
        try:
            translations = _stdlib_gettext.GNUTranslations(io.BytesIO(bytes(mo)))
        except (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError) as exc:
            raise CatalogueError(f"the catalogue for {code!r} cannot be read: {exc}") from None
        header_language = translations.info().get("language", "")
        if header_language.replace("_", "-").split("-", 1)[0].lower() != code:
            raise CatalogueError(f"the catalogue for {code!r} is marked as language {header_language!r}")
    _translations, _language = translations, code


def fetch_catalogue(window: Any, code: str) -> Any:
    """Start fetching ``code``'s catalogue (``window.fetch``, precached by the service worker);
    returns the fetch's promise, or ``None`` for English. Start it early, :func:`activate` later:
    the download then overlaps whatever Python does in between."""
    url = catalogue_url(code)
    return None if url is None else window.fetch(url)


async def activate(window: Any, code: str, pending: Any = None) -> str:
    """Make ``code`` the page's language: its catalogue (from ``pending``, a promise of
    :func:`fetch_catalogue`, or fetched now) is installed and ``<html lang>`` follows.

    Returns the language in effect: ``code``, or English when the catalogue cannot be had
    (offline before the first full visit, a broken file), with the reason in the console.
    """
    try:
        if code != SOURCE:
            response = await (pending if pending is not None else fetch_catalogue(window, code))
            if not response.ok:
                raise CatalogueError(f"{catalogue_url(code)}: HTTP {response.status}")
            install(code, unpack_catalogue((await response.arrayBuffer()).to_bytes()))
        else:
            install(SOURCE)
    except Exception as exc:  # noqa: BLE001 (the app must start, in English if need be)
        window.console.warn(f"hotseat: language {code!r} not available, English instead: {exc}")
        install(SOURCE)
    window.document.documentElement.lang = _language
    return _language


def language() -> str:
    """The current language code (one of :data:`LANGUAGES`)."""
    return _language


#: the words that lose their vowel before a name starting with a vowel sound, per language
#: (French "de Anne" -> "d’Anne", "que Anne" -> "qu’Anne"; Italian "di Anna" -> "d’Anna")
ELIDING: dict[str, dict[str, str]] = {
    "fr": {"de": "d’", "De": "D’", "que": "qu’", "Que": "Qu’"},
    "it": {"di": "d’", "Di": "D’"},
}
_VOWELS = "aeiouàâäáéèêëíìîïóòôöúùûüœæ"
#: the words that take a sound before a name starting with the same sound (euphony), per language:
#: word -> (its form there, the name's beginnings, lower case): Italian "a Anna" -> "ad Anna",
#: "e Elena" -> "ed Elena"; Spanish "Ana y Isabel" -> "Ana e Isabel", "Eva o Olga" -> "Eva u Olga"
EUPHONIC: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "it": {
        "a": ("ad ", ("a", "à")),
        "A": ("Ad ", ("a", "à")),
        "e": ("ed ", ("e", "è", "é")),
        "E": ("Ed ", ("e", "è", "é")),
    },
    "es": {"y": ("e ", ("i", "í", "hi")), "o": ("u ", ("o", "ó", "ho"))},
}


def starts_with_vowel_sound(word: str, code: str) -> bool:
    """Whether ``word`` (a name) starts with a vowel sound for the elision of ``code``: a vowel,
    in French also a mute h before a vowel (Hélène, Hugo) and a y before a consonant (Yves).

    >>> [starts_with_vowel_sound(w, "fr") for w in ("Anne", "Émile", "Hugo", "Yves", "Yann", "Bob", "42", "")]
    [True, True, True, True, False, False, False, False]
    >>> starts_with_vowel_sound("Hugo", "it"), starts_with_vowel_sound("Irene", "it")
    (False, True)
    """
    w = word.lower()
    if not w:
        return False
    if w[0] in _VOWELS:
        return True
    if code != "fr" or len(w) < 2:
        return False
    if w[0] == "h":
        return w[1] in _VOWELS
    return w[0] == "y" and w[1].isalpha() and w[1] not in _VOWELS


def elided(template: str, values: dict[str, Any], code: str) -> str:
    """``template`` with each eliding word (:data:`ELIDING`) that stands right before a
    placeholder whose value starts with a vowel sound written elided, ready for ``.format``.

    >>> elided("Pose de {name}", {"name": "Anne"}, "fr"), elided("Pose de {name}", {"name": "Bob"}, "fr")
    ('Pose d’{name}', 'Pose de {name}')
    >>> elided("On attend que {names} donnent une carte", {"names": "Hugo et Léa"}, "fr")
    'On attend qu’{names} donnent une carte'
    >>> elided("Pedina di {name}", {"name": "Anna"}, "it"), elided("avance de {n}", {"n": 8}, "fr")
    ('Pedina d’{name}', 'avance de {n}')
    >>> elided("Passa il telefono a {name}", {"name": "Anna"}, "it"), elided("a {name}", {"name": "Ugo"}, "it")
    ('Passa il telefono ad {name}', 'a {name}')
    >>> elided("{a} y {b}", {"a": "Ana", "b": "Isabel"}, "es"), elided("{a} y {b}", {"a": "Ana", "b": "Eva"}, "es")
    ('{a} e {b}', '{a} y {b}')
    """
    words, sounds = ELIDING.get(code, {}), EUPHONIC.get(code, {})
    if not (words or sounds) or "{" not in template:
        return template

    def one(m: re.Match[str]) -> str:
        word, value = m.group(1), values.get(m.group(2))
        if not isinstance(value, str):
            return m.group(0)
        if word in words and starts_with_vowel_sound(value, code):
            return words[word] + "{" + m.group(2)
        if word in sounds and value.lower().startswith(sounds[word][1]):
            return sounds[word][0] + "{" + m.group(2)
        return m.group(0)

    pattern = r"(?<![\w’'])(" + "|".join(list(words) + list(sounds)) + r") \{(\w+)"
    return re.sub(pattern, one, template)


def around(message: str, key: str, **values: Any) -> tuple[str, str]:
    """The text of a translated ``message`` before and after its placeholder ``key``, the
    others filled from ``values`` (``key``'s own value too, for the elision and euphony before
    it): for a screen that sets the name apart, e.g. "Pass the phone to" above a big "Anna".

    >>> install("en"); around("Pass the phone to {name}", "name", name="Anna")
    ('Pass the phone to ', '')
    >>> italian = Message("Passa il telefono a {name}"); italian.code = "it"
    >>> around(italian, "name", name="Anna"), around(italian, "name", name="Bob")
    (('Passa il telefono ad ', ''), ('Passa il telefono a ', ''))
    """
    marker = "\x00"
    template = elided(str(message), values, message.code) if isinstance(message, Message) else str(message)
    text = str.format(template, **{**values, key: marker})
    before, _sep, after = text.partition(marker)
    return before, after


class Message(str):
    """A translated message whose :meth:`format` writes the elision and euphony of the current
    language before names (:func:`elided`): "Pose de {name}" with Anne reads "Pose d’Anne",
    "Passa il telefono a {name}" with Anna "Passa il telefono ad Anna"."""

    code = SOURCE

    def format(self, *args: Any, **kwargs: Any) -> str:
        return str.format(elided(str(self), kwargs, self.code), *args, **kwargs)


def _message(text: str) -> str:
    if _language not in ELIDING and _language not in EUPHONIC:
        return text
    message = Message(text)
    message.code = _language
    return message


def gettext(message: str) -> str:
    """``message`` in the current language (the English text itself when it has no translation).
    In French and Italian its ``.format`` elides before names (:class:`Message`)."""
    return _message(_translations.gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (its plural rule)."""
    return _message(_translations.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, for the meaning named by ``context``."""
    return _message(_translations.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for the meaning named by ``context``."""
    return _message(_translations.npgettext(context, singular, plural, n))


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case (a translation may open with a placeholder
    that is a phrase in lower case, e.g. German "{what} ziehen" with "deine Figur …"); leading
    punctuation such as "¿" or "«" stays as it is.

    >>> sentence("deine Figur ziehen"), sentence("¿adónde va?"), sentence("Déplacer"), sentence("")
    ('Deine Figur ziehen', '¿Adónde va?', 'Déplacer', '')
    """
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if ch.isdigit():
            return text
    return text


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (tables read at import time)."""
    return message


_ = gettext
