"""Backup and Restore of every game in progress and the players, and the home-screen hint, through
the controller (web/hotseat/backup.py, keeping.py, controller.py). Hostile backup files:
tests/test_hostile_backup.py (also inside Pyodide)."""

from __future__ import annotations

import json

from backup_world import RefusingStorage, filled_phone
from ui_helpers import MemoryStorage, first_legal_bot, taps

from hotseat import backup
from hotseat import players as players_store
from hotseat.controller import Controller
from hotseat.pages import HomePage
from hotseat.saves import slot_key

GAME_KEYS = [slot_key("six_nimmt"), slot_key("dog")]


def controller(storage) -> Controller:
    return Controller(storage, bot_hook=first_legal_bot, seed_fn=lambda: 7)


def backup_text(storage) -> str:
    c = controller(storage)
    c.tap({"shell": "backup"})
    offer = c.download
    assert offer is not None and offer["share"] is True
    assert offer["name"].startswith("hotseat-backup-") and offer["name"].endswith(".json")
    assert "Backup made: 2 games in progress" in c.notice
    return offer["text"]


def test_backup_then_a_wiped_phone_restores_every_game_and_the_players_byte_for_byte():
    phone = filled_phone()
    before = dict(phone)
    text = backup_text(phone)
    assert dict(phone) == before  # making a backup writes nothing
    wiped = MemoryStorage()
    c = controller(wiped)
    assert c.saves.slots == []
    c.tap({"shell": "settings"})
    c.tap({"shell": "restore"})  # from the settings sheet: the file picker, then the question alone
    c.backups.restore_chosen(text, len(text.encode()))
    assert c.dialog is not None and c.dialog["kind"] == "restore" and not c.sheets.settings_open
    assert dict(wiped) == {}  # nothing until the player says Restore
    question = str(c.render())
    assert "Restore this backup?" in question and "Ann, Bob, Cy" in question and "Ann, Dan" in question
    assert "3 remembered players with statistics: the list here is replaced." in question
    assert "It replaces" not in question  # nothing in progress here
    c.tap({"shell": "restore_yes"})
    assert c.dialog is None and c.notice == "The backup was restored."
    for key in GAME_KEYS + [players_store.KEY]:
        assert wiped[key] == before[key], key
    assert "hotseat.settings" not in wiped  # settings are not part of a backup
    assert {s.game for s in c.saves.slots} == {"six_nimmt", "dog"} and all(s.error is None for s in c.saves.slots)
    assert c.players.stats["Ann"]["six_nimmt"].played == 1
    c.tap({"shell": "resume", "game": "six_nimmt"})  # the restored game plays on, and is saved
    assert c.screen == "game"
    p = c.session.state.current_players()[0]
    c.session.apply(p, c.session.state.legal_actions(p)[0])  # saved at once (Session.on_applied)
    assert c.message is None and c.screen == "game"
    assert json.loads(wiped[slot_key("six_nimmt")])["revision"] > json.loads(before[slot_key("six_nimmt")])["revision"]


def test_keep_changes_nothing_and_the_question_names_what_it_replaces():
    phone = filled_phone()
    text = backup_text(phone)
    other = filled_phone()
    other.pop(slot_key("dog"))
    before = dict(other)
    c = controller(other)
    c.backups.restore_chosen(text)
    question = str(c.render())
    assert "It replaces the game in progress here of: 6 nimmt!." in question
    assert {"shell": "keep"} in taps(question) and {"shell": "restore_yes"} in taps(question)
    c.tap({"shell": "new", "game": "dog"})  # every other tap waits for the answer
    assert c.screen == "home" and c.dialog["kind"] == "restore"
    c.tap({"shell": "keep"})
    assert c.dialog is None and dict(other) == before
    assert c.back_target() is None


def test_back_closes_the_restore_question_without_restoring():
    phone = filled_phone()
    text = backup_text(phone)
    wiped = MemoryStorage()
    c = controller(wiped)
    c.backups.restore_chosen(text)
    assert c.back_target() == "dialog"
    c.back()
    assert c.dialog is None and dict(wiped) == {}


def test_a_restore_picked_during_a_game_goes_home_first_and_the_game_stays_saved():
    phone = filled_phone()
    text = backup_text(phone)
    c = controller(phone)
    c.tap({"shell": "resume", "game": "dog"})
    assert c.screen == "game"
    c.tap({"shell": "settings"})
    sheet = str(c.render())
    assert {"shell": "backup"} in taps(sheet) and {"shell": "restore"} in taps(sheet)
    c.tap({"shell": "restore"})
    assert c.backups.pick_file is True  # the browser glue opens its file picker now
    c.backups.restore_chosen(text)
    assert c.screen == "home" and c.session is None and not c.sheets.settings_open
    assert c.dialog["kind"] == "restore"


def test_a_browser_refusing_a_write_mid_restore_leaves_every_key_as_it_was():
    phone = filled_phone()
    text = backup_text(phone)
    for refuse_at in (1, 2, 3):
        target = filled_phone()
        target[slot_key("six_nimmt")] = target[slot_key("six_nimmt")].replace('"revision":1', '"revision":5')
        target.pop(slot_key("dog"))
        refusing = RefusingStorage(dict(target), refuse_at)
        before = dict(refusing)
        c = controller(refusing)
        c.backups.restore_chosen(text)
        c.tap({"shell": "restore_yes"})
        assert "refused to store the backup" in c.message and "Nothing was changed" in c.message
        assert dict(refusing) == before, refuse_at


def test_a_save_that_cannot_be_opened_is_left_out_of_the_backup_and_named():
    phone = filled_phone()
    phone[slot_key("dog")] = phone[slot_key("dog")].replace('"seed":41', '"seed":"x"')
    c = controller(phone)
    c.page = HomePage()  # the recovery screen of the broken save, closed
    c.tap({"shell": "backup"})
    data = json.loads(c.download["text"])
    assert set(data["games"]) == {"six_nimmt"}
    assert "Backup made: 1 game in progress" in c.notice and "Left out (cannot be opened): Dog." in c.notice
    restored = MemoryStorage()
    r = controller(restored)
    r.backups.restore_chosen(c.download["text"])
    r.tap({"shell": "restore_yes"})
    assert restored[slot_key("six_nimmt")] == phone[slot_key("six_nimmt")] and slot_key("dog") not in restored


def test_a_file_too_large_is_refused_without_being_read():
    phone = filled_phone()
    before = dict(phone)
    c = controller(phone)
    c.backups.restore_chosen(None, backup.MAX_BYTES + 1)
    assert c.dialog is None and "cannot be restored: it is too large" in c.message
    assert "Nothing was changed" in c.message and dict(phone) == before


def test_the_home_screen_hint_is_shown_once_and_only_once_something_is_kept():
    empty = MemoryStorage()
    c = controller(empty)
    c.backups.show_install_hint("ios")
    assert "data-hint" not in str(c.render())  # nothing worth keeping yet: no hint
    assert "hotseat.hints" not in empty
    phone = filled_phone()
    c = controller(phone)
    c.backups.show_install_hint("ios")
    home = str(c.render())
    assert 'data-hint="ios"' in home and "Add to Home Screen" in home
    c.tap({"shell": "hint_ok"})
    assert "data-hint" not in str(c.render())
    again = controller(phone)  # the next start
    again.backups.show_install_hint("ios")
    assert "data-hint" not in str(again.render())
    other = controller(filled_phone())
    other.backups.show_install_hint("menu")
    assert "“Install” or “Add to Home screen”" in str(other.render())
    unknown = controller(filled_phone())
    unknown.backups.show_install_hint("<b>")
    assert "data-hint" not in str(unknown.render())
