"""Phones of different engines at one table: a Firefox ESR phone joins a 6 nimmt! game hosted in
Chromium, over the app's WebRTC data channel with no ICE server (host candidates only), the codes
passed as text through "Type or paste the code" on both sides (no camera in either headless
browser). The round is played to its end with moves on both phones; every message the Firefox
phone received is checked by :mod:`net_check` against the host's save (its own view, the
engine's events, no card of the other hand), and both phones show the same standings.
"""

from __future__ import annotations

import time

from conftest import pick_seat_kind, seat_kinds, wait_ready
from drivers import open_engine
from net_check import WIRE_JS, check_received, host_views, wire
from test_lanes import SHOTS, no_trouble
from test_net_game import STEP_JS, code_on, net_tap, paste

NEW_SIX = "[data-tap*='six_nimmt'][data-tap*='\"new\"']"
GUEST_SEAT = 1
SETTLED = (
    "document.body.dataset.screen.startsWith('guest-') && "
    "!['guest-join', 'guest-answer', 'guest-answering', 'guest-waiting'].includes(document.body.dataset.screen)"
)
STEP_ARGS = [["skip", "continue"], ["[data-tap*='\"pick\"']", "[data-tap*='\"row\"']", "button.row"]]


def host_two_player_game(host) -> None:
    """Home -> 6 nimmt! for two, the second seat on its own phone, one round -> Start."""
    host.locator(NEW_SIX).first.click()
    host.wait_for_selector("body[data-screen='setup']", state="attached")
    while int(host.locator(".stepper output").inner_text()) > 2:
        host.locator("[data-tap*='\"delta\":-1,']").click()
    host.locator("[data-field='name-0']").fill("Hana")
    host.locator("[data-field='name-1']").fill("Finn")
    pick_seat_kind(host, GUEST_SEAT, "guest")
    assert seat_kinds(host)[GUEST_SEAT] == "Own phone"
    host.locator("[data-field='opt-rounds']").fill("1")
    host.locator("[data-tap*='\"start\"']").first.click()
    host.wait_for_selector(".net-strip", timeout=20_000)


def open_code_field(guest, timeout: float = 60) -> None:
    """Open "Cannot scan? Type or paste the code" on the Join screen unless the app opened it
    (it does once the camera fails). The camera's answer can come at any moment and move the page
    (its picture gives way to a line of text), so the field is opened by the element's own click,
    not a click at coordinates found a moment earlier, which could land on "Home"; and checked
    again until it stays open."""
    deadline = time.monotonic() + timeout
    while not guest.count(".net-paste[open] [data-field='net-code']"):
        assert guest.screen() == "guest-join", f"the Join screen left: {guest.screen_or_error()!r}"
        assert time.monotonic() < deadline, f"the code field did not open within {timeout:.0f} s"
        guest.call(
            "const d = document.querySelector('.net-paste'); if (d && !d.open) d.querySelector('summary').click();"
            " return null;"
        )
        time.sleep(0.2)  # polling: a redraw may follow the click


def test_a_firefox_phone_joins_a_chromium_host_and_both_play(browser, live_site, tmp_path, request_log):
    context = browser.new_context(
        base_url=live_site.url, viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True
    )
    request_log.attach(context)
    context.add_init_script(script=WIRE_JS)
    wire_js = tmp_path / "wire.js"
    wire_js.write_text(WIRE_JS)
    guest = open_engine("firefox", tmp_path / "firefox", SHOTS, init_scripts=(wire_js,))
    try:
        host = context.new_page()
        host.goto("./")
        guest.goto(live_site.url)
        wait_ready(host)
        guest.wait_ready()
        host_two_player_game(host)

        t0 = time.perf_counter()
        net_tap(host, "invite", seat=GUEST_SEAT)
        offer = code_on(host)
        guest.tap('[data-tap=\'{"do":"join","shell":"net"}\']')
        guest.wait("document.body.dataset.screen === 'guest-join'", "the Join screen")
        guest.wait("!!document.querySelector('.net-paste summary')", "Cannot scan? on the Join screen")
        open_code_field(guest)
        guest.fill("[data-field='net-code']", offer)
        guest.tap('[data-tap=\'{"do":"offer","shell":"net"}\']')
        answer = guest.wait(
            "(document.querySelector('[data-net-code]') || {getAttribute: () => null}).getAttribute('data-net-code')",
            "the Firefox phone's answer code",
            timeout=60,
        )
        net_tap(host, "scan_answer")
        paste(host, answer, "answer")
        # generous: under a loaded CI (two suites beside this lane) a pairing once took over 30 s
        guest.wait(SETTLED, "the Firefox phone seated", timeout=60)
        host.wait_for_selector(f".net-seat.on[data-seat='{GUEST_SEAT}']", state="attached", timeout=60_000)
        paired = time.perf_counter() - t0
        assert len(offer) < 600 and len(answer) < 600, (len(offer), len(answer))

        moves = {"host": 0, "guest": 0}
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            screens = (host.evaluate("document.body.dataset.screen"), guest.screen())
            if screens == ("over", "guest-over"):
                break
            host_did = host.evaluate(STEP_JS, STEP_ARGS)
            guest_did = guest.call(f"return ({STEP_JS})(arg);", STEP_ARGS)
            for who, did in (("host", host_did), ("guest", guest_did)):
                if did and did.startswith("{"):  # a move, not a shell button
                    moves[who] += 1
            if not host_did and not guest_did:
                time.sleep(0.15)  # polling both phones for their next screen
        else:
            raise AssertionError(f"the round did not end: screens {screens}, moves {moves}")

        assert moves["host"] >= 10 and moves["guest"] >= 10, moves
        received = [text for direction, _n, text, _s in wire(guest) if direction == "in"]
        counts = check_received("six_nimmt", GUEST_SEAT, received, host_views(wire(host)))
        assert counts["checked"] >= 10, counts
        standings = (host.locator(".standings").text_content(), guest.text(".standings"))
        assert standings[0] == standings[1] and "Finn" in standings[0], standings
        guest.shot("guest-over-390x844")
        no_trouble(guest, "the game at a Chromium host")
        print(
            f"Firefox ({guest.bridge.version}) paired to a Chromium host in {paired:.2f} s wall "
            f"(codes {len(offer)}/{len(answer)} chars); moves {moves}; messages checked {counts}"
        )
    finally:
        guest.close()
        context.close()
        request_log.detach(context)
    request_log.check()
