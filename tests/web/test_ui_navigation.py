"""Navigation safety (web/hotseat/controller.py): no silent loss of a saved game, and what Back does.

The browser glue (hotseat/app.py) only forwards ``popstate`` to :meth:`Controller.back` and keeps
one history entry while :meth:`Controller.back_target` is not ``None``; e2e/test_ui_navigation.py
checks that glue in Chromium.
"""

from __future__ import annotations

import json
import re

from ui_helpers import cards_shown, first_legal_bot, storage_fixture, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat.controller import Controller
from hotseat.dialogs import Replace
from hotseat.saves import slot_key

SAVE_KEY = slot_key("six_nimmt")


def start(c: Controller, game="six_nimmt", names=("Ann", "Bob", "Cy")) -> None:
    c.tap({"shell": "new", "game": game})
    assert c.screen == "setup", c.render()
    c.tap({"shell": "start", "fields": {f"name-{i}": n for i, n in enumerate(names)}})
    assert c.screen == "game"


def play_one_turn(c: Controller) -> None:
    """Every human picks and confirms a card (one 6 nimmt! turn), so the save is mid-game."""
    s = c.session
    before = (s.state.public_observation()["round"], s.state.public_observation()["turn"])
    while (s.state.public_observation()["round"], s.state.public_observation()["turn"]) == before and s.phase not in (
        "summary",
        "over",
    ):
        if s.phase == "curtain":
            c.tap({"shell": "show"})
        elif s.phase == "turn":
            legal = s.state.legal_actions(s.actor)
            c.tap({"pick": legal[0]["card"]} if legal[0]["type"] == "pick" else {"row": legal[0]["row"]})
            if s.flow.pending is not None:
                c.tap({"shell": "confirm"})
            elif legal[0]["type"] == "choose_row":
                c.tap({"row": legal[0]["row"]})
        elif s.phase == "reveal":
            c.tap({"shell": "skip"})


# ---- 1. a new game never replaces an unfinished one without asking -----------------------------


def new_game_over_a_save(storage, game_id: str = "six_nimmt") -> tuple[Controller, str]:
    """A 6 nimmt! game one turn in, then Home and a new game of ``game_id``: the controller and the
    6 nimmt! save's text."""
    c = Controller(storage, bot_hook=None)
    start(c)
    play_one_turn(c)
    saved = storage[SAVE_KEY]
    c.tap({"shell": "menu"})
    c.tap({"shell": "new", "game": game_id})
    return c, saved


def test_new_game_asks_before_replacing_an_unfinished_save_and_keep_changes_nothing(storage):
    c, saved = new_game_over_a_save(storage)
    markup = c.render()
    assert c.screen == "home" and c.dialog == Replace("six_nimmt")
    assert "Replace the saved game of 6 nimmt! (round 1; Ann, Bob, Cy)?" in markup
    assert {"shell": "keep"} in taps(markup) and {"shell": "replace"} in taps(markup)
    # taps behind the question do nothing until it is answered
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.screen == "home" and c.dialog is not None
    c.tap({"shell": "keep"})
    markup = c.render()
    assert c.screen == "home" and c.dialog is None and "Replace the saved game" not in markup
    assert {"shell": "resume", "game": "six_nimmt"} in taps(markup) and storage[SAVE_KEY] == saved
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.screen == "game" and c.session.state.to_json() == json.loads(saved)["state"]
    assert c.session.state.public_observation()["turn"] == 2


def test_replace_opens_setup_and_the_old_save_is_only_overwritten_when_the_new_game_starts(storage):
    c, saved = new_game_over_a_save(storage)
    c.tap({"shell": "replace"})
    assert c.screen == "setup" and c.setup.game == "six_nimmt" and c.dialog is None
    assert storage[SAVE_KEY] == saved  # not lost yet: Back from setup still finds it
    c.tap({"shell": "start", "fields": {"name-0": "Di"}})
    assert c.screen == "game" and c.session.names[0] == "Di"
    assert json.loads(storage[SAVE_KEY])["seats"][0]["name"] == "Di"


def test_each_game_keeps_its_own_game_in_progress(storage):
    """Starting Dog never touches a 6 nimmt! game in progress; home lists both (Continue each)."""
    c, six = new_game_over_a_save(storage, "dog")
    assert c.screen == "setup" and c.dialog is None  # no question: Dog has no game in progress
    c.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Bob"}})
    assert c.session.game_id == "dog" and storage[SAVE_KEY] == six
    dog = storage[slot_key("dog")]
    c.tap({"shell": "menu"})
    markup = c.render()
    shown = taps(markup)
    assert {"shell": "resume", "game": "six_nimmt"} in shown and {"shell": "resume", "game": "dog"} in shown
    c.tap({"shell": "resume", "game": "six_nimmt"})
    assert c.session.game_id == "six_nimmt" and c.session.state.to_json() == json.loads(six)["state"]
    play_one_turn(c)
    assert storage[slot_key("dog")] == dog and storage[SAVE_KEY] != six


def test_no_question_without_a_save_or_when_the_saved_game_is_over(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.screen == "setup" and c.dialog is None
    # a finished game: nothing to lose
    c.tap({"shell": "start", "fields": {"opt-target_score": "1"}})
    s = c.session
    while s.phase != "over":
        play_one_turn(c) if s.phase != "summary" else c.tap({"shell": "continue"})
    c.tap({"shell": "menu"})
    assert {"shell": "resume", "game": "six_nimmt"} in taps(c.render())
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.screen == "setup" and c.dialog is None


# ---- 2. the Back button --------------------------------------------------------------------------


def test_back_on_home_with_nothing_open_leaves_the_app(storage):
    c = Controller(storage, bot_hook=None)
    assert c.back_target() is None
    assert c.back() is False and c.screen == "home"


def test_back_closes_the_rules_sheet_and_the_question_before_anything_else(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "rules", "game": "dog"})
    assert c.back_target() == "rules"
    assert c.back() is True and c.sheets.rules_for is None and c.screen == "home"
    start(c)
    c.tap({"shell": "rules"})
    assert c.back() is True and c.sheets.rules_for is None and c.screen == "game"  # still in the game
    c.tap({"shell": "menu"})
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.back_target() == "dialog"
    assert c.back() is True and c.dialog is None and c.screen == "home"  # as Keep
    assert {"shell": "resume", "game": "six_nimmt"} in taps(c.render())


def test_escape_closes_the_top_sheet_or_question_and_the_menu_works_over_any_sheet(storage):
    c = Controller(storage, bot_hook=None)
    assert c.layers() == () and c.escape() is False and c.screen == "home"
    start(c)
    c.tap({"shell": "settings"})
    c.tap({"shell": "rules"})
    assert c.layers() == ("settings", "rules")
    assert c.escape() is True and c.layers() == ("settings",)
    assert c.escape() is True and c.layers() == () and c.screen == "game"  # Escape never leaves the game
    assert c.escape() is False and c.screen == "game"
    # the rules button again closes the rules; the menu over the rules or the story opens the settings
    c.tap({"shell": "rules"})
    c.tap({"shell": "rules"})
    assert c.layers() == ()
    c.tap({"shell": "rules"})
    c.tap({"shell": "settings"})
    assert c.layers() == ("settings",) and 'aria-labelledby="set-h"' in str(c.render())
    c.tap({"shell": "settings"})  # the menu again: closed
    assert c.layers() == ()
    c.tap({"shell": "story", "do": "open"})
    assert c.layers() == ("story",)
    c.tap({"shell": "settings"})
    assert c.layers() == ("settings",)
    c.tap({"shell": "settings"})
    # a question: Escape answers it as Keep (the save stays)
    c.tap({"shell": "menu"})
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.layers() == ("dialog",)
    assert c.escape() is True and c.dialog is None and c.screen == "home"
    assert {"shell": "resume", "game": "six_nimmt"} in taps(c.render())


def test_back_from_setup_goes_home(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.back_target() == "home"
    assert c.back() is True and c.screen == "home" and c.setup is None


def test_back_on_the_hand_off_takes_the_move_back_before_leaving_the_game(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    before = c.session.state.to_json()
    card = c.session.state.legal_actions(0)[0]["card"]
    c.tap({"pick": card})  # made at the tap; the hand-off offers "Undo my move"
    assert c.session.phase == "curtain" and c.back_target() == "take_back"
    assert any(t.get("shell") == "take_back" for t in taps(str(c.render())))
    assert c.back() is True and c.screen == "game" and c.session.state.to_json() == before
    assert c.session.phase == "curtain" and c.session.curtain.seat == 0 and c.session.viewer is None
    assert c.back_target() == "home"


def test_back_from_a_game_goes_home_keeps_the_save_and_coming_back_shows_the_curtain(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    play_one_turn(c)
    # Ann holds the phone and sees her hand
    while c.session.phase != "turn":
        c.tap({"shell": "show"} if c.session.phase == "curtain" else {"shell": "skip"})
    viewer = c.session.viewer
    hand = c.session.state.observation(viewer)["hand"]
    assert set(hand) <= set(cards_shown(c.render()))
    saved = storage[SAVE_KEY]
    assert c.back_target() == "home"
    assert c.back() is True
    markup = c.render()
    assert c.screen == "home" and c.session is None and storage[SAVE_KEY] == saved
    assert "Your game is saved" in markup and {"shell": "resume", "game": "six_nimmt"} in taps(markup)
    assert c.back_target() is None  # a second Back leaves the app; the game is saved
    c.tap({"shell": "resume", "game": "six_nimmt"})
    markup = c.render()
    # the holder is not saved: the curtain names a player still to act (the phone may have passed)
    assert c.session.phase == "curtain" and c.session.curtain.seat in c.session.state.current_players()
    assert not set(hand) & set(cards_shown(markup))  # the hand stays behind the curtain


def test_a_page_restored_from_the_back_forward_cache_hides_the_hand_behind_the_curtain(storage):
    c = Controller(storage, bot_hook=None)
    start(c)
    c.tap({"shell": "show"})
    hand = c.session.state.observation(0)["hand"]
    assert c.session.phase == "turn" and set(hand) <= set(cards_shown(c.render()))
    c.page_restored()
    markup = c.render()
    assert c.session.phase == "curtain" and c.session.curtain.seat == 0 and c.session.flow.pending is None
    assert not set(hand) & set(cards_shown(markup))
    c.tap({"shell": "show"})
    assert c.session.phase == "turn" and c.session.viewer == 0  # the same player goes on


def test_page_restored_leaves_the_home_screen_and_bot_tables_alone(storage):
    c = Controller(storage, bot_hook=None)
    c.page_restored()
    assert c.screen == "home"
    c2 = Controller(storage, bot_hook=first_legal_bot)
    c2.tap({"shell": "new", "game": "six_nimmt"})
    c2.tap({"shell": "kind", "seat": 1, "kind": "bot:easy"})
    c2.tap({"shell": "kind", "seat": 2, "kind": "bot:easy"})
    c2.tap({"shell": "start", "fields": {}})
    assert c2.session.sole_human == 0 and c2.session.phase == "turn"
    c2.page_restored()  # one human: their own view is always on screen, no curtain
    assert c2.session.phase == "turn"


def test_abandon_game_asks_once_then_deletes_the_save_and_goes_home(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "settings"})
    assert {"shell": "abandon"} not in taps(c.render())  # nothing to abandon on the home screen
    c.tap({"shell": "close"})
    start(c)
    play_one_turn(c)
    saved = storage[SAVE_KEY]
    c.tap({"shell": "settings"})
    markup = c.render()
    assert {"shell": "abandon"} in taps(markup) and "Abandon game" in markup
    c.tap({"shell": "abandon"})
    markup = c.render()
    assert "Abandon this game of 6 nimmt!?" in markup and {"shell": "keep"} in taps(markup)
    assert c.back_target() == "dialog" and c.back()  # Back keeps the game, as Keep playing does
    assert c.screen == "game" and c.dialog is None and storage[SAVE_KEY] == saved
    c.tap({"shell": "settings"})
    c.tap({"shell": "abandon"})
    c.tap({"shell": "keep"})
    assert c.screen == "game" and storage[SAVE_KEY] == saved
    c.tap({"shell": "settings"})
    c.tap({"shell": "abandon"})
    c.tap({"shell": "abandon"})
    markup = c.render()
    assert c.screen == "home" and SAVE_KEY not in storage and c.session is None
    assert "The game of 6 nimmt! was abandoned." in markup
    assert {"shell": "resume", "game": "six_nimmt"} not in taps(markup)
    c2 = Controller(storage, bot_hook=None)  # a reload finds no game to continue
    assert c2.screen == "home" and not c2.saves.slots
    # kept in the statistics as abandoned, not as played (a reload reads it back)
    stats = c2.players.stats
    assert {n: (stats[n]["six_nimmt"].abandoned, stats[n]["six_nimmt"].played) for n in stats} == {
        "Ann": (1, 0),
        "Bob": (1, 0),
        "Cy": (1, 0),
    }
    c2.tap({"shell": "players"})
    assert str(c2.render()).count("1 abandoned") == 3


def test_a_finished_game_offers_no_abandon(storage):
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Bob", "name-2": "Cy", "opt-rounds": "1"}})
    while not c.session.state.is_terminal():
        play_one_turn(c)
    c.tap({"shell": "settings"})
    assert {"shell": "abandon"} not in taps(c.render())
    c.tap({"shell": "abandon"})
    assert c.dialog is None and SAVE_KEY in storage


def test_home_shows_each_game_in_progress_with_its_round_and_who_plays_next(storage):
    c = Controller(storage, bot_hook=first_legal_bot)
    start(c)
    play_one_turn(c)
    seats = c.session.state.current_players()
    assert seats == [0, 1, 2]  # a 6 nimmt! turn: everyone picks
    line = "Round 1 · Next: Ann, Bob, and Cy"
    c.tap({"shell": "menu"})
    assert line in c.render() and c.delay_ms() is None  # from the game just left: nothing to read
    c2 = Controller(storage, bot_hook=first_legal_bot)  # a reload: the save is read after the first paint
    before = str(c2.render())
    assert line not in before and c2.delay_ms() == 300
    c2.tick()
    after = str(c2.render())
    assert line in after and c2.delay_ms() is None
    # the line's place was kept while it was read: Continue stays where it was drawn first
    assert 'data-detail="reading"' in before and "data-detail" not in after
    assert before.count("<p") == after.count("<p")
    resume = 'data-tap="{&#34;game&#34;:&#34;six_nimmt&#34;,&#34;shell&#34;:&#34;resume&#34;}"'
    assert resume in before and resume in after
    first, second = (m.split(resume)[0] for m in (before, after))
    assert len(re.findall(r"<p[ >]", first)) == len(re.findall(r"<p[ >]", second))
    c2.tap({"shell": "new", "game": "dog"})  # a second game in progress, left at its first turn
    c2.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Bob", "name-2": "Cy", "name-3": "Di"}})
    first = c2.session.names[c2.session.state.current_players()[0]]
    c2.tap({"shell": "menu"})
    markup = c2.render()
    assert line in markup and f"Round 1 · Next: {first}" in markup


def test_a_reveal_waits_while_the_abandon_question_is_open(storage):
    c = Controller(storage, bot_hook=first_legal_bot)
    c.tap({"shell": "new", "game": "six_nimmt"})
    for seat in (1, 2):
        c.tap({"shell": "kind", "seat": seat, "kind": "bot:easy"})
    c.tap({"shell": "start"})
    c.tap({"pick": c.session.state.legal_actions(0)[0]["card"]})
    while c.session.phase != "reveal":
        assert c.delay_ms() is not None, c.session.phase
        c.tick()
    c.tap({"shell": "settings"})
    c.tap({"shell": "abandon"})
    assert c.dialog is not None and c.delay_ms() is None  # nothing moves under the question
    c.tap({"shell": "keep"})
    assert c.session.phase == "reveal" and c.delay_ms() is not None
