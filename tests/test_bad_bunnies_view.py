"""The Bad Bunnies view (web/hotseat/views/bad_bunnies/) in CPython: what each screen shows,
what each tap does, and that the public view (the curtain's) never holds a hand card."""

from __future__ import annotations

import html
import json
import re

import pytest
from test_bad_bunnies import position

from hotseat.pages import play_tap
from hotseat.session import Session
from hotseat.taps import parse_tap
from hotseat.views import bad_bunnies
from hotseat.views.bad_bunnies.narration import rule_line
from hotseat.views.bad_bunnies.taps import PlayChoice
from hotseat.views.base import ViewContext
from hotseat.views.choices import KEY, current

view = bad_bunnies.VIEW

NAMES = ["Ann", "Ben", "Cat"]


def ctx_for(state, viewer, local=None, events=None, pending=None):
    legal = state.legal_actions(viewer) if viewer is not None else []
    return ViewContext(
        viewer=viewer,
        names=NAMES[: state.num_players],
        legal=legal,
        local=local or {},
        events=events or [],
        pending=pending,
        acting=state.current_players(),
    )


def obs_for(state, viewer):
    return state.public_observation() if viewer is None else state.observation(viewer)


def taps(markup):
    return [json.loads(html.unescape(m)) for m in re.findall(r'data-tap="([^"]*)"', markup)]


def text(markup):
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup, flags=re.S))


#: Ann's, Ben's and Cat's hands of seven (Ann holds 12 and 13, above a 10)
HANDS = [[2, 9, 12, 13, 5, 6, 8], [2, 3, 3, 8, 9, 10, 12], [4, 5, 6, 8, 9, 10, 11]]


def higher_than_ten(hands, **more):
    """:func:`test_bad_bunnies.position` with ``hands`` and a 10 called higher on the pile."""
    return position(hands, pile=[10], announce="higher", **more)


def test_rule_line_says_what_may_follow():
    t = lambda s: s  # noqa: E731
    assert rule_line(9, "higher", False, t) == (
        "Higher than 9",
        "or another 9 (double), a 1 or a 7",
    )
    assert rule_line(4, None, True, t)[0] == "Double 4s — only a 4 or a 7"
    assert rule_line(1, None, False, t)[0] == "After a 1: any card"
    line = rule_line(7, "lower", False, t)
    assert line == ("Lower than 7", "or a 7, or a 1")


def test_hand_marks_playable_cards_and_only_they_are_tappable():
    state = higher_than_ten(HANDS, turn=0)
    markup = view.render(obs_for(state, 0), ctx_for(state, 0))
    assert "Higher than 10" in text(markup)
    assert [t["card"] for t in taps(markup) if "card" in t] == [12, 13]
    assert markup.count('class="bb-card no"') == 5
    assert {"pass": 1} in taps(markup)


def test_play_then_call_buttons():
    state = higher_than_ten(HANDS[:2], turn=0)
    ctx = ctx_for(state, 0)
    assert view.on_tap(obs_for(state, 0), ctx, {"card": 12}) is None and current(ctx, PlayChoice).card == 12
    markup = view.render(obs_for(state, 0), ctx)
    assert {"play": 12, "announce": "higher"} in taps(markup) and {"play": 12, "announce": "lower"} in taps(markup)
    action = view.on_tap(obs_for(state, 0), ctx, {"play": 12, "announce": "lower"})
    assert action == {"type": "play", "card": 12, "announce": "lower"} and action in state.legal_actions(0)


def test_a_1_or_a_double_gets_one_lay_button_without_a_call():
    state = higher_than_ten([[1, 10, 12, 13, 5, 6, 8], HANDS[1]], turn=0)
    for card, words in ((1, "nothing to call"), (10, "as a double")):
        ctx = ctx_for(state, 0, local={KEY: PlayChoice(card=card)})
        markup = view.render(obs_for(state, 0), ctx)
        assert {"play": card} in taps(markup) and words in text(markup)
        assert view.on_tap(obs_for(state, 0), ctx, {"play": card}) in state.legal_actions(0)


def test_pass_asks_for_confirmation_only_when_a_card_fits():
    state = higher_than_ten(HANDS[:2], turn=0)
    ctx = ctx_for(state, 0)
    assert view.on_tap(obs_for(state, 0), ctx, {"pass": 1}) is None
    markup = view.render(obs_for(state, 0), ctx)
    assert "You could still lay 12, 13" in text(markup)
    assert view.on_tap(obs_for(state, 0), ctx, {"pass": "yes"}) == {"type": "pass"}
    stuck = higher_than_ten([[2, 3, 4, 5, 6, 8, 9], [10, 11, 12, 13, 2, 3, 4]], turn=0)
    ctx = ctx_for(stuck, 0)
    assert "you must pass" in text(view.render(obs_for(stuck, 0), ctx))
    assert view.on_tap(obs_for(stuck, 0), ctx, {"pass": 1}) == {"type": "pass"}


def test_last_joker_note_bb6():
    state = position([[7], [10, 11, 12, 13, 2, 3]], pile=[3, 9], announce="higher", turn=0)
    assert "last card is a joker" in text(view.render(obs_for(state, 0), ctx_for(state, 0)))


def test_public_view_has_no_hand_and_shows_who_is_out():
    state = higher_than_ten(HANDS, turn=2, passed=[False, True, False], top_player=0)
    markup = view.render(obs_for(state, None), ctx_for(state, None))
    assert 'class="bb-hand' not in markup and not [t for t in taps(markup) if "card" in t]
    assert "out this round" in text(markup) and "Ben passed" in text(markup)
    assert view.status_line(obs_for(state, None), ctx_for(state, None)) == "Cat's turn"


def test_keep_or_redraw_behind_the_curtain_and_the_summary():
    state = position([[2, 3, 4, 5], [13], [5, 6, 8, 9, 10, 11]], pile=[6, 8, 12], announce="higher", turn=1)
    events = state.apply_action(1, {"type": "play", "card": 13})
    assert view.ends_round(events)
    summary = text(view.round_summary_html(state.public_observation(), ctx_for(state, None, events=events)))
    assert "Ben wins round 1" in summary and "+4 points: 4 cards on the pile" in summary
    assert "How it ended:" in summary and "Ben 13 · last card" in summary
    markup = view.render(obs_for(state, 0), ctx_for(state, 0))
    assert {"choose": "keep"} in taps(markup) and {"choose": "redraw"} in taps(markup)
    assert "Keep these 4 cards" in text(markup) and "draw 3 more" in text(markup)
    ctx = ctx_for(state, 0)
    assert not view.needs_confirm({"type": "keep"}, ctx)  # secret and simultaneous (BB-8): made at the tap
    state.apply_action(0, {"type": "redraw"})
    public = text(view.render(obs_for(state, None), ctx_for(state, None)))
    assert "Still choosing: Cat" in public and "redraw" not in public.lower().replace("keep or new hand", "")


def test_a_whole_session_of_three_humans_through_taps():
    """Three humans, target 15: every curtain shows no hand; the game ends with a winner."""
    session = Session("bad_bunnies", [{"name": n, "kind": "human"} for n in NAMES], 4, {"target_score": 15})
    pick = 0
    curtains = 0
    for _ in range(3000):
        if session.phase == "over":
            break
        if session.phase == "curtain":
            curtains += 1
            public = view.render(session.state.public_observation(), session.context(None, for_screen=False))
            assert 'class="bb-hand' not in public
            play_tap(session, parse_tap({"shell": "show"}))
        elif session.phase == "summary":
            play_tap(session, parse_tap({"shell": "continue"}))
        elif session.flow.pending is not None:
            play_tap(session, parse_tap({"shell": "confirm"}))
        else:
            markup = view.render(session.screen_obs(), session.context())
            options = [t for t in taps(markup) if "cancel" not in t]
            assert options, markup
            pick += 1
            play_tap(session, parse_tap(options[pick % len(options)]))
            assert session.error is None
    assert session.phase == "over" and curtains > 10
    assert max(session.state.scores) >= 15 and len(session.winners()) == 1


@pytest.mark.parametrize("viewer", [None, 0])
def test_rules_and_scoreboard(viewer):
    state = position([[2, 9], [3, 4]], pile=[5], announce="lower", turn=0, scores=[1, 12])
    assert view.scoreboard(state.public_observation(), ctx_for(state, viewer)) == ["1 point", "12 points"]
    assert "double" in view.rules_html(lambda s: s)
