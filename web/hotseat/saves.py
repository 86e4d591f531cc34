"""Saved games read as untrusted input, and where they live in storage.

Storage keys (``localStorage`` in the browser; any object with ``get(key) -> str | None``,
``set(key, text)`` raising :class:`StorageError` when refused, ``remove(key)`` and ``keys()``):

* ``hotseat.game.<game_id>`` — the game in progress of each game (:func:`slot_key`): starting
  Dog never touches a 6 nimmt! game in progress.
* ``hotseat.save`` — the one save of earlier versions (:data:`LEGACY_KEY`), moved to its game's
  key on the first start (:meth:`SaveStore.migrate`), and removed only once the copy is stored.
* ``hotseat.aside.<n>`` — saves that could not be opened, set aside unchanged on the player's
  "Keep" (:meth:`SaveStore.set_aside`): a list of at most :data:`ASIDE_LIMIT`, never overwritten
  (each entry gets a new number); the oldest is dropped only on the player's word. The
  ``hotseat.unreadable[.N]`` keys of earlier versions are listed with them.

Reading: :func:`read_json` bounds the size (:data:`MAX_SAVE_CHARS`) and the nesting depth
(:data:`MAX_DEPTH`) of a text *before* it is parsed (a deeply nested text would overflow the
parser's stack inside Pyodide), then :func:`check` holds the parsed value to a schema declared
with the engine's :class:`pycore.spec.Spec` family; every failure is a :class:`SaveError` naming
the field.

Writing: every save carries a ``revision`` (counted on by each write); :meth:`SaveStore.write`
writes only when the stored text is still exactly the one this window last read or wrote, else
:class:`ConflictError` (another window wrote after this one read: its save stays). The text is
compared, not the revision: a backup restored in another window may hold a save of the very
revision this window is at, and must never be overwritten silently.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from pycore import InvalidStateError
from pycore.spec import Int, Spec

from . import bounded

SLOT_PREFIX = "hotseat.game."
LEGACY_KEY = "hotseat.save"
ASIDE_PREFIX = "hotseat.aside."
OLD_ASIDE_PREFIX = "hotseat.unreadable"
#: set-aside saves kept at most (each may be up to MAX_SAVE_CHARS)
ASIDE_LIMIT = 8
#: the largest save text read, in characters; a long game's save is about 20,000
MAX_SAVE_CHARS = 400_000
#: the deepest nesting of arrays and objects read; a real save has about 8 levels
MAX_DEPTH = 32


class Storage(Protocol):
    """Where the app keeps text by key (``window.localStorage`` through
    :class:`hotseat.storage.LocalStorage`; a dict in tests): ``set`` raises :class:`StorageError`
    when refused, reading never fails."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, text: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class SaveError(ValueError):
    """A saved game that cannot be read; the message says why (it is shown to the player)."""


class StorageError(Exception):
    """The browser refused to store a text (storage full, or disabled); nothing was changed."""


class ConflictError(Exception):
    """Another window wrote this game's save after this window read it; it was not overwritten."""


def slot_key(game_id: str) -> str:
    """The storage key of ``game_id``'s game in progress.

    >>> slot_key("dog")
    'hotseat.game.dog'
    """
    return SLOT_PREFIX + game_id


# ---- bounded JSON ------------------------------------------------------------------------------


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply arrays and objects nest in the JSON ``text`` (:func:`hotseat.bounded.nesting_depth`).

    >>> nesting_depth('{"a": [1, [2], "]]]"]}')
    3

    Raises:
        SaveError: deeper than ``limit``.
    """
    try:
        return bounded.nesting_depth(text, limit)
    except bounded.BoundsError as exc:
        raise SaveError(str(exc)) from None


def read_json(text: Any, max_chars: int = MAX_SAVE_CHARS) -> Any:
    """Parse a stored text as JSON, within the bounds, checked before parsing
    (:func:`hotseat.bounded.loads`: size, nesting depth, number literals).

    >>> read_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> read_json("{")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    hotseat.saves.SaveError: it is not valid JSON (Expecting property name enclosed in double quotes: ...)

    Raises:
        SaveError: not text, longer than ``max_chars``, nested deeper than :data:`MAX_DEPTH`, or
            not JSON.
    """
    try:
        return bounded.loads(text, max_chars, MAX_DEPTH)
    except bounded.BoundsError as exc:
        raise SaveError(str(exc)) from None


# ---- checking a parsed save -------------------------------------------------------------------


def check(spec: Spec, value: Any, where: str = "") -> Any:
    """``value`` checked by ``spec`` (the engine's declaration family, :class:`pycore.spec.Spec`)
    and returned as a fresh copy; every failure is a :class:`SaveError` naming the field.

    >>> check(Int(0, 9), 12, "seed")
    Traceback (most recent call last):
      ...
    hotseat.saves.SaveError: seed: 12 is above 9
    """
    try:
        return spec.check(value, where)
    except InvalidStateError as exc:
        raise SaveError(str(exc)) from None


# ---- where saves live ----------------------------------------------------------------------------


@dataclass
class Slot:
    """What the home screen knows of one stored save before it is opened.

    ``game`` is the game id (``None`` when not even that can be read), ``names`` the seat names,
    ``error`` why it cannot be opened (``None``: it looks readable; a full read may still fail).
    """

    key: str
    game: str | None
    names: list[str]
    error: str | None


class SaveStore:
    """The saved games of one window over a storage object (see the module docstring).

    ``peek(text) -> (game_id, names)`` is the light check of a save's text used for listing
    (raises SaveError); the full read is :func:`hotseat.session_save.from_json`.
    """

    def __init__(
        self, storage: Storage, peek: Callable[[str], tuple[str, list[str]]], games: Callable[[], Iterable[str]]
    ) -> None:
        self.storage = storage
        self.peek = peek
        self.games = games
        #: the text this window last read or wrote, by key (None: the key was empty); a key never
        #: read here is expected empty (a new game's first write never replaces another window's)
        self.known: dict[str, str | None] = {}
        #: the last text :meth:`revision_of` read or :meth:`write` wrote, with its revision: a
        #: write finds its own last text in storage at the next move, and need not parse it again
        self._last: tuple[str, int] | None = None

    # -- reading -----------------------------------------------------------------------------

    def text(self, key: str) -> str | None:
        return self.storage.get(key)

    def revision_of(self, text: str | None) -> int | None:
        """The ``revision`` stored in a save's text (0 for a save of an earlier version without
        one), ``None`` for no text; SaveError when the text cannot be read."""
        if text is None:
            return None
        last = self._last
        if last is not None and last[0] == text:  # the very text: the same revision
            return last[1]
        data = read_json(text)
        if not isinstance(data, dict):
            raise SaveError("it is not a Hotseat saved game")
        rev = data.get("revision", 0)
        revision: int = check(Int(0, 2**53), rev, "revision")
        self._last = (text, revision)
        return revision

    def note_read(self, key: str, text: str | None) -> None:
        """Remember ``text`` just read from ``key``: the next write expects to find it there."""
        self.known[key] = text

    def changed_since_read(self, key: str) -> bool:
        """Whether another window stored something else under ``key`` since this window last read
        or wrote it there (``False`` for a key this window never read)."""
        return key in self.known and self.storage.get(key) != self.known[key]

    def slots(self) -> list[Slot]:
        """Every stored game in progress (one per game) and the save of an earlier version."""
        out = []
        for game_id in self.games():
            key = slot_key(game_id)
            text = self.storage.get(key)
            if text is not None:
                out.append(self._slot(key, text, game_id))
        legacy = self.storage.get(LEGACY_KEY)
        if legacy is not None:
            out.append(self._slot(LEGACY_KEY, legacy, None))
        return out

    def _slot(self, key: str, text: str, game_id: str | None) -> Slot:
        try:
            found, names = self.peek(text)
        except SaveError as exc:
            return Slot(key, game_id, [], str(exc))
        if game_id is not None and found != game_id:
            return Slot(key, game_id, names, f"it is a save of {found}, stored as a game of {game_id}")
        return Slot(key, found, names, None)

    # -- writing -----------------------------------------------------------------------------

    def write(self, game_id: str, data: dict[str, Any]) -> int:
        """Store the session dict ``data`` as ``game_id``'s game in progress with the next revision.

        Returns the revision written. Raises:
            ConflictError: the stored text is not the one this window last read or wrote (another
                window wrote it, restored a backup over it or deleted it, whatever the revision
                it holds), or it cannot be read; it stays.
            StorageError: the browser refused the write; the stored save stays as it was.
        """
        key = slot_key(game_id)
        current = self.storage.get(key)
        if current != self.known.get(key):
            raise ConflictError(f"{key} was changed since this window read it")
        try:
            stored = self.revision_of(current)
        except SaveError:
            raise ConflictError(f"{key} holds a save that cannot be read") from None
        revision = (stored or 0) + 1
        text = json.dumps(dict(data, revision=revision), separators=(",", ":"), sort_keys=True)
        self.storage.set(key, text)
        self.known[key] = text
        self._last = (text, revision)
        return revision

    def remove(self, key: str) -> None:
        """Delete a stored save (only ever on the player's explicit word)."""
        self.storage.remove(key)
        self.known.pop(key, None)

    def migrate(self) -> None:
        """Move the save of an earlier version (:data:`LEGACY_KEY`) to its game's key, if it can
        be read and that key is free: copied, checked, and only then removed. Otherwise it stays
        where it is (the home screen lists it; the player decides)."""
        text = self.storage.get(LEGACY_KEY)
        if text is None:
            return
        try:
            game_id, _names = self.peek(text)
        except SaveError:
            return
        key = slot_key(game_id)
        if self.storage.get(key) is not None:
            return
        try:
            self.storage.set(key, text)
        except StorageError:
            return
        if self.storage.get(key) == text:
            self.storage.remove(LEGACY_KEY)

    # -- set aside ---------------------------------------------------------------------------

    def aside(self) -> list[str]:
        """Keys of the set-aside saves, oldest first."""
        listing = getattr(self.storage, "keys", None)  # a storage that cannot list keys has none set aside
        keys = [k for k in (listing() if listing else []) if k.startswith((ASIDE_PREFIX, OLD_ASIDE_PREFIX))]
        return sorted(keys, key=_aside_order)

    def set_aside(self, key: str) -> str:
        """Move the save at ``key`` to a new set-aside key, unchanged: copied, checked, and only
        then removed from ``key``. Returns the new key.

        Raises:
            AsideFullError: :data:`ASIDE_LIMIT` saves are set[Any] aside already (nothing changed).
            StorageError: the browser refused the copy (nothing changed).
        """
        text = self.storage.get(key)
        if text is None:
            raise KeyError(key)
        kept = self.aside()
        if len(kept) >= ASIDE_LIMIT:
            raise AsideFullError(kept[0])
        numbers = [_aside_order(k)[1] for k in kept if k.startswith(ASIDE_PREFIX)]
        new = f"{ASIDE_PREFIX}{max(numbers, default=0) + 1}"
        self.storage.set(new, text)
        if self.storage.get(new) != text:  # pragma: no cover - a storage that lies
            raise StorageError("the copy could not be read back")
        self.storage.remove(key)
        self.known.pop(key, None)
        return new


class AsideFullError(Exception):
    """The list of set-aside saves is full; ``args[0]`` is the oldest key (drop it only if the player says so)."""


def _aside_order(key: str) -> tuple[int, int]:
    """Earlier versions' keys first (they are older), then by number."""
    if key.startswith(ASIDE_PREFIX):
        tail = key[len(ASIDE_PREFIX) :]
        number = bounded.ascii_int(tail, 12)
        return (1, number if number is not None else 0)
    number = bounded.ascii_int(key[len(OLD_ASIDE_PREFIX) + 1 :], 12)
    return (0, number if number is not None else 1)
