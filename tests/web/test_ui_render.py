"""Rendering: the curtain and the public view hide every hand; a private view shows only its own."""

from __future__ import annotations

import json
import re

from ui_helpers import cards_shown, storage_fixture, taps  # noqa: F401 (storage_fixture is the storage fixture)

import pycore
from hotseat.controller import Controller
from hotseat.pages import GamePage
from hotseat.session import Session
from hotseat.views import bad_bunnies, six_nimmt
from hotseat.views.base import ViewContext
from hotseat.views.six_nimmt.cards import card_html
from hotseat.views.six_nimmt.reveal import replay
from pycore.rng import Rng

view = six_nimmt.VIEW

NAMES = ["Ann", "Bob", "Cy"]


def _states(seed=4, n=3, steps=40):
    """States along a seeded game (lowest legal action each time), pick and row-choice phases."""
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(n, seed, {"target_score": 15})
    out = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[-1 if p % 2 else 0])
        out.append(state.clone())
    return game, out


def _public_cards(obs):
    return {c for r in obs["rows"] for c in r} | {p["card"] for p in obs["revealed"]}


def test_public_view_shows_no_card_of_any_hand():
    game, states = _states()
    for state in states:
        obs = state.public_observation()
        markup = view.render(obs, ViewContext(viewer=None, names=NAMES, acting=state.current_players()))
        hands = {c for p in range(3) for c in state.observation(p)["hand"]}
        shown = set(cards_shown(markup))
        assert shown == _public_cards(obs)
        assert not shown & hands
        assert not any("pick" in t for t in taps(markup))


def test_curtain_html_is_the_same_whatever_the_hands_hold():
    """Re-deal everything hidden (sample_hidden): the curtain screen must not change at all."""
    seats = [{"name": n, "kind": "human"} for n in NAMES]
    game, states = _states(seed=8)
    for i, state in enumerate(states[:25]):
        if state.is_terminal():
            break
        screens = []
        for viewpoint in range(3):
            other = game.sample_hidden(state, viewpoint, Rng(100 + i))
            s = Session("six_nimmt", seats, seed=1, state=other)
            s.curtain.holder = None
            s.advance()
            # the curtain, or a row to take chosen on the public table (SN-5): no viewer either way
            assert s.phase in ("curtain", "turn") and s.viewer is None
            c = Controller(storage=_Null(), bot_hook=None)
            c.page = GamePage(s)
            markup = c.render()
            hands = {card for p in range(3) for card in other.observation(p)["hand"]}
            assert not set(cards_shown(markup)) & hands
            assert "Your hand" not in markup and not any("pick" in t for t in taps(markup))
            screens.append(markup)
        assert screens[0] == screens[1] == screens[2]


def test_private_view_shows_exactly_that_players_hand():
    game, states = _states(seed=2)
    for state in states:
        if state.is_terminal():
            continue
        for p in range(3):
            obs = state.observation(p)
            legal = state.legal_actions(p)
            markup = view.render(obs, ViewContext(viewer=p, names=NAMES, legal=legal, acting=state.current_players()))
            shown = set(cards_shown(markup))
            own = set(obs["hand"])
            others = {c for q in range(3) if q != p for c in state.observation(q)["hand"]}
            assert own <= shown
            assert shown <= own | _public_cards(obs)
            assert not shown & others
            picks = [t["pick"] for t in taps(markup) if "pick" in t]
            assert picks == ([a["card"] for a in legal] if legal and legal[0]["type"] == "pick" else [])


def test_cards_show_number_and_bullheads_and_hand_cards_are_buttons():
    markup = card_html(55, lambda s: s, "big", {"pick": 55})
    assert markup.startswith("<button") and "bh7" in markup and '<span class="num">55</span>' in markup
    assert markup.count('class="bh"') == 7
    assert card_html(10, lambda s: s).count('class="bh"') == 3


def test_row_choice_prompt_shows_each_rows_bullheads():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(2, seed=11)
    data = json.loads(state.to_json())
    st = data["state"]
    st["rows"] = [[30, 33], [40], [50, 55], [60]]
    st["hands"] = [[61, 62, 63, 64, 65, 66, 67, 68, 69, 70], [5, 71, 72, 73, 74, 75, 76, 77, 78, 79]]
    used = {c for r in st["rows"] for c in r} | {c for h in st["hands"] for c in h}
    st["deck"] = [c for c in range(1, 105) if c not in used]
    state = game.state_from_json(json.dumps(data))
    state.apply_action(0, {"type": "pick", "card": 61})
    events = state.apply_action(1, {"type": "pick", "card": 5})
    assert events[-1] == {"type": "row_choice", "player": 1, "card": 5}
    obs = state.observation(1)
    ctx = ViewContext(viewer=1, names=["Ann", "Bob"], legal=state.legal_actions(1), acting=[1])
    markup = view.render(obs, ctx)
    row_taps = [t for t in taps(markup) if "row" in t]
    assert row_taps == [{"row": 0}, {"row": 1}, {"row": 2}, {"row": 3}]
    for r, total in enumerate([8, 3, 10, 3]):  # 30+33 = 3+5; 40 = 3; 50+55 = 3+7; 60 = 3
        assert f"Row {r + 1}: {total} bullheads" in markup
    assert view.on_tap(obs, ctx, {"row": 2}) == {"type": "choose_row", "row": 2}  # the row tap takes it


def test_reveal_replay_places_cards_lowest_first_and_ends_on_the_engine_rows():
    game = pycore.load_game("six_nimmt")
    for seed in range(20):
        state = game.new_initial_state(4, seed)
        before = state.public_observation()
        events = []
        for p in range(4):
            events = state.apply_action(p, state.legal_actions(p)[(p * 3) % 10])
        if state.phase != "pick":  # a row choice is due: the replay stops there
            continue
        final = replay(before, events, len(events))
        assert final.rows == state.public_observation()["rows"]
        placed = [e["card"] for e in events if e["type"] == "place"]
        assert placed == sorted(placed)
        # step by step: a card appears only once its place event is shown
        first = placed[0]
        shown0 = replay(before, events, 2)  # "picked" and "reveal"
        assert first not in {c for r in shown0.rows for c in r}
        assert first in {p["card"] for p in shown0.revealed}


def test_names_are_escaped_everywhere():
    evil = ["<img src=x onerror=alert(1)>", "Bob", "Cy"]
    state = pycore.load_game("six_nimmt").new_initial_state(3, 1)
    markup = view.render(state.public_observation(), ViewContext(viewer=None, names=evil, acting=[0, 1, 2]))
    assert "<img" not in markup and "&lt;img" in markup


def test_round_summary_and_tied_winners():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, seed=2, options={"rounds": 1})
    events = []
    while not state.is_terminal():
        p = state.current_players()[0]
        events = state.apply_action(p, state.legal_actions(p)[0])
    ctx = ViewContext(viewer=None, names=NAMES, events=events)
    summary = view.round_summary_html(state.public_observation(), ctx)
    end = next(e for e in events if e["type"] == "round_end")
    for p in range(3):
        assert f"<td><b>{end['scores'][p]}</b></td>" in summary
    from hotseat import screens

    markup = screens.game_over(NAMES, ["5 bullheads", "5 bullheads", "9 bullheads"], [0, 1, 2], [0, 1])
    assert "Ann and Bob share the win!" in markup
    assert markup.count('class="winner"') == 2


HOSTILE = ['<img src=x onerror="alert(1)">', "<script>alert(2)</script>", '"><b>3</b>']


def test_stored_round_events_come_out_as_text_in_the_round_summaries():
    """Values read back from a save (the round's last events) are text, whatever they hold: the
    6 nimmt! and Bad Bunnies round summaries once wrote them into the page as HTML."""
    end = {"type": "round_end", "round": HOSTILE[0], "bullheads": [0, 0, 0], "scores": HOSTILE}
    ctx = ViewContext(viewer=None, names=NAMES, events=[end], round_events=[])
    summary = view.round_summary_html(pycore.load_game("six_nimmt").new_initial_state(3, 1).public_observation(), ctx)
    assert "<img" not in summary and "<script" not in summary and not any(text in summary for text in HOSTILE)
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in summary and "&lt;script&gt;alert(2)" in summary

    bb = pycore.load_game("bad_bunnies").new_initial_state(3, 1)
    end = {
        "type": "round_end",
        "round": HOSTILE[1],
        "winner": 0,
        "reason": HOSTILE[2],
        "points": 3,
        "scores": [3, 0, 0],
    }
    ctx = ViewContext(viewer=None, names=HOSTILE, events=[end])
    summary = bad_bunnies.VIEW.round_summary_html(bb.public_observation(), ctx)
    assert "<img" not in summary and "<script" not in summary and not any(text in summary for text in HOSTILE)
    assert "wins round &lt;script&gt;alert(2)&lt;/script&gt;" in summary


class _Null:
    def get(self, key):
        return None

    def set(self, key, text):
        pass

    def remove(self, key):
        pass


def test_each_hand_card_says_where_it_would_go_as_the_engine_places_it():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(2, seed=11)
    data = json.loads(state.to_json())
    st = data["state"]
    st["rows"] = [[30, 33], [40, 41, 42, 43, 44], [50], [60]]
    st["hands"] = [[5, 35, 45, 52, 61, 62, 63, 64, 65, 66], [95, 96, 97, 98, 99, 100, 101, 102, 103, 104]]
    used = {c for r in st["rows"] for c in r} | {c for hand in st["hands"] for c in hand}
    st["deck"] = [c for c in range(1, 105) if c not in used]
    state = game.state_from_json(json.dumps(data))
    ctx = ViewContext(viewer=0, names=["Ann", "Bob"], legal=state.legal_actions(0), acting=[0, 1])
    markup = view.render(state.observation(0), ctx)
    tags = dict(re.findall(r'aria-label="(\d+), \d+ bullheads?: ([^"]+)"', markup))
    assert tags == {
        "5": "below every row: you take a row",
        "35": "goes to row 1, after 33",
        "45": "the sixth card of row 2: you take the row",
        "52": "goes to row 3, after 50",
        **{str(c): "goes to row 4, after 60" for c in range(61, 67)},
    }
    assert '<span class="goes take" data-goes="→44" aria-hidden="true"></span>' in markup
    assert '<span class="goes low" data-goes="↓" aria-hidden="true"></span>' in markup
    assert '<span class="goes" data-goes="→33" aria-hidden="true"></span>' in markup
    for card in (35, 45, 52, 61):  # played now (Bob's card is higher: placed after it), it lands there
        played = state.clone()
        played.apply_action(0, {"type": "pick", "card": card})
        events = played.apply_action(1, {"type": "pick", "card": 104})
        place = next(e for e in events if e["type"] == "place" and e["card"] == card)
        assert f"row {place['row'] + 1}" in tags[str(card)]
        assert bool(place["taken"]) == ("take the row" in tags[str(card)])
    # no tag once the card is picked, nor on another player's screen, nor at the curtain
    picked = state.clone()
    picked.apply_action(0, {"type": "pick", "card": 35})
    ctx = ViewContext(viewer=0, names=["Ann", "Bob"], legal=picked.legal_actions(0), acting=[1])
    assert 'class="goes' not in view.render(picked.observation(0), ctx)
    ctx = ViewContext(viewer=None, names=["Ann", "Bob"], legal=[], acting=[0, 1])
    assert 'class="goes' not in view.render(state.public_observation(), ctx)
