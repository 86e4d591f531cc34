"""Bad Bunnies through the real UI: three humans pass one phone and play to a low target.

At every curtain no hand card is in the DOM (the curtain shows only the public table). Screens are
saved at 390x844 into /tmp/hs/shots/bb-*.png for a human to look at.
"""

from __future__ import annotations

from pathlib import Path

from conftest import wait_ready

SHOTS = Path("/tmp/hs/shots/bad_bunnies")  # a folder of its own: other suites clean /tmp/hs/shots
NEW_BAD_BUNNIES = "[data-tap*='bad_bunnies'][data-tap*='\"new\"']"
NAMES = ["Ann", "Ben", "Cat"]
TARGET = 22  # above 3 × 7 = 21, the most one round can give, so there are at least two rounds


def shot(page, name: str, taken: set[str]) -> None:
    if name in taken:
        return
    taken.add(name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"bb-{name}.png"))


def screen(page) -> str:
    return page.evaluate("document.body.getAttribute('data-screen') || ''")


def tap(page, selector: str) -> None:
    page.locator(selector).first.click()


def test_three_humans_play_to_a_low_target(page):
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_BAD_BUNNIES, timeout=10_000)
    taken: set[str] = set()
    tap(page, NEW_BAD_BUNNIES)
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    page.fill("[data-field='opt-target_score']", str(TARGET))
    shot(page, "setup", taken)
    tap(page, "[data-tap*='\"start\"']")
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)

    curtains = 0
    turns = 0
    summaries = 0
    choices = 0
    passes_confirmed = 0
    for _ in range(1500):
        kind = screen(page)
        if kind == "over":
            break
        if kind == "curtain":
            curtains += 1
            # nothing private behind the curtain: no hand, no tappable card, no keep/redraw
            assert page.locator(".bb-hand").count() == 0
            assert page.locator("[data-tap*='\"card\"']").count() == 0
            assert page.locator("[data-tap*='\"choose\"']").count() == 0
            assert page.locator(".bb-rule, .bb-note").count() >= 1  # the public table is there
            shot(page, "curtain", taken)
            if page.locator(".bb-moves li").count() >= 4:
                shot(page, "curtain-mid-round", taken)
            if page.locator(".bb-players .sub", has_text="choosing").count():
                shot(page, "curtain-choose", taken)
            tap(page, "[data-tap*='\"show\"']")
            continue
        if kind == "summary":
            summaries += 1
            assert page.locator(".bb-summary").count() == 1
            assert "points" in page.locator(".bb-summary").inner_text()
            shot(page, "summary", taken)
            tap(page, "[data-tap*='\"continue\"']")
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        turns += 1
        if page.locator(".pendingbar").count():
            shot(page, "choose-pending", taken)
            tap(page, "[data-tap*='\"confirm\"']")
            continue
        if page.locator("[data-tap*='\"choose\"']").count():
            choices += 1
            shot(page, "choose", taken)
            # alternate keep and redraw so both paths run
            which = "keep" if choices % 2 else "redraw"
            tap(page, f"[data-tap*='\"choose\"'][data-tap*='{which}']")
            continue
        if page.locator("[data-tap*='\"yes\"']").count():  # pass confirmation open
            shot(page, "pass-confirm", taken)
            passes_confirmed += 1
            tap(page, "[data-tap*='\"yes\"']")
            continue
        if page.locator(".bb-say [data-tap*='\"play\"']").count():
            shot(page, "say", taken)
            tap(page, ".bb-say [data-tap*='\"play\"']")
            continue
        playable = page.locator(".bb-hand button.bb-card")
        shot(page, "turn", taken)
        if page.locator(".bb-card.top.double").count():
            shot(page, "double", taken)
        # mostly play; every 9th turn with a playable card try to pass (asks for confirmation)
        if playable.count() and (turns % 9 or page.locator("[data-tap*='\"pass\"']").count() == 0):
            playable.first.click()
            assert page.locator(".bb-say").count() == 1
        else:
            tap(page, "[data-tap*='\"pass\"']")
    assert screen(page) == "over", "the game did not end"
    shot(page, "over", taken)
    headline = page.locator(".game-over h1").inner_text()
    assert any(f"{n} wins" in headline for n in NAMES)
    assert curtains >= 10 and summaries >= 1 and choices >= 2
    assert page.locator(".standings li.winner").count() == 1

    # the rules overlay opens from the header
    tap(page, "[data-tap*='\"rules\"']")
    page.wait_for_selector(".overlay .rules", timeout=10_000)
    page.wait_for_function("document.querySelector('.overlay .rules').innerText.includes('joker')", timeout=10_000)
    shot(page, "rules", taken)
    assert "joker" in page.locator(".overlay .rules").inner_text().lower()
