"""The bounds check as it was before the linear scan, kept verbatim for bench/bounds.py's side-by-side
figures (its string pattern is retried from every quote, so text made of ``\\"`` costs quadratic time).
Not used by the app."""

from __future__ import annotations

import json
import math
import re
from typing import Any

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_ASCII_INT = re.compile(r"[0-9]+", re.ASCII)
#: the longest number literal read (an unsigned 64-bit integer has 20 digits)
MAX_NUMBER_CHARS = 40


class BoundsError(ValueError):
    """A text outside the bounds, or not JSON; the message says what is wrong."""


def nesting_depth(text: str, limit: int) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (strings left out), counted without
    recursion; stops past ``limit``.

    >>> nesting_depth('{"a": [1, [2], "]]]"]}', 8)
    3
    >>> nesting_depth("[" * 100000 + "]" * 100000, 32)
    Traceback (most recent call last):
      ...
    hotseat.bounded.BoundsError: it is nested deeper than 32 levels
    >>> nesting_depth("[" * 100000, 32)  # unbalanced: every bracket a parser could open counts
    Traceback (most recent call last):
      ...
    hotseat.bounded.BoundsError: it is nested deeper than 32 levels

    Raises:
        BoundsError: deeper than ``limit``.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets:
        if depth >= limit:
            raise BoundsError(f"it is nested deeper than {limit} levels")
        inner = _INNERMOST.sub("", brackets)
        if inner == brackets:
            # unbalanced (not JSON): a parser may still open every bracket left before it fails,
            # so those count too; within the limit, the parser says where the text is wrong
            if depth + brackets.count("[") + brackets.count("{") > limit:
                raise BoundsError(f"it is nested deeper than {limit} levels")
            break
        brackets = inner
        depth += 1
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
    out = {}
    for key, value in pairs:
        if key in out:
            raise BoundsError(f"duplicate key {key!r}")
        out[key] = value
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
