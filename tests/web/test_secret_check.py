"""The e2e secrets checker follows the game it checks (e2e/secret_check.py): the events it gives
its reference render are those of the move the table made, also around "Undo my move"."""

from __future__ import annotations

import sys
from pathlib import Path

import pycore

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from secret_check import SecretChecker  # noqa: E402


def test_a_move_made_again_after_undo_my_move_has_its_events_and_an_undo_has_none():
    game = pycore.load_game("bad_bunnies")
    before = game.new_initial_state(3, 4)
    me = before.current_players()[0]
    move = next(a for a in before.legal_actions(me) if a["type"] == "play")
    after = before.clone()
    events = after.apply_action(me, move)
    checker = SecretChecker("bad_bunnies")
    for state, expected in ((before, []), (after, events), (before, []), (after, events)):
        # the turn, the move, "Undo my move" (the table as before it), the same move made again
        checker._follow(state.to_json())
        assert checker.events == expected
    assert any(e["type"] == "play" and e["card"] == move["card"] for e in events)
