"""Bunny Bunny Moose Moose through the real UI in Chromium (390x844).

App-narrator mode: the phone reveals the cards by itself at the fast tempo until the hunter, the
full-screen BAM shows, three players' poses are entered with the pickers, and the scores and trail
positions on screen are checked against the engine (CPython, same pycore) run on the app's own
save. Narrator mode: the bet and a few reveals. Screens go to build/shots/bunny_moose/.
"""

from __future__ import annotations

import json

from conftest import SHOTS_DIR, fast_pace, hold_at, release_hold, wait_ready

import pycore
from pycore.games.bunny_moose import HANDS, score_pose

SHOTS = SHOTS_DIR / "bunny_moose"  # a folder of its own: other suites clean build/shots
GAME = pycore.load_game("bunny_moose")
NEW = "[data-tap*='bunny_moose'][data-tap*='\"new\"']"
NAMES = ["Ann", "Ben", "Cat"]
#: the pose each player makes: (left hand index, right hand index, tongue) into HANDS
POSES = {
    "Ann": (1, 3, False),  # rabbit: top straight, side straight
    "Ben": (6, 7, True),  # moose: wide down, compact up, tongue out (looks like a rabbit)
    "Cat": (2, 8, False),  # bush: an ear and an antler
}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"bm-{name}.png"))


def saved_state(page):
    save = json.loads(page.evaluate("localStorage.getItem('hotseat.game.bunny_moose')"))
    return GAME.state_from_json(save["state"])


def start_game(page, options: dict[str, str]) -> None:
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW, timeout=10_000)
    page.locator(NEW).click()
    page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
    for i, name in enumerate(NAMES):
        page.fill(f"[data-field='name-{i}']", name)
    for name, value in options.items():
        page.locator(f'[data-tap*=\'"name":"{name}"\'][data-tap*=\'"value":"{value}"\']').click()
    page.locator("[data-tap*='\"start\"']").click()
    page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)


def test_app_narrator_round_hunter_poses_scores_trail(page):
    start_game(page, {"narrator": "app", "tempo": "fast"})
    page.wait_for_selector("text=Start the poem", timeout=10_000)
    shot(page, "01-app-start")
    hold_at(page, ".bm-big svg")  # the first card stays until the screenshot is taken
    page.locator('[data-tap*=\'"bm":"reveal"\']').click()
    # the app reveals by itself; catch a reveal with a big card, then the BAM
    page.wait_for_selector(".bm-big svg", timeout=10_000)
    page.wait_for_timeout(400)
    shot(page, "02-app-reveal")
    assert page.locator("[data-cue='flip']").count() == 1  # the card's sound (hotseat.cues)
    fast_pace(page)  # the reveals up to the BAM! at a tenth of the app's pace
    hold_at(page, ".bm-bam")  # the cards turn again; the BAM! stays on screen until it has been looked at
    page.wait_for_selector(".bm-bam", timeout=240_000)
    page.wait_for_timeout(350)  # its zoom-in animation
    shot(page, "03-bam")
    assert "BAM!" in page.locator(".bm-bam").inner_text()
    assert page.locator("[data-cue='bam']").count() == 1
    release_hold(page)

    state = saved_state(page)
    assert state.phase == "poses" and state.hunter is not None and state.placed >= 6
    tops = state.top_cards()

    page.wait_for_selector(".bm-pick", timeout=10_000)
    entered = []
    for k in range(3):
        page.wait_for_selector('[data-tap*=\'"bm":"pose"\']', timeout=10_000)
        note = page.locator(".bm-note").first.inner_text()
        name = next(n for n in NAMES if note.strip().startswith(n))
        left, right, tongue = POSES[name]
        if k > 0:
            assert page.evaluate("window.scrollY") == 0  # the next player's pickers start at the top
        page.locator(f'[data-tap*=\'"side":"left"\'][data-tap*=\'"i":{left}\']').click()
        page.locator(f'[data-tap*=\'"side":"right"\'][data-tap*=\'"i":{right}\']').click()
        # both hands picked: Tongue in / Tongue out are in the window (scrolled to on a small phone)
        tongue_box = page.locator(".bm-tongue").bounding_box()
        assert tongue_box["y"] >= 0 and tongue_box["y"] + tongue_box["height"] <= page.viewport_size["height"]
        if k == 0:
            shot(page, "04-pose-pickers")
        # the third tap, the tongue, enters the pose
        page.locator(f"[data-tap*='\"tongue\":{'true' if tongue else 'false'}']").click()
        entered.append(name)
        page.wait_for_function(
            f"document.querySelectorAll('.bm-players li.done').length >= {k + 1} || "
            "document.querySelector('.bm-result') !== null",
            timeout=10_000,
        )
    assert sorted(entered) == sorted(NAMES)

    page.wait_for_selector(".bm-result", timeout=10_000)
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") == 0  # a new screen starts at the top
    shot(page, "05-scores")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "bm-05-scores-full.png"), full_page=True)
    state = saved_state(page)
    assert state.phase == "scored"
    for p, name in enumerate(NAMES):
        left, right, tongue = POSES[name]
        want = score_pose({"left": HANDS[left], "right": HANDS[right], "tongue": tongue}, tops)
        assert state.results()[p]["score"] == want["score"]
        shown = page.locator(f".bm-result[data-player='{p}']").get_attribute("data-score")
        assert int(shown) == want["score"], (name, shown, want)
        # the matched cards are highlighted: one slot per match, doubled ones marked
        hits = page.locator(f".bm-result[data-player='{p}'] .bm-slot.hit").count()
        doubles = page.locator(f".bm-result[data-player='{p}'] .bm-slot.hit2").count()
        assert hits == sum(1 for m in want["matches"] if m["times"] == 1)
        assert doubles == sum(1 for m in want["matches"] if m["times"] == 2)
    bush = page.locator(".bm-result[data-player='2']").inner_text()
    assert "bush" in bush.lower()
    # the engine's expected trail: start 5, plus the score on the hands' animal; bush stays
    expected = [[5, 5], [5, 5], [5, 5]]
    for p, name in enumerate(NAMES):
        left, right, tongue = POSES[name]
        r = score_pose({"left": HANDS[left], "right": HANDS[right], "tongue": tongue}, tops)
        if r["animal"] == "rabbit":
            expected[p][0] += r["score"]
        elif r["animal"] == "moose":
            expected[p][1] += r["score"]
    assert state.figures == expected

    page.locator('[data-tap*=\'"bm":"trail"\']').click()
    page.wait_for_selector(".bm-trail", timeout=10_000)
    page.wait_for_timeout(1600)
    shot(page, "06-trail")
    for p in range(3):
        for f, animal in enumerate(("rabbit", "moose")):
            pos = page.locator(f".bm-fig[data-player='{p}'][data-figure='{animal}']").get_attribute("data-pos")
            assert int(pos) == expected[p][f]
    page.locator('[data-tap*=\'"bm":"continue"\']').click()
    page.wait_for_selector("text=Start the poem", timeout=10_000)
    state = saved_state(page)
    assert state.round == 2 and state.narrator == 1 and state.figures == expected


def test_narrator_mode_bet_and_reveals(page):
    start_game(page, {})
    page.wait_for_selector('[data-tap*=\'"bm":"bet"\']', timeout=10_000)
    shot(page, "10-bet")
    page.locator('[data-tap*=\'"bm":"bet"\'][data-tap*=\'"player":2\']').click()
    page.wait_for_selector("text=Turn the card", timeout=10_000)
    assert "Ann bet on Cat." in page.inner_text("#app")
    for _ in range(3):
        page.locator('[data-tap*=\'"bm":"reveal"\']').click()
        page.wait_for_timeout(150)
    page.wait_for_selector(".bm-big svg", timeout=10_000)
    page.wait_for_timeout(400)
    shot(page, "11-narrator-reveal")
    state = saved_state(page)
    assert state.bet == 2 and state.placed == 3
    words = page.locator(".bm-big .words").inner_text()
    assert words  # the card's request in words
    assert page.locator(".bm-row .bm-slot svg").count() == 3
