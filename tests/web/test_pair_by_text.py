"""Pairing without a camera on either side: the host's invite sheet and the guest's answer screen
show the code as text (a field to select or read out, and "Copy the code"), and a pairing made
only from those texts seats the phone; both say that the phones must share a network."""

from __future__ import annotations

import html
import re

from test_net_controller import Air, field_tap, host_table, pair
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller


def code_as_text(air: Air, c: Controller) -> str:
    """The pairing code in the screen's read-only text field (the QR code is never read)."""
    c.render()
    air.run(c)
    m = re.search(r'<textarea[^>]*class="net-code-text"[^>]*>([^<]+)</textarea>', str(c.render()))
    assert m, "no code as text on screen"
    return html.unescape(m.group(1))


def invite(air: Air, host: Controller, seat: int | None = 1) -> str:
    """The host opens the invite sheet for ``seat``; the code it shows as text."""
    host.tap({"shell": "net", "do": "invite", "seat": seat})
    air.run(host)
    return code_as_text(air, host)


def answer_to(air: Air, guest: Controller, offer: str) -> str:
    """``guest`` (on its join screen) pastes ``offer``; the answer code it shows as text."""
    guest.tap(field_tap(guest.render(), "offer", offer))
    air.run(guest)
    return code_as_text(air, guest)


def paste_answer(host: Controller, answer: str) -> None:
    """The host taps "Scan the phone's answer" and pastes ``answer``."""
    host.tap({"shell": "net", "do": "scan_answer"})
    host.tap(field_tap(host.render(), "answer", answer))


def test_a_phone_is_paired_from_the_codes_as_text_and_each_side_can_copy_its_code():
    air = Air()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    offer = invite(air, host)
    assert "share one Wi-Fi" in str(host.render())
    host.tap({"shell": "net", "do": "copy"})
    assert host.wire.clipboard == offer == host.hosted.sheet.code
    ann.tap({"shell": "net", "do": "join"})
    assert "share one Wi-Fi" in str(ann.render())
    answer = answer_to(air, ann, offer)
    ann.tap({"shell": "net", "do": "copy"})
    assert ann.wire.clipboard == answer != offer
    paste_answer(host, answer)
    air.run(host, ann)
    assert ann.joined.guest.status == "playing" and ann.joined.guest.seat == 1
    assert host.hosted.sheet is None  # paired: the sheet closed by itself


def test_copy_does_nothing_while_there_is_no_code():
    host, _storage = host_table()
    host.tap({"shell": "net", "do": "copy"})
    assert host.wire.clipboard is None
    host.tap({"shell": "net", "do": "invite", "seat": 1})  # the browser has not made the offer yet
    host.tap({"shell": "net", "do": "copy"})
    assert host.wire.clipboard is None
    guest = Controller(MemoryStorage(), bot_hook=None)
    guest.tap({"shell": "net", "do": "join"})
    guest.tap({"shell": "net", "do": "copy"})
    assert guest.wire.clipboard is None


def typo_of(code: str) -> str:
    """``code`` with one character in its middle mistyped (another capital a code may hold)."""
    i = len(code) // 2
    return code[:i] + ("Q" if code[i] != "Q" else "R") + code[i + 1 :]


def test_a_one_character_typo_is_refused_at_once_on_either_phone_and_says_what_to_do():
    air = Air()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    offer = invite(air, host)
    ann.tap({"shell": "net", "do": "join"})
    ann.tap(field_tap(ann.render(), "offer", typo_of(offer)))
    page = html.unescape(str(ann.render()))
    assert "That code has a typing error. Compare it with the code on the other phone" in page
    assert ann.joined.join.step == "join" and not [r for r in ann.wire.requests if r[0] == "answer"]
    answer = answer_to(air, ann, offer)  # typed right: the phone answers
    paste_answer(host, typo_of(answer))
    assert "That code has a typing error." in html.unescape(str(host.render()))
    assert host.hosted.sheet.step == "answer" and not [r for r in host.wire.requests if r[0] == "accept"]
    cut = answer[: len(answer) - 9]
    host.tap(field_tap(host.render(), "answer", cut))
    assert "Part of that code is missing. Copy the whole code again" in html.unescape(str(host.render()))
    host.tap(field_tap(host.render(), "answer", answer))
    air.run(host, ann)
    assert ann.joined.guest.status == "playing" and ann.joined.guest.seat == 1


def test_codes_pasted_with_spaces_line_breaks_and_zero_width_spaces_pair():
    air = Air()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    offer = invite(air, host)
    ann.tap({"shell": "net", "do": "join"})
    messenger = " " + offer[:50] + "\n" + offer[50:100] + "\u200b " + offer[100:].lower() + "\n"
    answer = answer_to(air, ann, messenger)
    read_out = " ".join(answer[i : i + 4] for i in range(0, len(answer), 4)).replace("0", "O")
    paste_answer(host, "\u202a" + read_out + "\u202c")
    air.run(host, ann)
    assert ann.joined.guest.status == "playing" and ann.joined.guest.seat == 1


def test_the_code_field_asks_the_keyboard_for_no_capitals_corrections_or_suggestions():
    guest = Controller(MemoryStorage(), bot_hook=None)
    guest.tap({"shell": "net", "do": "join"})
    field = re.search(r'<textarea[^>]*data-field="net-code"[^>]*>', str(guest.render())).group(0)
    for attribute in ('autocapitalize="off"', 'autocorrect="off"', 'spellcheck="false"', 'autocomplete="off"'):
        assert attribute in field, (attribute, field)


class Clock:
    """A monotonic clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class NoRoute(Air):
    """Phones that cannot reach each other (not one network): an accepted answer never opens."""

    def request(self, c: Controller, request: tuple) -> None:
        if request[0] == "accept" and "a=candidate" in request[2]:
            return
        super().request(c, request)


def test_a_pairing_that_does_not_connect_in_20_seconds_says_so_at_both_phones_and_offers_to_try_again():
    air = NoRoute()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    clock = Clock()
    host.wire.clock = ann.wire.clock = clock
    offer = invite(air, host)
    ann.tap({"shell": "net", "do": "join"})
    answer = answer_to(air, ann, offer)
    assert "Waiting for the host…" in str(ann.render())
    assert ann.delay_ms() == 20_001  # drawn again when the 20 s are over
    host.tap({"shell": "net", "do": "scan_answer"})
    clock.now += 5
    host.tap(field_tap(host.render(), "answer", answer))
    air.run(host, ann)
    assert "Connecting…" in str(host.render()) and host.delay_ms() == 20_001
    clock.now += 15  # the phone's 20 s are over, the host's not yet
    phone = html.unescape(str(ann.render()))
    assert "Waiting for the host…" not in phone
    assert "Not connected after 20 seconds. If the host has scanned this code, check that both phones" in phone
    assert ann.delay_ms() is None
    assert "Connecting…" in str(host.render()) and host.delay_ms() == 5_001
    clock.now += 5
    sheet = html.unescape(str(host.render()))
    assert "Connecting…" not in sheet and "Ann's phone did not connect within 20 seconds." in sheet
    assert "share one Wi-Fi" in sheet and host.delay_ms() is None
    # each offers to try again: the phone scans anew, the host makes a new code for the seat
    retry = next(t for t in taps(host.render()) if t.get("do") == "invite")
    assert retry == {"shell": "net", "do": "invite", "seat": 1}
    assert next(t for t in taps(ann.render()) if t.get("do") == "rescan")
    host.tap(retry)
    air.run(host)
    assert code_as_text(air, host) != offer and host.hosted.sheet.step == "offer"


def test_a_phone_that_uses_the_code_made_for_another_seat_is_named_and_the_sheet_waits_on():
    air = Air()
    host, _storage = host_table()
    ann, bob = Controller(MemoryStorage(), bot_hook=None), Controller(MemoryStorage(), bot_hook=None)
    pair(air, host, bob, 2)
    air.drop(bob.joined.guest.link)  # Bob's phone lost its link; it keeps its seat's token
    assert bob.joined.guest.status == "lost" and 2 in host.hosted.host.away()
    for_ann = invite(air, host)  # a new code for Ann's seat...
    bob.tap({"shell": "net", "do": "rescan"})
    pair_with(air, host, bob, for_ann)  # ...that Bob's phone scans
    assert bob.joined.guest.status == "playing" and bob.joined.guest.seat == 2  # back at its own seat
    sheet = html.unescape(str(host.render()))
    assert host.hosted.sheet is not None and host.hosted.sheet.seat == 1
    assert "Bob's phone used the code made for Ann, so it is back at Bob's seat." in sheet
    assert "Connect Ann's phone" in sheet
    air.run(host)
    new_code = code_as_text(air, host)
    assert new_code != for_ann
    ann.tap({"shell": "net", "do": "join"})
    pair_with(air, host, ann, new_code)  # Ann's phone connects with the new code
    assert ann.joined.guest.seat == 1 and host.hosted.sheet is None


def pair_with(air: Air, host: Controller, guest: Controller, offer: str) -> None:
    """``guest`` pastes ``offer``, the host pastes the phone's answer."""
    answer = answer_to(air, guest, offer)
    if guest.joined.guest.status != "playing":
        paste_answer(host, answer)
        air.run(host, guest)


def test_a_link_that_fails_before_20_seconds_is_said_at_once_at_both_phones():
    """ICE gave up on the link before its 20 s: each screen says the connection failed, at once."""
    air = NoRoute()
    host, _storage = host_table()
    ann = Controller(MemoryStorage(), bot_hook=None)
    host.wire.clock = ann.wire.clock = Clock()
    offer = invite(air, host)
    ann.tap({"shell": "net", "do": "join"})
    paste_answer(host, answer_to(air, ann, offer))
    air.run(host, ann)
    host_link, phone_link = host.hosted.sheet.link, ann.joined.guest.link
    host.net_event(host_link, "closed", "")  # ICE gave up (the browser's "failed")
    ann.net_event(phone_link, "closed", "")
    assert "The connection to Ann's phone failed." in html.unescape(str(host.render()))
    assert "The connection failed. If the host has scanned this code" in html.unescape(str(ann.render()))
    assert "Try again with a new code" in str(host.render()) and "Try again: scan" in str(ann.render())


def test_a_phone_refused_by_the_table_is_said_on_the_sheet_and_a_new_code_drops_its_link():
    air = Air()
    host, _storage = host_table()
    stranger = Controller(MemoryStorage(), bot_hook=None)
    offer = invite(air, host, None)  # any phone that was at this table
    stranger.tap({"shell": "net", "do": "join"})
    pair_with(air, host, stranger, offer)
    assert stranger.joined.guest.status == "refused"
    sheet = html.unescape(str(host.render()))
    assert "That phone was not at this table, so it cannot take a seat from this code." in sheet
    link = host.hosted.sheet.link
    host.tap(next(t for t in taps(host.render()) if t.get("do") == "invite"))
    assert ("close", link) in host.wire.requests and host.hosted.sheet.link is None


def test_a_code_of_the_previous_format_is_refused_with_a_word_to_update_the_other_phone():
    from test_net_signal import FORMAT_2_OFFER

    phone = Controller(MemoryStorage(), bot_hook=None)
    phone.tap({"shell": "net", "do": "join"})
    phone.tap(field_tap(phone.render(), "offer", FORMAT_2_OFFER))
    page = html.unescape(str(phone.render()))
    assert "Update needed" in page and "The host's Hotseat is older than this phone's." in page
    host, _storage = host_table()
    host.tap({"shell": "net", "do": "invite", "seat": 1})
    Air().run(host)
    paste_answer(host, FORMAT_2_OFFER.replace("~o~", "~a~"))
    assert "That code comes from an older Hotseat: update the other phone's app." in html.unescape(str(host.render()))
