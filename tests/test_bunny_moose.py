"""Bunny Bunny Moose Moose rules, one test (or more) per ruling BM-1..BM-8, with real values.

Card ids refer to Hotseat's deck (pycore/games/bunny_moose.py, listed in seeds/bunny_moose.md);
each test looks its cards up by description with ``card()`` so the intent stays readable.
"""

from __future__ import annotations

import json

import pytest

import pycore
from pycore import IllegalActionError, InvalidStateError
from pycore.games.bunny_moose import (
    BASIC_IDS,
    DECK,
    HANDS,
    HUNTER_IDS,
    bush_kind,
    deck_ids,
    match_times,
    score_pose,
)

GAME = pycore.load_game("bunny_moose")


# ---- helpers ---------------------------------------------------------------------------------


def card(kind, hand=None, side=None, points=None, nth=0, **attrs):
    """Id of the ``nth`` card matching the description exactly (open attributes are None)."""
    found = []
    for c in DECK:
        if c["kind"] != kind or c["hand"] != hand or c["side"] != side:
            continue
        if points is not None and c["points"] != points:
            continue
        names = ("position", "shape") if hand == "ear" else ("spread", "direction") if hand == "antler" else ()
        if any(c[name] != attrs.get(name) for name in names):
            continue
        found.append(c["id"])
    assert len(found) > nth, f"no such card: {kind} {hand} {side} {points} {attrs}"
    return found[nth]


def ear(position, shape):
    return {"kind": "ear", "position": position, "shape": shape}


def antler(spread, direction):
    return {"kind": "antler", "spread": spread, "direction": direction}


NONE = {"kind": "none"}


def pose(left, right, tongue=False):
    return {"type": "pose", "left": left, "right": right, "tongue": tongue}


HUNTERS = sorted(HUNTER_IDS)
RABBIT_X2 = [c["id"] for c in DECK if c["kind"] == "rabbit"]
MOOSE_X2 = [c["id"] for c in DECK if c["kind"] == "moose"]
INVERTS = [c["id"] for c in DECK if c["kind"] == "invert"]
TONGUES = {c["points"]: c["id"] for c in DECK if c["kind"] == "tongue"}


def rigged(n, order, options=None, bet=1, seed=3):
    """A new game whose deck starts with ``order`` (the rest follows); the bet is made.

    In narrator mode seat 0 narrates and bets on ``bet``.
    """
    state = GAME.new_initial_state(n, seed, options)
    rest = [c for c in state.deck if c not in order]
    state.deck = list(order) + rest
    state.check_invariants()
    if state.phase == "bet":
        state.apply_action(0, {"type": "bet", "player": bet})
    return state


def reveal_all(state):
    """Reveal until the hunter ends the poem; return every event."""
    events = []
    while state.phase == "reveal":
        events += state.apply_action(state.narrator, {"type": "reveal"})
    return events


def table(six, n=3, options=None, bet=1):
    """A round whose six stacks show ``six`` (in stack order) when the next card, a hunter, ends it."""
    state = rigged(n, list(six) + [HUNTERS[0]], options, bet)
    reveal_all(state)
    assert state.phase == "poses" and state.hunter == HUNTERS[0]
    assert state.top_cards() == list(six)
    return state


def score_of(six, p):
    return score_pose(p, list(six))


# ---- BM-2: the deck ----------------------------------------------------------------------------


def test_bm2_deck_has_111_cards_of_every_kind():
    kinds = {}
    for c in DECK:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    assert kinds == {"single": 64, "double": 16, "tongue": 10, "rabbit": 5, "moose": 5, "invert": 3, "hunter": 8}
    assert len(DECK) == 111 and [c["id"] for c in DECK] == list(range(111))


def test_bm2_points_are_minus3_to_plus3_on_ear_antler_tongue_cards_only():
    for c in DECK:
        if c["kind"] in ("single", "double", "tongue"):
            assert c["points"] in (-3, -2, -1, 1, 2, 3)
        else:
            assert c["points"] is None


def test_bm2_single_cards_exact_and_ambiguous_for_each_side():
    singles = [c for c in DECK if c["kind"] == "single"]
    exact = [
        c
        for c in singles
        if None not in ((c["position"], c["shape"]) if c["hand"] == "ear" else (c["spread"], c["direction"]))
    ]
    assert len(exact) == 32 and len(singles) - len(exact) == 32
    for c in singles:
        assert c["side"] in ("left", "right")
        open_attrs = [c[a] for a in (("position", "shape") if c["hand"] == "ear" else ("spread", "direction"))].count(
            None
        )
        assert open_attrs <= 1  # an ambiguous card leaves exactly one attribute open


def test_bm2_basic_subset_has_no_tongue_x2_or_inversion_cards():
    assert len(BASIC_IDS) == 88
    assert {DECK[i]["kind"] for i in BASIC_IDS} == {"single", "double", "hunter"}
    state = GAME.new_initial_state(4, seed=5, options={"basic": True})
    assert sorted(state.deck) == list(BASIC_IDS) == deck_ids(True)
    assert state.public_observation()["basic"] is True


def test_bm2_fair_deck_every_hand_can_match_plus2_per_side():
    """The deck design rule: the points a single hand can match add up to +2 for every hand shape
    and side (ears and antlers alike), so no pose is favoured before the cards are seen."""
    for side in ("left", "right"):
        for hand in HANDS[1:]:
            # the other hand is empty, so every match counted is this hand's
            left, right = (hand, NONE) if side == "left" else (NONE, hand)
            total = sum(
                c["points"] * match_times(c, left, right, False) for c in DECK if c["kind"] in ("single", "double")
            )
            assert total == 2, (side, hand, total)


# ---- BM-1 / BM-5: poses, bushes ----------------------------------------------------------------


def test_bm1_bush_ears_mixed_with_antler_scores_0_on_every_card():
    six = [
        card("single", "ear", "left", 2, position="top"),  # would match the left ear
        card("double", "antler", None, 2, spread="wide", direction="up"),  # would match the right antler
        TONGUES[3],  # would match the tongue
        RABBIT_X2[0],
        MOOSE_X2[0],
        INVERTS[0],
    ]
    for tongue in (False, True):
        result = score_of(six, pose(ear("top", "straight"), antler("wide", "up"), tongue))
        assert result["bush"] is True and result["animal"] is None
        assert result["score"] == 0 and result["matches"] == []
    state = table(six)
    for p in (1, 2):
        state.apply_action(p, pose(ear("top", "straight"), antler("wide", "up"), True))
    assert state.figures == [[5, 5], [5, 5], [5, 5]]


def test_bm1_one_hand_is_a_bush():
    six = [
        card("single", "ear", "left", 2, position="top"),
        card("double", "ear", None, 1, position="top"),
        TONGUES[1],
        RABBIT_X2[0],
        MOOSE_X2[0],
        INVERTS[0],
    ]
    assert score_of(six, pose(ear("top", "straight"), NONE, True))["score"] == 0
    assert score_of(six, pose(NONE, NONE, True))["score"] == 0
    assert bush_kind(ear("top", "straight"), NONE) == bush_kind(NONE, antler("wide", "up")) == "one_hand"
    assert bush_kind(NONE, NONE) == "no_hands" and bush_kind(antler("wide", "up"), ear("top", "straight")) == "mixed"
    assert bush_kind(ear("side", "floppy"), ear("top", "straight")) is None


# ---- BM-3: mirror reading -------------------------------------------------------------------


def test_bm3_single_card_scores_only_the_hand_on_its_side():
    right_card = card("single", "antler", "right", 3, spread="wide", direction="down")
    six = [right_card]
    assert score_of(six, pose(antler("compact", "up"), antler("wide", "down")))["score"] == 3
    assert score_of(six, pose(antler("wide", "down"), antler("compact", "up")))["score"] == 0
    left_card = card("single", "ear", "left", 3, position="side", shape="straight")
    assert score_of([left_card], pose(ear("side", "straight"), ear("top", "floppy")))["score"] == 3
    assert score_of([left_card], pose(ear("top", "floppy"), ear("side", "straight")))["score"] == 0


def test_bm3_ambiguous_single_matches_either_open_value_on_its_side_only():
    c = card("single", "ear", "right", 2, position="side")  # shape left open
    assert score_of([c], pose(ear("top", "straight"), ear("side", "straight")))["score"] == 2
    assert score_of([c], pose(ear("top", "straight"), ear("side", "floppy")))["score"] == 2
    assert score_of([c], pose(ear("side", "floppy"), ear("top", "floppy")))["score"] == 0
    d = card("single", "antler", "left", -2, direction="down")  # spread left open
    assert score_of([d], pose(antler("wide", "down"), antler("wide", "up")))["score"] == -2
    assert score_of([d], pose(antler("compact", "down"), antler("wide", "up")))["score"] == -2
    assert score_of([d], pose(antler("wide", "up"), antler("wide", "down")))["score"] == 0


# ---- BM-2 / BM-5: double cards, tongue, ×2, ± -------------------------------------------------


def test_bm5_plus2_and_minus1_once_and_plus1_double_twice_scores_3():
    six = [
        card("single", "ear", "left", 2, position="top"),  # +2, left ear on top
        card("single", "ear", "left", -1, position="top"),  # −1, left ear on top
        card("double", "ear", None, 1, position="top"),  # +1 per ear on top: both → twice
        card("single", "antler", "left", 1, spread="wide", direction="up"),
        card("single", "antler", "right", 3, spread="compact", direction="down"),
        card("single", "ear", "right", 3, position="side", shape="floppy"),  # right ear not on the side
    ]
    state = table(six)
    events = state.apply_action(1, pose(ear("top", "straight"), ear("top", "floppy")))
    events += state.apply_action(2, pose(ear("side", "floppy"), ear("side", "floppy")))
    scored = [e for e in events if e["type"] == "scored"][0]
    r = scored["results"][1]
    assert r["score"] == 3 and r["base"] == 3 and r["doublers"] == 0 and not r["inverted"]
    assert r["matches"] == [
        {"stack": 0, "card": six[0], "times": 1},
        {"stack": 1, "card": six[1], "times": 1},
        {"stack": 2, "card": six[2], "times": 2},
    ]
    assert state.figures[1] == [8, 5]  # the rabbit moves 3 fields: 5 → 8
    # player 2 (two side floppy ears) matches only the right side-floppy ear: +3
    assert scored["results"][2]["score"] == 3


def test_bm5_plus1_minus2_and_x2_scores_minus2_moose_with_tongue_is_a_rabbit():
    six = [
        card("single", "antler", "left", 1, direction="up"),  # +1 left antler up
        card("single", "antler", "right", -2, direction="up"),  # −2 right antler up
        RABBIT_X2[0],  # a moose with its tongue out looks like a rabbit
        MOOSE_X2[0],  # ... and so does not match the moose card
        card("single", "ear", "left", 3, position="top", shape="floppy"),
        card("double", "ear", None, 2, position="top", shape="straight"),
    ]
    state = table(six)
    state.apply_action(1, pose(antler("wide", "up"), antler("compact", "up"), True))
    events = state.apply_action(2, pose(NONE, NONE))
    r = events[-1]["results"][1]
    assert r["animal"] == "moose" and r["looks_like"] == "rabbit"
    assert [m["card"] for m in r["matches"]] == [six[0], six[1], RABBIT_X2[0]]
    assert (r["base"], r["doublers"], r["score"]) == (-1, 1, -2)
    assert state.figures[1] == [5, 3]  # the moose figure moves back 2 fields


def test_bm2_tongue_flips_the_rabbit_and_moose_cards():
    both = [
        RABBIT_X2[0],
        MOOSE_X2[0],
        card("double", "ear", None, 2, position="top", shape="straight"),
        card("double", "antler", None, 2, spread="wide", direction="up"),
    ]
    rabbit = pose(ear("top", "straight"), ear("side", "floppy"))
    moose = pose(antler("wide", "up"), antler("compact", "down"))

    def matched(p):
        return [m["card"] for m in score_of(both, p)["matches"] if DECK[m["card"]]["kind"] in ("rabbit", "moose")]

    assert matched(rabbit) == [RABBIT_X2[0]]
    assert matched(dict(rabbit, tongue=True)) == [MOOSE_X2[0]]
    assert matched(moose) == [MOOSE_X2[0]]
    assert matched(dict(moose, tongue=True)) == [RABBIT_X2[0]]
    assert score_of(both, rabbit)["score"] == 4  # +2 × 2
    assert score_of(both, dict(moose, tongue=True))["score"] == 4  # the antler double +2, × 2 as a rabbit


def test_bm5_two_x2_cards_multiply_by_4():
    six = [
        RABBIT_X2[0],
        RABBIT_X2[1],
        card("single", "ear", "right", 3, position="top", shape="floppy"),
        card("single", "ear", "left", -1, position="top", shape="floppy"),
        TONGUES[-3],
        MOOSE_X2[0],
    ]
    r = score_of(six, pose(ear("side", "straight"), ear("top", "floppy")))
    assert (r["base"], r["doublers"], r["score"]) == (3, 2, 12)
    state = table(six)
    state.apply_action(1, pose(ear("side", "straight"), ear("top", "floppy")))
    state.apply_action(2, pose(ear("side", "straight"), ear("top", "floppy"), True))  # tongue: −3, moose card
    assert state.figures[1] == [17, 5]  # 5 + 12: past the end of the 15-field trail, kept exactly
    assert state.figures[2] == [5 + (3 - 3) * 2, 5]  # base 0 × 2 = 0


def test_bm5_tongue_card_scores_with_the_tongue_out():
    six = [TONGUES[2], TONGUES[-1]]
    assert score_of(six, pose(ear("top", "straight"), ear("top", "straight"), True))["score"] == 1
    assert score_of(six, pose(ear("top", "straight"), ear("top", "straight"), False))["score"] == 0


def test_bm5_double_exact_card_once_per_matching_hand():
    d = card("double", "antler", None, -1, spread="compact", direction="up")
    assert score_of([d], pose(antler("compact", "up"), antler("wide", "up")))["score"] == -1
    assert score_of([d], pose(antler("compact", "up"), antler("compact", "up")))["score"] == -2
    assert score_of([d], pose(antler("wide", "up"), antler("compact", "down")))["score"] == 0


@pytest.mark.parametrize("count, inverted", [(0, False), (1, True), (2, False), (3, True)])
def test_bm5_inversion_parity(count, inverted):
    plus3 = card("single", "ear", "left", 3, position="side", shape="straight")
    six = [plus3] + INVERTS[:count]
    r = score_of(six, pose(ear("side", "straight"), ear("top", "straight")))
    assert r["inversions"] == count and r["inverted"] is inverted
    assert r["score"] == (-3 if inverted else 3)


def test_bm5_two_inversions_cancel_three_invert_on_the_table_for_every_player():
    plus3 = card("single", "ear", "left", 3, position="side", shape="straight")
    minus2 = card("single", "antler", "right", -2, direction="down")
    filler = card("single", "antler", "left", 1, spread="wide", direction="up")
    filler2 = card("single", "ear", "right", 1, position="top", shape="floppy")
    two = table([plus3, INVERTS[0], minus2, INVERTS[1], filler, filler2])
    two.apply_action(1, pose(ear("side", "straight"), ear("side", "straight")))
    two.apply_action(2, pose(antler("compact", "up"), antler("compact", "down")))
    res = two.results()
    assert (res[1]["score"], res[2]["score"]) == (3, -2)  # nothing inverted
    three = table([plus3, INVERTS[0], minus2, INVERTS[1], INVERTS[2], filler])
    three.apply_action(1, pose(ear("side", "straight"), ear("side", "straight")))
    three.apply_action(2, pose(antler("compact", "up"), antler("compact", "down")))
    res = three.results()
    assert (res[1]["score"], res[2]["score"]) == (-3, 2)  # inverted for both players
    assert three.figures[1] == [2, 5] and three.figures[2] == [5, 7]


# ---- BM-4: stacks and the hunter --------------------------------------------------------------


def test_bm4_hunters_among_the_first_six_are_placed_and_have_no_effect():
    plus3 = card("single", "ear", "left", 3, position="side", shape="straight")
    order = [HUNTERS[0], plus3, HUNTERS[1], TONGUES[1], TONGUES[2], TONGUES[3]]
    state = rigged(3, order + [TONGUES[-1], HUNTERS[2]])
    events = [state.apply_action(0, {"type": "reveal"})[0] for _ in range(6)]
    assert [e["type"] for e in events] == ["reveal"] * 6 and all(e["first_pass"] for e in events)
    assert [e["stack"] for e in events] == [0, 1, 2, 3, 4, 5]
    assert state.phase == "reveal" and state.top_cards() == order
    e7 = state.apply_action(0, {"type": "reveal"})
    assert e7[0]["type"] == "reveal" and e7[0]["stack"] == 0 and not e7[0]["first_pass"]
    assert state.stacks[0] == [HUNTERS[0], TONGUES[-1]]
    e8 = state.apply_action(0, {"type": "reveal"})
    assert e8 == [{"type": "hunter", "player": state.narrator, "card": dict(DECK[HUNTERS[2]]), "drawn": 8}]
    assert state.phase == "poses" and state.hunter == HUNTERS[2]
    assert state.stacks[1] == [plus3]  # the ending hunter is not placed
    # the placed hunter on stack 2 scores nothing; the ear and the tongue cards do
    state.apply_action(1, pose(ear("side", "straight"), ear("top", "floppy"), True))
    state.apply_action(2, pose(ear("top", "straight"), ear("top", "floppy")))
    res = state.results()
    assert res[1]["score"] == 3 + 1 + 2 + 3 - 1 and res[2]["score"] == 0  # the −1 tongue covered stack 0
    assert all(DECK[m["card"]]["kind"] != "hunter" for m in res[1]["matches"])


def test_bm4_a_hunter_as_the_seventh_card_ends_at_once():
    six = [TONGUES[1], TONGUES[2], TONGUES[3], TONGUES[-1], TONGUES[-2], TONGUES[-3]]
    state = rigged(4, six + [HUNTERS[5]])
    events = reveal_all(state)
    assert [e["type"] for e in events] == ["reveal"] * 6 + ["hunter"]
    assert state.current_players() == [1, 2, 3]
    assert state.public_observation()["drawn"] == 7


def test_bm4_stacks_are_covered_in_order_and_only_top_cards_count():
    cover = card("single", "ear", "left", -3, position="top", shape="straight")
    six = [TONGUES[3], TONGUES[2], TONGUES[1], TONGUES[-1], TONGUES[-2], TONGUES[-3]]
    state = rigged(3, six + [cover, HUNTERS[0]])
    reveal_all(state)
    assert state.stacks[0] == [TONGUES[3], cover] and state.top_cards()[0] == cover
    state.apply_action(1, pose(ear("top", "straight"), ear("top", "straight"), True))
    state.apply_action(2, pose(ear("top", "floppy"), ear("top", "straight"), True))
    res = state.results()
    # tongue cards 2+1−1−2−3 = −3 (the +3 is covered), plus the covering −3 ear for player 1
    assert res[1]["score"] == -6 and res[2]["score"] == -3


def test_bm4_no_reveal_after_the_hunter_and_no_pose_before_it():
    state = rigged(3, [HUNTERS[0]])
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(0, pose(ear("top", "straight"), ear("top", "straight")))
    assert err.value.rule == "BM-4" and state.to_json() == before
    reveal_all(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(1, {"type": "reveal"})
    assert err.value.rule == "BM-4"  # player 1 is posing now; nobody reveals after the hunter
    assert state.to_json() == before


# ---- BM-6: trail and the narrator's bet ------------------------------------------------------


def test_bm6_narrator_figure_follows_the_player_bet_on():
    six = [
        card("double", "antler", None, 2, spread="wide", direction="up"),
        TONGUES[3],
        TONGUES[-1],
        card("single", "ear", "left", 1, position="top", shape="straight"),
        card("single", "ear", "right", 1, position="side", shape="straight"),
        card("single", "ear", "right", -3, position="top", shape="straight"),
    ]
    state = table(six, n=3, bet=2)
    state.apply_action(1, pose(ear("top", "straight"), ear("top", "straight")))  # 1 − 3 = −2 (rabbit)
    events = state.apply_action(2, pose(antler("wide", "up"), antler("wide", "up"), True))  # 2×2 + 3 − 1 = 6 (moose)
    scored = events[-1]
    assert scored["moves"] == [
        {"player": 1, "figure": "rabbit", "from": 5, "to": 3, "by": -2, "bet": False},
        {"player": 2, "figure": "moose", "from": 5, "to": 11, "by": 6, "bet": False},
        {"player": 0, "figure": "moose", "from": 5, "to": 11, "by": 6, "bet": True},
    ]
    assert state.figures == [[5, 11], [3, 5], [5, 11]]
    assert state.public_observation()["moves"] == scored["moves"]


def test_bm6_bet_on_a_bush_moves_nothing_and_positions_go_below_the_first_field():
    minus3 = card("single", "ear", "left", -3, position="top", shape="straight")
    state = table([minus3, RABBIT_X2[0], TONGUES[1], TONGUES[2], TONGUES[3], TONGUES[-1]], bet=1)
    state.apply_action(1, pose(ear("top", "straight"), NONE))
    state.apply_action(2, pose(ear("top", "straight"), ear("side", "floppy")))
    assert state.figures == [[5, 5], [5, 5], [-1, 5]]  # −3 × 2 = −6: 5 → −1, kept exactly


def test_bm6_bet_rules():
    state = GAME.new_initial_state(3, seed=1)
    before = state.to_json()
    for bad, rule in [
        ({"type": "bet", "player": 0}, "BM-6"),
        ({"type": "bet", "player": 3}, "BM-6"),
        ({"type": "bet"}, "BM-6"),
        ({"type": "reveal"}, "BM-6"),
        ({"type": "continue"}, "BM-7"),
    ]:
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(0, bad)
        assert err.value.rule == rule, bad
        assert state.to_json() == before
    assert state.legal_actions(0) == [{"type": "bet", "player": 1}, {"type": "bet", "player": 2}]
    state.apply_action(0, {"type": "bet", "player": 2})
    assert state.public_observation()["bet"] == 2
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(0, {"type": "bet", "player": 1})
    assert err.value.rule == "BM-6"


# ---- BM-7: rotation, end, winners ------------------------------------------------------------


def play_round(state, poses):
    """Play the current round with the given pose per poser; return the events of the last pose."""
    if state.phase == "bet":
        state.apply_action(state.narrator, {"type": "bet", "player": (state.narrator + 1) % state.num_players})
    reveal_all(state)
    events = []
    for p in state.posers():
        events = state.apply_action(p, poses.get(p, pose(NONE, NONE)))
    return events


@pytest.mark.parametrize("n, rounds", [(3, 2), (3, 3), (6, 2), (5, 3)])
def test_bm7_narrator_passes_left_and_game_ends_after_everyone_narrated(n, rounds):
    state = GAME.new_initial_state(n, seed=11, options={"rounds": rounds})
    narrators = []
    while not state.is_terminal():
        narrators.append(state.narrator)
        assert state.current_players() == [state.narrator]
        play_round(state, {})
        if not state.is_terminal():
            assert state.current_players() == [state.narrator] and state.phase == "scored"
            events = state.apply_action(state.narrator, {"type": "continue"})
            assert events == [{"type": "next_round", "round": state.round, "narrator": state.narrator}]
    assert narrators == [i % n for i in range(n * rounds)]
    assert state.public_observation()["narrations"] == [rounds] * n
    assert state.current_players() == [] and state.winners() == list(range(n))  # all bushes: shared


def test_bm7_winner_by_rear_figure_then_front_then_shared():
    state = GAME.new_initial_state(4, seed=2)
    state.phase = "game_over"
    state.round = state.total_rounds
    state.narrator = (state.round - 1) % 4
    state.bet = 0 if state.narrator != 0 else 1
    state.figures = [[9, 7], [6, 20], [7, 9], [3, 30]]
    assert state.winners() == [0, 2]  # rear 7 beats 6 and 3; front 9 ties
    state.figures = [[9, 7], [6, 20], [7, 10], [3, 30]]
    assert state.winners() == [2]
    state.figures = [[8, 8], [7, 20], [7, 9], [8, -2]]
    assert state.winners() == [0]
    assert state.returns() == [3.0, 1.0, -1.0, -3.0]


# ---- BM-8 / app narrator -------------------------------------------------------------------


def test_bm8_app_narrator_everybody_poses_no_bet():
    six = [
        TONGUES[3],
        TONGUES[2],
        TONGUES[1],
        card("double", "ear", None, 2, position="top", shape="straight"),
        RABBIT_X2[0],
        MOOSE_X2[0],
    ]
    state = table(six, n=3, options={"narrator": "app"})
    assert state.bet is None and state.posers() == [0, 1, 2]
    assert state.current_players() == [0, 1, 2]
    state.apply_action(2, pose(ear("top", "straight"), ear("top", "straight"), False))  # 2×2 ×2 = 8
    state.apply_action(
        0, pose(antler("wide", "up"), antler("wide", "up"), True)
    )  # 6, moose card as a... rabbit ×2 = 12
    state.apply_action(1, pose(ear("top", "straight"), ear("side", "floppy"), True))  # 6 + 2 = 8 ×2 (moose card) = 16
    assert [r["score"] for r in state.results()] == [12, 16, 8]
    assert state.figures == [[5, 17], [21, 5], [13, 5]]
    assert state.phase == "scored" and state.current_players() == [0]
    state.apply_action(0, {"type": "continue"})
    assert state.phase == "reveal" and state.narrator == 1 and state.current_players() == [1]
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(1, {"type": "bet", "player": 2})
    assert err.value.rule == "BM-6"


# ---- poses: validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "pose", "left": {"kind": "ear", "position": "top"}, "right": NONE, "tongue": False},
        {
            "type": "pose",
            "left": {"kind": "ear", "position": "middle", "shape": "straight"},
            "right": NONE,
            "tongue": False,
        },
        {"type": "pose", "left": {"kind": "hoof"}, "right": NONE, "tongue": False},
        {"type": "pose", "left": NONE, "right": NONE, "tongue": "yes"},
        {"type": "pose", "left": NONE, "tongue": False},
        {"type": "pose", "left": NONE, "right": {"kind": "none", "extra": 1}, "tongue": False},
        {"type": "pose", "left": NONE, "right": NONE, "tongue": False, "nose": True},
        {
            "type": "pose",
            "left": {"kind": "antler", "spread": "wide", "direction": "sideways"},
            "right": NONE,
            "tongue": False,
        },
    ],
)
def test_bm1_malformed_poses_raise_and_change_nothing(bad):
    state = table([TONGUES[3], TONGUES[2], TONGUES[1], TONGUES[-1], TONGUES[-2], TONGUES[-3]])
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(1, bad)
    assert err.value.rule == "BM-1"
    assert state.to_json() == before


def test_bm1_legal_poses_are_the_162_combinations():
    state = table([TONGUES[3], TONGUES[2], TONGUES[1], TONGUES[-1], TONGUES[-2], TONGUES[-3]])
    legal = state.legal_actions(1)
    assert len(legal) == 9 * 9 * 2 and len(HANDS) == 9
    assert state.legal_actions(0) == []  # the narrator does not pose
    state.apply_action(1, legal[-1])
    assert state.legal_actions(1) == [] and state.current_players() == [2]
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(1, legal[0])
    assert err.value.rule == "CORE"


# ---- observation, saves ------------------------------------------------------------------------


def test_observation_hides_only_the_deck_order():
    state = rigged(3, [])
    obs = state.observation(2)
    text = json.dumps(obs)
    assert "deck" not in obs and "rng" not in obs and str(state.rng.state) not in text
    assert obs["deck_size"] == 111 and obs["viewer"] == 2 and obs["bet"] == 1
    assert GAME.hidden_information is False
    state.apply_action(0, {"type": "reveal"})
    obs = state.public_observation()
    assert obs["top_cards"][0]["id"] == state.stacks[0][0] and obs["top_cards"][1] is None


def test_sample_hidden_keeps_the_observation_and_reshuffles_the_deck():
    from pycore.rng import Rng

    state = rigged(4, [])
    for _ in range(5):
        state.apply_action(0, {"type": "reveal"})
    other = state.sample_hidden(1, Rng(99))
    assert other.observation(1) == state.observation(1)
    assert sorted(other.deck) == sorted(state.deck) and other.deck != state.deck


def test_json_round_trip_and_validation_messages():
    state = table([TONGUES[3], TONGUES[2], TONGUES[1], TONGUES[-1], TONGUES[-2], TONGUES[-3]])
    state.apply_action(1, pose(ear("top", "straight"), ear("top", "straight"), True))
    text = state.to_json()
    again = GAME.state_from_json(text)
    assert again.to_json() == text
    data = json.loads(text)

    def broken(mutate, message):
        d = json.loads(text)
        mutate(d["state"])
        with pytest.raises(InvalidStateError, match=message):
            GAME.state_from_json(json.dumps(d))

    broken(lambda s: s.update(hunter=0), "not a hunter")
    broken(
        lambda s: s["poses"].__setitem__(2, {"left": {"kind": "paw"}, "right": NONE, "tongue": False}),
        r"state.poses\[2\]",
    )
    broken(lambda s: s["stacks"][0].append(s["deck"].pop()), "placed says")
    broken(lambda s: s.update(bet=0), "themselves")
    broken(lambda s: s["deck"].pop(), "conservation")
    broken(lambda s: s["figures"].pop(), "state.figures")
    broken(lambda s: s.update(phase="dancing"), r"state.phase: expected one of \['bet', .*got 'dancing'")
    broken(lambda s: s.update(narrator=2), "narrator")
    broken(lambda s: s["poses"].__setitem__(0, s["poses"][1]), "narrator does not pose")
    assert data["state"]["poses"][1]["tongue"] is True


# ---- scenarios added by the rules audit ------------------------------------------------------


def test_bm5_ambiguous_double_card_counts_each_matching_hand():
    d = card("double", "ear", None, 1, position="top")  # shape open, both sides
    assert score_of([d], pose(ear("top", "straight"), ear("top", "floppy")))["score"] == 2
    assert score_of([d], pose(ear("top", "floppy"), ear("side", "floppy")))["score"] == 1
    assert score_of([d], pose(ear("side", "straight"), ear("side", "floppy")))["score"] == 0
    r = score_of([d], pose(ear("top", "straight"), ear("top", "straight")))
    assert r["matches"] == [{"stack": 0, "card": d, "times": 2}] and r["base"] == 2


def test_bm5_negative_points_doubled_then_inverted_become_positive():
    minus1 = card("single", "antler", "left", -1, spread="compact", direction="down")
    six = [minus1, MOOSE_X2[0], INVERTS[0], TONGUES[2], HUNTERS[0], RABBIT_X2[0]]
    r = score_of(six, pose(antler("compact", "down"), antler("wide", "up")))
    assert (r["base"], r["doublers"], r["inversions"], r["inverted"], r["score"]) == (-1, 1, 1, True, 2)
    # a ×2 card and a ± with nothing else matched: 0 stays 0
    r = score_of([RABBIT_X2[0], INVERTS[0]], pose(ear("top", "straight"), ear("side", "floppy")))
    assert (r["base"], r["doublers"], r["score"]) == (0, 1, 0)


def test_bm5_a_bush_with_its_tongue_out_scores_nothing_even_on_tongue_and_inverted_tables():
    r = score_of([TONGUES[3], INVERTS[0], RABBIT_X2[0]], pose(antler("wide", "up"), NONE, True))
    assert r["bush"] and r["score"] == 0 and r["matches"] == [] and r["looks_like"] is None


def test_bm6_narrator_follows_a_negative_score_of_the_player_bet_on():
    minus3 = card("single", "ear", "left", -3, position="top", shape="straight")
    state = table([minus3, TONGUES[1], TONGUES[2], TONGUES[3], TONGUES[-1], TONGUES[-2]], bet=2)
    state.apply_action(1, pose(antler("wide", "up"), antler("wide", "up")))  # 0
    state.apply_action(2, pose(ear("top", "straight"), ear("side", "floppy")))  # −3
    assert state.figures == [[2, 5], [5, 5], [2, 5]]
    assert state.public_observation()["moves"] == [
        {"player": 1, "figure": "moose", "from": 5, "to": 5, "by": 0, "bet": False},
        {"player": 2, "figure": "rabbit", "from": 5, "to": 2, "by": -3, "bet": False},
        {"player": 0, "figure": "rabbit", "from": 5, "to": 2, "by": -3, "bet": True},
    ]


def test_bm4_the_long_poem_still_fills_six_stacks_and_a_seventh_card_hunter_ends_it():
    six = [TONGUES[1], TONGUES[2], TONGUES[3], TONGUES[-1], TONGUES[-2], TONGUES[-3]]
    state = rigged(3, six + [HUNTERS[0]], options={"poem": "long"})
    events = reveal_all(state)
    assert [e.get("stack") for e in events] == [0, 1, 2, 3, 4, 5, None]
    assert events[-1]["type"] == "hunter" and state.phase == "poses"
    assert state.public_observation()["poem_lines"] == 12


def test_bm4_six_hunters_in_the_first_pass_then_a_seventh_ends_the_round():
    state = rigged(3, HUNTERS[:6] + [TONGUES[3], HUNTERS[6]])
    events = reveal_all(state)
    assert [e["type"] for e in events] == ["reveal"] * 7 + ["hunter"]
    assert state.top_cards() == [TONGUES[3]] + HUNTERS[1:6]
    state.apply_action(1, pose(ear("top", "straight"), ear("top", "straight"), True))
    state.apply_action(2, pose(ear("top", "straight"), ear("top", "straight")))
    assert [r and r["score"] for r in state.results()] == [None, 3, 0]


def test_bm7_app_narrator_leader_rotates_and_the_game_lasts_players_times_rounds():
    state = GAME.new_initial_state(4, seed=5, options={"narrator": "app", "rounds": 3})
    leaders = []
    while not state.is_terminal():
        leaders.append(state.narrator)
        assert state.phase == "reveal" and state.bet is None
        play_round(state, {p: pose(ear("top", "straight"), ear("top", "straight")) for p in range(4)})
        if not state.is_terminal():
            state.apply_action(state.narrator, {"type": "continue"})
    assert leaders == [0, 1, 2, 3] * 3


# ---- an independent model of scoring, the poem and the trail, checked over random games ------


def reference_score(left, right, tongue, tops):
    """BM-1..BM-5 read off the ruling text and the card descriptions."""
    kinds = (left["kind"], right["kind"])
    if kinds not in (("ear", "ear"), ("antler", "antler")):
        return 0, None  # a bush
    animal = "rabbit" if kinds[0] == "ear" else "moose"
    looks = animal if not tongue else ("moose" if animal == "rabbit" else "rabbit")
    points, factor, flips = 0, 1, 0
    for c in tops:
        if c is None:
            continue
        cd = DECK[c]
        if cd["kind"] == "invert":
            flips += 1
        elif cd["kind"] == "tongue":
            points += cd["points"] if tongue else 0
        elif cd["kind"] in ("rabbit", "moose"):
            factor *= 2 if cd["kind"] == looks else 1
        elif cd["kind"] in ("single", "double"):
            names = ("position", "shape") if cd["hand"] == "ear" else ("spread", "direction")

            def shows(h, cd=cd, names=names):
                return h["kind"] == cd["hand"] and all(cd[k] in (None, h[k]) for k in names)

            if cd["kind"] == "single":
                points += cd["points"] * shows(left if cd["side"] == "left" else right)  # mirror: same side
            else:
                points += cd["points"] * (shows(left) + shows(right))
    score = points * factor
    return (-score if flips % 2 else score), animal


def test_score_pose_agrees_with_an_independent_scorer_on_random_tables():
    from pycore.rng import Rng

    rng = Rng(2024)
    ids = list(range(len(DECK)))
    for _ in range(300):
        rng.shuffle(ids)
        tops = ids[:6]
        if rng.randbelow(4) == 0:
            tops[rng.randbelow(6)] = None
        for left in HANDS:
            for right in HANDS:
                for tongue in (False, True):
                    want, animal = reference_score(left, right, tongue, tops)
                    got = score_pose({"left": left, "right": right, "tongue": tongue}, tops)
                    assert (got["score"], got["animal"]) == (want, animal), (tops, left, right, tongue)


@pytest.mark.parametrize("options", [{}, {"narrator": "app"}, {"basic": True, "poem": "long"}])
def test_rounds_agree_with_an_independent_model_of_stacks_hunter_and_trail(options):
    from pycore.rng import Rng

    for n in (3, 5, 6):
        state = GAME.new_initial_state(n, seed=40 + n, options=options)
        rng = Rng(n)
        figures = [[5, 5] for _ in range(n)]
        while not state.is_terminal():
            narrator = state.narrator
            bet = None
            if state.phase == "bet":
                bet = rng.choice([p for p in range(n) if p != narrator])
                state.apply_action(narrator, {"type": "bet", "player": bet})
            order = state.deck[:]
            # BM-4: cards go on stacks 0..5 in turn; the first hunter after the first pass ends it
            k = next(i for i, c in enumerate(order) if i >= 6 and c in HUNTER_IDS)
            stacks = [[] for _ in range(6)]
            for i in range(k):
                stacks[i % 6].append(order[i])
            reveal_all(state)
            assert state.stacks == stacks and state.hunter == order[k]
            tops = [s[-1] for s in stacks]
            posers = list(range(n)) if options.get("narrator") == "app" else [p for p in range(n) if p != narrator]
            assert state.current_players() == posers
            moved = {}
            for p in posers:
                left, right, tongue = rng.choice(HANDS), rng.choice(HANDS), rng.randbelow(2) == 1
                if rng.randbelow(2):
                    right = left = rng.choice(HANDS[1:])  # plenty of rabbits and moose
                state.apply_action(p, {"type": "pose", "left": dict(left), "right": dict(right), "tongue": tongue})
                moved[p] = reference_score(left, right, tongue, tops)
            for p, (score, animal) in moved.items():
                if animal is not None:
                    figures[p][0 if animal == "rabbit" else 1] += score
            if bet is not None and moved[bet][1] is not None:
                figures[narrator][0 if moved[bet][1] == "rabbit" else 1] += moved[bet][0]
            assert state.figures == figures
            if not state.is_terminal():
                state.apply_action(narrator, {"type": "continue"})
                assert state.narrator == (narrator + 1) % n
        assert state.round == n * 2
        keys = [(min(f), max(f)) for f in figures]
        assert state.winners() == [p for p in range(n) if keys[p] == max(keys)]
