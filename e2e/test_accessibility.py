"""Accessibility: axe-core (npm, node_modules/axe-core) finds no serious or critical violation on
the boot splash, the home screen and the 6 nimmt! setup screen at 390x844, and every game's first
screen with the settings sheet, the rules and the story over it, in the dark and the light theme.

axe is injected from the local file (no request to any host) after the screen is drawn.
"""

from __future__ import annotations

from conftest import NEW_SIX_NIMMT, ROOT, wait_ready

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def violations(page) -> list[dict]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        targets: v.nodes.slice(0, 5).map(n => n.target.join(' '))}))"""
    )


def test_splash_home_and_setup_have_no_serious_violations(fresh_page):
    page = fresh_page  # a first visit: the boot splash stays up while Pyodide boots
    page.goto("./", wait_until="domcontentloaded")
    page.wait_for_selector("#boot", state="attached")
    splash = violations(page) if not page.evaluate("document.body.hasAttribute('data-ready')") else []
    assert splash == [], splash
    wait_ready(page)
    assert violations(page) == []
    page.locator(NEW_SIX_NIMMT).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    assert violations(page) == []


GAMES = ("six_nimmt", "bad_bunnies", "dog", "bunny_moose")
CLOSE = ".overlay [data-tap*='\"close\"']"


def _themes(page, where: str) -> list[str]:
    """axe's serious or critical findings on the current screen in the dark and the light theme."""
    found = []
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        page.wait_for_timeout(50)
        found += [f"{where} ({scheme}): {v['id']} {v['targets']}" for v in violations(page)]
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    return found


def _sheet(page, opener: str, ready: str) -> None:
    page.locator(opener).first.click()
    page.wait_for_selector(ready, timeout=10_000)


def test_every_game_screen_and_sheet_reads_in_both_themes(page):
    """Contrast >= 4.5:1 for every text (axe's color-contrast is serious) and no other serious
    finding on each game's first screen, and on the settings sheet, the rules and the game's story
    over it, with the app's theme "Like the phone" and the phone in dark and in light mode."""
    page.emulate_media(reduced_motion="reduce")  # sheets slide in: axe reads a sheet, not its fade
    page.goto("./")
    wait_ready(page)
    found: list[str] = []
    for game in GAMES:
        page.locator(f"[data-tap*='{game}'][data-tap*='\"new\"']").first.click()
        page.wait_for_selector("body[data-screen='setup']", state="attached", timeout=10_000)
        page.locator("[data-tap*='\"start\"']").first.click()
        page.wait_for_function("!['home', 'setup'].includes(document.body.getAttribute('data-screen'))", timeout=10_000)
        show = page.locator("[data-tap*='\"show\"']")
        if show.count():
            found += _themes(page, f"{game} hand-off")
            show.first.click()
            page.wait_for_function("document.body.getAttribute('data-screen') !== 'curtain'", timeout=10_000)
        found += _themes(page, f"{game} {page.evaluate('document.body.dataset.screen')}")
        if game == "six_nimmt":
            _sheet(page, "header [data-tap*='\"rules\"']", ".overlay .rules h2")
            found += _themes(page, "rules")
            page.locator(CLOSE).first.click()
            _sheet(page, "header .story-open", ".overlay.story")
            found += _themes(page, "story")
            page.locator(CLOSE).first.click()
        _sheet(page, "header [data-tap*='\"settings\"']", ".overlay.settings")
        found += _themes(page, "settings")
        page.locator(".overlay.settings [data-tap*='\"menu\"']").first.click()
        page.wait_for_selector("body[data-screen='home']", state="attached", timeout=10_000)
    assert found == [], "\n".join(found)
