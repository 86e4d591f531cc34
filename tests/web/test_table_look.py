"""The table in the middle (``ViewContext.table_screen``): every game's public table drawn for the
big screen carries the stylesheet's hook and nothing private.

* Each game's table-screen drawing is wrapped in ``<div class="table-screen">`` (the large layout
  of web/style.css targets it), and only then: a phone's or a shared phone's drawing is unchanged.
* It is the public view: no hand section, no tap that names a card, every card element and every
  number (6 nimmt!) within what the engine's public observation shows (the e2e secrets checker's
  own checks, on the markup), and byte-identical whatever the hidden cards are, from every seat's
  point of view (``game.sample_hidden``).
* A private view asked for on the table screen is refused (``ValueError``).
* 6 nimmt! on the table screen tells the last turn (the cards played and where they went), or
  after a pick, which tells nothing, the rows taken this round.
"""

from __future__ import annotations

import re
import sys

import pytest
import ui_helpers  # noqa: F401  (first: puts the repo root and web/ on sys.path)

sys.path.insert(0, str(ui_helpers.ROOT / "e2e"))
import table_scenes  # noqa: E402  (e2e/table_scenes.py)
from secret_check import SecretChecker, check_numbers, parse_items, told_numbers  # noqa: E402

import pycore  # noqa: E402
from hotseat.views import load_view  # noqa: E402
from hotseat.views.base import ViewContext  # noqa: E402
from pycore.rng import Rng  # noqa: E402

SCENES = [s.id for s in table_scenes.SCENES]
GAMES = sorted({s.game for s in table_scenes.SCENES})
#: the markup of a hand or of a private choice, in any game
PRIVATE = re.compile(r'class="[^"]*\b(hand|bb-hand|dg-hand|bb-say|bb-choose|handcards|dg-cards|bb-cards)\b')


def _body(markup: str) -> str:
    """What the frame's body holds (the view's drawing)."""
    return markup.split('<div class="body">', 1)[1]


@pytest.mark.parametrize("scene_id", SCENES)
def test_the_table_screen_is_the_public_table_with_its_class(scene_id):
    scene = table_scenes.scene(scene_id)
    markup, state = scene.render()
    assert _body(markup).startswith('<div class="table-screen">'), _body(markup)[:200]
    assert not PRIVATE.search(markup), PRIVATE.search(markup)
    items = parse_items(markup)
    if scene.reveal is None:
        SecretChecker(scene.game).check_cards(items, state, None)
        _before, _state, events, kept = scene.play()
        told = told_numbers(events + kept) if scene.game == "six_nimmt" else set()
        assert check_numbers(scene.game, items, state, None, told) > 0 or scene.game != "six_nimmt"
    else:  # part way through the reveal: the rows before the move and the picks it turned over
        before, _after, events, _kept = scene.play()
        picks = {p["card"] for e in events if e["type"] == "reveal" for p in e["picks"]}
        public = {c for row in before.public_observation()["rows"] for c in row} | picks
        drawn = {int(m) for m in re.findall(r'class="card [^"]*"[^>]*>.*?<span class="num">(\d+)<', markup)}
        assert drawn and drawn <= public, drawn - public


@pytest.mark.parametrize("scene_id", SCENES)
def test_without_the_flag_the_table_is_drawn_as_before(scene_id):
    scene = table_scenes.scene(scene_id)
    before, state, events, kept = scene.play()
    view = load_view(scene.game)
    ctx = scene.context(state, events, None, kept)
    wrapped = str(view.render(state.public_observation(), ctx))
    ctx.table_screen = False
    plain = str(view.render(state.public_observation(), ctx))
    assert "table-screen" not in plain
    assert wrapped.startswith('<div class="table-screen">')


@pytest.mark.parametrize("game_id", GAMES)
def test_a_private_view_on_the_table_screen_is_refused(game_id):
    game = pycore.load_game(game_id)
    state = game.new_initial_state(4, 1)
    view = load_view(game_id)
    names = table_scenes.NAMES[:4]
    with pytest.raises(ValueError, match="public view only"):
        view.render(state.observation(0), ViewContext(viewer=0, names=names, table_screen=True))
    with pytest.raises(ValueError, match="public view only"):  # a seat's observation, whatever the viewer says
        view.render(state.observation(0), ViewContext(viewer=None, names=names, table_screen=True))


@pytest.mark.parametrize("game_id", [g for g in GAMES if pycore.load_game(g).hidden_information])
def test_the_table_screen_does_not_depend_on_any_hidden_card(game_id):
    game = pycore.load_game(game_id)
    view = load_view(game_id)
    n = 4
    state = game.new_initial_state(n, 31)
    rng = Rng(77)
    checked = 0
    for step in range(400):
        if state.is_terminal() or checked >= 8:
            break
        if step % 9 == 0:
            drawings = set()
            for viewpoint in range(n):
                other = game.sample_hidden(state, viewpoint, Rng(500 + step))
                ctx = ViewContext(
                    viewer=None,
                    names=table_scenes.NAMES[:n],
                    acting=other.current_players(),
                    kinds=["guest"] * n,
                    table_screen=True,
                )
                drawings.add(str(view.render(other.public_observation(), ctx)))
            assert len(drawings) == 1, f"{game_id} move {step}: the table screen changes with hidden cards"
            checked += 1
        p = rng.choice(state.current_players())
        state.apply_action(p, rng.choice(state.legal_actions(p)))
    assert checked >= 5


def test_six_nimmt_tells_the_last_turn_then_the_rows_taken_this_round():
    scene = table_scenes.scene("sn-pick")
    before, state, events, kept = scene.play()
    view = load_view("six_nimmt")
    obs = state.public_observation()
    assert kept, "the seeded round has rows taken"
    # after a pick (which tells nothing): the rows taken this round
    markup = str(view.render(obs, scene.context(state, events, None, kept)))
    assert "This round" in markup and markup.count("takes row") == len(kept)
    # right after the reveal: the cards played, each with its player, and where each went
    game = pycore.load_game("six_nimmt")
    reveal = table_scenes.scene("sn-reveal")
    before, after, events, kept = reveal.play()
    markup = str(view.render(after.public_observation(), reveal.context(after, events, None, kept)))
    picks = next(e for e in events if e["type"] == "reveal")["picks"]
    assert "Last turn" in markup and "Cards played:" in markup
    for pick in picks:
        assert f"{table_scenes.NAMES[pick['player']]} {pick['card']}" in markup
    assert markup.count("goes to row") + markup.count("takes row") == len(picks)
    # a phone's or a shared phone's table tells none of it (their story is in the story sheet)
    ctx = reveal.context(after, events, None, kept)
    ctx.table_screen = False
    assert "Last turn" not in str(view.render(after.public_observation(), ctx))
    assert game.id == "six_nimmt"


def test_the_numbers_check_allows_what_the_round_told_and_nothing_more():
    """The story's numbers (cards of rows taken this round, no longer on the table) are told by
    public events: the e2e checker allows exactly those (:func:`secret_check.told_numbers`)."""
    scene = table_scenes.scene("sn-pick")
    markup, state = scene.render()
    _before, _state, events, kept = scene.play()
    items = parse_items(markup)
    with pytest.raises(AssertionError, match="LEAK"):
        check_numbers("six_nimmt", items, state, None)  # the current observation alone: flagged
    told = told_numbers(events + kept)
    assert check_numbers("six_nimmt", items, state, None, told) > 0
    hidden = {c for p in range(state.num_players) for c in state.observation(p)["hand"]}
    cards = {c for e in events + kept if e["type"] == "place" for c in (e["card"], *e["taken"])}
    assert cards and not cards & hidden, "a card told is never in a hand again"
    # a taken row's bullheads may equal a hidden card's number: the token count covers that one
    planted = markup.replace("</ol>", f"<li>{max(hidden - told)}</li></ol>", 1)
    with pytest.raises(AssertionError, match="LEAK"):
        check_numbers("six_nimmt", parse_items(planted), state, None, told)
