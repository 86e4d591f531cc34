"""The bounds check as it was before the linear scan, for bench/bounds.py's side-by-side figures:
only the parts that changed are kept here (the old nesting scan, whose string pattern is retried
from every quote, so text made of ``\\"`` costs quadratic time, and the old duplicate-key check);
:func:`loads` is :func:`hotseat.bounded.loads` itself run with these two in place of the new ones.
Not used by the app."""

from __future__ import annotations

import re
import types
from typing import Any

from hotseat import bounded
from hotseat.bounded import BoundsError

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def nesting_depth(text: str, limit: int) -> int:
    """The old :func:`hotseat.bounded.nesting_depth`: strings taken out by a pattern retried from
    every quote, then the innermost pairs taken away one level a pass (the same verdict on JSON;
    on a text that is not JSON, brackets left open count only towards the limit).

    >>> nesting_depth('{"a": [1, [2], "]]]"]}', 8), nesting_depth("[" * 40, 64)
    (3, 0)

    Raises:
        BoundsError: deeper than ``limit`` (every bracket left open counts).
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


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = {}
    for key, value in pairs:
        if key in out:
            raise BoundsError(f"duplicate key {key!r}")
        out[key] = value
    return out


#: :func:`hotseat.bounded.loads` (the same code: size check, nesting check, bounded parse), looking
#: up ``nesting_depth`` and ``_no_duplicates`` in a copy of its module's names where they are the
#: old ones above; ``loads(text, max_chars, max_depth, unique_keys=False)``
loads = types.FunctionType(
    bounded.loads.__code__,
    {**vars(bounded), "nesting_depth": nesting_depth, "_no_duplicates": _no_duplicates},
    "loads",
    bounded.loads.__defaults__,
)
