"""Differential test: the bots' fast 6 nimmt! round playout against the engine.

``pycore.bots.six_nimmt.play_round`` re-implements a round's placement on plain lists for speed.
Here it plays rounds from the engine's own deals (and from states part-way through a round); the
cards it picks are recorded and then sent to the engine as ``pick`` actions, with the playout's
row choice (SN-5: the row with the fewest bullheads, the first of equals). Both must end the round
with the same rows and the same bullheads taken by each player.
"""

from __future__ import annotations

import random

import pytest

from pycore.bots.six_nimmt import PLAYOUT_GREEDY, play_round
from pycore.games.six_nimmt import BULLHEADS, GAME, SixNimmtState
from pycore.rng import Rng


class RecordingHand(list[int]):
    """A hand that logs every card popped from it (the playout picks with ``hand.pop(i)``)."""

    def __init__(self, player: int, cards: list[int], log: list[tuple[int, int]]) -> None:
        super().__init__(cards)
        self.player, self.log = player, log

    def pop(self, index: int = -1) -> int:  # type: ignore[override]
        card = super().pop(index)
        self.log.append((self.player, card))
        return card


def playout_round(
    state: SixNimmtState, seed: int, greedy: float
) -> tuple[list[list[int]], list[int], list[tuple[int, int]]]:
    """The playout from ``state`` (a turn's start): final rows, bullheads per player, the picks made."""
    log: list[tuple[int, int]] = []
    rows = [r[:] for r in state.rows]
    hands: list[list[int]] = [RecordingHand(p, h, log) for p, h in enumerate(state.hands)]
    bull = [0] * state.num_players
    play_round(rows, hands, [None] * state.num_players, None, random.Random(seed), bull, greedy)
    return rows, bull, log


def engine_round(state: SixNimmtState, picks: list[tuple[int, int]]) -> list[int]:
    """Send ``picks`` to the engine in order, choosing rows like the playout; bullheads taken."""
    taken_before = [sum(BULLHEADS[c] for c in t) for t in state.taken]
    round_ = state.round
    for player, card in picks:
        state.apply_action(player, {"type": "pick", "card": card})
        while state.phase == "choose_row":
            bulls = [sum(BULLHEADS[c] for c in row) for row in state.rows]
            state.apply_action(state.chooser, {"type": "choose_row", "row": bulls.index(min(bulls))})
    assert state.round == round_ + 1 or state.is_terminal(), "the picks did not finish the round"
    assert state.last_round_bullheads is not None
    return [lrb - before for lrb, before in zip(state.last_round_bullheads, taken_before)]


@pytest.mark.parametrize("n", [2, 3, 5, 10])
@pytest.mark.parametrize("greedy", [0.0, PLAYOUT_GREEDY])
def test_playout_places_cards_like_the_engine(n: int, greedy: float) -> None:
    for seed in range(12):
        # a fresh round, or one part-way through (some turns played by random picks first)
        state = GAME.new_initial_state(n, seed, {"rounds": 1})
        rng = Rng(seed)
        for _ in range(seed % 5):
            for p in range(n):
                state.apply_action(p, {"type": "pick", "card": rng.choice(state.hands[p])})
            while state.phase == "choose_row":
                state.apply_action(state.chooser, {"type": "choose_row", "row": rng.randbelow(4)})
        rows, bull, picks = playout_round(state, seed, greedy)
        assert len(picks) == sum(len(h) for h in state.hands)
        took = engine_round(state, picks)
        assert state.rows == rows, f"seed {seed}: rows differ"
        assert took == bull, f"seed {seed}: bullheads taken differ: engine {took}, playout {bull}"


def test_the_comparison_catches_a_planted_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """A playout whose rows hold six cards (SN-4 broken) must be told apart from the engine."""
    import pycore.bots.six_nimmt as bots

    monkeypatch.setattr(bots, "ROW_LIMIT", 6)
    differ = 0
    for seed in range(6):
        state = GAME.new_initial_state(4, seed, {"rounds": 1})
        rows, bull, picks = playout_round(state, seed, 0.0)
        took = engine_round(state, picks)
        differ += state.rows != rows or took != bull
    assert differ >= 5
