"""Helpers shared by the UI tests (the repo root and web/ are on ``sys.path`` through pytest's
``pythonpath``).

There is deliberately no tests/web/conftest.py: e2e tests do ``from conftest import ...``, and a
second conftest module would clash with theirs when both folders run in one pytest.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


class MemoryStorage(dict):
    """The storage interface of hotseat.controller over a dict (localStorage stand-in)."""

    def get(self, key, default=None):  # noqa: D401 - same signature as dict.get for key only
        return super().get(key, default)

    def set(self, key, text):
        assert isinstance(text, str)
        self[key] = text

    def remove(self, key):
        self.pop(key, None)

    def keys(self):
        return list(super().keys())


def first_legal_bot(game, observation, legal_actions, rng, time_budget, level):
    """A real (simple) bot hook for tests: the first legal action; sees only its observation."""
    assert "hands" not in observation and "deck" not in observation
    return legal_actions[0]


TAP_RE = re.compile(r'data-tap="([^"]*)"')
CARD_RE = re.compile(r'<(?:span|button)[^>]*class="card [^"]*"[^>]*aria-label="(\d+),')


def taps(markup: str) -> list[dict]:
    """Every data-tap dict in ``markup``, in document order."""
    return [json.loads(html.unescape(m)) for m in TAP_RE.findall(markup)]


def cards_shown(markup: str) -> list[int]:
    """Numbers of every card element drawn in ``markup``."""
    return [int(n) for n in CARD_RE.findall(markup)]


@pytest.fixture(name="storage")
def storage_fixture():
    """``storage``: a fresh dict-backed storage for a Controller (import ``storage_fixture`` to use it)."""
    return MemoryStorage()


def tap_game(session, raw: dict) -> None:
    """A tap on ``session``'s game screen, as the app makes it: ``raw`` (a ``data-tap`` dict)
    parsed once (:func:`hotseat.taps.parse_tap`), then the game screen's own routing
    (:func:`hotseat.pages.play_tap`: the curtain's buttons, the turn flow)."""
    from hotseat.pages import play_tap
    from hotseat.taps import Flow, GameTap, ShowCards, TakeBack, parse_tap

    tap = parse_tap(raw)
    assert isinstance(tap, (ShowCards, TakeBack, Flow, GameTap)), f"not a tap of the game screen: {raw!r}"
    play_tap(session, tap)
