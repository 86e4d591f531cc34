"""Accessibility: axe-core (npm, node_modules/axe-core) finds no serious or critical violation on
the boot splash, the home screen and the 6 nimmt! setup screen at 390x844.

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
