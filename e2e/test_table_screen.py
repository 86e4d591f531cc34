"""The table screen: a laptop or tablet in the middle shows the table, three phones are the hands.

One page is the table screen (this test process's installed app, as a laptop at the table would
have it), first at 1280×800 and then, the same page resized, at 1920×1080; three phones are new
browser contexts (WebRTC with no ICE servers on 127.0.0.1, as in ``test_net_game.py``). The table
is set up with the switch "This screen is the table"; each phone seat's code then comes up on the
table screen by itself, one after another in seat order: the phone reads it (its text pasted:
headless browsers have no camera) and shows its answer, which the table reads (pasted into the
field the table opens by itself when it has no camera). No other tap at the table.

One test per game, fixed seeds: a one-round game of 6 nimmt! (three phones) to its game over,
and Dog (three phones and a bot) through its whole first round, from the exchange of gifts until
the second round is dealt; nobody taps the table screen but to skip a reveal. After every step the
table screen's whole document is checked by :class:`secret_check.TableChecker` (never a hand: no
card element, card tap, number or token beyond the public table; see there); its costly re-deal
renders on a sample of the screens (every screen after a reveal, the game over, every 4th screen
of 6 nimmt!, every 2nd of Dog), the rest on every screen. axe
finds nothing serious on the pairing page and on the table in either theme. Sizes measured at
1920×1080: 6 nimmt!'s card numbers at least 48 px high; Dog's board fills the window's short side.
Screenshots (``build/shots/table``): the setup with the switch and the pairing page at both sizes,
light and dark; the table at both sizes.
"""

from __future__ import annotations

import json

import pytest
import test_net_game as net
from conftest import shot, wait_ready
from secret_check import TableChecker
from test_accessibility import AXE, violations

import pycore

SIZES = ({"width": 1280, "height": 800}, {"width": 1920, "height": 1080})
NAMES = ["Ann", "Ben", "Cat", "Dov"]
SHOTS = "table"

#: a Dog phone's move, one tap at a time (``i`` rotates among the choices so a choice that leads
#: nowhere is left): a gift to the partner, a move offered, a field on the board, a figure, a
#: joker's card, else a card of the hand; the flow's own buttons first (of ``shells``)
DOG_STEP_JS = """([i, shells]) => {
  const screen = document.body.dataset.screen || '';
  for (const shell of shells) {
    const b = document.querySelector(`#app [data-tap*='"shell":"${shell}"']`);
    if (b) { b.click(); return shell; }
  }
  if (screen !== 'guest-turn') return null;
  const all = (s) => [...document.querySelectorAll('#app ' + s)];
  for (const s of [".dg-hand button[data-tap*='\\"give\\"']", ".dg-opts button[data-tap*='\\"do\\"']",
                   '.dg-board g[data-target]', ".dg-opts button[data-tap*='\\"fig\\"']:not([data-tap*='null'])",
                   ".dg-opts button[data-tap*='\\"as\\"']", '.dg-hand button.dg-card']) {
    const found = all(s);
    if (found.length) {
      const b = found[i % found.length];
      b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
      return b.getAttribute('data-tap');
    }
  }
  return null;
}"""


@pytest.fixture
def table_page(context):
    """The table screen: a page of the installed app at the first size."""
    page = context.new_page()
    page.set_viewport_size(SIZES[0])
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page.goto("./")
    wait_ready(page)
    page.add_script_tag(path=str(AXE))  # before the secrets checker's baseline of the document
    yield page
    page.close()


@pytest.fixture
def hands(browser, base_url, request_log):
    """``hands(n)``: ``n`` phones, new browser contexts as in ``test_net_game.new_phone`` (390×844,
    touch, a first visit), their apps booting side by side; closed at the end, their requests
    checked (nothing fetched from another host)."""
    made = []

    def make(n: int) -> list:
        pages = []
        for _ in range(n):
            context = browser.new_context(
                base_url=base_url,
                viewport={"width": 390, "height": 844},
                device_scale_factor=2,
                has_touch=True,
                service_workers="block",
            )
            request_log.attach(context)
            made.append(context)
            page = context.new_page()
            page.goto("./", wait_until="commit")
            pages.append(page)
        for page in pages:
            wait_ready(page)
        return pages

    yield make
    for context in made:
        context.close()
    request_log.check()


def themes(page, name: str) -> list[str]:
    """Screenshots ``name``-light/-dark at the page's size, and axe's serious findings in both."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        page.wait_for_timeout(60)
        size = page.viewport_size
        shot(page, f"{name}-{size['width']}x{size['height']}-{scheme}", SHOTS)
        found += [f"{name} {scheme}: {v['id']} {v['targets']}" for v in violations(page)]
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    return found


def set_up(table, game_id: str, seats: int, bot_seat: int | None = None, options: dict | None = None) -> list[str]:
    """Home -> the game -> "This screen is the table" -> names, a bot, options -> Start: every tap
    the table's person makes (counted) and axe's findings on the setup page."""
    taps = 0
    table.locator(f"[data-tap*='\"{game_id}\"'][data-tap*='\"new\"']").first.click()
    taps += 1
    table.wait_for_selector("body[data-screen='setup']", state="attached")
    switch = table.locator(".table-choice [role='switch']")
    assert switch.get_attribute("aria-checked") == "false"
    switch.click()
    taps += 1
    table.wait_for_selector(".table-choice [role='switch'][aria-checked='true']")
    while table.locator("[data-field^='name-']").count() < seats:
        net.tap_json(table, {"delta": 1, "shell": "count"})
        taps += 1
    for i in range(seats):
        table.locator(f"[data-field='name-{i}']").fill(NAMES[i])
    if bot_seat is not None:
        net.tap_json(table, {"kind": "bot:easy", "seat": bot_seat, "shell": "kind"})
        taps += 1
    for name, value in (options or {}).items():
        table.locator(f"[data-field='opt-{name}']").fill(value)
    table.locator(".table-choice").scroll_into_view_if_needed()
    table.evaluate("window.scrollTo(0, 0)")
    found = themes(table, f"{game_id}-setup")
    table.locator("[data-tap*='\"start\"']").first.click()
    taps += 1
    print(f"{game_id}: {taps} taps at the table to set it up")
    return found


def join_phones(table, phones: list, checker: TableChecker, first_shots: str | None) -> tuple[list[str], int]:
    """Each phone joins from the table screen, in seat order; returns axe's findings on the
    pairing page and the taps the phones made."""
    found: list[str] = []
    phone_taps = 0
    for seat, phone in enumerate(phones):
        table.wait_for_selector(f".table-join:has(h2:text('{NAMES[seat]}')) [data-net-code]", timeout=30_000)
        if seat == 0 and first_shots:
            for size in SIZES:
                table.set_viewport_size(size)
                found += themes(table, first_shots)
            table.set_viewport_size(SIZES[0])
        checker.check(table)
        code = table.locator(".table-join [data-net-code]").first.get_attribute("data-net-code")
        net.net_tap(phone, "join")
        phone_taps += 1
        net.paste(phone, code, "offer")  # the phone's camera reads the table's code
        answer = net.code_on(phone)
        net.paste(table, answer, "answer")  # held up to the table's camera
        phone.wait_for_function(net.CONNECTED_JS, timeout=30_000)
    table.wait_for_selector(".table-join", state="detached", timeout=30_000)
    return found, phone_taps


def play(table, phones: list, checker: TableChecker, stepper, done, limit: int = 900, table_stepper=None) -> int:
    """Every page does what its screen asks (the table screen: ``table_stepper``, default
    ``stepper``), the table screen checked after every step; returns the steps made."""
    steps = 0
    for i in range(limit):
        if done():
            return steps
        moved = False
        for page in [table, *phones]:
            if (table_stepper or stepper if page is table else stepper)(page, i):
                steps += 1
                moved = True
                checker.check(table)
        if not moved:
            table.wait_for_timeout(120)
    raise AssertionError(f"the game did not get there: {table.evaluate('document.body.dataset.screen')}")


def saved_state(table, game_id: str):
    save = json.loads(table.evaluate(f"localStorage.getItem('hotseat.game.{game_id}')"))
    return pycore.load_game(game_id).state_from_json(save["state"])


def six_step(page, _i: int) -> bool:
    return net.step(page)


def dog_step(page, i: int) -> bool:
    return page.evaluate(DOG_STEP_JS, [i, ["confirm", "continue", "skip"]]) is not None


def dog_table_step(page, i: int) -> bool:
    """The table screen: nobody taps it but to skip a reveal (never Next round)."""
    return page.evaluate(DOG_STEP_JS, [i, ["skip"]]) is not None


def heights(table, selector: str) -> list[float]:
    return table.evaluate(f"[...document.querySelectorAll({selector!r})].map(e => e.getBoundingClientRect().height)")


def board_fills(table, sizes: list[str]) -> None:
    """Dog's board fills the window's short side (at least 80% of it; the rest is the header)."""
    view = table.viewport_size
    box = table.locator("#app .screen .dg-board svg").first.bounding_box()
    short = min(view["width"], view["height"])
    side = 0 if box is None else min(box["width"], box["height"])
    if side < 0.8 * short:
        sizes.append(
            f"Dog's board {side:.0f} px on a {view['width']}×{view['height']} screen (at least {0.8 * short:.0f})"
        )


def test_six_nimmt_on_a_table_screen_with_three_phones(table_page, hands):
    table = table_page
    checker = TableChecker("six_nimmt", every=4)
    checker.baseline(table)
    found = set_up(table, "six_nimmt", 3, options={"rounds": "1"})
    phones = hands(3)
    more, phone_taps = join_phones(table, phones, checker, "six_nimmt-pairing")
    found += more
    assert phone_taps == 3  # one tap a phone: "Join a table"
    found += themes(table, "six_nimmt-table")
    sized = False
    sizes: list[str] = []

    def done() -> bool:
        nonlocal sized
        if not sized and saved_state(table, "six_nimmt").public_observation()["turn"] >= 3:
            sized = True
            table.set_viewport_size(SIZES[1])  # the same page on a 1920×1080 screen
            table.wait_for_timeout(100)
            shot(table, "six_nimmt-table-1920x1080", SHOTS)
            numbers = heights(table, "#app .screen .card .num")
            if not numbers or min(numbers) < 48:  # asserted at the end: the game is played out first
                sizes.append(f"card numbers {min(numbers or [0]):.0f} px high at 1920×1080 (at least 48)")
        return net.over(table) and all(net.over(p) for p in phones)

    steps = play(table, phones, checker, six_step, done)
    assert sized
    found += themes(table, "six_nimmt-over")
    assert found == [], found
    assert checker.counts["tokens"] >= 10 and checker.counts["numbers"] >= 100, checker.counts
    print(f"6 nimmt! on a table screen: {steps} steps, checks {checker.counts} in {checker.seconds:.1f} s")
    assert sizes == [], sizes


def test_dog_on_a_table_screen_with_three_phones_and_a_bot(table_page, hands):
    table = table_page
    checker = TableChecker("dog", every=2)
    checker.baseline(table)
    found = set_up(table, "dog", 4, bot_seat=3)
    phones = hands(3)
    more, phone_taps = join_phones(table, phones, checker, None)
    found += more
    assert phone_taps == 3
    found += themes(table, "dog-table")
    sizes: list[str] = []
    board_fills(table, sizes)
    resized = False

    def done() -> bool:
        nonlocal resized
        obs = saved_state(table, "dog").public_observation()
        played = 24 - sum(obs["hand_sizes"]) if obs["phase"] != "give" and obs["round"] == 1 else 0
        if not resized and played >= 8:  # two cards played from each hand: the same page at 1920×1080
            resized = True
            table.set_viewport_size(SIZES[1])
            table.wait_for_timeout(100)
            shot(table, "dog-table-1920x1080", SHOTS)
            board_fills(table, sizes)
        return obs["round"] >= 2

    steps = play(table, phones, checker, dog_step, done, table_stepper=dog_table_step)
    assert resized
    assert found == [], found
    assert checker.counts["tokens"] >= 8, checker.counts
    print(f"Dog on a table screen: {steps} steps, checks {checker.counts} in {checker.seconds:.1f} s")
    assert sizes == [], sizes
