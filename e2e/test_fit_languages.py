"""Every screen of every game fits in every language: English, German, French, Italian and Spanish
at 360x640, 390x844 and 844x390, in Chromium.

The screens are the app's own markup, drawn in CPython by :class:`hotseat.controller.Controller`
with each language's catalogue (compiled as the build compiles it): the walk of
e2e/test_long_names.py (every game of four from its setup to the game over, and the shell's
screens), here with four ordinary long names (``NAMES``), plus the settings sheet, setup with every
kind of seat and Bunny Bunny Moose Moose read by the app (tests/web/test_i18n_render.py), the
game's story and its replay after each game, the players list with statistics of every game and its
questions, and each game's rules page in the rules overlay: some 940 pages per language. Of them,
a greedy cover keeps some 115 (:func:`choose`) that together hold every kind of element (tag and
classes, in its parent, on its kind of screen) and, for each kind of element holding text, the page
where it holds its longest text and the page where it holds its longest word. They are measured in
ONE browser page with the app's stylesheet, put into ``#app`` as ``hotseat/app.py`` does (no Python
is loaded), with ``<html lang>`` set to the language and every animation at its end; per window
size the pages of a language go through one call.

What counts as not fitting, on each page:

* the page scrolls sideways: the document is wider than the window;
* an element reaches past the window's left or right edge, unless an ancestor clips or scrolls it;
  a fixed element (a sheet, the toast, the Skip bar) reaches past its top or bottom;
* a box scrolls sideways (``overflow`` auto or scroll, content wider than the box): a sheet or a
  table the player must scroll sideways to read;
* text is cut off: an element that clips (``overflow`` hidden or clip, an ellipsis or a line
  clamp) holds more than it shows, sideways or downwards;
* text leaves its box: a line of a text node reaches past the box it is laid out in (the nearest
  ancestor that is not inline), sideways, or downwards by more than a quarter of its font size (a
  label running out of its button, over its neighbour);
* a picture's text leaves it: an SVG text (which never wraps, and which the picture clips) reaches
  past its picture, or past the card's frame when the picture is a card (Bunny Bunny Moose Moose's
  deck is drawn on one page, large and small, so every card's caption is measured);
* a card drawn in HTML (``[data-card]``: Dog's hand) has text reaching its frame: a line of its
  text (the card's word, "PARTENZA" in Italian) past the inside of its border;
* a word is broken inside: a word (no hyphen, slash or soft hyphen in it) laid out on two lines;
* a box scrolls downwards (``overflow`` auto or scroll, content taller than the box) outside a
  sheet or overlay: the page itself scrolls, no inner box hides what is below (Dog's only button);
* a hand to play from is below the window: every card of the hand that can be played has to be on
  screen as the page opens (6 nimmt!'s second row of cards too), in every game, at every window size;
* what the player needs next is not in the window: on a page where a choice is under way (Dog: a
  card chosen and its choices in buttons; Bunny Bunny Moose Moose: a hand of the pose picked, or a
  card to turn) the element marked ``data-next`` (the buttons still to tap) is missing, or is not
  inside the window (below the sticky bar) once scrolled into view as the app does
  (``hotseat/fx.py``: as little as needed; a box taller than the window at least shows its
  first button); a button's text leaving the button is the rule on text above;
* two names look alike: on tables of one person and bots of every level (named by setup in the
  language: "Bot facile", "Bot facile 2" …) each name box's visible text (the characters inside
  every box that clips them, "…" for those an ellipsis hides) differs from every other name's;
* the Dog board changes its size from page to page of one window (it keeps it while a play is
  being chosen: the choices go below the hand, the board does not shrink for them);
* a name setup gives a seat ("Hard bot 2", "Bot difficile 2", "Player 1") is not read whole in a
  seat's box at 360x640 or 390x844 (the tables of bots at their most seats): a name may go on over
  a second line, never be cut;
* a control a finger uses (a button, a link outside running text, a field, anything with a
  ``data-tap`` or focusable) has less than 44x44 CSS px at 360x640 or 390x844, or the point at its
  middle is not its own (``document.elementFromPoint`` there gives something else: a message or a
  banner over it); only the top sheet's controls count when one is open. The Dog board's buttons
  share the board, a tap going to the nearest within 22 px: every point within 21 px of one of
  them must belong to the nearest (:data:`TAPS_JS`).

The one exception is a player's name: a chip or label that shows only a name may end it with an
ellipsis (the whole name is on the curtain, the status line and the standings; e2e/test_long_names.py
checks names of 40 characters).

With ``HOTSEAT_FIT_SHOTS=1``, the first page of each kind (home, setup, curtain, turn, round
summary, game over, players, replay, rules) of each game is saved as a screenshot for a person to
look at, in German and French at 360x640 and 844x390, in Italian and Spanish at 390x844
(build/shots/fit_<lang>_<window>_<page>.png).
"""

from __future__ import annotations

import heapq
import html
import os
import random
import re
import sys

import test_long_names as walk
from conftest import ROOT, shot

for _p in (ROOT / "tests" / "web",):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from test_i18n_render import app_narrator_pages, install, sheet_pages  # noqa: E402

from hotseat import i18n, names, players, screens  # noqa: E402
from hotseat.controller import Controller  # noqa: E402
from hotseat.markup import h  # noqa: E402
from hotseat.views.bunny_moose.parts import big_card, row_html  # noqa: E402
from pycore.games import bunny_moose  # noqa: E402

LANGUAGES = ("en", "de", "fr", "it", "es")
WINDOWS = ((360, 640), (390, 844), (844, 390))
#: four ordinary long first names (a hyphen in one, as players type them)
NAMES = ["Maximilian", "Anne-Sophie", "Guillaume", "Esperanza"]
SCREEN_RE = re.compile(r'data-screen="([^"]+)"')
TOKEN_RE = re.compile(r'<(/?)([a-z0-9]+)((?:[^>"]|"[^"]*")*)>|([^<]+)')
CLASS_RE = re.compile(r'class="([^"]*)"')
VOID = {"input", "br", "img", "hr", "col", "wbr", "source", "meta", "link"}
NAME_RE = re.compile("|".join(map(re.escape, NAMES)))
DIGITS_RE = re.compile(r"\d+")
#: pages saved as screenshots, per language: the window sizes and (group, screen) of the pages
SHOT_WINDOWS = {"de": ("360x640", "844x390"), "fr": ("360x640", "844x390"), "it": ("390x844",), "es": ("390x844",)}
SHOT_SCREENS = {"home", "setup", "curtain", "turn", "summary", "over", "players", "replay"}
#: HOTSEAT_FIT_SHOTS=1 saves them (some 200 screenshots: left out of the everyday run)
SHOTS = os.environ.get("HOTSEAT_FIT_SHOTS") == "1"

MEASURE_JS = """([width, height, names]) => {
  const app = document.getElementById('app');
  const root = document.documentElement;
  const describe = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ` "${(el.textContent || '').trim().slice(0, 50)}"`;
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  const clipped = (el) => {  // an ancestor clips or scrolls el (it cannot widen the page)
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const fixed = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (scrolls(s.overflowY)) return false;
      if (s.position === 'fixed') return true;
    }
    return false;
  };
  // a name shown alone, in a box that ends it with an ellipsis or clamps it
  const nameOnly = (el) => names.includes(((el.closest('.who.split') || el).textContent || '').trim());
  const block = (node) => {
    let el = node.parentElement;
    while (el && el !== app && ['inline', 'contents'].includes(getComputedStyle(el).display)) el = el.parentElement;
    return el;
  };
  const range = document.createRange();
  return () => {
    const out = [];
    if (root.scrollWidth > width) out.push(`the page scrolls sideways (${root.scrollWidth} px)`);
    for (const el of app.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;  // drawn, not laid out text
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if ((r.right > width + 0.5 || r.left < -0.5) && !clipped(el)) {
        out.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
      }
      const style = getComputedStyle(el);
      if (style.position === 'fixed' && (r.top < -0.5 || r.bottom > height + 0.5)) {
        out.push(`${describe(el)} (fixed) spans ${Math.round(r.top)}..${Math.round(r.bottom)} px down`);
      }
      if (scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${describe(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
      }
      const hasText = (el.textContent || '').trim() !== '';
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (hasText && !nameOnly(el)) {
        if (clipsX && el.scrollWidth > el.clientWidth + 1) {
          out.push(`${describe(el)} cuts its text off (${el.scrollWidth} px in ${el.clientWidth} px)`);
        } else if (clipsY && el.scrollHeight > el.clientHeight + 1) {
          out.push(`${describe(el)} cuts its text off (${el.scrollHeight} px high in ${el.clientHeight} px)`);
        }
      }
    }
    const texts = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.data;
      if (!text.trim() || node.parentElement.closest('svg')) continue;
      const box = block(node);
      if (!box) continue;
      const b = box.getBoundingClientRect();
      if (b.width === 0 && b.height === 0) continue;
      const size = parseFloat(getComputedStyle(box).fontSize);
      range.selectNodeContents(node);
      let past = null;
      const tops = new Set();
      for (const t of range.getClientRects()) {
        if (t.width === 0) continue;
        tops.add(Math.round(t.top));
        const px = Math.round;
        if (t.right > b.right + 1 || t.left < b.left - 1) {
          past = `${px(t.left - b.left)}..${px(t.right - b.left)} px of ${px(b.width)}`;
        } else if (t.bottom > b.bottom + size / 4 || t.top < b.top - size / 4) {
          past = `down to ${px(t.bottom - b.top)} px of ${px(b.height)}`;
        }
      }
      if (past && !nameOnly(box)) out.push(`${describe(box)}: "${text.trim().slice(0, 50)}" leaves its box (${past})`);
      if (tops.size < 2) continue;  // one line: no word broken
      for (const m of text.matchAll(/[^\\s\\-\\/\\u00ad\\u2011]{2,}/g)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(t => t.width > 0).map(t => Math.round(t.top)));
        if (lines.size > 1) out.push(`${describe(box)}: the word "${m[0]}" is broken over ${lines.size} lines`);
      }
    }
    // a card drawn in HTML ([data-card]) keeps its text off its frame: every line inside the border
    for (const card of app.querySelectorAll('[data-card]:not(svg)')) {
      const c = card.getBoundingClientRect();
      const cs = getComputedStyle(card);
      if (c.width === 0) continue;
      const inner = {left: c.left + parseFloat(cs.borderLeftWidth), right: c.right - parseFloat(cs.borderRightWidth)};
      const words = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = words.nextNode(); node; node = words.nextNode()) {
        if (!node.data.trim() || node.parentElement.closest('svg')) continue;
        range.selectNodeContents(node);
        for (const t of range.getClientRects()) {
          if (t.width > 0 && (t.left < inner.left - 0.5 || t.right > inner.right + 0.5)) {
            const px = Math.round;
            out.push(`the card's text "${node.data.trim().slice(0, 30)}" reaches its frame ` +
              `(${px(t.left - c.left)}..${px(t.right - c.left)} px of ${px(c.width)}, border ${cs.borderLeftWidth})`);
          }
        }
      }
    }
    // text drawn in a picture stays inside it (SVG text never wraps; the picture clips it): inside
    // the card's frame when the picture is a card (its first shape a rectangle), else its viewport
    for (const text of app.querySelectorAll('svg text')) {
      const svg = text.ownerSVGElement;
      const frame = svg.firstElementChild && svg.firstElementChild.tagName === 'rect' ? svg.firstElementChild : svg;
      const f = frame.getBoundingClientRect();
      const t = text.getBoundingClientRect();
      if (t.width === 0 || f.width === 0) continue;
      if (t.left < f.left - 1 || t.right > f.right + 1 || t.top < f.top - 1 || t.bottom > f.bottom + 1) {
        const px = Math.round;
        const where = frame === svg ? 'picture' : 'card';
        const across = `${px(t.left - f.left)}..${px(t.right - f.left)} px of ${px(f.width)}`;
        const down = `${px(t.top - f.top)}..${px(t.bottom - f.top)} of ${px(f.height)}`;
        const said = text.textContent.trim().slice(0, 50);
        out.push(`the picture's text "${said}" leaves its ${where} (${across}, ${down})`);
      }
    }
    // the page itself scrolls: no box on the page scrolls downwards (a sheet or overlay may)
    const onTop = (el) => {  // in a sheet, an overlay, the toast: something fixed over the page
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).position === 'fixed') return true;
      }
      return false;
    };
    for (const el of app.querySelectorAll('*')) {
      if (scrolls(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1 && !onTop(el)) {
        out.push(`${describe(el)} scrolls downwards (${el.scrollHeight} px in ${el.clientHeight} px): the page must`);
      }
    }
    // a hand to play from is on screen without scrolling: every card it can play is inside the window
    const hand = app.querySelector('.sn-table > .hand, .bb-hand, .dg-hand');
    const playable = hand ? [...hand.querySelectorAll('button[data-tap]')] : [];
    const lowest = Math.max(0, ...playable.map((b) => b.getBoundingClientRect().bottom));
    if (lowest > height + 0.5) {
      out.push(`a card of the hand to play from ends ${Math.round(lowest)} px down`);
    }
    // after a tap, what the player needs next is in the window: a page where a choice is under way
    // (Dog: a card chosen, its choices in buttons; a pose's first hand picked; a card to turn) marks
    // it data-next, and the app scrolls it into view as little as needed (hotseat/fx.py) — done here
    const needed = app.querySelector('[data-next]');
    const taps = (selector) => [...app.querySelectorAll(selector)].map((b) => b.getAttribute('data-tap'));
    const choices = taps('.dg-opts button').some((tap) => tap !== JSON.stringify({card: null}));
    const underWay = (app.querySelector('.dg-card.sel') && choices)
      || app.querySelector('.bm-hands button[aria-pressed="true"]')
      || taps('button[data-tap]').includes(JSON.stringify({bm: 'reveal'}));
    if (underWay && !needed) out.push('a choice is under way and nothing is marked as needed next (data-next)');
    if (needed) {
      const before = needed.getBoundingClientRect();
      if (before.bottom > height || before.top < 0) needed.scrollIntoView({block: 'nearest'});
      const bar = app.querySelector('.bar');
      const top = bar ? bar.getBoundingClientRect().bottom : 0;
      const r = needed.getBoundingClientRect();
      const first = needed.matches('button') ? needed : needed.querySelector('button:not([disabled])');
      const f = first ? first.getBoundingClientRect() : r;
      const tall = r.height > height - top;
      if (r.top < top - 1 || (!tall && r.bottom > height + 0.5) || f.bottom > height + 0.5 || f.top < top - 1) {
        const at = `${Math.round(r.top)}..${Math.round(r.bottom)} px once scrolled to`;
        out.push(`${describe(needed)}, needed next, is at ${at} (window ${Math.round(top)}..${height})`);
      }
      window.scrollTo(0, 0);
    }
    return out.slice(0, 6);
  };
}"""


SHOW_JS = walk.SHOW_JS  # puts one page's markup into #app

#: per page, each name box's whole name and the text it shows: the characters inside every box
#: that clips them, an ellipsis ("…") where a box ends its text with one over the rest
VISIBLE_JS = """(pages) => {
  const app = document.getElementById('app');
  const canvas = document.createElement('canvas').getContext('2d');
  const range = document.createRange();
  const clips = (el, stop) => {  // the boxes from el up to stop that clip sideways
    const out = [];
    for (let a = el; a && a !== stop.parentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') out.push(a);
    }
    return out;
  };
  return pages.map((markup) => {
    app.innerHTML = markup;
    window.scrollTo(0, 0);
    const seen = [];
    for (const who of app.querySelectorAll('.who')) {
      if (who.getBoundingClientRect().width === 0) continue;
      let shown = '';
      const texts = document.createTreeWalker(who, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const boxes = clips(node.parentElement, who.closest('li') || who);
        let cut = false;
        for (let i = 0; i < node.data.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          let inside = r.width > 0 || /\\s/.test(node.data[i]);
          for (const box of boxes) {
            const b = box.getBoundingClientRect();
            const left = b.left + box.clientLeft, right = left + box.clientWidth;
            const style = getComputedStyle(box);
            canvas.font = style.font;
            const ellipsis = style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 0.5
              ? canvas.measureText('\u2026').width : 0;
            if (r.left < left - 0.5 || r.right > right - ellipsis + 0.5) inside = false;
          }
          if (inside) shown += node.data[i];
          else if (!cut) { shown += '\u2026'; cut = true; }
        }
      }
      seen.push([who.textContent.trim(), shown.trim()]);
    }
    return seen;
  });
}"""

#: every control a finger uses on each page: ``[what, problem]`` for those whose hit area is below
#: 44x44 CSS px or whose centre is not theirs (``document.elementFromPoint`` there returns another
#: element: something covers it, or the browser would give the tap to a neighbour). Controls under
#: an open sheet or dialog are not in use (only the top one's are measured); a link inside running
#: text is measured with its line (the usual exception). The Dog board's buttons share the board: a
#: tap acts on the nearest one within 22 px, so for each of them every point within 21 px of its
#: centre (8 directions, 4 distances) must be the nearest button's, and its own centre its own.
TAPS_JS = """([width, height]) => {
  const app = document.getElementById('app');
  const CONTROL = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [data-tap], '
    + '[tabindex]:not([tabindex="-1"])';
  const said = (el) => (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40);
  const describe = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ` "${said(el)}"`;
  const centreOf = (g) => { const m = g.getScreenCTM(); return [m.e, m.f]; };
  return () => {
    const out = [];
    const layers = [...app.querySelectorAll('.overlay')];
    const top = layers.length ? layers[layers.length - 1] : app;
    const controls = [...top.querySelectorAll(CONTROL)].filter((el) =>
      !el.disabled && !(el.parentElement && el.parentElement.closest(CONTROL)) && el.getClientRects().length
      && getComputedStyle(el).visibility === 'visible');
    const board = controls.filter((el) => el.closest('.dg-board svg'));
    for (const el of controls) {
      if (board.includes(el)) continue;
      const inline = el.matches('a') && getComputedStyle(el).display === 'inline';
      const label = el.matches('input') && el.closest('label');
      const box = inline ? el.parentElement : label || el;
      box.scrollIntoView({block: 'center', inline: 'center'});
      const r = box.getBoundingClientRect();
      if (!inline && (r.width < 43.5 || r.height < 43.5)) {
        out.push(`${describe(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
      }
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = x >= 0 && y >= 0 && x < width && y < height ? document.elementFromPoint(x, y) : null;
      if (!inline && !(hit && (box.contains(hit) || hit.contains(box) && hit === el))) {
        out.push(`${describe(el)}: its centre is ${hit ? describe(hit) + "'s" : 'off screen'}`);
      }
    }
    if (board.length) {
      board[0].closest('svg').scrollIntoView({block: 'center'});
      const at = board.map(centreOf);
      board.forEach((el, i) => {
        for (const d of [0, 8, 15, 21]) {
          for (let k = 0; k < (d ? 8 : 1); k++) {
            const x = at[i][0] + d * Math.cos(k * Math.PI / 4), y = at[i][1] + d * Math.sin(k * Math.PI / 4);
            const dist = at.map(([bx, by]) => Math.hypot(bx - x, by - y));
            const sorted = [...dist].sort((a, b) => a - b);
            if (sorted.length > 1 && sorted[1] - sorted[0] < 0.5) continue;  // half-way: either
            const nearest = board[dist.indexOf(sorted[0])];
            const hit = document.elementFromPoint(x, y);
            const got = hit && hit.closest('[data-tap]');
            if (got !== nearest) {
              const what = got ? describe(got) : 'nothing';
              out.push(`a tap ${d} px from ${describe(el)} acts on ${what}, not the nearest`);
            }
          }
        }
      });
    }
    window.scrollTo(0, 0);
    return [...new Set(out)].slice(0, 8);
  };
}"""

#: the height of the Dog board on the page if it shows a hand (null if not)
BOARD_JS = """() => () => {
  const app = document.getElementById('app');
  const board = app.querySelector('.dg-table .dg-board svg');
  return board && app.querySelector('.dg-hand') ? Math.round(board.getBoundingClientRect().height) : null;
}"""

#: every check of a page, one page after the other, each page put into ``#app`` once (its layout
#: made once for all of them): ``[what does not fit (MEASURE_JS), what a finger cannot use
#: (TAPS_JS, when ``touch``; else []), the Dog board's height (BOARD_JS)]`` per page. Each check
#: starts from the page as drawn, scrolled to the top (what the fit check scrolled into view goes
#: back first).
CHECKS_JS = (
    """([pages, width, height, names, touch]) => {
  const app = document.getElementById('app');
  const measure = (MEASURE)([width, height, names]);
  const taps = (TAPS)([width, height]);
  const board = (BOARD)();
  const top = () => {
    for (const el of app.querySelectorAll('*')) {
      if (el.scrollTop || el.scrollLeft) { el.scrollTop = 0; el.scrollLeft = 0; }
    }
    window.scrollTo(0, 0);
  };
  return pages.map((markup) => {
    app.innerHTML = markup;
    const screen = app.querySelector('[data-screen]');
    document.body.setAttribute('data-screen', screen ? screen.getAttribute('data-screen') : '');
    window.scrollTo(0, 0);
    const fits = measure();
    top();
    const fingers = touch ? taps() : [];
    top();
    return [fits, fingers, board()];
  });
}""".replace("(MEASURE)", f"({MEASURE_JS})")
    .replace("(TAPS)", f"({TAPS_JS})")
    .replace("(BOARD)", f"({BOARD_JS})")
)


def rules_pages(lang: str) -> walk.Pages:
    """Each game's rules page in ``lang`` (as the build made it), in the rules overlay."""
    pages = walk.Pages("rules")
    for game in walk.GAMES:
        text = (ROOT / "build" / "site" / "rules" / lang / f"{game}.html").read_text(encoding="utf-8")
        pages.items.append(("rules", game, str(screens.rules_overlay(screens.rules_page(text)))))
    return pages


def players_pages() -> walk.Pages:
    """The players list: every name with statistics of every game, a name being renamed (its
    field, Cancel and Save), and "Forget NAME?"."""
    pages = walk.Pages("players")
    known = players.Players().seated("dog", [(n, "human") for n in NAMES])
    for i, game in enumerate(walk.GAMES):
        scores = [17, 104, 3, 61] if game != "dog" else None
        known = known.game_recorded(f"{game}:{i}", game, NAMES, ["human"] * 4, [1], scores, game == "six_nimmt")
    storage = walk.MemoryStorage()
    players.save(storage, known)
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "players"})
    pages.add("list", c)
    c.tap({"shell": "pl_rename", "name": NAMES[1]})
    pages.add("renaming", c)
    c.tap({"shell": "pl_cancel"})
    c.tap({"shell": "pl_forget", "name": NAMES[1]})
    pages.add("forget?", c)
    return pages


def deck_pages() -> walk.Pages:
    """Bunny Bunny Moose Moose's deck: a card of each caption drawn as the game draws it (every
    kind, each side), large (the card just turned) and small (six to a row, as the stacks' top
    cards), on one page."""
    pages = walk.Pages("bunny_moose, deck")
    drawn = list({(card["kind"], card["side"]): card for card in bunny_moose.DECK}.values())
    big = [big_card(card, i18n.gettext, "", first_pass=True, new=False) for card in drawn]
    rows = [
        row_html({"top_cards": drawn[i : i + 6], "first_pass_done": False}, i18n.gettext)  # type: ignore[typeddict-item]
        for i in range(0, len(drawn), 6)
    ]
    body = h("div", {"class": "body"}, h("div", {"class": "bm", "data-phase": "reveal"}, *big, *rows))
    pages.items.append((pages.group, "every card", str(h("div", {"class": "screen", "data-screen": "deck"}, body))))
    return pages


#: the seat kinds of a table of bots: one person, then easy, normal and hard bots in turn
BOT_KINDS = ("bot:easy", "bot:normal", "bot:hard")


def bot_pages() -> walk.Pages:
    """Each game at its most seats, one person and the rest bots of the three levels in turn (so
    two or three bots of a level: "Easy bot", "Easy bot 2", "Easy bot 3"), named by setup in the
    language: the setup, the first screens and a few bot moves."""
    pages = walk.Pages("bots")
    for game in walk.GAMES:
        c = Controller(walk.MemoryStorage(), seed_fn=lambda: 11)  # bots of this phone
        c.tap({"shell": "new", "game": game})
        for _ in range(12):
            c.tap({"shell": "count", "delta": 1})
        for seat in range(1, c.setup.n):
            c.tap({"shell": "kind", "seat": seat, "kind": BOT_KINDS[(seat - 1) % 3]})
        pages.add(f"{game}, setup", c)
        c.tap({"shell": "start", "fields": {}})
        assert c.screen == "game", c.setup
        walk.play(c, pages, random.Random(3), 6, to_the_end=False)
    return pages


def bot_names() -> list[str]:
    """Every name setup gives a seat at a table of ten, in the current language: the bots', and the
    person's ("Player 1") at the tables of :func:`bot_pages`."""
    levels = {kind: kind.split(":")[1] for kind in BOT_KINDS}
    return sorted(names.default_names(10, levels))


def story_pages(pages: walk.Pages):
    """At the game over: the story, then the replay's first, second and last steps."""

    def draw(c: Controller) -> None:
        c.tap({"shell": "story", "do": "open"})
        pages.add("story", c)
        c.tap({"shell": "story", "do": "replay"})
        pages.add("replay", c)
        total = len(c.page.story_steps())
        for to in (1, total - 1):
            c.tap({"shell": "story", "do": "step", "to": to})
            pages.add(f"replay, step {to + 1}", c)

    return draw


def features(group: str, markup: str) -> tuple[set[tuple], dict[tuple, tuple[int, int]]]:
    """What a page shows, as far as fitting goes: the kinds of element (tag and classes) in their
    parents, and per kind of element holding text, its longest text and its longest word (in
    characters, the players' names counted as the longest of them, every digit as one)."""
    screen = SCREEN_RE.search(markup)
    where = (group, screen.group(1) if screen else "")
    kinds: set[tuple] = set()
    texts: dict[tuple, tuple[int, int]] = {}
    stack = [""]
    for m in TOKEN_RE.finditer(markup):
        closing, tag, attrs, text = m.groups()
        if text is not None:
            text = DIGITS_RE.sub("0", NAME_RE.sub(max(NAMES, key=len), " ".join(html.unescape(text).split())))
            if text:
                key = (*where, stack[-1])
                longest, word = texts.get(key, (0, 0))
                texts[key] = max(longest, len(text)), max(word, *(len(w) for w in text.split()))
        elif closing:
            while len(stack) > 1 and stack.pop().split(".")[0] != tag:
                pass
        else:
            found = CLASS_RE.search(attrs)
            kind = tag + "".join("." + c for c in sorted(found.group(1).split())) if found else tag
            kinds.add((*where, stack[-1], kind))
            if tag not in VOID and not attrs.endswith("/"):
                stack.append(kind)
    return kinds, texts


def choose(pages: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The pages to measure: few pages that together hold every kind of element of all of them
    (:func:`features`) and, for each kind of element holding text, the longest text and the
    longest word it ever holds (a greedy cover; ties go to the page with more markup)."""
    found = [features(group, markup) for group, _label, markup in pages]
    most: dict[tuple, tuple[int, int]] = {}
    for _kinds, texts in found:
        for key, (longest, word) in texts.items():
            best = most.get(key, (0, 0))
            most[key] = max(best[0], longest), max(best[1], word)
    feats = []
    for kinds, texts in found:
        f = set(kinds)
        f |= {("longest", *key) for key, (longest, _w) in texts.items() if longest == most[key][0]}
        f |= {("word", *key) for key, (_l, word) in texts.items() if word == most[key][1]}
        feats.append(f)
    left = set().union(*feats)
    heap = [(-len(f), -len(pages[i][2]), i) for i, f in enumerate(feats)]
    heapq.heapify(heap)
    chosen = []
    while left:
        _new, size, i = heapq.heappop(heap)
        new = len(feats[i] & left)
        if heap and (-new, size, i) > heap[0]:  # its count went down: back in the queue
            heapq.heappush(heap, (-new, size, i))
            continue
        chosen.append(pages[i])
        left -= feats[i]
    return chosen


def language_pages(lang: str) -> list[tuple[str, str, str]]:
    """Every page of ``lang`` drawn: ``(group, label, markup)``."""
    install(lang)
    try:
        groups = [walk.shell_pages(NAMES), sheet_pages(), app_narrator_pages(), deck_pages(), bot_pages()]
        groups.append(players_pages())
        groups.append(rules_pages(lang))
        for game in walk.GAMES:
            story = walk.Pages(f"{game}, story")
            groups += [walk.game_pages(game, NAMES, story_pages(story)), story]
    finally:
        i18n.install("en")
    return [item for pages in groups for item in pages.items]


def screenshots(page, lang: str, window: str, pages: list[tuple[str, str, str]]) -> None:
    """Save the first page of each kind in :data:`SHOT_SCREENS` of each group, and the rules."""
    seen = set()
    for group, label, markup in pages:
        screen = SCREEN_RE.search(markup)
        kind = "rules" if group == "rules" else screen.group(1) if screen else ""
        if (group, kind) in seen or (kind not in SHOT_SCREENS and group != "rules"):
            continue
        seen.add((group, kind))
        page.evaluate(SHOW_JS, [markup])
        name = re.sub(r"[^a-z0-9]+", "_", f"{group} {kind if group != 'rules' else label}").strip("_")
        shot(page, f"fit_{lang}_{window}_{name}")


def test_every_screen_fits_every_window_in_every_language(fresh_page):
    page = fresh_page  # a first visit: no service worker, so the route below keeps PyScript out
    pages_by_language = {}
    names_by_language = {}
    bots_by_language = {}
    for lang in LANGUAGES:
        drawn = language_pages(lang)
        install(lang)
        names_by_language[lang] = NAMES + bot_names()
        i18n.install("en")
        bots_by_language[lang] = [markup for group, _l, markup in drawn if group == "bots"]
        pages_by_language[lang] = pages = choose(drawn)
        assert len(pages) < len(drawn) / 4, (lang, len(pages), len(drawn))
        # the walk reaches every kind of screen
        kinds = {(group, m.group(1)) for group, _l, markup in pages if (m := SCREEN_RE.search(markup))}
        for game in walk.GAMES:
            assert {(game, "setup"), (game, "turn"), (game, "over"), (f"{game}, story", "replay")} <= kinds, lang
        assert {("six_nimmt", "curtain"), ("six_nimmt", "reveal"), ("bad_bunnies", "summary")} <= kinds, lang
        assert {("shell", "home"), ("shell", "recovery"), ("players", "players")} <= kinds, lang
        assert ("bunny_moose, deck", "deck") in kinds, lang
        assert sum(group == "rules" for group, _l, _m in pages) == len(walk.GAMES)
        assert any("overlay settings" in markup for _g, _l, markup in pages), lang
    page.route("**/pyscript/core.js", lambda route: route.abort())  # the stylesheet alone; no Python
    page.goto("./")
    page.wait_for_function("document.fonts.status === 'loaded'")
    # every animation at its end (a card flying in is measured where it lands)
    page.evaluate("document.documentElement.setAttribute('data-animation', 'off')")
    problems = {}
    for width, height in WINDOWS:
        window = f"{width}x{height}"
        page.set_viewport_size({"width": width, "height": height})
        for lang, pages in pages_by_language.items():
            page.evaluate(f"document.documentElement.lang = '{lang}'")
            # every check of the pages (touch: the phones' windows), each page laid out once
            markups = [m for _g, _l, m in pages]
            checked = page.evaluate(CHECKS_JS, [markups, width, height, names_by_language[lang], height > width])
            for (group, label, _m), (issues, _taps, _board) in zip(pages, checked, strict=True):
                if issues:
                    problems.setdefault(f"{window} {lang} {group}: {label}", issues)
            # two names never look alike in their boxes: each shows what tells it from the others;
            # and the names setup gives ("Hard bot 2", "Player 1") read whole in every seat's box
            for markup, boxes in zip(bots_by_language[lang], page.evaluate(VISIBLE_JS, bots_by_language[lang])):
                shown: dict[str, str] = {}
                for name, text in boxes:
                    if text != name and height > width:
                        where = SCREEN_RE.search(markup)
                        problems.setdefault(f"{window} {lang} bots: {where and where.group(1)} (names)", []).append(
                            f"{name!r} shows as {text!r}"
                        )
                    if shown.setdefault(text, name) != name:
                        where = SCREEN_RE.search(markup)
                        problems.setdefault(f"{window} {lang} bots: {where and where.group(1)}", []).append(
                            f"{name!r} and {shown[text]!r} both show as {text!r}"
                        )
            # every control a finger uses: 44x44 px, and its centre its own (the phones' windows)
            for (group, label, _m), (_fits, issues, _board) in zip(pages, checked, strict=True):
                if issues:
                    problems.setdefault(f"{window} {lang} {group}: {label} (taps)", issues)
            # the Dog board keeps its size whether or not a play is being chosen
            boards = [board for (group, _l, _m), (_f, _t, board) in zip(pages, checked) if group == "dog" and board]
            if boards and max(boards) > min(boards) + 1:
                problems.setdefault(f"{window} {lang} dog", [f"the board is {min(boards)} to {max(boards)} px high"])
            if SHOTS and window in SHOT_WINDOWS.get(lang, ()):
                screenshots(page, lang, window, pages)
    count = sum(len(p) for p in pages_by_language.values()) * len(WINDOWS)
    assert problems == {}, f"{len(problems)} of {count} pages:\n" + "\n".join(f"{k}: {v}" for k, v in problems.items())
