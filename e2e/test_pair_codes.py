"""Pairing codes as people pass them on, in Chromium with two and three browser contexts (WebRTC,
no ICE server): a code pasted the way messengers and notes apps hand it over (spaces, a line
break, a zero-width space, lower case) pairs; a code with one character mistyped is refused at
once with what to do; a pairing that has not connected after 20 seconds says so at the phone and
at the host's sheet and offers to try again. The screens a person sees are saved (390x844 and
360x640) in ``build/shots/pair_codes``.
"""

from __future__ import annotations

import time

import pytest
from conftest import shot
from test_net_game import (
    CONNECTED_JS,
    code_on,
    host_game,
    host_phone,
    installed_phones,
    net_tap,
    paste,
    phone_gone,
    phones,
)

__all__ = ["host_phone", "installed_phones", "phones"]  # the fixtures this module uses

#: in the test process of e2e/test_net_game.py, whose installed phones it uses (made once)
pytestmark = pytest.mark.xdist_group("net_game")

SHOTS = "pair_codes"
SETTLED = "document.getAnimations().every(a => a.playState !== 'running')"


def settled_shot(page, name: str) -> None:
    """Screenshots at 390x844 and 360x640 once the sheet's entrance has played (what a person
    reads a moment later); the page is left at 390x844."""
    for width, height in ((360, 640), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED, timeout=5_000)
        shot(page, f"{name}_{width}x{height}", SHOTS)


def as_a_messenger_hands_it_over(code: str) -> str:
    """``code`` in groups of five, lower case, with a line break and a zero-width space inside."""
    groups = [code[i : i + 5] for i in range(0, len(code), 5)]
    middle = len(groups) // 2
    return (" ".join(groups[:middle]) + "\n" + "\u200b".join(groups[middle:])).lower() + " \n"


def invited(host_phone, phones, seat: int):
    """The host's page at a new game with seat ``seat``'s invite sheet up, and a phone on its Join
    screen: (the phone's browser context, the host's page, the phone's page, the host's code as
    text)."""
    _hc, host = host_phone()
    phone_context, phone = phones()
    host_game(host)
    net_tap(host, "invite", seat=seat)
    offer = code_on(host)
    net_tap(phone, "join")
    return phone_context, host, phone, offer


def test_codes_pasted_with_spaces_a_line_break_and_a_zero_width_space_pair(phones, host_phone):
    _ac, host, ann, offer = invited(host_phone, phones, 1)
    offer_qr = int(host.locator(".net-qr").get_attribute("data-qr-version"))
    paste(ann, as_a_messenger_hands_it_over(offer), "offer")
    answer = code_on(ann)
    answer_qr = int(ann.locator(".net-qr").get_attribute("data-qr-version"))
    net_tap(host, "scan_answer")
    paste(host, as_a_messenger_hands_it_over(answer), "answer")
    ann.wait_for_function(CONNECTED_JS, timeout=30_000)
    host.wait_for_selector(".net-seat.on[data-seat='1']", state="attached", timeout=30_000)
    assert host.locator(".net-sheet").count() == 0  # seated: the sheet closed by itself
    # both made with derived ICE credentials (Chromium takes them) and one or two mDNS candidates
    # (102 or 130 characters): shorter than format 2's 154
    assert len(offer) in (102, 130) and len(answer) in (102, 130), (len(offer), len(answer))
    assert offer_qr <= 6 and answer_qr <= 6, (offer_qr, answer_qr)
    print(f"codes: offer {len(offer)} chars (QR version {offer_qr}), answer {len(answer)} (QR version {answer_qr})")


_STAMP_WAIT_JS = """() => {
  const stamps = (window.__stamps = {});
  const mark = () => {
    const now = performance.now();
    if (stamps.waiting === undefined && document.body.innerText.includes("Waiting for the host…")) stamps.waiting = now;
    const failed = document.querySelector(".net-error");
    if (stamps.waiting !== undefined && stamps.error === undefined && failed) stamps.error = now;
  };
  new MutationObserver(mark).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_a_typo_is_refused_at_once_and_a_pairing_that_does_not_connect_says_so_after_20_seconds(phones, host_phone):
    bob_context, host, bob, offer = invited(host_phone, phones, 2)
    middle = len(offer) // 2
    typo = offer[:middle] + ("Q" if offer[middle] != "Q" else "R") + offer[middle + 1 :]
    t0 = time.perf_counter()
    paste(bob, typo, "offer")
    bob.wait_for_selector(".net-error", timeout=5_000)
    refused_s = time.perf_counter() - t0
    assert bob.locator(".net-error").inner_text() == (
        "That code has a typing error. Compare it with the code on the other phone character by character, "
        "or copy it again."
    )
    assert bob.evaluate("document.body.dataset.screen") == "guest-join"
    settled_shot(bob, "phone_typo")

    # The 20 s are timed in the page's own clock (a MutationObserver stamps when "Waiting for the
    # host…" and then the error appear): Playwright's polling on a loaded machine notices the first
    # late and would shorten the wait it measures.
    bob.evaluate(_STAMP_WAIT_JS)
    bob.locator("[data-field='net-code']").fill(offer)
    net_tap(bob, "offer")
    answer = code_on(bob)
    bob.wait_for_selector("text=Waiting for the host…")
    bob.wait_for_selector(".net-error", timeout=25_000)  # the host never scanned the answer
    bob.wait_for_function("window.__stamps.error !== undefined")
    waited = bob.evaluate("(window.__stamps.error - window.__stamps.waiting) / 1000")
    assert 19 <= waited <= 23, waited
    assert bob.locator(".net-error").inner_text().startswith("Not connected after 20 seconds.")
    assert bob.locator("[data-tap*='\"rescan\"']").inner_text() == "Try again: scan the host's code"
    settled_shot(bob, "phone_20s")

    phone_gone(bob_context)  # Bob's phone is gone: its answer can never connect
    net_tap(host, "scan_answer")
    paste(host, answer, "answer")
    host.wait_for_selector(".net-sheet >> text=Connecting…", timeout=10_000)
    accepted = time.perf_counter()
    host.wait_for_selector(".net-sheet .net-error", timeout=25_000)
    waited_host = time.perf_counter() - accepted
    assert waited_host <= 21, waited_host  # 20 s, or sooner when the browser gives the link up
    said = host.locator(".net-sheet .net-error").inner_text()
    assert said in ("Bob's phone did not connect within 20 seconds.", "The connection to Bob's phone failed."), said
    assert host.locator(".net-sheet >> text=Connecting…").count() == 0
    settled_shot(host, "host_20s")
    host.locator(".net-sheet [data-tap*='\"invite\"']").click()  # "Try again with a new code"
    host.wait_for_selector(".net-sheet [data-net-code]", timeout=20_000)
    assert host.locator(".net-sheet [data-net-code]").get_attribute("data-net-code") != offer
    print(f"typo refused in {refused_s:.2f} s; 20 s said after {waited:.1f} s (phone), {waited_host:.1f} s (host)")
