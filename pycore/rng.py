"""A seeded random number generator whose whole state is one integer.

Every shuffle in every game goes through :class:`Rng`, and the generator's state is saved inside
the game state, so ``(seed, options, actions)`` reproduces a game exactly, in CPython and in
Pyodide alike (the algorithm is plain integer arithmetic: SplitMix64, Steele, Lea & Flood 2014).
Python's own ``random`` is avoided on purpose: its state is 625 integers and its algorithms are
not promised to stay the same across Python versions.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


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
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
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

        Draws exactly what ``randbelow(i + 1)`` for ``i = len(seq)-1 .. 1`` would draw; SplitMix64
        is inlined here because shuffles are the hottest use of the generator (64-bit arithmetic
        on Python ints costs most under Pyodide).
        """
        state = self.state
        mask = _MASK
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = 18446744073709551616 - (18446744073709551616 % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())
