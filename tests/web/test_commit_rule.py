"""The one commit rule of every game (README, "Playing"): the named tap of a move makes it, secret
simultaneous choices included; at a phone people share, the hand-off screen that follows offers
"Undo my move" until the next player shows their cards, unless the move showed something hidden;
with one person at this phone every move is final at its tap; tempo taps never wait."""

from __future__ import annotations

import pytest
from ui_helpers import first_legal_bot, tap_game, taps

import pycore
from hotseat.session import Phase, Session, load_view
from hotseat.views.bad_bunnies.taps import PlayChoice
from hotseat.views.base import ViewContext
from hotseat.views.choices import KEY

SHARED = ["human", "human", "human", "human"]
ALONE = ["human", "bot:easy", "bot:easy", "bot:easy"]

#: (game, action, seats acting): none of them waits for a Confirm, at a shared phone or alone
MOVES = [
    ("six_nimmt", {"type": "pick", "card": 37}, [0, 1, 2, 3]),
    ("six_nimmt", {"type": "choose_row", "row": 2}, [1]),
    ("bad_bunnies", {"type": "keep"}, [0, 2]),
    ("bad_bunnies", {"type": "play", "card": 13, "announce": "higher"}, [1]),
    ("bad_bunnies", {"type": "pass"}, [1]),
    ("dog", {"type": "give", "card": "7"}, [0, 1, 2, 3]),
    ("dog", {"type": "play", "card": "5", "figure": 0, "to": 65}, [0]),
    ("dog", {"type": "step", "figure": 1, "to": 33}, [0]),
    ("dog", {"type": "fold"}, [0]),
    ("bunny_moose", {"type": "bet", "player": 2}, [0]),
    ("bunny_moose", {"type": "pose", "left": {}, "right": {}, "tongue": False}, [0, 1, 2, 3]),
]


@pytest.mark.parametrize("game, action, acting", MOVES)
def test_no_move_waits_behind_a_confirm_bar(game, action, acting):
    view = load_view(game)
    names = ["Ann", "Ben", "Cat", "Dee"]
    for kinds in (SHARED, ALONE):
        ctx = ViewContext(viewer=acting[0], names=names, acting=acting, kinds=kinds)
        assert view.needs_confirm(action, ctx) is False, kinds


def shared(game_id: str, n: int, seed: int = 7) -> Session:
    s = Session(game_id, [{"name": f"P{i}", "kind": "human"} for i in range(n)], seed, {}, bot_hook=first_legal_bot)
    assert s.phase is Phase.CURTAIN
    return s


def test_a_secret_pick_at_a_shared_phone_is_made_at_the_tap_and_undone_on_the_hand_off():
    s = shared("six_nimmt", 3)
    tap_game(s, {"shell": "show"})
    me, before = s.viewer, s.state.to_json()
    card = s.state.legal_actions(me)[0]["card"]
    tap_game(s, {"pick": card})  # one tap: the pick is made
    assert s.flow.pending is None and s.state.to_json() != before
    assert s.phase is Phase.CURTAIN and s.curtain.seat != me and s.take_back.offered()
    tap_game(s, {"shell": "take_back"})  # "Undo my move" on the hand-off screen
    # the next player may hold the phone by now: the hand taken back waits behind its curtain
    assert s.state.to_json() == before and s.phase is Phase.CURTAIN and s.curtain.seat == me and not s.log.moves
    assert s.viewer is None and not s.take_back.offered()
    tap_game(s, {"shell": "show"})
    assert s.phase is Phase.TURN and s.viewer == me
    other = s.state.legal_actions(me)[1]["card"]
    tap_game(s, {"pick": other})
    assert s.take_back.offered()
    tap_game(s, {"shell": "show"})  # the next player shows their cards: the pick stands
    assert not s.take_back.offered() and s.state.observation(me)["my_pick"] == other


def test_the_last_secret_pick_turns_every_card_over_and_cannot_be_taken_back():
    s = shared("six_nimmt", 3)
    for _ in range(3):
        if s.phase is Phase.CURTAIN:
            tap_game(s, {"shell": "show"})
        tap_game(s, {"pick": s.state.legal_actions(s.viewer)[0]["card"]})
    assert s.phase is Phase.REVEAL
    while s.phase is Phase.REVEAL:
        s.tick()
    assert not s.take_back.offered()


def test_the_offer_to_take_back_ends_when_another_seat_moves():
    s = Session(
        "six_nimmt",
        [{"name": n, "kind": k} for n, k in (("Ann", "human"), ("Ben", "human"), ("Bot", "bot:easy"))],
        5,
        {},
        bot_hook=first_legal_bot,
    )
    tap_game(s, {"shell": "show"})
    tap_game(s, {"pick": s.state.legal_actions(s.viewer)[0]["card"]})
    assert s.take_back.offered()
    kept = s.take_back.kept
    s.log.moves.append({"player": 2, "action": {}})  # another seat moved meanwhile
    assert not s.take_back.offered()
    s.log.moves.pop()
    assert s.take_back.kept is kept and s.take_back.offered()


def test_one_person_among_bots_has_no_undo_and_no_confirm():
    s = Session(
        "six_nimmt",
        [{"name": n, "kind": k} for n, k in (("Ann", "human"), ("Bot", "bot:easy"), ("Cy", "bot:easy"))],
        5,
        {},
        bot_hook=first_legal_bot,
    )
    assert s.phase is Phase.TURN
    before = s.state.to_json()
    tap_game(s, {"pick": s.state.legal_actions(0)[0]["card"]})
    assert s.flow.pending is None and s.state.to_json() != before and s.take_back.kept is None


def bad_bunnies_play(seats: list[dict]) -> tuple[Session, int]:
    """A Bad Bunnies game at the first play of the round; the starter has a card selected."""
    s = Session("bad_bunnies", seats, 4, {}, bot_hook=first_legal_bot)
    if s.phase == "curtain":
        tap_game(s, {"shell": "show"})
    assert s.phase == "turn" and s.state.public_observation()["phase"] == "play"
    return s, s.viewer


def test_bad_bunnies_play_at_a_shared_phone_is_made_at_the_named_tap_and_can_be_undone():
    s, me = bad_bunnies_play([{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cat")])
    before = s.state.to_json()
    plays = [a for a in s.state.legal_actions(me) if a["type"] == "play"]
    tap_game(s, {"card": plays[0]["card"]})
    tap_game(s, {"card": plays[-1]["card"]})  # tapping another card switches the choice
    play = plays[-1]
    tap = next(t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if t.get("play") == play["card"])
    tap_game(s, tap)  # Play / Higher / Lower: the named tap makes the move
    while s.phase is Phase.REVEAL:
        s.tick()
    assert s.flow.pending is None and s.state.public_observation()["top"] == play["card"]
    assert s.phase is Phase.CURTAIN and s.take_back.offered()
    tap_game(s, {"shell": "take_back"})
    assert s.state.to_json() == before and s.phase is Phase.CURTAIN and s.curtain.seat == me
    tap_game(s, {"shell": "show"})
    assert s.phase is Phase.TURN and s.viewer == me


def test_one_person_among_bots_plays_at_the_tap():
    s, me = bad_bunnies_play(
        [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot:easy"}, {"name": "Cy", "kind": "bot:easy"}]
    )
    assert me == 0 and s.state.current_players() == [0]  # the first seat starts (no random starter)
    before = s.state.to_json()
    play = next(a for a in s.state.legal_actions(me) if a["type"] == "play")
    tap_game(s, {"card": play["card"]})
    tap = next(t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if t.get("play") == play["card"])
    tap_game(s, tap)
    assert s.flow.pending is None and s.state.to_json() != before


def test_the_first_moves_of_every_game_are_made_at_their_tap_at_a_shared_phone():
    """No first legal move of any game waits for a Confirm at a shared phone."""
    for game_id, n in (("six_nimmt", 3), ("bad_bunnies", 3), ("dog", 4), ("bunny_moose", 3)):
        game = pycore.load_game(game_id)
        view = load_view(game_id)
        s = Session(game_id, [{"name": f"P{i}", "kind": "human"} for i in range(n)], 7, {})
        ctx = s.context(0, for_screen=False)
        legal = [a for p in s.state.current_players() for a in s.state.legal_actions(p)]
        assert game.name and legal
        assert not any(view.needs_confirm(a, ctx) for a in legal)


def six_nimmt_row_choice(kinds: list[str]) -> tuple[Session, int]:
    """A 4-player 6 nimmt! game where seat 2 must choose a row (SN-5), its screen on show."""
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(4, 7, game.resolve_options({}))
    while state.public_observation()["phase"] != "choose_row":
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[0])
    chooser = state.current_players()[0]
    seats = [{"name": n, "kind": k} for n, k in zip(("Ann", "Ben", "Cat", "Dee"), kinds)]
    s = Session("six_nimmt", seats, 7, state=state, bot_hook=first_legal_bot)
    if s.phase == "curtain":
        tap_game(s, {"shell": "show"})
    assert s.phase == "turn" and s.actor == chooser  # on the public table at a shared phone
    return s, chooser


@pytest.mark.parametrize("kinds", [["human", "human", "human", "human"], ["bot:easy", "bot:easy", "human", "bot:easy"]])
def test_six_nimmt_row_tap_takes_the_row(kinds):
    """The row tap is the named tap of a row choice (SN-5): one tap, at a shared phone or alone."""
    s, me = six_nimmt_row_choice(kinds)
    before = s.state.to_json()
    assert not [t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if "take" in t]
    tap_game(s, {"row": 1})
    assert s.flow.pending is None and s.state.to_json() != before


def test_bad_bunnies_pass_with_a_card_that_fits_is_asked_once():
    """A "Pass anyway?" with a card that still fits is the question of the move: "Yes, pass" passes
    at once (no second "Pass this turn?" bar), "Keep playing" takes it back."""
    s, me = bad_bunnies_play([{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cat")])
    for _ in range(20):  # lay cards until the player on turn may pass while a card of theirs fits
        if s.phase == "curtain":
            tap_game(s, {"shell": "show"})
        legal = s.state.legal_actions(s.viewer)
        plays = [a for a in legal if a["type"] == "play"]
        if {"type": "pass"} in legal and plays:
            break
        tap_game(s, {"card": plays[0]["card"]})
        markup = str(s.view.render(s.screen_obs(), s.context()))
        tap = next(t for t in taps(markup) if t.get("play") == plays[0]["card"])
        tap_game(s, tap)
        while s.phase == "reveal":
            s.tick()
    else:
        raise AssertionError("no turn with a pass and a fitting card")
    me, before = s.viewer, s.state.to_json()
    tap_game(s, {"pass": 1})
    assert s.flow.pending is None and s.flow.local.get(KEY) == PlayChoice(confirm_pass=True)
    assert s.state.to_json() == before
    tap_game(s, {"cancel": 1})  # "Keep playing"
    assert s.flow.local.get(KEY) == PlayChoice() and s.state.to_json() == before
    tap_game(s, {"pass": 1})
    tap_game(s, {"pass": "yes"})
    assert s.flow.pending is None and s.state.to_json() != before
    assert s.state.public_observation()["passed"][me]


def test_a_move_that_ends_a_round_stands_after_its_round_summary():
    """The round summary, not a hand-off screen, follows a move that ends a round (BB-5): once the
    table has seen it and continued, the next curtain (the keep-or-redraw choice, BB-8) offers no
    "Undo my move" for the move that ended the round."""
    s = shared("bad_bunnies", 3, seed=1)
    ended = None
    for _ in range(200):
        if s.phase is Phase.CURTAIN:
            tap_game(s, {"shell": "show"})
        elif s.phase is Phase.TURN:
            me = s.viewer
            legal = s.state.legal_actions(me)
            s.submit(me, next((a for a in legal if a["type"] == "play"), legal[0]))
            if s.phase is Phase.SUMMARY:
                ended = me
                break
    assert ended is not None and s.state.public_observation()["phase"] == "choose"
    assert s.take_back.kept is None
    tap_game(s, {"shell": "continue"})
    assert s.phase is Phase.CURTAIN and s.curtain.seat != ended
    assert not s.take_back.offered() and s.take_back.mover is None
    before = s.state.to_json()
    tap_game(s, {"shell": "take_back"})  # an old tap for it changes nothing
    assert s.state.to_json() == before and s.phase is Phase.CURTAIN
