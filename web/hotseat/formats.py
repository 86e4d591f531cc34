"""Numbers and lists written the current language's way, and each language's own name, from
the CLDR data the build takes from Babel (:mod:`hotseat.third_party.locale_data`, so Babel itself is
not shipped). The language is :mod:`hotseat.i18n`'s (:func:`hotseat.i18n.install`).

>>> from hotseat.i18n import install
>>> install("en"); format_list(["Ann", "Bo", "Cy"])
'Ann, Bo, and Cy'
"""

from __future__ import annotations

from collections.abc import Iterable

from .i18n import elided, language
from .third_party.locale_data import LOCALE_DATA


def language_name(code: str) -> str:
    """The language's own name for itself, as the settings sheet lists it (``"Deutsch"``)."""
    return str(LOCALE_DATA[code]["name"])


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` with ``decimals`` digits after the current language's decimal sign and its
    thousands groups (CLDR, as Babel's ``format_decimal`` writes it: halves rounded to even; a
    minus is ``-``, and a value that rounds to zero has none).

    >>> from hotseat.i18n import install; install("en"); format_number(1234.5, 1)
    '1,234.5'
    """
    from decimal import (  # rounds the written number, as Babel does
        ROUND_HALF_EVEN,
        Decimal,
    )

    data = LOCALE_DATA[language()]
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)
    text = f"{abs(rounded):,.{decimals}f}"
    whole, _sep, fraction = text.partition(".")
    out = whole.replace(",", data["group"]) + (data["decimal"] + fraction if fraction else "")
    return ("-" if rounded < 0 else "") + out


def format_list(items: Iterable[str]) -> str:
    """``items`` joined the current language's way (CLDR "standard" list: "A, B and C"), the
    last joining word sounding as the next item wants (:data:`hotseat.i18n.EUPHONIC`: Spanish "Ana e Isabel").

    >>> from hotseat.i18n import install; install("en"); format_list(["Ann"]), format_list(["Ann", "Bo"])
    ('Ann', 'Ann and Bo')
    """
    words = [str(w) for w in items]
    patterns = LOCALE_DATA[language()]["list"]
    if len(words) < 2:
        return words[0] if words else ""

    def join(pattern: str, first: str, second: str) -> str:
        # the word before the second item may sound differently before it (Spanish "y" -> "e")
        return elided(str(pattern), {"1": second}, language()).format(first, second)

    if len(words) == 2:
        return join(patterns["2"], words[0], words[1])
    text = join(patterns["end"], words[-2], words[-1])
    for word in reversed(words[1:-2]):
        text = patterns["middle"].format(word, text)
    return join(patterns["start"], words[0], text)
