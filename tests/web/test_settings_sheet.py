"""The settings sheet (☰): what it offers, what its taps change, and that it never shows or keeps
anything private (web/hotseat: settings_sheet.settings_sheet, Controller)."""

from __future__ import annotations

import re

import pytest
import ui_helpers  # noqa: F401  (first: puts the repo root and web/ on sys.path)
from ui_helpers import storage_fixture, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat import i18n, session_save, settings_sheet
from hotseat.controller import Controller
from hotseat.session import Phase
from hotseat.settings import Settings

SHEET = re.compile(r'<div class="overlay settings".*', re.S)


def sheet(c: Controller) -> str:
    """The sheet's markup on the current screen ('' when it is closed)."""
    found = SHEET.search(str(c.render()))
    return found.group(0) if found else ""


def start(c: Controller, game="six_nimmt", names=("Ann", "Bob", "Cy"), **opts) -> None:
    c.tap({"shell": "new", "game": game})
    for name, value in opts.items():
        c.tap({"shell": "opt", "name": name, "value": value})
    c.tap({"shell": "start", "fields": {f"name-{i}": n for i, n in enumerate(names)}})


def test_the_menu_button_is_on_home_setup_and_every_game_screen_and_opens_the_sheet(storage):
    c = Controller(storage, bot_hook=None)
    assert {"shell": "settings"} in taps(str(c.render()))
    c.tap({"shell": "settings"})
    home_sheet = sheet(c)
    assert c.sheets.settings_open and 'aria-modal="true"' in home_sheet and 'id="set-h"' in home_sheet
    assert {"shell": "menu"} not in taps(home_sheet)  # no Home on the home screen itself
    c.tap({"shell": "close"})
    assert not c.sheets.settings_open and sheet(c) == ""
    start(c)
    for _ in range(2):  # the curtain, then Ann's hand
        assert {"shell": "settings"} in taps(str(c.render()))
        c.tap({"shell": "settings"})
        assert taps(sheet(c))[0] == {"shell": "close"} and {"shell": "menu"} in taps(sheet(c))
        c.tap({"shell": "close"})
        c.tap({"shell": "show"})


def test_every_row_sends_a_setting_tap_and_each_tap_changes_and_stores_that_setting(storage):
    c = Controller(storage, bot_hook=None)
    c.sheets.voices = [("anna", "Anna"), ("petra", "Petra")]
    c.tap({"shell": "settings"})
    sent = [t for t in taps(sheet(c)) if t.get("shell") == "setting"]
    names = {t["name"] for t in sent}
    assert names == {"language", "sound", "vibration", "voice", "voice_rate", "wake_lock", "theme", "animation"}
    assert [t["value"] for t in sent if t["name"] == "language"] == ["", "en", "de", "fr", "it", "es"]
    assert [t["value"] for t in sent if t["name"] == "voice"] == ["", "anna", "petra"]
    assert [t["value"] for t in sent if t["name"] == "theme"] == ["system", "light", "dark"]
    assert [t["value"] for t in sent if t["name"] == "animation"] == ["slow", "normal", "fast", "off"]
    assert [t["value"] for t in sent if t["name"] == "voice_rate"] == [0.75, 1.25]
    for tap in sent:
        if tap["name"] == "language":
            continue  # below: a language change asks the app to install the language
        c.tap(tap)
        assert getattr(c.sheets.settings, tap["name"]) == tap["value"], tap
        assert c.sheets.settings_open  # the sheet stays open for the next change
    assert Controller(storage, bot_hook=None).sheets.settings == c.sheets.settings  # remembered


def test_the_sheet_marks_the_current_choices_and_names_each_language_in_itself(storage):
    c = Controller(storage, bot_hook=None)
    c.sheets.change("theme", "dark")
    c.sheets.change("sound", False)
    c.sheets.change("voice_rate", 2.0)
    c.tap({"shell": "settings"})
    markup = sheet(c)
    pressed = re.findall(r'<button type="button" aria-pressed="true"[^>]*>([^<]*)<', markup)
    assert pressed == ["Like the phone", "Automatic", "Dark", "Normal"]
    assert re.search(r'aria-checked="false" data-tap="[^"]*sound[^"]*"><span>Sound</span>', markup)
    for code, name in (("de", "Deutsch"), ("fr", "Français"), ("it", "Italiano"), ("es", "Español")):
        assert re.search(rf'lang="{code}" data-tap="[^"]*"[^>]*>{name}<', markup), code
    # at the fastest speed "Faster" is disabled, "Slower" is not
    assert re.search(r'aria-label="Faster" disabled', markup) and not re.search(r'aria-label="Slower" disabled', markup)
    assert "2×" in markup
    assert "This phone has no voice for this language" in markup  # no voices listed


def test_every_control_of_the_sheet_is_a_real_button_with_a_name(storage):
    c = Controller(storage, bot_hook=None)
    c.sheets.voices = [("anna", "Anna")]
    start(c)
    c.tap({"shell": "settings"})
    markup = sheet(c)
    tags = re.findall(r"<(\w+)[^>]*data-tap=", markup)
    assert tags and set(tags) == {"button"}
    for match in re.finditer(r"<button ([^>]*)>(.*?)</button>", markup):
        attrs, label = match.groups()
        assert 'type="button"' in attrs
        assert "aria-label=" in attrs or re.sub(r"<[^>]+>", "", label).strip() not in ("", "−", "+", "×"), attrs


@pytest.mark.parametrize("way", ["close", "back"])
def test_close_and_back_close_the_sheet_and_the_game_waits_while_it_is_open(storage, way):
    c = Controller(storage, bot_hook=None)
    start(c, "bunny_moose", narrator="app", tempo="fast")
    c.tap({"bm": "reveal"})  # the app reads the poem: one card per line
    assert c.delay_ms() is not None
    c.tap({"shell": "settings"})
    assert c.delay_ms() is None and c.back_target() == "settings"
    if way == "close":
        c.tap({"shell": "close"})
    else:
        assert c.back()
    assert not c.sheets.settings_open and c.screen == "game" and c.delay_ms() is not None


def test_home_from_the_sheet_keeps_the_game_and_continue_brings_it_back(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    before = session_save.to_json(c.session)
    c.tap({"shell": "settings"})
    c.tap({"shell": "menu"})
    assert c.screen == "home" and not c.sheets.settings_open and c.session is None
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.screen == "game" and session_save.to_json(c.session) == before


def test_the_sheet_over_a_hand_shows_no_card_and_hiding_the_page_closes_it_behind_the_curtain(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    assert c.session.phase is Phase.TURN and c.session.curtain.private_on_screen
    c.tap({"shell": "settings"})
    assert 'class="card' not in sheet(c)
    assert c.page_hidden()
    markup = str(c.render())
    assert not c.sheets.settings_open and "overlay settings" not in markup
    assert (
        c.session.phase is Phase.CURTAIN
        and 'data-private="' not in markup
        and 'class="card' not in markup.split('class="public"')[0]
    )


def test_choosing_a_language_keeps_the_game_exactly_and_forgets_the_old_rules_pages(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    c.sheets.rules_loaded("six_nimmt", "<h1>6 nimmt!</h1>")
    before, screen_before = session_save.to_json(c.session), str(c.render())
    c.tap({"shell": "settings"})
    c.tap({"shell": "setting", "name": "language", "value": "it"})
    assert c.sheets.language_changed and c.sheets.settings.language == "it" and c.sheets.rules_cache == {}
    c.sheets.language_installed()
    assert not c.sheets.language_changed
    c.tap({"shell": "close"})
    assert session_save.to_json(c.session) == before and str(c.render()) == screen_before  # English until installed
    assert c.tap({"shell": "setting", "name": "language", "value": "pt"}) is None and c.sheets.settings.language == "it"
    assert not c.sheets.language_changed  # a refused value asks for nothing


def test_the_sheet_is_translated(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "settings"})
    from test_i18n_render import install  # the catalogues compiled as the build does

    install("de")
    try:
        markup = sheet(c)
    finally:
        i18n.install("en")
    for word in ("Einstellungen", "Sprache", "Wie das Handy", "Ton", "Farbschema", "Schließen"):
        assert word in markup, word
    assert "Deutsch" in markup and "Français" in markup  # each language in its own name


def test_the_players_row_is_offered_only_when_asked_for():
    languages = [("en", "English")]
    assert {"shell": "players"} not in taps(str(settings_sheet.settings_sheet(Settings(), languages, [])))
    assert {"shell": "players"} in taps(str(settings_sheet.settings_sheet(Settings(), languages, [], players=True)))
