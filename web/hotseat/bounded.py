"""Text from outside the app read within bounds, checked *before* it is parsed.

Everything another phone sends, every save, backup or pairing code is untrusted. A deeply
nested JSON text overflows the parser's stack: inside Pyodide that is not a catchable
``RecursionError`` but a fatal error of the whole interpreter (about 10,000 nested brackets
suffice), so size and depth are measured without recursion first, and only a text within both
is handed to :func:`json.loads`. Numbers are bounded as literals (a 5,000-digit integer costs
quadratic time to convert; ``1e999`` would be infinity), and a number typed or scanned as text is
read only from ASCII digits (``str.isdigit`` and ``int`` also take superscripts, Arabic-Indic or
full-width digits).

Used by :mod:`hotseat.saves` (saves, backups) and :mod:`hotseat.net.protocol` (messages).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

#: a string from its opening quote to its closing one, or to the end of the text when it is never
#: closed. It matches wherever a quote starts it (its loop stops only at a quote, at a lone
#: backslash at the very end or at the end, and each is taken), so no start is ever tried twice and
#: nothing is backtracked: removing every string is one pass, linear in the text.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
#: objects nest as arrays do; every other byte goes (outside strings, JSON is ASCII)
_FOLD = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKET = bytes(sorted(set(range(256)) - set(b"[]{}")))
_ASCII_INT = re.compile(r"[0-9]+", re.ASCII)
#: the longest number literal read (an unsigned 64-bit integer has 20 digits)
MAX_NUMBER_CHARS = 40


class BoundsError(ValueError):
    """A text outside the bounds, or not JSON; the message says what is wrong."""


def nesting_depth(text: str, limit: int) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (strings left out), counted without
    recursion, in time linear in the text whatever it holds: one regular-expression pass that
    never retries a start or backtracks takes the strings out, one :meth:`bytes.translate` keeps
    the brackets alone, then each pass of :meth:`bytes.replace` takes away the innermost pairs
    (``[]``), one level a pass: at most ``limit`` + 1 passes over the brackets alone (every bound
    of the app has ``limit`` ≤ 32).

    Ruling for a text that is not JSON (a parser fails on it; what matters is how deep it got
    first): a closing bracket of the wrong kind counts as closing, a string never closed runs to
    the end, and every bracket left open counts on top of the pairs; so the figure is never
    below the depth a parser reaches before it fails.

    >>> nesting_depth('{"a": [1, [2], "]]]"]}', 8)
    3
    >>> nesting_depth('["\\\\", ["[\\"["]]', 8)  # escaped backslash, then an escaped quote
    2
    >>> nesting_depth("[" * 100000 + "]" * 100000, 32)
    Traceback (most recent call last):
      ...
    hotseat.bounded.BoundsError: it is nested deeper than 32 levels
    >>> nesting_depth("[" * 100000, 32)  # unbalanced: every bracket a parser could open counts
    Traceback (most recent call last):
      ...
    hotseat.bounded.BoundsError: it is nested deeper than 32 levels
    >>> nesting_depth('\\"' * 100000, 4)  # no string at all: quadratic for a scan that retries each quote
    0

    Raises:
        BoundsError: deeper than ``limit``.
    """
    outside = _STRING.sub("", text) if '"' in text else text
    brackets = outside.encode("ascii", "ignore").translate(_FOLD, _NOT_BRACKET)
    depth = 0
    while True:
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets):
            break
        depth += 1
        if depth > limit:
            raise BoundsError(f"it is nested deeper than {limit} levels")
        brackets = inner
    # left: closing brackets a parser fails at, then opening ones never closed (counted: a parser
    # opens each before it fails at the end)
    depth += brackets.count(b"[")
    if depth > limit:
        raise BoundsError(f"it is nested deeper than {limit} levels")
    return depth


def _int_literal(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise BoundsError(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})")
    return int(text)


def _float_literal(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise BoundsError(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})")
    value = float(text)
    if not math.isfinite(value):
        raise BoundsError(f"the number {text} is out of range")
    return value


def _no_constant(name: str) -> Any:
    raise BoundsError(f"{name} is not JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise BoundsError(f"duplicate key {key!r}")
            seen.add(key)
    return out


def loads(text: Any, max_chars: int, max_depth: int, unique_keys: bool = False) -> Any:
    """Parse JSON ``text`` within the bounds: at most ``max_chars`` characters (and as many bytes
    of UTF-8), nested at most ``max_depth`` deep, no number literal longer than
    :data:`MAX_NUMBER_CHARS`, no NaN or infinity; ``unique_keys``: an object may not repeat a key.

    >>> loads('{"a": [1, 2.5]}', 100, 4)
    {'a': [1, 2.5]}
    >>> loads("[1e999]", 100, 4)
    Traceback (most recent call last):
      ...
    hotseat.bounded.BoundsError: it is not valid JSON (the number 1e999 is out of range)

    Raises:
        BoundsError: not text, too long, too deep, or not JSON (the message says which).
    """
    if not isinstance(text, str):
        raise BoundsError("it is not text")
    if len(text) > max_chars or len(text.encode("utf-8", "surrogatepass")) > max_chars:
        raise BoundsError(f"it is too large ({len(text):,} characters; at most {max_chars:,})")
    nesting_depth(text, max_depth)
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates if unique_keys else None,
            parse_int=_int_literal,
            parse_float=_float_literal,
            parse_constant=_no_constant,
        )
    except (ValueError, RecursionError) as exc:
        raise BoundsError(f"it is not valid JSON ({exc})") from None


def ascii_int(text: Any, max_digits: int = 9) -> int | None:
    """The whole number written in ``text`` with ASCII digits only (at most ``max_digits``; no
    sign, space or underscore), else ``None``.

    >>> ascii_int("42"), ascii_int("4²"), ascii_int("٤٢"), ascii_int("+4"), ascii_int("4_2")
    (42, None, None, None, None)
    """
    if not isinstance(text, str) or not 0 < len(text) <= max_digits or not _ASCII_INT.fullmatch(text):
        return None
    return int(text)
