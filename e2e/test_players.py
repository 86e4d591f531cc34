"""Players remembered, in Chromium: names from the last game offered in a new setup, the last
table prefilled, the players list (rename, statistics of a finished game counted once).

One browser page, two app boots (the second after storing a finished game). Screenshots of setup
with its name chips and of the players list at 390x844 and 360x640 go to build/shots/players.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "web"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from conftest import NEW_SIX_NIMMT, SHOTS_DIR, START, wait_ready  # noqa: E402

from hotseat import session_save  # noqa: E402
from hotseat.players import KEY  # noqa: E402
from hotseat.saves import slot_key  # noqa: E402
from hotseat.session import Session  # noqa: E402

SHOTS = SHOTS_DIR / "players"
NEW_BAD_BUNNIES = "[data-tap*='bad_bunnies'][data-tap*='\"new\"']"
MENU = "[data-tap*='\"menu\"']"
SETTINGS = "header [data-tap*='\"settings\"']"


def go_home(page) -> None:
    """Home: the "Home" button where the screen has one, else ☰ (the settings sheet) and its Home."""
    if page.locator(MENU).count() == 0:
        page.locator(SETTINGS).first.click()
    page.locator(MENU).first.click()


PLAYERS = '[data-tap=\'{"shell":"players"}\']'


def screen(page, name: str) -> None:
    page.wait_for_selector(f"body[data-screen='{name}']", state="attached", timeout=15_000)


def seat_names(page) -> list[str]:
    return page.eval_on_selector_all("[data-field^='name-']", "els => els.map(e => e.value)")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})


def finished_six_nimmt(names: list[str], seed: int) -> tuple[str, list[int]]:
    """A save of a finished one-round 6 nimmt! game (seeded legal moves) and its bullheads."""
    seats = [{"name": n, "kind": "human"} for n in names]
    s = Session("six_nimmt", seats, seed, {"rounds": 1})
    rng = random.Random(seed)
    while not s.state.is_terminal():
        p = s.state.current_players()[0]
        s.state.apply_action(p, rng.choice(s.state.legal_actions(p)))
    s.log.start, s.log.moves = s.state.to_json(), []
    return session_save.to_json(s), s.state.public_observation()["scores"]


def test_names_of_the_last_game_are_offered_and_its_table_prefilled(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./")
    wait_ready(page)

    # a first game of 6 nimmt!: two typed names, the third seat left as "Player 3"
    page.locator(NEW_SIX_NIMMT).first.click()
    screen(page, "setup")
    assert page.locator(".name-chip").count() == 0  # nothing remembered yet
    page.fill("[data-field='name-0']", "Ann")
    page.fill("[data-field='name-1']", "Bob")
    page.locator(START).first.click()
    screen(page, "curtain")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored["names"] == ["Ann", "Bob"]

    # 6 nimmt! again: its last table is prefilled (after "Replace the saved game?")
    go_home(page)
    screen(page, "home")
    page.locator(NEW_SIX_NIMMT).first.click()
    page.locator("[data-tap*='\"replace\"']").click()
    screen(page, "setup")
    assert seat_names(page) == ["Ann", "Bob", "Player 3"]

    # another game: the names are offered as chips; a tap seats the name in the first default seat
    go_home(page)
    screen(page, "home")
    page.locator(NEW_BAD_BUNNIES).first.click()
    screen(page, "setup")
    assert page.locator(".name-chip").all_inner_texts() == ["Ann", "Bob"]
    page.fill("[data-field='name-0']", "Zoe")
    page.locator(".name-chip", has_text="Bob").click()
    page.wait_for_function("document.querySelectorAll('.name-chip').length === 1")
    assert seat_names(page) == ["Zoe", "Bob", "Player 3"]
    assert page.locator(".name-chip").all_inner_texts() == ["Ann"]
    shoot(page, "setup-chips")

    # the players list from home: rename Bob (checked like setup names)
    go_home(page)
    screen(page, "home")
    page.locator(PLAYERS).click()
    screen(page, "players")
    assert page.locator(".pl-name").all_inner_texts() == ["Ann", "Bob"]
    page.locator("[data-tap*='pl_rename'][data-tap*='Bob']").click()
    page.fill("[data-field='pl-name']", "ann")
    page.locator("[data-tap*='pl_save']").click()
    page.wait_for_selector(".pl-edit .error")
    assert "looks like" in page.locator(".pl-edit .error").inner_text()
    page.fill("[data-field='pl-name']", "Robert")
    page.locator("[data-tap*='pl_save']").click()
    page.wait_for_function("[...document.querySelectorAll('.pl-name')].map(e => e.textContent).join() === 'Ann,Robert'")

    # a finished game of Ann and Robert (stored as a reload would find it): counted once
    save, bullheads = finished_six_nimmt(["Ann", "Robert"], seed=31)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [slot_key("six_nimmt"), save])
    page.reload()
    wait_ready(page)
    for _ in range(2):  # the game-over screen opened twice: still one game played
        page.locator("[data-tap*='\"resume\"'][data-tap*='six_nimmt']").click()
        screen(page, "over")
        go_home(page)
        screen(page, "home")
        page.locator(PLAYERS).click()
        screen(page, "players")
        rows = page.eval_on_selector_all(".pl-stats tbody tr", "rs => rs.map(r => r.innerText.split('\\t'))")
        assert [r[:2] for r in rows] == [["6 nimmt!", "1"], ["6 nimmt!", "1"]]
        assert [int(r[3]) for r in rows] == bullheads  # best = this game's bullheads
        go_home(page)
        screen(page, "home")
    page.locator(PLAYERS).click()
    screen(page, "players")
    shoot(page, "players-list")
