"""Bad Bunnies keeps its styles in web/style.css like the shared screens (no <style> in its markup),
and every bb-* class its markup uses has a rule there."""

from __future__ import annotations

import ui_helpers  # noqa: F401  (first: puts the repo root and web/ on sys.path)

import re

import pycore
from pycore.rng import Rng

from ui_helpers import ROOT
from hotseat.views import bad_bunnies
from hotseat.views.base import ViewContext

view = bad_bunnies.VIEW

CSS = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
NAMES = ["Ann", "Bob", "Cy"]


def _markups():
    game = pycore.load_game("bad_bunnies")
    state = game.new_initial_state(3, 5, game.resolve_options({}))
    rng = Rng(5)
    events = []
    for _ in range(120):
        acting = state.current_players()
        for viewer in (None, acting[0]):
            obs = state.public_observation() if viewer is None else state.observation(viewer)
            legal = state.legal_actions(viewer) if viewer is not None else []
            ctx = ViewContext(viewer=viewer, names=NAMES, legal=legal, events=events, acting=acting)
            yield view.render(obs, ctx)
            if events and view.ends_round(events):
                yield view.round_summary_html(obs, ctx)
        if state.is_terminal():
            return
        events = state.apply_action(acting[0], rng.choice(state.legal_actions(acting[0])))


def test_bad_bunnies_markup_has_no_inline_style_sheet_and_its_classes_are_in_style_css():
    used = set()
    for markup in _markups():
        assert "<style" not in markup
        for classes in re.findall(r'class="([^"]*)"', markup):
            used |= {c for c in classes.split() if c.startswith("bb-")}
    assert {"bb-table", "bb-players", "bb-player", "bb-pile", "bb-card", "bb-hand", "bb-cards"} <= used
    used.discard("bb-summary")  # a name for the round summary; the shared .summary rules style it
    missing = sorted(c for c in used if not re.search(rf"\.{re.escape(c)}(?![\w-])", CSS))
    assert missing == []
