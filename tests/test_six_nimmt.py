"""6 nimmt! rules, one test (or more) per ruling SN-1..SN-7, with real values."""

from __future__ import annotations

import json
import re

import pytest

import pycore
from pycore import IllegalActionError, InvalidStateError
from pycore.games.six_nimmt import BULLHEADS, bullheads, deck_for, row_for
from pycore.rng import Rng
from tests.conformance.harness import play_random_game

GAME = pycore.load_game("six_nimmt")


def position(rows, hands, scores=None, turn=None, options=None, seed=7):
    """A state with the given rows and hands; every other card goes to the deck.

    ``hands`` may hold fewer than 10 cards; ``turn`` defaults to match the hand size.
    """
    n = len(hands)
    state = GAME.new_initial_state(n, seed, options)
    used = {c for r in rows for c in r} | {c for h in hands for c in h}
    data = json.loads(state.to_json())["state"]
    data["rows"] = [list(r) for r in rows]
    data["hands"] = [sorted(h) for h in hands]
    data["deck"] = [c for c in deck_for(n, data["options"]["tactical"]) if c not in used]
    data["turn"] = turn if turn is not None else 11 - len(hands[0])
    data["scores"] = scores or [0] * n
    envelope = {"format": "hotseat-state", "game": "six_nimmt", "version": 1, "state": data}
    return GAME.state_from_json(json.dumps(envelope))


# ---- SN-1: the cards --------------------------------------------------------------------------


def test_sn1_bullheads_of_named_cards():
    assert [bullheads(c) for c in (55, 11, 10, 15, 1)] == [7, 5, 3, 2, 1]


def test_sn1_all_104_cards_sum_to_171():
    assert sum(bullheads(c) for c in range(1, 105)) == 171
    assert sum(BULLHEADS) == 171


def test_sn1_55_is_checked_before_multiples_of_5_and_11():
    assert bullheads(55) == 7
    assert bullheads(22) == 5 and bullheads(99) == 5
    assert bullheads(20) == 3 and bullheads(100) == 3
    assert bullheads(25) == 2 and bullheads(35) == 2
    assert bullheads(104) == 1


# ---- SN-2: set-up ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 11))
def test_sn2_deal_ten_each_and_four_rows(n):
    state = GAME.new_initial_state(n, seed=n)
    obs = state.observation(0)
    assert len(obs["hand"]) == 10
    assert obs["hand_sizes"] == [10] * n
    assert [len(r) for r in obs["rows"]] == [1, 1, 1, 1]
    assert len(state.deck) == 104 - 10 * n - 4
    state.check_invariants()


def test_sn2_player_count_is_checked():
    with pytest.raises(ValueError, match="2-10 players"):
        GAME.new_initial_state(1, seed=1)
    with pytest.raises(ValueError, match="2-10 players"):
        GAME.new_initial_state(11, seed=1)


# ---- SN-3 / SN-4: simultaneous picks, lowest first, highest row below ---------------------


def play_turn(state, picks):
    events = []
    for player, card in picks.items():
        events += state.apply_action(player, {"type": "pick", "card": card})
    return events


def test_sn3_sn4_cards_go_after_the_highest_lower_card_lowest_first():
    # rows [12], [37], [43], [58]; picks 14, 15, 44, 61 → 14 then 15 after 12, 44 after 43, 61 after 58
    state = position([[12], [37], [43], [58]], [[15, 90], [61, 91], [14, 92], [44, 93]])
    events = play_turn(state, {0: 15, 1: 61, 2: 14, 3: 44})
    places = [e for e in events if e["type"] == "place"]
    assert [(e["card"], e["row"]) for e in places] == [(14, 0), (15, 0), (44, 2), (61, 3)]
    assert state.rows == [[12, 14, 15], [37], [43, 44], [58, 61]]
    assert all(e["taken"] == [] for e in places)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_sn3_picks_stay_secret_until_all_are_in():
    state = position([[12], [37], [43], [58]], [[15, 90], [61, 91], [14, 92]])
    events = state.apply_action(0, {"type": "pick", "card": 15})
    assert events == [{"type": "picked", "player": 0}]
    assert state.current_players() == [1, 2]
    obs1 = state.observation(1)
    assert obs1["picked"] == [True, False, False]
    assert obs1["my_pick"] is None
    assert not re.search(r"\b15\b", json.dumps({k: v for k, v in obs1.items() if k != "hand"}))
    assert state.observation(0)["my_pick"] == 15


def test_sn4_sixth_card_takes_the_row():
    # a row 3, 8, 9, 12, 13 and a 14 played to it → its player takes 5 bullheads, the row is [14]
    state = position([[3, 8, 9, 12, 13], [40], [50], [60]], [[14, 90], [70, 91]])
    events = play_turn(state, {0: 14, 1: 70})
    take = next(e for e in events if e["type"] == "place" and e["card"] == 14)
    assert take["taken"] == [3, 8, 9, 12, 13] and take["bullheads"] == 5
    assert state.rows[0] == [14]
    assert state.returns()[0] == -5.0
    assert state.observation(1)["round_bullheads"] == [5, 0]


def test_sn4_row_for_picks_the_smallest_gap():
    assert row_for([[12], [37], [43], [58]], 44) == 2
    assert row_for([[12], [37], [43], [58]], 104) == 3
    assert row_for([[12], [37], [43], [58]], 13) == 0
    assert row_for([[12], [37], [43], [58]], 11) is None


# ---- SN-5: the free row choice -----------------------------------------------------------------


def test_sn5_low_card_chooses_a_row_then_later_cards_use_the_new_row():
    # rows [30], [40], [50], [60]; picks 25 (A) and 27 (B); A chooses [60] → A takes 3 bullheads,
    # the row becomes [25] and B's 27 goes after the 25 and takes nothing
    state = position([[30], [40], [50], [60]], [[25, 90], [27, 91]])
    events = play_turn(state, {0: 25, 1: 27})
    assert events[-1] == {"type": "row_choice", "player": 0, "card": 25}
    assert state.current_players() == [0]
    assert state.legal_actions(1) == []
    assert [a["row"] for a in state.legal_actions(0)] == [0, 1, 2, 3]
    obs = state.observation(1)
    assert obs["revealed"] == [{"player": 0, "card": 25}, {"player": 1, "card": 27}]
    assert obs["row_bullheads"] == [3, 3, 3, 3]
    events = state.apply_action(0, {"type": "choose_row", "row": 3})
    assert events[0] == {"type": "place", "player": 0, "card": 25, "row": 3, "taken": [60], "bullheads": 3}
    assert events[1] == {"type": "place", "player": 1, "card": 27, "row": 3, "taken": [], "bullheads": 0}
    assert state.rows == [[30], [40], [50], [25, 27]]
    assert state.returns() == [-3.0, 0.0]


def test_sn5_choice_is_made_after_lower_cards_of_the_same_turn_are_placed():
    # 3 and 5 are both below every row: the 3's player chooses first; the 5 then goes after the 3
    state = position([[30], [40], [50], [60]], [[3, 90], [5, 91], [55, 92]])
    play_turn(state, {0: 3, 1: 5, 2: 55})
    assert state.chooser == 0
    state.apply_action(0, {"type": "choose_row", "row": 1})
    # 5 goes after the 3 that now starts row 1; 55 goes after 50; nobody else chooses
    assert state.rows == [[30], [3, 5], [50, 55], [60]]
    assert state.phase == "pick"


def test_sn5_row_choice_only_when_due():
    state = position([[30], [40], [50], [60]], [[25, 90], [27, 91]])
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="SN-5"):
        state.apply_action(0, {"type": "choose_row", "row": 0})
    assert state.to_json() == before
    play_turn(state, {0: 25, 1: 27})
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="CORE"):
        state.apply_action(1, {"type": "choose_row", "row": 0})  # not the chooser
    with pytest.raises(IllegalActionError, match="SN-5"):
        state.apply_action(0, {"type": "choose_row", "row": 4})
    with pytest.raises(IllegalActionError, match="SN-5"):
        state.apply_action(0, {"type": "pick", "card": 90})
    assert state.to_json() == before


# ---- SN-6: scoring and the end of the game -----------------------------------------------------


def test_sn6_round_scored_after_ten_turns_and_game_ends_at_target():
    # last turn of a round: player 0 takes a row of five 55-containing cards → reaches the target
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[60, 10])
    events = play_turn(state, {0: 56, 1: 71})
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["round_end", "game_over"]
    round_end = events[-2]
    assert round_end["bullheads"] == [1 + 1 + 1 + 1 + 7, 0]
    assert round_end["scores"] == [71, 10]
    assert state.is_terminal() and state.current_players() == []
    assert state.winners() == [1]
    assert state.returns() == [-71.0, -10.0]


def test_sn6_game_goes_on_below_target_with_a_fresh_deal():
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[40, 10])
    events = play_turn(state, {0: 56, 1: 71})
    assert [e["type"] for e in events][-2:] == ["round_end", "deal"]
    assert state.round == 2 and state.turn == 1
    assert state.scores == [51, 10]
    assert [len(h) for h in state.hands] == [10, 10]
    state.check_invariants()


def test_sn6_ties_share_the_win():
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[0, 11])
    play_turn(state, {0: 56, 1: 71})
    # 0 took 11 → both at 11; nobody reached 66 so play goes on: force the end with the rounds option
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[0, 11], options={"rounds": 1})
    play_turn(state, {0: 56, 1: 71})
    assert state.is_terminal()
    assert state.scores == [11, 11]
    assert state.winners() == [0, 1]


# ---- SN-7: options -----------------------------------------------------------------------------


def test_sn7_tactical_variant_deals_every_card():
    state = GAME.new_initial_state(3, seed=3, options={"tactical": True})
    cards = sorted(c for h in state.hands for c in h) + sorted(c for r in state.rows for c in r)
    assert sorted(cards) == list(range(1, 35))
    assert state.deck == []


def test_sn7_fixed_number_of_rounds():
    state = GAME.new_initial_state(2, seed=11, options={"rounds": 2})
    rng = Rng(4)
    rounds_seen = set()
    while not state.is_terminal():
        rounds_seen.add(state.round)
        p = state.current_players()[0]
        state.apply_action(p, rng.choice(state.legal_actions(p)))
    assert rounds_seen == {1, 2}


def test_sn7_target_score_option_and_bad_options():
    assert GAME.new_initial_state(2, 1, {"target_score": 20}).options["target_score"] == 20
    with pytest.raises(ValueError, match="target_score"):
        GAME.new_initial_state(2, 1, {"target_score": 0})
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new_initial_state(2, 1, {"colour": "red"})


# ---- contract: bad input, saves, determinism ---------------------------------------------------


def test_illegal_actions_raise_and_change_nothing():
    state = GAME.new_initial_state(3, seed=5)
    before = state.to_json()
    not_held = next(c for c in range(1, 105) if c not in state.hands[0])
    for player, action, rule in [
        (0, {"type": "pick", "card": not_held}, "SN-3"),
        (0, {"type": "pick", "card": "12"}, "SN-3"),
        (0, {"type": "pick", "card": 0}, "SN-3"),
        (0, {"type": "pick", "card": state.hands[0][0], "extra": 1}, "SN-3"),
        (0, {"type": "fly"}, "CORE"),
        (0, ["pick"], "CORE"),
        (5, {"type": "pick", "card": 1}, "CORE"),
    ]:
        with pytest.raises(IllegalActionError, match=rule):
            state.apply_action(player, action)
        assert state.to_json() == before
    state.apply_action(0, {"type": "pick", "card": state.hands[0][0]})
    after_pick = state.to_json()
    with pytest.raises(IllegalActionError, match="CORE"):
        state.apply_action(0, {"type": "pick", "card": state.hands[0][0]})  # picked already
    assert state.to_json() == after_pick


def test_corrupt_saves_are_refused_with_a_reason():
    good = GAME.new_initial_state(3, seed=5).to_json()
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        GAME.state_from_json(good[:-10])
    data = json.loads(good)
    data["state"]["rows"][0] = [200]
    with pytest.raises(InvalidStateError, match=r"state.rows\[0\]"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["state"]["rows"][0] = [205]
    with pytest.raises(InvalidStateError, match=r"state.rows\[0\]\[0\]: 205 is above 104"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["state"]["hands"][1].append(data["state"]["hands"][0][0])  # an 11th card
    with pytest.raises(InvalidStateError, match=r"state.hands\[1\]: expected at most 10 entries, got 11"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["state"]["hands"][1][0] = data["state"]["hands"][0][0]  # a card in two hands
    with pytest.raises(InvalidStateError, match="card conservation"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["state"]["scores"][2] = 66 - 1 + 171 + 1  # more than the target and one whole round allow
    with pytest.raises(InvalidStateError, match=r"state.scores\[2\]: 237 is above 236"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["state"]["round"] = 3 * 65 + 2  # every round gives somebody a bullhead (SN-6)
    with pytest.raises(InvalidStateError, match=r"state.round: 197 is above 196"):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(good)
    data["version"] = 99
    with pytest.raises(InvalidStateError, match="newer app"):
        GAME.state_from_json(json.dumps(data))
    data["version"] = 0
    with pytest.raises(InvalidStateError, match="can no longer read"):
        GAME.state_from_json(json.dumps(data))


@pytest.mark.parametrize("n", [2, 5, 10])
def test_sn6_random_games_end_after_the_round_reaching_the_target(n):
    """Random play (the conformance suite's player) ends once someone has 30 bullheads; the fewest win."""
    for seed in range(2):
        state, _ = play_random_game(GAME, n, seed, {"target_score": 30}, roundtrip_every=10**9, deep_every=10**9)
        assert max(state.scores) >= 30
        assert state.winners() == [p for p, s in enumerate(state.scores) if s == min(state.scores)]


def test_observations_and_saves_do_not_share_last_round_bullheads_with_the_state():
    # regression (conformance suite): public_observation() and to_dict() handed out the state's
    # own last_round_bullheads list, so a view that changed its observation changed the game
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[40, 10])
    play_turn(state, {0: 56, 1: 71})
    assert state.last_round_bullheads == [11, 0]
    state.public_observation()["last_round_bullheads"].append(99)
    state.observation(1)["last_round_bullheads"][0] = 0
    state.to_dict()["last_round_bullheads"].clear()
    assert state.last_round_bullheads == [11, 0]


def test_round_end_event_does_not_share_lists_with_the_state():
    # regression (conformance suite): the round_end event's "bullheads" was the state's own
    # last_round_bullheads list, so a caller that edited the event edited the saved game
    state = position([[51, 52, 53, 54, 55], [70], [80], [90]], [[56], [71]], scores=[40, 10])
    events = play_turn(state, {0: 56, 1: 71})
    round_end = next(e for e in events if e["type"] == "round_end")
    round_end["bullheads"].append(99)
    round_end["scores"].clear()
    assert state.last_round_bullheads == [11, 0] and state.scores == [51, 10]


# ---- scenarios added by the rules audit ------------------------------------------------------


def test_sn4_a_later_card_of_the_same_turn_follows_the_card_that_took_a_full_row():
    # row 0 is full; 14 takes it and starts it; 16 (same turn) then goes after the 14
    state = position([[3, 8, 9, 12, 13], [40], [50], [60]], [[14, 90], [16, 91], [45, 92]])
    events = play_turn(state, {0: 14, 1: 16, 2: 45})
    places = [(e["player"], e["card"], e["row"], e["taken"]) for e in events if e["type"] == "place"]
    assert places == [(0, 14, 0, [3, 8, 9, 12, 13]), (1, 16, 0, []), (2, 45, 1, [])]
    assert state.rows == [[14, 16], [40, 45], [50], [60]]
    assert state.returns() == [-5.0, 0.0, 0.0]


def test_sn4_a_row_of_four_takes_a_fifth_card_without_penalty():
    state = position([[3, 8, 9, 12], [40], [50], [60]], [[14, 90], [70, 91]])
    play_turn(state, {0: 14, 1: 70})
    assert state.rows == [[3, 8, 9, 12, 14], [40], [50], [60, 70]]
    assert state.returns() == [0.0, 0.0]


def test_sn4_the_closest_row_is_used_even_when_full_never_a_roomier_one():
    # 44 belongs after 43 (gap 1), not after 37 (room left): row 2 is full, so its player takes it
    state = position([[12], [37], [20, 25, 30, 33, 43], [58]], [[44, 90], [59, 91]])
    events = play_turn(state, {0: 44, 1: 59})
    take = next(e for e in events if e["type"] == "place" and e["card"] == 44)
    assert take["row"] == 2 and take["taken"] == [20, 25, 30, 33, 43]
    assert take["bullheads"] == 3 + 2 + 3 + 5 + 1
    assert state.rows == [[12], [37], [44], [58, 59]]


def test_sn5_the_chooser_may_take_any_row_even_the_most_expensive_full_row():
    # 2 is below every row; its player picks the full row 1 (free choice): takes its 5 cards
    state = position([[30], [5, 10, 11, 15, 55], [60], [70]], [[2, 90], [80, 91]])
    play_turn(state, {0: 2, 1: 80})
    obs = state.observation(0)
    assert obs["row_bullheads"] == [3, 2 + 3 + 5 + 2 + 7, 3, 3]
    assert obs["chooser"] == 0 and obs["revealed"] == [{"player": 0, "card": 2}, {"player": 1, "card": 80}]
    events = state.apply_action(0, {"type": "choose_row", "row": 1})
    assert events[0] == {
        "type": "place",
        "player": 0,
        "card": 2,
        "row": 1,
        "taken": [5, 10, 11, 15, 55],
        "bullheads": 19,
    }
    assert state.rows == [[30], [2], [60], [70, 80]]
    assert state.returns() == [-19.0, 0.0]


def test_sn5_only_the_lowest_card_below_every_row_chooses_later_ones_follow_it():
    # rows end 30..60; 25 and 27 are both below all of them: only 25's player chooses, and 27 then
    # goes after the 25; 35 goes against the rows as they stand after the choice
    state = position([[30], [40], [50], [60]], [[27, 90], [25, 91], [35, 92]])
    events = play_turn(state, {0: 27, 1: 25, 2: 35})
    assert [e for e in events if e["type"] == "row_choice"] == [{"type": "row_choice", "player": 1, "card": 25}]
    assert state.current_players() == [1]
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    events = state.apply_action(1, {"type": "choose_row", "row": 0})
    places = [(e["player"], e["card"], e["row"], e["taken"]) for e in events if e["type"] == "place"]
    assert places == [(1, 25, 0, [30]), (0, 27, 0, []), (2, 35, 0, [])]
    assert state.rows == [[25, 27, 35], [40], [50], [60]]
    assert state.public_observation()["revealed"] == [] and state.phase == "pick"


def test_sn5_cards_above_the_chosen_row_use_the_rows_as_they_are_after_the_choice():
    # 25 chooses row 0 ([30]); 32 then goes after the 25 (the 30 is gone), not after 30
    state = position([[30], [40], [50], [60]], [[25, 90], [32, 91]])
    play_turn(state, {0: 25, 1: 32})
    state.apply_action(0, {"type": "choose_row", "row": 0})
    assert state.rows == [[25, 32], [40], [50], [60]]
    # had the chooser taken row 3 instead, 32 would have gone after the 30
    state = position([[30], [40], [50], [60]], [[25, 90], [32, 91]])
    play_turn(state, {0: 25, 1: 32})
    state.apply_action(0, {"type": "choose_row", "row": 3})
    assert state.rows == [[30, 32], [40], [50], [25]]


@pytest.mark.parametrize("before, over", [(61, True), (60, False), (70, True)])
def test_sn6_the_game_ends_after_the_round_in_which_someone_reaches_66(before, over):
    # last turn of a round: player 0 takes the row 2, 3, 4, 6, 7 (5 bullheads)
    state = position([[2, 3, 4, 6, 7], [70], [80], [90]], [[8], [71]], scores=[before, 0])
    events = play_turn(state, {0: 8, 1: 71})
    round_end = next(e for e in events if e["type"] == "round_end")
    assert round_end["bullheads"] == [5, 0] and round_end["scores"] == [before + 5, 0]
    assert state.is_terminal() is over
    if over:
        assert events[-1] == {"type": "game_over", "winners": [1], "scores": [before + 5, 0]}
    else:
        assert events[-1] == {"type": "deal", "round": 2} and state.winners() == []


def test_sn6_scores_add_up_over_rounds_and_the_fewest_wins_not_the_one_below_66():
    # three players: 0 reaches 66; 1 and 2 stay below; 2 has fewer and wins alone
    state = position([[2, 3, 4, 6, 7], [70], [80], [90]], [[8], [71], [81]], scores=[61, 30, 12])
    play_turn(state, {0: 8, 1: 71, 2: 81})
    assert state.is_terminal() and state.scores == [66, 30, 12] and state.winners() == [2]
    assert state.returns() == [-66.0, -30.0, -12.0]


def test_sn6_target_score_option_changes_the_end():
    state = position([[2, 3, 4, 6, 7], [70], [80], [90]], [[8], [71]], scores=[15, 0], options={"target_score": 20})
    play_turn(state, {0: 8, 1: 71})
    assert state.is_terminal() and state.winners() == [1]


def test_sn7_rounds_option_ignores_the_target_until_the_last_round():
    # with rounds=2 a player past 66 after round 1 does not end the game
    state = position([[2, 3, 4, 6, 7], [70], [80], [90]], [[8], [71]], scores=[90, 0], options={"rounds": 2})
    events = play_turn(state, {0: 8, 1: 71})
    assert not state.is_terminal() and events[-1] == {"type": "deal", "round": 2}


@pytest.mark.parametrize("n", [2, 5, 10])
def test_sn7_tactical_deck_size_is_10_per_player_plus_4(n):
    state = GAME.new_initial_state(n, seed=n, options={"tactical": True})
    cards = sorted([c for h in state.hands for c in h] + [c for r in state.rows for c in r])
    assert cards == list(range(1, 10 * n + 5)) and state.deck == []
    assert deck_for(n, True) == list(range(1, 10 * n + 5))


# ---- an independent model of a turn, checked against the engine over random games -------------

# SN-1 written out as the card pictures show it, not computed the engine's way
_BULLHEAD_TABLE = {55: 7}
_BULLHEAD_TABLE.update({c: 5 for c in (11, 22, 33, 44, 66, 77, 88, 99)})
_BULLHEAD_TABLE.update({c: 3 for c in range(10, 101, 10)})
_BULLHEAD_TABLE.update({c: 2 for c in range(5, 100, 10) if c != 55})


def _heads(cards):
    return sum(_BULLHEAD_TABLE.get(c, 1) for c in cards)


def reference_turn(rows, picks, choices):
    """SN-3..SN-5 from the ruling text: returns (places, choice requests, rows after).

    ``picks`` maps player -> card; ``choices`` yields the row each low card's player chose.
    """
    rows = [list(r) for r in rows]
    places, requests = [], []
    for card, player in sorted((c, p) for p, c in picks.items()):
        below = [i for i in range(4) if rows[i][-1] < card]
        if not below:
            requests.append((player, card))
            i = next(choices)
            places.append((player, card, i, rows[i]))
            rows[i] = [card]
            continue
        i = max(below, key=lambda k: rows[k][-1])
        if len(rows[i]) == 5:
            places.append((player, card, i, rows[i]))
            rows[i] = [card]
        else:
            rows[i].append(card)
            places.append((player, card, i, []))
    return places, requests, rows


@pytest.mark.parametrize("n", [2, 3, 5, 7, 10])
def test_engine_agrees_with_an_independent_model_of_turns_rounds_and_the_end(n):
    for seed in range(3):
        options = {"tactical": seed == 2, "target_score": 40 if seed else 66}
        state = GAME.new_initial_state(n, seed=1000 + seed, options=options)
        rng = Rng(77 + seed)
        totals = [0] * n
        round_heads = [0] * n
        while not state.is_terminal():
            rows_before = [r[:] for r in state.rows]
            picks, events = {}, []
            order = list(range(n))
            rng.shuffle(order)
            for p in order:
                picks[p] = rng.choice(state.hands[p])
                events += state.apply_action(p, {"type": "pick", "card": picks[p]})
            made = []
            while state.phase == "choose_row":
                made.append(rng.randbelow(4))
                events += state.apply_action(state.chooser, {"type": "choose_row", "row": made[-1]})
            places, requests, rows_after = reference_turn(rows_before, picks, iter(made))
            assert len(made) == len(requests) <= 1
            got = [(e["player"], e["card"], e["row"], e["taken"]) for e in events if e["type"] == "place"]
            assert got == places
            assert [(e["player"], e["card"]) for e in events if e["type"] == "row_choice"] == requests
            assert all(e["bullheads"] == _heads(e["taken"]) for e in events if e["type"] == "place")
            for player, _, _, taken in places:
                round_heads[player] += _heads(taken)
            end = next((e for e in events if e["type"] == "round_end"), None)
            if end is None:
                assert state.rows == rows_after
                continue
            assert end["bullheads"] == round_heads
            totals = [t + b for t, b in zip(totals, round_heads)]
            round_heads = [0] * n
            assert end["scores"] == totals == state.scores
            assert state.is_terminal() == (max(totals) >= options["target_score"])
        assert state.winners() == [p for p in range(n) if totals[p] == min(totals)]


def test_a_version_1_save_loads_with_an_empty_public_memory():
    state = GAME.new_initial_state(3, seed=8)
    for p in range(3):
        state.apply_action(p, {"type": "pick", "card": state.hands[p][0]})
    assert len(state.observation(0)["played"]) == 3
    data = json.loads(state.to_json())
    del data["state"]["played"]
    data["version"] = 1
    old = GAME.state_from_json(json.dumps(data))
    assert old.observation(0)["played"] == [] and old.observation(0)["taken"] == state.observation(0)["taken"]
    picks = [{"type": "pick", "card": old.hands[p][0]} for p in range(3)]
    for p, action in enumerate(picks):
        old.apply_action(p, action)
    assert [pc["card"] for pc in old.observation(1)["played"]] == sorted(a["card"] for a in picks)
