"""Hotseat in the players' languages, in Chromium: the first screen in the browser's language, the
remembered choice winning over it, only that language's catalogue fetched, English when the
catalogue is broken, and every game's rules page in the current language.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import browser_languages, preset_storage, wait_ready

ENGLISH_HOME = ["New game", "Tabletop games for one phone, passed around the table."]
HOME_TEXT = {
    "en": "New game",
    "de": "Neues Spiel",
    "fr": "Nouvelle partie",
    "it": "Nuova partita",
    "es": "Nueva partida",
}
#: the heading of each rules page's "how a turn goes" card, per language (seeds/<game>.<lang>.md)
TURN_CARD = {
    "en": re.compile(r"^How a (turn|round) goes$"),
    "de": re.compile(r"^So läuft (ein Zug|eine Runde)$"),
    "fr": re.compile(r"^Comment se joue (un tour|une manche)$"),
    "it": re.compile(r"^Come si gioca (un turno|una manche)$"),
    "es": re.compile(r"^Cómo va (un turno|una ronda)$"),
}
GAMES = ("six_nimmt", "bad_bunnies", "dog", "bunny_moose")


@pytest.fixture
def open_app(page):
    """``open_app(locale, saved_language=None)``: the installed app (a restored start) on a phone
    whose browser prefers ``locale`` (and, if given, with the remembered language in localStorage),
    on the ready home screen."""

    def _open(locale: str, saved_language: str | None = None):
        browser_languages(page, locale)
        if saved_language is not None:
            preset_storage(page, {"hotseat.settings": json.dumps({"language": saved_language})})
        page.goto("./")
        wait_ready(page)
        return page

    return _open


def _catalogues_fetched(request_log) -> list[str]:
    return sorted({p for p in request_log.same_origin_paths() if p.startswith("/locale/")})


def test_a_german_browser_gets_german_from_the_first_screen(open_app, request_log):
    page = open_app("de-DE")
    assert page.evaluate("navigator.languages[0]") == "de-DE"
    assert page.evaluate("document.documentElement.lang") == "de"
    text = page.locator("#app").text_content()
    assert "Neues Spiel" in text and "Brett- und Kartenspiele für ein Handy, das reihum geht." in text
    for sentence in ENGLISH_HOME:
        assert sentence not in text
    assert _catalogues_fetched(request_log) == ["/locale/de.mo.xz"]  # only this language's catalogue


def test_an_english_browser_fetches_no_catalogue(open_app, request_log):
    page = open_app("en-GB")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert HOME_TEXT["en"] in page.locator("#app").text_content()
    assert _catalogues_fetched(request_log) == []


def test_the_remembered_language_wins_over_the_browser_s(open_app, request_log):
    page = open_app("de-DE", saved_language="it")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert HOME_TEXT["it"] in page.locator("#app").text_content()
    assert _catalogues_fetched(request_log) == ["/locale/it.mo.xz"]


def test_a_browser_language_hotseat_does_not_speak_gives_english(open_app):
    page = open_app("pt-BR")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert HOME_TEXT["en"] in page.locator("#app").text_content()


def test_a_broken_catalogue_falls_back_to_english_and_says_why(open_app, browser, browser_context_args, base_url):
    ctx = browser.new_context(**{**browser_context_args, "locale": "fr-FR", "base_url": base_url})
    try:
        ctx.route("**/locale/fr.mo.xz", lambda route: route.fulfill(status=200, body=b"\x00garbage"))
        page = ctx.new_page()
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        page.goto("./")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert HOME_TEXT["en"] in page.locator("#app").text_content()
        assert any("language 'fr' not available" in w for w in warnings), warnings
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", list(HOME_TEXT))
def test_every_game_s_rules_page_opens_in_the_current_language(page, lang):
    # the installed app (a restored start, not a cold boot) with the language remembered
    preset_storage(page, {"hotseat.settings": json.dumps({"language": lang})})
    page.goto("./")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert HOME_TEXT[lang] in page.locator("#app").text_content()
    for game in GAMES:
        page.locator(f".games [data-tap*='\"rules\"'][data-tap*='\"{game}\"']").click()
        card = page.locator(".overlay .rules .turn-card h2")
        card.wait_for(timeout=10_000)
        assert TURN_CARD[lang].match(card.inner_text()), (lang, game, card.inner_text())
        rules = page.locator(".overlay .rules").inner_text()
        assert not re.search(r"\b(SN|BB|DOG|BM)-\d|\.py\b|\.txt\b|pycore/", rules), (lang, game)
        page.locator(".overlay [data-tap*='\"close\"']").first.click()
        page.wait_for_selector(".overlay", state="detached")
