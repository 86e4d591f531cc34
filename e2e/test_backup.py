"""Games that survive the browser, in Chromium: Backup (a downloaded file) → storage wiped →
Restore gives back the same saves byte for byte; hostile files change nothing and leave the app
alive; persistent storage is asked once a game is on screen, not before; the "Add to Home
Screen" hint of a browser without an install prompt (Safari on an iPhone, imitated by an init
script) is shown once."""

from __future__ import annotations

import json
import sys

from conftest import ROOT, preset_storage, shot, start_six_nimmt, wait_ready

sys.path.insert(0, str(ROOT / "tests" / "web"))
from backup_world import filled_phone, raced_backup  # noqa: E402

from hotseat import backup  # noqa: E402

STORED_JS = """() => { const o = {}; for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i); o[k] = localStorage.getItem(k); } return o; }"""
SIZES = ({"width": 360, "height": 640}, {"width": 390, "height": 844})


def tap(page, tap_dict: dict) -> None:
    page.locator(f"[data-tap='{json.dumps(tap_dict, separators=(',', ':'), sort_keys=True)}']").first.click()


def stored(page) -> dict:
    return page.evaluate(STORED_JS)


def settle(page) -> None:
    """Let the sheets' slide-in animations end before a screenshot."""
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=5_000)


#: every game in progress on the home screen has its line (round, who plays next): the home screen
#: reads one save per tick after its first paint and draws again each time
DETAILS_JS = """() => { const items = document.querySelectorAll('.inprogress li');
    return items.length > 0 && [...items].every(li => li.querySelectorAll('p.note').length >= 2); }"""


def open_phone(page, items: dict) -> None:
    """Open the app on a phone holding ``items``; wait until its home screen stopped drawing."""
    preset_storage(page, items)
    page.goto("./")
    wait_ready(page)
    page.wait_for_function(DETAILS_JS)


def test_backup_then_wiped_storage_then_restore_gives_back_the_same_games_byte_for_byte(page, tmp_path):
    phone = filled_phone()
    open_phone(page, phone)
    before = stored(page)
    assert page.locator("[data-tap*='\"resume\"']").count() == 2
    assert page.evaluate("typeof navigator.canShare") == "undefined"  # no Web Share here: a download
    tap(page, {"shell": "settings"})
    page.wait_for_selector(".set-backup")
    for size in SIZES:
        page.set_viewport_size(size)
        page.locator(".set-backup .actions").scroll_into_view_if_needed()
        settle(page)
        shot(page, f"backup_sheet_{size['width']}", "backup")
    with page.expect_download() as download:
        tap(page, {"shell": "backup"})
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("hotseat-backup-")
    page.wait_for_selector(".toast.info")
    assert "Backup made: 2 games in progress" in page.locator(".toast").inner_text()
    page.evaluate("localStorage.clear()")  # the browser deleted the site's storage
    page.reload()
    wait_ready(page)
    assert stored(page) == {} and page.locator("[data-tap*='\"resume\"']").count() == 0
    tap(page, {"shell": "settings"})
    with page.expect_file_chooser() as chooser:
        tap(page, {"shell": "restore"})
    chooser.value.set_files(str(path))
    page.wait_for_selector(".dialog .restore-list")
    assert stored(page) == {}  # nothing before the player says Restore
    text = page.locator(".dialog").inner_text()
    assert "Restore this backup?" in text and "Ann, Bob, Cy" in text and "Ann, Dan" in text
    for size in SIZES:
        page.set_viewport_size(size)
        settle(page)
        shot(page, f"restore_question_{size['width']}", "backup")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    tap(page, {"shell": "restore_yes"})
    page.wait_for_selector(".toast.info")
    assert page.locator(".toast").inner_text() == "The backup was restored."
    after = stored(page)
    for key in ("hotseat.game.six_nimmt", "hotseat.game.dog", "hotseat.players"):
        assert after[key] == before[key], key  # byte for byte
    tap(page, {"game": "dog", "shell": "resume"})
    page.wait_for_function("!['home'].includes(document.body.dataset.screen)")
    assert page.locator(".toast[role='alert']").count() == 0


def test_hostile_backup_files_change_nothing_and_the_app_stays_alive(page, tmp_path):
    open_phone(page, filled_phone())
    before = stored(page)
    good = json.loads(
        page.evaluate(
            """async () => { let text = null; const keep = window.hotseatShare;
               window.hotseatShare = (name, t) => { text = t; return 'download'; };
               document.querySelector("[data-tap='{\\"shell\\":\\"settings\\"}']").click();
               document.querySelector("[data-tap='{\\"shell\\":\\"backup\\"}']").click();
               window.hotseatShare = keep; return text; }"""
        )
    )
    tap(page, {"shell": "close"})
    broken = dict(good, games=dict(good["games"], dog=good["games"]["dog"].replace('"seed":41', '"seed":-5')))
    files = {
        "bomb.json": "[" * 200_000 + "]" * 200_000,
        "open-bomb.json": '{"hotseat":"backup","games":' + "{" * 100_000,
        "inner-bomb.json": json.dumps(dict(good, players='{"a":' * 20_000 + "1" + "}" * 20_000)),
        "huge.json": " " * (backup.MAX_BYTES + 1),
        "broken-dog.json": json.dumps(broken),
        "not-json.png": "\x89PNG\r\n\x1a\n\x00\x00",
    }
    cut = json.dumps(good)[:5000]
    files["cut-short.json"] = cut
    for name, content in files.items():
        page.set_input_files(
            "#hotseat-file", files=[{"name": name, "mimeType": "application/json", "buffer": content.encode()}]
        )
        page.wait_for_selector(".toast[role='alert']", timeout=30_000)
        message = page.locator(".toast").inner_text()
        assert message.startswith(WORDS[name]) and message.endswith("Nothing was changed on this phone."), message
        assert page.locator(".dialog").count() == 0
        assert stored(page) == before, name
        if name == "broken-dog.json":
            shot(page, "hostile_refused", "backup")
        tap(page, {"shell": "settings"})  # Python still answers taps
        page.wait_for_selector(".set-backup")
        tap(page, {"shell": "close"})
        page.wait_for_function("!document.querySelector('.toast')")
    tap(page, {"game": "six_nimmt", "shell": "resume"})
    page.wait_for_function("document.body.dataset.screen !== 'home'")


#: what the player reads first about each hostile file (test_hostile_backup_files_change_nothing_...)
WORDS = {
    "bomb.json": "This file is not a Hotseat backup. Pick the file whose name starts with “hotseat-backup”.",
    "open-bomb.json": "This backup is cut short — it was not saved completely. Make a new backup",
    "inner-bomb.json": "The list of players in this backup is damaged. Make a new backup",
    "huge.json": "This file is too large to be a Hotseat backup.",
    "broken-dog.json": "The game of Dog in this backup cannot be opened — it was changed or damaged.",
    "not-json.png": "This file is not a Hotseat backup (it looks like a picture).",
    "cut-short.json": "This backup is cut short — it was not saved completely.",
}


PERSIST_JS = """(() => {
  window.__persistCalls = 0;
  const storage = navigator.storage;
  storage.persisted = () => Promise.resolve(false);
  storage.persist = () => { window.__persistCalls += 1; return Promise.resolve(false); };
})();"""


def test_persistent_storage_is_asked_once_a_game_is_on_screen_not_at_the_first_visit(page):
    page.add_init_script(script=PERSIST_JS)
    page.goto("./")
    wait_ready(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__persistCalls") == 0  # the home screen of a first visit: no question
    start_six_nimmt(page)
    page.wait_for_function("window.__persistCalls === 1")
    tap(page, {"shell": "settings"})
    tap(page, {"shell": "menu"})
    tap(page, {"game": "six_nimmt", "shell": "resume"})
    page.wait_for_function("document.body.dataset.screen !== 'home'")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__persistCalls") == 1  # once per start


IPHONE_JS = """(() => {
  delete window.onbeforeinstallprompt;
  Object.defineProperty(navigator, 'userAgent', {get: () =>
    'Mozilla/5.0 (iPhone; CPU iPhone OS 19_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/19.1 Mobile/15E148 Safari/604.1'});
})();"""


def test_the_add_to_home_screen_hint_of_safari_on_an_iphone_is_shown_once(page):
    page.add_init_script(script=IPHONE_JS)
    items = {k: v for k, v in filled_phone().items() if k != "hotseat.settings"}
    items["hotseat.settings"] = json.dumps({"language": "de"})
    open_phone(page, items)
    assert page.evaluate("hotseatInstallHint()") == "ios"
    hint = page.locator("[data-hint='ios']")
    assert hint.count() == 1 and "Home-Bildschirm" in hint.inner_text()
    for size in SIZES:
        page.set_viewport_size(size)
        settle(page)
        shot(page, f"hint_de_{size['width']}", "backup")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.reload()
    wait_ready(page)
    assert page.locator("[data-hint]").count() == 0  # shown once


def test_a_restore_in_a_second_window_stops_the_first_and_is_never_overwritten(context):
    """Window A plays 6 nimmt! (its bot picks); window B restores a backup from another phone whose
    save of it has the very revision A's has (another pick). A is told at once (the storage
    event), shows why and writes no more; "Play here instead" opens the restored game. Before, A
    stayed on the game and its next move wrote over the restore."""
    phone = filled_phone()
    a = context.new_page()
    open_phone(a, phone)
    tap(a, {"game": "six_nimmt", "shell": "resume"})  # Cy (a bot) is to pick: it picks, and A saves
    a.wait_for_function(
        "s => localStorage.getItem('hotseat.game.six_nimmt') !== s", arg=phone["hotseat.game.six_nimmt"]
    )
    ours = a.evaluate("localStorage.getItem('hotseat.game.six_nimmt')")
    text = raced_backup(phone, json.loads(ours)["log"]["moves"][-1])
    theirs = json.loads(text)["games"]["six_nimmt"]
    assert theirs != ours and json.loads(theirs)["revision"] == json.loads(ours)["revision"]
    b = context.new_page()
    b.goto("./")
    wait_ready(b)
    b.set_input_files(
        "#hotseat-file",
        files=[{"name": "hotseat-backup.json", "mimeType": "application/json", "buffer": text.encode()}],
    )
    b.wait_for_selector(".dialog [data-tap*='restore_yes']")
    tap(b, {"shell": "restore_yes"})
    b.wait_for_selector(".toast.info")
    a.wait_for_function("document.body.dataset.screen === 'elsewhere'")
    said = a.locator("#app").inner_text()
    assert "This game was changed in another window (a move there, a new game or a restored backup)" in said
    assert a.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == theirs
    a.wait_for_timeout(500)
    assert a.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == theirs  # A writes no more
    shot(a, "restore_raced", "backup")
    b.close()
    tap(a, {"shell": "take_over"})  # Play here instead: the restored game
    a.wait_for_function("document.body.dataset.screen !== 'elsewhere'")
    now = json.loads(a.evaluate("localStorage.getItem('hotseat.game.six_nimmt')"))
    assert now["log"]["moves"][: len(json.loads(theirs)["log"]["moves"])] == json.loads(theirs)["log"]["moves"]
