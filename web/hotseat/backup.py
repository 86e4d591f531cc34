"""Backup and Restore: every game in progress and the remembered players in one file.

Browsers delete a site's storage (Safari after seven days without a visit, unless the app is on
the home screen; "Clear data"; a new phone), so the player can keep everything this phone holds in
one file and open it again later, here or on another phone.

The file is JSON (UTF-8)::

    {"hotseat": "backup", "version": 1, "made": "2026-12-05T10:12:00Z",
     "games": {"six_nimmt": "<the save's stored text>", ...},
     "players": "<the players' stored text>" | null}

Each game's save is carried as the exact text stored under ``hotseat.game.<id>``
(:func:`hotseat.saves.slot_key`), so a restore gives back the same save byte for byte; the players
(recent names, remembered tables, statistics: :mod:`hotseat.players`) likewise.

Reading a backup (:func:`read`) treats it as untrusted like every save: the file's size is bounded
before it is read at all (:data:`MAX_BYTES`), its text's size, nesting depth and number literals
before it is parsed (:func:`hotseat.bounded.loads`, keys unique), then one declared schema checks
the file, every game's save is read in full as a save is on Continue (the caller's
``check_save``: bounds, schema, the engine's own checks, the replayed move log) and the players
must parse without a single problem. Any failure is a :class:`BackupError` and nothing is applied;
its :attr:`~BackupError.kind` says what is wrong with the file in terms a player can act on (a
picture, a backup cut short, a damaged game…: :func:`hotseat.keeping.restore_refused` words it),
its text the technical detail (for a bug report; never shown to the player).
:func:`restore` writes all of it or nothing: when the browser refuses one write, the keys already
written get their earlier text back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pycore.spec import Choice, Int, Nullable, Record, Text

from . import bounded
from . import players as players_store
from .saves import MAX_SAVE_CHARS, SaveError, Storage, StorageError, check, slot_key

FORMAT = "backup"
VERSION = 1
#: nesting of a backup file: the file's object and its "games" object (the saves are texts)
MAX_DEPTH = 3
#: the largest backup file read, in bytes: four games at the largest save, the players, escaping
MAX_BYTES = 4_000_000
#: the player's file name for a backup made on ``day`` (an ISO date)
FILE_NAME = "hotseat-backup-{day}.json"


#: what can be wrong with a picked file (:attr:`BackupError.kind`)
KINDS = (
    "too_large",  # larger than any backup (MAX_BYTES): not read at all
    "empty",  # nothing in it (a backup that was never written)
    "picture",  # a photo or picture (PNG, JPEG, GIF, WebP, HEIC/AVIF, SVG)
    "saved_game",  # one saved game (the recovery screen's Download), not a backup
    "not_backup",  # any other file
    "cut_short",  # the start of a Hotseat backup whose end is missing
    "damaged",  # a Hotseat backup changed after it was made (not JSON, or not as the app writes it)
    "newer",  # made by a newer Hotseat (a later backup version, or a game this version lacks)
    "game",  # one game's save in it cannot be opened (BackupError.game names it)
    "players",  # its list of players cannot be read
)
_BACKUP_MARK = re.compile(r'"hotseat"\s*:\s*"backup"')
_SAVE_MARK = re.compile(r'"format"\s*:\s*"hotseat-session"')
_WHOLE_END = re.compile(r'"version"\s*:\s*[0-9]+\s*\}\s*$')


class BackupError(ValueError):
    """A backup that cannot be restored. ``kind`` (one of :data:`KINDS`) says what is wrong for the
    player's words (:func:`hotseat.keeping.restore_refused`); ``game`` the game id whose save
    cannot be opened (kind ``"game"``); the message is the technical detail, for a bug report."""

    def __init__(self, detail: str, kind: str = "damaged", game: str | None = None) -> None:
        super().__init__(detail)
        self.kind = kind
        self.game = game


def sniff(text: str) -> str:
    r"""What a file that could not be read as a backup looks like (a kind of :data:`KINDS`), from
    its first characters and whether it ends as a backup does (a whole one ends with its
    version); it looks at no more than a few thousand characters.

    >>> sniff("\ufffdPNG\r\n\x1a\n"), sniff('{"games":{"dog":"{\\"a'), sniff("hello"), sniff("  ")
    ('picture', 'cut_short', 'not_backup', 'empty')
    """
    body = text.lstrip("\ufeff \t\r\n")
    if not body:
        return "empty"
    head = body[:64]
    if (
        head[1:4] == "PNG"
        or head.startswith(("GIF87a", "GIF89a"))
        or ("JFIF" in head[:16] or "Exif" in head[:16])
        or (head.startswith("RIFF") and "WEBP" in head[:16])
        or ("ftyp" in head[:12] and any(k in head[:32] for k in ("heic", "heix", "mif1", "avif", "heif")))
        or "<svg" in body[:400]
    ):
        return "picture"
    if not body.startswith("{"):
        return "not_backup"
    if _SAVE_MARK.search(body[:2000]) and not _BACKUP_MARK.search(body[:2000]):
        return "saved_game"
    start = '{"games":'  # how "Save a backup" begins every file (its keys sorted)
    ours = body.startswith(start) or start.startswith(body) or _BACKUP_MARK.search(body[:2000])
    if not (ours or _BACKUP_MARK.search(body[-2000:])):
        return "not_backup"
    # "Save a backup" writes its keys sorted: a whole backup ends with its version
    return "damaged" if _WHOLE_END.search(body[-200:]) else "cut_short"


@dataclass(frozen=True)
class Backup:
    """A backup file that passed every check (:func:`read`).

    Attributes:
        games: game id -> the save's text, exactly as it will be stored.
        players: the players' text as it will be stored (``None``: the backup has none).
        made: when the backup was made (ISO 8601, as the file says; shown only).
    """

    games: dict[str, str]
    players: str | None
    made: str


def make(
    storage: Storage, games: Iterable[str], made: str, check_save: Callable[[str, str], Any]
) -> tuple[str, list[str], list[str]]:
    """The text of a backup of ``storage``: each game of ``games`` with a save in progress, and
    the players. ``check_save(game_id, text)`` raises :class:`hotseat.saves.SaveError` for a save
    that cannot be opened: such a save is left out (it would make the whole file refused on
    restore). Returns ``(text, game ids in it, game ids left out)``."""
    known = tuple(games)
    saved: dict[str, str] = {}
    left_out: list[str] = []
    for game_id in known:
        text = storage.get(slot_key(game_id))
        if text is None:
            continue
        try:
            check_save(game_id, text)
        except SaveError:
            left_out.append(game_id)
            continue
        saved[game_id] = text
    players_text = storage.get(players_store.KEY)
    if players_text is not None:  # what a restore keeps of it (entries this app cannot read dropped)
        players_text = players_store.parse(players_text, known)[0].fitted()[1]
    data = {"hotseat": FORMAT, "version": VERSION, "made": made, "games": saved, "players": players_text}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), list(saved), left_out


def _schema(games: tuple[str, ...]) -> Record:
    """A backup: ``games`` maps game ids this app has to save texts (each at most once: keys are
    unique), ``players`` is a text or ``null``."""
    return Record(
        {
            "hotseat": Choice(FORMAT),
            "version": Int(VERSION, VERSION),
            "made": Text(0, 40),
            "games": Record({g: Text(2, MAX_SAVE_CHARS) for g in games}, optional=games),
            "players": Nullable(Text(2, players_store.MAX_RECOVERY_CHARS)),
        }
    )


def read(text: Any, games: Iterable[str], check_save: Callable[[str, str], Any]) -> Backup:
    """The backup in ``text``, every part checked (see the module docstring). ``games``: the game
    ids this app has; ``check_save(game_id, text)``: the full read of one save (raises
    :class:`hotseat.saves.SaveError`).

    Raises:
        BackupError: the text is not a backup, or one of its parts cannot be used; the message
            names the part.
    """
    known = tuple(games)
    if not isinstance(text, str):
        raise BackupError("it is not text", "not_backup")
    try:
        data = bounded.loads(text, MAX_BYTES, MAX_DEPTH, unique_keys=True)
    except bounded.BoundsError as exc:
        too_large = len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES
        raise BackupError(str(exc), "too_large" if too_large else sniff(text)) from None
    if not isinstance(data, dict) or data.get("hotseat") != FORMAT:
        saved_game = isinstance(data, dict) and data.get("format") == "hotseat-session"
        raise BackupError("it is not a Hotseat backup", "saved_game" if saved_game else "not_backup")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise BackupError(f"it was made by a newer Hotseat (backup version {version})", "newer")
    saves = data.get("games")
    if isinstance(saves, dict) and any(g not in known for g in saves):
        other = sorted(g for g in saves if g not in known)[0]
        raise BackupError(f"it holds a game this version does not have: {other[:40]!r}", "newer")
    try:
        data = check(_schema(known), data)
    except SaveError as exc:
        raise BackupError(str(exc)) from None
    for game_id, save in data["games"].items():
        try:
            check_save(game_id, save)
        except SaveError as exc:
            raise BackupError(f"its saved game of {game_id} cannot be opened: {exc}", "game", game_id) from None
    players_text = data["players"]
    if players_text is not None:
        parsed, problems = players_store.parse(players_text, known)
        if problems:
            raise BackupError(f"its list of players cannot be read: {problems[0]}", "players")
        players_text = parsed.fitted()[1]
    return Backup(dict(data["games"]), players_text, data["made"])


def writes(backup: Backup) -> dict[str, str]:
    """The storage keys a restore of ``backup`` writes, with their texts."""
    out = {slot_key(game_id): text for game_id, text in sorted(backup.games.items())}
    if backup.players is not None:
        out[players_store.KEY] = backup.players
    return out


def restore(storage: Storage, backup: Backup) -> list[str]:
    """Store every part of ``backup`` (games in progress of its games are replaced; other games'
    saves stay). All or nothing: when the browser refuses a write, every key written so far gets
    its earlier text back (or is removed again) and :class:`hotseat.saves.StorageError` is raised.
    Returns the keys written."""
    planned = writes(backup)
    before = {key: storage.get(key) for key in planned}
    done: list[str] = []
    try:
        for key, text in planned.items():
            storage.set(key, text)
            done.append(key)
    except StorageError:
        for key in reversed(done):
            old = before[key]
            if old is None:
                storage.remove(key)
            else:
                try:
                    storage.set(key, old)
                except StorageError:  # pragma: no cover - the earlier text took that room before
                    storage.remove(key)
        raise
    return done
