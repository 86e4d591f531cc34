"""At the table (web/hotseat: controller settings, narration): settings changed and applied, the
screen kept on only during a game, paced screens following the animation setting, cues and voices."""

from __future__ import annotations

import doctest
import json

import pytest
from ui_helpers import storage_fixture  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat import narration
from hotseat.controller import Controller
from hotseat.game_desk import PACE_SCALE
from hotseat.session import Phase
from hotseat.settings import KEY, Settings
from hotseat.views.bunny_moose.taps import TEMPO_MS


def start(c: Controller, game="six_nimmt", names=("Ann", "Bob", "Cy")) -> None:
    c.tap({"shell": "new", "game": game})
    c.tap({"shell": "start", "fields": {f"name-{i}": n for i, n in enumerate(names)}})


def test_narration_examples_run():
    result = doctest.testmod(narration, verbose=False, report=True)
    assert result.failed == 0 and result.attempted >= 6


def test_a_setting_tapped_is_validated_stored_and_read_back_by_the_next_start(storage):
    c = Controller(storage, bot_hook=None)
    assert c.sheets.settings == Settings()
    c.tap({"shell": "setting", "name": "theme", "value": "light"})
    c.tap({"shell": "setting", "name": "voice_rate", "value": 1.5})
    c.tap({"shell": "setting", "name": "wake_lock", "value": False})
    assert (c.sheets.settings.theme, c.sheets.settings.voice_rate, c.sheets.settings.wake_lock) == ("light", 1.5, False)
    assert json.loads(storage[KEY])["theme"] == "light"
    assert Controller(storage, bot_hook=None).sheets.settings == c.sheets.settings


@pytest.mark.parametrize(
    "name,value",
    [
        ("theme", "neon"),
        ("theme", 1),
        ("voice_rate", 9.0),
        ("voice_rate", float("nan")),
        ("voice_rate", True),
        ("sound", "yes"),
        ("animation", None),
        ("voice", "x" * 500),
        ("no_such_setting", 1),
        (None, 1),
        ("__class__", 1),
    ],
)
def test_a_bad_setting_changes_nothing(storage, name, value):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "setting", "name": "theme", "value": "dark"})
    before = dict(storage)
    assert c.sheets.change(name, value) is False
    c.tap({"shell": "setting", "name": name, "value": value})
    assert c.sheets.settings == Settings(theme="dark") and dict(storage) == before


def test_bad_stored_settings_fall_back_field_by_field(storage):
    storage.set(KEY, json.dumps({"theme": "light", "animation": "warp", "sound": "loud", "voice_rate": 0.75}))
    c = Controller(storage, bot_hook=None)
    assert c.sheets.settings == Settings(theme="light", voice_rate=0.75)
    storage.set(KEY, "[" * 100_000)
    assert Controller(storage, bot_hook=None).sheets.settings == Settings()


def test_the_screen_stays_on_only_while_a_game_is_on_screen_and_the_setting_is_on(storage):
    c = Controller(storage, bot_hook=None)
    assert not c.wants_wake_lock
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.screen == "setup" and not c.wants_wake_lock
    c.tap({"shell": "start", "fields": {}})
    assert c.screen == "game" and c.session.phase is Phase.CURTAIN and c.wants_wake_lock
    c.tap({"shell": "setting", "name": "wake_lock", "value": False})
    assert not c.wants_wake_lock
    c.tap({"shell": "setting", "name": "wake_lock", "value": True})
    c.tap({"shell": "menu"})
    assert c.screen == "home" and not c.wants_wake_lock
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.screen == "game" and c.wants_wake_lock


@pytest.mark.parametrize("animation", ["slow", "normal", "fast", "off"])
def test_a_reveal_follows_the_animation_setting_and_the_narrators_beat_does_not(storage, animation):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "setting", "name": "animation", "value": animation})
    start(c)
    s = c.session
    for _ in range(3):  # all three pick their lowest card: the reveal starts
        c.tap({"shell": "show"})
        low = min(a["card"] for a in s.state.legal_actions(s.viewer))
        c.tap({"pick": low})
        c.tap({"shell": "confirm"})
    assert s.phase is Phase.REVEAL
    c.tick()  # the first step of the reveal (a card shown) takes the view's pace
    assert s.delay_ms() > 0
    assert c.delay_ms() == round(s.delay_ms() * PACE_SCALE[animation])

    c.tap({"shell": "menu"})
    c.tap({"shell": "new", "game": "bunny_moose"})
    c.tap({"shell": "replace"})
    c.tap({"shell": "opt", "name": "narrator", "value": "app"})
    c.tap({"shell": "opt", "name": "tempo", "value": "fast"})
    c.tap({"shell": "start", "fields": {}})
    c.tap({"bm": "reveal"})  # "Start the poem": from now on the app turns a card on every line
    assert c.session.phase is Phase.TURN and c.delay_ms() == TEMPO_MS["fast"]
