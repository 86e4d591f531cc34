"""Navigation (web/hotseat/controller.py): setup, saves kept and reported, resume, rematch."""

from __future__ import annotations

import json
from dataclasses import asdict

from ui_helpers import first_legal_bot, storage_fixture, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat.controller import Controller
from hotseat.saves import LEGACY_KEY, slot_key

SAVE_KEY = slot_key("six_nimmt")


def start(c: Controller, target="8", names=("Ann", "Bob", "Cy")) -> None:
    c.tap({"shell": "new", "game": "six_nimmt"})
    fields = {f"name-{i}": n for i, n in enumerate(names)}
    fields["opt-target_score"] = target
    c.tap({"shell": "start", "fields": fields})


def test_home_lists_the_games_with_a_view_and_no_continue_without_a_save(storage):
    c = Controller(storage, bot_hook=None)
    markup = c.render()
    assert {"game": "six_nimmt", "shell": "new"} in taps(markup)
    assert not any(t.get("shell") == "resume" for t in taps(markup))


def test_setup_reads_names_and_options_and_saves_at_once(storage):
    c = Controller(storage, bot_hook=None, seed_fn=lambda: 42)
    c.tap({"shell": "new", "game": "six_nimmt"})
    markup = c.render()
    assert "Target score" in markup and "Tactical variant" in markup and "Number of rounds" in markup
    assert "(SN-" not in markup  # ruling ids are for developers
    # no bots: a seat is a human at this phone or a player's own phone
    assert c.tables.seat_kinds("six_nimmt") == ["guest"]
    assert [t for t in taps(markup) if t.get("shell") == "kind" and t["seat"] == 0] == [
        {"shell": "kind", "seat": 0, "kind": "human"},
        {"shell": "kind", "seat": 0, "kind": "guest"},
    ]
    c.tap({"shell": "count", "delta": 1})
    c.tap({"shell": "opt", "name": "tactical", "value": True})
    c.tap(
        {
            "shell": "start",
            "fields": {
                "name-0": "Ann",
                "name-1": " ",
                "name-2": "Cy",
                "name-3": "Di",
                "opt-target_score": "12",
                "opt-rounds": "",
            },
        }
    )
    s = c.session
    assert c.screen == "game" and s.names == ["Ann", "Player 2", "Cy", "Di"]
    assert s.options == {"target_score": 12, "rounds": None, "tactical": True}
    assert json.loads(storage[SAVE_KEY])["seed"] == 42


def test_setup_refuses_bad_option_values_with_a_message(storage):
    c = Controller(storage, bot_hook=None)
    start(c, target="0")
    assert c.screen == "setup" and "Target score" in c.setup.error and "1 to 999" in c.setup.error
    start(c, target="ten")
    assert c.screen == "setup" and "whole number" in c.render()
    assert SAVE_KEY not in storage


def test_bot_seats_selectable_when_a_bot_hook_exists(storage):
    c = Controller(storage, bot_hook=first_legal_bot)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:easy"})
    assert c.setup.kinds[:3] == ["human", "bot:easy", "human"]
    c.tap({"shell": "start"})
    assert c.session.kinds == ["human", "bot:easy", "human"]
    assert c.session.names == ["Player 1", "Easy bot", "Player 3"]


def test_any_seat_kind_is_one_tap_and_bots_are_named_as_bots(storage):
    c = Controller(storage, bot_hook=first_legal_bot)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "count", "delta": 1})
    markup = c.render()
    kinds = ["human", "bot:easy", "bot:normal", "bot:hard", "guest"]
    for seat in range(4):  # every kind of every seat is on screen, the seat's own pressed
        assert [t["kind"] for t in taps(markup) if t.get("shell") == "kind" and t["seat"] == seat] == kinds
    # a bot's button shows "Bot" over its level, and its accessible name is what it shows
    assert markup.count('aria-pressed="true"') == 4 and '<span class="kbot">Bot</span> <span>hard</span>' in markup
    c.tap({"shell": "kind", "seat": 3, "kind": "bot:hard"})  # straight from a person to the hardest bot
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:hard"})
    assert c.setup.kinds[:4] == ["human", "bot:hard", "human", "bot:hard"]
    assert c.setup.names[:4] == ["Player 1", "Hard bot", "Player 3", "Hard bot 2"]
    c.tap({"shell": "kind", "seat": 1, "kind": "human", "fields": {"name-2": "Robo"}})
    assert c.setup.names[:4] == ["Player 1", "Player 2", "Robo", "Hard bot"]
    c.tap({"shell": "kind", "seat": 2, "kind": "bot:easy"})  # a typed name stays
    assert c.setup.names[:4] == ["Player 1", "Player 2", "Robo", "Hard bot"]
    before = json.dumps(asdict(c.setup))
    bad_taps = (
        {"kind": "bot:evil", "seat": 0},
        {"kind": "guest", "seat": 4},
        {"seat": 0},
        {"kind": "bot:hard", "seat": "0"},
    )
    for bad in bad_taps:
        c.tap({"shell": "kind", **bad})
        assert json.dumps(asdict(c.setup)) == before, bad
    c.tap({"shell": "kind", "seat": 0, "kind": "bot:normal", "fields": {"name-0": ""}})
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:normal"})
    c.tap({"shell": "start", "fields": {"name-2": ""}})
    assert c.session.names == ["Normal bot", "Normal bot 2", "Easy bot", "Hard bot"]
    assert c.session.kinds == ["bot:normal", "bot:normal", "bot:easy", "bot:hard"]


def test_menu_goes_home_and_continue_resumes_the_saved_game(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    card = c.session.state.legal_actions(0)[0]["card"]
    c.tap({"pick": card})
    c.tap({"shell": "confirm"})
    state_json = c.session.state.to_json()
    c.tap({"shell": "menu"})
    markup = c.render()
    assert c.screen == "home" and {"shell": "resume", "game": "six_nimmt"} in taps(markup) and "Ann, Bob, Cy" in markup
    # a fresh app (a reload) reads the same save
    c2 = Controller(storage, bot_hook=None)
    c2.tap({"shell": "resume", "game": "six_nimmt"})
    assert c2.screen == "game" and c2.session.state.to_json() == state_json
    assert c2.session.phase == "curtain" and c2.session.curtain.seat == 1


def test_an_unreadable_save_opens_the_recovery_screen_and_nothing_is_deleted_without_a_tap(storage):
    broken = '{"format": "hotseat-session", "version": 1, "game": "six_nimmt", "seed": 1, "seats": "x"'
    storage[LEGACY_KEY] = broken  # a save of an earlier version, cut short
    c = Controller(storage, bot_hook=None)
    markup = c.render()
    assert c.screen == "recovery" and "This saved game cannot be opened: it is not valid JSON" in markup
    assert {"shell": "keep_save"} in taps(markup) and {"shell": "download"} in taps(markup)
    assert storage[LEGACY_KEY] == broken  # nothing moved at start-up
    c.tap({"shell": "download"})
    assert c.download == {"name": "hotseat-save.json", "text": broken}
    c.tap({"shell": "keep_save"})  # set aside, unchanged
    assert c.screen == "home" and LEGACY_KEY not in storage and storage["hotseat.aside.1"] == broken
    markup = c.render()
    assert "could not be opened" in markup and "not valid JSON" in markup
    # starting a new game does not touch it
    start(c)
    c.tap({"shell": "menu"})
    assert storage["hotseat.aside.1"] == broken and SAVE_KEY in storage
    markup = c.render()
    assert {"shell": "delete_aside", "key": "hotseat.aside.1"} in taps(markup)
    assert {"shell": "resume", "game": "six_nimmt"} in taps(markup)
    c2 = Controller(storage, bot_hook=None)  # a reload: no recovery screen for a set-aside save
    assert c2.screen == "home"
    c2.tap({"shell": "delete_aside", "key": "hotseat.aside.1"})
    assert "hotseat.aside.1" not in storage and SAVE_KEY in storage
    assert "could not be opened" not in c2.render()


def test_game_over_shows_winners_and_rematch_starts_a_new_game(storage):
    seeds = iter([5, 6])
    c = Controller(storage, bot_hook=None, seed_fn=lambda: next(seeds))
    start(c, target="3")
    s = c.session
    seen = set()
    for _ in range(5000):
        if s.phase == "over":
            break
        seen.add(s.phase)
        markup = c.render()
        if s.phase == "curtain":
            c.tap({"shell": "show"})
        elif s.phase == "turn":
            if s.flow.pending:
                c.tap({"shell": "confirm"})
            else:
                view_taps = [t for t in taps(markup) if "pick" in t or "row" in t or "take" in t]
                take = [t for t in view_taps if "take" in t]
                c.tap(take[0] if take else view_taps[0])
        elif s.phase == "summary":
            assert "Round 1 scored" in markup
            c.tap({"shell": "continue"})
        else:
            c.tick()
    assert s.phase == "over" and {"curtain", "turn", "reveal"} <= seen
    markup = c.render()
    winners = [s.names[p] for p in s.state.winners()]
    assert all(w in markup for w in winners) and ("wins!" in markup or "share the win!" in markup)
    c.tap({"shell": "rematch"})
    assert c.session is not s and c.session.seed == 6 and c.session.names == s.names
    assert c.session.options == s.options and c.session.phase == "curtain"


def test_rules_overlay_uses_the_fetched_page_or_the_view_summary(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "rules", "game": "six_nimmt"})
    assert c.sheets.rules_wanted == "six_nimmt"
    c.sheets.rules_loaded("six_nimmt", None)  # fetch failed: fall back to the view's summary
    assert c.sheets.rules_wanted is None and "lowest first" in c.render()
    c.sheets.rules_cache.pop("six_nimmt")
    c.sheets.rules_loaded("six_nimmt", "<h1>Six</h1><p>own page</p>")
    assert "own page" in c.render()
    c.tap({"shell": "close"})
    assert 'role="dialog"' not in c.render()


def test_home_game_table_matches_the_engines():
    import pycore
    from pycore.registry import GAME_INFO

    for game_id, info in GAME_INFO.items():
        game = pycore.load_game(game_id)
        assert info == (game.name, game.min_players, game.max_players)


def test_a_refused_save_is_told_to_the_players(storage):
    from hotseat.saves import StorageError

    class Refusing(type(storage)):
        def set(self, key, text):
            raise StorageError("QuotaExceededError")

    c = Controller(Refusing(), bot_hook=None)
    start(c)
    assert "refused to save" in c.render()


def test_the_home_screen_reads_its_game_lines_only_while_no_sheet_covers_it(storage):
    """A save's line on the home screen is read one save per tick; a redraw under the settings
    sheet would move what the player is reading, so the lines wait while a sheet is open."""
    c = Controller(storage, bot_hook=None)
    start(c)
    c = Controller(storage, bot_hook=None)  # a new start: the saved game's line is not read yet
    assert c.screen == "home" and c.delay_ms() is not None
    c.tap({"shell": "settings"})
    assert c.sheets.settings_open and c.delay_ms() is None
    c.tap({"shell": "close"})
    assert c.delay_ms() is not None
    c.tick()
    assert c.delay_ms() is None and "Round 1" in str(c.render())
