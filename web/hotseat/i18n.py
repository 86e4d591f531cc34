"""One translation function for every user-facing string (issue 2, item 4).

The app ships an English catalogue only; other languages add a ``dict`` to :data:`CATALOGUES`
and call :func:`set_language`. Untranslated messages fall back to the English text, so a missing
entry is never fatal.

>>> gettext("Show my cards")
'Show my cards'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
"""

from __future__ import annotations

#: language code -> {English message: translation}; English needs no entries
CATALOGUES: dict[str, dict[str, str]] = {"en": {}}

_catalogue: dict[str, str] = CATALOGUES["en"]


def set_language(code: str) -> None:
    """Switch the catalogue; unknown codes fall back to English."""
    global _catalogue
    _catalogue = CATALOGUES.get(code, CATALOGUES["en"])


def gettext(message: str) -> str:
    """The translation of ``message`` (the English text itself when there is none)."""
    return _catalogue.get(message, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` by ``n`` (English plural rule), translated."""
    return gettext(singular if n == 1 else plural)


_ = gettext
