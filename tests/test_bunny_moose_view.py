"""The Bunny Bunny Moose Moose view (web/hotseat/views/bunny_moose/) in CPython, driven through
the real Session: narrator mode and app-narrator mode, BAM, pose pickers, scores, trail."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pycore
from hotseat import cues
from hotseat.game_screen import GameScreen
from hotseat.pages import play_tap
from hotseat.session import Session
from hotseat.taps import parse_tap
from hotseat.views import bunny_moose
from hotseat.views.base import ViewContext
from hotseat.views.bunny_moose.drawing import card_svg
from hotseat.views.bunny_moose.narration import card_words, result_lines
from hotseat.views.bunny_moose.taps import TEMPO_MS
from pycore.games.bunny_moose import DECK, HANDS, score_pose

view = bunny_moose.VIEW

NAMES = ["Ann", "Ben", "Cat"]
SEATS = [{"name": n, "kind": "human"} for n in NAMES]


def taps(markup):
    return [json.loads(html.unescape(m)) for m in re.findall(r'data-tap="([^"]*)"', markup)]


def text(markup):
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup, flags=re.S))


def screen(session):
    return view.render(session.screen_obs(), session.context())


def tap(session, **data):
    play_tap(session, parse_tap(data))
    assert session.error is None, session.error


def commit(session, **data):
    """A bet or a pose is made at its named tap (the one commit rule): no Confirm bar."""
    before = session.state.to_json()
    tap(session, **data)
    assert session.flow.pending is None and session.state.to_json() != before


def finish_reveal(session):
    while session.phase == "reveal":
        session.tick()


def test_every_card_draws_and_names_its_side():
    t = lambda s: s  # noqa: E731
    for card in DECK:
        svg = card_svg(dict(card), t)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        words = card_words(dict(card), t)
        if card["kind"] == "single":
            side = "LEFT" if card["side"] == "left" else "RIGHT"
            assert f"Your {side} hand" in words and f"{side} hand" in svg
        if card["kind"] == "double":
            assert "Either hand" in words and "EITHER hand" in svg
    ambiguous = next(c for c in DECK if c["kind"] == "single" and c["hand"] == "antler" and c["spread"] is None)
    assert "(wide or compact)" in card_words(dict(ambiguous), t)


def test_narrator_mode_bet_reveal_poem_and_big_card():
    s = Session("bunny_moose", SEATS, seed=5)
    assert s.phase == "turn" and s.viewer == 0
    markup = screen(s)
    assert {"bm": "bet", "player": 1} in taps(markup) and {"bm": "bet", "player": 2} in taps(markup)
    commit(s, bm="bet", player=2)
    markup = screen(s)
    assert "Ann bet on Cat." in text(markup)
    assert "Line 1 of 6" in text(markup) and "tall pines grow," in text(markup)
    tap(s, bm="reveal")
    obs = s.state.public_observation()
    first = obs["top_cards"][0]
    markup = screen(s)
    assert card_words(first, lambda x: x, True) in text(markup)
    assert "Stack 1 of 6" in text(markup) or "first pass has no effect" in text(markup)
    assert "Line 2 of 6" in text(markup) and "moose stomp slow;" in text(markup)
    assert view.auto_play(s.screen_obs(), s.context()) is None  # only the app narrates by itself


def run_app_round(s):
    """Start the poem and let the app reveal until the hunter; return the BAM markup."""
    markup = screen(s)
    assert "Start the poem" in text(markup) and "Tempo: fast" in text(markup)
    tap(s, bm="reveal")
    bam = None
    for _ in range(200):
        if s.phase == "reveal":
            s.tick()
            if s.phase == "reveal" and s.flow.reveal.step >= 1:
                bam = str(screen(s)) + str(GameScreen(s).cues(cues.table_cue(s)))  # with its cue markers
            continue
        if s.state.phase != "reveal":
            break
        assert s.delay_ms() == TEMPO_MS["fast"]
        markup = screen(s)
        assert 'data-cue="flip"' in str(GameScreen(s).cues(cues.table_cue(s)))  # each card turned sounds
        s.tick()
    return bam


def test_app_narrator_round_bam_poses_scores_trail():
    s = Session("bunny_moose", SEATS, seed=12, options={"narrator": "app", "tempo": "fast"})
    bam = run_app_round(s)
    assert bam is not None and "BAM!" in text(bam) and 'data-cue="bam"' in bam
    finish_reveal(s)
    assert s.state.phase == "poses" and s.phase == "turn"
    poses = {
        1: (1, 3, False),  # two ears: top straight, side straight
        2: (5, 8, True),  # two antlers, tongue out
        0: (1, 5, False),  # a bush
    }
    for _ in range(3):
        p = s.viewer
        left, right, tongue = poses[p]
        markup = screen(s)
        assert f"{NAMES[p]}: how are the hands" in text(markup) and "disabled" in markup
        tap(s, bm="hand", side="left", i=left)
        tap(s, bm="hand", side="right", i=right)
        markup = screen(s)
        assert "Pick both hands first" not in text(markup) and "disabled" not in markup
        assert [t for t in taps(markup) if t.get("bm") == "pose"] == [
            {"bm": "pose", "tongue": False},
            {"bm": "pose", "tongue": True},
        ]
        commit(s, bm="pose", tongue=tongue)  # three taps a pose: the two hands and the tongue
    state = s.state
    assert state.phase == "scored"
    tops = state.top_cards()
    markup = screen(s)
    for p, (left, right, tongue) in poses.items():
        want = score_pose({"left": HANDS[left], "right": HANDS[right], "tongue": tongue}, tops)["score"]
        assert f'data-player="{p}" data-score="{want}"' in markup
    assert "A bush (an ear with an antler): 0 on every card." in text(markup)
    tap(s, bm="trail")
    markup = screen(s)
    for p in range(3):
        rabbit, moose = state.figures[p]
        assert f'data-player="{p}" data-figure="rabbit" data-pos="{rabbit}"' in markup
        assert f'data-player="{p}" data-figure="moose" data-pos="{moose}"' in markup
    tap(s, bm="continue")
    assert s.state.round == 2 and s.state.narrator == 1 and s.state.phase == "reveal"


def test_pause_stops_the_app_narrator():
    s = Session("bunny_moose", SEATS, seed=3, options={"narrator": "app"})
    tap(s, bm="reveal")
    if s.state.phase != "reveal":
        return  # (cannot happen: the first card never ends the round)
    assert s.delay_ms() == TEMPO_MS["normal"]
    tap(s, bm="pause")
    assert s.delay_ms() is None and "Go on" in text(screen(s))
    drawn = s.state.placed
    tap(s, bm="resume")
    assert s.state.placed + (s.state.hunter is not None) == drawn + 1


def test_game_over_summary_and_scoreboard():
    game = pycore.load_game("bunny_moose")
    state = game.new_initial_state(3, 4, {"narrator": "app"})
    while not state.is_terminal():
        p = state.current_players()[0]
        legal = state.legal_actions(p)
        state.apply_action(p, legal[len(legal) // 3])
    obs = state.public_observation()
    ctx = ViewContext(viewer=None, names=NAMES, t=lambda s: s)
    summary = view.round_summary_html(obs, ctx)
    assert "bm-trail" in summary and "data-score" in summary
    board = view.scoreboard(obs, ctx)
    r, m = state.figures[0]
    assert board[0] == f"rear {min(r, m)} · front {max(r, m)} (rabbit {r}, moose {m})"
    assert view.status_line(obs, ctx) == "Game over"
    assert "<li>" in view.rules_html(lambda s: s)


def test_setup_accepts_string_choice_options():
    """The setup screen passes "app"/"fast" through as choices (not as whole numbers)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))
    from ui_helpers import MemoryStorage

    from hotseat.controller import Controller

    c = Controller(MemoryStorage(), bot_hook=None)
    c.tap({"shell": "new", "game": "bunny_moose"})
    c.tap({"shell": "opt", "name": "narrator", "value": "app"})
    c.tap({"shell": "opt", "name": "tempo", "value": "fast"})
    c.tap({"shell": "opt", "name": "rounds", "value": 3})
    c.tap({"shell": "start"})
    assert c.screen == "game"
    assert c.session.options == {"narrator": "app", "rounds": 3, "basic": False, "poem": "short", "tempo": "fast"}


def test_narrator_mode_round_scores_show_the_bet_move():
    s = Session("bunny_moose", SEATS, seed=21)
    commit(s, bm="bet", player=1)
    while s.state.phase == "reveal":
        tap(s, bm="reveal")
        finish_reveal(s)
    assert s.state.phase == "poses" and s.state.posers() == [1, 2]
    assert 0 not in s.state.current_players()  # the narrator does not pose
    for left, right in ((1, 1), (5, 6)):
        tap(s, bm="hand", side="left", i=left)
        tap(s, bm="hand", side="right", i=right)
        commit(s, bm="pose", tongue=False)
    state = s.state
    assert state.phase == "scored"
    markup = screen(s)
    score1 = state.results()[1]["score"]
    assert f'data-player="1" data-score="{score1}"' in markup
    assert 'data-bet="1"' in markup and "Ann (narrator) bet on Ben:" in text(markup)
    assert f"rabbit: field 5 → {5 + score1}" in text(markup)
    assert state.figures[0] == [5 + score1, 5] == state.figures[1]


def test_a_bush_says_why_it_is_one_in_the_pose_picker_and_the_score():
    """BM-1: anything but two ears or two antlers is a bush; the words name which case it is."""
    none, ear, antler = 0, 1, 5
    assert HANDS[none]["kind"] == "none" and HANDS[ear]["kind"] == "ear" and HANDS[antler]["kind"] == "antler"
    s = Session("bunny_moose", SEATS, seed=12, options={"narrator": "app", "tempo": "fast"})
    run_app_round(s)
    finish_reveal(s)
    cases = {
        (none, none): "no hand up",
        (none, ear): "one hand only",
        (antler, none): "one hand only",
        (ear, antler): "an ear with an antler",
    }
    for (left, right), why in cases.items():
        tap(s, bm="hand", side="left", i=left)
        tap(s, bm="hand", side="right", i=right)
        assert f"That is a bush ({why}): it scores 0." in text(screen(s))
        pose = {"left": HANDS[left], "right": HANDS[right], "tongue": False}
        result = score_pose(pose, s.state.top_cards())
        assert result_lines(result, s.state.public_observation(), str, pose) == [f"A bush ({why}): 0 on every card."]
    tap(s, bm="hand", side="left", i=ear)
    tap(s, bm="hand", side="right", i=ear)
    assert "That is a rabbit." in text(screen(s)) and "bush" not in text(screen(s))
