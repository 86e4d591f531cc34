"""Dog rules, one test (or more) per ruling DOG-1..DOG-12, with real values.

Coordinates (seeds/dog.md): track 0..63 clockwise, colour c's start field 16*c, its goal fields
64+4c .. 64+4c+3 (first to deepest), kennel -1. With 4 players, player p's figures are 4p..4p+3.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import pycore
from pycore import IllegalActionError, InvalidStateError
from pycore.games.dog import DEAL_SIZES, KINDS, full_deck, goal_field, start_field
from pycore.rng import Rng

GAME = pycore.load_game("dog")


def position(figures, hands, n=4, turn=0, seed=1, deck_top=(), discard=()):
    """A play-phase state: ``figures[p]`` lists player p's positions (missing ones are in the
    kennel), ``hands[p]`` their cards; ``deck_top`` are the next cards drawn (last drawn first);
    every other card goes to the deck below them."""
    state = GAME.new_initial_state(n, seed)
    data = json.loads(state.to_json())["state"]
    F = 4 if n == 4 else 5
    data["figures"] = [list(figures.get(p, [])) + [-1] * (F - len(figures.get(p, []))) for p in range(n)]
    data["hands"] = [list(hands.get(p, [])) for p in range(n)]
    pool = full_deck()
    for c in [c for h in data["hands"] for c in h] + list(deck_top) + list(discard):
        pool.remove(c)
    data["deck"] = pool + list(deck_top)
    data["discard"] = list(discard)
    data.update(
        phase="play",
        turn=turn,
        gifts=[None] * n,
        received=[None] * n,
        out=[False] * n,
        drawn=False,
        seven=None,
        winners=[],
    )
    return GAME.state_from_json(json.dumps({"format": "hotseat-state", "game": "dog", "version": 1, "state": data}))


def moves(state, player=None):
    """{(card, as, figure, to)} of the legal play actions."""
    p = state.turn if player is None else player
    return {(a["card"], a.get("as"), a.get("figure"), a.get("to", a.get("with"))) for a in state.legal_actions(p)}


def dests(state, card, figure, player=None):
    return sorted(t for c, a, f, t in moves(state, player) if c == card and f == figure)


def play(state, player, **action):
    return state.apply_action(player, {"type": "play", **action})


# ---- DOG-1: the cards ----------------------------------------------------------------------


def test_dog1_deck_has_110_cards_8_of_each_kind_and_6_jokers():
    deck = full_deck()
    assert len(deck) == 110
    assert {k: deck.count(k) for k in KINDS} == {k: (6 if k == "joker" else 8) for k in KINDS}
    assert len(KINDS) == 14


def test_dog1_blue_cards_move_forward_by_their_value():
    for cards in (["2", "3", "5", "6"], ["8", "9", "10", "12"]):  # a hand holds at most 6 cards (DOG-3)
        state = position({0: [20]}, {0: cards, 1: ["2"]})
        for card in cards:
            assert dests(state, card, 0) == [20 + int(card)]


def test_dog1_joker_plays_as_any_card_and_names_it():
    state = position({0: [20]}, {0: ["joker"], 1: ["2"]})
    acts = state.legal_actions(0)
    assert {"type": "play", "card": "joker", "as": "5", "figure": 0, "to": 25} in acts
    assert {"type": "play", "card": "joker", "as": "4", "figure": 0, "to": 16} in acts  # 4 backward
    assert {"type": "play", "card": "joker", "as": "1/11", "figure": 1, "to": 0} in acts  # start
    assert {"type": "play", "card": "joker", "as": "7", "figure": 0, "to": 27} in acts  # a whole 7
    assert all(a["card"] == "joker" and a["as"] in KINDS for a in acts)
    events = play(state, 0, card="joker", **{"as": "13"}, figure=0, to=33)
    assert events[0] == {
        "type": "move",
        "player": 0,
        "card": "joker",
        "as": "13",
        "figure": 0,
        "from": 20,
        "to": 33,
        "steps": 13,
    }
    assert state.discard == ["joker"]
    with pytest.raises(IllegalActionError, match="DOG-1"):
        position({0: [20]}, {0: ["joker"], 1: ["2"]}).apply_action(
            0, {"type": "play", "card": "joker", "figure": 0, "to": 25}
        )


def test_dog1_joker_as_13_can_also_start_a_figure():
    state = position({}, {0: ["joker"], 1: ["2"]})
    events = play(state, 0, card="joker", **{"as": "13"}, figure=2, to=0)
    assert events[0]["type"] == "start" and state.pos[2] == 0


# ---- DOG-2: board and teams ----------------------------------------------------------------


def test_dog2_start_fields_goals_and_teams():
    assert [start_field(c) for c in range(4)] == [0, 16, 32, 48]
    assert goal_field(0, 0) == 64 and goal_field(3, 3) == 79
    state = GAME.new_initial_state(4, seed=3)
    obs = state.observation(0)
    assert obs["teams"] == [[0, 2], [1, 3]]
    assert obs["colours"] == [0, 1, 2, 3]
    assert obs["figures"] == [[-1] * 4] * 4


def test_dog2_movement_is_clockwise_and_wraps_round_the_track():
    state = position({1: [60]}, {0: ["2"], 1: ["6"]}, turn=1)
    assert dests(state, "6", 4) == [2]


# ---- DOG-3: deals, dealer, partner swap -----------------------------------------------------


def test_dog3_deals_6_5_4_3_2_then_6_dealer_moves_left_left_of_dealer_starts():
    state = GAME.new_initial_state(4, seed=11)
    assert [len(h) for h in state.hands] == [6] * 4 and state.dealer == 3
    deals = [(state.round, state.dealer, 6)]
    rng = Rng(5)
    while len(deals) < 7 and not state.is_terminal():
        p = state.current_players()[0]
        acts = state.legal_actions(p)
        for e in state.apply_action(p, acts[rng.randbelow(len(acts))]):
            if e["type"] == "deal":
                deals.append((e["round"], e["dealer"], e["cards"]))
                assert [len(h) for h in state.hands] == [e["cards"]] * 4
                assert state.phase == "give" and state.turn == (e["dealer"] + 1) % 4
    assert deals == [(1, 3, 6), (2, 0, 5), (3, 1, 4), (4, 2, 3), (5, 3, 2), (6, 0, 6), (7, 1, 5)]
    assert list(DEAL_SIZES) == [6, 5, 4, 3, 2]


def test_dog3_discards_are_reshuffled_when_the_deck_runs_short():
    state = GAME.new_initial_state(4, seed=2)
    rng = Rng(9)
    seen = False
    while not seen and not state.is_terminal():
        p = state.current_players()[0]
        acts = state.legal_actions(p)
        for e in state.apply_action(p, acts[rng.randbelow(len(acts))]):
            if e["type"] == "deal" and e["reshuffled"]:
                seen = True
                assert len(state.deck) + len(state.discard) == 110 - 4 * e["cards"]
                assert state.discard == []
        state.check_invariants()
    assert seen


def test_dog3_partners_swap_blind_simultaneously():
    state = GAME.new_initial_state(4, seed=4)
    assert state.phase == "give" and state.current_players() == [0, 1, 2, 3]
    hands = [h[:] for h in state.hands]
    gift0, gift2 = hands[0][0], hands[2][-1]
    events = state.apply_action(0, {"type": "give", "card": gift0})
    assert events == [{"type": "gave", "player": 0}]
    assert state.current_players() == [1, 2, 3]
    assert state.observation(0)["my_gift"] == gift0
    assert state.observation(2)["my_gift"] is None  # the partner cannot see it
    assert gift0 not in json.dumps(state.observation(2)["given"])
    assert state.legal_actions(0) == []
    state.apply_action(2, {"type": "give", "card": gift2})
    state.apply_action(1, {"type": "give", "card": hands[1][0]})
    events = state.apply_action(3, {"type": "give", "card": hands[3][0]})
    assert events[-1] == {"type": "cards_given"}
    assert state.phase == "play" and state.turn == 0
    expect0 = hands[0][:]
    expect0.remove(gift0)
    expect0.append(gift2)
    assert sorted(state.hands[0]) == sorted(expect0)
    assert state.observation(0)["received"] == gift2 and state.observation(2)["received"] == gift0
    state.check_invariants()


# ---- DOG-4: kennel, start field, protection ------------------------------------------------


def test_dog4_start_cards_put_a_kennel_figure_on_the_start_field():
    for card in ("1/11", "13"):
        state = position({1: [30]}, {1: [card], 2: ["2"]}, turn=1)
        assert (card, None, 5, 16) in moves(state)
        play(state, 1, card=card, figure=5, to=16)
        assert state.pos[4:8] == [30, 16, -1, -1]
    state = position({}, {0: ["2", "5", "10", "4", "7", "12"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "fold"}]  # no start card: nothing to do


def test_dog4_not_while_an_own_figure_stands_on_the_start_field():
    state = position({0: [0]}, {0: ["1/11"], 1: ["2"]})
    assert moves(state) == {("1/11", None, 0, 1), ("1/11", None, 0, 11)}
    with pytest.raises(IllegalActionError, match="DOG-4"):
        play(state, 0, card="1/11", figure=1, to=0)


def test_dog4_starting_sends_an_opponent_on_the_start_field_home():
    state = position({0: [20], 3: [0]}, {0: ["13"], 1: ["2"]})
    events = play(state, 0, card="13", figure=1, to=0)
    assert events[:2] == [
        {"type": "start", "player": 0, "card": "13", "as": None, "figure": 1, "to": 0},
        {"type": "home", "figure": 12, "from": 0, "by": 1},
    ]
    assert state.pos[12] == -1 and state.pos[1] == 0


def test_dog4_opponent_cannot_land_on_jump_over_or_swap_with_a_protected_figure():
    # player 1's figure 4 on its own start field 16; player 0's figure 0 at 12, 3 other at 40
    state = position({0: [12], 1: [16], 3: [40]}, {0: ["4", "5", "swap"], 1: ["2"]})
    assert dests(state, "4", 0) == [8]  # 12+4 = 16 would land on it: only 4 backward
    assert dests(state, "5", 0) == []  # 17 would jump over it
    assert {t for c, _, f, t in moves(state) if c == "swap"} == {12}  # only with figure 12 at 40
    with pytest.raises(IllegalActionError, match="DOG-4"):
        play(state, 0, card="4", figure=0, to=16)
    with pytest.raises(IllegalActionError, match="DOG-4"):
        play(state, 0, card="5", figure=0, to=17)
    with pytest.raises(IllegalActionError, match="DOG-8"):
        play(state, 0, card="swap", figure=0, **{"with": 4})


def test_dog4_own_figures_are_blocked_too_and_so_is_the_4_backward():
    state = position({0: [0, 62], 1: [20]}, {0: ["5", "4"], 1: ["2"]})
    assert dests(state, "5", 1) == []  # 63, 0: the own start field blocks
    assert dests(state, "4", 1) == [58]  # forward blocked, backward free
    state = position({0: [18], 1: [16]}, {0: ["4"], 1: ["2"]})
    assert dests(state, "4", 0) == [22]  # 4 back would pass 16


def test_dog4_a_figure_come_round_to_its_start_field_is_protected_as_well():
    state = position({0: [60], 3: [61]}, {0: ["4"], 3: ["5", "2"], 1: ["2"]})
    assert dests(state, "4", 0) == [0, 56]  # 4 forward ends on its start field, no goal
    play(state, 0, card="4", figure=0, to=0)
    state.turn = 3  # (skip players 1 and 2)
    assert dests(state, "5", 12) == [] and dests(state, "2", 12) == [63]
    assert moves(state) == {("2", None, 12, 63)}


# ---- DOG-5: jumping, sending home, cards in full --------------------------------------------


def test_dog5_figures_jump_over_others_and_landing_sends_home():
    state = position({0: [10], 1: [12, 15]}, {0: ["5"], 1: ["2"]})
    events = play(state, 0, card="5", figure=0, to=15)
    assert state.pos[4:6] == [12, -1]  # jumped over 12, sent 15 home
    assert events[1] == {"type": "home", "figure": 5, "from": 15, "by": 0}


def test_dog5_landing_on_an_own_figure_sends_it_home():
    state = position({0: [10, 15]}, {0: ["5"], 1: ["2"]})
    play(state, 0, card="5", figure=0, to=15)
    assert state.pos[:2] == [15, -1]


def test_dog5_a_card_must_be_used_in_full():
    # the only figure is 3 fields before a protected figure: a 12 cannot be played, the 2 can
    state = position({0: [13], 1: [16]}, {0: ["12", "2"], 1: ["2"]})
    assert moves(state) == {("2", None, 0, 15)}
    with pytest.raises(IllegalActionError, match="DOG-4"):
        play(state, 0, card="12", figure=0, to=25)


# ---- DOG-6: the goal ------------------------------------------------------------------------


def test_dog6_a_figure_on_its_start_field_with_a_5_cannot_turn_into_the_goal():
    state = position({0: [0]}, {0: ["5"], 1: ["2"]})
    assert dests(state, "5", 0) == [5]


def test_dog6_after_a_4_backward_a_5_forward_enters_the_goal():
    state = position({0: [0]}, {0: ["4", "5"], 1: ["swap"], 2: ["swap"], 3: ["swap"]})
    assert dests(state, "4", 0) == [4, 60]
    play(state, 0, card="4", figure=0, to=60)
    for p in (1, 2, 3):
        events = play(state, p, card="swap")
        assert events[0]["type"] == "no_effect"
    assert state.turn == 0
    assert dests(state, "5", 0) == [1, 64]  # entering is optional (DOG-6)
    play(state, 0, card="5", figure=0, to=64)
    assert state.pos[0] == 64


def test_dog6_a_4_backward_never_enters_the_goal():
    state = position({0: [2, 65]}, {0: ["4"], 1: ["2"]})
    assert dests(state, "4", 0) == [6, 62]
    assert dests(state, "4", 1) == []  # no moving back inside the goal (and 4 forward does not fit)


def test_dog6_goal_entry_counts_the_start_field_and_needs_free_goal_fields():
    state = position({0: [61]}, {0: ["3", "5", "6", "8"], 1: ["2"]})
    assert dests(state, "3", 0) == [0]  # 62, 63, 0: lands on the start field, no goal
    assert dests(state, "5", 0) == [2, 65]  # 62, 63, 0, goal0, goal1
    assert dests(state, "6", 0) == [3, 66]
    assert dests(state, "8", 0) == [5]  # goal has only 4 fields
    state = position({0: [61, 64]}, {0: ["5", "2"], 1: ["2"]})
    assert dests(state, "5", 0) == [2]  # no jumping over the figure in goal field 0
    assert dests(state, "2", 1) == [66]  # moving on inside the goal
    state = position({0: [61, 66]}, {0: ["5", "2"], 1: ["2"]})
    assert dests(state, "5", 0) == [2, 65]
    assert dests(state, "2", 1) == []  # 67 would be past... no: 66+2 = goal 4 does not exist


def test_dog6_only_own_goal_and_figures_of_other_colours_pass_by():
    state = position({1: [12]}, {1: ["6"], 2: ["2"]}, turn=1)
    assert dests(state, "6", 4) == [18, 69]  # 13, 14, 15, 16, then colour 1's goal 68, 69
    state = position({0: [12]}, {0: ["6"], 1: ["2"]})
    assert dests(state, "6", 0) == [18]  # colour 0 passes colour 1's start field


# ---- DOG-7: the 7 ---------------------------------------------------------------------------


def test_dog7_is_played_step_by_step_and_every_passed_figure_goes_home():
    state = position({0: [10, 14], 1: [12], 3: [20]}, {0: ["7"], 1: ["2"]})
    events = play(state, 0, card="7", figure=0, to=13)
    assert events[0] == {"type": "seven", "player": 0, "card": "7", "as": None}
    assert events[1] == {"type": "step", "player": 0, "figure": 0, "from": 10, "to": 13, "steps": 3, "left": 4}
    assert events[2] == {"type": "home", "figure": 4, "from": 12, "by": 0}
    assert state.turn == 0 and state.current_players() == [0]
    assert {"type": "undo"} in state.legal_actions(0)
    before = [10, 14, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, 20, -1, -1, -1]  # the table saw the step
    assert state.observation(0)["seven"] == {"card": "7", "as": None, "left": 4, "steps": 1, "undo": [[3, before]]}
    events = state.apply_action(0, {"type": "step", "figure": 0, "to": 17})
    assert state.pos[1] == -1  # own figure at 14 passed: home as well
    assert events == [
        {"type": "step", "player": 0, "figure": 0, "from": 13, "to": 17, "steps": 4, "left": 0},
        {"type": "home", "figure": 1, "from": 14, "by": 0},
        {"type": "seven_done", "player": 0},
    ]
    assert state.pos[0] == 17 and state.pos[12] == 20 and state.turn == 1
    assert state.discard == ["7"]


def test_dog7_split_over_two_figures_and_into_the_goal():
    state = position({0: [62, 30]}, {0: ["7"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=64)  # 63, 0, goal0: 3 steps
    assert state.seven["left"] == 4
    steps = {(a["figure"], a["to"]) for a in state.legal_actions(0) if a["type"] == "step"}
    assert steps == {(0, 65), (0, 66), (0, 67), (1, 31), (1, 32), (1, 33), (1, 34)}
    state.apply_action(0, {"type": "step", "figure": 0, "to": 66})
    state.apply_action(0, {"type": "step", "figure": 1, "to": 32})
    assert state.pos[:2] == [66, 32] and state.seven is None and state.turn == 1


def test_dog7_all_seven_steps_must_be_usable_or_the_7_cannot_be_played():
    # figure 0 can go at most 3 (protected figure at 16), figure 1 in goal field 0 at most 3: 6 < 7
    state = position({0: [12, 64], 1: [16]}, {0: ["7", "3"], 1: ["2"]})
    assert {a["card"] for a in state.legal_actions(0)} == {"3"}
    with pytest.raises(IllegalActionError, match="DOG-7"):
        play(state, 0, card="7", figure=0, to=15)
    state = position({0: [12, 64], 1: [16]}, {0: ["7"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "fold"}]


def test_dog7_a_step_is_legal_only_if_the_rest_can_still_be_used():
    # figure 0 at 12 can take 1..3, figure 1 at 64 (goal field 0) can take 1..3, figure 2 at 40 any
    state = position({0: [12, 64, 40], 1: [16]}, {0: ["7"], 1: ["2"]})
    first = {(a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert (0, 15) in first and (1, 67) in first and (2, 47) in first
    play(state, 0, card="7", figure=0, to=15)
    play_steps = {(a["figure"], a["to"]) for a in state.legal_actions(0) if a["type"] == "step"}
    assert play_steps == {(1, 65), (1, 66), (1, 67), (2, 41), (2, 42), (2, 43), (2, 44)}
    # now make figure 2 unusable: only 3 more in the goal would remain -> steps 1..3 of figure 1
    # are legal only if figure 2 can take the rest, which it can
    state.apply_action(0, {"type": "step", "figure": 1, "to": 67})
    assert {(a["figure"], a["to"]) for a in state.legal_actions(0) if a["type"] == "step"} == {(2, 41)}


def test_dog7_undo_takes_back_steps_and_finally_the_card():
    state = position({0: [10], 1: [12]}, {0: ["7", "2"], 1: ["2"]})
    before = state.to_json()
    play(state, 0, card="7", figure=0, to=13)
    assert state.pos[4] == -1 and state.hands[0] == ["2"]
    state.apply_action(0, {"type": "step", "figure": 0, "to": 15})
    assert state.seven["left"] == 2
    events = state.apply_action(0, {"type": "undo"})
    assert events == [{"type": "undo", "player": 0, "left": 4, "back_to_hand": False}]
    assert state.pos[0] == 13
    events = state.apply_action(0, {"type": "undo"})
    assert events == [{"type": "undo", "player": 0, "left": 7, "back_to_hand": True}]
    assert state.to_json() == before
    with pytest.raises(IllegalActionError, match="DOG-7"):
        state.apply_action(0, {"type": "undo"})


def test_dog7_other_cards_wait_until_the_7_is_finished():
    state = position({0: [10]}, {0: ["7", "2"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=13)
    with pytest.raises(IllegalActionError, match="DOG-7"):
        play(state, 0, card="2", figure=0, to=15)


def test_dog7_last_own_figure_home_with_3_steps_the_other_4_move_the_partner():
    state = position({0: [62, 65, 66, 67], 2: [40]}, {0: ["7"], 1: ["2"]})
    events = play(state, 0, card="7", figure=0, to=64)
    assert {"type": "finished", "player": 0} in events
    assert state.seven["left"] == 4
    steps = [a for a in state.legal_actions(0) if a["type"] == "step"]
    assert {(a["figure"], a["to"]) for a in steps} == {(8, 41), (8, 42), (8, 43), (8, 44)}
    state.apply_action(0, {"type": "step", "figure": 8, "to": 44})
    assert state.pos[8] == 44 and state.seven is None and state.turn == 1


def test_dog7_the_partner_transfer_makes_an_otherwise_impossible_7_playable():
    # going home with 3 leaves 4 steps that only the partner's figure can take
    state = position({0: [62, 65, 66, 67]}, {0: ["7"], 1: ["2"]})
    first = {(a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert (0, 64) not in first and (0, 5) in first  # only the whole 7 along the track
    assert first == {(0, 63), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)}
    state = position({0: [62, 65, 66, 67], 2: [40]}, {0: ["7"], 1: ["2"]})
    assert (0, 64) in {(a["figure"], a["to"]) for a in state.legal_actions(0)}


def test_dog7_cannot_pass_a_protected_figure():
    state = position({0: [10, 30], 1: [16]}, {0: ["7"], 1: ["2"]})
    first = {(a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert (0, 17) not in first and (0, 15) in first and (1, 37) in first


def test_dog_d3_the_last_card_must_be_used_in_full_even_for_the_winning_figure():
    # Cat's last figure is 1 before its start field; 2 steps of a 7 would take it home, but the
    # other 5 could not be used (every goal field full): only the whole 7 along the track is legal
    state = position({0: [64, 65, 66, 67], 2: [31, 73, 74, 75]}, {0: ["7", "5"], 1: ["2"]})
    first = {(a["card"], a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert ("7", 8, 72) not in first and ("7", 8, 38) in first
    assert ("5", 8, 36) in first and not any(c == "5" and t >= 64 for c, f, t in first)


def test_dog_d4_a_7_step_stopping_on_the_start_field_cannot_turn_in_later():
    state = position({0: [62, 30]}, {0: ["7"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=0)  # 63, 0: stops on its own start field
    steps = {(a["figure"], a["to"]) for a in state.legal_actions(0) if a["type"] == "step"}
    assert not any(t >= 64 for f, t in steps if f == 0)
    assert (0, 5) in steps and (1, 35) in steps


# ---- DOG-8: the swap ------------------------------------------------------------------------


def test_dog8_swap_is_compulsory_when_possible():
    state = position({0: [5], 1: [30]}, {0: ["swap"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "swap", "figure": 0, "with": 4}]
    with pytest.raises(IllegalActionError, match="DOG-8"):
        play(state, 0, card="swap")
    events = play(state, 0, card="swap", figure=0, **{"with": 4})
    assert events[0] == {"type": "swap", "player": 0, "card": "swap", "as": None, "figure": 0, "with": 4}
    assert state.pos[0] == 30 and state.pos[4] == 5


def test_dog8_swap_with_only_protected_or_own_figures_on_the_track_has_no_effect():
    # own figures at 5 and 20; player 1 protected on 16; player 2 in its goal; player 3 in kennel
    state = position({0: [5, 20], 1: [16], 2: [72]}, {0: ["swap"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "swap"}]
    before = state.pos[:]
    events = play(state, 0, card="swap")
    assert events[0] == {"type": "no_effect", "player": 0, "card": "swap", "as": None}
    assert state.pos == before and state.discard == ["swap"] and state.turn == 1


def test_dog8_an_own_protected_figure_cannot_be_swapped():
    state = position({0: [0], 1: [30]}, {0: ["swap"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "swap"}]


def test_dog8_swap_with_the_partner_is_allowed():
    state = position({0: [5], 2: [50]}, {0: ["swap"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "swap", "figure": 0, "with": 8}]


# ---- DOG-9: out for the round ---------------------------------------------------------------


def test_dog9_a_player_with_no_playable_card_is_out_and_the_hand_is_discarded():
    state = position({}, {0: ["2", "5", "7"], 1: ["2"], 2: ["3"]})
    assert state.legal_actions(0) == [{"type": "fold"}]
    events = state.apply_action(0, {"type": "fold"})
    assert events == [{"type": "out", "player": 0, "cards": ["2", "5", "7"]}]
    assert state.hands[0] == [] and state.discard == ["2", "5", "7"]
    assert state.out == [True, False, False, False] and state.observation(1)["out"][0] is True
    assert state.turn == 1
    state.check_invariants()


def test_dog9_folding_with_a_playable_card_is_illegal():
    state = position({0: [10]}, {0: ["2"], 1: ["2"]})
    with pytest.raises(IllegalActionError, match="DOG-9"):
        state.apply_action(0, {"type": "fold"})


def test_dog9_round_ends_when_all_hands_are_empty_and_the_next_deal_follows():
    state = position({}, {0: ["2"], 1: ["3"]}, turn=0)
    state.apply_action(0, {"type": "fold"})
    events = state.apply_action(1, {"type": "fold"})
    assert [e["type"] for e in events] == ["out", "round_end", "deal"]
    assert events[-1] == {"type": "deal", "round": 2, "dealer": 0, "cards": 5, "reshuffled": False}
    assert state.phase == "give" and state.out == [False] * 4


# ---- DOG-10: finished players, the team win -------------------------------------------------


def test_dog10_a_finished_player_moves_the_partners_figures():
    state = position({0: [64, 65, 66, 67], 2: [40]}, {0: ["5", "1/11"], 1: ["2"]})
    assert state.observation(0)["finished"] == [True, False, False, False]
    assert moves(state) == {("5", None, 8, 45), ("1/11", None, 9, 32), ("1/11", None, 8, 41), ("1/11", None, 8, 51)}
    with pytest.raises(IllegalActionError, match="DOG-10"):
        play(state, 0, card="5", figure=0, to=65)
    play(state, 0, card="1/11", figure=9, to=32)
    assert state.pos[9] == 32


def test_dog10_the_team_wins_when_its_eighth_figure_enters_the_goal():
    state = position({0: [64, 65, 66, 67], 2: [30, 73, 74, 75]}, {0: ["3"], 1: ["2"]})
    events = play(state, 0, card="3", figure=8, to=72)
    assert events[-1] == {"type": "game_over", "winners": [0, 2]}
    assert state.is_terminal() and state.winners() == [0, 2]
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]
    assert state.current_players() == [] and state.legal_actions(0) == []


def test_dog10_eight_figures_need_all_goal_fields_filled_from_the_back():
    # goal fields 73..75 taken: the last figure must stop exactly on 72 (no jumping, DOG-6)
    state = position({0: [64, 65, 66, 67], 2: [30, 73, 74, 75]}, {0: ["5"], 1: ["2"]})
    assert moves(state) == {("5", None, 8, 35)}


# ---- DOG-11: two and three players ----------------------------------------------------------


@pytest.mark.parametrize("n,colours", [(2, [0, 2]), (3, [0, 1, 2])])
def test_dog11_five_figures_one_on_the_start_field(n, colours):
    state = GAME.new_initial_state(n, seed=8)
    obs = state.observation(0)
    assert obs["colours"] == colours and obs["figures_per_player"] == 5
    assert obs["figures"] == [[16 * c, -1, -1, -1, -1] for c in colours]
    assert obs["teams"] == [[p] for p in range(n)]


def test_dog11_each_player_passes_a_card_to_the_left():
    state = GAME.new_initial_state(3, seed=5)
    gifts = [state.hands[p][0] for p in range(3)]
    for p in range(3):
        state.apply_action(p, {"type": "give", "card": gifts[p]})
    assert [state.received[p] for p in range(3)] == [gifts[2], gifts[0], gifts[1]]


def test_dog11_stuck_player_discards_draws_and_plays_the_drawn_card():
    state = position({0: [], 1: [32]}, {0: ["2", "3"], 1: ["5"]}, n=2, deck_top=["13"])
    assert state.legal_actions(0) == [{"type": "discard", "card": "2"}, {"type": "discard", "card": "3"}]
    events = state.apply_action(0, {"type": "discard", "card": "2"})
    assert events == [{"type": "discard", "player": 0, "card": "2"}, {"type": "draw", "player": 0}]
    assert state.hands[0] == ["3", "13"] and state.turn == 0
    assert moves(state) == {("13", None, 0, 0)}
    play(state, 0, card="13", figure=0, to=0)
    assert state.turn == 1 and state.hands[0] == ["3"]


def test_dog11_still_stuck_after_drawing_discard_again_and_the_turn_ends():
    state = position({0: [], 1: [32]}, {0: ["2", "3"], 1: ["5"]}, n=2, deck_top=["8"])
    state.apply_action(0, {"type": "discard", "card": "3"})
    assert state.hands[0] == ["2", "8"] and state.drawn
    assert state.legal_actions(0) == [{"type": "discard", "card": "2"}, {"type": "discard", "card": "8"}]
    state.apply_action(0, {"type": "discard", "card": "8"})
    assert state.hands[0] == ["2"] and state.turn == 1 and not state.drawn
    assert state.discard == ["3", "8"]


def test_dog11_first_player_with_four_figures_home_wins_alone():
    state = position({0: [62, 65, 66, 67], 1: [40]}, {0: ["3"], 1: ["5"]}, n=2)
    events = play(state, 0, card="3", figure=0, to=64)
    assert events[-1] == {"type": "game_over", "winners": [0]}
    assert state.returns() == [1.0, 0.0]


def test_dog11_three_players_win_alone_too():
    state = position({1: [14, 69, 70, 71]}, {1: ["3"], 2: ["5"]}, n=3, turn=1)
    events = play(state, 1, card="3", figure=5, to=68)
    assert events[-1] == {"type": "game_over", "winners": [1]}


def test_dog11_fold_is_a_four_player_rule():
    state = position({}, {0: ["2"], 1: ["5"]}, n=3)
    with pytest.raises(IllegalActionError, match="DOG-11"):
        state.apply_action(0, {"type": "fold"})


# ---- DOG-12: seats and the always-playable swap --------------------------------------------


def test_dog12_two_players_take_opposite_colours():
    state = GAME.new_initial_state(2, seed=1)
    assert state.colours == (0, 2)
    assert state.pos[5] == 32


def test_dog12_a_swap_or_joker_holder_is_never_out():
    for card in ("swap", "joker"):
        state = position({}, {0: [card, "2"], 1: ["2"]})
        acts = state.legal_actions(0)
        assert {"type": "fold"} not in acts and acts
    state = position({}, {0: ["joker"], 1: ["2"]})
    assert {"type": "play", "card": "joker", "as": "swap"} in state.legal_actions(0)


# ---- contract: observation, hidden information, saves --------------------------------------


def test_observation_shows_own_hand_only():
    state = GAME.new_initial_state(4, seed=21)
    obs = state.observation(1)
    assert obs["hand"] == state.hands[1] and obs["hand_sizes"] == [6, 6, 6, 6]
    assert "deck" not in obs and obs["deck_size"] == 110 - 24
    text = json.dumps(obs)
    for key in ("hands", "rng", "gifts"):
        assert f'"{key}"' not in text
    pub = state.public_observation()
    assert "hand" not in pub and pub["viewer"] is None


def test_sample_hidden_keeps_what_the_player_sees_and_redeals_the_rest():
    state = GAME.new_initial_state(4, seed=22)
    state.apply_action(2, {"type": "give", "card": state.hands[2][0]})
    state.apply_action(1, {"type": "give", "card": state.hands[1][0]})
    differ = 0
    for i in range(20):
        sample = state.sample_hidden(0, Rng(i))
        sample.check_invariants()
        assert sample.observation(0) == state.observation(0)
        differ += sample.hands[3] != state.hands[3] or sample.gifts[2] != state.gifts[2]
        assert len(sample.deck) == len(state.deck)
    assert differ >= 15


def test_json_round_trip_mid_seven():
    state = position({0: [10, 30], 1: [12]}, {0: ["7", "2"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=13)
    text = state.to_json()
    again = GAME.state_from_json(text)
    assert again.to_json() == text
    assert again.legal_actions(0) == state.legal_actions(0)


def test_from_dict_rejects_broken_states():
    state = position({0: [10]}, {0: ["2"], 1: ["2"]})
    data = json.loads(state.to_json())
    bad = json.loads(json.dumps(data))
    bad["state"]["figures"][1][0] = 10
    with pytest.raises(InvalidStateError, match="share field 10"):
        GAME.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["deck"].append("7")
    with pytest.raises(InvalidStateError, match="cards"):
        GAME.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["figures"][0][1] = 70  # colour 1's goal
    with pytest.raises(InvalidStateError, match="goal"):
        GAME.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["hands"][0] = ["ace"]
    with pytest.raises(InvalidStateError, match=r"state.hands\[0\]\[0\]: expected one of \['1/11', .*got 'ace'"):
        GAME.state_from_json(json.dumps(bad))


def test_from_dict_checks_the_undo_positions_of_a_7_in_progress():
    state = position({0: [10, 30], 1: [12]}, {0: ["7", "2"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=13)
    data = json.loads(state.to_json())
    data["state"]["seven"]["undo"][0][1][1] = 10  # two figures on field 10 before the step
    with pytest.raises(InvalidStateError, match="two figures on field 10"):
        GAME.state_from_json(json.dumps(data))


def test_illegal_actions_leave_the_state_unchanged():
    state = position({0: [10]}, {0: ["2", "7"], 1: ["2"]})
    before = state.to_json()
    for action in (
        {"type": "play", "card": "5", "figure": 0, "to": 15},
        {"type": "play", "card": "2", "figure": 0, "to": 13},
        {"type": "play", "card": "2", "figure": 4, "to": 2},
        {"type": "play", "card": "7", "figure": 0, "to": 10},
        {"type": "step", "figure": 0, "to": 12},
        {"type": "give", "card": "2"},
        {"type": "discard", "card": "2"},
        {"type": "play", "card": "2", "figure": 0, "to": 12, "extra": 1},
        {"type": "play", "card": ["2"], "figure": 0, "to": 12},
        {"type": "play", "card": "joker", "as": ["5"], "figure": 0, "to": 15},
        {"type": "give", "card": {"k": 1}},
        {"type": "fold", "card": "2"},
    ):
        with pytest.raises(IllegalActionError):
            state.apply_action(0, action)
        assert state.to_json() == before


# ---- random play ----------------------------------------------------------------------------


def test_dog10_a_save_whose_winners_are_not_a_finished_team_is_refused():
    # found by the conformance suite: a finished 2-player save with "winners": [1, 1] was accepted
    game = pycore.load_game("dog")
    state = game.new_initial_state(2, seed=3)
    rng = Rng(8)
    while not state.is_terminal():
        p = state.current_players()[0]
        state.apply_action(p, rng.choice(state.legal_actions(p)))
    winner = state.winners()
    assert len(winner) == 1
    data = json.loads(state.to_json())
    data["state"]["winners"] = winner * 2
    with pytest.raises(InvalidStateError, match="state.winners"):
        game.state_from_json(json.dumps(data))
    data["state"]["winners"] = [1 - winner[0]]  # the loser, whose figures are not all home
    with pytest.raises(InvalidStateError, match="state.winners"):
        game.state_from_json(json.dumps(data))


# ---- rules audit (session 2): one scenario per rule not pinned above ------------------------


def unchanged_after(state, player, action, rule):
    """``action`` raises IllegalActionError naming ``rule`` and leaves the saved state as it was."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(player, action)
    assert err.value.rule == rule, str(err.value)
    assert state.to_json() == before


def test_dog1_the_1_11_moves_1_or_11_and_either_count_may_turn_into_the_goal():
    state = position({0: [56, 63]}, {0: ["1/11"], 1: ["2"]})
    assert dests(state, "1/11", 0) == [3, 57, 66]  # 57; 11 along the track; 8 to the start field + 3
    assert dests(state, "1/11", 1) == [0, 10]  # 1 ends on the start field: 2 are needed for goal 64
    play(state, 0, card="1/11", figure=0, to=66)
    assert state.pos[:2] == [66, 63]


def test_dog1_the_13_moves_13_or_starts_and_turns_in_only_with_an_exact_fit():
    state = position({0: [52, 40]}, {0: ["13"], 1: ["2"]})
    assert dests(state, "13", 0) == [1, 64]  # 12 to the start field, 13th step onto goal field 0
    assert dests(state, "13", 1) == [53]  # 24 to the start field: too far for the goal
    assert dests(state, "13", 2) == [0]  # a start
    state = position({0: [56]}, {0: ["13"], 1: ["2"]})
    assert dests(state, "13", 0) == [5]  # the goal would need a 5th goal field
    assert dests(state, "13", 1) == [0]  # the start is listed once, for the first kennel figure


def test_dog1_the_4_forward_may_enter_the_goal_backward_jumps_and_sends_a_figure_home():
    state = position({0: [63]}, {0: ["4"], 1: ["2"]})
    assert dests(state, "4", 0) == [3, 59, 66]
    state = position({0: [22], 1: [18, 20]}, {0: ["4"], 1: ["2"]})
    assert dests(state, "4", 0) == [18, 26]
    events = play(state, 0, card="4", figure=0, to=18)
    assert events == [
        {"type": "move", "player": 0, "card": "4", "as": None, "figure": 0, "from": 22, "to": 18, "steps": -4},
        {"type": "home", "figure": 4, "from": 18, "by": 0},
    ]
    assert state.pos[4:6] == [-1, 20]  # jumped over 20 without harm


def test_dog1_the_4_is_the_only_card_that_moves_backward():
    for cards in (["2", "3", "5", "6", "8"], ["9", "10", "12", "13", "1/11"]):  # at most 6 cards (DOG-3)
        state = position({0: [20]}, {0: cards, 1: ["2"]})
        assert all(t > 20 for c, a, f, t in moves(state) if f == 0)
    state = position({0: [20]}, {0: ["5"], 1: ["2"]})
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 0, "to": 15}, "DOG-5")


def test_dog1_a_joker_as_7_is_split_step_by_step_and_undo_returns_the_joker():
    state = position({0: [10, 30], 1: [12]}, {0: ["joker"], 1: ["2"]})
    events = play(state, 0, card="joker", **{"as": "7"}, figure=0, to=13)
    assert events[0] == {"type": "seven", "player": 0, "card": "joker", "as": "7"}
    assert state.pos[4] == -1 and state.hands[0] == []
    state.apply_action(0, {"type": "undo"})
    assert state.hands[0] == ["joker"] and state.pos[4] == 12 and state.seven is None
    play(state, 0, card="joker", **{"as": "7"}, figure=0, to=13)
    state.apply_action(0, {"type": "step", "figure": 1, "to": 34})
    assert state.pos[:2] == [13, 34] and state.discard == ["joker"] and state.turn == 1


def test_dog1_a_joker_as_swap_must_swap_when_a_swap_exists():
    state = position({0: [5], 1: [30]}, {0: ["joker"], 1: ["2"]})
    swaps = [a for a in state.legal_actions(0) if a["as"] == "swap"]
    assert swaps == [{"type": "play", "card": "joker", "as": "swap", "figure": 0, "with": 4}]
    unchanged_after(state, 0, {"type": "play", "card": "joker", "as": "swap"}, "DOG-8")
    unchanged_after(state, 0, {"type": "play", "card": "joker", "as": "joker", "figure": 0, "to": 5}, "DOG-1")
    events = play(state, 0, card="joker", **{"as": "swap"}, figure=0, **{"with": 4})
    assert events[0]["type"] == "swap" and state.pos[0] == 30 and state.pos[4] == 5


def test_dog1_rulebook_example_4_backward_then_a_7_split_over_three_figures():
    # Green (player 0) has its figure A protected on its start field 0, and holds 4, 5, swap: the
    # swap can only go without effect (A is protected), so green takes A 4 back to 60.
    # Yellow (player 1) then splits a 7: B one on in the goal (closes the gap), C one on onto a
    # blue figure (player 2), D five on past a red figure (player 3) and green's A.
    state = position(
        {0: [0], 1: [69, 71, 20, 56], 2: [21], 3: [58]},
        {0: ["4", "5", "swap"], 1: ["7", "2"], 2: ["3"], 3: ["3"]},
    )
    assert ("swap", None, None, None) in moves(state)  # only without effect
    assert not any(c == "swap" and f is not None for c, a, f, t in moves(state))
    assert dests(state, "4", 0) == [4, 60]
    play(state, 0, card="4", figure=0, to=60)
    assert state.turn == 1
    play(state, 1, card="7", figure=4, to=70)
    state.apply_action(1, {"type": "step", "figure": 6, "to": 21})
    assert state.pos[8] == -1  # blue landed on: home
    events = state.apply_action(1, {"type": "step", "figure": 7, "to": 61})
    assert {(e["figure"], e["from"]) for e in events if e["type"] == "home"} == {(12, 58), (0, 60)}
    assert state.pos[4:8] == [70, 71, 21, 61] and state.pos[0] == -1 and state.pos[12] == -1
    assert state.turn == 2


def test_dog4_and_dog5_a_figure_on_another_colours_start_field_is_not_protected():
    # colour 1's figure 4 stands on colour 0's start field 0: it can be passed, landed on, swapped
    state = position({0: [62, 20], 1: [0]}, {0: ["2", "5", "swap"], 1: ["2"]})
    assert dests(state, "5", 0) == [3, 66]  # passes it (and turns into goal over the start field)
    assert dests(state, "2", 0) == [0]
    assert ("swap", None, 0, 4) in moves(state) and ("swap", None, 1, 4) in moves(state)
    play(state, 0, card="2", figure=0, to=0)
    assert state.pos[4] == -1 and state.pos[0] == 0


def test_dog4_a_protected_figure_cannot_be_landed_on_by_a_7_step_nor_passed():
    state = position({0: [12, 40], 1: [16]}, {0: ["7"], 1: ["2"]})
    first = {(a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert {(0, 13), (0, 14), (0, 15)} <= first and (0, 16) not in first and (0, 17) not in first
    unchanged_after(state, 0, {"type": "play", "card": "7", "figure": 0, "to": 16}, "DOG-7")


def test_dog4_leaving_the_kennel_needs_a_start_card_and_goes_only_onto_the_own_start_field():
    state = position({}, {0: ["1/11", "5", "4"], 1: ["2"]})
    assert moves(state) == {("1/11", None, 0, 0)}  # one start listed (all kennel figures alike)
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 0, "to": 0}, "DOG-4")
    unchanged_after(state, 0, {"type": "play", "card": "1/11", "figure": 0, "to": 16}, "DOG-4")
    play(state, 0, card="1/11", figure=3, to=0)  # any kennel figure may be the one
    assert state.pos[:4] == [-1, -1, -1, 0]
    state = position({0: [0]}, {0: ["13"], 1: ["2"]})
    unchanged_after(state, 0, {"type": "play", "card": "13", "figure": 1, "to": 0}, "DOG-4")


def test_dog6_no_jumping_inside_the_goal():
    state = position({0: [64, 65, 20]}, {0: ["2", "1/11", "3"], 1: ["2"]})
    assert dests(state, "2", 0) == [] and dests(state, "1/11", 0) == []  # 65 is in the way
    assert dests(state, "2", 1) == [67] and dests(state, "1/11", 1) == [66]
    assert dests(state, "3", 1) == []  # only 2 goal fields beyond 65
    unchanged_after(state, 0, {"type": "play", "card": "2", "figure": 0, "to": 66}, "DOG-6")


def test_dog6_an_own_protected_figure_on_the_start_field_bars_the_way_into_the_goal():
    state = position({0: [0, 61]}, {0: ["5", "7", "3"], 1: ["2"]})
    assert dests(state, "5", 1) == [] and dests(state, "3", 1) == []
    steps = {(a["figure"], a["to"]) for a in state.legal_actions(0) if a["card"] == "7"}
    assert not any(t >= 64 for f, t in steps) and (1, 63) in steps
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 1, "to": 65}, "DOG-4")


def test_dog6_a_figure_come_round_onto_its_start_field_goes_on_round_not_in():
    state = position({0: [0], 1: [30]}, {0: ["1/11", "2", "3", "4", "5"], 1: ["2"]})
    assert dests(state, "1/11", 0) == [1, 11] and dests(state, "2", 0) == [2]
    assert dests(state, "4", 0) == [4, 60]
    unchanged_after(state, 0, {"type": "play", "card": "1/11", "figure": 0, "to": 64}, "DOG-6")


def test_dog6_a_figure_does_not_enter_another_colours_goal():
    state = position({0: [14]}, {0: ["5"], 1: ["2"]})
    assert dests(state, "5", 0) == [19]
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 0, "to": 70}, "DOG-6")


def test_dog7_entering_the_goal_sends_home_every_figure_passed_including_one_on_the_start_field():
    state = position({0: [60], 1: [0, 62]}, {0: ["7"], 1: ["2"]})
    events = play(state, 0, card="7", figure=0, to=66)  # 61, 62, 63, 0, 64, 65, 66
    assert [e for e in events if e["type"] == "home"] == [
        {"type": "home", "figure": 5, "from": 62, "by": 0},
        {"type": "home", "figure": 4, "from": 0, "by": 0},
    ]
    assert state.pos[0] == 66 and state.pos[4:6] == [-1, -1]


def test_dog7_passing_the_partners_figure_sends_it_home_and_landing_on_an_own_figure_too():
    state = position({0: [10, 15], 2: [12]}, {0: ["7"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=15)  # passes partner at 12, lands on own 15
    assert state.pos[8] == -1 and state.pos[1] == -1 and state.pos[0] == 15
    state.apply_action(0, {"type": "step", "figure": 0, "to": 17})
    assert state.turn == 1


def test_dog7_a_blue_card_jumps_without_sending_home_only_the_7_burns():
    state = position({0: [10], 1: [12], 2: [14]}, {0: ["7", "5"], 1: ["2"]})
    play(state, 0, card="5", figure=0, to=15)
    assert state.pos[4] == 12 and state.pos[8] == 14


def test_dog7_a_7_finishing_both_partners_wins_for_the_team():
    # player 0: last figure 2 before its start field (3 to goal field 64); partner's last figure
    # 3 before its start field 32 (4 to goal field 72)
    state = position({0: [62, 65, 66, 67], 2: [29, 73, 74, 75]}, {0: ["7"], 1: ["2"]})
    play(state, 0, card="7", figure=0, to=64)
    assert state.seven["left"] == 4 and not state.is_terminal()
    events = state.apply_action(0, {"type": "step", "figure": 8, "to": 72})  # 30, 31, 32, then 72
    assert events[-1] == {"type": "game_over", "winners": [0, 2]}
    assert state.winners() == [0, 2] and state.discard == ["7"]


def test_dog8_a_finished_player_swaps_the_partners_figures():
    state = position({0: [64, 65, 66, 67], 1: [20], 2: [40]}, {0: ["swap"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "swap", "figure": 8, "with": 4}]
    play(state, 0, card="swap", figure=8, **{"with": 4})
    assert state.pos[8] == 20 and state.pos[4] == 40


def test_dog_d9_a_figure_swapped_onto_its_own_start_field_is_protected_there():
    # own figure 0 at 30, colour 1's figure 4 on colour 0's start field 0: swapping puts figure 0
    # on its own start field, where DOG-4 protects it like any figure standing there
    state = position({0: [30], 1: [0], 3: [62]}, {0: ["swap", "2"], 1: ["3"], 2: ["1/11"], 3: ["2", "3", "5"]})
    play(state, 0, card="swap", figure=0, **{"with": 4})
    assert state.pos[0] == 0 and state.pos[4] == 30
    play(state, 1, card="3", figure=4, to=33)
    play(state, 2, card="1/11", figure=8, to=32)
    assert state.turn == 3 and state.legal_actions(3) == [{"type": "fold"}]  # 12 at 62 cannot pass 0
    unchanged_after(state, 3, {"type": "play", "card": "2", "figure": 12, "to": 0}, "DOG-4")


def test_dog8_swap_in_three_players_with_any_other_player():
    state = position({0: [5], 1: [30], 2: [40]}, {0: ["swap"], 1: ["2"], 2: ["2"]}, n=3)
    assert {(a["figure"], a["with"]) for a in state.legal_actions(0)} == {(0, 5), (0, 10)}


def test_dog9_an_out_player_is_skipped_and_the_others_play_the_round_out():
    state = position({1: [20]}, {0: ["2", "3"], 1: ["2", "3"], 2: ["5"], 3: ["2"]})
    state.apply_action(0, {"type": "fold"})
    play(state, 1, card="2", figure=4, to=22)
    state.apply_action(2, {"type": "fold"})
    state.apply_action(3, {"type": "fold"})
    assert state.turn == 1 and state.out == [True, False, True, True]
    events = play(state, 1, card="3", figure=4, to=25)
    assert [e["type"] for e in events][-2:] == ["round_end", "deal"]


def test_dog10_a_player_not_finished_cannot_move_the_partners_figures():
    state = position({0: [64, 65, 66, 10], 2: [40]}, {0: ["5"], 1: ["2"]})
    assert moves(state) == {("5", None, 3, 15)}
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 8, "to": 45}, "DOG-10")
    unchanged_after(state, 0, {"type": "play", "card": "5", "figure": 4, "to": 45}, "DOG-10")


def test_dog10_a_finished_player_still_gets_cards_and_gives_one():
    state = position({0: [64, 65, 66, 67], 2: [40]}, {0: ["2"], 1: ["2"]})
    state.apply_action(0, {"type": "play", "card": "2", "figure": 8, "to": 42})
    state.apply_action(1, {"type": "fold"})
    assert state.phase == "give" and [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.current_players() == [0, 1, 2, 3]


def test_dog11_the_draw_reshuffles_the_discard_pile_when_the_deck_is_empty():
    state = position({1: [40]}, {0: ["2", "3"], 1: ["5"]}, n=2)
    data = json.loads(state.to_json())
    data["state"]["discard"] = data["state"]["deck"]
    data["state"]["deck"] = []
    state = GAME.state_from_json(json.dumps(data))
    state.apply_action(0, {"type": "discard", "card": "3"})
    assert len(state.hands[0]) == 2 and len(state.deck) + len(state.discard) == 107 and state.discard == []
    state.check_invariants()


def test_dog_d10_after_the_draw_a_playable_card_must_be_played():
    state = position({0: [], 1: [32]}, {0: ["2", "3"], 1: ["5"]}, n=2, deck_top=["1/11"])
    state.apply_action(0, {"type": "discard", "card": "2"})
    unchanged_after(state, 0, {"type": "discard", "card": "3"}, "DOG-11")
    unchanged_after(state, 0, {"type": "fold"}, "DOG-11")
    assert moves(state) == {("1/11", None, 0, 0)}


def test_dog11_a_player_who_can_play_may_not_discard():
    state = position({1: [32]}, {0: ["2", "13"], 1: ["5"]}, n=2)
    unchanged_after(state, 0, {"type": "discard", "card": "2"}, "DOG-11")


def test_dog11_the_fifth_figure_may_take_the_rest_of_a_7_after_the_fourth_goes_home():
    state = position({0: [62, 65, 66, 67, 20], 1: [40]}, {0: ["7"], 1: ["5"]}, n=2)
    play(state, 0, card="7", figure=0, to=64)
    assert not state.is_terminal() and state.seven["left"] == 4
    events = state.apply_action(0, {"type": "step", "figure": 4, "to": 24})
    assert events[-1] == {"type": "game_over", "winners": [0]}


def test_dog3_cards_are_given_before_play_and_played_only_after():
    state = GAME.new_initial_state(4, seed=12)
    card = state.hands[0][0]
    unchanged_after(state, 0, {"type": "play", "card": card, "figure": 0, "to": 0}, "DOG-3")
    state = position({0: [10]}, {0: ["2"], 1: ["2"]})
    unchanged_after(state, 0, {"type": "give", "card": "2"}, "DOG-3")


def test_illegal_rule_actions_name_their_rule_and_change_nothing():
    state = position({0: [12, 64], 1: [16], 3: [40]}, {0: ["7", "12", "swap", "4"], 1: ["2"]})
    unchanged_after(state, 0, {"type": "play", "card": "12", "figure": 0, "to": 24}, "DOG-4")  # passes 16
    unchanged_after(state, 0, {"type": "play", "card": "4", "figure": 0, "to": 16}, "DOG-4")  # lands on 16
    unchanged_after(state, 0, {"type": "play", "card": "7", "figure": 0, "to": 15}, "DOG-7")  # 4 steps left, 3 usable
    unchanged_after(state, 0, {"type": "play", "card": "swap"}, "DOG-8")  # a swap with 12 at 40 exists
    unchanged_after(state, 0, {"type": "play", "card": "swap", "figure": 0, "with": 4}, "DOG-8")  # protected
    unchanged_after(state, 0, {"type": "play", "card": "swap", "figure": 1, "with": 12}, "DOG-8")  # in goal
    unchanged_after(state, 0, {"type": "play", "card": "4", "figure": 1, "to": 60}, "DOG-6")  # back from goal
    unchanged_after(state, 0, {"type": "fold"}, "DOG-9")


def test_dog_d3_with_two_players_the_fourth_figure_needs_a_fifth_to_take_the_rest_of_a_7():
    state = position({0: [62, 65, 66, 67], 1: [40]}, {0: ["7"], 1: ["5"]}, n=2)
    first = {(a["figure"], a["to"]) for a in state.legal_actions(0)}
    assert first == {(0, 63), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)}
    unchanged_after(state, 0, {"type": "play", "card": "7", "figure": 0, "to": 64}, "DOG-7")


def test_dog5_a_card_that_only_fits_past_the_goal_must_be_played_all_the_same():
    # 3 to 6 would take the figure home; holding only an 8 it must go round again (Zugzwang)
    state = position({0: [62]}, {0: ["8"], 1: ["2"]})
    assert state.legal_actions(0) == [{"type": "play", "card": "8", "figure": 0, "to": 6}]
    unchanged_after(state, 0, {"type": "fold"}, "DOG-9")


# ---- an independent model of the moves, checked against the engine over random games --------


class MoveModel:
    """The moving rules written a second time, walking field by field (no shared code with the
    engine): DOG-4 protection, DOG-5 jumping and landing, DOG-6 the goal, DOG-7 the 7 and its
    burning, DOG-8 the swap, DOG-10 moving the partner's figures."""

    def __init__(self, n, pos):
        self.n, self.F = n, (4 if n == 4 else 5)
        self.colours = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[n]
        self.pos = list(pos)

    def colour(self, f):
        return self.colours[f // self.F]

    def at(self, field):
        return self.pos.index(field) if field in self.pos else None

    def protected(self, field):
        f = self.at(field)
        return f is not None and field == 16 * self.colour(f)

    def movers(self, p):
        own = list(range(p * self.F, p * self.F + self.F))
        if self.n == 4 and all(self.pos[f] >= 64 for f in own):
            q = (p + 2) % 4
            return list(range(q * self.F, q * self.F + self.F))
        return own

    def paths(self, f, k):
        """{destination: fields passed on the track} for ``f`` walking ``k`` steps forward."""
        x = self.pos[f]
        if x < 0:
            return {}
        start, goal0 = 16 * self.colour(f), 64 + 4 * self.colour(f)
        out = {}

        def walk(where, taken, passed):
            if taken == k:
                out[where] = passed
                return
            if where < 64:
                nexts = [(where + 1) % 64]
                if where == start and taken > 0:  # over the start field, not from it
                    nexts.append(goal0)
            else:
                nexts = [where + 1] if where < goal0 + 3 else []
            for nxt in nexts:
                if nxt >= 64 and self.at(nxt) is not None:
                    continue  # the goal: no jumping, no landing
                if nxt < 64 and self.protected(nxt):
                    continue  # a protected figure is neither passed nor landed on
                walk(nxt, taken + 1, passed + ([where] if taken > 0 and where < 64 else []))

        walk(x, 0, [])
        return out

    def back4(self, f):
        x = self.pos[f]
        if not 0 <= x < 64:
            return []
        if any(self.protected((x - i) % 64) for i in range(1, 5)):
            return []
        return [(x - 4) % 64]

    def land(self, f, to):
        g = self.at(to)
        if g is not None and g != f:
            self.pos[g] = -1
        self.pos[f] = to

    def seven_step(self, f, to):
        self.burn_and_land(f, to, self.paths(f, self.steps_to(f, to))[to])

    def burn_and_land(self, f, to, passed):
        for field in passed:
            g = self.at(field)
            if g is not None and g != f:
                self.pos[g] = -1  # burnt by the 7
        self.land(f, to)

    def steps_to(self, f, to):
        for n in range(1, 8):
            if to in self.paths(f, n):
                return n
        raise AssertionError("not a 7 step")

    def seven_first(self, p, r, memo):
        """{(figure, to)} steps after which the rest of the ``r`` steps can be used."""
        out = set()
        for f in self.movers(p):
            for n in range(1, r + 1):
                for to, passed in self.paths(f, n).items():  # (to is n steps away and no fewer)
                    saved = self.pos[:]
                    self.burn_and_land(f, to, passed)
                    if self.seven_ok(p, r - n, memo):
                        out.add((f, to))
                    self.pos = saved
        return out

    def seven_ok(self, p, r, memo):
        if r == 0:
            return True
        key = (tuple(self.pos), r)
        if key not in memo:
            memo[key] = False
            memo[key] = bool(self.seven_first(p, r, memo))
        return memo[key]

    def can_start(self, f):
        if self.pos[f] != -1:
            return False
        g = self.at(16 * self.colour(f))
        return g is None or self.colour(g) != self.colour(f)

    def kind_moves(self, p, kind):
        """{(figure or "start", to or with)}; {(None, None)} for a swap without effect."""
        movers = self.movers(p)
        out = set()
        if kind == "7":
            return self.seven_first(p, 7, {})
        if kind == "swap":

            def free(f):
                return 0 <= self.pos[f] < 64 and self.pos[f] != 16 * self.colour(f)

            others = [g for g in range(len(self.pos)) if g not in movers and free(g)]
            out = {(f, g) for f in movers if free(f) for g in others}
            return out or {(None, None)}
        steps = {"1/11": (1, 11), "13": (13,), "4": (4,)}.get(kind, (int(kind),) if kind.isdigit() else ())
        for f in movers:
            for k in steps:
                out |= {(f, to) for to in self.paths(f, k)}
            if kind == "4":
                out |= {(f, to) for to in self.back4(f)}
            if kind in ("1/11", "13") and self.can_start(f):
                out.add(("start", 16 * self.colour(f)))
        return out

    def plays(self, p, hand):
        out, moves = set(), {}
        for card in set(hand):
            for kind in KINDS[:-1] if card == "joker" else (card,):
                if kind not in moves:  # (a joker and the card it stands for move alike)
                    moves[kind] = self.kind_moves(p, kind)
                for f, t in moves[kind]:
                    out.add((card, kind if card == "joker" else None, f, t))
        return {(c, "1/11" if c == "joker" and f == "start" else a, f, t) for c, a, f, t in out}


def engine_plays(state, acts):
    out = set()
    for a in acts:
        if a["type"] != "play":
            continue
        f = a.get("figure")
        if f is not None and state.pos[f] == -1:
            f = "start"
        out.add((a["card"], a.get("as"), f, a.get("to", a.get("with"))))
    return out


def move_kinds(model, p, want):
    """The kinds of move among ``want`` (the model's plays for ``p``), to count what was compared."""
    kinds = set() if want else {"stuck"}
    for card, as_, f, t in want:
        kind = as_ or card
        if card == "joker":
            kinds.add("joker")
        if f == "start":
            kinds.add("start")
        elif kind == "swap":
            kinds.add("swap" if f is not None else "swap without effect")
        elif kind == "7":
            kinds.add("7")
        elif kind == "4" and t == (model.pos[f] - 4) % 64:
            kinds.add("4 back")
        if isinstance(f, int) and model.colour(f) != model.colours[p]:
            kinds.add("partner's figure")
        if kind != "swap" and isinstance(t, int) and t >= 64:
            kinds.add("in the goal" if model.pos[f] >= 64 else "into the goal")
    return kinds


def dog_model_games(n, seeds):
    """Random games of ``n`` players from ``seeds``, every legal move of every turn checked against
    :class:`MoveModel`; returns how many of each kind of move were compared."""
    coverage = Counter()
    for seed in seeds:
        state = GAME.new_initial_state(n, seed=300 + seed)
        rng = Rng(seed * 31 + n)
        while not state.is_terminal():
            p = state.current_players()[0]
            acts = state.legal_actions(p)
            if state.phase == "play":
                model = MoveModel(n, state.pos)
                if state.seven is None:
                    want = model.plays(p, state.hands[p])
                    assert engine_plays(state, acts) == want, (state.to_json(), p)
                    stuck = [a for a in acts if a["type"] in ("fold", "discard")]
                    assert bool(stuck) == (not want)
                    coverage.update(move_kinds(model, p, want))
                else:
                    want = model.seven_first(p, state.seven["left"], {})
                    got = {(a["figure"], a["to"]) for a in acts if a["type"] == "step"}
                    assert got == want, (state.to_json(), p)
                    coverage["7 continued"] += 1
                coverage["turns"] += 1
            action = acts[rng.randbelow(len(acts))]
            if action["type"] == "undo" and rng.randbelow(4):
                action = acts[0]  # (undo now and then, not half the time)
            model = MoveModel(n, state.pos)
            kind = action.get("as") or action.get("card")
            if action["type"] == "step" or (action["type"] == "play" and kind == "7"):
                model.seven_step(action["figure"], action["to"])
            elif action["type"] == "play" and kind == "swap" and "figure" in action:
                f, g = action["figure"], action["with"]
                model.pos[f], model.pos[g] = model.pos[g], model.pos[f]
            elif action["type"] == "play" and "figure" in action:
                model.land(action["figure"], action["to"])
            dealer, turn_before = state.dealer, state.turn
            home = state.pos.count(-1)
            events = state.apply_action(p, action)
            if action["type"] in ("play", "step"):
                assert state.pos == model.pos, (action, state.to_json())
                coverage["sent home by a 7"] += (kind == "7" or action["type"] == "step") and state.pos.count(-1) > home
            deals = [e for e in events if e["type"] == "deal"]
            if deals:  # DOG-3: next dealer to the left, 6 5 4 3 2 cards, left of the dealer starts
                assert deals[0]["dealer"] == (dealer + 1) % n == state.dealer
                assert [len(h) for h in state.hands] == [DEAL_SIZES[(state.round - 1) % 5]] * n
                assert state.turn == (state.dealer + 1) % n and state.phase == "give"
            elif (
                state.phase == "play"
                and state.seven is None
                and not state.drawn
                and action["type"] != "undo"
                and "cards_given" not in str(events)
            ):
                # the turn passed clockwise to the next player still holding cards
                nxt = next(q for q in [(turn_before + i) % n for i in range(1, n + 1)] if state.hands[q])
                assert state.turn == nxt
            done = [
                sum(1 for f in range(len(state.pos)) if state.pos[f] >= 64 and f // model.F in team)
                for team in ([[0, 2], [1, 3]] if n == 4 else [[q] for q in range(n)])
            ]
            if state.seven is None:  # (DOG-D3: a 7 must be complete before the win counts)
                assert state.is_terminal() == any(d == (8 if n == 4 else 4) for d in done)
    return coverage


MOVE_KINDS = (
    "start",
    "4 back",
    "7",
    "7 continued",
    "sent home by a 7",
    "swap",
    "swap without effect",
    "joker",
    "stuck",
)
MOVE_KINDS += ("into the goal", "in the goal")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_engine_agrees_with_an_independent_model_of_every_move(n):
    # two or three whole games: each already compares every kind of move dozens of times
    coverage = dog_model_games(n, range(3 if n == 4 else 2))
    kinds = MOVE_KINDS + (("partner's figure",) if n == 4 else ())
    assert coverage["turns"] > 600 and min(coverage[k] for k in kinds) >= 10, coverage


def test_a_version_1_save_loads_with_an_empty_public_memory():
    state = position({0: [20], 1: [30]}, {0: ["5", "8"], 1: ["2", "3"]})
    play(state, 0, card="5", figure=0, to=25)
    assert state.observation(1)["played"] == [{"player": 0, "card": "5"}]
    data = json.loads(state.to_json())
    del data["state"]["played"]
    data["version"] = 1
    old = GAME.state_from_json(json.dumps(data))
    assert old.observation(1)["played"] == []
    old.apply_action(1, old.legal_actions(1)[0])
    assert [pc["player"] for pc in old.observation(0)["played"]] == [1]


def test_listed_actions_are_not_checked_twice_and_the_memory_cannot_be_abused():
    """legal_actions remembers its list in phase play: a listed action is applied without a second
    check; a listed dict changed by its caller, equal values of another type (``False`` for the
    figure 0, ``15.0``) and a list from before a change are still refused, naming the rule."""
    state = position({0: [10], 1: [30]}, {0: ["5", "7"], 1: ["3", "8"]})
    text = state.to_json()
    checked = []
    check = state._check_action
    state._check_action = lambda p, a: (checked.append(a), check(p, a))

    five = next(a for a in state.legal_actions(0) if a["card"] == "5")
    assert five == {"type": "play", "card": "5", "figure": 0, "to": 15}
    five["to"] = 16  # changed after listing: not the listed action any more
    with pytest.raises(IllegalActionError, match="^DOG-5: figure 0 cannot move from 10 to 16"):
        state.apply_action(0, five)
    for wrong in ({"figure": False}, {"to": 15.0}, {"card": "5 "}):
        state.legal_actions(0)
        with pytest.raises(IllegalActionError, match="^DOG-"):
            state.apply_action(0, {"type": "play", "card": "5", "figure": 0, "to": 15, **wrong})
    assert state.to_json() == text and len(checked) == 4

    state.legal_actions(0)
    play(state, 0, card="7", figure=0, to=11)  # listed: applied without a second check
    assert len(checked) == 4 and state.pos[0] == 11 and state.seven["left"] == 6
    stale = state.legal_actions(0)
    assert {"type": "step", "figure": 0, "to": 12} in stale
    state.apply_trusted(0, {"type": "step", "figure": 0, "to": 14})  # a bot's playout, through the trusted door
    with pytest.raises(IllegalActionError, match="^DOG-7: figure 0 cannot step to 12"):
        state.apply_action(0, {"type": "step", "figure": 0, "to": 12})
    assert state.pos[0] == 14 and len(checked) == 5

    del state._check_action
    state.legal_actions(0)
    other = state.clone()  # a copy lists afresh (the conformance suite changes copies directly)
    other.pos[0], other.board[14], other.board[16] = 16, -1, 0
    with pytest.raises(IllegalActionError, match="^DOG-7"):
        other.apply_action(0, {"type": "step", "figure": 0, "to": 15})
