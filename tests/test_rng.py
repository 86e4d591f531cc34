"""The seeded generator (pycore/rng.py): fixed outputs, and shuffle == Fisher–Yates over randbelow."""

from hypothesis import given
from hypothesis import strategies as st

from pycore.rng import Rng


def reference_shuffle(rng: Rng, seq: list) -> None:
    """Fisher–Yates spelled with the public randbelow, as shuffle is documented to draw."""
    for i in range(len(seq) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def test_known_values():
    # SplitMix64 from seed 0: first output is the published 0xE220A8397B1DCDAF
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    r = Rng(42)
    assert [r.randbelow(6) for _ in range(5)] == [1, 1, 0, 0, 4]


def test_shuffle_of_104_cards_is_fixed():
    deck = list(range(1, 105))
    Rng(2026).shuffle(deck)
    again = list(range(1, 105))
    reference_shuffle(Rng(2026), again)
    assert deck == again
    assert sorted(deck) == list(range(1, 105))
    assert deck != list(range(1, 105))


@given(st.integers(0, 2**64 - 1), st.integers(0, 120))
def test_inlined_shuffle_draws_like_randbelow(seed, n):
    a, b = list(range(n)), list(range(n))
    r1, r2 = Rng(seed), Rng(seed)
    r1.shuffle(a)
    reference_shuffle(r2, b)
    assert a == b
    assert r1.state == r2.state


def test_bad_seed_and_state_are_refused():
    import pytest

    with pytest.raises(TypeError):
        Rng("1")
    with pytest.raises(ValueError):
        Rng.from_state(-1)
    with pytest.raises(ValueError):
        Rng.from_state(2**64)


# ---- the batched shuffle: rejected draws and long sequences ------------------------------------

_MASK = 2**64 - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _state_before_output(z: int) -> int:
    """The state whose next ``next64()`` returns ``z`` (SplitMix64's output function inverted)."""
    z ^= (z >> 31) ^ (z >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & _MASK
    z ^= (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & _MASK
    z ^= (z >> 30) ^ (z >> 60)
    return (z - _GOLDEN) & _MASK


def test_inverse_gives_the_wanted_draw():
    for z in (0, 1, 2**64 - 1, 0xE220A8397B1DCDAF, 123456789 * 987654321):
        assert Rng(_state_before_output(z)).next64() == z
    assert _state_before_output(0xE220A8397B1DCDAF) == 0


def _rng_with_draw(z: int, at: int) -> Rng:
    """A generator whose draw number ``at`` (0-based) is ``z``."""
    return Rng((_state_before_output(z) - at * _GOLDEN) & _MASK)


def test_rejected_draws_in_a_shuffle_match_randbelow():
    # randbelow(n) rejects draws >= 2**64 - 2**64 % n: the top draw is rejected for every n that is
    # not a power of two (n = 104 - at here), draws just below 2**64 - n are kept
    for length in (104, 129, 300):
        for at in (0, 1, 50, 101, 127, 128, 131):
            if at >= length - 1:
                continue
            n = length - at
            for z in (2**64 - 1, 2**64 - n, 2**64 - n - 1):
                a, b = list(range(length)), list(range(length))
                r1, r2 = _rng_with_draw(z, at), _rng_with_draw(z, at)
                r1.shuffle(a)
                reference_shuffle(r2, b)
                assert a == b, (length, at, z)
                assert r1.state == r2.state
    # the top draw really is rejected: randbelow(104) takes a second draw
    start = _rng_with_draw(2**64 - 1, 0).state
    rejected = Rng.from_state(start)
    rejected.randbelow(104)
    assert rejected.state == (start + 2 * _GOLDEN) & _MASK
    kept = _rng_with_draw(2**64 - 105, 0)
    kept.randbelow(104)
    assert kept.state == (_rng_with_draw(2**64 - 105, 0).state + _GOLDEN) & _MASK


def test_long_shuffles_match_randbelow():
    for length in (12, 13, 17, 33, 65, 128, 129, 130, 257, 1000):
        a, b = list(range(length)), list(range(length))
        Rng(length).shuffle(a)
        reference_shuffle(Rng(length), b)
        assert a == b, length


def test_batched_draws_match_next64_for_every_batch_size():
    from pycore.rng import _draw_batch, _low_words_native, _low_words_struct

    for count in range(1, 129):
        r = Rng(count * 7919)
        assert _draw_batch(count * 7919, count) == [r.next64() for _ in range(count)], count
    lanes = bytes(range(256)) * 2
    for count in (1, 5, 32):
        assert _low_words_struct(lanes, count) == _low_words_native(lanes, count)
