"""Hotseat's translation catalogues with Babel: extract, update, check, compile, CLDR data.

Usage: python tools/i18n.py update           extract the template, then update every catalogue
       python tools/i18n.py check            every check the tests run (exit 1 on a problem)
       python tools/i18n.py todo [LANG ...]  the messages still untranslated (or fuzzy)
       python tools/i18n.py compile OUT      write OUT/<lang>.mo for every language
       python tools/i18n.py locale-data      rewrite web/hotseat/third_party/locale_data.py from Babel's CLDR

Files (English is the source language; its text is the msgid, so it has no catalogue):
  locale/hotseat.pot                   the template: every marked message of the UI
                                       (web/hotseat/**.py) and the engine text players see
                                       (option docs in pycore/: ``Option(name, default, doc)``)
  locale/<lang>/LC_MESSAGES/hotseat.po one catalogue per language (de, fr, it, es)

Adding a message: write it in the code inside ``_()``/``ngettext()``/``pgettext()``/``N_()``
(hotseat.i18n), run ``make i18n``, fill in its ``msgstr`` in the four catalogues (``todo`` lists
them), run ``make i18n-check``. The tests fail while a message lacks a translation, a
translation's placeholders differ from the English, or the template is stale.

Both files are written sorted by message, with file names but no line numbers, and no wrapping,
so that unrelated edits by several people rarely touch the same lines.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import re
import string
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))  # hotseat.i18n: the words the app changes before a name
LOCALE_DIR = ROOT / "locale"
TEMPLATE = LOCALE_DIR / "hotseat.pot"
DOMAIN = "hotseat"
#: the translated languages (the source, English, needs no catalogue); hotseat.i18n.LANGUAGES
#: lists the same, English first
LANGUAGES = ("de", "fr", "it", "es")
ALL_LANGUAGES = ("en",) + LANGUAGES
LOCALE_DATA_PY = ROOT / "web" / "hotseat" / "third_party" / "locale_data.py"

#: the calls whose string arguments are messages in the UI (``t`` is a view's ``ctx.t``)
UI_KEYWORDS = {
    "_": None,
    "gettext": None,
    "t": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: engine text players see: an option's doc, ``Option(name, default, doc, ...)`` in pycore/
ENGINE_KEYWORDS = {"Option": (3,)}
#: (folder, keywords) pairs extracted into the one template
SOURCES = (("web/hotseat", UI_KEYWORDS), ("pycore", ENGINE_KEYWORDS))
COMMENT_TAGS = ("Translators:",)
#: a fixed date in the headers: the files change only when messages do
FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
HEADER = (
    "# {what} of Hotseat's messages. English is the source language.\n"
    "# Written by `python tools/i18n.py update` (make i18n); see that file for how to add a message.\n#"
)

#: tokens that must appear unchanged in a translation (besides ``{placeholders}``): ruling ids
#: in an option's doc (the screen removes them), and the ``*…*`` marking a poem line's ending
RULING_RE = re.compile(r"\b(?:SN|BB|DOG|BM)-\d+\b")


# ---- reading and writing --------------------------------------------------------------------


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_po(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def save_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, sort_output=True, include_lineno=False, ignore_obsolete=True)
    path.write_bytes(buf.getvalue())


def extract_python_ast(fileobj, keywords, comment_tags, options):
    """A Babel extraction method like Babel's ``python``, read from the syntax tree instead of
    the token stream, so that marked calls inside f-strings are found too (Babel's tokenizer sees
    an f-string as one string before Python 3.12).

    Yields ``(line, function name, positional arguments, translator comments)`` for each call of
    a keyword (``_(…)``, ``ctx.t(…)``); an argument that is not a string literal is ``None``
    (Babel then skips the call). Translator comments are the ``#`` lines right above the call,
    from the first one that starts with a tag in ``comment_tags`` (or, when there are none, the
    lines right above the statement that holds the call: one comment for a whole list of them).
    """
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = source.splitlines()
    tags = tuple(comment_tags)

    def comments_above(lineno: int) -> list[str]:
        above = []
        k = lineno - 2
        while k >= 0 and lines[k].strip().startswith("#"):
            above.insert(0, lines[k].strip().lstrip("#").strip())
            k -= 1
        start = next((i for i, c in enumerate(above) if tags and c.startswith(tags)), None)
        return above[start:] if start is not None else []

    tree = ast.parse(source)
    statement_of: dict[ast.AST, ast.stmt] = {}
    for stmt in ast.walk(tree):
        if isinstance(stmt, ast.stmt):
            for child in ast.walk(stmt):
                statement_of[child] = stmt  # the innermost statement wins (walked later)
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in keywords:
            continue
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args)
        # a comment right above the call, else above the statement holding it (a list of lines)
        comments = comments_above(node.lineno) or comments_above(statement_of[node].lineno)
        calls.append((node.lineno, node.col_offset, name, args, [" ".join(comments)] if comments else []))
    for lineno, _col, name, args, comments in sorted(calls, key=lambda c: c[:2]):
        yield lineno, name, args, comments


def extract() -> Catalog:
    """A fresh template from the sources (:data:`SOURCES`), messages sorted, locations by file."""
    catalog = Catalog(
        project="Hotseat",
        version="1",
        domain=DOMAIN,
        creation_date=FIXED_DATE,
        header_comment=HEADER.format(what="Template"),
        revision_date=FIXED_DATE,
        msgid_bugs_address="",
        copyright_holder="Hotseat",
    )
    for folder, keywords in SOURCES:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", extract_python_ast)],
            keywords=keywords,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        )
        for filename, _lineno, message, comments, context in found:
            if isinstance(message, tuple) and not all(message):
                continue  # ngettext with a non-literal argument
            if not message:
                continue
            catalog.add(message, None, [(f"{folder}/{filename}", None)], auto_comments=comments, context=context)
    return catalog


def write_template(catalog: Catalog) -> None:
    save_po(catalog, TEMPLATE)


def new_catalogue(lang: str) -> Catalog:
    name = Locale.parse(lang).english_name
    return Catalog(
        locale=lang,
        project="Hotseat",
        version="1",
        domain=DOMAIN,
        creation_date=FIXED_DATE,
        header_comment=HEADER.format(what=f"{name} translations"),
        revision_date=FIXED_DATE,
        language_team=name,
        last_translator="Hotseat",
        copyright_holder="Hotseat",
        fuzzy=False,
    )


def update(template: Catalog) -> list[str]:
    """Bring every catalogue in line with ``template``: new messages empty, gone ones dropped;
    a new message close to a dropped one gets its old translation marked fuzzy (to be checked).
    Returns one line per language with what changed."""
    report = []
    for lang in LANGUAGES:
        path = po_path(lang)
        catalog = load_po(path, lang) if path.is_file() else new_catalogue(lang)
        before = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        catalog.update(template, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        catalog.fuzzy = False
        after = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        save_po(catalog, path)
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _complete(m)))
        report.append(f"{lang}: {len(after - before)} new, {len(before - after)} gone, {todo} to translate")
    return report


def compile_mo(lang: str) -> bytes:
    """``lang``'s catalogue compiled to ``.mo`` bytes (untranslated and fuzzy messages left out)."""
    buf = io.BytesIO()
    write_mo(buf, load_po(po_path(lang), lang), use_fuzzy=False)
    return buf.getvalue()


def compile_all(out: Path) -> list[Path]:
    """Write ``out/<lang>.mo`` for every language; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        dest = out / f"{lang}.mo"
        dest.write_bytes(compile_mo(lang))
        written.append(dest)
    return written


# ---- checks ---------------------------------------------------------------------------------


def _key(message: Message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def _forms(message: Message) -> list[str]:
    if isinstance(message.string, (tuple, list)):
        return list(message.string)
    return [message.string or ""]


def _complete(message: Message) -> bool:
    return all(s for s in _forms(message))


def fields(text: str) -> set[str] | None:
    """The named ``{placeholders}`` of ``text`` (``str.format`` syntax), or None if it has broken
    braces. ``"{{"`` is a literal brace, not a placeholder.

    >>> sorted(fields("{name} wins {n} {{x}}"))
    ['n', 'name']
    """
    try:
        return {
            name.split(".")[0].split("[")[0]
            for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None
        }
    except ValueError:
        return None


def _tokens(text: str) -> tuple[list[str], int]:
    return sorted(RULING_RE.findall(text)), text.count("*")


def message_problems(message: Message, nplurals: int) -> list[str]:
    """What is wrong with one translated message (an empty list when nothing is)."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    forms = _forms(message)
    where = f"{message.id if isinstance(message.id, str) else message.id[0]!r}" + (
        f" (context {message.context!r})" if message.context else ""
    )
    problems = []
    if message.fuzzy:
        problems.append(f"{where}: marked fuzzy (check the translation, then remove the flag)")
    if not all(forms):
        problems.append(f"{where}: not translated")
        return problems
    if len(ids) > 1 and len(forms) != nplurals:
        problems.append(f"{where}: {len(forms)} plural forms, the language has {nplurals}")
    id_fields = [fields(i) for i in ids]
    if any(f is None for f in id_fields):
        problems.append(f"{where}: the English text has unbalanced braces")
        return problems
    every = set().union(*id_fields)
    common = set.intersection(*id_fields)
    for k, form in enumerate(forms):
        got = fields(form)
        label = f"{where} form {k}" if len(forms) > 1 else where
        if got is None:
            problems.append(f"{label}: unbalanced braces in {form!r}")
            continue
        extra, missing = got - every, common - got
        if len(ids) > 1 and k == len(forms) - 1:
            missing |= id_fields[-1] - got  # the general plural form names the number
        if extra:
            problems.append(f"{label}: placeholders {sorted(extra)} are not in the English text")
        if missing:
            problems.append(f"{label}: placeholders {sorted(missing)} are missing")
        if _tokens(form) != _tokens(ids[-1 if len(ids) > 1 and k else 0]):
            problems.append(f"{label}: ruling ids or '*' marks differ from the English text")
        if (form[:1].isspace(), form[-1:].isspace()) != (ids[0][:1].isspace(), ids[0][-1:].isspace()):
            problems.append(f"{label}: leading/trailing spaces differ from the English text")
    return problems


# ---- wording patterns: what reads wrong on a screen though every placeholder is right -----------

#: the placeholders that hold a player's name (or a list of names, ``{names}``)
NAME_FIELDS = frozenset({"name", "names", "who", "player", "partner", "narrator", "winner"})
#: per language, the short words that change before a word starting with a vowel (elision: Italian
#: "di" -> "d’", French "de" -> "d’"; euphony: Italian "a" -> "ad"): before a name they must be ones
#: the app changes (``hotseat.i18n.ELIDING``/``EUPHONIC``), and a message must not end with one (the
#: name shown after it is beyond the app's reach)
VOWEL_SENSITIVE = {
    "it": frozenset({"a", "di", "e", "lo", "la"}),
    "fr": frozenset({"de", "que", "le", "la", "je", "me", "te", "se", "ne", "ce", "lorsque", "puisque"}),
    "es": frozenset({"y", "o"}),  # "Ana e Isabel", "Eva u Olga"
}
#: an elided or euphonic form written out before a name placeholder: right for "Anna", wrong for
#: "Bob" (the app writes it itself when the name starts with a vowel)
WRITTEN_ELISION_RE = re.compile(
    r"(?<![\w])(?:[dDlLjJmMtTsSnNcC]|[qQ]u|[lL]orsqu|[pP]uisqu)['’]\{(\w+)|(?<![\w])([aAeE]d) \{(\w+)"
)
#: messages with ``{names}`` (a list of names) whose words do not depend on how many names there
#: are, so they need no plural forms: a colon or "waiting for" before the list, or always several
NAMES_NEUTRAL = frozenset(
    {
        "Waiting for {names}",  # "Esperando a {names}", "Warten auf {names}": no verb agrees with it
        "Waiting for a phone to come back: {names}",
        "round {n}; {names}",  # a saved game's line: round and players
        "{names} share the win!",  # always two or more winners
        "{names} wins!",  # the code picks "wins" for one winner ...
        "{names} win!",  # ... and "win" for several
    }
)


class Term(NamedTuple):
    """One thing a game's screens name (:data:`GLOSSARY`).

    Attributes:
        names: every English way a message names it (a regex, case-insensitive): such a message
            may use its word.
        words: per language, the word its translations use (lower case; matched at a word start,
            so "Stapel" is not found in "Nachziehstapel").
        required: the English (a regex) that obliges a translation to use the word (default
            ``names``; narrower where a language names the thing by an idiom: "sent home" is
            "geschlagen" in German, "mangiata" in Italian).
    """

    names: str
    words: dict[str, str]
    required: str | None = None


#: per game (a folder of web/hotseat/views), the things its screens name that must never share a
#: word in a language. Every translation of a message that must name a term uses its word; no
#: translation of a message of the game that does not name a term uses that term's word: two things
#: never go by one name on a screen (Italian "mazzo" for Bad Bunnies' pile and "mazzo ausiliare"
#: for the draw pile; Dog's English "home" is the kennel in "sends it home" and the goal in "4
#: figures home").
GLOSSARY: dict[str, dict[str, Term]] = {
    "bad_bunnies": {
        # the pile in the middle: the cards played this round (its cards are the round's points)
        "pile": Term(r"(?<!draw )\bpile\b", {"de": "stapel", "fr": "pile", "it": "pila", "es": "pila"}),
        # the face-down pile players draw from
        "draw pile": Term(
            r"\bdraw(?:s|n)?\b",  # drawing a card is from the draw pile ("piocher")
            {"de": "nachziehstapel", "fr": "pioche", "it": "mazzo", "es": "mazo"},
            required=r"\bdraw pile\b",
        ),
        # the reserve pile (thrown-away hands), reshuffled when the draw pile runs out
        "reserve": Term(r"\breserve\b", {"de": "reserve", "fr": "réserve", "it": "riserva", "es": "reserva"}),
    },
    "dog": {
        "kennel": Term(
            r"\bkennel\b|\bsen(?:d|ds|t) (?:it |them )?(?:back )?home\b",
            {"de": "zwinger", "fr": "chenil", "it": "canile", "es": "perrera"},
            required=r"\bkennel\b",
        ),
        "goal": Term(
            r"\bgoals?\b|\bfigures (?:are )?home\b|\bof 8 home\b|/\s*home\b|\bare home\b",
            {"de": "ziel", "fr": "arrivé", "it": "traguardo", "es": "meta"},
            required=r"\bgoal\b",
        ),
        "start field": Term(
            r"\bstart field\b",
            {"de": "startfeld", "fr": "case de départ", "it": "casella di partenza", "es": "casilla de salida"},
        ),
    },
}
#: names, brands and words every language writes as English does: never "left in English"
SAME_EVERYWHERE = frozenset(
    {"6 nimmt!", "Bad Bunnies", "Bunny Bunny Moose Moose", "Dog", "Hotseat", "BAM!", "Bot", "OK"}
)
#: per language, messages whose translation is the same word as the English one (not left in English)
SAME_WORD = {
    "de": frozenset({"Animation", "Normal", "normal", "Pause", "Tempo", "Tempo: {tempo}", "Vibration", "Bot · normal"}),
    "fr": frozenset(
        {"Animation", "Options", "Pause", "Total", "Vibration", "joker", "long", "normal", "Bot · normal", "{n} point"}
    ),
    "it": frozenset({"app"}),  # "l'app": the Italian word
    "es": frozenset({"Normal", "normal", "Total", "app", "Bot · normal"}),  # "la app": the Spanish word
}


def _text_of(template: str) -> str:
    """``template`` without its placeholders (the words a player reads around them)."""
    return re.sub(r"\{[^{}]*\}", " ", template)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", text)


def wording_problems(lang: str, message: Message) -> list[str]:
    """What reads wrong in ``lang``'s translation of ``message`` though its placeholders are right
    (the patterns of :data:`VOWEL_SENSITIVE`, :data:`NAMES_NEUTRAL`, :data:`SAME_WORD`; the
    glossary is :func:`glossary_problems`'s)."""
    import hotseat.i18n as runtime  # the app's own rules: which words it changes before a name

    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    forms = _forms(message)
    where = f"{lang}: {ids[0]!r}"
    problems = []
    sensitive = VOWEL_SENSITIVE.get(lang, frozenset())
    handled = set(runtime.ELIDING.get(lang, {})) | set(runtime.EUPHONIC.get(lang, {}))
    for form in forms:
        last = re.search(r"(?<![\w’'-])([^\W\d_]+)$", form.rstrip())  # not a pronoun: "copie-le"
        if sensitive and last is not None and last.group(1).lower() in sensitive:
            problems.append(
                f"{where}: ends with {last.group(1)!r}, a word that changes before a vowel: the name shown "
                "after the message is beyond the app's elision (put a {name} placeholder in the message)"
            )
        for m in WRITTEN_ELISION_RE.finditer(form):
            field = m.group(1) or m.group(3)
            if field in NAME_FIELDS:
                problems.append(
                    f"{where}: {m.group(0)!r} writes the elision out: right for Anna, wrong for Bob "
                    "(write the full word; the app changes it before a name that starts with a vowel)"
                )
        for m in re.finditer(r"(?<![\w’'])([^\W\d_]+) \{(\w+)", form):
            word, field = m.group(1), m.group(2)
            if field in NAME_FIELDS and word.lower() in sensitive and word not in handled:
                problems.append(
                    f"{where}: {word!r} before {{{field}}} changes before a vowel but the app does not "
                    "change it (hotseat.i18n.ELIDING / EUPHONIC)"
                )
    if "{names}" in ids[0] and len(ids) == 1 and ids[0] not in NAMES_NEUTRAL:
        problems.append(
            f"{where}: a list of names ({{names}}) in a message without plural forms: with several "
            "players the verb or pronoun must agree (use ngettext with the number of names)"
        )
    if ids[0] not in SAME_EVERYWHERE and ids[0] not in SAME_WORD.get(lang, frozenset()):
        for k, form in enumerate(forms):
            english = ids[min(k, len(ids) - 1)] if len(ids) > 1 else ids[0]
            if form == english and _words(_text_of(form)):
                problems.append(f"{where}: left in English (or add it to SAME_WORD if {lang} writes it so)")
                break
    return problems


def glossary_problems(lang: str, catalog: Catalog, template: Catalog) -> list[str]:
    """Messages of a game whose translation in ``lang`` lacks the word of a term it must name, or
    uses the word of a term it does not name (:data:`GLOSSARY`); and a game whose terms share a word."""
    problems = []
    for game, terms in GLOSSARY.items():
        words = [term.words[lang] for term in terms.values()]
        if len(set(words)) != len(words):
            problems.append(f"{lang}: the glossary of {game} gives two terms the same word: {words}")
        for m in template:
            if not m.id or not any(f"/views/{game}/" in loc for loc, _line in m.locations):
                continue
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            english = _text_of(msgid)  # the words around the placeholders: "{goal}" is no goal
            translated = catalog.get(m.id, context=m.context)
            if translated is None or not _complete(translated):
                continue
            for form in _forms(translated):
                low = form.lower()
                for name, term in terms.items():
                    word = term.words[lang]
                    named = re.search(term.names, english, re.IGNORECASE) is not None
                    if re.search(term.required or term.names, english, re.IGNORECASE) and word not in low:
                        problems.append(f"{lang}: {msgid!r} names the {name} of {game}, its word is {word!r}: {form!r}")
                    if not named and re.search(rf"\b{re.escape(word)}", low):
                        problems.append(
                            f"{lang}: {msgid!r} does not name the {name} of {game} but says {word!r} (its "
                            f"word) in {form!r}: two things with one name on a screen"
                        )
    return problems


def check(template: Catalog | None = None) -> list[str]:
    """Every problem with the template and the catalogues; an empty list when all is well.

    * the template holds exactly the messages a fresh extraction finds;
    * every catalogue holds exactly the template's messages, each translated (none fuzzy),
      with the language's number of plural forms, the same placeholders, ruling ids and
      ``*`` marks as the English, and headers naming its language and Babel's plural rule;
    * the wording (:func:`wording_problems`, :func:`glossary_problems`): no word that changes
      before a vowel left where the app cannot change it, no elision written out before a name,
      a list of names only in a message with plural forms, no English left untranslated, and no
      two things of a game's screen under one word.
    """
    problems = []
    fresh = template if template is not None else extract()
    wanted = {_key(m) for m in fresh if m.id}
    if not TEMPLATE.is_file():
        return [f"{TEMPLATE.relative_to(ROOT)} is missing: run `make i18n`"]
    stored = {_key(m) for m in load_po(TEMPLATE) if m.id}
    for k in sorted(wanted - stored, key=str):
        problems.append(f"hotseat.pot: {k[0]!r} is marked in the code but not in the template: run `make i18n`")
    for k in sorted(stored - wanted, key=str):
        problems.append(f"hotseat.pot: {k[0]!r} is no longer in the code: run `make i18n`")
    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.is_file():
            problems.append(f"{lang}: {path.relative_to(ROOT)} is missing: run `make i18n`")
            continue
        catalog = load_po(path, lang)
        expected = Catalog(locale=lang)
        if catalog.plural_forms != expected.plural_forms:
            problems.append(f"{lang}: Plural-Forms is {catalog.plural_forms!r}, Babel says {expected.plural_forms!r}")
        if str(catalog.locale) != lang:
            problems.append(f"{lang}: the catalogue's Language is {catalog.locale}")
        have = {_key(m) for m in catalog if m.id}
        for k in sorted(wanted - have, key=str):
            problems.append(f"{lang}: {k[0]!r} is missing from the catalogue: run `make i18n`")
        for k in sorted(have - wanted, key=str):
            problems.append(f"{lang}: {k[0]!r} is not in the code any more: run `make i18n`")
        for message in catalog:
            if message.id and _key(message) in wanted:
                problems += [f"{lang}: {p}" for p in message_problems(message, catalog.num_plurals)]
                if _complete(message):
                    problems += wording_problems(lang, message)
        problems += glossary_problems(lang, catalog, fresh)
    return problems


def todo(langs: Iterable[str]) -> list[str]:
    out = []
    for lang in langs:
        catalog = load_po(po_path(lang), lang)
        for m in catalog:
            if m.id and (m.fuzzy or not _complete(m)):
                out.append(f"{lang}: {m.id!r}" + (f" (context {m.context!r})" if m.context else ""))
    return out


# ---- CLDR data for the app (numbers, lists, language names) ---------------------------------


def locale_data() -> dict[str, dict]:
    """What :mod:`hotseat.i18n` needs of CLDR for each language, from Babel's locale data."""
    data = {}
    for lang in ALL_LANGUAGES:
        loc = Locale.parse(lang)
        symbols = loc.number_symbols["latn"]
        name = loc.get_display_name(lang)
        data[lang] = {
            "name": name[:1].upper() + name[1:],
            "decimal": symbols["decimal"],
            "group": symbols["group"],
            "list": {k: loc.list_patterns["standard"][k] for k in ("start", "middle", "end", "2")},
        }
    return data


def render_locale_data() -> str:
    import pprint

    import babel

    body = pprint.pformat(locale_data(), width=110, sort_dicts=True)
    return (
        f'"""CLDR data for :mod:`hotseat.formats`, generated from Babel {babel.__version__}\'s locale data by\n'
        "``python tools/i18n.py locale-data`` (do not edit; a test checks it is current).\n\n"
        "Per language: its own name, the decimal sign and thousands separator of numbers, and the\n"
        'patterns of a list ("A, B and C": ``start``, ``middle``, ``end``; ``2`` for two items).\n"""\n\n'
        "from typing import Any\n\n"
        f"LOCALE_DATA: dict[str, dict[str, Any]] = {body}\n"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("update", help="extract the template and update every catalogue")
    sub.add_parser("extract", help="only write the template")
    sub.add_parser("check", help="run every check (exit 1 on a problem)")
    p_todo = sub.add_parser("todo", help="list untranslated or fuzzy messages")
    p_todo.add_argument("langs", nargs="*", default=list(LANGUAGES))
    p_compile = sub.add_parser("compile", help="write OUT/<lang>.mo")
    p_compile.add_argument("out")
    sub.add_parser("locale-data", help="rewrite web/hotseat/third_party/locale_data.py")
    args = ap.parse_args(argv)

    if args.cmd in ("update", "extract"):
        template = extract()
        write_template(template)
        print(f"locale/hotseat.pot: {sum(1 for m in template if m.id)} messages")
        if args.cmd == "update":
            for line in update(template):
                print(line)
    elif args.cmd == "check":
        problems = check()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)" if problems else "catalogues complete and consistent")
        return 1 if problems else 0
    elif args.cmd == "todo":
        lines = todo(args.langs)
        print("\n".join(lines) if lines else "nothing to translate")
    elif args.cmd == "compile":
        for path in compile_all(Path(args.out)):
            print(path)
    elif args.cmd == "locale-data":
        LOCALE_DATA_PY.write_text(render_locale_data(), encoding="utf-8")
        print(LOCALE_DATA_PY.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
