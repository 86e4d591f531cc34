"""A browser without WebRTC (some builds and privacy settings remove it; imitated by an init
script): the phone options are shown disabled with the reason in the player's language, before
any tap, and nothing hangs at "Preparing the code…"."""

from __future__ import annotations

from conftest import NEW_SIX_NIMMT, shot, wait_ready

NO_WEBRTC_JS = """(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription']) {
    delete window[name];
  }
})();"""


def test_without_webrtc_join_a_table_and_the_own_phone_seat_are_disabled_with_the_reason(page):
    page.add_init_script(script=NO_WEBRTC_JS)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("./")
    wait_ready(page)
    assert page.evaluate("hotseatCanConnect()") is False
    join = page.locator(".join button")
    assert join.is_disabled() and join.inner_text() == "Join a table"
    why = page.locator(".join .no-phones-why").inner_text()
    assert why.startswith("This browser cannot connect phones.")
    join.scroll_into_view_if_needed()
    shot(page, "home_360", "no_webrtc")
    page.locator(NEW_SIX_NIMMT).first.click()
    page.wait_for_selector("body[data-screen='setup']", state="attached")
    own = page.locator('[data-tap*=\'"kind":"guest"\']')
    assert own.count() == 3 and all(own.nth(i).is_disabled() for i in range(3))
    assert own.first.inner_text() == "Own phone"
    assert page.locator(".seats .no-phones-why").inner_text().startswith("This browser cannot connect phones.")
    page.locator(".seats .no-phones-why").scroll_into_view_if_needed()
    shot(page, "setup_360", "no_webrtc")
    page.evaluate("localStorage.setItem('hotseat.settings', JSON.stringify({language: 'de', theme: 'light'}))")
    page.reload()
    wait_ready(page)
    text = page.locator(".join").inner_text()
    assert "Dieser Browser kann keine Handys verbinden." in text, text
    page.locator(".join").scroll_into_view_if_needed()
    shot(page, "home_de_light_360", "no_webrtc")
