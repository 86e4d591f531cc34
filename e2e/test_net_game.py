"""One 6 nimmt! game across three phones, through the app's own screens: three browser contexts
on 127.0.0.1, WebRTC with no ICE servers. Each is the app installed, as on a returning player's
phone (each start restores the memory snapshot, about a sixth of a first visit's CPU): the host the
installed app of the test process, the two phones two more installed once for this module (and
e2e/test_pair_codes.py) and handed to each test with their storage cleared; in the whole game Bob's
phone is a new one instead, a first visit. The host sets seats 2 and 3 to "Own phone", shows each
phone's pairing code as text ("No camera? Show the code as text"); the guest pastes it ("Cannot
scan? Type or paste the code": the QR exchange simulated by passing the text), shows its answer as
text, the host pastes that. One pairing instead
reads the host's QR code from a screenshot with the decoder the app's camera scanner uses.

Every message each guest receives is checked by :mod:`net_check` (the card-token rules of
``secret_check.py``). A game of one round (option "Number of rounds" = 1) keeps it short;
reveals are skipped with the app's own "Skip animation" button. Before the first move, one phone
sends tampered messages that the host refuses, its saved game unchanged; in a second game a phone
closed mid-round comes back with its stored seat token and finishes with its hand.

The host's phone while phones join, leave and come back: its own hand is never readable while a
sheet about the phones is open (the topmost element at each hand card's centre is the sheet, at
every step of pairing); the phones strip and its Connect lie inside the window; Home keeps the
phones connected (each says the host stepped away) and Continue takes the table up again with no
new code. Screenshots (``build/shots``) at 390×844 and 360×640: the pairing sheet over the host's
hand, a phone while its host stepped away.
"""

from __future__ import annotations

import base64
import json
import time

import pytest
from conftest import clear_app_storage, install_app, shot, wait_ready
from net_check import WIRE_JS, check_received, host_views, wire
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import pycore

NEW_SIX = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
PLAY_TAPS = ("[data-tap*='\"pick\"']", "[data-tap*='\"take\"']", "[data-tap*='\"row\"']")
SHELL_TAPS = ("confirm", "skip", "continue")


def tap_json(page, tap: dict) -> None:
    page.locator(f"[data-tap='{json.dumps(tap, separators=(',', ':'), sort_keys=True)}']").first.click()


def net_tap(page, do: str, **more) -> None:
    tap_json(page, {"do": do, "shell": "net", **more})


def code_on(page) -> str:
    """The pairing code as a person without a camera gets it: "No camera? Show the code as text"
    opened and its text field read (it must be the code the QR code carries)."""
    page.wait_for_selector("[data-net-code]", timeout=30_000)
    in_qr = page.locator("[data-net-code]").first.get_attribute("data-net-code")
    page.locator(".net-text summary").first.click()
    text = page.locator(".net-text textarea.net-code-text").first.input_value()
    assert text == in_qr
    return text


def paste(page, code: str, do: str) -> None:
    """Type ``code`` into the screen's "Type or paste the code" field and send it. Headless
    Chromium has no camera: the app then opens that field by itself (waited for, so the redraw
    that opens it cannot wipe the text)."""
    page.wait_for_selector(".net-paste[open] [data-field='net-code']", timeout=30_000)
    page.locator("[data-field='net-code']").fill(code)
    net_tap(page, do)


#: an init script for a phone whose camera answers only when the test says so (a person who
#: opens "Cannot scan?" while the browser still asks for the camera, then refuses it):
#: ``window.__cameraAnswers(name)`` rejects the pending request with a DOMException ``name``
CAMERA_LATER_JS = """(() => {
  const media = navigator.mediaDevices;
  if (!media) return;
  let refuse = null;
  media.getUserMedia = () => new Promise((_resolve, reject) => { refuse = reject; });
  window.__cameraAnswers = (name) => { if (refuse) refuse(new DOMException("camera refused", name)); return !!refuse; };
})();"""


def new_phone(browser, base_url, request_log, camera_later=False):
    """A phone that never opened the app: a new browser context, a first visit (no service
    worker, so no precache or snapshot beside the game)."""
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        has_touch=True,
        service_workers="block",
        permissions=["clipboard-read", "clipboard-write"],
    )
    request_log.attach(context)
    return context, open_app(context, camera_later)


def open_app(context, camera_later=False):
    """A new page (tab) in ``context`` with the wire recorded (and the camera answering late with
    ``camera_later``), the app started in it."""
    page = context.new_page()
    page.add_init_script(script=WIRE_JS)
    if camera_later:
        page.add_init_script(script=CAMERA_LATER_JS)
    page.goto("./")
    wait_ready(page)
    return page


def host_game(page) -> None:
    """Home -> 6 nimmt! -> seats 2 and 3 on their own phones, one round -> Start."""
    page.locator(NEW_SIX).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    page.locator("[data-field='name-0']").fill("Hana")
    page.locator("[data-field='name-1']").fill("Ann")
    page.locator("[data-field='name-2']").fill("Bob")
    for seat in (1, 2):
        tap_json(page, {"kind": "guest", "seat": seat, "shell": "kind"})
    page.locator("[data-field='opt-rounds']").fill("1")
    page.locator("[data-tap*='\"start\"']").first.click()
    page.wait_for_selector(".net-strip", timeout=20_000)


CONNECTED_JS = (
    "document.body.dataset.screen.startsWith('guest-') && "
    "!['guest-join', 'guest-answer', 'guest-answering', 'guest-waiting']"
    ".includes(document.body.dataset.screen)"
)


def pair(host, guest, seat: int, code: str | None = None) -> int:
    """Connect ``guest`` for ``seat``: the codes' text passed by pasting. With ``code``, the host's
    sheet for the seat is already up and ``code`` is what the guest read from it. A phone that
    answered this table before connects by itself (the host rebuilds its answer): then only the
    host's code is passed. Prints the wall time from the offer to both phones seeing the seat
    connected (a figure, not asserted). Returns the scans it took (1 or 2)."""
    t0 = time.perf_counter()
    if code is None:
        net_tap(host, "invite", seat=seat)
        code = code_on(host)
    rebuilt = host.locator("[data-tap*='\"plain\"']").count() > 0  # "Not connecting? ..."
    if guest.locator("body[data-screen='home']").count():
        net_tap(guest, "join")
    guest.wait_for_selector("body[data-screen='guest-join']", state="attached")
    paste(guest, code, "offer")
    scans = 1
    if rebuilt:
        try:
            guest.wait_for_function(CONNECTED_JS, timeout=10_000)
        except PlaywrightTimeout:  # the phone lost its certificate: a new code, and its answer scanned
            net_tap(host, "plain")
            code = code_on(host)
            net_tap(guest, "rescan")
            paste(guest, code, "offer")
            rebuilt, scans = False, 2
    if not rebuilt:
        answer = code_on(guest)
        net_tap(host, "scan_answer")
        paste(host, answer, "answer")
        scans += 1
    guest.wait_for_function(
        CONNECTED_JS,
        timeout=30_000,
    )
    host.wait_for_selector(f".net-seat.on[data-seat='{seat}']", state="attached", timeout=30_000)
    print(f"seat {seat} paired with {scans} scan(s) in {time.perf_counter() - t0:.2f} s (wall, pasting included)")
    return scans


#: one move on a page, in one go (a reveal redraws the screen every few hundred ms: a locator's
#: "wait until stable" would chase the buttons): the first shell button of SHELL_TAPS on screen,
#: else on the player's own turn the first card, row or "take" button; returns what it tapped
STEP_JS = """([shells, plays]) => {
  const screen = document.body.dataset.screen || '';
  for (const shell of shells) {
    const b = document.querySelector(`#app [data-tap*='"shell":"${shell}"']`);
    if (b) { b.click(); return shell; }
  }
  if (screen === 'turn' || screen === 'guest-turn') {
    for (const sel of plays) {
      const b = document.querySelector('#app ' + sel);
      if (b) { b.click(); return b.getAttribute('data-tap'); }
    }
  }
  return null;
}"""


def step(page) -> bool:
    """Make one move on ``page`` if its screen asks for one; True when it did something."""
    return page.evaluate(STEP_JS, [list(SHELL_TAPS), list(PLAY_TAPS)]) is not None


def over(page) -> bool:
    return page.evaluate("document.body.dataset.screen || ''") in ("over", "guest-over")


def play_until(pages, done, limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        moved = [step(p) for p in pages]
        if not any(moved):
            pages[0].wait_for_timeout(150)
    screens = [p.evaluate("document.body.dataset.screen") for p in pages]
    raise AssertionError(f"the game did not get there: {screens}")


def host_state(host):
    save = json.loads(host.evaluate("localStorage.getItem('hotseat.game.six_nimmt')"))
    return pycore.load_game(save["game"]).state_from_json(save["state"])


def check_wires(host, guests) -> dict:
    views = host_views(wire(host))
    counts = {}
    for seat, page in guests:
        received = [text for direction, _c, text, _s in wire(page) if direction == "in"]
        counts[seat] = check_received("six_nimmt", seat, received, views)
    return counts


#: this module's tests run in one test process (``--dist loadgroup``): its two installed phones
#: (`installed_phones`) are installed once, not once in each process
pytestmark = pytest.mark.xdist_group("net_game")


@pytest.fixture(scope="session")
def installed_phones(browser, browser_context_args, site):
    """The phones of Ann and Bob for the tests of this process: two more browser contexts, each
    with the app installed (conftest's ``install_app``: a returning player's phone, each start a
    restored snapshot), made on first use; `phones` hands them out with their storage cleared."""
    made = [install_app(browser, browser_context_args, site) for _ in range(2)]
    yield made
    for context in made:
        context.close()


@pytest.fixture
def phones(browser, base_url, request_log, installed_phones, site):
    """``phones()``: the next of the two installed phones (``(context, page)``) with the app's
    storage cleared (no saved game, no seat, no certificate: a phone that never joined a table),
    the app opened in a new page; ``phones(back=context)``: the same phone opened again after
    :func:`phone_gone`, its storage kept (with ``lost_certificate``: all but its IndexedDB, where
    the browser kept the phone's certificate); ``phones(first_visit=True)``: a phone that never opened
    the app (a new context, a cold start). At the end every page is closed and every request of
    every phone checked."""
    handed: list = []
    made: list = []

    def make(camera_later=False, first_visit=False, back=None, lost_certificate=False):
        if first_visit:
            context, page = new_phone(browser, base_url, request_log, camera_later)
            made.append(context)
            return context, page
        if back is None:
            context = installed_phones[len(handed)]
            clear_app_storage(context, site.url)
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            request_log.attach(context)
            handed.append(context)
        else:
            context = back
            if lost_certificate:
                clear_app_storage(context, site.url, "indexeddb")
        return context, open_app(context, camera_later)

    yield make
    for context in made:
        try:
            context.close()
        except Exception:
            pass
    for context in handed:
        phone_gone(context)
        context.clear_permissions()
        request_log.detach(context)
    request_log.check()


def phone_gone(context) -> None:
    """The phone is gone: every page of the app on it closed (its links with them)."""
    for page in list(context.pages):
        page.close()


@pytest.fixture
def host_phone(context):
    """``host_phone()``: the host's page in this test process's installed app (conftest's
    ``context``: a restored start, not a cold boot; its requests checked as every phone's), with
    the wire recorded and the clipboard allowed (taken back at the end: the context is shared)."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])

    def make():
        page = context.new_page()
        page.add_init_script(script=WIRE_JS)
        page.goto("./")
        wait_ready(page)
        return context, page

    yield make
    context.clear_permissions()


def test_a_whole_game_between_a_host_and_two_phones(phones, host_phone):
    _hc, host = host_phone()
    _ac, ann = phones()
    _bc, bob = phones(camera_later=True, first_visit=True)  # a phone that never opened the app
    host_game(host)
    # Ann's code is read from the host's QR code with the app's own decoder
    net_tap(host, "invite", seat=1)
    offer = code_on(host)
    net_tap(host, "copy")  # "Copy the code": to send it by message
    host.wait_for_selector(".toast.info")
    assert host.locator(".toast").inner_text() == "Code copied."
    assert host.evaluate("navigator.clipboard.readText()") == offer
    shot(host, "net_invite_sheet_text")
    png = host.locator(".net-qr svg").screenshot()
    net_tap(ann, "join")
    read = ann.evaluate(
        """async (url) => {
        const net = await import(new URL('js/net.mjs', document.baseURI).href);
        const img = new Image(); img.src = url; await img.decode();
        return [await net.decode(img), await net.decoder()];
    }""",
        "data:image/png;base64," + base64.b64encode(png).decode(),
    )
    assert read == [offer, "jsQR"]
    version = int(host.locator(".net-qr").get_attribute("data-qr-version"))
    assert version <= 10
    pair(host, ann, 1, code=read[0])
    net_tap(host, "invite", seat=2)
    bob_code = code_on(host)
    half_typed_while_the_camera_asks(bob, bob_code)
    pair(host, bob, 2, code=bob_code)
    tamper(host, ann)  # before anyone has moved: nothing may change
    play_until([host, ann, bob], lambda: over(host) and over(ann) and over(bob))
    assert "wins" in ann.locator("#app").inner_text() or "share the win" in ann.locator("#app").inner_text()
    counts = check_wires(host, [(1, ann), (2, bob)])
    assert counts[1]["checked"] >= 20 and counts[2]["checked"] >= 20, counts
    # the standings agree on every phone
    standings = [p.locator(".standings").inner_text() for p in (host, ann, bob)]
    assert standings[0] == standings[1] == standings[2]
    kept = json.loads(ann.evaluate("localStorage.getItem('hotseat.guest')"))
    assert kept["ended"] is True  # the game is over: her home screen no longer offers to rejoin it
    # Ann's phone tells the game's story as it saw it: every turn's cards, once revealed
    ann.locator("button.story-open").click()
    ann.wait_for_selector(".overlay.story")
    told = ann.locator(".overlay.story").inner_text()
    assert told.count("Cards played:") >= 10 and "while it was away" in told, told[:400]
    shot(ann, "net_guest_story")


def half_typed_while_the_camera_asks(guest, code: str) -> None:
    """On the Join screen, while the browser still asks for the camera, the person opens "Cannot
    scan?" and types half the code; then the camera is refused and the screen is drawn again (the
    camera's picture gives way to a line of text). What was typed stays, with the field open and
    the caret in it: nothing typed is lost to a redraw the person did not ask for."""
    net_tap(guest, "join")
    guest.wait_for_selector("body[data-screen='guest-join'] video[data-net-camera]", state="attached")
    assert guest.locator(".net-paste[open]").count() == 0  # the camera is still asking
    guest.locator(".net-paste summary").click()
    field = guest.locator("[data-field='net-code']")
    half = code[: len(code) // 2]
    field.fill(half)
    before = guest.locator("#app").inner_html()
    assert guest.evaluate("window.__cameraAnswers('NotAllowedError')") is True
    guest.wait_for_selector("text=The camera is not available here.")
    assert guest.locator("#app").inner_html() != before  # the screen was drawn again
    assert field.input_value() == half
    assert guest.locator(".net-paste[open] [data-field='net-code']").count() == 1
    assert guest.evaluate("document.activeElement && document.activeElement.dataset.field") == "net-code"
    assert guest.evaluate("document.activeElement.selectionStart") == len(half)


def tamper(host, ann) -> None:
    """Ann's phone sends messages no honest app sends (another seat's card and seat, a card of the
    wrong type, a duplicate key, a host's message, no JSON): the host refuses each and says so,
    its saved game unchanged, and answers each refused action on Ann's link."""
    before = host.evaluate("localStorage.getItem('hotseat.game.six_nimmt')")
    bob_card = host_state(host).observation(2)["hand"][0]
    tampered = [
        json.dumps({"v": 2, "t": "act", "n": 1, "action": {"type": "pick", "card": bob_card}}),
        json.dumps({"v": 2, "t": "act", "n": 2, "seat": 2, "action": {"type": "pick", "card": bob_card}}),
        json.dumps({"v": 2, "t": "act", "n": 3, "action": {"type": "pick", "card": True}}),
        '{"v": 2, "t": "act", "n": 4, "n": 5, "action": {"type": "pick", "card": 1}}',
        json.dumps({"v": 2, "t": "welcome", "room": "AAAAAA"}),
        "not json",
    ]
    for text in tampered:
        ann.evaluate("text => window.__hsChannels[0].send(text)", text)
    host.wait_for_selector(".toast", timeout=20_000)
    assert "A message from Ann was refused" in host.locator(".toast").inner_text()
    assert host.evaluate("localStorage.getItem('hotseat.game.six_nimmt')") == before
    # each refused action is answered on Ann's link; her app, which sent none of them, shows none
    # of those answers as its own (a rejection counts only for this phone's last action)
    ann.wait_for_function(
        "() => window.__hsWire.filter(w => w[0] === 'in' && w[2].includes('\"rejected\"')).length >= 2"
    )
    assert ann.locator(".toast").count() == 0
    assert ann.locator("#app [data-tap*='\"pick\"']").count() == 10  # her hand, still hers to play


def test_a_phone_closed_mid_round_rejoins_and_finishes(phones, host_phone):
    _hc, host = host_phone()
    ann_context, ann = phones()
    _bc, bob = phones()
    host_game(host)
    pair(host, ann, 1)
    pair(host, bob, 2)
    play_until([host, ann, bob], lambda: host_state(host).public_observation()["turn"] >= 4)
    hand = host_state(host).observation(1)["hand"]
    before = [text for d, _c, text, _s in wire(ann) if d == "in"]
    phone_gone(ann_context)  # the phone is gone mid-round
    host.wait_for_selector(".net-seat.off[data-seat='1']", state="attached", timeout=30_000)
    _ac2, ann2 = phones(back=ann_context)  # the same phone, its storage kept (its certificate too)
    offer = ann2.locator(".join").inner_text()  # its home screen offers the table it left
    assert "Rejoin 6 nimmt!" in offer and "keeps Ann's seat" in offer, offer
    ann2.locator(".join .rejoin").click()
    assert "keeps its seat" in ann2.locator("#app").inner_text()
    print(f"Ann's phone back with {pair(host, ann2, 1)} scan(s)")
    assert ann2.locator("#app [data-tap*='\"pick\"']").count() == len(hand)  # her hand is back
    play_until([host, ann2, bob], lambda: over(host) and over(ann2) and over(bob))
    views = host_views(wire(host))
    check_received("six_nimmt", 1, before, views)
    check_received("six_nimmt", 1, [t for d, _c, t, _s in wire(ann2) if d == "in"], views)
    check_received("six_nimmt", 2, [t for d, _c, t, _s in wire(bob) if d == "in"], views)


def test_the_host_reloads_with_the_phones_left_open_and_the_table_plays_on(phones, host_phone):
    """The host's page reloads mid-round while Ann's and Bob's pages stay open: the host continues
    its saved game (a new start: its views are numbered afresh), each phone rejoins its seat with
    its hand by scanning the host's new code alone (one scan: the host rebuilds its answer), takes
    in the new start's views and the game is played to its end; every message either phone
    received, before and after, keeps the secrets."""
    _hc, host = host_phone()
    _ac, ann = phones()
    _bc, bob = phones()
    host_game(host)
    pair(host, ann, 1)
    pair(host, bob, 2)
    play_until([host, ann, bob], lambda: host_state(host).public_observation()["turn"] >= 3)
    before = wire(host)
    epochs = {json.loads(t)["epoch"] for d, _c, t, _s in before if d == "out" and '"view"' in t}
    host.reload()
    wait_ready(host)
    for page in (ann, bob):  # the table is gone from under the open phones
        page.wait_for_selector("body[data-screen='guest-lost']", state="attached", timeout=30_000)
    host.locator("[data-tap*='\"resume\"'][data-tap*='six_nimmt']").first.click()
    host.wait_for_selector(".net-seat[data-seat='1']", state="attached", timeout=30_000)
    for seat, page in ((1, ann), (2, bob)):
        hand = host_state(host).observation(seat)["hand"]
        net_tap(page, "rescan")
        code = None
        if seat == 2:  # the sheet went on to Bob's phone by itself once Ann's was back: no tap
            host.wait_for_selector(".net-sheet .net-next", timeout=30_000)
            sheet = host.locator(".net-sheet").inner_text()
            assert "Ann's phone is back." in sheet and "Connect Bob's phone" in sheet, sheet
            code = code_on(host)
        assert pair(host, page, seat, code=code) == 1  # the host's new code only: it rebuilds the answer
        page.wait_for_function(
            f"document.querySelectorAll('#app [data-tap*=\\'\"pick\"\\']').length === {len(hand)} "
            "|| document.body.dataset.screen !== 'guest-turn'"
        )
    play_until([host, ann, bob], lambda: over(host) and over(ann) and over(bob))
    after = wire(host)
    later = {json.loads(t)["epoch"] for d, _c, t, _s in after if d == "out" and '"view"' in t}
    assert len(epochs) == 1 and len(later) == 1 and epochs != later, (epochs, later)
    views = host_views(before + after)
    for seat, page in ((1, ann), (2, bob)):
        counts = check_received("six_nimmt", seat, [t for d, _c, t, _s in wire(page) if d == "in"], views)
        assert counts["checked"] >= 10, counts
    standings = [p.locator(".standings").inner_text() for p in (host, ann, bob)]
    assert standings[0] == standings[1] == standings[2]


def test_a_phone_gone_mid_choice_is_played_by_a_bot_until_it_comes_back(phones, host_phone):
    """Ann's phone closes while the table waits for her pick: a few seconds later the host's strip
    offers to go on without it, the host has an easy bot play her seat (the choice outlives the
    host's reload), and when her phone rejoins it takes the seat back with her hand; when the host
    then abandons the game, her phone hears that it ended."""
    _hc, host = host_phone()
    ann_context, ann = phones()
    host.locator(NEW_SIX).first.click()
    host.wait_for_selector("body[data-screen='setup']", state="attached")
    host.locator("[data-field='name-0']").fill("Hana")
    host.locator("[data-field='name-1']").fill("Ann")
    tap_json(host, {"kind": "guest", "seat": 1, "shell": "kind"})
    tap_json(host, {"kind": "bot:easy", "seat": 2, "shell": "kind"})
    host.locator("[data-field='opt-rounds']").fill("1")
    host.locator("[data-tap*='\"start\"']").first.click()
    host.wait_for_selector(".net-strip", timeout=20_000)
    pair(host, ann, 1)
    play_until([host], lambda: 1 in host_state(host).current_players() and 0 not in host_state(host).current_players())
    phone_gone(ann_context)  # her phone is gone while the table waits for her card
    host.wait_for_selector(".net-seat.off[data-seat='1']", state="attached", timeout=30_000)
    t0 = time.perf_counter()
    host.wait_for_selector("[data-tap*='\"away\"']", timeout=30_000)
    print(f"'Go on without it' offered {time.perf_counter() - t0:.1f} s after the strip showed Ann away")
    shot(host, "net_phone_away_strip", full_page=True)
    net_tap(host, "away", seat=1)
    host.wait_for_selector(".net-sheet [data-tap*='\"stand_in\"']")
    sheet = host.locator(".net-sheet").inner_text()
    assert "Ann's phone is away" in sheet and "Ann plays on this phone" in sheet, sheet
    shot(host, "net_phone_away_sheet")
    net_tap(host, "stand_in", seat=1, kind="bot:easy")
    host.wait_for_function(
        "() => JSON.parse(localStorage.getItem('hotseat.game.six_nimmt')).seats[1].kind === 'bot:easy'"
    )
    play_until([host], lambda: host_state(host).public_observation()["turn"] >= 3)  # the bot picks for Ann
    host.reload()  # the bot keeps the seat after the host's reload
    wait_ready(host)
    host.locator("[data-tap*='\"resume\"'][data-tap*='six_nimmt']").first.click()
    host.wait_for_selector(".net-seat[data-seat='1']", state="attached", timeout=30_000)
    assert "away: Easy bot plays" in host.locator(".net-strip").inner_text()
    shot(host, "net_phone_away_bot")
    # her phone is back, its localStorage kept but not the certificate: a new code, two scans
    _ac2, ann2 = phones(back=ann_context, lost_certificate=True)
    ann2.locator(".join .rejoin").click()
    pair(host, ann2, 1)
    hand = host_state(host).observation(1)["hand"]
    ann2.wait_for_function(
        f"document.querySelectorAll('#app [data-tap*=\\'\"pick\"\\']').length === {len(hand)} "
        "|| document.body.dataset.screen !== 'guest-turn'"
    )
    assert json.loads(host.evaluate("localStorage.getItem('hotseat.game.six_nimmt')"))["seats"][1] == {
        "name": "Ann",
        "kind": "guest",
    }
    turn = host_state(host).public_observation()["turn"]
    play_until([host, ann2], lambda: host_state(host).public_observation()["turn"] > turn)  # she plays her seat
    check_received("six_nimmt", 1, [t for d, _c, t, _s in wire(ann2) if d == "in"], host_views(wire(host)))
    # the host abandons the game: her phone hears that it ended (sent before the link closes) and
    # its home screen no longer offers to rejoin it
    tap_json(host, {"shell": "settings"})
    tap_json(host, {"shell": "abandon"})
    host.wait_for_selector('.overlay [data-tap=\'{"shell":"keep"}\']', state="attached")  # the question
    tap_json(host, {"shell": "abandon"})
    ann2.wait_for_selector("body[data-screen='guest-ended']", state="attached", timeout=30_000)
    assert json.loads(ann2.evaluate("localStorage.getItem('hotseat.guest')"))["ended"] is True


#: each hand card of the host's own screen (outside any sheet) scrolled into view; the topmost
#: element at its centre must belong to the phones' sheet (its paper, not a see-through backdrop)
HAND_COVERED_JS = """() => {
  const cards = [...document.querySelectorAll('#app [data-tap*=\\'"pick"\\']')].filter(c => !c.closest('.net-sheet'));
  const bad = [];
  for (const c of cards) {
    c.scrollIntoView({block: 'center', inline: 'center'});
    const r = c.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    if (!top || !top.closest('.net-sheet .sheet')) {
      const what = top ? top.tagName + '.' + top.className : 'nothing';
      bad.push(`${c.textContent.trim()} at ${Math.round(x)},${Math.round(y)}: ${what}`);
    }
  }
  window.scrollTo(0, 0);
  return {sheet: !!document.querySelector('.net-sheet'), cards: cards.length, bad};
}"""

#: "Connect" on the host's sheet tapped, and the hand looked at in the same task: the sheet says
#: "Connecting…" until the link opens, which may be a moment later
CONNECT_AND_LOOK_JS = (
    "() => { document.querySelector('.net-sheet [data-tap*=\\'\"answer\"\\']').click(); return ("
    + HAND_COVERED_JS
    + ")(); }"
)


def hand_covered(page, step: str, looked: dict | None = None) -> None:
    looked = looked if looked is not None else page.evaluate(HAND_COVERED_JS)
    assert looked["sheet"], f"{step}: no sheet"
    assert looked["cards"] == 0 or not looked["bad"], f"{step}: the host's hand shows: {looked['bad'][:3]}"


def strip_in_window(page) -> list[str]:
    """What of the phones strip (each line with its Connect) lies outside the window, at the top of
    the screen."""
    return page.evaluate(
        """() => { window.scrollTo(0, 0); const out = [];
        for (const el of document.querySelectorAll('.net-strip .net-seat, .net-strip [data-tap*=\\'"invite"\\']')) {
          const r = el.getBoundingClientRect();
          if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
            out.push(`${el.className}: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${window.innerHeight}`);
        } return out; }"""
    )


def test_the_host_s_hand_is_covered_at_every_step_of_pairing(phones, host_phone):
    _hc, host = host_phone()
    _ac, ann = phones()
    _bc, bob = phones()
    host_game(host)
    assert host.evaluate("document.body.dataset.screen") == "turn"
    assert host.locator("#app [data-tap*='\"pick\"']").count() == 10  # Hana's hand, on screen
    shot(host, "net_strip_390x844")
    shot(host, "net_strip_390x844_full", full_page=True)
    assert strip_in_window(host) == []  # the strip and its Connect, without scrolling
    net_tap(host, "invite", seat=1)
    host.wait_for_selector(".net-sheet")
    hand_covered(host, "the sheet opens")
    host.wait_for_selector(".net-sheet .net-text summary", timeout=30_000)  # the code is made
    looks = host.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('.net-sheet .net-text summary'));
        return [s.borderTopStyle, parseFloat(s.borderTopWidth), parseFloat(s.minHeight), s.listStyleType]; }"""
    )
    assert looks[0] == "solid" and looks[1] >= 2 and looks[2] >= 44 and looks[3] == "none", looks  # a button
    offer = code_on(host)  # "No camera? Show the code as text" opened
    hand_covered(host, "the host's code as text")
    net_tap(ann, "join")
    ann.wait_for_selector(".net-paste[open] [data-field='net-code']", timeout=30_000)
    ann.locator("[data-field='net-code']").fill(offer)
    net_tap(ann, "offer")
    answer = code_on(ann)
    hand_covered(host, "the phone answers")
    net_tap(host, "scan_answer")  # "Point the camera at the code on Ann's phone"
    host.wait_for_selector(".net-sheet .net-paste[open] [data-field='net-code']", timeout=30_000)
    assert "Point the camera at the code on Ann's phone" in host.locator(".net-sheet").inner_text()
    hand_covered(host, "the camera step")
    host.wait_for_timeout(400)  # the sheet has slid in
    shot(host, "net_pairing_sheet_over_hand_390x844")
    host.locator(".net-sheet [data-field='net-code']").fill(answer)
    looked = host.evaluate(CONNECT_AND_LOOK_JS)
    hand_covered(host, "Connecting…", looked)
    ann.wait_for_function("document.body.dataset.screen === 'guest-turn'", timeout=30_000)
    host.wait_for_selector(".net-seat.on[data-seat='1']", state="attached", timeout=30_000)
    assert host.locator(".net-sheet").count() == 0
    assert host.evaluate(HAND_COVERED_JS)["cards"] == 10  # the sheet closed: the hand is back, no tap

    host.set_viewport_size({"width": 360, "height": 640})
    shot(host, "net_strip_360x640")
    assert strip_in_window(host) == []
    net_tap(host, "invite", seat=2)
    host.wait_for_selector(".net-sheet")
    hand_covered(host, "the sheet opens at 360×640")
    code_on(host)
    hand_covered(host, "the code as text at 360×640")
    host.wait_for_timeout(400)
    shot(host, "net_pairing_sheet_over_hand_360x640")
    host.emulate_media(color_scheme="light")  # "Like the phone" on a phone in light mode
    host.wait_for_timeout(100)
    hand_covered(host, "the light table")
    shot(host, "net_pairing_sheet_over_hand_360x640_light")
    host.emulate_media(color_scheme="dark")
    net_tap(host, "close_sheet")
    pair(host, bob, 2)


def asks_before_leaving(page) -> bool:
    """Whether the page's ``beforeunload`` handler asks the browser to confirm leaving."""
    return page.evaluate(
        "() => { const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); "
        "return e.defaultPrevented; }"
    )


def welcomes(page) -> int:
    return sum(1 for d, _c, text, _s in wire(page) if d == "in" and '"t":"welcome"' in text)


def test_home_and_continue_keeps_both_phones_with_no_new_code(phones, host_phone):
    _hc, host = host_phone()
    _ac, ann = phones()
    _bc, bob = phones()
    host_game(host)
    assert not asks_before_leaving(host)  # no phone connected: nothing to lose
    pair(host, ann, 1)
    pair(host, bob, 2)
    assert asks_before_leaving(host)  # leaving the page would close their links: the browser asks
    before = {page: welcomes(page) for page in (ann, bob)}
    tap_json(host, {"shell": "settings"})
    tap_json(host, {"shell": "menu"})  # Menu -> Home
    host.wait_for_selector("body[data-screen='home']", state="attached")
    assert "The phones of Ann and Bob stay connected and wait" in host.locator(".toast").inner_text()
    for page in (ann, bob):
        page.wait_for_selector("body[data-screen='guest-paused']", state="attached", timeout=30_000)
        assert "The host stepped away" in page.locator("#app").inner_text()
        assert page.locator("#app [data-tap*='\"pick\"']").count() == 0  # no hand on a screen left waiting
    shot(ann, "net_host_stepped_away_390x844")
    ann.set_viewport_size({"width": 360, "height": 640})
    shot(ann, "net_host_stepped_away_360x640")
    # whatever would close the links asks first
    host.locator("[data-tap*='bad_bunnies'][data-tap*='\"new\"']").first.click()
    dialog = host.locator(".overlay.dialog").inner_text()
    assert "Close the table of 6 nimmt!?" in dialog and "The phones of Ann and Bob" in dialog, dialog
    host.wait_for_timeout(400)
    shot(host, "net_close_table_question")
    tap_json(host, {"shell": "keep"})
    assert asks_before_leaving(host)  # at home too, while the phones wait
    host.locator("[data-tap*='\"resume\"'][data-tap*='six_nimmt']").first.click()  # Continue
    for seat in (1, 2):
        host.wait_for_selector(f".net-seat.on[data-seat='{seat}']", state="attached", timeout=30_000)
    for page in (ann, bob):
        page.wait_for_function("document.body.dataset.screen === 'guest-turn'", timeout=30_000)
        assert welcomes(page) == before[page]  # the same link: no new pairing
    assert host.locator(".net-sheet, [data-net-code]").count() == 0  # no code shown: no scan
    # the host's next move: both phones' views move on; then the game is played to its end
    seen = {page: len([1 for d, _c, t, _s in wire(page) if d == "in" and '"t":"view"' in t]) for page in (ann, bob)}
    play_until([host], lambda: 0 not in host_state(host).current_players())  # Hana picks her card
    for page in (ann, bob):
        page.wait_for_function(
            f"window.__hsWire.filter(w => w[0] === 'in' && w[2].includes('\"t\":\"view\"')).length > {seen[page]}",
            timeout=30_000,
        )
    play_until([host, ann, bob], lambda: over(host) and over(ann) and over(bob))
    views = host_views(wire(host))
    for seat, page in ((1, ann), (2, bob)):
        counts = check_received("six_nimmt", seat, [t for d, _c, t, _s in wire(page) if d == "in"], views)
        assert counts["checked"] >= 10, counts
    standings = [p.locator(".standings").inner_text() for p in (host, ann, bob)]
    assert standings[0] == standings[1] == standings[2]
