"""The screen keeps secrets, for every game with hidden information.

Along seeded random games of every such game and several player counts, everything a player may
not see is re-dealt with ``game.sample_hidden`` and the screens are rendered again through the real
shell (Session + Controller) and views:

* the curtain screen and the public table are byte-identical whatever any hidden card is, from
  every player's point of view — so no hidden card can be anywhere in their DOM (text,
  attributes, hidden elements, ``data-*``);
* a player's own screen is byte-identical whatever the cards hidden from *that* player are — so
  it shows nothing of another hand, the deck or another player's secret choice.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import pycore
from hotseat.controller import Controller
from hotseat.pages import GamePage
from hotseat.session import Session, load_view
from hotseat.views.base import ViewContext
from pycore.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from secret_check import NoStorage  # noqa: E402  (the e2e checker's storage that keeps nothing)
from ui_helpers import tap_game  # noqa: E402

NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


def _games_with_secrets() -> list[tuple[str, int]]:
    cases = []
    for game_id in pycore.GAMES:
        game = pycore.load_game(game_id)
        if not game.hidden_information:
            continue
        try:
            load_view(game_id)
        except ImportError:
            continue
        for n in sorted({game.min_players, min(game.max_players, 4), game.max_players}):
            cases.append((game_id, n))
    return cases


def _states(game, n: int, seed: int, count: int, stride: int):
    """Every ``stride``-th state of a seeded random game (chance and choices from one rng)."""
    state = game.new_initial_state(n, seed)
    rng = Rng(seed * 7919 + 1)
    out = []
    step = 0
    while not state.is_terminal() and len(out) < count:
        if step % stride == 0:
            out.append(state.clone())
        p = rng.choice(state.current_players())
        state.apply_action(p, rng.choice(state.legal_actions(p)))
        step += 1
    return out


def _screen(game_id: str, state, show: bool) -> tuple[str, int | None, str]:
    """The app's whole screen after a reload: the curtain, or (``show``) the screen behind it.

    Returns ``(phase, viewer, html)``; ``show`` taps "Show my cards" as the player would.
    """
    seats = [{"name": NAMES[i], "kind": "human"} for i in range(state.num_players)]
    session = Session(game_id, seats, seed=1, state=state)
    if show and session.phase == "curtain":
        tap_game(session, {"shell": "show"})
    controller = Controller(storage=NoStorage(), bot_hook=None)
    controller.page = GamePage(session)
    return session.phase, session.viewer, controller.render()


@pytest.mark.parametrize("game_id,n", _games_with_secrets())
def test_curtain_and_public_table_do_not_depend_on_any_hidden_card(game_id, n):
    game = pycore.load_game(game_id)
    view = load_view(game_id)
    checked = 0
    for i, state in enumerate(_states(game, n, seed=11 + n, count=12, stride=9)):
        curtains, tables = set(), set()
        for viewpoint in range(n):
            other = game.sample_hidden(state, viewpoint, Rng(500 + i))
            phase, _, markup = _screen(game_id, other, show=False)
            if phase != "curtain":
                break  # e.g. the game's own phases without a next human actor
            curtains.add(markup)
            table_ctx = ViewContext(viewer=None, names=NAMES[:n], acting=other.current_players())
            public = view.render(other.public_observation(), table_ctx)
            tables.add(public)
        else:
            assert len(curtains) == 1, f"{game_id} {n}p state {i}: the curtain changes with hidden cards"
            assert len(tables) == 1, f"{game_id} {n}p state {i}: the public table changes with hidden cards"
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id,n", _games_with_secrets())
def test_a_players_own_screen_does_not_depend_on_cards_hidden_from_them(game_id, n):
    game = pycore.load_game(game_id)
    checked = 0
    for i, state in enumerate(_states(game, n, seed=23 + n, count=12, stride=7)):
        phase, _, _ = _screen(game_id, state, show=False)
        if phase != "curtain":
            continue
        seats = [{"name": NAMES[q], "kind": "human"} for q in range(n)]
        p = Session(game_id, seats, seed=1, state=state).curtain.seat  # who the phone goes to
        screens = set()
        for k in range(3):
            other = game.sample_hidden(state, p, Rng(900 + 10 * i + k))
            phase, viewer, markup = _screen(game_id, other, show=True)
            assert phase == "turn" and viewer == p
            screens.add(markup)
        assert len(screens) == 1, f"{game_id} {n}p state {i}: player {p}'s screen shows something hidden from them"
        checked += 1
    assert checked >= 5
