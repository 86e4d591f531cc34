"""Seeded positions of every game drawn as the table in the middle shows them: the public view
(``viewer`` None) with ``ViewContext.table_screen``, framed as a game screen.

A module of its own (not ``conftest``): the CPython tests under ``tests/web`` import it too, and the
screenshot tool ``tools/table_shots.py``. Each :class:`TableScene` is a seeded random game played
in CPython with the engine up to a stop condition, so the same seed gives the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pycore
from hotseat import screens
from hotseat.views import load_view
from hotseat.views.base import ViewContext
from pycore.rng import Rng

#: seat names: short, long (two words and one long word) and plain, as a table has them
NAMES = ["Ann", "Bob", "Cyrille-Marguerite", "Dee", "Emil Bauer", "Fay", "Gus", "Hal", "Ida", "Jo"]


@dataclass
class TableScene:
    """One seeded table: ``game`` with ``players`` seats from ``seed``, played at random until
    ``until(public_observation, moves)``; ``reveal``: the number of events of the last move shown
    (``ctx.step``: the table part way through its paced reveal), ``None`` for the table after it."""

    id: str
    game: str
    players: int
    seed: int
    until: Callable[[dict[str, Any], int], bool]
    reveal: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def play(self) -> tuple[Any, Any, list[dict[str, Any]], list[dict[str, Any]]]:
        """``(state before the last move, state now, the last move's events, the round's events
        the view keeps for its summary)``, as the shell keeps them (:meth:`GameView.round_log`)."""
        game = pycore.load_game(self.game)
        view = load_view(self.game)
        state = game.new_initial_state(self.players, self.seed, game.resolve_options(self.options))
        rng = Rng(self.seed * 7919 + 1)
        before, events, kept = state.clone(), [], []
        for moves in range(20_000):
            if self.until(state.public_observation(), moves) and (self.reveal is None or events):
                return before, state, events, kept
            assert not state.is_terminal(), f"{self.id}: the game ended first"
            p = rng.choice(state.current_players())
            before = state.clone()
            events = state.apply_action(p, rng.choice(state.legal_actions(p)))
            if view.ends_round(events):
                kept = []
            kept += [e for e in events if view.round_log(e)]
        raise AssertionError(f"{self.id}: never reached")

    def context(
        self, state: Any, events: list[dict[str, Any]], step: int | None, kept: list[dict[str, Any]]
    ) -> ViewContext:
        names = NAMES[: self.players]
        return ViewContext(
            viewer=None,
            names=names,
            events=events,
            step=step,
            acting=[] if step is not None else state.current_players(),
            kinds=["guest"] * self.players,
            round_events=kept,
            table_screen=True,
        )

    def render(self) -> tuple[str, Any]:
        """The whole screen (frame, status line, the table) as markup, and the state shown."""
        before, state, events, kept = self.play()
        view = load_view(self.game)
        if self.reveal is not None:
            obs = before.public_observation()
            ctx = self.context(before, events, min(self.reveal, len(events)), kept)
        else:
            obs = state.public_observation()
            ctx = self.context(state, events, None, kept)
        body = view.render(obs, ctx)
        status = view.status_line(obs, ctx)
        return str(screens.frame(body, status, screen="turn" if self.reveal is None else "reveal")), state


def flat_screens(scene: TableScene, names: list[str] | None = None) -> dict[str, str]:
    """A shared phone's screens of ``scene`` (no ``table_screen``: the phone lying flat in the
    middle, or held upright): ``"curtain"``, the hand-off curtain over the public table, and
    ``"turn"``, the hand of the player on turn with the table as that player sees it; ``names``
    instead of the scene's own (e.g. longer ones)."""
    _before, state, events, kept = scene.play()
    view = load_view(scene.game)
    names = list(names or scene.context(state, events, None, kept).names)[: scene.players]
    kinds = ["human"] * len(names)
    acting = state.current_players()
    public_ctx = ViewContext(viewer=None, names=names, acting=acting, kinds=kinds, round_events=kept)
    public = view.render(state.public_observation(), public_ctx)
    p = acting[0]
    out = {"curtain": str(screens.frame(screens.curtain(names[p], public), f"Pass the phone to {names[p]}", "curtain"))}
    legal = state.legal_actions(p)
    ctx = ViewContext(viewer=p, names=names, legal=legal, acting=acting, kinds=kinds, round_events=kept)
    obs = state.observation(p)
    out["turn"] = str(screens.frame(view.render(obs, ctx), view.status_line(obs, ctx), "turn"))
    return out


def summary_screen(players: int, seed: int = 5) -> str:
    """The whole page of a 6 nimmt! table screen at its first round's summary (``players`` phone
    seats, two rounds, every phone picking at random; nobody ready yet), drawn by the app's own
    shell (session, page, controller) as the table screen shows it."""
    import random

    from secret_check import NoStorage

    from hotseat.controller import Controller
    from hotseat.pages import GamePage
    from hotseat.phase import Phase
    from hotseat.session import Session

    seats = [{"name": NAMES[i], "kind": "guest"} for i in range(players)]
    session = Session("six_nimmt", seats, seed, {"rounds": 2}, table_screen=True)
    controller = Controller(storage=NoStorage(), bot_hook=None)
    controller.page = GamePage(session)
    rng = random.Random(seed)
    for _ in range(5000):
        if session.phase is Phase.SUMMARY:
            return str(controller.render())
        if session.phase is Phase.REVEAL:
            session.tick()
            continue
        seat = rng.choice(session.acting())
        session.phones.apply_remote(seat, rng.choice(session.legal_actions(seat)))
    raise AssertionError("the first round did not end")


def _sn_picking(obs: dict[str, Any], moves: int) -> bool:
    return obs["phase"] == "pick" and obs["turn"] >= 4 and sum(obs["picked"]) == 2


def _sn_last_pick(obs: dict[str, Any], moves: int) -> bool:
    return obs["phase"] == "pick" and obs["turn"] >= 3 and sum(obs["picked"]) == 0


SCENES = [
    TableScene("sn-pick", "six_nimmt", 5, 4, _sn_picking),
    TableScene("sn-reveal", "six_nimmt", 5, 9, _sn_last_pick, reveal=3),
    TableScene("sn-ten", "six_nimmt", 10, 3, _sn_picking),
    TableScene("dog-play", "dog", 4, 5, lambda o, k: k >= 60 and o["phase"] == "play" and o.get("seven") is None),
    TableScene("bb-play", "bad_bunnies", 4, 8, lambda o, k: o["phase"] == "play" and (o.get("pile_count") or 0) >= 4),
    TableScene("bm-reveal", "bunny_moose", 4, 3, lambda o, k: o["phase"] == "reveal" and o["drawn"] >= 8),
]


def scene(scene_id: str) -> TableScene:
    """The scene named ``scene_id`` (KeyError for another)."""
    found = {s.id: s for s in SCENES}
    return found[scene_id]
