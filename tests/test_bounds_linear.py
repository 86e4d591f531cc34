"""Reading untrusted text costs time linear in its length, whatever it holds: the bounds checked
before any parse (size, nesting, number literals) never retry a start or backtrack.

Runs in CPython and inside Pyodide (``make test-pyodide`` takes every ``tests/test_*.py``). The
CPU bounds are generous (ten times the targets measured by ``bench/bounds.py``: a message at its
bound 50 ms, a file at its bound 1 s); a scan that costs quadratic time fails them by far: the
previous one took about 10 s for 60,000 characters of ``\\"`` and would take hours for a 4 MB
backup of it. Sizes grow by four up to the bound and each must stay within its share of the
budget, so a quadratic scan fails at the first size instead of running for hours. Under Pyodide
``time.process_time`` is wall time (Emscripten's ``clock``), which only makes the bound looser.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from hotseat import bounded  # noqa: E402
from hotseat.net import protocol  # noqa: E402

#: the host's message bound and a backup file's bound (hotseat.backup.MAX_BYTES)
MESSAGE = protocol.MAX_MESSAGE_BYTES
FILE = 4_000_000
#: seconds: ten times the targets
MESSAGE_BUDGET = 0.5
FILE_BUDGET = 10.0
#: seconds: the least share of a file's budget for a size, whatever its length (under Pyodide the
#: clock is wall time, and a loaded machine's pause is more than a small file's share; the
#: quadratic scan this catches took about 10 s for 60,000 characters)
SMALLEST_SHARE = 0.5


def _fill(unit: str, size: int, head: str = "", tail: str = "") -> str:
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


#: texts that make a scan work hardest: unterminated strings of escapes, brackets, quote and
#: backslash mixes, long numbers, many short strings, unicode escapes
ADVERSARIAL = {
    "escaped quotes": lambda n: _fill('\\"', n),
    "quote backslash": lambda n: _fill('"\\', n),
    "escaped backslashes and quotes": lambda n: _fill('\\\\\\"', n, head='"'),
    "opening brackets": lambda n: _fill("[", n),
    "closing brackets": lambda n: _fill("]", n),
    "bracket pairs": lambda n: _fill("[]", n),
    "nested to the limit": lambda n: "[" + _fill("[[]],", n - 2, tail="[[]]") + "]",
    "short strings": lambda n: "[" + _fill('"",', n - 2, tail='""') + "]",
    "unicode escapes": lambda n: '["' + _fill("\\u00e9", n - 4) + '"]',
    "long number": lambda n: "[" + "1" * (n - 2) + "]",
    "many numbers": lambda n: "[" + _fill("1,", n - 2, tail="1") + "]",
    "empty objects": lambda n: "[" + _fill("{},", n - 2, tail="{}") + "]",
}


def _cpu(call) -> float:
    t0 = time.process_time()
    try:
        call()
    except ValueError:  # refused: what it costs to say so counts the same
        pass
    return time.process_time() - t0


@pytest.mark.parametrize("kind", sorted(ADVERSARIAL))
def test_a_message_at_its_bound_is_read_or_refused_within_its_budget(kind):
    text = ADVERSARIAL[kind](MESSAGE)
    assert len(text.encode("utf-8")) <= MESSAGE
    seconds = min(_cpu(lambda: protocol.parse(text, "host")) for _ in range(2))
    assert seconds <= MESSAGE_BUDGET, f"{kind}: {seconds:.2f} s for a message of {len(text):,} characters"


@pytest.mark.parametrize("kind", sorted(ADVERSARIAL))
def test_a_file_at_its_bound_is_read_or_refused_within_its_budget(kind):
    size = FILE // 64
    while size <= FILE:
        text = ADVERSARIAL[kind](size)
        seconds = min(_cpu(lambda text=text: bounded.loads(text, FILE, 3, unique_keys=True)) for _ in range(2))
        allowed = max(FILE_BUDGET * size / FILE, SMALLEST_SHARE)
        assert seconds <= allowed, f"{kind}: {seconds:.2f} s for {size:,} characters (at most {allowed:.2f} s)"
        size *= 4


def test_the_nesting_check_reads_what_a_parser_would():
    """The linear scan gives the depths the parser sees, and never less for a text that is not JSON."""
    depth = bounded.nesting_depth
    assert depth('{"a": [1, [2], "]]]"]}', 8) == 3
    assert depth('["\\\\", ["[\\"["]]', 8) == 2  # an escaped backslash ends no string; an escaped quote does not end it
    assert depth('"[[[', 2) == 0  # a string never closed holds every bracket after it
    assert depth("[}", 2) == 1  # the wrong kind closes (a parser fails there anyway)
    assert depth("]]][[[", 3) == 3  # left open: counted, though a parser fails at the first "]"
    assert depth("[[]][", 3) == 3  # pairs, then one left open on top
    with pytest.raises(bounded.BoundsError, match="deeper than 2"):
        depth("[[[", 2)  # left open: counted
    with pytest.raises(bounded.BoundsError, match="deeper than 2"):
        depth('[{"a": [1]}]', 2)
    assert depth('\\"' * 50_000, 1) == 0


def _reference_depth(text: str) -> int:
    """The nesting check's ruling, one character at a time (slow, obviously right): strings out
    (a backslash escapes the next character, a string never closed runs to the end), objects as
    arrays, the deepest nesting of the brackets that pair up, plus every one left open."""
    brackets, in_string, escaped = [], False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            brackets.append("[")
        elif ch in "]}":
            brackets.append("]")
    stack, paired = [], [False] * len(brackets)
    for i, b in enumerate(brackets):
        if b == "[":
            stack.append(i)
        elif stack:
            paired[stack.pop()] = paired[i] = True
    depth = deepest = 0
    for b, p in zip(brackets, paired, strict=True):
        if p:
            depth += 1 if b == "[" else -1
            deepest = max(deepest, depth)
    return deepest + sum(1 for b, p in zip(brackets, paired, strict=True) if b == "[" and not p)


@given(st.text(alphabet='[]{}"\\a,é\n', max_size=60))
@settings(max_examples=300, deadline=None)
def test_the_nesting_check_agrees_with_a_scan_one_character_at_a_time(text):
    expected = _reference_depth(text)
    if expected > 6:
        with pytest.raises(bounded.BoundsError):
            bounded.nesting_depth(text, 6)
    else:
        assert bounded.nesting_depth(text, 6) == expected
