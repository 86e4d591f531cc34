"""No text a player typed or storage held can become an element or an attribute, on any screen.

Every screen of every game (curtain, a player's turn, reveal steps, round summary, game over, and
the shell's home, setup, recovery and "open in another window" screens) is rendered with hostile
text: in every name, and in one string or number field of the observation or of the events at a
time (a number becomes an ``int`` that prints as markup, which only an unescaped formatting
would let through). A view may refuse a value that makes no sense (an exception: in the app the
draw guard turns it into the recovery screen); what it renders must hold no element and no
attribute that came from the hostile text.
"""

from __future__ import annotations

import copy
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ui_helpers import MemoryStorage, tap_game

from hotseat import screens
from hotseat.controller import Controller
from hotseat.session import Phase, Session
from hotseat.views.base import ViewContext

HOSTILE = [
    '<pwn data-pwn="1">',
    '"><pwn data-pwn=1>',
    "'><img src=x data-pwn onerror=alert(1)>",
    "</p></div><pwn>",
    "<!--<pwn>-->",
    '" data-pwn="1',
]


class HostileInt(int):
    """A number whose text is markup: only an unescaped formatting lets it into the page."""

    def __str__(self) -> str:
        return '<pwn data-pwn="n">'

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return '<pwn data-pwn="f">'


class _Shape(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "pwn":
            self.bad.append(f"<{tag}>")
        for name, _value in attrs:
            if "pwn" in name or name.startswith("on"):
                self.bad.append(f"<{tag} {name}>")

    handle_startendtag = handle_starttag


def injected(markup) -> list[str]:
    parser = _Shape()
    parser.feed(str(markup))
    parser.close()
    return parser.bad


def _game_screens(game_id: str, players: int, seed: int, limit: int = 400) -> list[tuple]:
    """(session phase, observation, ViewContext) of screens along a seeded game, lowest action each time."""
    names = [f"P{i}" for i in range(players)]
    s = Session(
        game_id,
        [{"name": n, "kind": "human"} for n in names],
        seed=seed,
        options={"rounds": 1} if game_id == "six_nimmt" else None,
    )
    out = []
    for _ in range(limit):
        if s.phase is Phase.OVER:
            out.append((s.phase, copy.deepcopy(s.screen_obs()), s.context()))
            break
        if s.phase is Phase.CURTAIN:
            out.append((s.phase, copy.deepcopy(s.state.public_observation()), s.context(None, for_screen=False)))
            tap_game(s, {"shell": "show"})
        elif s.phase is Phase.TURN:
            out.append((s.phase, copy.deepcopy(s.screen_obs()), s.context()))
            legal = s.state.legal_actions(s.actor)
            s.apply(s.actor, legal[len(legal) // 2])
        elif s.phase is Phase.REVEAL:
            out.append((s.phase, copy.deepcopy(s.screen_obs()), s.context()))
            s.tick()
        elif s.phase is Phase.SUMMARY:
            out.append((s.phase, copy.deepcopy(s.screen_obs()), s.context()))
            tap_game(s, {"shell": "continue"})
        else:
            s.tick()
    return out


GAMES = {"six_nimmt": 3, "bad_bunnies": 3, "dog": 4, "bunny_moose": 3}
SCREENS = {g: _game_screens(g, n, seed=11) for g, n in GAMES.items()}


def _fields(value, path=()):
    """Paths of every string and number (not bool) inside ``value``."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _fields(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _fields(v, path + (i,))
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield path


def _replace(value, path, new):
    if len(path) == 1:
        value[path[0]] = new
        return
    _replace(value[path[0]], path[1:], new)


def _render_all(view, phase, obs, ctx) -> list:
    out = [view.render(obs, ctx), screens.frame(view.render(obs, ctx), view.status_line(obs, ctx))]
    if phase in (Phase.SUMMARY, Phase.OVER):
        out.append(view.round_summary_html(obs, ctx))
    if phase is Phase.OVER:
        scores = view.scoreboard(obs, ctx)
        out.append(screens.game_over(ctx.names, scores, list(range(len(ctx.names))), [0], None))
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hostile_text_in_names_observations_and_events_never_becomes_markup(data):
    game_id = data.draw(st.sampled_from(sorted(GAMES)))
    phase, obs, ctx = data.draw(st.sampled_from(SCREENS[game_id]))
    from hotseat.session import load_view

    view = load_view(game_id)
    obs = copy.deepcopy(obs)
    events = copy.deepcopy(ctx.events)
    round_events = copy.deepcopy(ctx.round_events)
    where = data.draw(st.sampled_from(["obs", "events", "round_events"]))
    target = {"obs": obs, "events": events, "round_events": round_events}[where]
    paths = list(_fields(target))
    if paths:
        path = data.draw(st.sampled_from(paths))
        old = target
        for k in path:
            old = old[k]
        if isinstance(old, str):
            new = data.draw(st.sampled_from(HOSTILE))
        else:
            new = HostileInt(int(old))
        _replace(target, path, new)
    names = [data.draw(st.sampled_from(HOSTILE)) + f"{i}" for i in range(len(ctx.names))]
    hostile_ctx = ViewContext(
        viewer=ctx.viewer,
        names=names,
        legal=ctx.legal,
        local={},
        events=events,
        pending=ctx.pending,
        step=ctx.step,
        acting=ctx.acting,
        kinds=ctx.kinds,
        round_events=round_events,
    )
    try:
        rendered = _render_all(view, phase, obs, hostile_ctx)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return  # the view refused a value that makes no sense; the app's draw guard takes over
    for markup in rendered:
        assert injected(markup) == [], (game_id, phase, where, str(markup)[:300])


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_on_every_shell_screen(name):
    storage = MemoryStorage()
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.setup.error = name
    assert injected(c.render()) == []
    c.tap({"shell": "start", "fields": {"name-0": name + "1", "name-1": name + "2", "name-2": "Cy"}})
    assert c.screen == "game", c.setup and c.setup.error
    pages = [c.render()]
    c.page_hidden()
    c.tap({"shell": "show"})
    pages.append(c.render())
    c.page_hidden()
    pages.append(c.render())  # "NAME's cards are hidden"
    c.tap({"shell": "menu"})
    pages.append(c.render())  # home: the names of the game in progress
    c.tap({"shell": "new", "game": "six_nimmt"})
    pages.append(c.render())  # the replace question names them
    c.tap({"shell": "keep"})
    c.games.give_up("six_nimmt", changed=True)
    pages.append(c.render())
    c.saves.open_recovery("hotseat.game.six_nimmt", "six_nimmt", name, readable=False)
    pages.append(c.render())
    c.message = name
    pages.append(c.render())
    for markup in pages:
        assert injected(markup) == [], str(markup)[:300]
