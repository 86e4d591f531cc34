"""Bad Bunnies rules, one test (or more) per ruling BB-1..BB-8 and per decision BB-D1..BB-D6 of
``seeds/bad_bunnies.md``, with real values."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import pycore
from pycore import IllegalActionError, InvalidStateError
from pycore.games.bad_bunnies import COUNTS, DECK, may_follow, needs_announcement
from pycore.rng import Rng
from tests.conformance.harness import play_random_game

GAME = pycore.load_game("bad_bunnies")


def position(
    hands,
    pile=(),
    announce=None,
    double=False,
    turn=0,
    passed=None,
    scores=None,
    top_player=None,
    starter=None,
    draw=None,
    reserve=None,
    options=None,
):
    """A phase-"play" state with the given hands and pile, loaded through ``state_from_json``.

    Every card not in a hand, the pile or ``reserve`` goes to the draw pile, ascending (so the
    next card drawn is the highest). ``top_player`` defaults to the seat before ``turn``.
    """
    n = len(hands)
    data = json.loads(GAME.new_initial_state(n, 1, options).to_json())["state"]
    reserve = list(reserve or [])
    used = Counter(c for h in hands for c in h) + Counter(pile) + Counter(reserve)
    rest = Counter(DECK) - used
    assert not used - Counter(DECK), "position uses more cards than the deck holds"
    data["hands"] = [sorted(h) for h in hands]
    data["pile"] = list(pile)
    data["draw"] = sorted(rest.elements()) if draw is None else list(draw)
    data["reserve"] = reserve
    data["announce"] = announce
    data["double"] = double
    data["turn"] = turn
    data["starter"] = turn if starter is None else starter
    data["passed"] = list(passed or [False] * n)
    data["scores"] = list(scores or [0] * n)
    data["top_player"] = ((turn - 1) % n if top_player is None else top_player) if pile else None
    data["moves"] = moves_for(pile, data["top_player"], n, announce, double, data["passed"])
    envelope = {"format": "hotseat-state", "game": "bad_bunnies", "version": 1, "state": data}
    return GAME.state_from_json(json.dumps(envelope))


def moves_for(pile, top_player, n, announce, double, passed):
    """A plausible public move list for a made-up pile: players take turns backwards from
    ``top_player``; the last card carries the given call; the passes come last."""
    moves = []
    for i, card in enumerate(pile):
        player = (top_player - (len(pile) - 1 - i)) % n
        prev = pile[i - 1] if i else None
        if i == len(pile) - 1:
            call = "double" if double else announce
        elif card == prev and card != 7:
            call = "double"
        elif card == 1:
            call = None
        else:
            call = "higher"
        moves.append([player, card, call])
    moves += [[p, 0, None] for p in range(n) if passed[p]]
    return moves


def cards_of(state, player):
    return sorted({a["card"] for a in state.legal_actions(player) if a["type"] == "play"})


def refused(state, player, action, rule):
    """Assert ``action`` raises IllegalActionError naming ``rule`` and leaves the state unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=rule) as info:
        state.apply_action(player, action)
    assert info.value.rule == rule
    assert state.to_json() == before
    assert action not in state.legal_actions(player)


# ---- BB-1: deck, players, deal, first starter ------------------------------------------------


def test_bb1_deck_has_110_cards_with_the_printed_counts():
    assert len(DECK) == 110
    assert [COUNTS[n] for n in range(1, 14)] == [17, 10, 8, 7, 6, 5, 17, 4, 5, 6, 7, 8, 10]
    assert Counter(DECK)[1] == 17 and Counter(DECK)[7] == 17 and Counter(DECK)[8] == 4


@pytest.mark.parametrize("n", range(2, 7))
def test_bb1_seven_cards_each_rest_is_the_draw_pile(n):
    state = GAME.new_initial_state(n, seed=n)
    obs = state.observation(0)
    assert obs["hand_sizes"] == [7] * n and len(obs["hand"]) == 7
    assert obs["draw_count"] == 110 - 7 * n and obs["reserve_count"] == 0 and obs["pile_count"] == 0
    assert obs["phase"] == "play" and obs["round"] == 1
    state.check_invariants()


def test_bb1_player_count_and_options_are_checked():
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new_initial_state(1, seed=1)
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new_initial_state(7, seed=1)
    with pytest.raises(ValueError, match="random_starter"):
        GAME.new_initial_state(3, 1, {"random_starter": "youngest"})
    with pytest.raises(ValueError, match="target_score"):
        GAME.new_initial_state(3, 1, {"target_score": 0})


def test_bb1_first_round_starter_is_seat_0_by_default_or_random():
    assert {GAME.new_initial_state(4, seed).current_players()[0] for seed in range(30)} == {0}
    starters = {GAME.new_initial_state(4, seed, {"random_starter": True}).current_players()[0] for seed in range(60)}
    assert starters == {0, 1, 2, 3}


# ---- BB-2: play, then announce ----------------------------------------------------------------


def test_bb2_the_starter_announces_with_the_first_card():
    state = position([[4, 5, 6, 8, 9, 10, 11], [2, 3, 3, 8, 9, 10, 12], [2, 2, 5, 6, 8, 11, 12]])
    events = state.apply_action(0, {"type": "play", "card": 4, "announce": "lower"})
    assert events == [{"type": "play", "player": 0, "card": 4, "announce": "lower", "double": False, "cards_left": 6}]
    obs = state.public_observation()
    assert (obs["top"], obs["announce"], obs["double"], obs["turn"]) == (4, "lower", False, 1)
    assert cards_of(state, 1) == [2, 3]


def test_bb2_a_card_needing_a_call_must_have_one():
    state = position([[4, 5, 6, 8, 9, 10, 11], [2, 3, 3, 8, 9, 10, 12]])
    refused(state, 0, {"type": "play", "card": 4}, "BB-2")
    refused(state, 0, {"type": "play", "card": 4, "announce": "sideways"}, "BB-2")
    assert {"type": "play", "card": 4, "announce": "higher"} in state.legal_actions(0)
    assert {"type": "play", "card": 4, "announce": "lower"} in state.legal_actions(0)


def test_bb2_nothing_is_announced_after_a_1():
    state = position([[1, 5, 6, 8, 9, 10, 11], [2, 3, 3, 8, 9, 10, 12]], pile=[9], announce="higher", turn=0)
    refused(state, 0, {"type": "play", "card": 1, "announce": "higher"}, "BB-2")
    assert {"type": "play", "card": 1} in state.legal_actions(0)
    state.apply_action(0, {"type": "play", "card": 1})
    assert state.public_observation()["announce"] is None


def test_bb2_equal_number_is_a_double_with_no_call():
    state = position([[4, 5, 6, 8, 9, 10, 11], [2, 3, 3, 8, 9, 10, 12]], pile=[9], announce="lower", turn=0)
    refused(state, 0, {"type": "play", "card": 9, "announce": "lower"}, "BB-2")
    events = state.apply_action(0, {"type": "play", "card": 9})
    assert events[0]["double"] is True and events[0]["announce"] is None
    obs = state.public_observation()
    assert obs["double"] is True and obs["top"] == 9 and obs["announce"] is None


def test_bb2_a_7_on_a_7_is_no_double_and_announces():
    state = position([[4, 5, 7, 8, 9, 10, 11], [2, 3, 7, 8, 9, 10, 12]], pile=[7], announce="lower", turn=0)
    refused(state, 0, {"type": "play", "card": 7}, "BB-2")
    events = state.apply_action(0, {"type": "play", "card": 7, "announce": "higher"})
    assert events[0]["double"] is False and events[0]["announce"] == "higher"
    # the next player follows "higher than 7", not a double of 7s
    assert cards_of(state, 1) == [7, 8, 9, 10, 12]


# ---- BB-3: what may follow what ---------------------------------------------------------------


def test_bb3_higher_and_lower_bound_the_next_card():
    state = position([[2, 9, 12, 13, 5, 6, 8], [2, 3, 3, 8, 9, 10, 12]], pile=[10], announce="higher", turn=0)
    assert cards_of(state, 0) == [12, 13]
    refused(state, 0, {"type": "play", "card": 9, "announce": "higher"}, "BB-3")
    state = position([[2, 9, 12, 13, 5, 6, 8], [2, 3, 3, 8, 9, 10, 12]], pile=[6], announce="lower", turn=0)
    assert cards_of(state, 0) == [2, 5, 6]  # 6 is the double
    refused(state, 0, {"type": "play", "card": 8, "announce": "lower"}, "BB-3")


def test_bb3_a_1_followed_by_any_card():
    hand = [2, 3, 4, 5, 6, 8, 13]
    state = position([hand, [1, 9, 10, 11, 12, 12, 13]], pile=[11, 1], announce=None, turn=0)
    assert cards_of(state, 0) == hand
    state.apply_action(0, {"type": "play", "card": 13, "announce": "higher"})
    for card in range(1, 14):
        assert may_follow(card, 1, None, False)


def test_bb3_a_1_followed_by_a_1_opens_a_double_of_1s():
    state = position([[1, 2, 7, 13, 5, 6, 8], [1, 9, 10, 11, 12, 12, 13], [3, 4, 5, 6, 8, 9, 10]], pile=[5, 1], turn=0)
    events = state.apply_action(0, {"type": "play", "card": 1})
    assert events[0]["double"] is True
    obs = state.public_observation()
    assert (obs["top"], obs["double"], obs["announce"]) == (1, True, None)
    assert cards_of(state, 1) == [1]  # only a 1 (or a 7, which player 1 lacks)
    refused(state, 1, {"type": "play", "card": 13, "announce": "lower"}, "BB-3")
    state.apply_action(1, {"type": "play", "card": 1})  # a third 1 keeps the double open
    assert state.double and state.top == 1
    assert cards_of(state, 2) == []
    assert state.legal_actions(2) == [{"type": "pass"}]


def test_bb3_a_7_on_higher_than_10_is_legal_and_announces_again():
    state = position([[7, 2, 3, 4, 5, 6, 8], [11, 9, 10, 12, 2, 3, 4]], pile=[10], announce="higher", turn=0)
    assert cards_of(state, 0) == [7]
    state.apply_action(0, {"type": "play", "card": 7, "announce": "lower"})
    obs = state.public_observation()
    assert (obs["top"], obs["announce"], obs["double"]) == (7, "lower", False)
    assert cards_of(state, 1) == [2, 3, 4]


def test_bb3_a_1_fits_on_any_single_card_whatever_was_called():
    state = position([[1, 2, 3, 4, 5, 6, 8], [11, 9, 10, 12, 2, 3, 4]], pile=[10], announce="higher", turn=0)
    assert 1 in cards_of(state, 0)
    state = position([[1, 9, 10, 11, 12, 13, 8], [11, 9, 10, 12, 2, 3, 4]], pile=[3], announce="lower", turn=0)
    assert cards_of(state, 0) == [1]


def test_bb3_open_double_allows_only_the_number_or_a_7_and_no_1():
    hand = [1, 3, 4, 5, 7, 13, 8]
    state = position([hand, [2, 4, 9, 10, 11, 12, 13]], pile=[6, 4, 4], double=True, turn=0)
    assert cards_of(state, 0) == [4, 7]
    refused(state, 0, {"type": "play", "card": 1}, "BB-3")
    refused(state, 0, {"type": "play", "card": 5, "announce": "higher"}, "BB-3")
    refused(state, 0, {"type": "play", "card": 3, "announce": "lower"}, "BB-3")
    state.apply_action(0, {"type": "play", "card": 4})  # third 4: still a double
    assert state.double and cards_of(state, 1) == [4]


def test_bb3_a_7_ends_a_double():
    state = position([[1, 3, 4, 5, 7, 13, 8], [2, 4, 9, 10, 11, 12, 13]], pile=[6, 4, 4], double=True, turn=0)
    refused(state, 0, {"type": "play", "card": 7}, "BB-2")  # the 7 must announce
    events = state.apply_action(0, {"type": "play", "card": 7, "announce": "higher"})
    assert events[0] == {"type": "play", "player": 0, "card": 7, "announce": "higher", "double": False, "cards_left": 6}
    assert not state.double
    assert cards_of(state, 1) == [9, 10, 11, 12, 13]  # no 4 any more: the double is over


def test_bb3_higher_on_13_and_lower_on_2_leave_only_doubles_and_jokers():
    state = position([[13, 2, 3, 4, 5, 6, 8], [1, 7, 9, 12, 13, 3, 4]], turn=0)
    state.apply_action(0, {"type": "play", "card": 13, "announce": "higher"})
    assert cards_of(state, 1) == [1, 7, 13]
    state = position([[2, 5, 3, 4, 5, 6, 8], [1, 2, 7, 9, 12, 3, 4]], turn=0)
    state.apply_action(0, {"type": "play", "card": 2, "announce": "lower"})
    assert cards_of(state, 1) == [1, 2, 7]


def test_bb3_the_rulebook_example_plays_out():
    # Sabine 0, Leon 1, Nina 2, Stephan 3 (seed "Doppeln" and "große Joker" examples)
    s, leon, nina, st = 0, 1, 2, 3
    state = position(
        [
            [4, 7, 9, 10, 11, 12, 12],  # Sabine
            [2, 13, 1, 7, 8, 9, 10],  # Leon
            [2, 1, 3, 5, 6, 9, 10],  # Nina
            [7, 1, 3, 4, 5, 6, 8],  # Stephan
        ]
    )
    state.apply_action(s, {"type": "play", "card": 4, "announce": "lower"})
    state.apply_action(leon, {"type": "play", "card": 2, "announce": "lower"})
    state.apply_action(nina, {"type": "play", "card": 2})  # "double hop"
    assert state.double and cards_of(state, st) == [7]  # Stephan has no 2
    state.apply_action(st, {"type": "play", "card": 7, "announce": "lower"})
    state.apply_action(s, {"type": "play", "card": 7, "announce": "higher"})
    state.apply_action(leon, {"type": "play", "card": 13, "announce": "higher"})
    assert cards_of(state, nina) == [1]  # no 13, no 7 left: only her 1
    state.apply_action(nina, {"type": "play", "card": 1})
    state.apply_action(st, {"type": "play", "card": 1})  # doubles the 1
    assert cards_of(state, s) == []  # Sabine: neither a 1 nor a 7
    state.apply_action(s, {"type": "pass"})
    assert state.current_players() == [leon] and cards_of(state, leon) == [1, 7]
    moves = state.public_observation()["moves"]
    assert [(m["player"], m["card"], m["call"]) for m in moves] == [
        (s, 4, "lower"),
        (leon, 2, "lower"),
        (nina, 2, "double"),
        (st, 7, "lower"),
        (s, 7, "higher"),
        (leon, 13, "higher"),
        (nina, 1, None),
        (st, 1, "double"),
        (s, None, None),
    ]


# ---- BB-4: passing ----------------------------------------------------------------------------


def nine_called_higher():
    """Player 1 to play on a 9 called higher, holding 10 to 13 that may follow."""
    return position(
        [[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4], [5, 6, 8, 9, 10, 11, 12]],
        pile=[9],
        announce="higher",
        turn=1,
    )


def test_bb4_a_player_may_pass_holding_a_playable_card():
    state = nine_called_higher()
    assert cards_of(state, 1) == [10, 11, 12, 13]
    assert {"type": "pass"} in state.legal_actions(1)
    events = state.apply_action(1, {"type": "pass"})
    assert events == [{"type": "pass", "player": 1}]
    assert state.passed == [False, True, False] and state.current_players() == [2]
    assert state.hands[1] == [2, 3, 4, 10, 11, 12, 13]  # the passed player keeps the cards


def test_bb4_a_passed_player_is_skipped_until_the_round_ends():
    state = nine_called_higher()
    state.apply_action(1, {"type": "pass"})
    state.apply_action(2, {"type": "play", "card": 10, "announce": "lower"})
    assert state.current_players() == [0]
    state.apply_action(0, {"type": "play", "card": 8, "announce": "higher"})
    assert state.current_players() == [2]  # seat 1 is out
    assert state.legal_actions(1) == []
    refused(state, 1, {"type": "play", "card": 10, "announce": "higher"}, "CORE")


def test_bb4_a_player_with_no_playable_card_can_only_pass():
    state = position([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]], pile=[10], announce="higher", turn=0)
    assert state.legal_actions(0) == [{"type": "pass"}]


def test_bb_d3_the_starter_cannot_pass_on_an_empty_pile():
    state = position([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]])
    assert {"type": "pass"} not in state.legal_actions(0)
    refused(state, 0, {"type": "pass"}, "BB-4")


# ---- BB-5: how a round ends -------------------------------------------------------------------


def test_bb5a_when_all_but_one_have_passed_the_last_to_lay_wins():
    state = position(
        [[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3], [5, 6, 8, 9, 10, 11]],
        pile=[12, 5, 6, 13],
        announce="higher",
        turn=2,
        top_player=1,
    )
    state.apply_action(2, {"type": "pass"})
    events = state.apply_action(0, {"type": "pass"})
    assert events[-1] == {
        "type": "round_end",
        "round": 1,
        "winner": 1,
        "points": 4,
        "reason": "all_passed",
        "scores": [0, 4, 0],
    }
    assert state.phase == "choose" and state.scores == [0, 4, 0]


def test_bb5b_laying_the_last_card_wins_at_once_without_a_call():
    state = position([[9], [10, 11, 12, 13, 2, 3], [5, 6, 8, 9, 10, 11]], pile=[3, 4, 5], announce="higher", turn=0)
    assert state.legal_actions(0) == [{"type": "play", "card": 9}, {"type": "pass"}]
    refused(state, 0, {"type": "play", "card": 9, "announce": "higher"}, "BB-2")
    events = state.apply_action(0, {"type": "play", "card": 9})
    assert events[0]["announce"] is None and events[0]["cards_left"] == 0
    assert events[1] == {
        "type": "round_end",
        "round": 1,
        "winner": 0,
        "points": 4,
        "reason": "last_card",
        "scores": [4, 0, 0],
    }
    assert state.current_players() == [1, 2]  # player 0 has no cards to keep


# ---- BB-6: the final card ---------------------------------------------------------------------


@pytest.mark.parametrize("joker", [1, 7])
def test_bb6_a_last_joker_is_refused_unless_the_top_card_is_a_joker(joker):
    others = [[10, 11, 12, 13, 2, 3], [5, 6, 8, 9, 10, 11]]
    state = position([[joker]] + others, pile=[3, 9], announce="higher", turn=0)
    assert state.legal_actions(0) == [{"type": "pass"}]
    refused(state, 0, {"type": "play", "card": joker}, "BB-6")
    for top in (1, 7):
        ann = None if top == 1 else "lower"
        state = position([[joker]] + others, pile=[3, top], announce=ann, turn=0)
        assert state.legal_actions(0) == [{"type": "play", "card": joker}, {"type": "pass"}]
        events = state.apply_action(0, {"type": "play", "card": joker})
        assert events[-1]["type"] == "round_end" and events[-1]["winner"] == 0


def test_bb6_a_joker_that_is_not_the_last_card_is_fine_and_a_1_on_a_double_of_1s_may_end():
    state = position([[7, 9], [10, 11, 12, 13, 2, 3]], pile=[3, 9], announce="higher", turn=0)
    assert 7 in cards_of(state, 0)
    state = position([[1], [10, 11, 12, 13, 2, 3]], pile=[3, 1, 1], double=True, turn=0)
    assert cards_of(state, 0) == [1]


# ---- BB-7: scoring, the reserve pile, the target ----------------------------------------------


def test_bb7_winner_scores_the_pile_which_goes_to_the_reserve():
    state = position(
        [[9, 2], [10, 11, 12, 13, 2, 3]], pile=[3, 4, 5, 8], announce="higher", turn=0, reserve=[6, 6], scores=[10, 3]
    )
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    state.apply_action(1, {"type": "pass"})
    assert state.scores == [15, 3]
    obs = state.public_observation()
    assert obs["reserve_count"] == 2 + 5 and obs["pile_count"] == 0
    assert obs["last_round"] == {"round": 1, "winner": 0, "points": 5, "reason": "all_passed"}


def test_bb7_reaching_the_target_ends_the_game():
    state = position([[9, 2], [10, 11, 12, 13, 2, 3]], pile=[3, 4, 5, 8], announce="higher", turn=0, scores=[56, 59])
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    events = state.apply_action(1, {"type": "pass"})
    assert events[-1] == {"type": "game_over", "winners": [0], "scores": [61, 59]}
    assert state.is_terminal() and state.winners() == [0] and state.current_players() == []
    assert state.returns() == [61.0, 59.0]


def test_bb7_target_option():
    state = position([[9, 2], [10, 11, 12, 13, 2, 3]], pile=[3], announce="higher", turn=0, options={"target_score": 2})
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    state.apply_action(1, {"type": "pass"})
    assert state.is_terminal() and state.scores == [2, 0]


# ---- BB-8: keep or redraw, reshuffle, winner starts --------------------------------------------


def ended_round():
    """Player 1 wins a 3-player round by laying the last card; 0 and 2 hold cards."""
    state = position(
        [[2, 3, 4, 5], [13], [5, 6, 8, 9, 10, 11]], pile=[6, 8, 12], announce="higher", turn=1, scores=[0, 0, 0]
    )
    state.apply_action(1, {"type": "play", "card": 13})
    return state


def test_bb8_everyone_with_cards_chooses_privately_at_the_same_time():
    state = ended_round()
    assert state.phase == "choose" and state.current_players() == [0, 2]
    assert state.legal_actions(0) == [{"type": "keep"}, {"type": "redraw"}]
    assert state.legal_actions(1) == []
    events = state.apply_action(2, {"type": "redraw"})
    assert events == [{"type": "chose", "player": 2}]
    assert state.current_players() == [0]
    for viewer in (0, 1):
        text = json.dumps(state.observation(viewer))
        assert "redraw" not in text and state.observation(viewer)["my_choice"] is None
    assert "redraw" not in json.dumps(state.public_observation())
    assert state.observation(2)["my_choice"] == "redraw"


def test_bb8_keep_fills_up_to_7_redraw_takes_7_new_and_the_winner_starts():
    state = ended_round()
    state.apply_action(2, {"type": "redraw"})
    draw_before = state.draw[:]
    events = state.apply_action(0, {"type": "keep"})
    assert events[-1] == {"type": "new_round", "round": 2, "starter": 1, "choices": ["keep", None, "redraw"]}
    assert state.phase == "play" and state.current_players() == [1]
    assert Counter([2, 3, 4, 5]) <= Counter(state.hands[0]) and len(state.hands[0]) == 7
    assert all(len(h) == 7 for h in state.hands)
    # thrown-away cards went to the reserve; cards were drawn from the top, starter first
    assert state.reserve[-6:] == [5, 6, 8, 9, 10, 11]
    # starter (1) draws first, then 2, then 0; the draw pile's next card is its last
    assert state.hands[1] == sorted(draw_before[-7:])
    assert state.hands[2] == sorted(draw_before[-14:-7])
    assert state.hands[0] == sorted([2, 3, 4, 5] + draw_before[-17:-14])
    assert len(state.draw) == len(draw_before) - 17
    assert state.passed == [False] * 3 and state.pile == []
    state.check_invariants()


def all_passed_on_a_13():
    """Round 1 after players 2 and 0 passed on player 1's 13 (called higher): player 1 won it
    (BB-5) with cards left, player 0 still holds seven, and everyone's keep-or-redraw is due."""
    state = position(
        [[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3], [5, 6, 8, 9, 10, 11]],
        pile=[13],
        announce="higher",
        turn=2,
        top_player=1,
    )
    state.apply_action(2, {"type": "pass"})
    state.apply_action(0, {"type": "pass"})
    return state


def test_bb8_passed_players_choose_too_and_a_winner_with_cards_chooses():
    state = all_passed_on_a_13()
    assert state.current_players() == [0, 1, 2]


def test_bb8_the_reserve_is_shuffled_into_an_empty_draw_pile():
    hands = [[2, 3, 4, 5], [13], [5, 6, 8, 9, 10, 11]]
    used = Counter(c for h in hands for c in h) + Counter([6, 8, 12])
    rest = sorted((Counter(DECK) - used).elements())
    state = position(hands, pile=[6, 8, 12], announce="higher", turn=1, draw=rest[:5], reserve=rest[5:])
    state.apply_action(1, {"type": "play", "card": 13})
    state.apply_action(0, {"type": "keep"})
    events = state.apply_action(2, {"type": "keep"})
    reshuffles = [e for e in events if e["type"] == "reshuffle"]
    assert len(reshuffles) == 1
    # the draw pile had 5 cards; the reserve held the rest plus the 4 cards of the last pile
    assert reshuffles[0]["cards"] == len(rest) - 5 + 4
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert state.reserve == [] and len(state.draw) == 110 - 21
    state.check_invariants()


def test_bb_d2_draw_and_reserve_never_run_dry():
    """With at most 42 cards in hands, at least 68 are in the draw and reserve piles at a deal."""
    state = ended_round()
    assert 110 - 6 * 7 >= 6 * 7
    assert len(state.draw) + len(state.reserve) >= 68


def test_bb8_choosing_outside_the_choose_phase_is_refused():
    state = position([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]])
    refused(state, 0, {"type": "keep"}, "BB-8")
    state = ended_round()
    refused(state, 0, {"type": "play", "card": 2, "announce": "higher"}, "BB-8")
    refused(state, 0, {"type": "pass"}, "BB-8")
    state.apply_action(0, {"type": "keep"})
    refused(state, 0, {"type": "redraw"}, "CORE")  # chose already


# ---- observations and hidden information -----------------------------------------------------


def test_observation_shows_own_hand_only():
    state = GAME.new_initial_state(4, seed=11)
    obs = state.observation(2)
    assert obs["hand"] == state.hands[2] and obs["viewer"] == 2
    assert "hands" not in obs and "draw" not in obs and "reserve" not in obs and "rng" not in json.dumps(obs)
    assert "hand" not in state.public_observation()
    assert set(obs) - set(state.public_observation()) == {"hand", "my_choice"}


def test_sample_hidden_keeps_the_view_and_redeals_the_rest():
    state = GAME.new_initial_state(4, seed=3)
    rng = Rng(5)
    for _ in range(9):
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[0])
    before = state.to_json()
    changed = False
    for k in range(10):
        other = state.sample_hidden(1, Rng(k))
        assert other.observation(1) == state.observation(1)
        other.check_invariants()
        changed |= other.hands[0] != state.hands[0] or other.draw != state.draw
    assert changed and state.to_json() == before
    assert rng.state == Rng(5).state


def test_sample_hidden_guesses_the_other_secret_choices():
    state = ended_round()
    state.apply_action(2, {"type": "redraw"})
    seen = {state.sample_hidden(0, Rng(k)).choices[2] for k in range(20)}
    assert seen == {"keep", "redraw"}
    assert {state.sample_hidden(2, Rng(k)).choices[2] for k in range(5)} == {"redraw"}


# ---- contract: bad input, saves, determinism, random play --------------------------------------


def test_illegal_actions_raise_and_change_nothing():
    state = position([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]], pile=[9], announce="higher", turn=0)
    for player, action, rule in [
        (0, {"type": "play", "card": 12, "announce": "higher"}, "BB-1"),  # not held
        (0, {"type": "play", "card": 14, "announce": "higher"}, "BB-1"),
        (0, {"type": "play", "card": "9", "announce": "higher"}, "BB-1"),
        (0, {"type": "play", "card": 2, "announce": "lower"}, "BB-3"),
        (0, {"type": "play", "card": 9, "announce": "lower", "x": 1}, "BB-2"),
        (0, {"type": "pass", "card": 2}, "BB-4"),
        (0, {"type": "fly"}, "CORE"),
        (1, {"type": "pass"}, "CORE"),
        (0, ["pass"], "CORE"),
        (9, {"type": "pass"}, "CORE"),
    ]:
        refused(state, player, action, rule)


def test_corrupt_saves_are_refused_with_a_reason():
    good = GAME.new_initial_state(3, seed=5).to_json()
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        GAME.state_from_json(good[:-10])
    cases = [
        (lambda s: s["hands"][0].append(s["draw"].pop()), "at most 7"),
        (lambda s: s["hands"][0].__setitem__(0, 14), r"state.hands\[0\]"),
        (lambda s: s["draw"].pop(), "card conservation"),
        (lambda s: s.__setitem__("announce", "up"), "state.announce"),
        (lambda s: s.__setitem__("phase", "dance"), "state.phase"),
        (lambda s: s.__setitem__("passed", [False, True, False]), "match who passed"),
        (lambda s: s.__setitem__("moves", [[0, 5, "higher"]]), "match the discard pile"),
        (lambda s: s.__setitem__("turn", 2), "starter lays the first card"),
        (lambda s: s.__setitem__("choices", ["keep", None, None]), "choices outside"),
        (lambda s: s.pop("scores"), "missing field"),
        (lambda s: s.__setitem__("colour", 1), "unknown field"),
        (lambda s: s["options"].__setitem__("target_score", -5), "state.options"),
    ]
    for mutate, message in cases:
        data = json.loads(good)
        mutate(data["state"])
        with pytest.raises(InvalidStateError, match=message):
            GAME.state_from_json(json.dumps(data))


def test_a_double_of_7s_cannot_be_loaded():
    with pytest.raises(InvalidStateError, match="double"):
        position([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]], pile=[7, 7], double=True, turn=0)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_bb7_random_games_end_with_one_winner_at_the_target(n):
    """Random play (the conformance suite's player) ends with exactly one player at 25 or more (BB-D5)."""
    for seed in range(3):
        options = {"target_score": 25, "random_starter": True}
        state, _ = play_random_game(GAME, n, seed, options, roundtrip_every=10**9, deep_every=10**9)
        (winner,) = state.winners()
        assert state.scores[winner] >= 25 and sum(s >= 25 for s in state.scores) == 1


def test_needs_announcement_table():
    assert [needs_announcement(c, 5) for c in (1, 5, 7, 9)] == [False, False, True, True]
    assert needs_announcement(7, 7) and not needs_announcement(1, 1) and needs_announcement(4, None)


# ---- scenarios added by the rules audit ------------------------------------------------------


def test_bb_d1_a_first_1_calls_nothing_and_frees_the_next_card():
    state = position([[1, 2, 3, 4, 5, 6, 8], [2, 9, 10, 11, 12, 13, 1], [3, 4, 5, 6, 8, 9, 10]])
    refused(state, 0, {"type": "play", "card": 1, "announce": "lower"}, "BB-2")
    events = state.apply_action(0, {"type": "play", "card": 1})
    assert events == [{"type": "play", "player": 0, "card": 1, "announce": None, "double": False, "cards_left": 6}]
    assert cards_of(state, 1) == [1, 2, 9, 10, 11, 12, 13]
    state.apply_action(1, {"type": "play", "card": 1})  # a 1 on the first 1: a double of 1s
    assert state.double and state.public_observation()["moves"][-1] == {"player": 1, "card": 1, "call": "double"}
    assert cards_of(state, 2) == []


def test_bb_d1_the_first_card_may_be_a_7_and_is_called():
    state = position([[7, 2, 3, 4, 5, 6, 8], [2, 9, 10, 11, 12, 13, 1]])
    refused(state, 0, {"type": "play", "card": 7}, "BB-2")
    state.apply_action(0, {"type": "play", "card": 7, "announce": "higher"})
    assert cards_of(state, 1) == [1, 9, 10, 11, 12, 13]


def test_bb5b_a_last_card_that_doubles_the_top_wins_without_a_call():
    state = position([[5], [10, 11, 12, 13, 2, 3], [6, 8, 9, 10, 11, 12]], pile=[9, 5], announce="higher", turn=0)
    assert state.legal_actions(0) == [{"type": "play", "card": 5}, {"type": "pass"}]
    events = state.apply_action(0, {"type": "play", "card": 5})
    assert events[0] == {"type": "play", "player": 0, "card": 5, "announce": None, "double": True, "cards_left": 0}
    assert events[1]["reason"] == "last_card" and events[1]["points"] == 3 and events[1]["winner"] == 0


def test_bb5b_a_last_card_on_an_open_double_continues_it_and_wins():
    state = position([[4], [10, 11, 12, 13, 2, 3]], pile=[6, 4, 4], double=True, turn=0)
    events = state.apply_action(0, {"type": "play", "card": 4})
    assert events[-1] == {
        "type": "round_end",
        "round": 1,
        "winner": 0,
        "points": 4,
        "reason": "last_card",
        "scores": [4, 0],
    }


def test_bb6_a_last_7_may_not_end_an_open_double_of_another_number():
    # BB-3 lets a 7 end a double, but as the hand's last card it needs a joker on top (BB-6)
    state = position([[7], [10, 11, 12, 13, 2, 3]], pile=[6, 4, 4], double=True, turn=0)
    assert state.legal_actions(0) == [{"type": "pass"}]
    refused(state, 0, {"type": "play", "card": 7}, "BB-6")


@pytest.mark.parametrize(
    "last, pile, announce, double",
    [
        (1, [3, 7], "higher", False),  # a last 1 on a 7
        (7, [3, 7], "lower", False),  # a last 7 on a 7 (no double, no call)
        (1, [3, 1], None, False),  # a last 1 on a single 1: a double of 1s
        (7, [3, 1, 1], None, True),  # a last 7 on a double of 1s
    ],
)
def test_bb6_a_last_joker_on_a_joker_wins(last, pile, announce, double):
    state = position([[last], [10, 11, 12, 13, 2, 3]], pile=pile, announce=announce, double=double, turn=0)
    assert {"type": "play", "card": last} in state.legal_actions(0)
    events = state.apply_action(0, {"type": "play", "card": last})
    assert events[0]["announce"] is None and events[0]["double"] == (last == 1 and pile[-1] == 1)
    assert events[-1]["type"] == "round_end" and events[-1]["winner"] == 0 and events[-1]["points"] == len(pile) + 1


def test_bb6_only_the_last_card_is_restricted_the_second_last_joker_needs_its_call():
    state = position([[7, 12], [10, 11, 12, 13, 2, 3]], pile=[3, 9], announce="higher", turn=0)
    assert cards_of(state, 0) == [7, 12]
    refused(state, 0, {"type": "play", "card": 7}, "BB-2")
    state.apply_action(0, {"type": "play", "card": 7, "announce": "higher"})
    assert state.hands[0] == [12] and state.top == 7


@pytest.mark.parametrize("before, over", [(55, True), (54, False)])
def test_bb7_the_game_ends_when_a_round_takes_the_winner_to_60(before, over):
    # pile of four; the winner lays the fifth and everyone else passes: before + 5
    state = position(
        [[9, 2], [10, 11, 12, 13, 2, 3]], pile=[3, 4, 5, 8], announce="higher", turn=0, scores=[before, 59]
    )
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    events = state.apply_action(1, {"type": "pass"})
    assert state.scores == [before + 5, 59]
    assert state.is_terminal() is over
    if over:
        assert events[-1] == {"type": "game_over", "winners": [0], "scores": [60, 59]}
    else:
        assert state.phase == "choose" and state.winners() == []


def test_bb5a_two_players_the_first_card_and_a_pass_win_one_point():
    state = position([[9, 2, 3, 4, 5, 6, 8], [10, 11, 12, 13, 2, 3, 4]])
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    events = state.apply_action(1, {"type": "pass"})
    assert events[-1] == {
        "type": "round_end",
        "round": 1,
        "winner": 0,
        "points": 1,
        "reason": "all_passed",
        "scores": [1, 0],
    }
    assert state.current_players() == [0, 1]  # both still hold cards and choose


def test_bb4_a_passed_player_stays_out_even_when_their_number_comes_up():
    state = position(
        [[2, 3, 4, 5, 6, 8, 9], [10, 10, 12, 13, 2, 3, 4], [5, 6, 8, 9, 10, 11, 12]],
        pile=[11],
        announce="lower",
        turn=1,
    )
    state.apply_action(1, {"type": "pass"})  # on purpose, holding 10s
    state.apply_action(2, {"type": "play", "card": 10, "announce": "lower"})
    state.apply_action(0, {"type": "play", "card": 9, "announce": "higher"})
    assert state.current_players() == [2] and state.legal_actions(1) == []
    refused(state, 1, {"type": "play", "card": 10, "announce": "higher"}, "CORE")


def test_bb4_a_voluntary_pass_when_only_a_7_would_fit():
    state = position([[7, 2, 3, 4, 5, 6, 8], [10, 11, 12, 13, 2, 3, 4]], pile=[12], announce="higher", turn=0)
    assert state.legal_actions(0) == [
        {"type": "play", "card": 7, "announce": "higher"},
        {"type": "play", "card": 7, "announce": "lower"},
        {"type": "pass"},
    ]
    events = state.apply_action(0, {"type": "pass"})
    assert events[-1]["type"] == "round_end" and events[-1]["winner"] == 1


def test_bb8_after_all_passed_the_winner_chooses_too_and_starts_the_next_round():
    state = all_passed_on_a_13()
    assert state.last_round == {"round": 1, "winner": 1, "points": 1, "reason": "all_passed"}
    state.apply_action(1, {"type": "keep"})
    state.apply_action(0, {"type": "redraw"})  # a player who still holds 7 cards may redraw (BB-D6)
    events = state.apply_action(2, {"type": "keep"})
    assert events[-1] == {"type": "new_round", "round": 2, "starter": 1, "choices": ["redraw", "keep", "keep"]}
    assert Counter([10, 11, 12, 13, 2, 3]) <= Counter(state.hands[1])
    assert Counter([5, 6, 8, 9, 10, 11]) <= Counter(state.hands[2])
    assert all(len(h) == 7 for h in state.hands) and state.current_players() == [1]
    # player 0's old hand went onto the reserve before anyone drew
    assert state.reserve[-7:] == [2, 3, 4, 5, 6, 8, 9]
    assert {"type": "pass"} not in state.legal_actions(1)


def test_bb8_keep_with_seven_cards_draws_nothing():
    state = all_passed_on_a_13()
    for p in (0, 1, 2):
        state.apply_action(p, {"type": "keep"})
    assert state.hands[0] == [2, 3, 4, 5, 6, 8, 9]


# ---- an independent model of the rules, checked against the engine over random games ---------


class ReferenceRound:
    """BB-2..BB-7 from the ruling text, tracked only from the actions applied (not engine fields)."""

    def __init__(self, n, starter):
        self.n = n
        self.turn = starter
        self.laid = []  # (player, card, call) in order
        self.passed = [False] * n

    def open_double(self):
        # the top card was laid on an equal card that is not a 7 (BB-2): a double is open
        return len(self.laid) >= 2 and self.laid[-1][1] == self.laid[-2][1] != 7

    def fits(self, card, hand_size):
        if self.laid:
            top, call = self.laid[-1][1], self.laid[-1][2]
            if hand_size == 1 and card in (1, 7) and top not in (1, 7):
                return False  # BB-6
        if not self.laid or card == 7:
            return True
        if self.open_double():
            return card == top
        if top == 1 or card in (1, top):
            return True
        return card > top if call == "higher" else card < top

    def legal(self, hand):
        out = []
        for card in sorted(set(hand)):
            if not self.fits(card, len(hand)):
                continue
            is_double = bool(self.laid) and card == self.laid[-1][1] and card != 7
            if len(hand) == 1 or card == 1 or is_double:
                out.append({"type": "play", "card": card})
            else:
                out += [{"type": "play", "card": card, "announce": a} for a in ("higher", "lower")]
        if self.laid or not out:
            out.append({"type": "pass"})
        return out

    def next_turn(self, after):
        for i in range(1, self.n + 1):
            if not self.passed[(after + i) % self.n]:
                return (after + i) % self.n


@pytest.mark.parametrize("n", range(2, 7))
def test_engine_agrees_with_an_independent_model_of_play_passing_scoring_and_new_rounds(n):
    def key(action):
        return json.dumps(action, sort_keys=True)

    for seed in range(4):
        target = 30
        state = GAME.new_initial_state(n, 500 + seed, {"target_score": target, "random_starter": seed % 2 == 1})
        rng = Rng(900 + seed)
        scores = [0] * n
        ref = ReferenceRound(n, state.current_players()[0])
        winner = -1  # set when a round ends
        assert seed % 2 == 1 or ref.turn == 0
        while not state.is_terminal():
            if state.phase == "choose":
                hands_before = [h[:] for h in state.hands]
                choosers = [p for p in range(n) if hands_before[p]]
                assert state.current_players() == choosers
                picks = {}
                for p in choosers:
                    picks[p] = rng.choice(["keep", "redraw"])
                    events = state.apply_action(p, {"type": picks[p]})
                assert events[-1]["type"] == "new_round" and events[-1]["starter"] == winner
                for p in range(n):
                    assert len(state.hands[p]) == 7
                    if picks.get(p) == "keep":
                        assert Counter(hands_before[p]) <= Counter(state.hands[p])
                ref = ReferenceRound(n, winner)
                continue
            p = state.current_players()[0]
            assert p == ref.turn
            hand = state.hands[p][:]
            legal = state.legal_actions(p)
            assert sorted(map(key, legal)) == sorted(map(key, ref.legal(hand)))
            # a voluntary pass now and then, otherwise a random play if there is one
            plays = [a for a in legal if a["type"] == "play"]
            may_pass = {"type": "pass"} in legal
            action = rng.choice(plays) if plays and (rng.randbelow(8) or not may_pass) else {"type": "pass"}
            events = state.apply_action(p, action)
            if action["type"] == "play":
                ref.laid.append((p, action["card"], action.get("announce")))
                if len(hand) == 1:
                    winner, reason = p, "last_card"
                else:
                    ref.turn = ref.next_turn(p)
                    continue
            else:
                ref.passed[p] = True
                left = [q for q in range(n) if not ref.passed[q]]
                if len(left) > 1:
                    ref.turn = ref.next_turn(p)
                    continue
                winner, reason = left[0], "all_passed"
                assert winner == ref.laid[-1][0]  # BB-5: always the one who laid the last card
            scores[winner] += len(ref.laid)
            end = next(e for e in events if e["type"] == "round_end")
            assert (end["winner"], end["reason"], end["points"], end["scores"]) == (
                winner,
                reason,
                len(ref.laid),
                scores,
            )
            assert state.is_terminal() == (scores[winner] >= target)
        assert state.winners() == [winner] and state.scores == scores


def test_bb2_a_null_call_where_none_is_made_is_refused_like_any_other_call():
    # regression (audit): {"announce": null} with a 1, a double or a last card was accepted
    # although legal_actions has no such action (the contract: only actions equal to a legal one apply)
    state = position([[1, 9, 5, 6, 8, 10, 11], [2, 3, 3, 8, 9, 10, 12]], pile=[9], announce="higher", turn=0)
    refused(state, 0, {"type": "play", "card": 1, "announce": None}, "BB-2")
    refused(state, 0, {"type": "play", "card": 9, "announce": None}, "BB-2")
    refused(state, 0, {"type": "play", "card": 10, "announce": None}, "BB-2")
    state = position([[9], [10, 11, 12, 13, 2, 3]], pile=[3, 4, 5], announce="higher", turn=0)
    refused(state, 0, {"type": "play", "card": 9, "announce": None}, "BB-2")
    state.apply_action(0, {"type": "play", "card": 9})
    assert state.phase == "choose"
