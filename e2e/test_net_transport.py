"""The pieces of play across phones, in three browser contexts on 127.0.0.1 with no ICE servers:
pairing codes made and read by the app's Python (hotseat.net.signal), WebRTC data channels
(web/js/net.mjs), the protocol (hotseat.net.protocol / host / guest) and the QR code the app
draws, read back by the decoder the app's camera scanner uses.

The QR exchange is simulated by passing each code's text from one page to the other; one test
photographs the QR code the host page draws and decodes the picture in a guest page.

Each page is the real app; a test harness (HARNESS, run as an extra ``<script type="py">`` in
the same Python) wires hotseat.net to a 6 nimmt! state, as the app's session will.
"""

from __future__ import annotations

import base64
import json
import time

import pytest
from conftest import BOOT_TIMEOUT_MS, wait_ready

import pycore

HARNESS = r"""
import json
from pyodide.ffi import create_proxy, to_js
from pyscript import window
import pycore
from hotseat.net import protocol, signal, qr
from hotseat.net.host import Host
from hotseat.net.guest import Guest
from hotseat.net.link import Net
from hotseat.storage import LocalStorage

ROLE = str(window.hsRole)
log = []  # (direction, link, text) of every message, for the test


class Table:
    def __init__(self, seed):
        self.game = pycore.load_game("six_nimmt")
        self.game_id, self.options = "six_nimmt", self.game.resolve_options({})
        self.state = self.game.new_initial_state(3, seed)
        self.names, self.kinds = ["Host", "Ann", "Bob"], ["human", "guest", "guest"]
        self.events, self.round_events, self.summary_due = [], [], False
        self.net = None

    def apply(self, seat, action):
        self.events = self.state.apply_action(seat, action)
        return self.events

    apply_remote = apply

    def accepts_remote(self):
        return True


def send_all(out):
    for link, text in out:
        log.append(["out", link, text])
        net.send(link, text)


def on_event(link, kind, text):
    if kind == "message":
        log.append(["in", link, text])
    if ROLE == "host":
        if kind == "message":
            send_all(host.receive(link, text))
        elif kind == "closed":
            send_all(host.closed(link))
    else:
        if kind == "open":
            send_all([(link, t) for t in guest.opened(link)])
        elif kind == "message":
            send_all([(link, t) for t in guest.receive(link, text)])
        elif kind == "closed":
            guest.closed(link)


net = Net(on_event)
if ROLE == "host":
    table = Table(int(window.hsSeed))
    host = Host(table, app_version="test")
else:
    guest = Guest(LocalStorage(window), app_version="test")


async def invite(seat):
    link, sdp = await net.offer()
    return host.invite(link, sdp, None if seat < 0 else seat)


async def accept(code):
    link, sdp = host.answer(code)
    await net.accept(link, sdp)
    return link


async def join(code):
    pairing = guest.read_offer(code)
    link, sdp = await net.answer(signal.to_sdp(pairing))
    return guest.answer_code(pairing, link, sdp)


def play(seat, index):
    # the host's own seat (or any seat, for the test) acts through the table, then all hear of it
    legal = table.state.legal_actions(seat)
    table.apply(seat, legal[index])
    send_all(host.views())


def act(index):
    # the guest acts on its newest view
    action = guest.view["legal"][index]
    text = guest.act(action)
    log.append(["out", guest.link, text])
    return bool(net.send(guest.link, text))


def raw(text):
    log.append(["out", guest.link, text])
    return bool(net.send(guest.link, text))


def status():
    if ROLE == "host":
        return json.dumps({"state": table.state.to_json(), "turn": table.state.public_observation()["turn"],
                           "room": host.room, "away": host.away(),
                           "reports": [[r.seat, r.reason] for r in host.reports],
                           "seats": {s: r.link for s, r in host.remotes.items()},
                           "sent": {s: [r.sent, r.views] for s, r in host.remotes.items()}})
    return json.dumps({"status": guest.status, "seat": guest.seat, "view": guest.view, "problem": guest.problem,
                       "rejected": guest.rejected, "log": log})


async def draw_qr(text):
    version, rows = await net.qr(text, "M")
    box = window.document.createElement("div")
    box.id = "hs-qr"
    box.style.cssText = "position:fixed;inset:0;background:#fff;display:grid;place-items:center;z-index:99"
    box.innerHTML = str(qr.qr_svg(rows, "Pairing code"))
    box.firstChild.style.cssText = "width:min(90vw,90vh);height:auto"
    window.document.body.append(box)
    return version


async def decode_png(data_url):
    js = await net.load()
    img = window.document.createElement("img")
    img.src = data_url
    await img.decode()
    text = await js.decode(img)
    return [None if text is None else str(text), str(await js.decoder())]


for name, fn in [("invite", invite), ("accept", accept), ("join", join), ("play", play), ("act", act),
                 ("raw", raw), ("status", status), ("drawQr", draw_qr), ("decodePng", decode_png)]:
    setattr(window, "hs_" + name, create_proxy(fn))
window.hsReady = True
"""


def boot(context, base_url, role: str, seed: int = 0):
    page = context.new_page()
    page.goto(base_url)
    wait_ready(page)
    page.evaluate("([role, seed]) => { window.hsRole = role; window.hsSeed = seed; }", [role, seed])
    page.evaluate("code => { const s = document.createElement('script'); s.type = 'py'; s.textContent = code;"
                  " document.body.append(s); }", HARNESS)
    page.wait_for_function("window.hsReady === true", timeout=BOOT_TIMEOUT_MS)
    return page


def status(page) -> dict:
    return json.loads(page.evaluate("hs_status()"))


def pair(host, guest, seat: int) -> float:
    """Offer -> answer -> accept, passing the codes' text; seconds until both see the view."""
    t0 = time.perf_counter()
    offer = host.evaluate("seat => hs_invite(seat)", seat)
    answer = guest.evaluate("code => hs_join(code)", offer)
    host.evaluate("code => hs_accept(code)", answer)
    guest.wait_for_function("JSON.parse(hs_status()).status === 'playing'", timeout=30_000)
    return time.perf_counter() - t0


@pytest.fixture
def table(browser, base_url, request_log):
    """The host page and two guest pages, each in its own browser context (own storage); every
    request is checked as for the other e2e tests (nothing leaves the origin, no 4xx)."""
    contexts = [browser.new_context(base_url=base_url) for _ in range(3)]
    for c in contexts:
        request_log.attach(c)
    pages = [boot(contexts[0], base_url, "host", 4242)] + [boot(c, base_url, "guest") for c in contexts[1:]]
    yield pages
    for c in contexts:
        c.close()
    request_log.check()


def test_two_guests_pair_play_and_get_only_their_own_hand(table):
    host, ann, bob = table
    seconds = [pair(host, ann, 1), pair(host, bob, 2)]
    game = pycore.load_game("six_nimmt")
    state = game.state_from_json(status(host)["state"])
    a, b = status(ann), status(bob)
    assert (a["seat"], b["seat"]) == (1, 2)
    assert a["view"]["obs"]["hand"] == state.observation(1)["hand"]
    assert b["view"]["obs"]["hand"] == state.observation(2)["hand"]
    # a turn: the host's seat and both guests pick their highest card (seed 4242: no row is
    # taken by choice); the reveal reaches both guests
    host.evaluate("hs_play(0, -1)")
    assert ann.evaluate("hs_act(-1)") and bob.evaluate("hs_act(-1)")
    host.wait_for_function("JSON.parse(hs_status()).turn === 2", timeout=20_000)
    ann.wait_for_function("JSON.parse(hs_status()).view.obs.turn === 2", timeout=20_000)
    state = game.state_from_json(status(host)["state"])
    for page, seat in ((ann, 1), (bob, 2)):
        view = status(page)["view"]
        assert view["obs"] == json.loads(json.dumps(state.observation(seat)))
        assert [e["type"] for e in view["events"]][:2] == ["picked", "reveal"]
        # every message this guest received: its own seat's view only
        others = {c for p in range(3) if p != seat for c in state.observation(p)["hand"]}
        for direction, _link, text in status(page)["log"]:
            if direction == "in":
                m = json.loads(text)
                assert m["t"] in ("welcome", "view")
                if m["t"] == "view":
                    assert m["obs"]["viewer"] == seat
                    assert not set(m["obs"]["hand"]) & others
    print(f"pairing took {seconds[0]:.2f} s and {seconds[1]:.2f} s (wall, codes passed by the test)")


def test_tampered_messages_over_the_wire_change_nothing(table):
    host, ann, _bob = table
    pair(host, ann, 1)
    before = status(host)["state"]
    other = pycore.load_game("six_nimmt").state_from_json(before).observation(2)["hand"][0]
    bad = [
        json.dumps({"v": 1, "t": "act", "n": 1, "action": {"type": "pick", "card": other}}),
        json.dumps({"v": 1, "t": "act", "n": 2, "seat": 2, "action": {"type": "pick", "card": other}}),
        '{"v": 1, "t": "act", "n": 3, "n": 4, "action": {"type": "pick", "card": 1}}',
        "x" * 61_000,  # over the protocol's 60,000 bytes, under the channel's 65,536
        "{",
    ]
    for text in bad:
        assert ann.evaluate("text => hs_raw(text)", text)
    host.wait_for_function(f"JSON.parse(hs_status()).reports.length >= {len(bad)}", timeout=20_000)
    assert status(host)["state"] == before
    assert status(host)["reports"] == [[1, "illegal"], [1, "field"], [1, "json"], [1, "size"], [1, "json"]]
    ann.wait_for_function("JSON.parse(hs_status()).rejected !== null", timeout=20_000)
    assert status(ann)["rejected"] == "That move is not allowed now."
    # the channel still works: a real pick is applied
    assert ann.evaluate("hs_act(0)")
    host.wait_for_function(f"JSON.parse(hs_status()).state !== {json.dumps(before)}", timeout=20_000)


def test_the_drawn_qr_code_reads_back_with_the_apps_decoder(table):
    host, ann, _bob = table
    code = host.evaluate("hs_invite(1)")
    version = host.evaluate("code => hs_drawQr(code)", code)
    assert 7 <= version <= 10  # ~155 characters at error correction level M
    png = host.locator("#hs-qr svg").screenshot()
    text, decoder = ann.evaluate("url => hs_decodePng(url)", "data:image/png;base64," + base64.b64encode(png).decode())
    assert decoder == "jsQR"  # desktop Chromium has no BarcodeDetector
    assert text == code
    # and the code read from the picture pairs
    answer = ann.evaluate("code => hs_join(code)", text)
    host.evaluate("code => hs_accept(code)", answer)
    ann.wait_for_function("JSON.parse(hs_status()).status === 'playing'", timeout=30_000)
