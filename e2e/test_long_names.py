"""Long names never widen a screen: every screen of every game at 360x640 with four 40-character
names that have no break point, in Chromium.

The screens are the app's own markup: :class:`hotseat.controller.Controller` (the code the app
runs under Pyodide) drives each game through its taps in CPython, from the setup to the game
over, and every page it draws is measured in one browser page with the app's stylesheet, put
into ``#app`` as ``hotseat/app.py`` does. The page loads no Python (PyScript is blocked), so some
three hundred screens take seconds. What is measured on each screen:

* the document is no wider than the window;
* no element reaches past the window's left or right edge, unless an ancestor clips or scrolls
  it (then it cannot widen the page);
* a name's text is not cut off without an ellipsis: an element that clips its text sideways
  either wraps it, ends it with an ellipsis, or clamps its lines (which ends with an ellipsis).

The shell's screens are measured too: home with four games in progress, setup with the names
typed, the look-alike refusal naming two of them, the replace question, the recovery screen,
"open in another window", the set-aside list and a message line.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable

import pytest
from positions import dog_play_state

import pycore
from hotseat import session_save
from hotseat.controller import Controller
from hotseat.saves import ASIDE_PREFIX, slot_key
from hotseat.session import Phase, Session

WIDTH, HEIGHT = 360, 640
#: four names of 40 characters with no break point, of the widest letter, told apart by their start
NAMES = [first + "W" * (40 - len(first)) for first in ("Ann", "Bob", "Cyd", "Dee")]
SEATS = [{"name": n, "kind": "human"} for n in NAMES]
#: options that reach a round summary and the game over in a short game
OPTIONS = {"six_nimmt": {"rounds": 2}, "bad_bunnies": {"target_score": 30}, "bunny_moose": {}, "dog": {}}
TAP_RE = re.compile(r'data-tap="([^"]*)"')


class MemoryStorage(dict):
    """The storage interface of hotseat.controller over a dict (as localStorage)."""

    def get(self, key, default=None):
        return super().get(key, default)

    def set(self, key, text):
        self[key] = text

    def remove(self, key):
        self.pop(key, None)

    def keys(self):
        return list(super().keys())


def taps(markup: str) -> list[dict]:
    """Every data-tap dict in ``markup``, in document order."""
    return [json.loads(html.unescape(m)) for m in TAP_RE.findall(markup)]


class Pages:
    """The pages drawn, each once: ``(group, label, markup)``; group is a game id or "shell"."""

    def __init__(self, group: str) -> None:
        self.group = group
        self.items: list[tuple[str, str, str]] = []
        self._seen: set[str] = set()

    def add(self, label: str, c: Controller) -> str:
        markup = str(c.render())
        if markup not in self._seen:
            self._seen.add(markup)
            self.items.append((self.group, label, markup))
        return markup


def _ends_the_game(state, seat: int, action: dict) -> bool:
    after = state.clone()
    after.apply_action(seat, action)
    return after.is_terminal()


def play(c: Controller, pages: Pages, rng: random.Random, max_screens: int, to_the_end: bool = True) -> None:
    """Drive the game on screen through its own taps (a random path), drawing every page: the
    curtain, the curtain after the page was hidden, turns, selections, a pending pick and its
    confirmation, reveal steps, round summaries and their details, the game over and its details.

    A turn taps the view's own buttons at random (a button that plays a move first); after a few
    taps that change nothing (a selection undone) it plays a random legal move directly.
    """
    hidden = False
    idle = 0
    for _ in range(max_screens):
        s = c.session
        markup = pages.add(str(s.phase), c)
        if s.phase is Phase.OVER:
            c.tap({"shell": "details"})
            pages.add("over, details", c)
            return
        if s.phase is Phase.CURTAIN:
            c.tap({"shell": "show"})
        elif s.phase is Phase.TURN:
            if s.flow.pending is not None:
                c.tap({"shell": "confirm"})
            elif not hidden:
                hidden = True
                c.page_hidden()  # "NAME's cards are hidden"
            else:
                before = s.state.to_json()
                game_taps = [t for t in taps(markup) if "shell" not in t]
                plays = [t for t in game_taps if "do" in t]
                seat = s.viewer if s.viewer is not None else s.state.current_players()[0]
                legal = s.state.legal_actions(seat)
                # on the way to the end, a move that ends the game is made as soon as there is one
                ending = [a for a in legal if to_the_end and _ends_the_game(s.state, seat, a)]
                if game_taps and idle < 6 and not ending:
                    c.tap(rng.choice(plays or game_taps))
                else:
                    s.apply(seat, ending[0] if ending else rng.choice(legal))
                idle = idle + 1 if s.state.to_json() == before and s.flow.pending is None else 0
        elif s.phase is Phase.SUMMARY:
            c.tap({"shell": "details"})
            pages.add("summary, details", c)
            c.tap({"shell": "continue"})
        else:  # reveal steps, bots
            c.tick()
    if to_the_end:
        raise AssertionError(f"{pages.group}: no game over within {max_screens} screens")


def resume(storage: MemoryStorage, game_id: str, state, seed: int, names: list[str] = NAMES) -> Controller:
    """A controller whose storage holds ``state`` as ``game_id``'s game in progress (four human
    seats named ``names``), resumed."""
    seats = [{"name": n, "kind": "human"} for n in names]
    storage.set(slot_key(game_id), session_save.to_json(Session(game_id, seats, seed, OPTIONS[game_id], state=state)))
    c = Controller(storage, bot_hook=None, seed_fn=lambda: seed)
    c.tap({"shell": "resume", "game": game_id})
    assert c.screen == "game", c.page
    return c


def near_the_end(game_id: str, seed: int, moves_before: int):
    """A state ``moves_before`` moves before the last round of a seeded game begins (so a round
    summary comes before the game over), lowest legal action each time."""
    game = pycore.load_game(game_id)
    state = game.new_initial_state(4, seed, game.resolve_options(OPTIONS[game_id]))
    history = [state.clone()]
    while not state.is_terminal():
        p = state.current_players()[0]
        state.apply_action(p, state.legal_actions(p)[0])
        history.append(state.clone())
    rounds = [h.public_observation().get("round") for h in history]
    last_round = (
        max(i for i, r in enumerate(rounds) if r != rounds[-1]) + 1 if len(set(rounds)) > 1 else len(history) - 1
    )
    return history[max(0, last_round - moves_before)]


def dog_near_the_end():
    """Dog: Ann (seat 0) has all figures home, Cyd three home and one three fields before the goal."""
    figures = [[64, 65, 66, 67], [20, -1, -1, -1], [30, 73, 74, 75], [50, -1, -1, -1]]
    hands = [["3", "5"], ["2", "8"], ["9", "10"], ["12", "13"]]
    return pycore.load_game("dog").state_from_json(dog_play_state(figures, hands, 3, deal_order=True))


GAMES = ("six_nimmt", "bad_bunnies", "bunny_moose", "dog")


def game_pages(game_id: str, names: list[str] = NAMES, at_the_end: Callable[[Controller], None] | None = None) -> Pages:
    """A game of four (``names``) from its setup (names typed) through its first screens, then from
    near its end through its last round summary to the game over; ``at_the_end(controller)`` is
    called at the game over (to draw more pages from there)."""
    pages = Pages(game_id)
    rng = random.Random(5)
    storage = MemoryStorage()
    c = Controller(storage, bot_hook=None, seed_fn=lambda: 21)
    c.tap({"shell": "new", "game": game_id})
    while c.setup.n < 4:
        c.tap({"shell": "count", "delta": 1})
    c.setup.names = list(names)  # as typed into the fields (each tap sends them)
    pages.add("setup", c)
    c.tap({"shell": "start", "fields": {f"name-{i}": names[i] for i in range(4)}})
    assert c.screen == "game", c.setup and c.setup.error
    play(c, pages, rng, 80, to_the_end=False)
    end = dog_near_the_end() if game_id == "dog" else near_the_end(game_id, 3, 8)
    c = resume(storage, game_id, end, 3, names)
    play(c, pages, rng, 600)
    if at_the_end is not None:
        at_the_end(c)
    return pages


def shell_pages(names: list[str] = NAMES) -> Pages:
    """Home with four games in progress (of four players named ``names``) and a set-aside save, the
    replace question, setup with a look-alike refused, "open in another window", the recovery
    screen, a message line."""
    pages = Pages("shell")
    storage = MemoryStorage()
    seats = [{"name": n, "kind": "human"} for n in names]
    for game_id in GAMES:
        game = pycore.load_game(game_id)
        state = game.new_initial_state(4, 9, game.resolve_options(OPTIONS[game_id]))
        storage.set(slot_key(game_id), session_save.to_json(Session(game_id, seats, 9, OPTIONS[game_id], state=state)))
    storage.set(ASIDE_PREFIX + "1", "{" + names[0])
    c = Controller(storage, bot_hook=None, seed_fn=lambda: 9)
    pages.add("home, four games in progress", c)
    c.tap({"shell": "new", "game": "six_nimmt"})
    pages.add("the replace question", c)
    c.tap({"shell": "replace"})
    while c.setup.n < 4:
        c.tap({"shell": "count", "delta": 1})
    typed = names[:3] + [names[0].lower()]  # "annwww…" looks like "AnnWWW…"
    c.tap({"shell": "start", "fields": {f"name-{i}": typed[i] for i in range(4)}})
    assert c.setup.error and names[0] in c.setup.error, "a look-alike name must be refused"
    pages.add("setup, a look-alike refused", c)
    c.tap({"shell": "menu"})
    c.tap({"shell": "resume", "game": "dog"})
    c.locks.refused("dog")
    pages.add("open in another window", c)
    c.tap({"shell": "menu"})
    storage.set(slot_key("bad_bunnies"), json.dumps({"format": "hotseat-session", "version": 2, "seats": names}))
    c.tap({"shell": "menu"})
    c.tap({"shell": "resume", "game": "bad_bunnies"})
    assert c.screen == "recovery"
    pages.add("recovery", c)
    c.tap({"shell": "menu"})
    c.message = f"{names[1]}{names[2]}"
    pages.add("home, a message", c)
    return pages


MEASURE_JS = """(width) => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) out.push(`the document is ${root.scrollWidth} px wide`);
  const describe = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ` "${(el.textContent || '').trim().slice(0, 30)}"`;
  const clippedByAncestor = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('#app *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if ((r.right > width + 0.5 || r.left < -0.5) && !clippedByAncestor(el)) {
      out.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    const style = getComputedStyle(el);
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
    if (clips && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis' && !clamped
        && el.textContent.includes('WWWWWWWW')) {
      out.push(`${describe(el)} cuts a name off (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
  }
  return out;
}"""

SHOW_JS = """([markup]) => {
  const app = document.getElementById('app');
  app.innerHTML = markup;
  const screen = app.querySelector('[data-screen]');
  document.body.setAttribute('data-screen', screen ? screen.getAttribute('data-screen') : '');
  window.scrollTo(0, 0);
}"""


@pytest.fixture(scope="module")
def all_pages() -> list[tuple[str, str, str]]:
    return [item for pages in [shell_pages()] + [game_pages(g) for g in GAMES] for item in pages.items]


def test_the_walk_reaches_every_kind_of_screen(all_pages):
    """The pages measured below hold every kind of screen of each game (else the check proves little)."""
    kinds: dict[str, set] = {}
    for group, _label, markup in all_pages:
        match = re.search(r'data-screen="([^"]+)"', markup)
        kinds.setdefault(group, set()).add(match.group(1))
    for game_id in GAMES:
        assert {"setup", "turn", "over"} <= kinds[game_id], (game_id, kinds[game_id])
    # a curtain wherever a player has a hand (Bunny Bunny Moose Moose is narrated for the whole table)
    assert all("curtain" in kinds[g] for g in ("six_nimmt", "bad_bunnies", "dog"))
    assert "summary" in kinds["six_nimmt"] and "summary" in kinds["bad_bunnies"]
    assert "reveal" in kinds["six_nimmt"] and "reveal" in kinds["bunny_moose"]
    assert kinds["shell"] == {"home", "setup", "recovery", "elsewhere"}
    named = [
        (group, label)
        for group, label, markup in all_pages
        if group != "shell" and re.search(r'data-screen="(curtain|turn|over)"', markup)
    ]
    assert named and all(
        any(n in markup for n in NAMES) for group, label, markup in all_pages if (group, label) in named
    ), "every curtain, turn and game-over screen shows a long name"


def test_four_40_character_names_never_widen_a_screen_at_360x640(page, all_pages):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.route("**/pyscript/core.js", lambda route: route.abort())  # the stylesheet alone; no Python
    page.goto("./")
    page.wait_for_function("document.fonts.status === 'loaded'")
    problems = {}
    # each page shown (SHOW_JS) and measured (MEASURE_JS) in turn, all pages in one call
    each = f"(pages) => pages.map((markup) => {{ ({SHOW_JS})([markup]); return ({MEASURE_JS})({WIDTH}); }})"
    for (group, label, _markup), found in zip(
        all_pages, page.evaluate(each, [m for _g, _l, m in all_pages]), strict=True
    ):
        if found:
            problems.setdefault(f"{group} {label}", found[:4])
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in list(problems.items())[:20])
