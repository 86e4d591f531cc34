"""Bad Bunnies through the real UI: three humans pass one phone and play to a low target.

The screen keeps secrets: at every curtain, round summary and game over, and on every
player's own screen (on arrival and after each selection), e2e/secret_check.py searches the whole
document (text, attributes, hidden elements, data-*, outside #app too) and counts every card token
and keep/redraw word against what that screen may show (the public table at a curtain, plus the
own hand and choice on a player's screen); planted leaks prove the check can fail.
Screens are saved at 390x844 into build/shots/bad_bunnies/ for a human to look at.
"""

from __future__ import annotations

import json

from conftest import SHOTS_DIR, preset_storage, wait_ready
from secret_check import UNPLANT_JS, SecretChecker, hands, leak_report, tokens  # puts the repo root on sys.path

import pycore  # noqa: E402
from pycore.rng import Rng  # noqa: E402

SHOTS = SHOTS_DIR / "bad_bunnies"  # a folder of its own: other suites clean build/shots
NEW_BAD_BUNNIES = "[data-tap*='bad_bunnies'][data-tap*='\"new\"']"
NAMES = ["Ann", "Ben", "Cat"]
TARGET = 22  # above 3 × 7 = 21, the most one round can give, so there are at least two rounds


#: the curtain of the player whose move was taken back (no "Undo my move" on it)
MOVERS_CURTAIN = "document.body.dataset.screen === 'curtain' && !document.querySelector(`[data-tap*='\"take_back\"']`)"


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


def start(page, checker: SecretChecker, taken: set[str], target: int = TARGET) -> None:
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_BAD_BUNNIES, timeout=10_000)
    checker.baseline(page)  # the document outside #app before any card is dealt
    tap(page, NEW_BAD_BUNNIES)
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    page.fill("[data-field='opt-target_score']", str(target))
    shot(page, "setup", taken)
    tap(page, "[data-tap*='\"start\"']")
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)


def test_three_humans_play_to_a_low_target(page):
    taken: set[str] = set()
    checker = SecretChecker("bad_bunnies")
    start(page, checker, taken)

    curtains = 0
    turns = 0
    summaries = 0
    choices = 0
    passes_confirmed = 0
    taken_back = 0
    for _ in range(1500):
        kind = screen(page)
        if kind == "over":
            break
        if kind == "curtain":
            curtains += 1
            assert checker.check(page), "every curtain is a new screen to check"
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
            undo = page.locator("[data-tap*='\"take_back\"']")
            if undo.count() and curtains % 7 == 3:  # "Undo my move" on the hand-off, now and then
                shot(page, "curtain-undo", taken)
                undo.click()  # the move taken back: the mover's own curtain comes first
                page.wait_for_function(MOVERS_CURTAIN, timeout=10_000)
                assert page.locator("[data-tap*='\"card\"']").count() == 0
                taken_back += 1
                continue
            tap(page, "[data-tap*='\"show\"']")
            continue
        if kind == "summary":
            summaries += 1
            assert checker.check(page), "the round summary is for the whole table: nothing hidden on it"
            assert page.locator(".bb-summary").count() == 1
            assert "points" in page.locator(".bb-summary").inner_text()
            shot(page, "summary", taken)
            tap(page, "[data-tap*='\"continue\"']")
            continue
        assert kind == "turn", f"unexpected screen {kind!r}"
        turns += 1
        checker.check(page)  # on arrival at a player's screen (later taps on it are not new screens)
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
    assert checker.check(page), "the game over screen is for the whole table: nothing hidden on it"
    shot(page, "over", taken)
    headline = page.locator(".game-over h1").inner_text()
    assert any(f"{n} wins" in headline for n in NAMES)
    assert curtains >= 10 and summaries >= 1 and choices >= 2 and taken_back >= 1
    # the secrets check ran on every curtain and on every arrival at a player's own screen
    assert checker.counts["curtain"] == curtains and checker.counts["summary"] == summaries
    assert checker.counts["over"] == 1
    assert checker.counts["turn"] >= curtains - taken_back and checker.counts["tap"] >= 10  # and screens after a tap
    print(
        f"secrets checked: {checker.counts} in {checker.seconds:.1f} s ({checker.dump_seconds:.1f} s reading the page)"
    )
    assert page.locator(".standings li.winner").count() == 1

    # the rules overlay opens from the header
    tap(page, "[data-tap*='\"rules\"']")
    page.wait_for_selector(".overlay .rules", timeout=10_000)
    page.wait_for_function("document.querySelector('.overlay .rules').innerText.includes('joker')", timeout=10_000)
    shot(page, "rules", taken)
    assert "joker" in page.locator(".overlay .rules").inner_text().lower()


def test_a_leak_planted_into_a_curtain_is_found(page):
    """The check can fail: a card of another hand planted into a real curtain's DOM is reported."""
    checker = SecretChecker("bad_bunnies")
    taken: set[str] = {"setup"}
    start(page, checker, taken)
    tap(page, "[data-tap*='\"show\"']")  # Ann lays a card: the next curtain has a table to count
    page.locator(".bb-hand button.bb-card").first.click()
    tap(page, ".bb-say [data-tap*='\"play\"']")  # the named tap makes the move
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    assert checker.check(page)
    state = checker.last["state"]
    report = leak_report(page, checker)
    assert report == {"cards": None, "tokens": None}, report  # the real curtain is clean
    live = checker.last["items"]
    # a hidden card whose number the curtain already shows (a count, a score, the pile…): only
    # counting can tell the extra one
    shown = tokens(live, in_app=1)
    ben = hands(state)[1]
    card = max(ben, key=lambda c: shown[c])
    assert shown[card] >= 1, (card, dict(shown))
    plants = {
        "a hidden element with data-card": (
            "c => { const e = document.createElement('i'); e.hidden = true; e.dataset.card = c;"
            " e.dataset.planted = 'el'; document.querySelector('#app .public').append(e); }",
            True,
        ),
        "an aria-label in the public table": (
            "c => { const e = document.querySelector('#app .public .bb-info');"
            " e.setAttribute('aria-label', 'Ben holds ' + c); e.dataset.planted = 'attr:aria-label'; }",
            False,
        ),
        "a display:none text": (
            "c => { const e = document.createElement('span'); e.style.display = 'none'; e.textContent = c;"
            " e.dataset.planted = 'el'; document.querySelector('#app .bb-players').append(e); }",
            False,
        ),
        "a body attribute outside #app": (
            "c => { document.body.setAttribute('data-hint', c); document.body.dataset.planted = 'attr:data-hint'; }",
            False,
        ),
    }
    for what, (js, card_element) in plants.items():
        page.evaluate(js, card)
        try:
            report = leak_report(page, checker)
        finally:
            page.evaluate(UNPLANT_JS)
        assert report["tokens"] is not None and "LEAK" in report["tokens"], what
        assert f"'{card}': 1" in report["tokens"] and "seat 1's hand holds" in report["tokens"], (what, report)
        assert (report["cards"] is not None) == card_element, (what, report)
    assert leak_report(page, checker) == {"cards": None, "tokens": None}  # all plants removed


def choosing_save() -> tuple[str, int, str]:
    """A saved game in the keep-or-redraw phase (BB-8) where one seat has chosen in secret and
    the others still choose: ``(session save, that seat, its choice)``."""
    game = pycore.load_game("bad_bunnies")
    for seed in range(1, 200):
        state = game.new_initial_state(3, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.public_observation()["phase"] == "choose":
                chosen = [p for p in range(3) if state.observation(p)["my_choice"]]
                if len(chosen) == 1 and len(state.current_players()) >= 1:
                    seats = [{"name": n, "kind": "human"} for n in NAMES]
                    save = json.dumps(
                        {
                            "format": "hotseat-session",
                            "version": 1,
                            "game": "bad_bunnies",
                            "seed": seed,
                            "options": {},
                            "seats": seats,
                            "state": state.to_json(),
                            "summary_due": False,
                            "events": [],
                            "bot_rng": 1,
                        }
                    )
                    return save, chosen[0], state.observation(chosen[0])["my_choice"]
            p = rng.choice(state.current_players())
            state.apply_action(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("no seed gave a half-chosen keep-or-redraw phase")


def test_a_secret_keep_or_redraw_planted_into_a_curtain_is_found(page):
    """BB-8: a seat's secret keep / redraw, planted into the next chooser's curtain, is reported."""
    save, seat, choice = choosing_save()
    preset_storage(page, {"hotseat.save": save})
    page.goto("./")
    wait_ready(page)
    checker = SecretChecker("bad_bunnies")
    checker.baseline(page)
    tap(page, "[data-tap*='\"resume\"']")
    page.wait_for_selector("body[data-screen='curtain']", state="attached", timeout=10_000)
    assert checker.check(page)  # the real curtain is clean
    assert page.locator(".bb-players .sub", has_text="has chosen").count() == 1  # only THAT is public
    word = "keep" if choice == "keep" else "new hand"
    page.evaluate(
        "w => { const e = document.createElement('span'); e.hidden = true; e.textContent = w;"
        " e.dataset.planted = 'el'; document.querySelector('#app .bb-players').append(e); }",
        f"{NAMES[seat]}: {word}",
    )
    try:
        report = leak_report(page, checker)
    finally:
        page.evaluate(UNPLANT_JS)
    assert report["tokens"] is not None and f"seat {seat}'s secret pick is {choice}" in report["tokens"], report
    assert leak_report(page, checker) == {"cards": None, "tokens": None}
    # the chooser's own screen: their own cards and choice buttons, nothing of the other choice
    tap(page, "[data-tap*='\"show\"']")
    assert checker.check(page) and page.locator("[data-tap*='\"choose\"']").count() == 2
