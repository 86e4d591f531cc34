"""Pairing without a camera on either side: the host's invite sheet and the guest's answer screen
show the code as text (a field to select or read out, and "Copy the code"), and a pairing made
only from those texts seats the phone; both say that the phones must share a network."""

from __future__ import annotations

import html
import re

from test_net_controller import Air, field_tap, host_table
from ui_helpers import MemoryStorage

from hotseat.controller import Controller


def code_as_text(air: Air, c: Controller) -> str:
    """The pairing code in the screen's read-only text field (the QR code is never read)."""
    c.render()
    air.run(c)
    m = re.search(r'<textarea[^>]*class="net-code-text"[^>]*>([^<]+)</textarea>', str(c.render()))
    assert m, "no code as text on screen"
    return html.unescape(m.group(1))


def test_a_phone_is_paired_from_the_codes_as_text_and_each_side_can_copy_its_code():
    air = Air()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    host.tap({"shell": "net", "do": "invite", "seat": 1})
    air.run(host)
    offer = code_as_text(air, host)
    assert "share one Wi-Fi" in str(host.render())
    host.tap({"shell": "net", "do": "copy"})
    assert host.net.clipboard == offer == host.net.sheet["code"]
    ann.tap({"shell": "net", "do": "join"})
    assert "share one Wi-Fi" in str(ann.render())
    ann.tap(field_tap(ann.render(), "offer", offer))
    air.run(ann)
    answer = code_as_text(air, ann)
    ann.tap({"shell": "net", "do": "copy"})
    assert ann.net.clipboard == answer != offer
    host.tap({"shell": "net", "do": "scan_answer"})
    host.tap(field_tap(host.render(), "answer", answer))
    air.run(host, ann)
    assert ann.net.guest.status == "playing" and ann.net.guest.seat == 1
    assert host.net.sheet is None  # paired: the sheet closed by itself


def test_copy_does_nothing_while_there_is_no_code():
    host, _storage = host_table()
    host.tap({"shell": "net", "do": "copy"})
    assert host.net.clipboard is None
    host.tap({"shell": "net", "do": "invite", "seat": 1})  # the browser has not made the offer yet
    host.tap({"shell": "net", "do": "copy"})
    assert host.net.clipboard is None
    guest = Controller(MemoryStorage(), bot_hook=None)
    guest.tap({"shell": "net", "do": "join"})
    guest.tap({"shell": "net", "do": "copy"})
    assert guest.net.clipboard is None
