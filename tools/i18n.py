"""Hotseat's translation catalogues with Babel: extract, update, check, compile, CLDR data.

Usage: python tools/i18n.py update           extract the template, then update every catalogue
       python tools/i18n.py check            every check the tests run (exit 1 on a problem)
       python tools/i18n.py todo [LANG ...]  the messages still untranslated (or fuzzy)
       python tools/i18n.py compile OUT      write OUT/<lang>.mo for every language
       python tools/i18n.py locale-data      rewrite web/hotseat/locale_data.py from Babel's CLDR

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

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "locale"
TEMPLATE = LOCALE_DIR / "hotseat.pot"
DOMAIN = "hotseat"
#: the translated languages (the source, English, needs no catalogue); hotseat.i18n.LANGUAGES
#: lists the same, English first
LANGUAGES = ("de", "fr", "it", "es")
ALL_LANGUAGES = ("en",) + LANGUAGES
LOCALE_DATA_PY = ROOT / "web" / "hotseat" / "locale_data.py"

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


def check(template: Catalog | None = None) -> list[str]:
    """Every problem with the template and the catalogues; an empty list when all is well.

    * the template holds exactly the messages a fresh extraction finds;
    * every catalogue holds exactly the template's messages, each translated (none fuzzy),
      with the language's number of plural forms, the same placeholders, ruling ids and
      ``*`` marks as the English, and headers naming its language and Babel's plural rule.
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
        f'"""CLDR data for :mod:`hotseat.i18n`, generated from Babel {babel.__version__}\'s locale data by\n'
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
    sub.add_parser("locale-data", help="rewrite web/hotseat/locale_data.py")
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
