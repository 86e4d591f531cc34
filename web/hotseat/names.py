"""Player names: cleaned, visible, and different enough that the curtain can say who takes the phone.

* :func:`clean_name` — Unicode NFC; control, format (bidirectional overrides and isolates,
  zero-width spaces and joiners, soft hyphens …) and other invisible characters removed; runs of
  spaces collapsed; trimmed. So ``"\\u202eboB"`` cannot show as "Bob" and cannot turn the rest of
  the curtain's sentence around.
* :func:`check_name` — a cleaned name with at least one visible character and at most
  :data:`MAX_NAME` characters, else :class:`NameError_`.
* :func:`lookalike_key` — two names with one key look alike: compatibility forms (NFKC: full-width,
  mathematical letters), case, and the Latin/Cyrillic/Greek look-alikes of Unicode's confusables
  data (:mod:`hotseat.third_party.lookalikes`) folded. :func:`check_table` refuses two such names at one table.
"""

from __future__ import annotations

import unicodedata

from .i18n import gettext as _
from .third_party.lookalikes import FOLD

MAX_NAME = 40

#: characters that draw nothing but are letters or symbols by category (Hangul fillers, the
#: braille blank, the combining grapheme joiner, Mongolian vowel separator)
_INVISIBLE = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x180E}
#: categories removed: controls, format characters (bidi controls, zero-width characters), line
#: and paragraph separators, unassigned, private use, surrogates
_REMOVED = {"Cc", "Cf", "Zl", "Zp", "Cn", "Co", "Cs"}


class NameError_(ValueError):
    """A name that cannot be used; the message is for the player."""


def clean_name(raw: str) -> str:
    """``raw`` as it is stored and shown.

    >>> clean_name("  Ann\\u200b  Lee ")
    'Ann Lee'
    >>> clean_name("\\u202eboB")
    'boB'
    >>> clean_name("Zoe\\u0301") == "Zo\\u00e9"
    True
    """
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for ch in text:
        if ord(ch) in _INVISIBLE or unicodedata.category(ch) in _REMOVED:
            continue
        kept.append(" " if ch.isspace() else ch)
    return " ".join("".join(kept).split())


def is_visible(name: str) -> bool:
    """Whether ``name`` draws something: a character other than spaces and combining marks."""
    return any(not ch.isspace() and not unicodedata.category(ch).startswith("M") for ch in name)


def check_name(raw: str) -> str:
    """The cleaned name, or :class:`NameError_` (empty once cleaned, or too long)."""
    if not isinstance(raw, str):
        raise NameError_(_("A name must be text."))
    name = clean_name(raw)
    if not is_visible(name):
        raise NameError_(_("A name needs at least one visible letter or sign."))
    if len(name) > MAX_NAME:
        raise NameError_(_("A name may have at most {n} characters.").format(n=MAX_NAME))
    return name


def _fold(text: str) -> str:
    return text.translate(FOLD)


def lookalike_keys(name: str) -> tuple[str, str]:
    """Two keys of ``name``; names sharing either key look alike (see :func:`lookalike_key`)."""
    base = unicodedata.normalize("NFKC", clean_name(name))
    # folding before and after case-folding: capital I looks like small l, but small i does not
    return _fold(base.casefold()), _fold(_fold(base).casefold())


def lookalike_key(name: str) -> str:
    """One key of ``name`` (the other is in :func:`lookalike_keys`).

    >>> lookalike_key("Bob") == lookalike_key("BOB") == lookalike_key("Воb")  # Cyrillic В
    True
    >>> lookalike_key("Ann") == lookalike_key("Anna")
    False
    """
    return lookalike_keys(name)[1]


def look_alike(a: str, b: str) -> bool:
    """Whether two names look alike on the curtain.

    >>> look_alike("Ali", "All"), look_alike("AI", "Al"), look_alike("ＢＯＢ", "bob")
    (False, True, True)
    """
    ka, kb = lookalike_keys(a), lookalike_keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]


def check_table(raw_names: list[str]) -> list[str]:
    """Clean every name of one table; refuse an empty one and two that look alike.

    Raises:
        NameError_: naming the seat(s), e.g. "Seat 3: “Воb” looks like “Bob” (seat 1) …".
    """
    names = []
    for i, raw in enumerate(raw_names):
        try:
            names.append(check_name(raw))
        except NameError_ as exc:
            raise NameError_(_("Seat {n}: {problem}").format(n=i + 1, problem=exc)) from None
    for j in range(len(names)):
        for i in range(j):
            if look_alike(names[i], names[j]):
                raise NameError_(
                    _(
                        "Seat {n}: “{name}” looks like “{other}” (seat {m}): the curtain could not "
                        "tell them apart. Please choose another name."
                    ).format(n=j + 1, name=names[j], other=names[i], m=i + 1)
                )
    return names


def bot_name(level: str) -> str:
    """A bot's name in the player's language, saying that it is a bot and how strong: "Easy bot"
    for ``level`` ``"easy"`` (``"normal"``, ``"hard"``); ``KeyError`` for another level."""
    return {"easy": _("Easy bot"), "normal": _("Normal bot"), "hard": _("Hard bot")}[level]


def seat_names(names: list[str], kinds: list[str], untouched: list[bool], bot_levels: dict[str, str]) -> list[str]:
    """Setup's names after a change of seat kinds: each seat whose name the player has not typed
    (``untouched``) is named for its kind — a bot seat (its kind in ``bot_levels``, kind -> level)
    by :func:`bot_name`, numbered from the second bot of one level on ("Easy bot 2"), a person's
    seat "Player N" (N its place, from 1). Typed names stay as they are. Lists of one length."""
    out = list(names)
    seen: dict[str, int] = {}
    for i, kind in enumerate(kinds):
        if not untouched[i]:
            continue
        level = bot_levels.get(kind)
        if level is None:
            out[i] = _("Player {n}").format(n=i + 1)
            continue
        seen[level] = seen.get(level, 0) + 1
        out[i] = bot_name(level) if seen[level] == 1 else f"{bot_name(level)} {seen[level]}"
    return out


def default_names(count: int, bot_levels: dict[str, str]) -> set[str]:
    """Every name :func:`seat_names` can give at a table of ``count`` seats: a name among them (or
    an empty one) is setup's, not typed by the player."""
    names = {_("Player {n}").format(n=i + 1) for i in range(count)}
    for level in bot_levels.values():
        names.add(bot_name(level))
        names.update(f"{bot_name(level)} {k}" for k in range(2, count + 1))
    return names
