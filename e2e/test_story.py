"""The game's story in Chromium (one browser session): 6 nimmt! with three humans, the story opened
mid-game from a player's own screen, then the replay after the game.

Mid-game, the story lists every card played so far with who played it (read back from the app's
save, replayed by the engine) and no number of a card still in a hand or of a pick not yet
revealed (from the engine's state of the save). After the game, the replay steps through every
move to the round's result. Screenshots at 390x844 and 360x640 go to build/shots/.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from conftest import SHOTS_DIR, skip_reveal  # noqa: E402

import pycore  # noqa: E402

GAME = pycore.load_game("six_nimmt")
NAMES = ["Ann", "Bob", "Cyd"]
NEW = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
START = "[data-tap*='\"start\"']"
SHOW = "[data-tap*='\"show\"']"
PICK = "[data-tap*='\"pick\"']"
SKIP = "[data-tap*='\"skip\"']"
CONTINUE = "[data-tap*='\"continue\"']"
STORY = "header .story-open"
STORY_SHEET = ".overlay.story"
STORY_CLOSE = ".overlay.story .actions [data-tap*='\"close\"']"
REPLAY = "[data-tap*='\"replay\"']"
NEXT = ".replay-nav .primary"

wait_ready = None


@pytest.fixture(autouse=True)
def _wait_ready(ready):
    global wait_ready
    wait_ready = ready


def shot(page, name: str) -> None:
    SHOTS_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS_DIR / f"{name}.png"))


def screen(page) -> str:
    return page.evaluate("document.body.getAttribute('data-screen')")


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('hotseat.game.six_nimmt')"))


def step(page) -> None:
    """One screen of play: show the hand, pick the lowest card, take a row, skip a reveal, close a
    round summary (each move is made at its tap)."""
    name = screen(page)
    if name == "curtain":
        page.locator(SHOW).click()
    elif name == "turn":
        if page.locator(PICK).count():
            page.locator(PICK).first.click()
        else:
            page.locator("button.row").nth(0).click()
    elif name == "reveal":
        skip_reveal(page)
    elif name == "summary":
        page.locator(CONTINUE).click()
    else:
        raise AssertionError(f"unexpected screen {name!r}")


def test_the_story_mid_game_keeps_the_secrets_and_the_replay_after_the_game_steps_to_the_result(page):
    page.goto("./")
    wait_ready(page)
    page.locator(NEW).click()
    for _ in range(10):
        count = int(page.locator(".stepper output").inner_text())
        if count == len(NAMES):
            break
        page.locator(f"[data-tap*='\"delta\":{1 if count < len(NAMES) else -1},']").click()
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    page.fill("[data-field='opt-target_score']", "3")
    page.locator(START).click()
    assert screen(page) == "curtain"

    # two full turns, then one pick of the third turn (secret until the reveal), then the next
    # player's own screen with the hand on it
    def picks_made() -> int:
        return sum(1 for m in saved(page)["log"]["moves"] if m["action"]["type"] == "pick")

    while picks_made() < 6:
        step(page)
    while not (screen(page) == "turn" and page.locator(PICK).count()):
        step(page)
    step(page)
    while screen(page) != "turn":
        step(page)
    data = saved(page)
    state = GAME.state_from_json(data["state"])
    picks = {c for c in state.picks if c is not None}
    assert picks, "a pick waits for the reveal"
    hidden = {c for hand in state.hands for c in hand} | picks
    played = [(NAMES[m["player"]], m["action"]["card"]) for m in data["log"]["moves"] if m["action"]["type"] == "pick"]
    played = [(who, card) for who, card in played if card not in picks]

    page.locator(STORY).click()
    page.wait_for_selector(STORY_SHEET)
    text = page.locator(STORY_SHEET).inner_text()
    lines = [line for line in text.split("\n") if line.startswith("Cards played: ")]
    told = [(who, int(card)) for line in lines for who, card in re.findall(r"(Ann|Bob|Cyd) (\d+)", line)]
    assert sorted(told) == sorted(played) and len(told) >= 6
    numbers = {int(x) for x in re.findall(r"\d+", text)}
    assert not (hidden & numbers) - {1, 2, 3, 4}, sorted(hidden & numbers)  # rows 1-4 are named too
    html = page.evaluate("document.querySelector('.overlay.story').outerHTML")
    assert not any(re.search(rf"\b{c}\b", html) for c in picks if c > 4), "a pending pick in the story's markup"
    assert page.locator(".story-round[open]").count() == 1
    shot(page, "story_mid_game_390x844")
    page.set_viewport_size({"width": 360, "height": 640})
    shot(page, "story_mid_game_360x640")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(STORY_CLOSE).click()
    assert page.locator(STORY_SHEET).count() == 0 and screen(page) == "turn"

    for _ in range(400):
        if screen(page) == "over":
            break
        step(page)
    assert screen(page) == "over"
    page.locator(REPLAY).click()
    assert screen(page) == "replay"
    where = page.locator(".replay-where").inner_text()
    total = int(re.search(r"step 1 of (\d+)", where).group(1))
    assert total >= 10 and page.locator(".replay-lines li").count() >= 1
    page.locator(NEXT).click()
    page.locator(NEXT).click()
    assert "step 3 of" in page.locator(".replay-where").inner_text()
    assert page.locator(".replay-table .rows, .replay-table .sn-summary").count() >= 1
    shot(page, "story_replay_390x844")
    page.set_viewport_size({"width": 360, "height": 640})
    shot(page, "story_replay_360x640")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.set_viewport_size({"width": 390, "height": 844})
    for _ in range(total):
        if page.locator(NEXT).is_disabled():
            break
        page.locator(NEXT).click()
    assert f"step {total} of {total}" in page.locator(".replay-where").inner_text()
    assert page.locator(".replay-table .sn-summary").count() == 1  # the last step: the round's result
    assert "wins!" in page.locator(".replay-lines").inner_text() or "win!" in page.locator(".replay-lines").inner_text()
    shot(page, "story_replay_result_390x844")
    page.locator(".replay-nav [data-tap*='\"close\"']").click()
    assert screen(page) == "over"
