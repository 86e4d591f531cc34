"""Figures about Hotseat's Bunny Bunny Moose Moose deck (BM-2, BM-4, BM-5), as documented in
seeds/bunny_moose.md. Run this file directly to print them:

    .venv/bin/python -m tests.test_bunny_moose_deck

Exact figures come from combinatorics (hypergeometric law of the hunters among the first six
cards); score spreads come from a seeded simulation of rounds through the engine itself.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pycore
from pycore.games.bunny_moose import BASIC_IDS, DECK, HANDS, HUNTER_IDS, score_pose
from pycore.rng import Rng

GAME = pycore.load_game("bunny_moose")
FIRST_PASS = 6


def expected_cards_after_first_pass(size: int, hunters: int) -> Fraction:
    """Expected number of cards placed after the first six before a hunter ends the round (BM-4).

    With j hunters among the first six cards (hypergeometric), the remaining ``size - 6`` cards
    hold ``hunters - j`` hunters, and the expected number of other cards before the first of them
    is ``(size - 6 - (hunters - j)) / (hunters - j + 1)``.
    """
    total = Fraction(0)
    for j in range(0, min(FIRST_PASS, hunters) + 1):
        p = Fraction(comb(hunters, j) * comb(size - hunters, FIRST_PASS - j), comb(size, FIRST_PASS))
        h = hunters - j
        total += p * Fraction(size - FIRST_PASS - h, h + 1)
    return total


def before_first_hunter(m: int, h: int) -> tuple[Fraction, Fraction]:
    """Mean and variance of the number of other cards before the first of ``h`` hunters shuffled
    among ``m`` cards (the negative hypergeometric law)."""
    return Fraction(m - h, h + 1), Fraction((m - h) * h * (m + 1), (h + 1) ** 2 * (h + 2))


def variance_of_cards_after_first_pass(size: int, hunters: int) -> Fraction:
    """Variance of the number of cards placed after the first six (BM-4), exactly: the law of
    total variance mixes :func:`before_first_hunter` over the hunters among the first six."""
    mean = square = Fraction(0)
    for j in range(0, min(FIRST_PASS, hunters) + 1):
        p = Fraction(comb(hunters, j) * comb(size - hunters, FIRST_PASS - j), comb(size, FIRST_PASS))
        mu, var = before_first_hunter(size - FIRST_PASS, hunters - j)
        mean += p * mu
        square += p * (var + mu * mu)
    return square - mean * mean


def p_hunter_first(size: int, hunters: int) -> Fraction:
    """Probability that the 7th card is a hunter (the round ends right after the first pass)."""
    total = Fraction(0)
    for j in range(0, min(FIRST_PASS, hunters) + 1):
        p = Fraction(comb(hunters, j) * comb(size - hunters, FIRST_PASS - j), comb(size, FIRST_PASS))
        total += p * Fraction(hunters - j, size - FIRST_PASS)
    return total


def simulate(rounds: int, basic: bool, seed: int = 2024, score: bool = True) -> dict:
    """Play ``rounds`` rounds through the engine; score every non-bush pose on each final table.

    Returns the cards placed after the first pass per round, and per round: the mean score of all
    128 non-bush poses (a player who ignores the cards), the best and the worst pose's score.
    With ``score=False`` only the rounds are played (the score lists stay empty, the shares 0):
    scoring the poses takes five times as long as playing the round.
    """
    rng = Rng(seed)
    after, mean_scores, best, worst, inverted, doubled = [], [], [], [], 0, 0
    poses = [
        {"left": left, "right": right, "tongue": t}
        for left in HANDS
        for right in HANDS
        for t in (False, True)
        if left["kind"] == right["kind"] and left["kind"] != "none"
    ]
    assert len(poses) == 64
    for _ in range(rounds):
        state = GAME.new_initial_state(3, rng.randbelow(1 << 62), {"narrator": "app", "basic": basic})
        while state.phase == "reveal":
            state.apply_action(state.narrator, {"type": "reveal"})
        after.append(state.placed - FIRST_PASS)
        if not score:
            continue
        tops = state.top_cards()
        scores = [score_pose(p, tops) for p in poses]
        values = [s["score"] for s in scores]
        mean_scores.append(sum(values) / len(values))
        best.append(max(values))
        worst.append(min(values))
        inverted += scores[0]["inverted"]
        doubled += sum(1 for s in scores if s["doublers"]) / len(scores)
    return {
        "after": after,
        "mean": mean_scores,
        "best": best,
        "worst": worst,
        "p_inverted": inverted / rounds,
        "p_doubled": doubled / rounds,
    }


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


# ---- tests ------------------------------------------------------------------------------------


def test_expected_run_after_first_pass_full_and_basic_deck():
    full = expected_cards_after_first_pass(111, 8)
    basic = expected_cards_after_first_pass(88, 8)
    assert round(float(full), 2) == 11.44 and round(float(basic), 2) == 8.89
    assert round(float(p_hunter_first(111, 8)), 3) == 0.072
    assert round(float(p_hunter_first(88, 8)), 3) == 0.091


def test_eight_hunters_always_leave_one_after_the_first_pass():
    # at most six hunters fit in the first pass, so a round always ends with a hunter (BM-4)
    assert len(HUNTER_IDS) == 8 > FIRST_PASS
    assert len([i for i in BASIC_IDS if i in HUNTER_IDS]) == 8


def test_exact_variance_of_the_round_length():
    # one hunter among 10 cards: the cards before it are uniform on 0..9
    assert before_first_hunter(10, 1) == (Fraction(9, 2), Fraction(10**2 - 1, 12))
    assert variance_of_cards_after_first_pass(111, 8) > 0
    assert round(float(variance_of_cards_after_first_pass(111, 8)), 2) == 113.94


def test_simulated_round_length_matches_the_exact_figure():
    rounds = 3000
    after = simulate(rounds, basic=False, score=False)["after"]
    mean_after = sum(after) / rounds
    # the exact law's standard deviation is 10.67 cards, so the mean of 3000 rounds has a standard
    # error of 0.195: the bar is three of them (0.58 cards); the seeded run is 0.03 off
    exact = expected_cards_after_first_pass(111, 8)
    margin = 3 * (float(variance_of_cards_after_first_pass(111, 8)) / rounds) ** 0.5
    assert abs(mean_after - float(exact)) < margin, (mean_after, float(exact), margin)
    assert min(after) == 0


def test_points_on_the_cards():
    counts = {}
    for c in DECK:
        if c["points"] is not None:
            counts[c["points"]] = counts.get(c["points"], 0) + 1
    assert counts == {3: 11, 2: 14, 1: 26, -1: 24, -2: 10, -3: 5}
    assert sum(v * k for v, k in counts.items()) == 28


def report() -> None:
    for name, size in (("full", 111), ("basic", 88)):
        e = expected_cards_after_first_pass(size, 8)
        p = p_hunter_first(size, 8)
        print(
            f"{name} deck ({size} cards, 8 hunters): expected cards after the first six = {float(e):.2f} "
            f"({float(e) / 6:.2f} more passes of the short poem); P(7th card is a hunter) = {float(p):.3f}"
        )
    for basic in (False, True):
        sim = simulate(5000, basic=basic)
        a = sim["after"]
        print(f"\nsimulated 5000 rounds, {'basic' if basic else 'full'} deck:")
        print(
            f"  cards after the first six: mean {sum(a) / len(a):.2f}, median {percentile(a, 0.5)}, "
            f"90th percentile {percentile(a, 0.9)}, max {max(a)}"
        )
        for key, label in (("mean", "average non-bush pose"), ("best", "best pose"), ("worst", "worst pose")):
            v = sim[key]
            m = sum(v) / len(v)
            sd = (sum((x - m) ** 2 for x in v) / len(v)) ** 0.5
            print(
                f"  {label}: mean {m:+.2f}, sd {sd:.2f}, 10%/50%/90% = "
                f"{percentile(v, 0.1):+.1f}/{percentile(v, 0.5):+.1f}/{percentile(v, 0.9):+.1f}, "
                f"min {min(v):+.1f}, max {max(v):+.1f}"
            )
        print(f"  rounds with the table inverted (odd ± count): {sim['p_inverted']:.3f}")
        print(f"  share of non-bush poses matching at least one ×2 card: {sim['p_doubled']:.3f}")


if __name__ == "__main__":
    report()
