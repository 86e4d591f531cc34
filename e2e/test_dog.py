"""Dog through the real UI: four humans pass one phone through curtains and partner swaps for a few
rounds, and a saved near-end position is played to a team win.

The screen keeps secrets: at every curtain, on every player's own screen (on arrival
and after each selection) and at game over, e2e/secret_check.py searches the whole document
(text, attributes, hidden elements, data-*, outside #app too) and counts every card token against
what that screen may show (no other hand, no deck, no other player's gift); planted leaks prove
the check can fail.

The driver reads its moves from the screen (the buttons and board marks the view offers), never
from the engine. Screens are saved at 390x844 into build/shots/dog/ for a human to look at.
"""

from __future__ import annotations

import json
import re

from conftest import (
    SHOTS_DIR,
    fast_pace,
    pick_seat_kind,
    preset_storage,
    seat_kinds,
    wait_ready,
)
from positions import dog_play_state, saved_session
from secret_check import UNPLANT_JS, SecretChecker, hands, leak_report, secrets_of, tokens

SHOTS = SHOTS_DIR / "dog"
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


def start_four_humans(page, checker: SecretChecker, taken: set[str]) -> None:
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_DOG, timeout=10_000)
    checker.baseline(page)  # the document outside #app before any card is dealt
    page.locator(NEW_DOG).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"count\"'][data-tap*='\"delta\":1']").first.click()  # 3 -> 4 players
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    shot(page, "setup", taken)
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)


def test_four_humans_curtains_and_partner_swaps_for_three_rounds(page):
    taken: set[str] = set()
    checker = SecretChecker("dog")
    start_four_humans(page, checker, taken)

    curtains = gives = plays = board_taps = keyboard_steps = 0
    received_notes = 0
    seen_rounds = set()
    for step in range(3000):
        kind = screen(page)
        assert kind != "over", "a random game should not end within three rounds"
        if kind == "curtain":
            curtains += 1
            assert checker.check(page), "every curtain is a new screen to check"
            # nothing private behind the curtain: no hand, no card to tap, no gift shown
            assert page.locator(".dg-hand").count() == 0
            assert page.locator("[data-card]").count() == 0
            assert page.locator(".dg-board svg").count() == 1  # the public board is there
            shot(page, "curtain", taken)
            page.locator("[data-tap*='\"show\"']").first.click()
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        checker.check(page)  # on arrival at a player's screen (later taps on it are not new screens)
        rnd = round_number(page)
        seen_rounds.add(rnd)
        if rnd >= 4:
            break
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
        action = visible(page, ".dg-opts button[data-tap*='\"do\"']")
        if target is not None and (step % 2 == 0 or action is None):  # a 7's steps: on the board only
            board_taps += 1
            shot(page, "target", taken)
            if action is None and not keyboard_steps:  # a 7's field reached and tapped from the keyboard
                before = page.locator(".dg-seven span").first.inner_text() if page.locator(".dg-seven").count() else ""
                target.first.focus()
                page.keyboard.press("Enter")
                page.wait_for_function(
                    "(b) => (document.querySelector('.dg-seven span') || {}).textContent !== b", arg=before
                )
                keyboard_steps += 1
                continue
            target.first.click()
            continue
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
    assert gives >= 12  # 4 gifts per round, each made at its tap behind its curtain
    assert curtains >= 20 and plays >= 10 and board_taps >= 1
    assert received_notes >= 1
    # the secrets check ran on every curtain and on every arrival at a player's own screen
    assert checker.counts["curtain"] == curtains and checker.counts["turn"] >= curtains
    assert checker.counts["tap"] >= 10  # and screens after a tap (a card or a figure selected)
    print(
        f"secrets checked: {checker.counts} in {checker.seconds:.1f} s "
        f"({checker.dump_seconds:.1f} s reading the page); "
        f"board taps {board_taps}, of them from the keyboard {keyboard_steps}"
    )


def test_a_leak_planted_into_a_curtain_is_found(page):
    """The check can fail: another hand's card, or a secret gift, planted into a real curtain."""
    checker = SecretChecker("dog")
    start_four_humans(page, checker, {"setup"})
    # Ann gives her card for Cat (made at the tap): the next curtain hides a secret gift too
    page.locator("[data-tap*='\"show\"']").first.click()
    page.locator(".dg-hand button[data-tap*='\"give\"']").first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    assert checker.check(page)
    state = checker.last["state"]
    assert leak_report(page, checker) == {"cards": None, "tokens": None}  # the real curtain is clean
    shown = tokens(checker.last["items"], in_app=1)
    gift = "".join(v for what, values in secrets_of(state, 0) if what == "secret pick" for v in values)  # DOG-3
    assert gift, "Ann's gift is chosen and secret"
    ben = hands(state)[1]
    card = max(ben, key=lambda c: shown[c.split("/")[0]])  # a kind whose token the board already shows
    plants = [
        (
            gift,
            "a hidden element with data-card",
            "c => { const e = document.createElement('i'); e.hidden = true;"
            " e.dataset.card = c; e.dataset.planted = 'el'; document.querySelector('#app .public').append(e); }",
            True,
        ),
        (
            card,
            "a title in the board",
            "c => { const e = document.querySelector('#app .dg-board svg');"
            " e.setAttribute('title', c); e.dataset.planted = 'attr:title'; }",
            False,
        ),
        (
            card,
            "an svg text kept invisible",
            "c => { const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');"
            " t.setAttribute('opacity', '0'); t.textContent = c; t.dataset.planted = 'el';"
            " document.querySelector('#app .dg-board svg').append(t); }",
            False,
        ),
        (
            card,
            "a dialog outside #app",
            "c => { const d = document.createElement('dialog'); d.textContent = 'Ben: ' + c;"
            " d.dataset.planted = 'el'; document.body.append(d); }",
            False,
        ),
    ]
    for planted, what, js, card_element in plants:
        page.evaluate(js, planted)
        try:
            report = leak_report(page, checker)
        finally:
            page.evaluate(UNPLANT_JS)
        assert report["tokens"] is not None and "LEAK" in report["tokens"], what
        who = "seat 0's secret pick" if planted == gift else "seat 1's hand holds"
        assert who in report["tokens"], (what, report)
        assert (report["cards"] is not None) == card_element, (what, report)
    assert leak_report(page, checker) == {"cards": None, "tokens": None}  # all plants removed


def near_end_save() -> str:
    """A session save: Ann (seat 0) has all figures home, Cat (seat 2) has three home and one 3
    fields from the goal; Ann holds a 3 and a 5 and is on turn."""
    figures = [[64, 65, 66, 67], [20, -1, -1, -1], [30, 73, 74, 75], [50, -1, -1, -1]]
    hands = [["3", "5"], ["2", "8"], ["9", "10"], ["12", "13"]]
    return saved_session("dog", dog_play_state(figures, hands, 3), NAMES)


def test_saved_near_end_position_played_to_a_team_win(page):
    preset_storage(page, {"hotseat.save": near_end_save()})
    page.goto("./")
    wait_ready(page)
    checker = SecretChecker("dog")
    checker.baseline(page)
    taken: set[str] = set()
    page.locator("[data-tap*='\"resume\"']").first.click()
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    assert checker.check(page)
    page.locator("[data-tap*='\"show\"']").first.click()
    page.wait_for_selector(".dg-hand", timeout=10_000)
    assert checker.check(page)
    assert "Ann, play a card" in page.locator(".bar .status").inner_text()
    assert "moves Cat" in page.locator(".dg-player.me").inner_text()  # DOG-10: Ann moves Cat's figures
    shot(page, "near-end", taken)
    page.locator(".dg-hand button[data-card='3']").click()
    # the only figure: Cat's, 2 fields before its start field 32; a choice: on to 33 or into goal 72
    fig = page.locator(".dg-board [data-fig='8']")
    assert fig.count() == 1 and page.locator(".dg-board [data-fig]").count() == 1
    shot(page, "near-end-card", taken)
    assert checker.check(page)  # a card selected
    fig.click()
    page.wait_for_selector(".dg-board g[data-target='72']", timeout=10_000)
    assert checker.check(page)  # and a figure
    assert page.locator(".dg-board g[data-target]").count() == 2
    assert page.locator(".dg-opts", has_text="into goal field 1").count() == 1
    shot(page, "near-end-target", taken)
    page.locator(".dg-board g[data-target='72']").click()  # the target field makes the move
    page.wait_for_selector("body[data-screen='over']", state="attached", timeout=10_000)
    assert checker.check(page)
    assert checker.counts == {"curtain": 1, "turn": 1, "summary": 0, "over": 1, "tap": 2}, checker.counts
    shot(page, "over", taken)
    headline = page.locator(".game-over h1").inner_text()
    assert "Ann" in headline and "Cat" in headline
    assert page.locator(".standings li.winner").count() == 2
    assert "8/8" in page.locator(".game-over .dg-teams").inner_text()


def test_one_human_and_three_bots_play_rounds_without_a_curtain(page):
    """In Dog with one human and three bots the curtain never appears; bots play visibly."""
    fast_pace(page)  # the bots' visible turns at a tenth of the app's pace: the screens are the same
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_DOG, timeout=10_000)
    page.locator(NEW_DOG).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    page.locator("[data-tap*='\"count\"'][data-tap*='\"delta\":1']").first.click()  # 3 -> 4 players
    for seat, kind in ((1, "bot:normal"), (2, "bot:easy"), (3, "bot:normal")):
        pick_seat_kind(page, seat, kind)
    assert seat_kinds(page) == ["Human", "Bot normal", "Bot easy", "Bot normal"]
    page.evaluate("""() => {
        window.__screens = [];
        new MutationObserver(() => window.__screens.push(document.body.getAttribute('data-screen')))
            .observe(document.body, {attributes: true, attributeFilter: ['data-screen']});
    }""")
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)
    human_moves = 0
    for _step in range(2000):
        kind = screen(page)
        if kind == "over":
            break
        if kind == "bot":
            page.wait_for_timeout(100)
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        if round_number(page) >= 3 and human_moves >= 5:
            break  # a hand without a start card folds at once: some deals need a third round
        for selector in (
            ".dg-hand button[data-tap*='\"give\"']",
            ".dg-opts button[data-tap*='\"do\"']",
            ".dg-board g[data-target]",
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
    assert [s["kind"] for s in json.loads(page.evaluate("localStorage.getItem('hotseat.game.dog')"))["seats"]] == [
        "human",
        "bot:normal",
        "bot:easy",
        "bot:normal",
    ]
