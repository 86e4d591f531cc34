"""Dog through the real UI: four humans pass one phone through curtains and partner swaps for a few
rounds, and a saved near-end position is played to a team win.

The driver reads its moves from the screen (the buttons and board marks the view offers), never
from the engine. Screens are saved at 390x844 into /tmp/hs/shots/dog/ for a human to look at.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from conftest import wait_ready

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pycore  # noqa: E402
from pycore.games.dog import full_deck  # noqa: E402

SHOTS = Path("/tmp/hs/shots/dog")
NEW_DOG = "[data-tap*='\"dog\"'][data-tap*='\"new\"']"
NAMES = ["Ann", "Ben", "Cat", "Dov"]


def shot(page, name: str, taken: set[str]) -> None:
    if name in taken:
        return
    taken.add(name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dog-{name}.png"), full_page=True)


def screen(page) -> str:
    return page.evaluate("document.body.getAttribute('data-screen') || ''")


def round_number(page) -> int:
    text = page.locator(".dg-board svg").first.inner_html()
    m = re.search(r"Round (\d+)", text)
    return int(m.group(1)) if m else 0


def visible(page, selector: str):
    loc = page.locator(selector)
    return loc if loc.count() else None


def test_four_humans_curtains_and_partner_swaps_for_three_rounds(page):
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_DOG, timeout=10_000)
    taken: set[str] = set()
    page.locator(NEW_DOG).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"count\"'][data-tap*='\"delta\":1']").first.click()  # 3 -> 4 players
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    shot(page, "setup", taken)
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)

    curtains = gives = confirms = plays = board_taps = 0
    received_notes = 0
    seen_rounds = set()
    for step in range(3000):
        kind = screen(page)
        assert kind != "over", "a random game should not end within three rounds"
        if kind == "curtain":
            curtains += 1
            # nothing private behind the curtain: no hand, no card to tap, no gift shown
            assert page.locator(".dg-hand").count() == 0
            assert page.locator("[data-card]").count() == 0
            assert page.locator(".dg-board svg").count() == 1  # the public board is there
            shot(page, "curtain", taken)
            page.locator("[data-tap*='\"show\"']").first.click()
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        rnd = round_number(page)
        seen_rounds.add(rnd)
        if rnd >= 4:
            break
        if page.locator(".pendingbar").count():
            confirms += 1
            shot(page, "give-pending", taken)
            page.locator("[data-tap*='\"confirm\"']").first.click()
            continue
        gift = visible(page, ".dg-hand button[data-tap*='\"give\"']")
        if gift is not None:
            gives += 1
            assert "partner" in page.locator(".dg-prompt").first.inner_text()
            shot(page, "give", taken)
            gift.nth(step % gift.count()).click()
            continue
        if page.locator(".dg-info", has_text="gave you").count():
            received_notes += 1
        target = visible(page, ".dg-board g[data-target]")
        if target is not None and step % 2 == 0:
            board_taps += 1
            shot(page, "target", taken)
            target.first.click()
            continue
        action = visible(page, ".dg-opts button[data-tap*='\"do\"']")
        if action is not None:
            plays += 1
            if page.locator(".dg-seven").count():
                shot(page, "seven", taken)
            if page.locator("[data-tap*='\"fold\"']").count():
                shot(page, "fold", taken)
            action.first.click()
            continue
        fig = visible(page, ".dg-opts button[data-tap*='\"fig\"']:not([data-tap*='null'])")
        if fig is not None:
            shot(page, "figure", taken)
            fig.first.click()
            continue
        joker = visible(page, ".dg-opts button[data-tap*='\"as\"']")
        if joker is not None:
            shot(page, "joker", taken)
            joker.nth(step % joker.count()).click()
            continue
        card = visible(page, ".dg-hand button.dg-card")
        assert card is not None, "a player on turn has nothing to tap"
        shot(page, "turn", taken)
        card.nth(step % card.count()).click()
    assert {1, 2, 3} <= seen_rounds and max(seen_rounds) >= 4, seen_rounds
    assert gives >= 12 and confirms >= 12  # 4 gifts per round, each confirmed behind its curtain
    assert curtains >= 20 and plays >= 10 and board_taps >= 1
    assert received_notes >= 1


def near_end_save() -> str:
    """A session save: Ann (seat 0) has all figures home, Cat (seat 2) has three home and one 3
    fields from the goal; Ann holds a 3 and a 5 and is on turn."""
    game = pycore.load_game("dog")
    state = game.new_initial_state(4, seed=77)
    data = json.loads(state.to_json())["state"]
    data["figures"] = [[64, 65, 66, 67], [20, -1, -1, -1], [30, 73, 74, 75], [50, -1, -1, -1]]
    data["hands"] = [["3", "5"], ["2", "8"], ["9", "10"], ["12", "13"]]
    pool = full_deck()
    for h in data["hands"]:
        for c in h:
            pool.remove(c)
    data.update(deck=pool, discard=[], phase="play", turn=0, gifts=[None] * 4, received=[None] * 4,
                out=[False] * 4, drawn=False, seven=None, winners=[], round=3, dealer=3)
    text = json.dumps({"format": "hotseat-state", "game": "dog", "version": 1, "state": data})
    game.state_from_json(text)  # the engine accepts it
    seats = [{"name": n, "kind": "human"} for n in NAMES]
    return json.dumps({"format": "hotseat-session", "version": 1, "game": "dog", "seed": 77, "options": {},
                       "seats": seats, "state": text, "summary_due": False, "events": [], "bot_rng": 1})


def test_saved_near_end_position_played_to_a_team_win(page):
    page.goto("./")
    wait_ready(page)
    page.evaluate("save => localStorage.setItem('hotseat.save', save)", near_end_save())
    page.reload()
    wait_ready(page)
    taken: set[str] = set()
    page.locator("[data-tap*='\"resume\"']").first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"show\"']").first.click()
    page.wait_for_selector(".dg-hand", timeout=10_000)
    assert "Ann, play a card" in page.locator(".bar .status").inner_text()
    assert "moves Cat" in page.locator(".dg-player.me").inner_text()  # DOG-10: Ann moves Cat's figures
    shot(page, "near-end", taken)
    page.locator(".dg-hand button[data-card='3']").click()
    # the only figure: Cat's, 2 fields before its start field 32; a choice: on to 33 or into goal 72
    fig = page.locator(".dg-board circle[data-fig='8']")
    assert fig.count() == 1 and page.locator(".dg-board [data-fig]").count() == 1
    shot(page, "near-end-card", taken)
    fig.click()
    page.wait_for_selector(".dg-board g[data-target='72']", timeout=10_000)
    assert page.locator(".dg-board g[data-target]").count() == 2
    assert page.locator(".dg-opts", has_text="into goal field 1").count() == 1
    shot(page, "near-end-target", taken)
    page.locator(".dg-board g[data-target='72']").click()
    page.wait_for_selector("body[data-screen='over']", state="attached", timeout=10_000)
    shot(page, "over", taken)
    headline = page.locator(".game-over h1").inner_text()
    assert "Ann" in headline and "Cat" in headline
    assert page.locator(".standings li.winner").count() == 2
    assert "8/8" in page.locator(".game-over .dg-teams").inner_text()


def test_one_human_and_three_bots_play_rounds_without_a_curtain(page):
    """Issue 7: in Dog with one human and three bots the curtain never appears; bots play visibly."""
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_DOG, timeout=10_000)
    page.locator(NEW_DOG).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"count\"'][data-tap*='\"delta\":1']").first.click()  # 3 -> 4 players
    for seat, clicks in ((1, 2), (2, 1), (3, 2)):  # normal, easy, normal
        for _ in range(clicks):
            page.locator(f"[data-tap*='\"kind\"'][data-tap*='\"seat\":{seat}']").click()
    assert page.locator(".kind").all_inner_texts() == ["Human", "Bot · normal", "Bot · easy", "Bot · normal"]
    page.evaluate("""() => {
        window.__screens = [];
        new MutationObserver(() => window.__screens.push(document.body.getAttribute('data-screen')))
            .observe(document.body, {attributes: true, attributeFilter: ['data-screen']});
    }""")
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)
    human_moves = 0
    for step in range(2000):
        kind = screen(page)
        if kind == "over":
            break
        if kind == "bot":
            page.wait_for_timeout(100)
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        if round_number(page) >= 3:
            break
        if page.locator(".pendingbar").count():
            page.locator("[data-tap*='\"confirm\"']").first.click()
            continue
        for selector in (
            ".dg-hand button[data-tap*='\"give\"']",
            ".dg-opts button[data-tap*='\"do\"']",
            ".dg-opts button[data-tap*='\"fig\"']:not([data-tap*='null'])",
            ".dg-opts button[data-tap*='\"as\"']",
            ".dg-hand button.dg-card",
        ):
            loc = visible(page, selector)
            if loc is not None:
                loc.first.click()
                human_moves += 1
                break
        else:
            # nothing to tap: the human waits while the bots play on (their moves show on this view)
            page.wait_for_timeout(100)
    screens = set(page.evaluate("window.__screens"))
    assert "curtain" not in screens, screens
    assert "bot" in screens and human_moves >= 5
    assert [s["kind"] for s in json.loads(page.evaluate("localStorage.getItem('hotseat.save')"))["seats"]] == [
        "human", "bot:normal", "bot:easy", "bot:normal"]
