"""A phone with games in progress and remembered players, written as the app writes them, for the
backup tests (tests/web/test_backup.py in CPython, tests/test_hostile_backup.py also in Pyodide)."""

from __future__ import annotations

from ui_helpers import MemoryStorage, first_legal_bot, tap_game

import pycore
from hotseat import players as players_store
from hotseat.saves import SaveStore, slot_key
from hotseat.session import Phase, Session
from hotseat.session_save import peek, to_dict

#: (game, seats, moves played)
GAMES = (
    ("six_nimmt", [("Ann", "human"), ("Bob", "human"), ("Cy", "bot:easy")], 14),
    ("dog", [("Ann", "human"), ("Dan", "human")], 9),
)


def _played(game_id: str, seats: list[tuple[str, str]], moves: int) -> Session:
    session = Session(game_id, [{"name": n, "kind": k} for n, k in seats], seed=41, bot_hook=first_legal_bot)
    for _ in range(moves):
        player = session.state.current_players()[0]
        session.apply(player, session.state.legal_actions(player)[0])
        tap_game(session, {"shell": "skip"})
        if session.phase is Phase.SUMMARY:
            tap_game(session, {"shell": "continue"})
    return session


def filled_phone() -> MemoryStorage:
    """Two games in progress (6 nimmt! with a bot seat, Dog) and the players with statistics."""
    storage = MemoryStorage()
    store = SaveStore(storage, peek, lambda: pycore.GAMES)
    people = players_store.Players()
    for game_id, seats, moves in GAMES:
        store.note_read(slot_key(game_id), None)
        store.write(game_id, to_dict(_played(game_id, seats, moves)))
        people = people.seated(game_id, seats)
    people = people.game_recorded(
        "six_nimmt:1", "six_nimmt", ["Ann", "Bob", "Cy"], ["human", "human", "bot:easy"], [1], [12, 8, 30], True
    )
    players_store.save(storage, people)
    storage.set("hotseat.settings", '{"theme":"light"}')
    return storage


class RefusingStorage(MemoryStorage):
    """A storage that refuses its ``refuse_at``-th write (counted from 1) as a full disk would."""

    def __init__(self, items: dict, refuse_at: int) -> None:
        super().__init__(items)
        self.refuse_at = refuse_at
        self.writes = 0

    def set(self, key, text):
        from hotseat.saves import StorageError

        self.writes += 1
        if self.writes == self.refuse_at:
            raise StorageError("QuotaExceededError")
        super().set(key, text)


def raced_backup(phone: MemoryStorage, move: dict) -> str:
    """A backup made on another phone that held ``phone``'s games, where the player of ``move``
    (``{"player", "action"}``: the move made next on ``phone`` in 6 nimmt!) made another move: its
    save of 6 nimmt! has the revision of ``phone``'s after ``move``, with another text."""
    from hotseat.controller import Controller

    window = Controller(MemoryStorage(dict(phone)), bot_hook=first_legal_bot)
    window.tap({"shell": "resume", "game": "six_nimmt"})
    session = window.session
    player = move["player"]
    session.apply(player, [a for a in session.state.legal_actions(player) if a != move["action"]][-1])
    window.tap({"shell": "backup"})
    return str(window.download["text"])
