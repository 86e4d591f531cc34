"""Every game keeps its styles in web/style.css like the shared screens (no <style> and no style
sheet of its own in its markup), and every class of the game's own prefix that its markup uses has a
rule there."""

from __future__ import annotations

import re

import pytest
from ui_helpers import ROOT

import pycore
from hotseat.session import load_view
from hotseat.views.base import ViewContext
from pycore.rng import Rng

CSS = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: each game's class prefix, and the classes a walk through its first moves must have used
PREFIX = {
    "six_nimmt": ("sn-", {"sn-table"}),
    "bad_bunnies": ("bb-", {"bb-table", "bb-players", "bb-player", "bb-pile", "bb-card", "bb-hand", "bb-cards"}),
    "dog": ("dg-", {"dg-table", "dg-players", "dg-player", "dg-board"}),
    "bunny_moose": ("bm-", set()),
}
#: names for a summary that the shared .summary rules style
SHARED = {"bb-summary", "sn-summary"}


def _markups(game_id: str, players: int, steps: int = 150):
    game = pycore.load_game(game_id)
    view = load_view(game_id)
    state = game.new_initial_state(players, 5, game.resolve_options({}))
    rng = Rng(5)
    events: list = []
    for _ in range(steps):
        acting = state.current_players()
        if not acting:  # the game is over
            return
        for viewer in (None, acting[0]):
            obs = state.public_observation() if viewer is None else state.observation(viewer)
            legal = state.legal_actions(viewer) if viewer is not None else []
            ctx = ViewContext(viewer=viewer, names=NAMES[:players], legal=legal, events=events, acting=acting)
            yield view.render(obs, ctx)
            if events and view.ends_round(events):
                yield view.round_summary_html(obs, ctx)
        events = state.apply_action(acting[0], rng.choice(state.legal_actions(acting[0])))


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_a_games_markup_has_no_style_sheet_of_its_own_and_its_classes_are_in_style_css(game_id):
    prefix, expected = PREFIX[game_id]
    used: set[str] = set()
    for markup in _markups(game_id, 4):
        assert "<style" not in markup and "<link" not in markup
        for classes in re.findall(r'class="([^"]*)"', markup):
            used |= {c for c in classes.split() if c.startswith(prefix)}
    assert used and expected <= used, sorted(used)
    missing = sorted(c for c in used - SHARED if not re.search(rf"\.{re.escape(c)}(?![\w-])", CSS))
    assert missing == []
