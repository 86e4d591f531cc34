"""Hotseat in five languages: the catalogues, the runtime (hotseat.i18n), the CLDR data, the rules pages.

The catalogues are checked by tools/i18n.py's own ``check()`` (the build runs it too); the planted
faults below show each of its checks can fail. The runtime is the standard library's
``gettext.GNUTranslations`` reading the ``.mo`` bytes Babel compiles, exactly as in the browser.
"""

from __future__ import annotations

import doctest
import gettext
import lzma
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list as babel_format_list
from babel.messages.catalog import Catalog, Message
from babel.numbers import format_decimal

from hotseat import formats, i18n, poems, settings
from hotseat.third_party import locale_data
from tools import build_site
from tools import i18n as catalogues

ROOT = Path(__file__).resolve().parents[2]

TRANSLATED = catalogues.LANGUAGES
GAMES = ("six_nimmt", "bad_bunnies", "dog", "bunny_moose")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.install("en")


@pytest.fixture(scope="module")
def mo() -> dict[str, bytes]:
    return {lang: catalogues.compile_mo(lang) for lang in TRANSLATED}


# ---- the catalogues ----------------------------------------------------------------------------


def test_every_message_is_translated_in_every_catalogue_with_matching_placeholders_and_plurals():
    assert catalogues.check() == []


def test_the_template_holds_every_marked_message_of_the_ui_and_the_engine_option_docs():
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogues.load_po(catalogues.TEMPLATE) if m.id}
    assert len(template) > 300
    assert "Show my cards" in template  # inside an f-string in screens.py
    assert "{n} card" in template  # ngettext's singular
    # an option's doc in pycore, shown in setup
    assert "The poem read while cards are revealed: six lines or the longer one (BM-8)." in template


def test_a_message_marked_in_the_code_but_missing_from_the_template_fails_the_check():
    fresh = catalogues.extract()
    fresh.add("A sentence somebody just added to a screen", locations=[("web/hotseat/screens.py", None)])
    problems = catalogues.check(template=fresh)
    assert any("A sentence somebody just added" in p and "hotseat.pot" in p for p in problems)
    assert sum("A sentence somebody just added" in p for p in problems) == 1 + len(TRANSLATED)


def test_the_extractor_finds_calls_inside_f_strings_and_on_attributes(tmp_path):
    source = (
        "x = f'<p>{esc(_(\"Inside an f-string\"))}</p>'\n"
        "y = ctx.t('Through the view context')\n"
        "# Translators: a comment for the next line\n"
        'z = ngettext("{n} apple", "{n} apples", n)\n'
        "w = t(variable)\n"
    )
    found = list(
        catalogues.extract_python_ast(
            __import__("io").BytesIO(source.encode()), catalogues.UI_KEYWORDS, ("Translators:",), {}
        )
    )
    assert [(line, name, args) for line, name, args, _c in found] == [
        (1, "_", ("Inside an f-string",)),
        (2, "t", ("Through the view context",)),
        (4, "ngettext", ("{n} apple", "{n} apples", None)),
        (5, "t", (None,)),
    ]
    assert found[2][3] == ["Translators: a comment for the next line"]


def _msg(msgid, string, context=None, fuzzy=False):
    return Message(msgid, string, context=context, flags=["fuzzy"] if fuzzy else [])


@pytest.mark.parametrize(
    ("message", "nplurals", "expected"),
    [
        (_msg("Pass the phone to {name}", ""), 2, "not translated"),
        (_msg("Pass the phone to {name}", "Gib das Handy an {nom}"), 2, "['nom'] are not in the English text"),
        (_msg("Pass the phone to {name}", "Gib das Handy weiter"), 2, "['name'] are missing"),
        (_msg("Pass the phone to {name}", "Gib das Handy an {name"), 2, "unbalanced braces"),
        (_msg("Pass the phone to {name}", "Gib das Handy an {name}", fuzzy=True), 2, "fuzzy"),
        (_msg(("{n} card", "{n} cards"), ("{n} Karte",)), 2, "1 plural forms, the language has 2"),
        (_msg(("{n} card", "{n} cards"), ("{n} Karte", "")), 2, "not translated"),
        (
            _msg(("Keep this card", "Keep these {k} cards"), ("Diese Karte behalten", "Diese Karten behalten")),
            2,
            "['k'] are missing",
        ),
        (_msg("Who narrates (BM-8).", "Wer erzählt."), 2, "ruling ids"),
        (_msg(" ({a} to {b})", "({a} bis {b})"), 2, "leading/trailing spaces"),
        (_msg("Down in the woods *where the pines grow*,", "Tief im Wald, wo die Tannen stehn,"), 2, "'*' marks"),
    ],
)
def test_the_check_names_each_kind_of_broken_translation(message, nplurals, expected):
    problems = catalogues.message_problems(message, nplurals)
    assert any(expected in p for p in problems), problems


def test_a_correct_translation_passes_each_check():
    assert catalogues.message_problems(_msg("Pass the phone to {name}", "{name}, nimm das Handy"), 2) == []
    # the singular may leave out the number ("Keep this card"); the general plural must name it
    ok = _msg(("Keep this card", "Keep these {k} cards"), ("Diese Karte behalten", "Diese {k} Karten behalten"))
    assert catalogues.message_problems(ok, 2) == []


@pytest.mark.parametrize(
    ("lang", "message", "expected"),
    [
        # the name shown apart after the message: "Passa il telefono a" + "Anna" (should be "ad Anna")
        ("it", _msg("Pass the phone to", "Passa il telefono a"), "ends with 'a', a word that changes before a vowel"),
        ("fr", _msg("Moves of", "Coups de"), "ends with 'de'"),
        # an elision written out: right for Anna, wrong for Bob
        ("it", _msg("{name}'s pawn", "Pedina d’{name}"), "writes the elision out"),
        ("it", _msg("Pass the phone to {name}", "Passa il telefono ad {name}"), "writes the elision out"),
        ("fr", _msg("{name}'s pose", "Pose d'{name}"), "writes the elision out"),
        # a word that changes before a vowel, before a name, that the app leaves as it is
        ("fr", _msg("The {name} team", "La team la {name}"), "'la' before {name} changes before a vowel"),
        # a list of names in a message without plural forms ("Le toca a: Ana y Bot fácil")
        ("es", _msg("Next player: {names}", "Le toca a: {names}"), "a list of names ({names}) in a message without"),
        # English left in a catalogue
        ("it", _msg("Home", "Home"), "left in English"),
        ("it", _msg("Backup", "Backup"), "left in English"),
        ("es", _msg(("{n} round", "{n} rounds"), ("{n} ronda", "{n} rounds")), "left in English"),
    ],
)
def test_the_wording_check_names_each_pattern_that_reads_wrong(lang, message, expected):
    problems = catalogues.wording_problems(lang, message)
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("it", _msg("Pass the phone to {name}", "Passa il telefono a {name}")),  # the app writes "ad Anna"
        ("fr", _msg("{name}'s pose", "Pose de {name}")),
        ("fr", _msg("Select the text and copy it.", "Sélectionne le texte et copie-le.")),  # a pronoun
        ("it", _msg("Stack {n} of 6", "Pila {n} di 6")),
        ("es", _msg(("Next: {names}", "Next: {names}"), ("Le toca a: {names}", "Les toca a: {names}"))),
        ("es", _msg("Waiting for {names}", "Esperando a {names}")),  # no verb agrees with the list
        ("de", _msg("Pause", "Pause")),  # the German word
        ("it", _msg("{name} {card}", "{name} {card}")),  # nothing but placeholders
        ("it", _msg("Bad Bunnies", "Bad Bunnies")),  # a game's name
    ],
)
def test_the_wording_check_passes_what_reads_right(lang, message):
    assert catalogues.wording_problems(lang, message) == []


def test_the_glossary_check_finds_one_word_for_two_piles_on_one_screen():
    """Italian "mazzo" for Bad Bunnies' pile (the cards played) beside "mazzo ausiliare" (the draw
    pile) on the same screen: the pile's message lacks its word and says the draw pile's."""
    template = Catalog(locale="it")
    where = [("web/hotseat/views/bad_bunnies/layout.py", None)]
    template.add(("pile: {n} card = {n} point", "pile: {n} cards = {n} points"), locations=where)
    template.add("draw pile {d} · reserve {r}", locations=where)
    bad = Catalog(locale="it")
    bad.add(("pile: {n} card = {n} point", "pile: {n} cards = {n} points"), ("mazzo: {n} carta", "mazzo: {n} carte"))
    bad.add("draw pile {d} · reserve {r}", "mazzo ausiliare {d} · riserva {r}")
    problems = catalogues.glossary_problems("it", bad, template)
    assert any("names the pile of bad_bunnies, its word is 'pila'" in p for p in problems), problems
    assert any("does not name the draw pile of bad_bunnies but says 'mazzo'" in p for p in problems), problems
    good = Catalog(locale="it")
    good.add(("pile: {n} card = {n} point", "pile: {n} cards = {n} points"), ("pila: {n} carta", "pila: {n} carte"))
    good.add("draw pile {d} · reserve {r}", "mazzo {d} · riserva {r}")
    assert catalogues.glossary_problems("it", good, template) == []


def test_the_glossary_check_keeps_dog_s_kennel_and_goal_apart_though_english_says_home_for_both():
    template = Catalog(locale="de")
    where = [("web/hotseat/views/dog/layout.py", None)]
    for msgid in (
        "{k}/{m} home",
        "in the kennel",
        "Landing on a figure sends it home.",
        "Tap a figure, then where it goes.",
    ):
        template.add(msgid, locations=where)
    good = Catalog(locale="de")
    good.add("{k}/{m} home", "{k}/{m} im Ziel")  # the goal
    good.add("in the kennel", "im Zwinger")
    good.add("Landing on a figure sends it home.", "Wer auf einer Figur landet, schlägt sie.")  # an idiom
    good.add("Tap a figure, then where it goes.", "Tippe auf eine Figur, dann auf ihr Feld.")
    assert catalogues.glossary_problems("de", good, template) == []
    bad = Catalog(locale="de")
    bad.add("{k}/{m} home", "{k}/{m} im Zwinger")
    bad.add("in the kennel", "im Ziel")
    bad.add("Landing on a figure sends it home.", "Wer auf einer Figur landet, schickt sie ins Ziel.")
    bad.add("Tap a figure, then where it goes.", "Tippe auf eine Figur, dann auf ihr Ziel.")
    problems = catalogues.glossary_problems("de", bad, template)
    assert any("'{k}/{m} home' does not name the kennel of dog but says 'zwinger'" in p for p in problems)
    assert any("'in the kennel' names the kennel of dog, its word is 'zwinger'" in p for p in problems)
    assert any("'Landing on a figure sends it home.' does not name the goal" in p for p in problems)
    assert any("'Tap a figure, then where it goes.' does not name the goal" in p for p in problems)


def test_names_take_the_elision_and_euphony_of_their_first_sound(mo):
    i18n.install("it", mo["it"])
    assert i18n.gettext("Pass the phone to {name}").format(name="Anna") == "Passa il telefono ad Anna"
    assert i18n.gettext("Pass the phone to {name}").format(name="Bob") == "Passa il telefono a Bob"
    assert i18n.around(i18n.gettext("Pass the phone to {name}"), "name", name="Anna") == ("Passa il telefono ad ", "")
    i18n.install("es", mo["es"])
    assert formats.format_list(["Ana", "Isabel"]) == "Ana e Isabel"
    assert formats.format_list(["Ana", "Bo", "Isabel"]) == "Ana, Bo e Isabel"
    assert formats.format_list(["Ana", "Bot fácil"]) == "Ana y Bot fácil"
    assert i18n.ngettext("Next: {names}", "Next: {names}", 2).format(names="Ana y Bo") == "Les toca a: Ana y Bo"
    assert i18n.ngettext("Next: {names}", "Next: {names}", 1).format(names="Ana") == "Le toca a: Ana"


def test_each_catalogue_declares_its_language_and_babel_s_plural_rule():
    for lang in TRANSLATED:
        catalog = catalogues.load_po(catalogues.po_path(lang), lang)
        assert str(catalog.locale) == lang
        assert catalog.plural_forms == Catalog(locale=lang).plural_forms


# ---- the runtime: gettext.GNUTranslations on the compiled catalogues ---------------------------


def test_installing_a_language_translates_messages_and_plurals(mo):
    i18n.install("de", mo["de"])
    assert i18n.language() == "de"
    assert i18n.gettext("Show my cards") == "Meine Karten zeigen"
    assert i18n.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 Karte"
    assert i18n.ngettext("{n} card", "{n} cards", 0).format(n=0) == "0 Karten"
    i18n.install("fr", mo["fr"])
    assert i18n.gettext("Show my cards") == "Voir mes cartes"
    assert i18n.ngettext("{n} card", "{n} cards", 0).format(n=0) == "0 carte"  # French: 0 is singular
    assert i18n.ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cartes"
    i18n.install("en")
    assert i18n.gettext("Show my cards") == "Show my cards"


def test_french_and_italian_elide_before_names_that_start_with_a_vowel_sound(mo):
    """ "Pose de Anne" reads "Pose d’Anne": every translated message's ``.format`` elides."""
    i18n.install("fr", mo["fr"])
    pose = {n: i18n.gettext("{name}'s pose").format(name=n) for n in ("Anne", "Émile", "Hugo", "Yves", "Bob", "Zoé")}
    assert pose == {
        "Anne": "Pose d’Anne",
        "Émile": "Pose d’Émile",
        "Hugo": "Pose d’Hugo",
        "Yves": "Pose d’Yves",
        "Bob": "Pose de Bob",
        "Zoé": "Pose de Zoé",
    }
    assert i18n.gettext("Figure of {name}").format(name="Ulrich") == "Pion d’Ulrich"
    i18n.install("it", mo["it"])
    assert i18n.gettext("{name}'s pose").format(name="Irene") == "Posa d’Irene"
    assert i18n.gettext("{name}'s pose").format(name="Hugo") == "Posa di Hugo"  # Italian h is no vowel
    assert i18n.gettext("Figure of {name}").format(name="Marco") == "Pedina di Marco"
    i18n.install("de", mo["de"])
    assert i18n.gettext("{name}'s pose").format(name="Anne") == "Pose von Anne"
    i18n.install("en")
    assert i18n.gettext("{name}'s pose").format(name="Anne") == "Anne's pose"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalogue_s_plural_rule_agrees_with_cldr(mo, lang):
    """The form chosen by the .mo's own Plural-Forms is the singular exactly for CLDR's "one"."""
    translations = gettext.GNUTranslations(__import__("io").BytesIO(mo[lang]))
    loc = Locale.parse(lang)
    for n in list(range(2001)) + [10**6, 2 * 10**6 + 1]:
        assert (translations.plural(n) == 0) == (loc.plural_form(n) == "one"), (lang, n)


def test_pgettext_and_npgettext_fall_back_to_the_english_text_without_a_translation(mo):
    i18n.install("it", mo["it"])
    assert i18n.pgettext("a context nobody uses", "Unknown words") == "Unknown words"
    assert i18n.npgettext("a context nobody uses", "{n} thing", "{n} things", 3) == "{n} things"


@pytest.mark.parametrize(
    ("code", "data", "reason"),
    [
        ("pt", b"", "does not speak 'pt'"),
        ("de", None, "no catalogue"),
        ("de", b"not a catalogue at all", "cannot be read"),
    ],
)
def test_a_bad_language_or_catalogue_is_refused_and_changes_nothing(mo, code, data, reason):
    i18n.install("es", mo["es"])
    with pytest.raises(i18n.CatalogueError, match=reason):
        i18n.install(code, data)
    assert i18n.language() == "es" and i18n.gettext("Show my cards") == "Ver mis cartas"


def test_a_catalogue_of_another_language_is_refused(mo):
    with pytest.raises(i18n.CatalogueError, match="marked as language 'de'"):
        i18n.install("fr", mo["de"])
    assert i18n.language() == "en"


def test_a_catalogue_as_the_site_ships_it_unpacks_to_its_mo(mo):
    shipped = build_site.xz(mo["de"])
    assert len(shipped) < len(mo["de"]) / 2
    assert i18n.unpack_catalogue(shipped) == mo["de"]
    i18n.install("de", i18n.unpack_catalogue(shipped))
    assert i18n.gettext("Show my cards") == "Meine Karten zeigen"


@pytest.mark.parametrize(
    ("packing", "reason"),
    [
        (lambda mo: mo, "not an xz stream"),
        (lambda mo: build_site.xz(mo)[:-20], "cut short"),
        (lambda mo: build_site.xz(mo) + b"more", "followed by other bytes"),
        (lambda mo: lzma.compress(b"\0" * (i18n.MAX_CATALOGUE_BYTES + 1), preset=1), "more than 2097152 bytes"),
        (lambda mo: lzma.compress(mo, preset=9), "[Mm]emory"),  # a 64 MB dictionary
    ],
    ids=["bare mo", "cut short", "trailing bytes", "too large unpacked", "dictionary too large"],
)
def test_a_catalogue_not_packed_as_the_site_packs_it_is_refused(mo, packing, reason):
    with pytest.raises(i18n.CatalogueError, match=reason):
        i18n.unpack_catalogue(packing(mo["fr"]))


@pytest.mark.parametrize(
    ("saved", "browser", "expected"),
    [
        ("", ["de-DE", "en-US"], "de"),
        ("", ["de_CH"], "de"),
        ("", ["gsw-CH", "fr-CH", "de-CH"], "fr"),
        ("", ["pt-BR", "ES"], "es"),
        ("", ["pt-BR", "ja"], "en"),
        ("", [], "en"),
        ("", [None, 42, "it"], "it"),
        ("it", ["de-DE"], "it"),
        ("xx", ["fr-FR"], "fr"),
        (None, ["es-MX"], "es"),
    ],
)
def test_the_language_is_the_saved_choice_else_the_first_spoken_browser_language(saved, browser, expected):
    assert i18n.choose(saved, browser) == expected


def test_urls_of_catalogues_and_rules_pages(mo):
    assert i18n.catalogue_url("en") is None
    assert i18n.catalogue_url("fr") == "./locale/fr.mo.xz"
    with pytest.raises(i18n.CatalogueError):
        i18n.catalogue_url("../../etc")
    i18n.install("fr", mo["fr"])
    assert i18n.rules_url("dog") == "./rules/fr/dog.html"


# ---- numbers, lists, language names (CLDR through Babel at build time) -------------------------


def test_locale_data_is_what_babel_s_cldr_data_says_now():
    assert locale_data.LOCALE_DATA == catalogues.locale_data()
    names = [formats.language_name(c) for c in i18n.LANGUAGES]
    assert names == ["English", "Deutsch", "Français", "Italiano", "Español"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_and_lists_are_formatted_as_babel_formats_them(mo, lang):
    i18n.install(lang, mo.get(lang))
    for value, decimals in [
        (0, 0),
        (7, 0),
        (-3, 0),
        (1234, 0),
        (1234567, 0),
        (1.5, 1),
        (0.75, 2),
        (-1234.5, 1),
        (2.0, 1),
        (0.05, 1),
        (2.25, 1),
    ]:
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        assert formats.format_number(value, decimals) == format_decimal(value, pattern, locale=lang), (lang, value)
    assert formats.format_number(-0.04, 1) in ("0.0", "0,0")  # no "-0.0" (where Babel writes one)
    # (no item but the first starts with a vowel: there the app adds euphony, Babel does not)
    for names in (["Ann"], ["Ann", "Bo"], ["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy", "Dee", "Flo"]):
        assert formats.format_list(names) == babel_format_list(names, locale=lang), (lang, names)


# ---- settings ----------------------------------------------------------------------------------


def test_settings_round_trip_and_defaults():
    s = settings.Settings().updated(
        language="fr",
        sound=False,
        voice_rate=2,
        theme="dark",
        animation="off",
        voice="urn:moz-tts:speechd:French",
        wake_lock=False,
        vibration=False,
    )
    assert settings.parse(s.to_json()) == (s, [])
    assert s.voice_rate == 2.0 and isinstance(s.voice_rate, float)
    assert settings.parse(None) == (settings.Settings(), [])


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"language": "pt"}, "language: 'pt' is not one of"),
        ({"sound": 1}, "sound: 1 is not true or false"),
        ({"voice_rate": 0.4}, "voice_rate: 0.4 is not a number from 0.5 to 2.0"),
        ({"voice_rate": float("nan")}, "voice_rate"),
        ({"voice_rate": True}, "voice_rate"),
        ({"theme": "blue"}, "theme: 'blue' is not one of"),
        ({"animation": None}, "animation: None is not one of"),
        ({"voice": "x" * 201}, "voice: expected a voice identifier"),
        ({"volume": 3}, "'volume' is not a setting"),
    ],
)
def test_a_bad_setting_is_refused_and_changes_nothing(change, reason):
    before = settings.Settings(language="de")
    with pytest.raises(settings.SettingsError, match=re.escape(reason)):
        before.updated(**change)
    assert before == settings.Settings(language="de")


def test_stored_settings_are_read_field_by_field_keeping_the_good_ones():
    s, problems = settings.parse('{"language": "it", "sound": "yes", "theme": "light", "future": 1}')
    assert (s.language, s.sound, s.theme) == ("it", True, "light")
    assert problems == ["sound: 'yes' is not true or false"]
    assert settings.parse("[1, 2]") == (settings.Settings(), ["not a JSON object"])
    assert settings.parse("{broken")[0] == settings.Settings()


class _Storage(dict):
    def get(self, key):
        return super().get(key)

    def set(self, key, text):
        self[key] = text


def test_settings_load_and_save_through_the_storage():
    storage = _Storage()
    assert settings.load(storage) == settings.Settings()
    settings.save(storage, settings.Settings(language="es"))
    assert storage[settings.KEY] == settings.Settings(language="es").to_json()
    assert settings.load(storage).language == "es"


@pytest.mark.parametrize("module", [i18n, formats, settings, poems])
def test_the_docstring_examples_run(module):
    assert doctest.testmod(module).failed == 0


# ---- rules pages for players -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_rules_page_in_every_language_fit_for_players(game):
    sources = build_site.rules_sources(game)
    assert sorted(sources) == sorted(i18n.LANGUAGES)
    for lang, path in sources.items():
        html = build_site.render_rules_page(path.read_text(encoding="utf-8"))
        assert html.count('<section class="turn-card">') == 1, (game, lang)
        assert not re.search(r"\b(SN|BB|DOG|BM)-\d|\.py\b|\.txt\b|pycore/|<code>", html), (game, lang)
        # every list is a list: "Two exceptions:" is followed by <ul>, not by "- ..." in its paragraph
        assert not re.search(r"<p>[^<]*(?:<(?!/p>)[^<]*)*\n- ", html), (game, lang)
    # the translations are the players' part only; the English page keeps the developers' part
    assert build_site.DEVELOPERS_HEADING in sources["en"].read_text(encoding="utf-8")
    for lang in TRANSLATED:
        assert build_site.DEVELOPERS_HEADING not in sources[lang].read_text(encoding="utf-8")


CARD = '<section class="turn-card" markdown="1">\n\n## Turn\n1. Play.\n\n</section>\n\n'


@pytest.mark.parametrize(
    ("page", "reason"),
    [
        ("# G\n\n" + CARD + "## Rows (SN-2)\nFour rows.\n", "SN-2"),
        ("# G\n\n" + CARD + "Set `target_score` in 001_e4dc629276453910.txt.\n", "001_e4dc629276453910.txt"),
        ("# G\n\n## Rows\nFour rows.\n", "turn-card"),
        ("# G\n\n## Rows\nFour rows.\n\n" + CARD, "turn-card"),
        ("# G\n\n" + CARD + "Two exceptions:\n- after a 1;\n- a double.\n", "- after a 1;"),
        ("# G\n\n" + CARD + "In order:\n1. rows\n2. bullheads\n", "1. rows"),
    ],
)
def test_a_rules_page_with_developer_text_or_without_its_turn_card_first_is_refused(page, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        build_site.render_rules_page(page)


def test_the_developer_part_never_reaches_the_players():
    page = "# G\n\n" + CARD + "## For developers\nSN-1 `x.py`\n"
    assert "SN-1" not in build_site.render_rules_page(page)


POEM_RE = re.compile(r"^\d+\. (.+)$", re.MULTILINE)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_language_has_both_poems_with_six_and_twelve_lines_each_ending_in_bold(lang):
    path = ROOT / "seeds" / ("bunny_moose.md" if lang == "en" else f"bunny_moose.{lang}.md")
    text = build_site.players_part(path.read_text(encoding="utf-8"))
    poems = text.split("\n## ")[-1]  # the last players' section: the poems
    short, long_ = poems.split("\n**")[1:3]
    for block, lines in ((short, 6), (long_, 12)):
        verses = POEM_RE.findall(block)
        assert len(verses) == lines, (lang, verses)
        for verse in verses:
            # one bold ending per line: the words on which the card is turned
            assert re.fullmatch(r"[^*]+ \*\*[^*]+\*\*[^*]*", verse), (lang, verse)


def _rules_page_poems(lang: str) -> dict[str, list[str]]:
    path = ROOT / "seeds" / ("bunny_moose.md" if lang == "en" else f"bunny_moose.{lang}.md")
    poems_part = build_site.players_part(path.read_text(encoding="utf-8")).split("\n## ")[-1]
    short, long_ = poems_part.split("\n**")[1:3]
    return {"short": POEM_RE.findall(short), "long": POEM_RE.findall(long_)}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_app_s_poems_are_the_rules_page_s_poems_in_each_language(mo, lang):
    i18n.install(lang, mo.get(lang))
    page = _rules_page_poems(lang)
    for kind in poems.KINDS:
        app = poems.lines(kind)
        assert [f"{line.words} **{line.ending}**{line.after}" for line in app] == page[kind], (lang, kind)
        assert all(line.text and line.ending for line in app)


def test_a_poem_line_without_one_ending_and_an_unknown_poem_are_refused():
    for line in ("no ending here", "two *endings* and *more*", "an empty ** ending"):
        with pytest.raises(poems.PoemError):
            poems.split(line)
    with pytest.raises(poems.PoemError, match="no poem 'medium'"):
        poems.lines("medium")


def test_every_engine_option_has_a_marked_label_so_setup_never_falls_back_to_english(mo):
    import pycore
    from hotseat.setup_screen import OPTION_LABELS, option_label

    names = {name for game in pycore.GAMES for name in pycore.load_game(game).options}
    assert names >= {"target_score", "random_starter", "narrator"}
    assert names - set(OPTION_LABELS) == set()
    i18n.install("de", mo["de"])
    assert option_label("random_starter") == "Zufälliger Startspieler"
