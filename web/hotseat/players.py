"""Players remembered on this phone: recent names, the last table of each game, statistics.

One JSON object in ``localStorage["hotseat.players"]`` (:data:`KEY`), read as untrusted input:
:func:`parse` bounds the text before parsing it (:func:`hotseat.saves.read_json`), keeps every
valid entry and drops each invalid one, naming it in the problems it returns; reading never
fails. Every change is a method that returns a new :class:`Players` (the old one is unchanged)
and raises :class:`PlayersError` on a bad value, changing nothing.

* **Recent names** (:attr:`Players.names`, the most recent first, at most :data:`MAX_NAMES`):
  the names typed at the tables of this phone, offered in setup as one-tap chips. Only names of
  people (:data:`PEOPLE`: at this phone or on their own phone): bots and the untouched
  "Player 3" of setup are not kept; a name typed today replaces a recent look-alike of it.
* **The last table of each game** (:attr:`Players.tables`): its seats (name and kind, human or
  bot level), prefilled the next time that game is set up.
* **Statistics** per name and game (:class:`Stats`): games played and won, the best and the
  average score in the game's own count (6 nimmt!'s bullheads, where fewer is better; Bad
  Bunnies' points; the rear figure of Bunny Bunny Moose Moose); a game without a score (Dog: the
  team wins) counts played and won only. A finished game is counted once
  (:meth:`Players.game_recorded` keeps the keys of the games counted).

Renaming a name renames it everywhere (tables, statistics); forgetting it removes it everywhere
(its seat in a remembered table becomes empty again).

**The file keeps a bound by itself.** Each name with statistics carries when it last played
(:attr:`Players.seen`: a count of games this phone has seen, not a date); at most
:data:`MAX_STATS_NAMES` names keep statistics, and past that the names not played for longest
are forgotten first (a recent name or one seated at a remembered table last of all). Recent
names, remembered tables and counted games are capped too, so the file stays far below its read
bound (:data:`MAX_CHARS`); :func:`save` still measures the text it writes and forgets more of the
oldest statistics when it would not fit, so the file is never written above that bound. A file
found above it (written by an earlier version, which kept every name) is read within the larger
:data:`MAX_RECOVERY_CHARS`, trimmed the same way and stored again (:func:`load`): never dropped.

>>> p = Players().seated("six_nimmt", [("Ann", "human"), ("Bob", "bot:easy"), ("Cy", "human")])
>>> p.names, [s.name for s in p.tables["six_nimmt"]]
(('Ann', 'Cy'), ['Ann', None, 'Cy'])
>>> p = p.game_recorded("s1", "six_nimmt", ["Ann", "Bob", "Cy"], ["human", "bot:easy", "human"], [0],
...                     [12, 30, 40], lower_wins=True)
>>> p.stats["Ann"]["six_nimmt"]
Stats(played=1, won=1, best=12, total=12, scored=1)
>>> p.renamed("Ann", "Anna").stats["Anna"]["six_nimmt"].won
1
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .i18n import gettext as _
from .names import NameError_, check_name, look_alike
from .saves import SaveError, Storage, StorageError, read_json

#: the localStorage key
KEY = "hotseat.players"
VERSION = 1
#: recent names kept (the oldest is dropped)
MAX_NAMES = 24
#: games whose end was counted, remembered so that none is counted twice
MAX_RECORDED = 64
#: names that keep statistics (the names not played for longest are forgotten first): at most
#: about 110,000 characters of UTF-8 with the longest names and counts in all four games
MAX_STATS_NAMES = 150
#: the read bound: the largest stored text read, in characters and in bytes of UTF-8; the file is
#: never written above it (150 names of statistics take about 20,000 in a typical family)
MAX_CHARS = 200_000
#: the bound of the one read that recovers a file above :data:`MAX_CHARS` (an earlier version
#: wrote every name ever played): more than a browser's storage of a site holds
MAX_RECOVERY_CHARS = 10_000_000
#: a seat's kinds, as the session stores them
KINDS = ("human", "bot:easy", "bot:normal", "bot:hard", "guest")
#: the kinds of seats played by people (at this phone, or on their own phone): their names are kept
PEOPLE = ("human", "guest")
#: the largest count or score kept (anything larger in storage is not a real statistic)
MAX_COUNT = 10**6


class PlayersError(ValueError):
    """A name or value that cannot be used; the message is for the player."""


@dataclass(frozen=True)
class Seat:
    """A remembered seat: ``name`` (``None``: not remembered, setup offers "Player N") and kind."""

    name: str | None
    kind: str


@dataclass(frozen=True)
class Stats:
    """One name's statistics in one game. ``best``: the best score (``None`` before the first
    scored game); ``total``/``scored``: the sum of the scores and how many games had one;
    ``abandoned``: the games given up before their end (not in ``played``)."""

    played: int = 0
    won: int = 0
    best: int | None = None
    total: int = 0
    scored: int = 0
    abandoned: int = field(default=0, repr=False)

    @property
    def average(self) -> float | None:
        """The average score, or ``None`` before the first scored game."""
        return self.total / self.scored if self.scored else None


@dataclass(frozen=True)
class Players:
    """Everything remembered (see the module docstring)."""

    names: tuple[str, ...] = ()
    tables: dict[str, tuple[Seat, ...]] = field(default_factory=dict)
    stats: dict[str, dict[str, Stats]] = field(default_factory=dict)
    recorded: tuple[str, ...] = ()
    #: name -> when it last played: the games this phone had seen then (0: before this was kept)
    seen: dict[str, int] = field(default_factory=dict)

    # ---- reading names -------------------------------------------------------------------------

    def knows(self, name: Any) -> bool:
        """Whether ``name`` is remembered here: a recent name, or one with statistics."""
        return isinstance(name, str) and (name in self.names or name in self.stats)

    def recent(self, exclude: Sequence[str] = ()) -> list[str]:
        """The recent names, the most recent first, leaving out those in ``exclude``."""
        return [n for n in self.names if n not in exclude]

    # ---- changes -------------------------------------------------------------------------------

    def seated(self, game_id: str, seats: list[tuple[str | None, str]], typed: list[bool] | None = None) -> Players:
        """A table of ``game_id`` has started with ``seats`` (``(name, kind)``; ``typed[i]``
        False: seat ``i`` kept setup's "Player N", which is not a name to remember).

        Its human names become the most recent ones, and it is the game's remembered table.
        """
        typed = typed if typed is not None else [True] * len(seats)
        table = []
        names = list(self.names)
        for (name, kind), was_typed in zip(seats, typed, strict=True):
            keep = name is not None and was_typed and kind in PEOPLE
            clean = _name(name) if keep else None
            table.append(Seat(clean, kind if kind in KINDS else "human"))
            if clean is not None:  # "bob" typed today replaces yesterday's look-alike "Bob"
                names = [n for n in names if not look_alike(n, clean)]
                names.insert(0, clean)
        # the table's own order among the names just typed: the first seat first
        fresh = [s.name for s in table if s.name is not None]
        names = fresh + [n for n in names if n not in fresh]
        tables = dict(self.tables)
        tables[game_id] = tuple(table)
        return replace(self, names=tuple(names[:MAX_NAMES]), tables=tables, seen=self._seen_now(fresh))

    def game_recorded(
        self,
        key: str,
        game_id: str,
        names: list[str],
        kinds: list[str],
        winners: list[int],
        scores: list[int | None] | None,
        lower_wins: bool = False,
        finished: bool = True,
    ) -> Players:
        """Count a finished game once (``key`` identifies it: a second call with the same key
        changes nothing). Every human seat's name gets one more game ``played``, one more ``won``
        when its seat is in ``winners``, and its score (``scores[seat]``; ``None``: the game has
        none) in ``best`` (the lowest when ``lower_wins``) and the average. ``finished`` False: the
        game was abandoned, each human seat's name gets one more ``abandoned`` and nothing else."""
        if key in self.recorded:
            return self
        stats = {name: dict(games) for name, games in self.stats.items()}
        played: list[str] = []
        for seat, (raw, kind) in enumerate(zip(names, kinds, strict=True)):
            if kind not in PEOPLE:
                continue
            try:
                name = check_name(raw)
            except NameError_:
                continue
            played.append(name)
            old = stats.setdefault(name, {}).get(game_id, Stats())
            if not finished:
                stats[name][game_id] = replace(old, abandoned=old.abandoned + 1)
                continue
            score = scores[seat] if scores is not None else None
            new = replace(old, played=old.played + 1, won=old.won + (seat in winners))
            if isinstance(score, int) and not isinstance(score, bool):
                better = min if lower_wins else max
                best = score if old.best is None else better(old.best, score)
                new = replace(new, best=best, total=old.total + score, scored=old.scored + 1)
            stats[name][game_id] = new
        recorded = (self.recorded + (key,))[-MAX_RECORDED:]
        return replace(self, stats=stats, recorded=recorded, seen=self._seen_now(played)).trimmed()

    def _seen_now(self, names: Sequence[str]) -> dict[str, int]:
        """:attr:`seen` with ``names`` seen now (one game later than every name seen before)."""
        seen = dict(self.seen)
        now = max(seen.values(), default=0) + 1
        for name in names:
            seen[name] = now
        return seen

    def trimmed(self, keep: int = MAX_STATS_NAMES) -> Players:
        """At most ``keep`` names keep statistics: the names not played for longest are forgotten
        first (their recent-name chip and remembered seat stay), a recent name or one seated at a
        remembered table last of all; among names equally old, the one with fewer games first.

        >>> p = Players(stats={n: {"dog": Stats(1, 0)} for n in "ABCD"}, seen={"A": 9, "B": 1, "C": 5})
        >>> p.trimmed(2).seen  # D was not seen since this was kept: older than B
        {'A': 9, 'C': 5}
        """
        if len(self.stats) <= keep and set(self.seen) <= set(self.stats):
            return self
        order = self._oldest_first()
        gone = set(order[: max(0, len(order) - keep)])
        stats = {n: games for n, games in self.stats.items() if n not in gone}
        seen = {n: when for n, when in self.seen.items() if n in stats}
        return replace(self, stats=stats, seen=seen)

    def _oldest_first(self) -> list[str]:
        """The names with statistics, the first to be forgotten first."""
        kept = set(self.names) | {s.name for seats in self.tables.values() for s in seats if s.name is not None}

        def rank(name: str) -> tuple[bool, int, int, str]:
            played = sum(s.played + s.abandoned for s in self.stats[name].values())
            return (name in kept, self.seen.get(name, 0), played, name)

        return sorted(self.stats, key=rank)

    def renamed(self, old: str, new: Any) -> Players:
        """``old`` renamed ``new`` everywhere. Raises :class:`PlayersError` when ``old`` is not
        remembered, ``new`` is not a usable name, or it looks like another remembered name."""
        if old not in self.names and old not in self.stats:
            raise PlayersError(_("“{name}” is not in the list of players.").format(name=old))
        clean = _name(new)
        for other in sorted(set(self.names) | set(self.stats)):
            if other != old and look_alike(other, clean):
                raise PlayersError(
                    _("“{name}” looks like “{other}”, who is already in the list.").format(name=clean, other=other)
                )

        def swap(name: str | None) -> str | None:
            return clean if name == old else name

        tables = {g: tuple(Seat(swap(s.name), s.kind) for s in seats) for g, seats in self.tables.items()}
        stats = {clean if name == old else name: games for name, games in self.stats.items()}
        names = tuple(clean if n == old else n for n in self.names)
        seen = {clean if name == old else name: when for name, when in self.seen.items()}
        return replace(self, names=names, tables=tables, stats=stats, seen=seen)

    def forgotten(self, name: str) -> Players:
        """``name`` removed everywhere: recent names, statistics, its seats in remembered tables."""
        tables = {
            g: tuple(Seat(None if s.name == name else s.name, s.kind) for s in seats)
            for g, seats in self.tables.items()
        }
        stats = {n: games for n, games in self.stats.items() if n != name}
        seen = {n: when for n, when in self.seen.items() if n != name}
        return replace(self, names=tuple(n for n in self.names if n != name), tables=tables, stats=stats, seen=seen)

    def stats_cleared(self, name: str | None = None) -> Players:
        """The statistics of ``name`` (``None``: of everyone) cleared; names and tables stay."""
        if name is None:
            return replace(self, stats={}, seen={})
        stats = {n: games for n, games in self.stats.items() if n != name}
        return replace(self, stats=stats, seen={n: when for n, when in self.seen.items() if n != name})

    # ---- storage -------------------------------------------------------------------------------

    def to_json(self) -> str:
        data = {
            "version": VERSION,
            "names": list(self.names),
            "tables": {g: [asdict(s) for s in seats] for g, seats in self.tables.items()},
            "stats": {n: {g: _stats_data(s) for g, s in games.items()} for n, games in self.stats.items()},
            "recorded": list(self.recorded),
            "seen": {n: when for n, when in self.seen.items() if n in self.stats},
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def fitted(self, limit: int = MAX_CHARS) -> tuple[Players, str]:
        """The players as they are stored, and their text, within ``limit`` characters and bytes
        of UTF-8 (the read bound): the names not played for longest lose their statistics until
        it fits (:meth:`trimmed`), then, were that not enough, the games counted are forgotten
        (the text of every recent name, remembered table and counted game is bounded: without
        statistics it always fits).

        Raises:
            ValueError: it cannot fit (only with a ``limit`` far below the read bound).
        """
        players = self.trimmed()
        text = players.to_json()
        while _size(text) > limit:
            if players.stats:
                players = players.trimmed(len(players.stats) - max(1, len(players.stats) // 8))
            elif players.recorded:
                players = replace(players, recorded=())
            else:
                raise ValueError(f"the players take {_size(text):,} characters, more than {limit:,}")
            text = players.to_json()
        return players, text


def _size(text: str) -> int:
    """A text's size as the read bound measures it: characters, and bytes of UTF-8."""
    return max(len(text), len(text.encode("utf-8", "surrogatepass")))


def _name(raw: Any) -> str:
    try:
        return check_name(raw)
    except NameError_ as exc:
        raise PlayersError(str(exc)) from None


def _count(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and -MAX_COUNT <= value <= MAX_COUNT:
        return value
    return None


def _stats_data(stats: Stats) -> dict[str, int | None]:
    """``stats`` as stored (``abandoned`` only when there is one: older versions read the rest)."""
    data = asdict(stats)
    if not stats.abandoned:
        del data["abandoned"]
    return data


def _stats(value: Any) -> Stats | None:
    if not isinstance(value, dict):
        return None
    played, won, total, scored = (_count(value.get(k)) for k in ("played", "won", "total", "scored"))
    abandoned = _count(value.get("abandoned", 0))
    best = value.get("best")
    if played is None or won is None or total is None or scored is None or abandoned is None or abandoned < 0:
        return None
    if not 0 <= won <= played or not 0 <= scored <= played:
        return None
    if best is not None and _count(best) is None or (best is None) != (scored == 0):
        return None
    return Stats(played, won, best, total, scored, abandoned)


def parse(text: str | None, games: tuple[str, ...] | list[str] = ()) -> tuple[Players, list[str]]:
    """The players stored as ``text`` and the problems found (``[]`` when none).

    ``None`` gives an empty :class:`Players` without a problem; a text that cannot be read gives
    an empty one and one problem; an invalid entry is dropped with a problem naming it. With
    ``games`` given, tables and statistics of other game ids are dropped too. A text above the
    read bound (:data:`MAX_CHARS`; an earlier version's file) is read within
    :data:`MAX_RECOVERY_CHARS`; what is read is trimmed to :data:`MAX_STATS_NAMES` names with
    statistics (:meth:`Players.trimmed`), not a problem.

    >>> parse('{"version": 1, "names": ["Ann", 7, "  "], "stats": {"Ann": {"dog": {"played": -1}}}}')[1]
    ['names[1]: not a name', 'names[2]: not a name', 'stats.Ann.dog: not a statistic']
    """
    if text is None:
        return Players(), []
    try:
        data = read_json(text, MAX_RECOVERY_CHARS)
    except SaveError as exc:
        return Players(), [str(exc)]
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return Players(), ["not a list of players of this version"]
    problems: list[str] = []
    names: list[str] = []
    raw_names = data.get("names")
    for i, raw in enumerate(raw_names if isinstance(raw_names, list) else []):
        try:
            name = check_name(raw)
        except NameError_:
            problems.append(f"names[{i}]: not a name")
            continue
        if name not in names and len(names) < MAX_NAMES:
            names.append(name)
    tables: dict[str, tuple[Seat, ...]] = {}
    raw_tables = data.get("tables")
    for game_id, seats in raw_tables.items() if isinstance(raw_tables, dict) else []:
        if games and game_id not in games or not isinstance(seats, list) or not 1 <= len(seats) <= 16:
            problems.append(f"tables.{game_id}: not a table")
            continue
        table = []
        for seat in seats:
            raw_name = seat.get("name") if isinstance(seat, dict) else None
            kind = seat.get("kind") if isinstance(seat, dict) else None
            try:
                clean = None if raw_name is None else check_name(raw_name)
            except NameError_:
                clean = None
            table.append(Seat(clean, kind if kind in KINDS else "human"))
        tables[game_id] = tuple(table)
    stats: dict[str, dict[str, Stats]] = {}
    raw_stats = data.get("stats")
    for raw_name, per_game in raw_stats.items() if isinstance(raw_stats, dict) else []:
        try:
            name = check_name(raw_name)
        except NameError_:
            problems.append("stats: a name that is not a name")
            continue
        for game_id, value in per_game.items() if isinstance(per_game, dict) else []:
            entry = _stats(value)
            if entry is None or games and game_id not in games:
                problems.append(f"stats.{name}.{game_id}: not a statistic")
                continue
            stats.setdefault(name, {})[game_id] = entry
    raw_recorded = data.get("recorded")
    recorded = tuple(
        k for k in (raw_recorded if isinstance(raw_recorded, list) else []) if isinstance(k, str) and len(k) <= 200
    )[-MAX_RECORDED:]
    seen: dict[str, int] = {}
    raw_seen = data.get("seen")
    for raw_name, when in raw_seen.items() if isinstance(raw_seen, dict) else []:
        count = _count(when)
        if count is None or count < 0:
            problems.append("seen: not a count of games")
        elif raw_name in stats:
            seen[raw_name] = count
    return Players(tuple(names), tables, stats, recorded, seen).trimmed(), problems


def load(storage: Storage, games: tuple[str, ...] | list[str] = ()) -> Players:
    """The players in ``storage`` (``get(key) -> str | None``), invalid entries dropped. A text
    found above the read bound (an earlier version's) is stored again at once, trimmed to fit
    (:meth:`Players.fitted`; a browser that refuses keeps the old text, read the same way again)."""
    try:
        text = storage.get(KEY)
    except Exception:
        text = None
    players = parse(text, games)[0]
    if text is not None and _size(text) > MAX_CHARS and (players.names or players.stats or players.tables):
        try:
            players = save(storage, players)
        except StorageError:
            pass
    return players


def save(storage: Storage, players: Players) -> Players:
    """Store ``players``, never above the read bound (:meth:`Players.fitted`); returns what was
    stored (the same players, or without the statistics of the names not played for longest).
    Raises :class:`hotseat.saves.StorageError` when the browser refuses (quota): the caller tells
    the player, the game itself is never affected."""
    fitted, text = players.fitted()
    storage.set(KEY, text)
    return fitted
