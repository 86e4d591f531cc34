"""The settings sheet and languages in Chromium, in ONE boot of the app (a German browser):

* the first screen is German, ``<html lang="de">``;
* ☰ opens the settings sheet; its switches change the page: the theme (``<html data-theme>`` and
  the colours the stylesheet gives it) and the animation (``data-animation="off"`` stops the
  sheet's own slide-in);
* mid-game (6 nimmt!, one pick made) Italian is chosen: the screen comes back in Italian at once,
  ``<html lang="it">``, the saved game is byte for byte the same, the same screen is up, and the
  rules page opens in Italian;
* the sheet in each of the five languages, each one named in itself (screenshots);
* Bunny Bunny Moose Moose with the app as narrator: ``speechSynthesis.speak`` reads the poem's
  lines (in Italian, with an Italian on-device voice) and "BAM!" (speech stubbed: headless
  Chromium has no voices), and the voice offered on the sheet is that voice.

Screenshots at 390x844 go to /tmp/hs/shots/settings/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from conftest import ROOT, browser_languages, fast_pace, wait_ready

for _p in (ROOT / "web", ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import i18n as catalogues  # noqa: E402  (tools/i18n.py)

from hotseat import i18n, poems  # noqa: E402

SHOTS = Path("/tmp/hs/shots/settings")
MENU = "header [data-tap*='\"settings\"']"
SHEET = ".overlay.settings"
CLOSE = f"{SHEET} .sheet > .close"
#: speechSynthesis as the app uses it, recording what it is asked to read; one on-device voice
#: per language (an Italian one named "Alice") and one network voice the app must never choose
SPEECH_STUB = """
(() => {
  window.__spoken = [];
  const voices = [
    {voiceURI: 'net-it', name: 'Rete', lang: 'it-IT', localService: false},
    {voiceURI: 'alice', name: 'Alice', lang: 'it-IT', localService: true},
    {voiceURI: 'anna', name: 'Anna', lang: 'de-DE', localService: true},
    {voiceURI: 'samantha', name: 'Samantha', lang: 'en-US', localService: true},
  ];
  class Utterance {
    constructor(text) { this.text = text; this.listeners = {}; }
    addEventListener(kind, fn) { (this.listeners[kind] = this.listeners[kind] || []).push(fn); }
  }
  const synth = {
    speak(u) {
      window.__spoken.push({text: u.text, voice: u.voice && u.voice.voiceURI, lang: u.lang, rate: u.rate});
      setTimeout(() => (u.listeners.end || []).forEach(fn => fn({})), 30);
    },
    cancel() {}, getVoices() { return voices; }, addEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', {value: synth, configurable: true});
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {value: Utterance, configurable: true});
})();
"""
TEXT = {  # words of the home screen and the sheet per language
    "en": ("New game", "Settings"),
    "de": ("Neues Spiel", "Einstellungen"),
    "fr": ("Nouvelle partie", "Réglages"),
    "it": ("Nuova partita", "Impostazioni"),
    "es": ("Nueva partida", "Ajustes"),
}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def text(page) -> str:
    """The app's text as written (not as CSS shows it: headings are upper-cased)."""
    return page.locator("#app").text_content()


def screen(page) -> str:
    return page.evaluate("document.body.getAttribute('data-screen')")


def open_sheet(page) -> None:
    page.locator(MENU).click()
    page.wait_for_selector(SHEET)


def choose(page, name: str, value: object) -> None:
    tap = json.dumps({"name": name, "shell": "setting", "value": value}, separators=(",", ":"))
    page.locator(f"{SHEET} [data-tap='{tap}']").click()
    page.wait_for_selector(f"{SHEET} [data-tap='{tap}'][aria-pressed='true']")


def switch_language(page, code: str) -> None:
    choose(page, "language", code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    page.wait_for_function(f"document.getElementById('set-h').textContent === {json.dumps(TEXT[code][1])}")


def close_sheet(page) -> None:
    page.locator(CLOSE).click()
    page.wait_for_selector(SHEET, state="detached")


def italian_poem() -> list[str]:
    i18n.install("it", catalogues.compile_mo("it"))
    try:
        return [line.text for line in poems.lines("short")]
    finally:
        i18n.install("en")


def test_a_german_phone_switches_to_italian_mid_game_and_the_sheet_drives_the_page(page):
    browser_languages(page, "de-DE")  # a phone set to German: the app installed, its start restored
    page.add_init_script(SPEECH_STUB)
    fast_pace(page)  # the narrator's lines at a tenth of the app's pace: the same lines, the same voice
    page.goto("./")
    wait_ready(page)
    # German from the first screen
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Neues Spiel" in text(page) and "New game" not in text(page)

    # the sheet: German, the theme and the animation switches act on the page
    open_sheet(page)
    sheet = page.locator(SHEET)
    assert sheet.get_attribute("role") == "dialog" and "Einstellungen" in sheet.text_content()
    assert page.locator(f"{SHEET} [data-tap*='\"menu\"']").count() == 0  # home is where we are
    assert page.evaluate(f"getComputedStyle(document.querySelector('{SHEET} .sheet')).animationName") == "sheet-in"
    ink = "getComputedStyle(document.body).color"
    dark_ink = page.evaluate(ink)
    choose(page, "theme", "light")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert page.evaluate(ink) != dark_ink
    shot(page, "sheet-de-light")
    choose(page, "theme", "dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark" and page.evaluate(ink) == dark_ink
    choose(page, "animation", "off")
    assert page.evaluate("document.documentElement.dataset.animation") == "off"
    close_sheet(page)
    open_sheet(page)
    assert page.evaluate(f"getComputedStyle(document.querySelector('{SHEET} .sheet')).animationName") == "none"
    choose(page, "animation", "normal")
    close_sheet(page)
    stored = json.loads(page.evaluate("localStorage.getItem('hotseat.settings')"))
    assert (stored["theme"], stored["animation"], stored["language"]) == ("dark", "normal", "")

    # 6 nimmt! in German, one pick made: the next player's curtain
    page.locator("[data-tap*='six_nimmt'][data-tap*='\"new\"']").click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    assert "Spiel starten" in text(page)
    page.locator("[data-tap*='\"start\"']").click()
    page.locator("[data-tap*='\"show\"']").click()
    page.wait_for_selector("body[data-screen='turn']", state="attached")
    shot(page, "game-de-turn")
    page.locator(".hand [data-tap*='\"pick\"']").first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached")
    assert "Gib das Handy an" in text(page)
    saved_before = page.evaluate("localStorage.getItem('hotseat.game.six_nimmt')")
    app_before = page.inner_html("#app")

    # Italian, mid-game
    open_sheet(page)
    assert page.locator(f"{SHEET} [data-tap*='\"menu\"']").count() == 1  # Home, one tap away
    switch_language(page, "it")
    close_sheet(page)
    assert screen(page) == "curtain" and "Passa il telefono a" in text(page)
    assert page.inner_html("#app") != app_before
    assert page.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == saved_before
    assert json.loads(page.evaluate("localStorage.getItem('hotseat.settings')"))["language"] == "it"
    page.locator("header [data-tap*='\"rules\"']").click()
    card = page.locator(".overlay .rules .turn-card h2")
    card.wait_for(timeout=10_000)
    assert card.inner_text() in ("Come si gioca un turno", "Come si gioca una manche"), card.inner_text()
    page.locator(".overlay [data-tap*='\"close\"']").first.click()
    page.wait_for_selector(".overlay", state="detached")
    page.locator("[data-tap*='\"show\"']").click()
    page.wait_for_selector("body[data-screen='turn']", state="attached")
    shot(page, "game-it-turn")

    # the sheet in every language, each language named in itself
    for code in ("en", "de", "fr", "es", "it"):
        open_sheet(page)
        switch_language(page, code)
        names = page.locator(f"{SHEET} .langs button[lang]").all_inner_texts()
        assert names == ["English", "Deutsch", "Français", "Italiano", "Español"]
        shot(page, f"sheet-{code}")
        close_sheet(page)
        assert TEXT[code][1] not in text(page)  # the sheet is gone, the game is back
    assert page.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == saved_before

    # Bunny Bunny Moose Moose, the app narrator: the voice reads the poem in Italian
    open_sheet(page)
    voices = page.locator(f"{SHEET} .voices button").all_inner_texts()
    assert voices[1:] == ["Alice"], voices  # the on-device Italian voice only
    page.locator(f"{SHEET} [data-tap*='\"menu\"']").click()
    page.wait_for_selector("body[data-screen='home']", state="attached")
    page.locator("[data-tap*='bunny_moose'][data-tap*='\"new\"']").click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    for name, value in (("narrator", "app"), ("tempo", "fast")):
        page.locator(f'[data-tap*=\'"name":"{name}"\'][data-tap*=\'"value":"{value}"\']').click()
    page.locator("[data-tap*='\"start\"']").click()
    page.locator('[data-tap*=\'"bm":"reveal"\']').click()
    poem = italian_poem()
    page.wait_for_function("window.__spoken.length >= 3", timeout=30_000)
    spoken = page.evaluate("window.__spoken")
    assert [s["text"] for s in spoken[:3]] == poem[:3]
    assert all(s["voice"] == "alice" and s["lang"] == "it-IT" and s["rate"] == 1 for s in spoken[:3])
    page.wait_for_function("window.__spoken.some(s => s.text === 'BAM!')", timeout=60_000)
