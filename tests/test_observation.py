"""A seat's observation is written once, in the contract (``State.observation``): the public
observation with ``viewer`` set and the seat's own entry of every SEAT field under the key the
field declares (``seen_as``). Checked here for every game along seeded random play, with the
values each game's observation has always shown (hand, own pick, choice, gift, received card)."""

from __future__ import annotations

from typing import Any

import pytest

import pycore
from pycore.core import HIDDEN, PUBLIC, SEAT, Field
from pycore.rng import Rng
from pycore.spec import Int, PerPlayer

#: what each game shows a seat beyond the public observation: key -> the state attribute
OWN = {
    "six_nimmt": {"hand": "hands", "my_pick": "picks"},
    "bad_bunnies": {"hand": "hands", "my_choice": "choices"},
    "dog": {"hand": "hands", "my_gift": "gifts", "received": "received"},
    "bunny_moose": {},
}


@pytest.mark.parametrize("game_id", sorted(OWN))
def test_an_observation_is_the_public_one_plus_the_seats_own_entries(game_id: str) -> None:
    game = pycore.load_game(game_id)
    n = game.min_players + 1
    state: Any = game.new_initial_state(n, 11)
    rng = Rng(5)
    shown = 0
    for _ in range(60):
        if state.is_terminal():
            break
        for p in range(n):
            obs = state.observation(p)
            own = {key: getattr(state, attr)[p] for key, attr in OWN[game_id].items()}
            assert obs == {**state.public_observation(), "viewer": p, **own}
            if own:  # the seat's own entries come last, in declaration order
                assert list(obs)[-len(own) :] == list(own)
            shown += sum(v is not None for v in own.values())
            if own.get("hand"):
                held = list(state.hands[p])
                obs["hand"].clear()  # a copy: the state keeps its hand
                assert state.hands[p] == held != []
        p = rng.choice(state.current_players())
        state.apply_action(p, rng.choice(state.legal_actions(p)))
    assert shown > 0 or not OWN[game_id]


def test_a_seat_field_names_its_key_and_only_a_seat_field_has_one() -> None:
    with pytest.raises(ValueError, match="a SEAT field names the observation key"):
        Field("hands", PerPlayer(Int(0, 9)), SEAT, "cards")
    for owner in (PUBLIC, HIDDEN):
        with pytest.raises(ValueError, match="only a SEAT field"):
            Field("scores", PerPlayer(Int(0, 9)), owner, "points", seen_as="my_score")
    assert Field("picks", PerPlayer(Int(0, 9)), SEAT, "picks", seen_as="my_pick").seen_as == "my_pick"


def test_a_seat_that_is_not_at_the_table_has_no_observation() -> None:
    state = pycore.load_game("dog").new_initial_state(4, 3)
    for bad in (4, -1, True, "0"):
        with pytest.raises(ValueError, match="no such player"):
            state.observation(bad)  # type: ignore[arg-type]
