"""The one commit rule of every game (README, "Playing"): the last tap of a move waits for Confirm
when people share this phone, and always for a secret simultaneous choice; with one person at
this phone other moves are final at the tap; the game's tempo taps never wait."""

from __future__ import annotations

import pytest
from ui_helpers import first_legal_bot, taps

import pycore
from hotseat.session import Session, load_view
from hotseat.views.base import ViewContext

SHARED = ["human", "human", "human", "human"]
ALONE = ["human", "bot:easy", "bot:easy", "bot:easy"]

#: (game, action, seats acting, waits at a shared phone, waits for one person among bots)
RULE = [
    ("six_nimmt", {"type": "pick", "card": 37}, [0, 1, 2, 3], True, True),
    ("six_nimmt", {"type": "choose_row", "row": 2}, [1], True, False),
    ("bad_bunnies", {"type": "keep"}, [0, 2], True, True),
    ("bad_bunnies", {"type": "play", "card": 13, "announce": "higher"}, [1], True, False),
    ("bad_bunnies", {"type": "pass"}, [1], True, False),
    ("dog", {"type": "give", "card": "7"}, [0, 1, 2, 3], True, True),
    ("dog", {"type": "play", "card": "5", "figure": 0, "to": 65}, [0], True, False),
    ("dog", {"type": "step", "figure": 1, "to": 33}, [0], True, False),
    ("dog", {"type": "undo"}, [0], False, False),
    ("dog", {"type": "fold"}, [0], True, False),
    ("bunny_moose", {"type": "bet", "player": 2}, [0], True, False),
    ("bunny_moose", {"type": "pose", "left": {}, "right": {}, "tongue": False}, [0, 1, 2, 3], True, False),
    ("bunny_moose", {"type": "reveal"}, [0], False, False),
    ("bunny_moose", {"type": "continue"}, [0], False, False),
]


@pytest.mark.parametrize("game, action, acting, shared, alone", RULE)
def test_which_last_taps_wait_for_confirm(game, action, acting, shared, alone):
    view = load_view(game)
    names = ["Ann", "Ben", "Cat", "Dee"]
    for kinds, expected in ((SHARED, shared), (ALONE, alone)):
        ctx = ViewContext(viewer=acting[0], names=names, acting=acting, kinds=kinds)
        assert view.needs_confirm(action, ctx) is expected, kinds


def test_a_player_on_their_own_phone_does_not_share_it():
    view = load_view("bad_bunnies")
    ctx = ViewContext(viewer=2, names=["Ann", "Ben", "Cat"], acting=[2], kinds=["human", "human", "guest"])
    assert not view.needs_confirm({"type": "pass"}, ctx)
    ctx = ViewContext(viewer=0, names=["Ann", "Ben", "Cat"], acting=[0], kinds=["human", "human", "guest"])
    assert view.needs_confirm({"type": "pass"}, ctx)


def labels(game):
    return load_view(game).confirm_label


def test_the_bar_names_the_move():
    t = lambda x: x  # noqa: E731
    assert labels("six_nimmt")({"type": "choose_row", "row": 2}, t) == "Take row 3?"
    lower = {"type": "play", "card": 13, "announce": "lower"}
    assert labels("bad_bunnies")(lower, t) == "Play this card and say “lower”?"
    assert labels("bad_bunnies")({"type": "pass"}, t) == "Pass this turn?"
    assert labels("dog")({"type": "play", "card": "13", "figure": 0, "to": 0}, t) == "Play your 13?"
    assert labels("dog")({"type": "play", "card": "4", "figure": 0, "to": 4}, t) == "Play your ±4?"
    assert labels("bunny_moose")({"type": "pose", "left": {}, "right": {}, "tongue": False}, t) == "Enter this pose?"
    assert labels("bunny_moose")({"type": "bet", "player": 2}, t) == "Bet on this player?"


def bad_bunnies_play(seats: list[dict]) -> tuple[Session, int]:
    """A Bad Bunnies game at the first play of the round; the starter has a card selected."""
    s = Session("bad_bunnies", seats, 4, {}, bot_hook=first_legal_bot)
    if s.phase == "curtain":
        s.tap({"shell": "show"})
    assert s.phase == "turn" and s.state.public_observation()["phase"] == "play"
    return s, s.viewer


def test_bad_bunnies_play_waits_for_confirm_at_a_shared_phone_and_undo_takes_it_back():
    s, me = bad_bunnies_play([{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cat")])
    before = s.state.to_json()
    play = next(a for a in s.state.legal_actions(me) if a["type"] == "play")
    s.tap({"card": play["card"]})
    tap = next(t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if t.get("play") == play["card"])
    s.tap(tap)  # Play / Higher / Lower: the last tap of the move
    assert s.pending is not None and s.state.to_json() == before and s.phase == "turn"
    s.tap({"shell": "undo"})
    assert s.pending is None and s.state.to_json() == before
    s.tap(tap)
    s.tap({"shell": "confirm"})
    assert s.state.to_json() != before and s.state.public_observation()["top"] == play["card"]


def test_one_person_among_bots_plays_at_the_tap():
    s, me = bad_bunnies_play(
        [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot:easy"}, {"name": "Cy", "kind": "bot:easy"}]
    )
    assert me == 0 and s.state.current_players() == [0]  # the first seat starts (no random starter)
    before = s.state.to_json()
    play = next(a for a in s.state.legal_actions(me) if a["type"] == "play")
    s.tap({"card": play["card"]})
    tap = next(t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if t.get("play") == play["card"])
    s.tap(tap)
    assert s.pending is None and s.state.to_json() != before


def test_the_first_moves_of_every_game_wait_at_a_shared_phone():
    """Each game's first legal moves at a shared phone all wait for Confirm (but the tempo taps)."""
    for game_id, n in (("six_nimmt", 3), ("bad_bunnies", 3), ("dog", 4), ("bunny_moose", 3)):
        game = pycore.load_game(game_id)
        view = load_view(game_id)
        s = Session(game_id, [{"name": f"P{i}", "kind": "human"} for i in range(n)], 7, {})
        ctx = s.context(0, for_screen=False)
        legal = [a for p in s.state.current_players() for a in s.state.legal_actions(p)]
        assert game.name and legal
        tempo = {"reveal", "continue", "undo"}
        assert all(view.needs_confirm(a, ctx) for a in legal if a["type"] not in tempo)


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
        s.tap({"shell": "show"})
    assert s.phase == "turn" and s.viewer == chooser
    return s, chooser


def test_six_nimmt_row_tap_is_the_last_tap_at_a_shared_phone():
    """People share the phone: the row tap asks "Take row N?" at once (no "Take row" button
    before the bar: one tap fewer); Undo lets another row be tapped."""
    s, me = six_nimmt_row_choice(["human", "human", "human", "human"])
    before = s.state.to_json()
    s.tap({"row": 1})
    assert s.pending == {"player": me, "action": {"type": "choose_row", "row": 1}} and s.state.to_json() == before
    assert not [t for t in taps(str(s.view.render(s.screen_obs(), s.context()))) if "take" in t]
    s.tap({"shell": "undo"})
    s.tap({"row": 3})
    assert s.pending == {"player": me, "action": {"type": "choose_row", "row": 3}}
    s.tap({"shell": "confirm"})
    assert s.state.to_json() != before and s.state.public_observation()["phase"] != "choose_row"


def test_six_nimmt_row_tap_only_chooses_for_one_person_among_bots():
    """Alone among bots the row tap only chooses; "Take row N (B bullheads)" takes it at once."""
    s, me = six_nimmt_row_choice(["bot:easy", "bot:easy", "human", "bot:easy"])
    before = s.state.to_json()
    s.tap({"row": 1})
    assert s.pending is None and s.state.to_json() == before
    assert {"take": 1} in taps(str(s.view.render(s.screen_obs(), s.context())))
    s.tap({"take": 1})
    assert s.pending is None and s.state.to_json() != before


def test_bad_bunnies_pass_with_a_card_that_fits_is_asked_once():
    """A "Pass anyway?" with a card that still fits is the question of the move: "Yes, pass" passes
    at once (no second "Pass this turn?" bar), "Keep playing" takes it back."""
    s, me = bad_bunnies_play([{"name": n, "kind": "human"} for n in ("Ann", "Ben", "Cat")])
    for _ in range(20):  # lay cards until the player on turn may pass while a card of theirs fits
        if s.phase == "curtain":
            s.tap({"shell": "show"})
        legal = s.state.legal_actions(s.viewer)
        plays = [a for a in legal if a["type"] == "play"]
        if {"type": "pass"} in legal and plays:
            break
        s.tap({"card": plays[0]["card"]})
        markup = str(s.view.render(s.screen_obs(), s.context()))
        tap = next(t for t in taps(markup) if t.get("play") == plays[0]["card"])
        s.tap(tap)
        s.tap({"shell": "confirm"})
        while s.phase == "reveal":
            s.tick()
    else:
        raise AssertionError("no turn with a pass and a fitting card")
    me, before = s.viewer, s.state.to_json()
    s.tap({"pass": 1})
    assert s.pending is None and s.local.get("confirm_pass") and s.state.to_json() == before
    s.tap({"cancel": 1})  # "Keep playing"
    assert not s.local.get("confirm_pass") and s.state.to_json() == before
    s.tap({"pass": 1})
    s.tap({"pass": "yes"})
    assert s.pending is None and s.state.to_json() != before
    assert s.state.public_observation()["passed"][me]
