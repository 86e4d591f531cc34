"""Nothing player-facing escapes translation: every screen of every game drawn in German holds none
of the English template's sentences.

The screens are the app's own markup: :class:`hotseat.controller.Controller` drives each game from
its setup to the game over through its own taps in CPython (the walk of e2e/test_long_names.py),
with the German catalogue compiled as the build compiles it and installed as the app installs it.
Every page is searched, text and attributes (``aria-label``, the narrator's ``data-say``), for the
English sentences of ``locale/hotseat.pot``: each message of three words or more, and each piece
of three words or more between its placeholders, unless German writes the same words.
"""

from __future__ import annotations

import functools
import html
import re
import sys

import pytest
import ui_helpers  # noqa: F401  (first: puts the repo root and web/ on sys.path)

sys.path.insert(0, str(ui_helpers.ROOT / "tools"))
sys.path.insert(0, str(ui_helpers.ROOT / "e2e"))
import i18n as catalogues  # noqa: E402  (tools/i18n.py)
import test_long_names as walk  # noqa: E402  (e2e/test_long_names.py)

from hotseat import i18n  # noqa: E402
from hotseat.controller import Controller  # noqa: E402
from hotseat.setup_screen import option_doc  # noqa: E402

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"<[^>]+>")
ATTR_TEXT = re.compile(r'(?:aria-label|data-say|placeholder|title)="([^"]*)"')
#: fewer words than this is "a word or so": Close, Next round, Bot · easy (German may share them)
MIN_WORDS = 3


@functools.cache
def _mo(lang: str) -> bytes:
    return catalogues.compile_mo(lang)


def install(lang: str) -> None:
    """Make ``lang`` the current language from its catalogue compiled now (English: none)."""
    i18n.install(lang, None if lang == "en" else _mo(lang))


def english_sentences(lang: str = "de") -> dict[str, str]:
    """Sentence (a message, or a piece between placeholders) -> its message, for every message of
    the template with :data:`MIN_WORDS` words or more whose words ``lang`` does not write too."""
    translated = catalogues.load_po(catalogues.po_path(lang), lang)
    out = {}
    for message in catalogues.load_po(catalogues.TEMPLATE):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found = translated.get(message.id, message.context)
        strings = found.string if found is not None else ()
        strings = " ".join(strings if isinstance(strings, tuple) else (strings,))
        for text in ids:
            # the screens leave out ruling ids ("(BB-7)"), so the sentences are searched without them
            for piece in PLACEHOLDER.split(option_doc(text.replace("*", ""))):
                piece = " ".join(piece.split()).strip(" ,.;:!?()·–—-")
                if len(piece.split()) >= MIN_WORDS and piece not in " ".join(strings.replace("*", "").split()):
                    out[piece] = text
    return out


def page_text(markup: str) -> str:
    """What a player sees or hears of ``markup``: its text and its spoken attributes."""
    spoken = " ".join(ATTR_TEXT.findall(markup))
    return " ".join(html.unescape(TAG.sub(" ", markup) + " " + spoken).split())


def app_narrator_pages() -> walk.Pages:
    """Bunny Bunny Moose Moose with the app as narrator: the poem read, card by card, and BAM!"""
    pages = walk.Pages("bunny_moose, app narrator")
    c = Controller(walk.MemoryStorage(), bot_hook=None, seed_fn=lambda: 4)
    c.tap({"shell": "new", "game": "bunny_moose"})
    c.tap({"shell": "opt", "name": "narrator", "value": "app"})
    c.tap({"shell": "start", "fields": {}})
    pages.add("bet", c)
    for _ in range(200):
        s = c.session
        if s.phase.value == "over":
            break
        legal = s.state.legal_actions(s.state.current_players()[0]) if s.state.current_players() else []
        if any(a.get("type") == "reveal" for a in legal) and s.state.public_observation().get("drawn", 0) == 0:
            c.tap({"bm": "reveal"})
        elif c.delay_ms() is not None:
            c.tick()
        elif legal:
            s.apply(s.state.current_players()[0], legal[0])
        else:
            c.tick()
        pages.add(str(s.phase), c)
    return pages


def sheet_pages() -> walk.Pages:
    pages = walk.Pages("settings sheet")
    c = Controller(walk.MemoryStorage(), bot_hook=None)
    c.tap({"shell": "settings"})
    pages.add("on the home screen", c)
    c.tap({"shell": "new", "game": "dog"})
    c.tap({"shell": "settings"})
    pages.add("on setup", c)
    # setup with bots to choose: every kind of seat (human, the bots, a player's own phone)
    c = Controller(walk.MemoryStorage(), bot_hook=ui_helpers.first_legal_bot)
    c.tap({"shell": "new", "game": "six_nimmt"})
    for kind in ["human"] + c.tables.seat_kinds("six_nimmt"):
        c.tap({"shell": "kind", "seat": 0, "kind": kind})
        assert c.setup.kinds[0] == kind
        pages.add(f"setup, a seat of kind {kind}", c)
    return pages


def all_pages() -> list[tuple[str, str, str]]:
    groups = [walk.shell_pages(), sheet_pages(), app_narrator_pages()] + [walk.game_pages(g) for g in walk.GAMES]
    return [item for pages in groups for item in pages.items]


@pytest.fixture(scope="module")
def german_pages():
    try:
        install("en")
        english = all_pages()  # English first: nothing drawn in one language may stay in another's cache
        install("de")
        yield english, all_pages()
    finally:
        install("en")


def test_the_english_sentences_are_found_in_the_english_screens(german_pages):
    """The search itself works: the same walk in English finds many of the template's sentences."""
    english, _german = german_pages
    sentences = english_sentences()
    texts = [page_text(markup) for _g, _l, markup in english]
    seen = {sentence for text in texts for sentence in sentences if sentence in text}
    assert len(seen) > 60, sorted(seen)
    assert "Pass the phone to" in seen
    assert "Down in the woods where the tall pines grow" in seen


def test_every_screen_of_every_game_in_german_holds_no_english_sentence(german_pages):
    _english, german = german_pages
    groups = {group for group, _l, _m in german}
    assert {"shell", "settings sheet", "bunny_moose, app narrator", *walk.GAMES} <= groups
    assert len(german) > 500
    sentences = english_sentences()
    found: dict[str, set[str]] = {}
    for group, label, markup in german:
        text = page_text(markup)
        for sentence, message in sentences.items():
            if sentence in text:
                found.setdefault(message, set()).add(f"{group}: {label}")
    assert found == {}, "\n".join(f"{m!r} on {sorted(w)[:3]}" for m, w in found.items())


def test_headings_over_dog_s_options_are_sentences_in_german(german_pages):
    """A heading opens with a capital letter and is no fragment ending in ":" even where the
    translation opens with the figure's words ("deine Figur … ziehen")."""
    _english, german = german_pages
    found = [m for _g, _l, markup in german for m in re.findall(r'<h2 class="dg-head">.*?</h2>', markup)]
    heads = {html.unescape(TAG.sub("", m)) for m in found}
    assert any(head.startswith("Deine Figur") for head in heads), sorted(heads)[:5]
    assert all(head[:1].isupper() and not head.endswith(":") for head in heads), sorted(heads)


def test_setup_option_names_and_choices_are_translated():
    """Bunny Bunny Moose Moose's setup in German: the options and their choices in German words
    (the option docs quote the choices as „Spieler“ / „App“), not the engine's names."""
    try:
        install("de")
        c = Controller(walk.MemoryStorage(), bot_hook=None)
        c.tap({"shell": "new", "game": "bunny_moose"})
        words = set(re.findall(r"\w+", page_text(str(c.render()))))
    finally:
        install("en")
    assert {"Erzähler", "Spieler", "App", "Gedicht", "kurz", "lang", "langsam", "schnell", "Grundspiel"} <= words
    assert not {"Narrator", "player", "app", "Poem", "short", "long", "slow", "fast", "Basic"} & words
