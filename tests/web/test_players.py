"""Players remembered on this phone (hotseat.players and the controller's setup / players list).

Real games are played to their end with the engine's legal actions; stored data is hostile where
the test says so (it comes from localStorage, which anything on the page could have written).
"""

from __future__ import annotations

import doctest
import json
import random

import pytest
from ui_helpers import MemoryStorage, first_legal_bot, storage_fixture, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat import players as players_mod
from hotseat.controller import Controller
from hotseat.players import (
    KEY,
    MAX_CHARS,
    MAX_NAMES,
    MAX_STATS_NAMES,
    Players,
    PlayersError,
    Seat,
    Stats,
    parse,
)
from hotseat.saves import StorageError, slot_key


def test_doctests():
    assert doctest.testmod(players_mod).failed == 0


def setup_names(c: Controller) -> list[str]:
    return c.setup.names[: c.setup.n]


def start(c: Controller, game: str, names: dict[int, str], n: int | None = None, opts: dict | None = None) -> None:
    c.tap({"shell": "new", "game": game})
    if c.dialog is not None:
        c.tap({"shell": "replace"})
    if n is not None:
        while c.setup.n != n:
            c.tap({"shell": "count", "delta": 1 if c.setup.n < n else -1})
    fields = {f"name-{i}": name for i, name in names.items()}
    fields.update({f"opt-{k}": v for k, v in (opts or {}).items()})
    c.tap({"shell": "start", "fields": fields})
    assert c.screen == "game", c.setup and c.setup.error


def play_out(c: Controller, seed: int = 1) -> None:
    """Every acting seat plays a legal action (seeded choice) until the game ends (saved after each)."""
    s = c.session
    rng = random.Random(seed)
    while not s.state.is_terminal():
        for p in s.state.current_players():
            if not s.state.is_terminal() and p in s.state.current_players():
                s.apply(p, rng.choice(s.state.legal_actions(p)))


# ---- setup: recent names and the last table ------------------------------------------------------


def test_a_new_setup_offers_the_last_names_and_prefills_the_last_table(storage):
    c = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 11)
    start(c, "six_nimmt", {0: "Ann", 1: "Bob", 2: "Cy", 3: "Dee"}, n=4)
    c.go_home()
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "replace"})
    assert setup_names(c) == ["Ann", "Bob", "Cy", "Dee"]  # the last table of 6 nimmt!, four seats
    assert c.page.chips(c.players) == []  # everyone is seated already

    # another game: its own table is not remembered yet, the names are offered as chips
    c.go_home()
    c.tap({"shell": "new", "game": "bad_bunnies"})
    assert setup_names(c) == ["Player 1", "Player 2", "Player 3"]
    assert c.page.chips(c.players) == ["Ann", "Bob", "Cy", "Dee"]
    page = str(c.render())
    assert [t["name"] for t in taps(page) if t.get("shell") == "chip"] == ["Ann", "Bob", "Cy", "Dee"]
    c.tap({"shell": "chip", "name": "Cy", "fields": {"name-0": "Zoe", "name-1": "Player 2", "name-2": ""}})
    assert setup_names(c) == ["Zoe", "Cy", ""]  # the first seat still called "Player 2" (typed Zoe kept)
    c.tap({"shell": "chip", "name": "Ann"})
    assert setup_names(c) == ["Zoe", "Cy", "Ann"]
    c.tap({"shell": "chip", "name": "Bob"})  # every seat has a name: a fourth seat is added
    assert setup_names(c) == ["Zoe", "Cy", "Ann", "Bob"]
    c.tap({"shell": "chip", "name": "Nobody"})  # only offered names can be tapped
    assert setup_names(c) == ["Zoe", "Cy", "Ann", "Bob"]


def test_bots_and_untouched_default_names_are_not_remembered_but_bot_seats_are(storage):
    c = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 12)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:easy"})  # seat 2: Bot · easy
    c.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Robo", "name-2": "Player 3"}})
    stored = json.loads(storage[KEY])
    assert stored["names"] == ["Ann"]
    assert stored["tables"]["six_nimmt"] == [
        {"name": "Ann", "kind": "human"},
        {"name": None, "kind": "bot:easy"},
        {"name": None, "kind": "human"},
    ]
    c.go_home()
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "replace"})
    assert setup_names(c) == ["Ann", "Easy bot", "Player 3"] and c.setup.kinds[:3] == ["human", "bot:easy", "human"]


def test_a_remembered_bot_seat_becomes_human_where_this_phone_has_no_bots(storage):
    storage[KEY] = Players().seated("six_nimmt", [("Ann", "human"), (None, "bot:hard")]).to_json()
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.setup.n == 2 and setup_names(c) == ["Ann", "Player 2"] and c.setup.kinds[:2] == ["human", "human"]


# ---- statistics: a finished game counted once ----------------------------------------------------


def test_a_finished_game_is_counted_once_with_its_scores_also_after_a_reload(storage):
    c = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 2024)
    start(c, "six_nimmt", {0: "Ann", 1: "Bob", 2: "Player 3"}, opts={"rounds": "1"})
    play_out(c)
    bullheads = c.session.state.public_observation()["scores"]
    winners = c.session.winners()
    stats = c.players.stats
    assert set(stats) == {"Ann", "Bob"}  # "Player 3" was never typed: no statistics
    for seat, name in enumerate(["Ann", "Bob"]):
        assert stats[name]["six_nimmt"] == Stats(
            played=1, won=int(seat in winners), best=bullheads[seat], total=bullheads[seat], scored=1
        )
    stored = storage[KEY]

    again = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 1)  # the game-over screen reloaded
    again.tap({"shell": "resume", "game": "six_nimmt"})
    assert again.screen == "game" and again.session.state.is_terminal()
    assert storage[KEY] == stored and again.players.stats["Ann"]["six_nimmt"].played == 1

    again.tap({"shell": "rematch"})  # a new seed: a new game
    play_out(again)
    second = again.session.state.public_observation()["scores"]
    ann = again.players.stats["Ann"]["six_nimmt"]
    assert ann.played == 2 and ann.best == min(bullheads[0], second[0]) and ann.total == bullheads[0] + second[0]
    assert ann.average == (bullheads[0] + second[0]) / 2


def test_bad_bunnies_keeps_the_highest_score_and_dog_counts_wins_only(storage):
    c = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 5)
    start(c, "bad_bunnies", {0: "Ann", 1: "Bob"}, n=2, opts={"target_score": "3"})
    play_out(c)
    points = c.session.state.public_observation()["scores"]
    assert [c.players.stats[n]["bad_bunnies"].best for n in ("Ann", "Bob")] == points
    assert sum(c.players.stats[n]["bad_bunnies"].won for n in ("Ann", "Bob")) == 1

    c.go_home()
    start(c, "dog", {0: "Ann", 1: "Bob", 2: "Cy", 3: "Dee"}, n=4)
    play_out(c)
    winners = c.session.winners()
    dog = {n: c.players.stats[n]["dog"] for n in ("Ann", "Bob", "Cy", "Dee")}
    assert all(s.played == 1 and s.best is None and s.average is None for s in dog.values())
    assert [seat for seat, n in enumerate(("Ann", "Bob", "Cy", "Dee")) if dog[n].won] == winners


def test_a_refused_players_write_is_said_and_the_game_save_is_kept(storage):
    c = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 9)
    real_set = MemoryStorage.set

    def refuse_players(self, key, text):
        if key == KEY:
            raise StorageError("QuotaExceededError")
        real_set(self, key, text)

    type(storage).set = refuse_players
    try:
        start(c, "six_nimmt", {0: "Ann", 1: "Bob"}, n=2)
        assert "refused to remember the players" in str(c.render())
        assert KEY not in storage
        assert json.loads(storage[slot_key("six_nimmt")])["seats"][0]["name"] == "Ann"  # the game is saved
        c.tap({"shell": "show"})
        assert c.screen == "game" and c.session is not None
    finally:
        type(storage).set = real_set


# ---- the players list ---------------------------------------------------------------------------


def remembered(storage) -> Controller:
    p = Players().seated("six_nimmt", [("Ann", "human"), ("Bob", "human"), ("Cy", "human")])
    p = p.game_recorded("k1", "six_nimmt", ["Ann", "Bob", "Cy"], ["human"] * 3, [0], [10, 30, 40], lower_wins=True)
    storage[KEY] = p.to_json()
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "players"})
    return c


def test_the_players_list_is_reached_from_home_and_shows_statistics(storage):
    c = Controller(storage, bot_hook=None)
    assert {"shell": "players"} in taps(str(c.render()))
    c = remembered(storage)
    page = str(c.render())
    assert c.screen == "players" and 'data-screen="players"' in page
    assert page.index(">Ann<") < page.index(">Bob<") < page.index(">Cy<")
    assert "<td>1</td><td>1</td><td>10</td><td>10.0</td>" in page  # Ann: played, won, best, average
    assert "<td>1</td><td>0</td><td>30</td><td>30.0</td>" in page
    assert c.back_target() == "home"
    assert {"shell": "back"} in taps(page)  # a Back of its own on the page, not only the phone's
    c.tap({"shell": "back"})
    assert c.screen == "home"


def test_rename_is_checked_like_setup_names_and_renames_everywhere(storage):
    c = remembered(storage)
    c.tap({"shell": "pl_rename", "name": "Bob"})
    c.tap({"shell": "pl_save", "fields": {"pl-name": "ANN"}})  # looks like Ann
    assert c.page.edit["error"] == "“ANN” looks like “Ann”, who is already in the list."
    assert "Bob" in json.loads(storage[KEY])["names"]
    c.tap({"shell": "pl_save", "fields": {"pl-name": "\u200b \u202e"}})
    assert c.page.edit["error"] == "A name needs at least one visible letter or sign."
    c.tap({"shell": "pl_save", "fields": {"pl-name": "  Robert\u200b "}})
    assert c.page.edit is None
    stored = json.loads(storage[KEY])
    assert stored["names"] == ["Ann", "Robert", "Cy"]
    assert stored["stats"]["Robert"]["six_nimmt"]["best"] == 30 and "Bob" not in stored["stats"]
    assert [s["name"] for s in stored["tables"]["six_nimmt"]] == ["Ann", "Robert", "Cy"]


def test_forget_and_clear_ask_first_and_keep_changes_nothing(storage):
    c = remembered(storage)
    before = storage[KEY]
    c.tap({"shell": "pl_forget", "name": "Cy"})
    assert "Forget Cy?" in str(c.render())
    c.tap({"shell": "keep"})
    assert c.dialog is None and storage[KEY] == before
    c.tap({"shell": "pl_forget", "name": "Cy"})
    c.tap({"shell": "pl_yes"})
    stored = json.loads(storage[KEY])
    assert "Cy" not in stored["names"] and "Cy" not in stored["stats"]
    assert [s["name"] for s in stored["tables"]["six_nimmt"]] == ["Ann", "Bob", None]

    c.tap({"shell": "pl_clear", "name": "Ann"})
    assert "Clear the statistics of Ann?" in str(c.render())
    c.tap({"shell": "pl_yes"})
    stored = json.loads(storage[KEY])
    assert "Ann" not in stored["stats"] and stored["names"] == ["Ann", "Bob"] and "Bob" in stored["stats"]
    c.tap({"shell": "pl_forget", "name": "Nobody"})  # not remembered: no question
    assert c.dialog is None


def test_the_players_tap_from_a_game_leaves_it_saved(storage):
    c = Controller(storage, bot_hook=None, seed_fn=lambda: 3)
    start(c, "six_nimmt", {0: "Ann", 1: "Bob"}, n=2)
    saved = storage[slot_key("six_nimmt")]
    c.tap({"shell": "players"})
    assert c.screen == "players" and c.session is None and storage[slot_key("six_nimmt")] == saved
    c.tap({"shell": "menu"})
    assert c.screen == "home" and any(s.game == "six_nimmt" for s in c.saves.slots)


# ---- hostile stored data ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, problem",
    [
        ("{", "it is not valid JSON"),
        ("[" * 5000 + "]" * 5000, "nested"),
        ('"' + "x" * (players_mod.MAX_RECOVERY_CHARS + 1) + '"', "too large"),
        ('{"version": 2, "names": ["Ann"]}', "not a list of players of this version"),
        ("[1, 2]", "not a list of players of this version"),
    ],
)
def test_unreadable_stored_players_read_as_none(text, problem):
    players, problems = parse(text)
    assert players == Players() and len(problems) == 1 and problem in problems[0]


def test_hostile_entries_are_dropped_one_by_one_and_the_rest_kept():
    text = json.dumps(
        {
            "version": 1,
            "names": ["Ann", "\u202eboB", "", "x" * 41, None, ["Ann"], "Ann", "<b>Cy</b>"]
            + [f"P{i}" for i in range(40)],
            "tables": {
                "six_nimmt": [{"name": "Ann", "kind": "bot:evil"}, {"name": 7, "kind": "bot:hard"}, "seat"],
                "dog": [{"name": "Ann", "kind": "human"}] * 17,
                "chess": [{"name": "Ann", "kind": "human"}],
            },
            "stats": {
                "Ann": {
                    "six_nimmt": {"played": 3, "won": 1, "best": 4, "total": 30, "scored": 3},
                    "dog": {"played": 1, "won": 2, "best": None, "total": 0, "scored": 0},
                    "bad_bunnies": {"played": True, "won": 0, "best": None, "total": 0, "scored": 0},
                    "bunny_moose": {"played": 10**9, "won": 0, "best": None, "total": 0, "scored": 0},
                },
                "Bob": {"six_nimmt": {"played": 2, "won": 0, "best": None, "total": 5, "scored": 1}},
                "\u200b": {"dog": {"played": 1, "won": 0, "best": None, "total": 0, "scored": 0}},
            },
            "recorded": ["k", 5, "y" * 201],
        }
    )
    players, problems = parse(text, ("six_nimmt", "bad_bunnies", "dog", "bunny_moose"))
    assert players.names[:3] == ("Ann", "boB", "<b>Cy</b>") and len(players.names) == MAX_NAMES
    assert players.tables == {"six_nimmt": (Seat("Ann", "human"), Seat(None, "bot:hard"), Seat(None, "human"))}
    assert players.stats == {"Ann": {"six_nimmt": Stats(3, 1, 4, 30, 3)}}
    assert players.recorded == ("k",)
    assert "names[2]: not a name" in problems and "tables.dog: not a table" in problems
    assert "tables.chess: not a table" in problems and "stats.Ann.dog: not a statistic" in problems
    assert "stats.Bob.six_nimmt: not a statistic" in problems and "stats: a name that is not a name" in problems


def test_the_app_starts_and_sets_up_with_hostile_names_escaped(storage):
    storage[KEY] = json.dumps(
        {
            "version": 1,
            "names": ['<img src=x onerror="alert(1)">', "Ann"],
            "tables": {"six_nimmt": [{"name": "</textarea><script>", "kind": "human"}]},
        }
    )
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    page = str(c.render())
    assert "<img" not in page and "<script" not in page and "&lt;img src=x" in page
    assert c.setup.n == 2  # a remembered table of one seat: the game's minimum
    c.tap({"shell": "players"})
    assert "<img" not in str(c.render())


def test_renamed_and_forgotten_values():
    p = Players().seated("dog", [("Ann", "human"), ("Bob", "guest"), (None, "bot:easy"), ("Dee", "human")])
    assert p.names == ("Ann", "Bob", "Dee")
    with pytest.raises(PlayersError, match="not in the list"):
        p.renamed("Zed", "Zoe")
    assert p.renamed("Ann", "ann").names == ("ann", "Bob", "Dee")  # its own look-alike: a new spelling
    assert p.forgotten("Bob").tables["dog"][1] == Seat(None, "guest")
    # a name typed again replaces its recent look-alike
    assert p.seated("dog", [("BOB", "human")]).names == ("BOB", "Ann", "Dee")


# ---- the file keeps a bound by itself ----------------------------------------------------------

GAMES = ("six_nimmt", "bad_bunnies", "dog", "bunny_moose")


def one_game(p: Players, i: int) -> Players:
    """Game ``i`` of a long life of this phone: Ann and Bob at every table, Cy at every 40th, and
    two people seen once (their names never come back)."""
    seats = ["Ann", "Bob", f"Guest {i} a", f"Guest {i} b"] + (["Cy"] if i % 40 == 0 else [])
    game = GAMES[i % 4]
    p = p.seated(game, [(n, "human") for n in seats])
    scores = [i % 7, 3, 9, 12, 1][: len(seats)]
    return p.game_recorded(f"{game}:{i}", game, seats, ["human"] * len(seats), [i % 2], scores)


def test_the_players_file_after_2000_games_keeps_its_statistics():
    storage = MemoryStorage()
    p = players_mod.load(storage, GAMES)
    for i in range(2000):
        p = one_game(p, i)
        if i % 50 == 49:  # the app stores after every game and reads at every start
            players_mod.save(storage, p)
            p = players_mod.load(storage, GAMES)
            assert len(storage[KEY].encode("utf-8")) <= MAX_CHARS, i
    players_mod.save(storage, p)
    after, problems = parse(storage[KEY], GAMES)
    assert problems == []
    assert sum(s.played for s in after.stats["Ann"].values()) == 2000
    assert after.stats["Ann"]["dog"].played == 500 and after.stats["Bob"]["six_nimmt"].played == 500
    assert sum(s.played for s in after.stats["Cy"].values()) == 50  # every 40th game: never forgotten
    # the names seen once are forgotten oldest first: the last ones are kept
    assert len(after.stats) == MAX_STATS_NAMES
    assert "Guest 1999 b" in after.stats and "Guest 1 a" not in after.stats
    assert "Guest 1940 a" in after.stats and "Guest 1900 a" not in after.stats
    assert after.names[:4] == ("Ann", "Bob", "Guest 1999 a", "Guest 1999 b")
    assert len(storage[KEY]) < 40_000  # far below the read bound


def test_a_players_file_above_the_read_bound_is_trimmed_and_stored_again_never_dropped(storage):
    """An earlier version kept every name: after ~1,300 games its file passed the read bound, and
    the next start read 0 names (every statistic gone) and the next save overwrote the file."""
    p = Players()
    for i in range(2000):
        p = one_game(p, i)
    old = Players(p.names, p.tables, {**p.stats, **{f"Old {i}": {"dog": Stats(1, 0)} for i in range(3000)}}, p.recorded)
    text = json.dumps({**json.loads(old.to_json()), "seen": {}}, ensure_ascii=False)  # no "seen" yet
    assert len(text) > MAX_CHARS
    storage[KEY] = text
    c = Controller(storage, bot_hook=first_legal_bot)
    assert c.players.stats["Ann"]["six_nimmt"].played == 500 and "Ann" in c.players.names
    assert len(storage[KEY].encode("utf-8")) <= MAX_CHARS  # stored again at once, trimmed
    stored = parse(storage[KEY], GAMES)[0]
    assert stored.stats["Ann"] == c.players.stats["Ann"] and len(stored.stats) == MAX_STATS_NAMES
    c.tap({"shell": "players"})
    assert "Ann" in str(c.render())


def test_the_write_path_never_writes_above_the_read_bound():
    """Even players built past every cap (long names in other scripts, all four games, the
    largest counts) are stored within the read bound: the oldest statistics go first."""
    big = Stats(10**6, 10**6, -(10**6), -(10**6), 10**6, 10**6)
    stats = {f"{'ж' * 30}{i:09d}": dict.fromkeys(GAMES, big) for i in range(2000)}
    seen = {name: i for i, name in enumerate(stats)}
    p = Players(stats=stats, seen=seen, recorded=tuple("k" * 190 + str(i) for i in range(64)))
    storage = MemoryStorage()
    kept = players_mod.save(storage, p)
    text = storage[KEY]
    assert len(text.encode("utf-8")) <= MAX_CHARS
    back = parse(text, GAMES)
    assert back[1] == [] and back[0] == kept
    assert list(kept.stats) == list(stats)[-len(kept.stats) :]  # the most recently played kept
    assert len(kept.stats) > 100
    # a limit far below the read bound forgets more of them, never writes above it
    small, small_text = p.fitted(50_000)
    assert len(small_text.encode("utf-8")) <= 50_000 and 0 < len(small.stats) < len(kept.stats)


def test_a_players_change_in_another_window_is_never_written_back():
    """Two windows over one storage: what one stores is read again by the other before its next
    change (a restored backup's players are never overwritten by a window that read them before)."""
    storage = MemoryStorage()
    one = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 5)
    two = Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 6)
    start(one, "six_nimmt", {0: "Ann", 1: "Bob", 2: "Cy"}, n=3)
    play_out(one)
    assert one.players.stats["Ann"]["six_nimmt"].played == 1
    start(two, "six_nimmt", {0: "Dee", 1: "Eve"}, n=2)
    play_out(two, seed=2)
    stored = parse(storage[KEY], GAMES)[0]
    assert stored.stats["Ann"]["six_nimmt"].played == 1 and stored.stats["Dee"]["six_nimmt"].played == 1
    assert stored.names[:2] == ("Dee", "Eve") and "Ann" in stored.names
