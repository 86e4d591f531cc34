"""Hostile backup files change nothing: through the app's own Restore (Backups.restore_chosen).

Run in CPython and inside Pyodide (``make test-pyodide`` runs every ``tests/test_*.py``), where a
nesting bomb that reached a JSON parser would kill the interpreter instead of raising. A file is
either refused (no question, storage untouched, and a message in the player's words: what is wrong
with the file and what to do, nothing of the parser or the schema) or, when what is left of it is
still a valid backup, offered with every part valid: no file is ever applied in part.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))

from backup_world import filled_phone  # noqa: E402
from ui_helpers import MemoryStorage, first_legal_bot  # noqa: E402

from hotseat import (
    backup,  # noqa: E402
    session_save,  # noqa: E402
)
from hotseat import players as players_store  # noqa: E402
from hotseat.controller import Controller  # noqa: E402
from hotseat.saves import slot_key  # noqa: E402

DEEP = 40_000
BOMBS = [
    "[" * DEEP + "]" * DEEP,
    "[" * DEEP,
    '{"hotseat":"backup","version":1,"made":"","games":' + "{" * DEEP,
    '{"hotseat":"backup","version":1,"made":"","players":null,"games":{"dog":"' + "[" * DEEP + '"}}',
    '{"hotseat":"backup","version":1,"made":"","games":{},"players":"' + '{\\"a\\":' * 9_000 + '1}"}',
]

_PHONE = filled_phone()
_VALID = None


def valid_backup() -> str:
    global _VALID
    if _VALID is None:
        c = Controller(MemoryStorage(_PHONE), bot_hook=first_legal_bot)
        c.tap({"shell": "backup"})
        _VALID = c.download["text"]
    return _VALID


#: what only a parser or a schema would say: never in what the player reads
TECHNICAL = re.compile(
    r"JSON|nested|levels?\b|expected|field|revision|schema|line \d|char|column|log\.|moves|"
    r"legal move|duplicate|out of range|too large \(|[\[\]{}'\\]|\b(?:six_nimmt|bad_bunnies|bunny_moose|dog)\b"
)
NOTHING_CHANGED = "Nothing was changed on this phone."


def assert_players_words(message: str) -> None:
    """A refusal says what is wrong and what to do, in the player's words."""
    assert message.endswith(NOTHING_CHANGED), message
    assert not TECHNICAL.search(message), message
    assert "hotseat-backup" in message or "Make a new backup" in message or "Update Hotseat" in message, message


def try_restore(text: str | None) -> tuple[Controller, MemoryStorage, str | None]:
    """A phone holding other games (Dog's save differs from the backup's) picks ``text``; returns
    the controller, the phone's storage and the message the player read."""
    phone = MemoryStorage(_PHONE)
    phone.pop(slot_key("six_nimmt"))
    before = dict(phone)
    c = Controller(phone, bot_hook=first_legal_bot)
    c.backups.restore_chosen(text, 0 if text is None else len(text.encode("utf-8", "surrogatepass")))
    assert dict(phone) == before  # picking a file never writes
    message = c.message
    if c.dialog is None:
        assert c.message, text and text[:60]
        assert_players_words(c.message)
        assert c.backups.refused_detail  # the technical detail, for a bug report (the console)
        c.tap({"shell": "restore_yes"})  # a stale tap: nothing to restore
        assert dict(phone) == before and c.screen == "home"
    return c, phone, message


def assert_offered_backup_is_valid(c: Controller, phone: MemoryStorage) -> None:
    """A file that was accepted: every part reads as the app reads it, and Restore stores exactly it."""
    found = c.dialog.backup
    for game_id, text in found.games.items():
        assert session_save.from_json(text, bot_hook=first_legal_bot).game_id == game_id
    if found.players is not None:
        assert players_store.parse(found.players, ("six_nimmt", "dog", "bad_bunnies", "bunny_moose"))[1] == []
    c.tap({"shell": "restore_yes"})
    for key, text in backup.writes(found).items():
        assert phone[key] == text


def test_nesting_bombs_are_refused_before_any_parser_and_change_nothing():
    for bomb in BOMBS:
        c, _phone, _message = try_restore(bomb)
        assert c.dialog is None, bomb[:80]


NOT_BACKUP = "This file is not a Hotseat backup. Pick the file whose name starts with “hotseat-backup”."
PICTURE = "This file is not a Hotseat backup (it looks like a picture)."
CUT_SHORT = "This backup is cut short — it was not saved completely. Make a new backup on the phone it comes from"
DAMAGED = "This backup is damaged — it was changed after it was made. Make a new backup on the phone it comes from"
NEWER = "This backup was made by a newer version of Hotseat. Update Hotseat on this phone"
DOG = "The game of Dog in this backup cannot be opened — it was changed or damaged. Make a new backup"


def picture(magic: bytes) -> str:
    """A picture's bytes as the browser reads a picked file as text (UTF-8, bad bytes replaced)."""
    body = bytes(random.Random(7).randrange(256) for _ in range(3000)) + b"[[[[{{{{" * 50
    return (magic + body).decode("utf-8", "replace")


def test_odd_files_are_refused_in_the_players_words():
    good = json.loads(valid_backup())
    whole = valid_backup()
    cases = {
        "not json": NOT_BACKUP,
        "": "This file is empty: the backup was not saved completely.",
        "[]": NOT_BACKUP,
        "[" * 5000: NOT_BACKUP,
        picture(b"\x89PNG\r\n\x1a\n"): PICTURE,
        picture(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"): PICTURE,
        picture(b"GIF89a"): PICTURE,
        "\x89PNG\r\n\x1a\n\x00\x00": PICTURE,
        whole[: len(whole) // 2]: CUT_SHORT,
        whole[:-1]: CUT_SHORT,
        whole[:12]: CUT_SHORT,
        good["games"]["dog"]: "This file is one saved game, not a backup of a phone.",
        json.dumps({**good, "version": 2}): NEWER,
        json.dumps({**good, "games": {"chess": "{}"}}): NEWER,
        json.dumps({**good, "version": True}): DAMAGED,
        json.dumps({**good, "extra": 1}): DAMAGED,
        '{"hotseat": "backup", "made": 1e999, "version": 1}': DAMAGED,
        whole.replace('"version":1', '"version":1,"version":1'): DAMAGED,
        whole.replace('"games":{', '"games":{{', 1): DAMAGED,
        json.dumps({**good, "games": {"dog": good["games"]["six_nimmt"]}}): DOG,
        json.dumps({**good, "games": {"dog": good["games"]["dog"].replace('"seed":41', '"seed":-1')}}): DOG,
        json.dumps(
            {**good, "players": '{"version": 1, "names": [7]}'}
        ): "The list of players in this backup is damaged.",
    }
    for text, words in cases.items():
        c, _phone, message = try_restore(text)
        assert c.dialog is None and message.startswith(words), (text[:60], message)
    c, _phone, message = try_restore(None)
    assert c.dialog is None and message.startswith("This file is too large to be a Hotseat backup.")


def test_a_backup_cut_anywhere_says_it_is_cut_short():
    whole = valid_backup()
    for end in range(1, len(whole), max(1, len(whole) // 97)):
        c, _phone, message = try_restore(whole[:end])
        assert c.dialog is None and message.startswith(CUT_SHORT), (end, message)


def test_the_valid_backup_is_offered_and_restored():
    c, phone, _message = try_restore(valid_backup())
    assert c.dialog is not None
    assert_offered_backup_is_valid(c, phone)
    assert phone[slot_key("six_nimmt")] == _PHONE[slot_key("six_nimmt")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_backup_with_any_slice_replaced_is_refused_unchanged_or_valid_throughout(data):
    text = valid_backup()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 400)))
    filler = data.draw(
        st.text(max_size=30)
        | st.sampled_from(["[" * 5000, "{" * 3000, '"', "\\", "\\u0000", "1e999", "-0", "null", "}", "]"])
    )
    mutated = text[:start] + filler + text[end:]
    c, phone, _message = try_restore(mutated)
    if c.dialog is not None:
        assert_offered_backup_is_valid(c, phone)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["hotseat", "version", "made", "games", "players", "games.dog", "games.six_nimmt"]), json_values)
def test_a_backup_with_any_field_replaced_is_refused_unchanged_or_valid_throughout(path, value):
    data = json.loads(valid_backup())
    node, *rest = path.split(".")
    if rest:
        data[node][rest[0]] = value
    else:
        data[node] = value
    c, phone, _message = try_restore(json.dumps(data))
    if c.dialog is not None:
        assert_offered_backup_is_valid(c, phone)
