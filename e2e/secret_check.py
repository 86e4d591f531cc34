"""The screen keeps secrets: one check for every game with hidden information.

:class:`SecretChecker` is called by the e2e drivers at every curtain and at every player's own
screen. One ``page.evaluate`` per screen (:data:`DUMP_JS`) returns the app's save and every
element of the WHOLE document — inside and outside ``#app``, hidden or not, shadow roots included
— as ``[in_app, tag, [[attr, value], ...], direct text, in_svg]`` (every attribute: aria-label,
title, data-*, style …; form values; texts of scripts and comments; template contents; only
``<style>`` CSS is left out). The checks:

1. **Card elements and taps, from the engine's observation** (:meth:`SecretChecker.check_cards`,
   independent of the UI code): the elements that draw a card (``data-card``, a class
   ``card``/``*-card``) anywhere in the document, counted per kind, are within what the viewer
   may see — ``public_observation()`` at a curtain, ``observation(p)`` on p's screen (own hand,
   the table's face-up cards); every card named in a ``data-tap`` is in the viewer's own hand
   (none at a curtain). A game whose cards are unique numbers (6 nimmt!'s 1..104) adds
   :func:`check_numbers`: every number in ``#app`` is public, or from the viewer's own hand on
   their screen. What each game draws face up is declared once, in :data:`GAMES`. Both run at
   curtains and players' screens (a round summary or game over also shows the finished round).
2. **Token counts** (:meth:`SecretChecker.check_tokens`): cards have duplicate kinds (two players
   may both hold a 7), so the search counts. Every token that can name a card or a secret choice
   (:data:`TOKEN_RE`) is counted in the live document; per token the count may not exceed what
   the same screen carries when everything hidden from the viewer is different — the app's own
   shell and view (in CPython: the UI package the served site runs, :func:`ui_modules`) render
   the screen from three ``game.sample_hidden`` re-deals (from two seats for a curtain, which shows
   nothing private; a secret choice among few values, like Bad Bunnies' keep / redraw, set to each
   value in turn), the minimum is the allowance — and, outside ``#app``, what the document carried
   on the home screen before any card was dealt. A hidden card anywhere in the DOM is one token more
   than the allowance; the excess is reported with the hidden hands and secret picks that hold it:
   every field the engine declares as one seat's own (owner ``SEAT``: hands, picks, Dog's gifts, Bad
   Bunnies' choices).
3. **Sanity**: the live ``#app`` carries exactly the tokens of the app's own render of the real
   state, so the allowance is exact (no slack for a leak to hide in) and the checker cannot pass
   by comparing the wrong screen.

Checks 1–3 run at every curtain, round summary and game over screen, on arrival at each
player's screen, and after each tap there that changes nothing in the game yet (a card selected,
a question opened, a pick pending): :data:`TAP_LOG_JS` records the taps the app takes and the
reference render replays them (``counts["tap"]``). The checker follows the game: it infers the
action between two saves (to give the view the same last events as the live session) and who
holds the phone (the last curtain's player).
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pycore
from pycore.core import SEAT
from pycore.games import six_nimmt
from pycore.rng import Rng

ROOT = Path(__file__).resolve().parent.parent

UI_SOURCES = ROOT / "web" / "hotseat"
_ui_modules: dict = {}


def ui_modules() -> tuple:
    """``(Controller, Session)`` of the UI the served page runs: web/hotseat, the sources the `site`
    fixture builds build/site from (its archive holds them as Pyodide bytecode or stripped source,
    which this Python cannot all run), loaded once under the name ``hotseat_web`` so it cannot clash
    with web/hotseat imported by the unit tests as ``hotseat``."""
    if not _ui_modules:
        package, alias = UI_SOURCES, "hotseat_web"
        spec = importlib.util.spec_from_file_location(
            alias, package / "__init__.py", submodule_search_locations=[str(package)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[alias] = module
        spec.loader.exec_module(module)
        _ui_modules["Controller"] = importlib.import_module(f"{alias}.controller").Controller
        _ui_modules["Session"] = importlib.import_module(f"{alias}.session").Session
        _ui_modules["session_save"] = importlib.import_module(f"{alias}.session_save")
        _ui_modules["pages"] = importlib.import_module(f"{alias}.pages")
        _ui_modules["taps"] = importlib.import_module(f"{alias}.taps")
        narration = importlib.import_module(f"{alias}.narration")
        _ui_modules["cues"] = frozenset(narration.CUES) | {narration.TURN}
        _ui_modules["from"] = str(package)
    return _ui_modules["Controller"], _ui_modules["Session"]


#: every element of the document as [in_app, tag, [[name, value]...], direct text, in_svg, place]
#: (place: 1 inside the page's own screen, ``#app .screen``; 2 inside the phones' pairing sheet over
#: it, ``#app .net-sheet``; else 0: the strip, other sheets, outside ``#app``); the save
DUMP_JS = """(key) => {
  const app = document.getElementById('app');
  const items = [];
  const walk = (root, inShadow) => {
    for (const el of root.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      const attrs = [];
      for (const a of el.attributes) attrs.push([a.name, a.value]);
      if ('value' in el && typeof el.value === 'string' && ['input', 'textarea', 'select'].includes(tag)) {
        attrs.push(['.value', el.value]);
      }
      let text = '';
      if (tag !== 'style') {  // CSS is left out; script text is kept
        const parts = [];
        // texts, comments
        for (const n of el.childNodes) if (n.nodeType === 3 || n.nodeType === 8) parts.push(n.nodeValue);
        text = parts.join(' ');
      }
      const inApp = app !== null && el !== app && (app.contains(el) || inShadow);
      const place = el.closest('#app .screen') ? 1 : el.closest('#app .net-sheet') ? 2 : 0;
      items.push([inApp ? 1 : 0, tag, attrs, text, el.closest('svg') ? 1 : 0, place]);
      if (el.shadowRoot) walk(el.shadowRoot, inApp);
      if (tag === 'template') walk(el.content, inApp);
    }
  };
  const top = document.documentElement;
  items.push([0, 'html', [...top.attributes].map(a => [a.name, a.value]), '', 0, 0]);
  walk(document, false);
  const name = document.querySelector('#app .curtain .pass-name');
  const taps = (window.__hsTaps || []).splice(0);
  // one JSON string: Playwright passes it as one value (a tree of 2,000 elements is slow to send)
  return JSON.stringify({save: localStorage.getItem(key), items, taps,
                         screen: document.body.getAttribute('data-screen') || '',
                         passName: name ? name.textContent : null});
}"""


def save_key(game_id: str) -> str:
    """The storage key of a game's game in progress (the app's hotseat.saves.slot_key)."""
    return f"hotseat.game.{game_id}"


def private_screen(items: list[list]) -> bool:
    """Whether the dumped screen shows one player's private view (``.screen[data-private]``)."""
    return any(
        item[1] == "div"
        and any(k == "data-private" for k, _v in item[2])
        and any(k == "class" and "screen" in v.split() for k, v in item[2])
        for item in items
    )


def dump_page(page, game_id: str = "six_nimmt") -> dict:
    """:data:`DUMP_JS` of the page: ``{"save", "items", "taps", "screen", "passName"}`` (``save``:
    the stored game in progress of ``game_id``)."""
    return json.loads(page.evaluate(DUMP_JS, save_key(game_id)))


#: records the data-tap of every tap the app takes (as app.py: the nearest [data-tap] in #app, not
#: the second click of a double tap), so the checker can replay a player's selections
TAP_LOG_JS = """(() => {
  if (window.__hsTapLog) return;
  window.__hsTapLog = true;
  window.__hsTaps = [];
  document.addEventListener('click', e => {
    const app = document.getElementById('app');
    const t = e.target && e.target.closest ? e.target.closest('[data-tap]') : null;
    if (t && app && app.contains(t) && !(e.detail > 1)) window.__hsTaps.push(t.getAttribute('data-tap'));
  }, true);
})()"""

#: everything that can name a card or a secret choice: runs of digits (6 nimmt!, Bad Bunnies, Dog's
#: number kinds and "1/11"), Dog's swap and joker (words and the symbols the view draws), Bad
#: Bunnies' keep / redraw ("new hand") choice
TOKEN_RE = re.compile(r"\d+|⇄|★|swap|joker|keep|redraw|new hand", re.IGNORECASE)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
CARD_CLASS_RE = re.compile(r"(?:^|-)card$")
TAP_CARD_KEYS = ("card", "play", "give", "pick")


class _Items(HTMLParser):
    """The same [in_app, tag, attrs, direct text, in_svg] list as DUMP_JS, from a markup string."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[list] = []
        self.stack: list[list] = []

    def _svg(self, tag) -> int:
        return 1 if tag == "svg" or any(i[1] == "svg" for i in self.stack) else 0

    def handle_starttag(self, tag, attrs):
        item = [1, tag, [[k, v if v is not None else ""] for k, v in attrs], [], self._svg(tag)]
        self.items.append(item)
        if tag not in VOID:
            self.stack.append(item)

    def handle_startendtag(self, tag, attrs):
        self.items.append([1, tag, [[k, v if v is not None else ""] for k, v in attrs], [], self._svg(tag)])

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][1] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if self.stack and self.stack[-1][1] != "style":
            self.stack[-1][3].append(data)

    handle_comment = handle_data


def parse_items(markup: str) -> list[list]:
    parser = _Items()
    parser.feed(markup)
    parser.close()
    return [[i[0], i[1], i[2], " ".join(i[3]), i[4]] for i in parser.items]


def cue_names() -> frozenset:
    """The names a sound cue may carry: the served UI's table of cues and "your turn"."""
    ui_modules()
    return _ui_modules["cues"]


def tokens(items, in_app: int | None = None) -> Counter:
    """Card-naming tokens (lower case) in the attributes and texts of ``items``."""
    parts = []
    for flag, _tag, attrs, text, *_ in items:
        if in_app is not None and flag != in_app:
            continue
        for name, value in attrs:
            if name == "data-cue":  # a sound cue's name: one of the app's fixed table of cues
                assert value in cue_names(), f"LEAK — a sound cue that is no cue: {value!r}"
                continue
            if name == "data-fx-key":  # a sound cue's key: public by its shape, or a leak
                assert _PUBLIC_FX_KEY.fullmatch(value), (
                    f"LEAK — a sound cue's key holds more than its public parts: {value!r}"
                )
                continue
            parts.append(value)
        parts.append(text)
    return Counter(TOKEN_RE.findall("\x00".join(parts).lower()))


_STYLE_RE = re.compile(r"<style\b[^>]*>.*?</style\s*>", re.IGNORECASE | re.DOTALL)
_COMMENT_RE = re.compile(r"<!--(.*?)-->", re.DOTALL)
#: a sound cue's key (hotseat.cues): which table of this page ("m" and its number, or "g" and a
#: phone's epoch), how many moves were made here, and the event's index or "turn". Public by
#: construction; anything else in a key (a seed, a card) is a leak in its own right.
_FX_KEY_RE = re.compile(r'\sdata-fx-key="([^"]*)"')
_PUBLIC_FX_KEY = re.compile(r"(?:m\d{1,4}|g\d{1,6})-\d{1,5}-(?:\d{1,4}|turn)")


def fx_keys_public(markup: str) -> str:
    """``markup`` without its sound cues' keys; AssertionError naming a key that is not of the
    public shape (:data:`_PUBLIC_FX_KEY`)."""
    for key in _FX_KEY_RE.findall(markup):
        assert _PUBLIC_FX_KEY.fullmatch(key), f"LEAK — a sound cue's key holds more than its public parts: {key!r}"
    return _FX_KEY_RE.sub("", markup)


_TAG_RE = re.compile(r"<[^>]*>")
_VALUE_RE = re.compile(r"""=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")


def markup_tokens(markup: str) -> Counter:
    """:func:`tokens` of the markup the app renders (attribute values and texts; no <style>),
    without building the element list (a Dog board has some 2,000 elements)."""
    markup = _COMMENT_RE.sub(lambda m: " " + m.group(1).replace("<", " ") + " ", _STYLE_RE.sub("<style>", markup))
    markup = fx_keys_public(markup)
    parts = []
    at = 0
    for m in _TAG_RE.finditer(markup):
        parts.append(markup[at : m.start()])
        tag = m.group()
        name_end = re.match(r"</?[^\s/>]*", tag).end()
        parts.extend(a or b or c for a, b, c in _VALUE_RE.findall(tag[name_end:]))
        at = m.end()
    parts.append(markup[at:])
    return Counter(TOKEN_RE.findall(html.unescape("\x00".join(parts)).lower()))


def _card_of(attrs: dict, text: str) -> str | None:
    """The card an element draws: its data-card, else the first token of aria-label or text."""
    if "data-card" in attrs:
        return attrs["data-card"].strip().lower()
    for source in (attrs.get("aria-label", ""), text):
        m = re.search(r"1/11|\d+|swap|joker", source, re.IGNORECASE)
        if m:
            return m.group().lower()
    return None


def card_elements(items) -> list[str]:
    """Cards drawn by elements anywhere in the document (data-card, class card / *-card)."""
    out = []
    for _flag, _tag, attrs, text, *_ in items:
        a = dict(attrs)
        classes = a.get("class", "").split()
        if "data-card" in a or any(CARD_CLASS_RE.search(c) for c in classes):
            card = _card_of(a, text)
            if card is not None:
                out.append(card)
    return out


def tap_cards(items) -> list[str]:
    """Every card named in a data-tap (keys card/play/give/pick at any depth)."""
    out = []

    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                if k in TAP_CARD_KEYS and isinstance(v, (int, str)) and not isinstance(v, bool):
                    out.append(str(v).lower())
                else:
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for _flag, _tag, attrs, _text, *_ in items:
        for name, value in attrs:
            if name == "data-tap":
                try:
                    walk(json.loads(value))
                except ValueError:
                    out.append(value)
    return out


# ---- what each game shows: its declaration ------------------------------------------------------
#
# What the table keeps secret comes from the engine's own declarations: every saved field owned by a
# seat (``SEAT`` in the game's ``FIELDS``: hands, 6 nimmt!'s picks, Dog's gifts, Bad Bunnies' keep /
# redraw choices ...) is that player's alone. What a game draws face up, and whether its cards are
# unique numbers, is declared once per game in :data:`GAMES` — a game added to the engine needs one
# entry there, and nothing else in this checker.


def bullheads(card: int) -> int:
    """A 6 nimmt! card's bullheads (SN-2), from the engine."""
    return six_nimmt.BULLHEADS[card]


def six_nimmt_public_numbers(obs: dict) -> set[int]:
    """Every number the 6 nimmt! public table may show: cards on the table, totals, scores, counters."""
    nums = {c for r in obs["rows"] for c in r} | {p["card"] for p in obs["revealed"]}
    nums |= {bullheads(c) for c in nums} | {sum(bullheads(c) for c in r) for r in obs["rows"]}
    nums |= set(obs["scores"]) | set(obs["round_bullheads"])
    nums |= {s + b for s, b in zip(obs["scores"], obs["round_bullheads"])}
    nums |= {obs["round"], obs["turn"], 10, obs["target_score"], 1, 2, 3, 4}
    if obs["rounds"]:
        nums.add(obs["rounds"])
    return nums


@dataclass(frozen=True)
class Shows:
    """What one game shows, for the checks that depend on it.

    ``face_up(obs)``: the cards the table draws as card elements for everyone, from an observation
    (``public_observation()`` or a player's). ``numbers``: for games whose cards are unique numbers,
    ``(public_numbers(obs), own(card))`` — every number the public table may show, and the numbers
    a card of the viewer's own hand adds (the card, its bullheads …): with it, every number in
    ``#app`` is checked (:func:`check_numbers`). ``None``: card kinds repeat, the token count
    covers them.
    """

    face_up: Callable[[dict], list]
    numbers: tuple[Callable[[dict], set[int]], Callable[[int], set[int]]] | None = None


GAMES: dict[str, Shows] = {
    "six_nimmt": Shows(
        face_up=lambda obs: [c for r in obs["rows"] for c in r] + [p["card"] for p in obs.get("revealed", [])],
        numbers=(six_nimmt_public_numbers, lambda card: {card, bullheads(card)}),
    ),
    "bad_bunnies": Shows(face_up=lambda obs: [] if obs.get("top") is None else [obs["top"]]),
    # the discard pile and the board are named in words, never drawn as cards
    "dog": Shows(face_up=lambda obs: []),
    "bunny_moose": Shows(face_up=lambda obs: []),
}


def shows(game_id: str) -> Shows:
    """The declaration of ``game_id``; a game without one fails with a message saying so."""
    assert game_id in GAMES, f"e2e/secret_check.py: declare what {game_id!r} shows in GAMES"
    return GAMES[game_id]


def face_up(game_id: str, obs: dict) -> list[str]:
    """Cards the table shows as card elements to everyone (lower-case tokens)."""
    return [str(c).lower() for c in shows(game_id).face_up(obs)]


def seat_fields(state) -> list:
    """The engine's fields of ``state`` whose entry ``p`` only player ``p`` sees (owner ``SEAT``)."""
    return [f for f in state.fields() if f.owner == SEAT]


def hands(state) -> list[list[str]]:
    return [[str(c).lower() for c in state.observation(p).get("hand") or []] for p in range(state.num_players)]


def secrets_of(state, player: int) -> list[tuple[str, list[str]]]:
    """``[(what, values)]`` of everything only ``player`` knows, as lower-case tokens, one per
    ``SEAT`` field: ``("hand", cards)`` for the hand, ``("secret pick", [value])`` for a field of
    one value per seat (a pick, a gift, a keep / redraw choice; ``[]`` until chosen), else the
    field's name and its values."""
    out = []
    for f in seat_fields(state):
        value = getattr(state, f.attr)[player]
        if isinstance(value, list):
            out.append(("hand" if f.name == "hands" else f.name, [str(v).lower() for v in value]))
        else:
            out.append(("secret pick", [] if value is None else [str(value).lower()]))
    return out


def small_choices(spec) -> tuple | None:
    """The values of a seat's secret choice among few (a ``Choice`` of at most
    :attr:`SecretChecker.REDEALS` values, possibly ``Nullable``), else ``None`` (cards, numbers)."""
    spec = getattr(spec, "spec", spec)  # Nullable(x) -> x
    values = tuple(v for v in getattr(spec, "values", ()) if v is not None)
    return values if 0 < len(values) <= SecretChecker.REDEALS else None


NUMBER_RE = re.compile(r"(?<![\w.#-])\d+(?![\w.-])")


def told_numbers(events) -> set[int]:
    """The numbers 6 nimmt!'s public ``events`` told the whole table (the story of the last turn and
    of the round, which the table in the middle shows): the cards turned over, placed and taken —
    a card once turned over is never hidden again, so allowing it cannot hide a leak — and each
    taken row's bullheads (a small number a hidden card may share: the token count, which compares
    the screen with re-deals of every hidden card, still catches such a card)."""
    return told_cards(events) | {e["bullheads"] for e in events if e.get("type") == "place" and e["taken"]}


def told_cards(events) -> set[int]:
    """The 6 nimmt! cards public ``events`` turned over, placed or took (:func:`told_numbers`
    without the bullhead counts)."""
    told: set[int] = set()
    for e in events:
        if e.get("type") == "reveal":
            told |= {p["card"] for p in e["picks"]}
        elif e.get("type") == "place":
            told |= {e["card"], *e["taken"]}
    return told


def check_numbers(game_id: str, items, state, viewer: int | None, told: set[int] | frozenset[int] = frozenset()) -> int:
    """For a game whose cards are unique numbers (``GAMES[game_id].numbers``, e.g. 6 nimmt!'s
    1..104): every number in #app's texts and attributes (SVG drawings left out) is public, or — on
    a player's own screen — a card of their hand or derived from it (its bullheads, the hand size),
    or ``told`` by this round's public events (:func:`told_numbers`). Returns how many numbers were
    looked at (0 for other games)."""
    declared = shows(game_id).numbers
    if declared is None:
        return 0
    public_numbers, own = declared
    obs = state.public_observation()
    allowed = public_numbers(obs) | set(told)
    if viewer is not None:
        hand = state.observation(viewer)["hand"]
        allowed |= {n for c in hand for n in own(c)} | {len(hand), 0}  # 0: the first row's index
    seen = 0
    stray = []
    for flag, tag, attrs, text, *rest in items:
        if flag != 1 or (rest and rest[0]) or tag == "svg":
            continue
        for where, value in [(f"@{k}", v) for k, v in attrs] + [("text", text)]:
            for m in NUMBER_RE.finditer(value):
                seen += 1
                if int(m.group()) not in allowed:
                    around = value[max(0, m.start() - 40) : m.end() + 20]
                    stray.append(f"{int(m.group())} in <{tag}> {where}: {around!r}")
    hidden = {c for p in range(state.num_players) if p != viewer for c in state.observation(p)["hand"]}
    place = "curtain" if viewer is None else f"screen of seat {viewer:d}"
    held = sorted(hidden & {int(x.split()[0]) for x in stray})
    assert not stray, f"LEAK — numbers on the {place} that are not public (other hands hold {held}): {stray[:8]}"
    return seen


def check_six_nimmt_numbers(items, state, viewer: int | None) -> int:
    """:func:`check_numbers` for 6 nimmt!."""
    return check_numbers("six_nimmt", items, state, viewer)


class NoStorage:
    """A storage that keeps nothing (the controller's storage interface): no save, no settings."""

    def get(self, key, default=None):
        return default

    def set(self, key, text):
        pass

    def remove(self, key):
        pass


class SecretChecker:
    """Follows one game through the real UI and checks each curtain and each player's own screen.

    ``check(page)`` returns True when it checked the screen: a curtain, a round summary, game
    over, a player's own screen on arrival (``counts["turn"]``) or after taps that changed nothing
    in the game yet (a card selected, a question opened, a pick pending: ``counts["tap"]``; the
    taps are replayed on the reference render). False: nothing happened since the last check, or
    a screen of another kind (reveal, bot). ``counts`` says how many of each were checked;
    ``seconds`` the time it took. Call :meth:`baseline` on the home screen first, and
    :meth:`reloaded` after a reload or Continue.
    """

    REDEALS = 3

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.game = pycore.load_game(game_id)
        self.outside: Counter | None = None
        self.prev_state = None
        self.prev_json: str | None = None
        self.back_json: str | None = None  # the state before the last move ("Undo my move" returns to it)
        self.back_state = None
        self.events: list[dict] = []
        self.holder: int | None = None
        self.mover: int | None = None  # whose own screen was checked last
        self.key: tuple | None = None  # the screen last checked: (screen, state, who, events)
        self.taps: list[dict] = []  # taps made on that screen since it arrived
        self.checked = 0
        self.counts = {"curtain": 0, "turn": 0, "summary": 0, "over": 0, "tap": 0}
        self.seconds = 0.0  # wall time spent checking
        self.dump_seconds = 0.0  # of which reading the page
        self.last: dict = {}

    # -- following the game ------------------------------------------------------------------

    def baseline(self, page) -> None:
        """Tokens outside #app before any card is dealt (call on the home screen)."""
        page.add_init_script(script=TAP_LOG_JS)  # every later page load records taps
        page.evaluate(TAP_LOG_JS)  # and this one
        dump = dump_page(page, self.game_id)
        self.outside = tokens(dump["items"], in_app=0)

    def reloaded(self, page) -> None:
        """After a page reload: the session resumes with the saved events and nobody holds the phone."""
        ui_modules()
        text = page.evaluate("key => localStorage.getItem(key)", save_key(self.game_id))
        # the app recomputes the events from its move log
        self.events = list(_ui_modules["session_save"].from_json(text).events)
        self.holder = self.mover = None
        self.key = None
        self.taps = []

    def _told(self, save_text: str) -> set[int]:
        """What the public events of the last move and of this round told (6 nimmt!: the table
        screen's story), from the save as the app reads it."""
        if self.game_id != "six_nimmt":
            return set()
        ui_modules()
        round_events = _ui_modules["session_save"].from_json(save_text).round_events
        return told_numbers(list(self.events) + list(round_events))

    def _follow(self, state_json: str):
        state = self.game.state_from_json(state_json)
        if self.prev_json is not None and state_json != self.prev_json:
            try:
                # first a move from the last state: after "Undo my move" the player may make the
                # same move again, which gives the state before the undo back, with its events
                self.events = self._infer_events(self.prev_state, state)
            except AssertionError:
                if state_json == self.back_json:
                    self.events = []  # "Undo my move": the table as before the last move, no events
                elif self.back_state is None:
                    raise
                else:
                    # the last move was taken back ("Undo my move") and another one made instead
                    self.events = self._infer_events(self.back_state, state)
            self.back_json, self.back_state = self.prev_json, self.prev_state
        self.prev_state, self.prev_json = state, state_json
        return state

    def _infer_events(self, before, after) -> list[dict]:
        """The events of the one action that turned ``before`` into ``after``."""
        target = after.to_dict()
        for p in before.current_players():
            for action in before.legal_actions(p):
                trial = before.clone()
                events = trial.apply_action(p, action)
                if trial.to_dict() == target:
                    return events
        raise AssertionError("the checker missed a move: more than one action between two checked screens")

    # -- the reference render -------------------------------------------------------------------

    def render(self, save: dict, state, screen: str, who: int | None) -> str:
        """The app's whole #app markup for ``state``: the curtain for ``who``, ``who``'s own screen
        (``"turn"``), the round summary or the game over screen."""
        Controller, Session = ui_modules()
        # through the app's own resume, so whatever else the save keeps reaches the view as live
        # (the round's events, recomputed from its move log); then the same table with ``state``
        real = _ui_modules["session_save"].from_dict(save)
        session = Session(
            real.game_id,
            real.seats,
            real.seed,
            real.options,
            state=state,
            summary_due=screen == "summary",
            events=list(self.events),
            round_events=real.round_events,
        )
        if screen == "turn" and who is None:  # a choice on the public table: the session's own turn
            assert session.phase == screen and session.viewer is None and session.actor is not None
        elif screen in ("curtain", "turn"):
            session.curtain.up(who)  # the curtain for who (nothing pending, no reveal) ...
            if screen == "turn":
                shown = _ui_modules["taps"].ShowCards()
                _ui_modules["pages"].play_tap(session, shown)  # ... and who's own screen behind it
            assert session.phase == screen and (screen == "curtain" or session.viewer == who), (session.phase, screen)
        else:
            assert session.phase == screen, (session.phase, screen)
        controller = Controller(storage=NoStorage(), bot_hook=None)
        controller.page = _ui_modules["pages"].GamePage(session)
        for tap in self.taps:  # the viewer's selections on this screen, as the live page took them
            controller.tap(dict(tap, fields={}))
        return controller.render()

    # -- the checks -----------------------------------------------------------------------------

    def check(self, page) -> bool:
        t0 = time.perf_counter()
        try:
            return self._check(page)
        finally:
            self.seconds += time.perf_counter() - t0

    def _check(self, page) -> bool:
        t0 = time.perf_counter()
        dump = dump_page(page, self.game_id)
        self.dump_seconds += time.perf_counter() - t0
        screen = dump["screen"]
        if screen not in ("curtain", "turn", "summary", "over"):
            return False
        save = json.loads(dump["save"])
        state = self._follow(save["state"])
        names = [s["name"] for s in save["seats"]]
        new_taps = [json.loads(t) for t in dump["taps"]]
        if screen == "curtain":
            assert dump["passName"] in names, f"curtain for an unknown name {dump['passName']!r}"
            who = names.index(dump["passName"])
            self.holder = who  # "Show my cards" gives the phone to them
        elif screen == "turn" and not private_screen(dump["items"]):
            who = None  # a choice made on the public table (6 nimmt!'s row to take): nothing private
        elif screen == "turn" and any(t.get("shell") == "take_back" for t in new_taps):
            assert self.mover is not None, "a move taken back with nobody who moved"
            self.holder = who = self.mover  # "Undo my move": the phone never left the mover
        elif screen in ("summary", "over"):
            who = None  # the round summary and the game over screen are for the whole table
        else:
            assert self.holder is not None, "a player's screen without a curtain before it"
            who = self.mover = self.holder  # the player whose screen this is ("Undo my move" returns to them)
        key = (screen, self.prev_json, who, json.dumps(self.events, sort_keys=True))
        viewer = who if screen == "turn" else None
        new_taps = [json.loads(t) for t in dump["taps"]]
        if key != self.key:  # a new screen: the taps that led here are history (local is cleared)
            self.key, self.taps, kind = key, [], screen
        elif new_taps:  # the same game state after taps on this screen: replay them
            self.taps.extend(new_taps)
            kind = "tap"
        else:
            return False
        self.checked += 1
        self.last = {"screen": screen, "viewer": viewer, "state": state, "save": save, "items": dump["items"]}
        if screen in ("curtain", "turn"):
            # (a round summary and the game over screen also show the cards and points of the
            # finished round, from its public events: only the token count applies to them)
            self.check_cards(dump["items"], state, viewer)
            check_numbers(self.game_id, dump["items"], state, viewer, self._told(dump["save"]))
        self.check_tokens(dump["items"], state, save, screen, who)
        self.counts[kind] += 1
        return True

    def check_cards(self, items, state, viewer: int | None) -> None:
        """Card elements within face-up + own hand; data-tap cards only from the own hand."""
        obs = state.public_observation() if viewer is None else state.observation(viewer)
        allowed = Counter(c.lower() for c in face_up(self.game_id, obs))
        own = Counter(str(c).lower() for c in obs.get("hand") or [])
        allowed += own
        drawn = Counter(card_elements(items))
        extra = drawn - allowed
        assert not extra, self._explain(f"card elements beyond what {self._who(viewer)} may see", extra, state, viewer)
        named = Counter(tap_cards(items))
        stray = {c: k for c, k in named.items() if c not in own}
        assert not stray, self._explain(
            f"data-tap names cards {self._who(viewer)} does not hold", Counter(stray), state, viewer
        )

    def check_tokens(self, items, state, save: dict, screen: str, who: int | None) -> None:
        """Per token: live count <= the same screen's count under re-deals of everything hidden."""
        viewer = who if screen == "turn" else None
        assert self.outside is not None, "call baseline(page) on the home screen first"
        live_out = tokens(items, in_app=0)
        extra_out = live_out - self.outside
        assert not extra_out, self._explain(
            "outside #app (body, head, dialogs) since the home screen", extra_out, state, viewer
        )
        live = tokens(items, in_app=1)
        allowance: Counter | None = None
        for k in range(self.REDEALS):
            seat = viewer if viewer is not None else k % state.num_players
            other = self.game.sample_hidden(state, seat, Rng(7919 * k + 17 + self.checked))
            if viewer is None:  # a curtain shows only public things: re-deal from a second seat too
                other = self.game.sample_hidden(other, (seat + 1) % state.num_players, Rng(31 * k + 5))
            for f in seat_fields(other):  # a secret choice among few (BB-8 keep / redraw): each value in turn
                values = small_choices(f.spec.item)
                if values and k < len(values):
                    entries = getattr(other, f.attr)
                    setattr(
                        other, f.attr, [c if c is None or p == viewer else values[k] for p, c in enumerate(entries)]
                    )
            counts = markup_tokens(self.render(save, other, screen, who))
            allowance = counts if allowance is None else allowance & counts
        extra = live - allowance
        assert not extra, self._explain(f"tokens in #app beyond what {self._who(viewer)} may see", extra, state, viewer)
        actual = markup_tokens(self.render(save, state, screen, who))
        assert live == actual, (
            f"the live #app is not the app's render of this {screen} (checker out of step, or build/site "
            f"older than web/?): "
            f"only live {dict(live - actual)}, only rendered {dict(actual - live)}"
        )

    # -- messages -----------------------------------------------------------------------------

    def _who(self, viewer: int | None) -> str:
        return "the table (curtain)" if viewer is None else f"seat {viewer}"

    def _explain(self, what: str, extra: Counter, state, viewer: int | None) -> str:
        def names(card: str) -> bool:  # all tokens of the card are in excess ("1/11": "1" and "11")
            if card == "redraw" and "new hand" in extra:  # Bad Bunnies says "new hand" for it
                return True
            toks = [t.lower() for t in TOKEN_RE.findall(card)]
            return card in extra or (bool(toks) and all(t in extra for t in toks))

        hidden = []
        for p in range(state.num_players):
            if p == viewer:
                continue
            for kind, values in secrets_of(state, p):  # (not ``what``: the message's subject)
                hits = sorted({v for v in values if names(v)})
                if hits and kind == "secret pick":
                    hidden.append(f"seat {p}'s secret pick is {hits[0]}")
                elif hits:
                    hidden.append(f"seat {p}'s {kind} holds {hits}")
        return f"LEAK — {what}: {dict(extra)}; " + ("; ".join(hidden) or "(no hidden hand or pick holds them)")


#: the screens a table screen shows (never a curtain or a player's own screen)
TABLE_SCREENS = ("wait", "bot", "reveal", "summary", "over")

#: a mark of everything :data:`DUMP_JS` reads on a table screen, cheap to take: how many changes a
#: MutationObserver on the whole document has seen (attributes, texts and elements, anywhere in
#: the document; installed on the first call, which returns null), every form field's value
#: (typing changes no DOM) and the save. Null whenever the document has a shadow root or a
#: template, whose insides the observer does not see. Two equal marks: the same document and save.
MARK_JS = """(key) => {
  if (document.querySelector('template') || [...document.querySelectorAll('*')].some(e => e.shadowRoot)) return null;
  if (!window.__hsMarks) {
    window.__hsMarks = {n: 0, id: Math.random()};
    window.__hsMarks.observer = new MutationObserver(records => { window.__hsMarks.n += records.length; });
    const all = {subtree: true, childList: true, attributes: true, characterData: true};
    window.__hsMarks.observer.observe(document, all);
    return null;
  }
  const m = window.__hsMarks;
  m.n += m.observer.takeRecords().length;
  const values = [...document.querySelectorAll('input, textarea, select')].map(e => e.value);
  return JSON.stringify([m.id, m.n, values, localStorage.getItem(key)]);
}"""


class TableChecker:
    """Follows a game on a table screen (every seat a phone's or a bot's: the screen is the table
    in the middle) and checks its whole document after every step (:meth:`check`):

    1. it is never a curtain or a player's screen, never private (``data-private``), and its save
       says it is a table screen;
    2. **card elements and taps** (:meth:`SecretChecker.check_cards` with no viewer): only the
       public table's cards, no card in a ``data-tap``; 6 nimmt!'s **numbers**
       (:func:`check_numbers`): every number public or told by the story's public events
       (:func:`told_numbers` of the last move's and this round's). During a reveal the table also shows the
       cards of the state before the move: the state at the previous check counts as public too;
    3. **token counts** in the page's own screen (``#app .screen``), on every screen but a reveal:
       at most what the app's own render of the same table screen carries when everything hidden
       is dealt again (three times, from two seats each), and exactly what it carries for the real
       state, checked first (the last move's events inferred as :class:`SecretChecker` does; when
       more moves reached a state one move also reaches, such as a seven split in steps read as
       one seven, the events of the save's last logged move; a document not yet drawn for the
       save read with it is read again after a pause, :attr:`OUT_OF_STEP_TRIES`, counted in
       ``reread``; a screen reached by more than one move since the last check is counted in
       ``skipped``);
    4. **outside the table's own screen** in ``#app`` (the phones strip, the pairing sheet but its
       code, toasts, the sound markers): no card-naming token at all but the seat numbers of its
       ``data-seat`` attributes and its taps' ``seat`` (:func:`seat_numbers`); outside ``#app``,
       nothing more than on the home screen (:meth:`baseline`).

    Checks 1, 2 and 4 run on every screen; check 3 re-renders the table several times, so with
    ``every`` > 1 it runs on a sample (:meth:`_due`: every screen after a reveal, every summary and
    game over, every ``every``-th screen), the others counted in ``sampled_out``.

    A call that finds the document and the save as the last check read them (:data:`MARK_JS`:
    nothing changed on the table since, as after a phone's tap the table does not show) has
    nothing new to check: it is counted in ``unchanged`` and returns that screen's name.
    """

    def __init__(self, game_id: str, every: int = 1) -> None:
        self.cards = SecretChecker(game_id)
        self.game_id = game_id
        self.every = every
        self.last_screen: str | None = None
        self.game = self.cards.game
        self.prev_state = None
        self.prev_json: str | None = None
        self.before = None
        self.events: list[dict] | None = []
        self.counts = {"screens": 0, "tokens": 0, "skipped": 0, "sampled_out": 0, "numbers": 0, "unchanged": 0}
        self.seconds = 0.0
        self._read: tuple[str, Any] | None = None
        self._mark: str | None = None

    def baseline(self, page) -> None:
        """Tokens outside #app before any card is dealt (call on the home screen)."""
        self.cards.baseline(page)

    def check(self, page) -> str:
        """Check the table screen now on ``page``; returns its screen's name."""
        t0 = time.perf_counter()
        try:
            mark = page.evaluate(MARK_JS, save_key(self.game_id))
            if mark is not None and mark == self._mark and self.last_screen is not None:
                self.counts["unchanged"] += 1
                return self.last_screen
            self._mark = None  # (a failed check leaves no mark behind)
            screen = self._check(page)
            self._mark = mark  # taken before the dump: a change in between makes the next mark differ
            return screen
        finally:
            self.seconds += time.perf_counter() - t0

    def _due(self, screen: str, after: str | None) -> bool:
        """Whether check 3 (the re-deal renders, the costly part) runs on this ``screen``, shown
        ``after`` the one checked before: always with ``every`` 1; else on the first screen after
        each reveal, on every summary and game over, and on every ``every``-th screen checked."""
        return (
            self.every <= 1
            or after == "reveal"
            or screen in ("summary", "over")
            or self.counts["screens"] % self.every == 0
        )

    #: how often :meth:`_check` reads the page again when its screen is not yet the app's drawing
    #: of the save it read with it (a step still being drawn), and how long it waits between (ms)
    OUT_OF_STEP_TRIES = (4, 150)

    def _check(self, page) -> str:
        kept = (self.last_screen, self.prev_state, self.prev_json, self.before, self.events, dict(self.counts))
        tries, pause = self.OUT_OF_STEP_TRIES
        for attempt in range(tries):
            try:
                return self._check_once(page)
            except _OutOfStep:
                if attempt == tries - 1:
                    raise
                self.last_screen, self.prev_state, self.prev_json, self.before, self.events, counts = kept
                self.counts = dict(counts, reread=counts.get("reread", 0) + 1)
                kept = (*kept[:5], dict(self.counts))
                page.wait_for_timeout(pause)
        raise AssertionError("unreachable")

    def _check_once(self, page) -> str:
        dump = dump_page(page, self.game_id)
        screen = dump["screen"]
        after, self.last_screen = self.last_screen, screen
        items = dump["items"]
        assert screen in TABLE_SCREENS, f"LEAK — the table screen shows a {screen!r} screen"
        assert not private_screen(items), "LEAK — the table screen drew a private view"
        save = json.loads(dump["save"])
        assert save.get("table") is True, "the game on the table screen is not saved as one"
        state = self.game.state_from_json(save["state"])
        if save["state"] != self.prev_json:
            self.events = self._events(self.prev_state, state)
            self.before = self.prev_state  # the table before the last move (a reveal shows it)
        before = self.before
        self.prev_state, self.prev_json = state, save["state"]
        self.counts["screens"] += 1
        own = [i for i in items if i[5] == 1]
        rest = [without_code(i) for i in items if i[0] == 1 and i[5] != 1]
        assert own, "the table screen has no screen of its own (#app .screen)"
        # 2. cards and taps in the whole document, numbers in the table's own screen
        states = [state] if screen != "reveal" or before is None else [state, before]
        self._cards(items, own, states, *self._told(save))
        # 4. outside the table's own screen: seat numbers only (a pairing code is not a card)
        extra = tokens(rest) - seat_numbers(rest)
        assert not extra, self.cards._explain("tokens outside the table's own screen", extra, state, None)
        assert self.cards.outside is not None, "call baseline(page) on the home screen first"
        extra = tokens(items, in_app=0) - self.cards.outside
        assert not extra, self.cards._explain("outside #app (body, head) since the home screen", extra, state, None)
        # 3. token counts in its own screen
        if screen == "reveal":
            return screen
        if self.events is None:
            self.counts["skipped"] += 1
            return screen
        if not self._due(screen, after):
            self.counts["sampled_out"] += 1
            return screen
        live = tokens(own)
        # first the live screen against the app's drawing of the state saved with it: a screen
        # still being drawn is read again (a leak is drawn by the app itself, so it passes this)
        actual = markup_tokens(self.render(save, state))
        if live != actual:
            # more than one move reached the state one move also reaches (a bot's seven split in
            # steps, checked once, read as the seven played whole): the events of the last move
            # of the save's move log, replayed by the engine, draw it
            log = save.get("log") or {"moves": []}
            saved = _ui_modules["session_save"].replay(self.game, log, state)[-1] if log["moves"] else []
            if saved != self.events:
                self.events = saved
                actual = markup_tokens(self.render(save, state))
                self.counts["events_saved"] = self.counts.get("events_saved", 0) + (live == actual)
        if live != actual:
            raise _OutOfStep(
                f"the live table screen is not the app's render of this {screen} (checker out of step, or "
                f"build/site older than web/?): only live {dict(live - actual)}, only rendered {dict(actual - live)}"
            )
        allowance: Counter | None = None
        for k in range(SecretChecker.REDEALS):
            seat = k % state.num_players
            other = self.game.sample_hidden(state, seat, Rng(7919 * k + 17 + self.counts["screens"]))
            other = self.game.sample_hidden(other, (seat + 1) % state.num_players, Rng(31 * k + 5))
            counts = markup_tokens(self.render(save, other))
            allowance = counts if allowance is None else allowance & counts
        extra = live - allowance
        assert not extra, self.cards._explain("tokens on the table screen beyond the public table", extra, state, None)
        self.counts["tokens"] += 1
        return screen

    def _told(self, save: dict) -> tuple[set[int], set[int]]:
        """6 nimmt!: the numbers the table's story may show and the cards it may draw once more
        (:func:`told_numbers`, :func:`told_cards` of the last move's and this round's public
        events, as the app reads them from its save)."""
        if self.game_id != "six_nimmt":
            return set(), set()
        saved = self._saved(save)
        events = list(saved.events if self.events is None else self.events) + list(saved.round_events)
        return told_numbers(events), told_cards(events)

    def _saved(self, save: dict):
        """The app's session read back from ``save`` (kept for the same save: the read replays the log)."""
        key = json.dumps(save, sort_keys=True)
        if self._read is None or self._read[0] != key:
            ui_modules()
            self._read = (key, _ui_modules["session_save"].from_dict(save, bot_hook=_no_bot))
        return self._read[1]

    def _cards(self, items, own, states: list, told: set[int], told_cards: set[int]) -> None:
        """Check 2 with every state of ``states`` public (a reveal: the state before its move too),
        the numbers ``told`` by the public story, and each card of ``told_cards`` drawn once more
        (a reveal's strip of the turned-over picks, the story)."""
        obs = [s.public_observation() for s in states]
        allowed: Counter = Counter()
        for o in obs:
            allowed |= Counter(c.lower() for c in face_up(self.game_id, o))
        allowed += Counter(str(c) for c in told_cards)
        extra = Counter(card_elements(items)) - allowed
        assert not extra, self.cards._explain(
            "card elements on the table screen beyond the public table", extra, states[0], None
        )
        assert not tap_cards(items), f"LEAK — the table screen offers taps on cards: {tap_cards(items)}"
        declared = shows(self.game_id).numbers
        if declared is None:
            return
        public = set().union(*(declared[0](o) for o in obs)) | told
        seats = set(range(states[0].num_players))
        for _flag, tag, attrs, text, in_svg, _place in own:
            if in_svg or tag == "svg":
                continue
            for name, value in [*attrs, ("text", text)]:
                for m in NUMBER_RE.finditer(value):
                    n = int(m.group())
                    self.counts["numbers"] += 1
                    allowed_here = public | (seats if name == "data-seat" else set())
                    assert n in allowed_here, f"LEAK — {n} on the table screen in <{tag}> {name}: {value[:80]!r}"

    def _events(self, before, after) -> list[dict] | None:
        """The events of the one move from ``before`` to ``after`` (``[]`` at the start), or
        ``None`` when more than one move was made in between."""
        if before is None:
            return []
        try:
            return self.cards._infer_events(before, after)
        except AssertionError:
            return None

    def render(self, save: dict, state) -> str:
        """The table screen's own screen (``.screen``) as the app draws it for ``save`` with ``state``."""
        _Controller, Session = ui_modules()
        real = self._saved(save)
        session = Session(
            real.game_id,
            real.seats,
            real.seed,
            real.options,
            state=state,
            bot_hook=_no_bot,
            summary_due=real.summary_due,
            events=list(self.events or []),
            round_events=real.round_events,
            table_screen=True,
        )
        return str(_ui_modules["pages"].GamePage(session).render_table(session.phones.waiting_line()))


class _OutOfStep(AssertionError):
    """The table screen's document is not (yet) the app's drawing of the save read with it."""


def _no_bot(*_args):
    """The bot hook of a reference render: the table is only drawn, no bot is asked to move."""
    raise AssertionError("a bot was asked to move while the table screen was checked")


def seat_numbers(items) -> Counter:
    """The seat numbers ``items`` carry as seat numbers: each ``data-seat``, and the ``seat`` of
    each ``data-tap`` (the strip's Connect for a seat), as :func:`tokens` counts them."""
    out: Counter = Counter()
    for _flag, _tag, attrs, *_ in items:
        for name, value in attrs:
            if name == "data-seat":
                out[value] += 1
            elif name == "data-tap":
                seat = json.loads(value).get("seat")
                if isinstance(seat, int) and not isinstance(seat, bool):
                    out[str(seat)] += 1
    return out


def without_code(item: list) -> list:
    """``item`` of the pairing sheet without a pairing code (a QR code's drawing, its text and the
    field a code is pasted into, its version): random
    characters of the phones' connection, not a card. Any other element as it is."""
    in_app, tag, attrs, text, in_svg, place = item
    if place != 2:
        return item
    if in_svg or tag in ("svg", "textarea") or any(k == "data-net-code" for k, _v in attrs):
        return [in_app, tag, [], "", in_svg, place]
    return [in_app, tag, [[k, v] for k, v in attrs if k != "data-qr-version"], text, in_svg, place]


#: remove what a planted-leak test added: planted elements, and planted attributes of old ones
UNPLANT_JS = """() => document.querySelectorAll('[data-planted]').forEach(e => {
  const how = e.getAttribute('data-planted');
  if (how.startsWith('attr:')) { e.removeAttribute(how.slice(5)); e.removeAttribute('data-planted'); }
  else e.remove();
})"""


def leak_report(page, checker: SecretChecker) -> dict:
    """Run both checks on the curtain now on screen; {"cards": message|None, "tokens": message|None}.

    For planted-leak tests: the page is not a new screen for the checker (nothing is recorded).
    """
    dump = dump_page(page, checker.game_id)
    assert dump["screen"] == "curtain"
    save = json.loads(dump["save"])
    state = checker.game.state_from_json(save["state"])
    names = [s["name"] for s in save["seats"]]
    who = names.index(dump["passName"])
    out = {}
    checks = [
        ("cards", lambda: checker.check_cards(dump["items"], state, None)),
        ("tokens", lambda: checker.check_tokens(dump["items"], state, save, "curtain", who)),
    ]
    if shows(checker.game_id).numbers is not None:
        checks.append(("numbers", lambda: check_numbers(checker.game_id, dump["items"], state, None)))
    for name, check in checks:
        try:
            check()
            out[name] = None
        except AssertionError as exc:
            out[name] = str(exc)
    return out
