"""A seeded random number generator whose whole state is one integer.

Every shuffle in every game goes through :class:`Rng`, and the generator's state is saved inside
the game state, so ``(seed, options, actions)`` reproduces a game exactly, in CPython and in
Pyodide alike (the algorithm is plain integer arithmetic: SplitMix64, Steele, Lea & Flood 2014).
Python's own ``random`` is avoided on purpose: its state is 625 integers and its algorithms are
not promised to stay the same across Python versions.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment (the golden ratio in 64 bits)
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class Rng:
    """SplitMix64 generator.

    >>> r = Rng(42)
    >>> [r.randbelow(6) for _ in range(5)]
    [1, 1, 0, 0, 4]
    >>> Rng.from_state(r.state).randbelow(100) == r.randbelow(100)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from a saved ``state`` (an int in 0 .. 2**64-1)."""
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= _MASK:
            raise ValueError(f"rng state must be an int in 0..2**64-1, got {state!r}")
        rng = cls(0)
        rng.state = state
        return rng

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias).

        Raises:
            ValueError: if ``n < 1``.
        """
        if n < 1:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 bits of precision."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle ``seq`` in place (Fisher–Yates).

        Draws exactly what ``randbelow(i + 1)`` for ``i = len(seq)-1 .. 1`` would draw, and leaves
        the generator in the same state. Shuffles are the hottest use of the generator, so the
        draws are computed in batches by :func:`_draw_batch` (one big-integer operation per
        SplitMix64 step for a whole batch, instead of one per draw); a batch that could hold a
        rejected draw, and every short tail, takes the plain one-draw-at-a-time loop.
        """
        i = len(seq) - 1  # the position filled next, from the end
        state = self.state
        while i >= _BATCH_MIN:
            count = min(i, _BATCH_MAX)
            draws = _draw_batch(state, count)
            # randbelow(n) rejects a draw only at or above 2**64 - (2**64 % n) > 2**64 - n; every
            # n of this batch is at most i + 1, so no draw below this bound is ever rejected
            if max(draws) > _SPAN - (i + 1):
                break
            for z in draws:
                j = z % (i + 1)
                seq[i], seq[j] = seq[j], seq[i]
                i -= 1
            state = (state + count * _GOLDEN) & _MASK
        self.state = _shuffle_scalar(state, seq, i)

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())


# ---- batched draws for shuffle ---------------------------------------------------------------
#
# SplitMix64's k-th next state is simply ``state + k * golden (mod 2**64)``, so the next ``count``
# outputs do not depend on each other and can be computed side by side. Each one gets a 128-bit
# lane of one big integer (lane k holds bits 128k .. 128k+127): a 64-bit value times a 64-bit
# constant fits in its lane, so one big multiplication multiplies every lane at once; the low 64
# bits of each lane, cut out by a mask, are exactly what ``next64`` computes. Right shifts move
# a few bits of each lane into the unused top of the lane below, and the mask clears them before
# the next multiplication. CPython and Pyodide do this in C, several times faster than the same
# arithmetic one draw at a time in Python bytecode.

_BATCH_MIN = 12  # shorter shuffles (and tails) cost less one draw at a time
_BATCH_MAX = 128  # draws per batch: bounds the size of the big integers and of the tables
_LANE_BITS = 128


_LANE_STEP = 16  # batches use 16, 32, ... or 128 lanes: few tables, little waste


class _Lanes:
    """Constants for a batch of ``lanes`` draws; lane k of ``steps`` is (k+1)·golden."""

    __slots__ = ("mask", "ones", "steps")

    def __init__(self, lanes: int) -> None:
        self.ones = sum(1 << (_LANE_BITS * k) for k in range(lanes))
        self.steps = sum(((k + 1) * _GOLDEN) << (_LANE_BITS * k) for k in range(lanes))
        self.mask = _MASK * self.ones


_TABLES: dict[int, _Lanes] = {}  # by lane count, built on first use


def _draw_batch(state: int, count: int) -> list[int]:
    """The next ``count`` (1..128) outputs of ``next64`` from ``state``, in order.

    >>> r = Rng(7)
    >>> _draw_batch(7, 20) == [r.next64() for _ in range(20)]
    True
    """
    lanes = -(-count // _LANE_STEP) * _LANE_STEP
    t = _TABLES.get(lanes)
    if t is None:
        t = _TABLES[lanes] = _Lanes(lanes)
    mask = t.mask
    z = (state * t.ones + t.steps) & mask  # lane k: state + (k+1)·golden, mod 2**64
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z ^= z >> 31  # the bits this moves above a lane's low 64 are not read
    return _low_words(z.to_bytes(16 * lanes, "little"), count)


def _low_words_struct(data: bytes, count: int) -> list[int]:
    """The low 64-bit words of the first ``count`` 128-bit little-endian lanes of ``data``."""
    return list(struct.unpack_from(f"<{2 * count}Q", data)[::2])


def _low_words_native(data: bytes, count: int) -> list[int]:
    """:func:`_low_words_struct` through a memoryview (faster; needs a little-endian machine)."""
    return memoryview(data).cast("Q")[0 : 2 * count : 2].tolist()


_low_words = _low_words_native if sys.byteorder == "little" and struct.calcsize("Q") == 8 else _low_words_struct


def _shuffle_scalar(state: int, seq: MutableSequence[T], i: int) -> int:
    """Fisher–Yates steps ``i .. 1`` of :meth:`Rng.shuffle`, one draw at a time; returns the new state."""
    mask = _MASK
    while i > 0:
        n = i + 1
        limit = _SPAN - (_SPAN % n)
        while True:
            state = (state + _GOLDEN) & mask
            z = ((state ^ (state >> 30)) * _MIX1) & mask
            z = ((z ^ (z >> 27)) * _MIX2) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        seq[i], seq[j] = seq[j], seq[i]
        i -= 1
    return state
