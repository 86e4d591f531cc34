"""Offline, every screen of every game: no module the app imports is missing from the site.

The site ships Pyodide's standard library cut to what the app's Python can import
(tools/stdlib_cut.py), its start-up modules as bytecode and the rest as source
(tools/build_site.py). This walks, in one page with the network off after the first visit, the
home screen, each game's setup (a bot seat: its bot module), the game's screen, its rules and its
story, the players and settings screens (in another language: its catalogue), the backup, and
phone pairing from both sides (the host's invite, the phone's Join screen): an ImportError
anywhere (the console, an uncaught error) fails, as does a screen that does not come.
"""

from __future__ import annotations

import re

from conftest import pick_seat_kind, reaches_server, screen, wait_controlled, wait_ready, wait_screen

import pycore

MISSING = re.compile(r"ImportError|ModuleNotFoundError|No module named")


def tap_sel(**fields: str) -> str:
    """A selector for the element whose ``data-tap`` JSON holds every ``fields`` pair."""
    return "".join(f"""[data-tap*='"{k}":"{v}"']""" for k, v in fields.items())


def click(page, **fields: str) -> None:
    page.locator(tap_sel(**fields)).first.click()


def tap_where_it_is(page, **fields: str) -> None:
    """Tap a button of a folded part of the screen where it is (as conftest.skip_reveal does)."""
    page.evaluate("sel => document.querySelector(sel).click()", tap_sel(**fields))


def home(page) -> None:
    """Back to the home screen as a player does: the phone's Back (it closes what is open first)."""
    for _ in range(6):
        if screen(page) == "home":
            return
        page.go_back(wait_until="commit")
        page.wait_for_timeout(300)
    wait_screen(page, "home")


def test_every_screen_offline_finds_every_module(persistent_context, live_site):
    problems: list[str] = []
    page = persistent_context.new_page()
    seen: list[str] = []  # every console line, printed if the walk fails
    page.on("console", lambda m: seen.append(f"{m.type}: {m.text[:300]}"))
    page.on("console", lambda m: MISSING.search(m.text) and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))
    page.on("pageerror", lambda e: seen.append(f"uncaught: {str(e)[-600:]}"))
    step = "first visit"
    try:
        page.goto("./")
        wait_ready(page)
        wait_controlled(page)
        made = page.evaluate("async () => { const s = hotseatSnapshot; await s.done; return s.status; }")
        assert made == "stored"
        assert reaches_server(page), "the probe must find the server while it runs"
        live_site.stop()
        persistent_context.set_offline(True)
        step = "offline start"
        page.reload()
        wait_ready(page)
        assert not reaches_server(page), "the server still answers: this walk is not offline"
        assert page.evaluate("hotseatSnapshot.status") == "restored"
        page.evaluate("window.hotseatPace = 0.05")

        games = list(pycore.GAMES)
        for game in games:
            step = game
            click(page, shell="new", game=game)
            wait_screen(page, "setup")
            bots = page.locator("""[data-tap*='"shell":"kind"'][data-tap*='"kind":"bot:']""")
            if bots.count():  # a bot seat: the game's bot module (a game without bots has none)
                bots.first.click()
            click(page, shell="start")
            page.wait_for_function("!['home', 'setup'].includes(document.body.dataset.screen)")
            shown = page.locator(tap_sel(shell="show"))
            if shown.count():
                shown.first.click()
            page.locator("header " + tap_sel(shell="rules")).first.click()
            page.wait_for_selector(".overlay .rules")
            click(page, shell="close")
            story = page.locator(tap_sel(shell="story", do="open"))
            if story.count():
                story.first.click()
                page.wait_for_timeout(200)
            home(page)

        step = "phone pairing"
        # the host's side of phone pairing: a seat for a phone, then its invite (the QR code)
        click(page, shell="new", game=games[0])
        click(page, shell="replace")  # "Replace the saved game?" (the walk above saved one)
        wait_screen(page, "setup")
        pick_seat_kind(page, 1, "guest")
        click(page, shell="start")
        page.wait_for_selector(".net-strip", timeout=20_000)
        click(page, shell="net", do="invite")
        page.wait_for_selector("[data-net-code]", timeout=30_000)
        home(page)
        # the phone's side: Join (in a folded part of the home screen)
        tap_where_it_is(page, shell="net", do="join")
        wait_screen(page, "guest-join")
        home(page)

        step = "players, backup, settings"
        click(page, shell="players")
        page.wait_for_function("document.body.dataset.screen !== 'home'")
        home(page)
        click(page, shell="settings")
        page.wait_for_selector(".set-backup")
        tap_where_it_is(page, shell="backup")
        page.wait_for_timeout(300)
        click(page, shell="setting", name="language", value="de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        click(page, shell="close")
        click(page, shell="new", game=games[-1])
        page.wait_for_timeout(300)
        assert page.locator("body").inner_text().strip()
        step = "done"
    finally:
        if step != "done":
            print(f"the walk stopped at: {step}; screen {screen(page)!r}; console:", *seen[-40:], sep="\n")
        persistent_context.set_offline(False)
        live_site.start()
    assert problems == []
