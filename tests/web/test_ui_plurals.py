"""Counts in the UI go through ngettext: no "1 rounds", "1 cards", "1 points" on any screen.

Seeded games of every game are played with random legal actions; every view function the shell
calls (render for the table and for the player on turn, status line, event messages, round
summary, scoreboard) is rendered at every step and its text searched for a count of one with a
plural noun.
"""

from __future__ import annotations

import html
import re

import pytest

import pycore
from hotseat.i18n import ngettext
from hotseat.session import load_view
from hotseat.views.base import ViewContext
from hotseat.views.six_nimmt.narration import event_messages
from pycore.rng import Rng

NAMES = ["Ann", "Bob", "Cy", "Di"]
NOUNS = "rounds|cards|points|bullheads|steps|fields|choices|figures|players"
# "1 cards", "1 ± cards", "(1 bullheads)"; not "11 cards" or "2.1 points"
ONE_PLURAL = re.compile(rf"(?<![\d.,])1 (?:± )?(?:{NOUNS})\b")
ONE_SINGULAR = re.compile(r"(?<![\d.,])1 (?:± )?(?:round|card|point|bullhead|step|field|choice)\b")
STYLE = re.compile(r"<style>.*?</style>", re.S)
TAG = re.compile(r"<[^>]+>")
ATTR = re.compile(r'(?:aria-label|title)="([^"]*)"')


def texts(markup: str) -> str:
    """What a player reads or hears: the text between tags, plus aria-labels and titles."""
    markup = STYLE.sub(" ", markup)
    return html.unescape(TAG.sub(" ", markup) + " " + " ".join(ATTR.findall(markup)))


def screens_along_a_game(game_id: str, n: int, seed: int, options: dict, steps: int):
    """Yield every text the shell would show along a random game."""
    game = pycore.load_game(game_id)
    view = load_view(game_id)
    state = game.new_initial_state(n, seed, game.resolve_options(options))
    rng = Rng(seed)
    names = NAMES[:n]
    events: list[dict] = []
    for _ in range(steps):
        acting = state.current_players()
        viewers = [None] + acting[:1]
        for viewer in viewers:
            obs = state.public_observation() if viewer is None else state.observation(viewer)
            legal = state.legal_actions(viewer) if viewer is not None else []
            ctx = ViewContext(
                viewer=viewer, names=names, legal=legal, events=events, acting=acting, kinds=["human"] * n
            )
            yield view.render(obs, ctx)
            yield view.status_line(obs, ctx)
            yield " ".join(view.scoreboard(obs, ctx))
            if events:
                yield view.round_summary_html(obs, ctx)
        if state.is_terminal():
            return
        p = acting[0]
        legal = state.legal_actions(p)
        events = state.apply_action(p, rng.choice(legal))


CASES = [
    ("six_nimmt", 3, 1, {"rounds": 1}, 60),
    ("six_nimmt", 4, 2, {"target_score": 1}, 60),
    ("bad_bunnies", 2, 3, {"target_score": 1}, 250),
    ("bad_bunnies", 3, 4, {}, 250),
    ("dog", 4, 5, {}, 300),
    ("dog", 2, 6, {}, 300),
    ("bunny_moose", 3, 7, {}, 200),
]


@pytest.mark.parametrize("game_id,n,seed,options,steps", CASES)
def test_no_count_of_one_with_a_plural_noun(game_id, n, seed, options, steps):
    seen_one = 0
    for markup in screens_along_a_game(game_id, n, seed, options, steps):
        text = texts(markup)
        bad = ONE_PLURAL.findall(text)
        assert not bad, f"{game_id}: {bad} in {text[text.find(bad[0]) - 150 : text.find(bad[0]) + 50]!r}"
        assert "card(s)" not in text
        seen_one += len(ONE_SINGULAR.findall(text))
    assert seen_one > 0  # the games did show counts of one, in the singular


def test_six_nimmt_singulars_where_players_met_plurals():
    """The cases a player reported: a one-round game and a row worth one bullhead."""
    view = load_view("six_nimmt")
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, 1, game.resolve_options({"rounds": 1}))
    obs = state.observation(0)
    ctx = ViewContext(viewer=0, names=NAMES[:3], acting=state.current_players(), legal=state.legal_actions(0))
    assert "· 1 round" in texts(view.render(obs, ctx))
    one_row = next(r for r, row in enumerate(obs["rows"]) if obs["row_bullheads"][r] == 1)
    place = {"type": "place", "player": 1, "card": 9, "row": one_row, "taken": [3], "bullheads": 1}
    line = event_messages([place], NAMES, lambda s: s)
    assert line == [f"Bob takes row {one_row + 1}: 1 bullhead."]
    assert ngettext("{n} round", "{n} rounds", 2).format(n=2) == "2 rounds"
