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
