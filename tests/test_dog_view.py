"""The Dog view (web/hotseat/views/dog/) in CPython, through the real session and engine."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

from test_dog import position

import pycore
from hotseat.pages import play_tap
from hotseat.session import Session
from hotseat.taps import parse_tap
from hotseat.views import dog
from hotseat.views.dog.geometry import field_xy
from hotseat.views.dog.narration import event_messages
from pycore.games.dog import steps_between
from pycore.rng import Rng

ROOT = Path(__file__).resolve().parent.parent

view = dog.VIEW

TAP_RE = re.compile(r'data-tap="([^"]*)"')
NAMES = ["Ann", "Ben", "Cat", "Dov"]


def taps(markup: str) -> list[dict]:
    return [json.loads(html.unescape(m)) for m in TAP_RE.findall(markup)]


def session_for(state, n=4) -> Session:
    seats = [{"name": name, "kind": "human"} for name in NAMES[:n]]
    return Session("dog", seats, 1, {}, state=state)


def screen(s: Session) -> str:
    return view.render(s.screen_obs(), s.context())


def commit(s: Session, tap: dict) -> None:
    """The named tap of a move makes it (the one commit rule): no Confirm bar."""
    before = s.state.to_json()
    play_tap(s, parse_tap(tap))
    assert s.flow.pending is None and s.state.to_json() != before


def show(s: Session) -> None:
    assert s.phase == "curtain"
    play_tap(s, parse_tap({"shell": "show"}))
    assert s.phase == "turn"


def test_curtain_and_public_view_show_no_hand():
    s = session_for(pycore.load_game("dog").new_initial_state(4, seed=3))
    assert s.phase == "curtain"
    markup = view.render(s.state.public_observation(), s.context(None, for_screen=False))
    assert "data-card=" not in markup and 'class="dg-hand"' not in markup
    assert "<svg" in markup and "Ann + Cat" in markup


def test_partner_swap_behind_curtains():
    s = session_for(pycore.load_game("dog").new_initial_state(4, seed=3))
    for _ in range(4):
        show(s)
        markup = screen(s)
        assert "give to your partner" in markup
        gift = next(t for t in taps(markup) if "do" in t and t["do"]["type"] == "give")
        play_tap(s, parse_tap(gift))  # given at the tap
        assert s.flow.pending is None and (s.state.phase == "give" or s.state.phase == "play")
    assert s.state.phase == "play" and s.state.turn == 0
    show(s)
    assert "gave you" in screen(s)


def test_card_then_figure_then_target_where_there_is_a_choice():
    s = session_for(position({0: [61], 1: [30]}, {0: ["5"], 1: ["2"]}))
    show(s)
    play_tap(s, parse_tap({"card": "5"}))
    markup = screen(s)
    # one figure: it is selected at once; two targets, on the board and as buttons
    assert 'data-target="2"' in markup and 'data-target="65"' in markup
    assert "5 forward into goal field 2" in markup and "5 forward" in markup
    into_goal = next(t for t in taps(markup) if t.get("do", {}).get("to") == 65)
    commit(s, into_goal)
    assert s.state.pos[0] == 65 and s.state.turn == 1


def test_single_target_plays_on_tapping_the_figure():
    s = session_for(position({0: [10, 40]}, {0: ["2"], 1: ["2"]}))
    show(s)
    play_tap(s, parse_tap({"card": "2"}))
    markup = screen(s)
    assert 'data-fig="0"' in markup and 'data-fig="1"' in markup
    fig_taps = [t for t in taps(markup) if "do" in t and t["do"].get("figure") == 1]
    commit(s, fig_taps[0])
    assert s.state.pos[:2] == [10, 42]


def test_joker_asks_which_card_only_kinds_that_fit():
    s = session_for(position({0: [12], 1: [16]}, {0: ["joker"], 1: ["2"]}))
    show(s)
    play_tap(s, parse_tap({"card": "joker"}))
    kinds = [t["as"] for t in taps(screen(s)) if "as" in t]
    # figure 0 is 4 before a protected figure: only 1..3 forward, 4 back, a start (listed under
    # 1/11; a 13 could only start too) and the swap (here without effect)
    assert kinds == ["1/11", "2", "3", "4", "swap"]
    play_tap(s, parse_tap({"as": "3"}))
    move = next(t for t in taps(screen(s)) if "do" in t)
    assert move["do"] == {"type": "play", "card": "joker", "as": "3", "figure": 0, "to": 15}


def test_seven_step_by_step_with_remaining_steps_and_undo():
    s = session_for(position({0: [10, 30]}, {0: ["7"], 1: ["2"]}))
    show(s)
    play_tap(s, parse_tap({"card": "7"}))
    play_tap(s, parse_tap({"fig": 0}))
    markup = screen(s)
    assert "3 forward · 4 left" in markup
    # the 7's steps are chosen on the board, one numbered field each (reached with the keyboard
    # too), not from a list of buttons
    buttons = [t for t in taps("".join(re.findall(r"<button[^>]*>", markup))) if "do" in t]
    fields = re.findall(r'<g class="tap" role="button" tabindex="0" aria-label="([^"]*)" data-target="(\d+)"', markup)
    assert buttons == [] and len(fields) == 7 and fields[2] == ("3 forward · 4 left", "13")
    assert '<h2 class="dg-head">Move your figure' in markup and "Tap a yellow field (the number: steps)." in markup
    commit(s, next(t for t in taps(markup) if t.get("do", {}).get("to") == 13))
    markup = screen(s)
    assert "7: 4 steps left" in markup and "Undo step" in markup
    assert "7, 4 steps left" in view.status_line(s.screen_obs(), s.context())
    play_tap(s, parse_tap({"do": {"type": "undo"}}))  # taking a step back is final at once
    assert s.flow.pending is None and s.state.seven is None and s.state.hands[0] == ["7"]


def test_fold_message_and_button():
    s = session_for(position({}, {0: ["2", "5"], 1: ["2"]}))
    show(s)
    markup = screen(s)
    assert "None of your cards can be played" in markup and "out for this round" in markup
    commit(s, {"do": {"type": "fold"}})
    assert s.phase == "curtain"
    public = view.render(s.state.public_observation(), s.context(None, for_screen=False))
    assert "Ann cannot play any card and is out for this round (2 cards discarded)." in public
    assert "out this round" in public


def test_two_players_discard_and_draw_prompt():
    s = session_for(position({0: [], 1: [32]}, {0: ["2", "3"], 1: ["5"]}, n=2, deck_top=["8"]), n=2)
    show(s)
    markup = screen(s)
    assert "you then draw a new one" in markup
    commit(s, {"do": {"type": "discard", "card": "2"}})
    assert "Still no move" in screen(s)


def test_event_messages():
    t = lambda x: x  # noqa: E731
    msgs = event_messages(
        [
            {"type": "move", "player": 0, "card": "joker", "as": "5", "figure": 0, "from": 60, "to": 65, "steps": 5},
            {"type": "home", "figure": 5, "from": 12, "by": 0},
            {"type": "finished", "player": 0},
            {"type": "game_over", "winners": [0, 2]},
        ],
        pycore.load_game("dog").new_initial_state(4, seed=1).public_observation(),
        NAMES,
        t,
    )
    assert msgs == [
        "Ann plays joker as 5: into the goal!",
        "Ben's figure is sent back to the kennel.",
        "All of Ann's figures are home: Ann now moves Cat's figures.",
        "Ann + Cat win!",
    ]


def test_board_geometry_start_fields_and_goals():
    x0, y0 = field_xy(0)
    assert x0 < 200 and y0 > 200  # colour 0 bottom left
    x16, y16 = field_xy(16)
    assert x16 < 200 and y16 < 200  # colour 1 top left: clockwise
    gx, gy = field_xy(64)
    assert abs(gx - 200) < abs(x0 - 200)  # the goal lane runs inwards
    assert steps_between(60, 64, 0) == 5 and steps_between(2, 62, 0) == -4


def _drive(n: int, seed: int, max_taps: int = 4000) -> Session:
    """Play a whole game through the view's taps only (curtains, confirms, cards, figures, targets)."""
    s = session_for(pycore.load_game("dog").new_initial_state(n, seed), n=n)
    rng = Rng(seed)
    for _ in range(max_taps):
        if s.phase == "over":
            return s
        if s.phase == "curtain":
            play_tap(s, parse_tap({"shell": "show"}))
            continue
        assert s.phase == "turn", s.phase
        if s.flow.pending is not None:
            play_tap(s, parse_tap({"shell": "confirm"}))
            continue
        options = [t for t in taps(screen(s)) if "shell" not in t and t != {"card": None} and t != {"fig": None}]
        assert options, f"nothing to tap: {s.state.to_json()}"
        play_tap(s, parse_tap(options[rng.randbelow(len(options))]))
        assert s.error is None, s.error
    return s


#: random taps per player count in the test below: 1500 (HOTSEAT_VIEW_TAPS; the Pyodide run takes
#: 300: the view's flow is the same Python there, whose own differences show in the first screens)
VIEW_TAPS = int(os.environ.get("HOTSEAT_VIEW_TAPS") or 1500)


def test_whole_games_through_the_view_never_get_stuck():
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        s = _drive(n, seed, max_taps=VIEW_TAPS)
        s.state.check_invariants()
