"""Backup and Restore of every game in progress and the players, and the home-screen hint, through
the controller (web/hotseat/backup.py, keeping.py, controller.py). Hostile backup files:
tests/test_hostile_backup.py (also inside Pyodide)."""

from __future__ import annotations

import json
import sys

from backup_world import RefusingStorage, filled_phone, raced_backup
from ui_helpers import ROOT, MemoryStorage, first_legal_bot, taps

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
    assert c.dialog is not None and c.dialog.kind == "restore" and not c.sheets.settings_open
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
    assert c.screen == "home" and c.dialog.kind == "restore"
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
    assert c.dialog.kind == "restore"


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
    assert c.dialog is None and c.message.startswith("This file is too large to be a Hotseat backup.")
    assert c.message.endswith("Nothing was changed on this phone.") and dict(phone) == before
    assert c.backups.refused_detail == "too_large: 4,000,001 bytes; at most 4,000,000"


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


# ---- a restore raced by a second window -----------------------------------------------------------


def raced_phone() -> tuple[MemoryStorage, Controller, str]:
    """One phone, two windows: window A plays 6 nimmt! (one move past the filled phone's save);
    the backup, from another phone, holds a save of the same game at the very same revision but
    with another move. Returns the storage, window A and that backup's text."""
    phone = filled_phone()
    before = MemoryStorage(dict(phone))
    a = controller(phone)
    a.tap({"shell": "resume", "game": "six_nimmt"})
    p = a.session.state.current_players()[0]
    a.session.apply(p, a.session.state.legal_actions(p)[0])
    text = raced_backup(before, json.loads(phone[slot_key("six_nimmt")])["log"]["moves"][-1])
    ours, theirs = phone[slot_key("six_nimmt")], json.loads(text)["games"]["six_nimmt"]
    assert ours != theirs and json.loads(ours)["revision"] == json.loads(theirs)["revision"]
    return phone, a, text


def restore_in_window_b(phone: MemoryStorage, text: str) -> None:
    b = controller(phone)
    b.backups.restore_chosen(text)
    b.tap({"shell": "restore_yes"})
    assert b.notice == "The backup was restored."


def test_a_restore_in_another_window_is_never_overwritten_by_the_next_move_here():
    """Before: both saves held the same revision, so window A's next move wrote over the restore."""
    phone, a, text = raced_phone()
    restore_in_window_b(phone, text)
    restored = phone[slot_key("six_nimmt")]
    assert restored == json.loads(text)["games"]["six_nimmt"]
    p = a.session.state.current_players()[0]
    a.session.apply(p, a.session.state.legal_actions(p)[0])  # A was not told (no storage event)
    assert phone[slot_key("six_nimmt")] == restored  # the restore stays
    assert a.screen == "elsewhere" and a.session is None and a.locks.wanted is None  # A writes no more
    assert "changed in another window" in str(a.render())
    a.tap({"shell": "take_over"})
    a.locks.granted("six_nimmt")  # "Play here instead": the restored game, read afresh
    assert a.screen == "game" and a.session.state.to_json() == json.loads(restored)["state"]


def test_a_window_told_of_the_restore_gives_the_game_up_at_once():
    phone, a, text = raced_phone()
    assert a.stored_elsewhere(slot_key("six_nimmt")) is False  # its own write: nothing to do
    assert a.stored_elsewhere(players_store.KEY) is False and a.screen == "game"
    restore_in_window_b(phone, text)
    restored = phone[slot_key("six_nimmt")]
    assert a.stored_elsewhere(slot_key("six_nimmt")) is True  # the browser's storage event
    assert a.screen == "elsewhere" and a.session is None and a.locks.wanted is None
    assert "This game was changed in another window (a move there" in str(a.render())
    assert phone[slot_key("six_nimmt")] == restored
    assert a.players.stats == players_store.parse(phone[players_store.KEY])[0].stats


def test_the_players_a_restore_brings_are_not_overwritten_by_another_window():
    """Window A's players were read before the restore; a game it then finishes is counted on top
    of the restored players, which are never written back as A read them."""
    phone = filled_phone()
    other = MemoryStorage(dict(phone))
    people = players_store.load(other).seated("dog", [("Zed", "human"), ("Yan", "human")])
    players_store.save(other, people)
    text = backup_text(other)
    a = controller(phone)
    restore_in_window_b(phone, text)
    a.tap({"shell": "new", "game": "bunny_moose"})
    a.tap({"shell": "start", "fields": {"name-0": "Kim", "name-1": "Lou", "name-2": "Max"}})
    stored = players_store.parse(phone[players_store.KEY])[0]
    assert stored.names[:3] == ("Kim", "Lou", "Max") and "Zed" in stored.names and "Yan" in stored.names


# ---- a refused file in the players' words, in every language --------------------------------------


def test_a_refused_file_is_worded_for_the_player_in_every_language():
    """What is wrong with the file and what to do, never the parser's or the schema's words; the
    technical detail stays for a bug report (the browser glue logs ``refused_detail``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n as catalogues  # tools/i18n.py

    from hotseat import i18n

    good = json.loads(backup_text(filled_phone()))
    broken = json.dumps(
        {**good, "games": {**good["games"], "dog": good["games"]["dog"].replace('"seed":41', '"seed":-1')}}
    )
    files = {
        "cut": backup_text(filled_phone())[:300],
        "png": "\ufffdPNG\r\n\x1a\n\x00\x00[[[[{{{{",
        "dog": broken,
        "newer": json.dumps({**good, "version": 9}),
        "other": "hello",
        "none": None,
    }
    said: dict[str, dict[str, str]] = {}
    try:
        for lang in ("en", "de", "fr", "it", "es"):
            i18n.install(lang, None if lang == "en" else catalogues.compile_mo(lang))
            for name, text in files.items():
                c = controller(filled_phone())
                c.backups.restore_chosen(text, backup.MAX_BYTES + 1 if text is None else len(text.encode()))
                assert c.dialog is None and c.message, (lang, name)
                said.setdefault(lang, {})[name] = c.message
                assert c.backups.refused_detail, (lang, name)
    finally:
        i18n.install("en")
    en = said["en"]
    assert en["cut"].startswith("This backup is cut short — it was not saved completely. Make a new backup")
    assert en["png"].startswith("This file is not a Hotseat backup (it looks like a picture).")
    assert en["dog"].startswith("The game of Dog in this backup cannot be opened — it was changed or damaged.")
    for lang in ("de", "fr", "it", "es"):
        for name, message in said[lang].items():
            assert message != en[name] and "{" not in message and "JSON" not in message, (lang, message)
    assert "Dog" in said["de"]["dog"] and "Dog" in said["fr"]["dog"]
