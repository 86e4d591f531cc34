"""The host leaves its table and comes back: Home keeps the phones connected (each says the host
stepped away and waits), Continue takes the table up again with no scan; whatever would close the
links asks first and names the phones; after a host's reload the sheet leads through the phones
one after another; "Go on without it" only for a phone that had connected. Driven by taps on what
the screens draw, with the in-memory links of :mod:`test_net_controller`."""

from __future__ import annotations

import html
import json
import random

from table_world import World, net_do, screen_of, tap_named
from test_net_controller import Air, code_on, host_table, pair, play_a_step, two_phones
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.net import protocol
from hotseat.net.away import AWAY_GRACE_MS
from hotseat.saves import slot_key
from hotseat.session import Phase


def screen(c: Controller) -> str:
    return screen_of(str(c.render()))


def text(c: Controller) -> str:
    return html.unescape(str(c.render()))


def host_links(air, host) -> set[int]:
    return {link for link, c in air.owner.items() if c is host and link in air.open}


def pick_and_confirm(c: Controller) -> None:
    pick = next(t for t in taps(str(c.render())) if "pick" in t)
    c.tap(dict(pick, fields={}))
    c.tap({"shell": "confirm", "fields": {}})


def test_home_keeps_the_phones_connected_and_continue_takes_the_table_up_with_no_scan():
    air, host, storage, ann, bob = two_phones(seed=21)
    links = host_links(air, host)
    assert len(links) == 2
    hands = {1: ann.joined.play.latest["obs"]["hand"], 2: bob.joined.play.latest["obs"]["hand"]}
    seen = {c: c.joined.guest.view["n"] for c in (ann, bob)}

    host.tap({"shell": "menu", "fields": {}})  # Menu -> Home
    air.run(host, ann, bob)
    assert host.screen == "home" and host_links(air, host) == links  # no link closed
    for phone in (ann, bob):
        assert screen(phone) == "guest-paused"
        shown = text(phone)
        assert "The host stepped away" in shown and "Your seat and your cards stay with this phone" in shown
        assert phone.joined.guest.status == "playing" and phone.joined.guest.link is not None
    # the phone's page was hidden and shown again: it asks for its view, the host says it is away
    ann.joined.resumed()
    air.run(host, ann, bob)
    assert screen(ann) == "guest-paused"

    made = air.next
    host.tap({"shell": "resume", "game": "six_nimmt", "fields": {}})  # Continue
    air.run(host, ann, bob)
    assert host.screen == "game" and host_links(air, host) == links
    assert air.next == made and ".net-sheet" not in str(host.render())  # no new link, no code: no scan
    for phone, seat in ((ann, 1), (bob, 2)):
        assert screen(phone) == "guest-turn", screen(phone)
        assert phone.joined.play.latest["obs"]["hand"] == hands[seat]  # its hand, its own
        assert phone.joined.guest.view["n"] > seen[phone]
    assert "connected" in str(host.hosted.strip()) and host.hosted.host.away() == []
    # the host's next move: both phones' views move on
    before = {c: c.joined.guest.view["n"] for c in (ann, bob)}
    pick_and_confirm(host)
    air.run(host, ann, bob)
    assert host.session.phase is Phase.WAIT and host.session.phones.waiting == [1, 2]
    for phone in (ann, bob):
        assert phone.joined.guest.view["n"] > before[phone]
        assert phone.joined.play.latest["acting"] == [1, 2]
    # and the game plays to its end on the same links
    rng = random.Random(3)
    for _ in range(3000):
        air.run(host, ann, bob)
        if host.session.phase is Phase.OVER and ann.joined.play.phase == "over" and bob.joined.play.phase == "over":
            break
        play_a_step((host, ann, bob), rng)
    else:
        raise AssertionError("the game did not end")
    assert host_links(air, host) == links
    assert json.loads(storage[slot_key("six_nimmt")])["net"]["room"] == host.hosted.host.room


def test_a_move_sent_while_the_host_is_away_is_held_and_applied_on_continue():
    air, host, _storage, ann, bob = two_phones(seed=21)
    pick_and_confirm(host)
    air.run(host, ann, bob)
    host.tap({"shell": "menu", "fields": {}})
    air.run(host, ann, bob)
    # a move already on its way when the host left (the screen had it): held, not applied, not lost
    link = ann.joined.guest.link
    card = ann.joined.play.latest["legal"][0]
    ann.wire.outbox.append((link, protocol.dumps("act", "guest", n=1, action=card)))
    air.run(host, ann, bob)
    assert 1 in host.hosted.session.phones.waiting and len(host.hosted.host.queue) == 1
    host.tap({"shell": "resume", "game": "six_nimmt", "fields": {}})
    air.run(host, ann, bob)
    assert host.session.phones.waiting == [2]  # Ann's card was taken in on Continue
    assert ann.joined.guest.view["ack"] == 1


def test_home_with_no_phone_connected_closes_the_table_as_before():
    host, _storage = host_table(seed=5)
    host.tap({"shell": "menu", "fields": {}})
    assert host.hosted is None
    host.tap({"shell": "new", "game": "six_nimmt", "fields": {}})
    assert host.dialog is None or host.dialog.kind != "close_table"  # nothing to close: no question


def test_what_would_close_the_links_asks_first_and_names_the_phones():
    air, host, _storage, ann, bob = two_phones(seed=21)
    host.tap({"shell": "menu", "fields": {}})
    air.run(host, ann, bob)
    links = host_links(air, host)
    for tap in (
        {"shell": "new", "game": "six_nimmt"},
        {"shell": "new", "game": "bad_bunnies"},
        {"shell": "net", "do": "join"},
        {"shell": "restore"},  # a backup may replace the game the phones play
    ):
        host.tap(dict(tap, fields={}))
        shown = text(host)
        assert host.dialog is not None and host.dialog.kind == "close_table", tap
        assert "Close the table of 6 nimmt!?" in shown
        assert "The phones of Ann and Bob are still connected to it and wait." in shown
        host.tap({"shell": "keep", "fields": {}})  # Keep the table: nothing changes
        air.run(host, ann, bob)
        assert host.screen == "home" and host_links(air, host) == links and host.dialog is None
    # Close the table: the phones lose it (and may rejoin on Continue), then the tap goes on
    host.tap({"shell": "new", "game": "bad_bunnies", "fields": {}})
    host.tap({"shell": "close_table", "fields": {}})
    air.run(host, ann, bob)
    assert host.screen == "setup" and host.setup.game == "bad_bunnies"
    assert host_links(air, host) == set() and host.hosted is None
    assert screen(ann) == screen(bob) == "guest-lost"


def test_restoring_a_backup_while_phones_wait_asks_first_then_picks_the_file():
    air, host, _storage, ann, bob = two_phones(seed=21)
    host.tap({"shell": "menu", "fields": {}})
    air.run(host, ann, bob)
    host.tap({"shell": "settings", "fields": {}})
    host.tap({"shell": "restore", "fields": {}})
    assert host.dialog is not None and host.dialog.kind == "close_table"
    assert not host.backups.pick_file  # no file picker before the answer
    host.tap({"shell": "close_table", "fields": {}})
    air.run(host, ann, bob)
    assert host.backups.pick_file  # the picker opens inside the answer's tap
    assert host.hosted is None and screen(ann) == screen(bob) == "guest-lost"


def test_the_abandon_question_says_the_phones_hear_the_game_ended():
    air, host, _storage, ann, bob = two_phones(seed=21)
    host.tap({"shell": "settings", "fields": {}})
    host.tap({"shell": "abandon", "fields": {}})
    shown = text(host)
    assert "The phones of Ann and Bob are told that the game ended." in shown
    assert 'class="overlay dialog cover"' in shown
    air.drop(next(iter(link for link, c in air.owner.items() if c is bob and link in air.open)))
    air.run(host, ann, bob)
    assert "Ann's phone is told that the game ended." in text(host)


def test_after_a_reload_the_sheet_leads_through_the_phones_one_after_another():
    world = World("six_nimmt", 4)
    world.reload_host()
    world.settle()
    assert world.away_seats() == [1, 2]
    host = world.host
    assert tap_named(host, lambda t: net_do("invite")(t) and t.get("seat") == 1)  # Connect, once
    for seat in (1, 2):
        world.air.collect([host])
        world.host.render()
        world.air.collect([host])
        shown = text(host)
        name = world.host.session.names[seat]
        assert f"Connect {name}'s phone" in shown and "connects by itself" in shown, shown[-800:]
        if seat == 2:
            assert f"{world.host.session.names[1]}'s phone is back." in shown
        code = html.unescape(shown.split('data-net-code="', 1)[1].split('"', 1)[0])
        phone = world.phones[seat]
        assert tap_named(phone, net_do("rescan"))
        assert tap_named(phone, net_do("offer"), {"net-code": code})  # one scan on the phone
        world.air.settle(world.devices)
        assert seat not in world.away_seats()
    assert world.away_seats() == [] and host.hosted.sheet is None  # the last one: the sheet closes
    world.check()


def test_go_on_without_it_only_for_a_phone_that_had_connected():
    air = Air()
    host, _storage = host_table(seed=21)
    now = [100.0]
    host.wire.clock = lambda: now[0]
    ann = Controller(MemoryStorage(), bot_hook=None)
    pair(air, host, ann, 1)  # Bob's phone never connects
    pick_and_confirm(host)
    air.run(host, ann)
    assert host.session.phones.waiting == [1, 2]
    now[0] += AWAY_GRACE_MS / 1000 + 60
    strip = str(host.hosted.strip())
    assert [t for t in taps(strip) if net_do("away")(t)] == []  # Bob: Connect only
    assert [t["seat"] for t in taps(strip) if net_do("invite")(t)] == [2]
    air.drop(next(link for link, c in air.owner.items() if c is ann and link in air.open))
    air.run(host, ann)
    host.render()  # the host's screen notes when Ann's phone went away
    now[0] += AWAY_GRACE_MS / 1000
    assert [t["seat"] for t in taps(str(host.hosted.strip())) if net_do("away")(t)] == [1]


# ---- taps and scans, as a person counts them (a scan: a code the camera reads) ---------------------


class Count:
    """Taps on what the screens draw, at the host and at the phones, and codes scanned."""

    def __init__(self):
        self.host = 0
        self.phone = 0
        self.scans = 0

    def __str__(self):
        return f"host taps {self.host}, phone taps {self.phone}, scans {self.scans}"


def tap(c, pred, n, who):
    for t in taps(str(c.render())):
        if pred(t):
            c.tap(dict(t, fields={}))
            setattr(n, who, getattr(n, who) + 1)
            return True
    return False


def net(do, **kw):
    return lambda t: t.get("shell") == "net" and t.get("do") == do and all(t.get(k) == v for k, v in kw.items())


def playing(g):
    return g.joined is not None and g.joined.guest.status == "playing" and not g.joined.guest.paused


def connect(air, host, phone, seat, n):
    """``phone`` takes ``seat`` the camera's way: Connect at the host (unless its sheet already shows
    that seat), Join / Rejoin / Scan again at the phone, the host's code scanned, and the phone's
    answer scanned by the host unless the phone connects by itself."""
    sheet = host.hosted.sheet
    if sheet is None or sheet.seat != seat:
        assert tap(host, net("invite", seat=seat), n, "host")
    air.run(host)
    code = code_on(air, host)
    shown = str(phone.render())
    if 'data-screen="home"' in shown:
        assert tap(phone, lambda t: t.get("shell") == "net" and t.get("do") == "join", n, "phone")
    elif 'data-screen="guest-join"' not in shown:
        assert tap(phone, net("rescan"), n, "phone")
    phone.net_event(0, "scan", code)
    n.scans += 1
    air.run(phone)
    air.run(host, phone)
    if not playing(phone):
        answer = code_on(air, phone)
        assert tap(host, net("scan_answer"), n, "host")
        host.net_event(0, "scan", answer)
        n.scans += 1
        air.run(host, phone)
    assert playing(phone), phone.joined.guest.status


def test_taps_and_scans_for_a_first_pairing_a_rejoin_home_and_continue_and_a_host_reload():
    """The figures of the closing note (before this change: Home -> Continue 5 host taps, 2 phone
    taps, 2 scans; a host reload 3 host taps for two phones)."""
    air = Air()
    host, storage = host_table(seed=9)
    ann, bob = Controller(MemoryStorage(), bot_hook=None), Controller(MemoryStorage(), bot_hook=None)
    first = Count()
    connect(air, host, ann, 1, first)
    connect(air, host, bob, 2, first)
    assert (first.host, first.phone, first.scans) == (4, 2, 4)  # per phone: Connect, Next; Join; 2 scans
    for link, c in list(air.owner.items()):  # Ann's page reloads (its storage kept)
        if c is ann and link in air.open:
            air.drop(link)
    air.run(host, ann, bob)
    ann = Controller(ann.storage, bot_hook=None)
    back = Count()
    connect(air, host, ann, 1, back)
    assert (back.host, back.phone, back.scans) == (1, 1, 1)  # Connect; Rejoin; one scan
    home = Count()
    assert tap(host, lambda t: t.get("shell") == "settings", home, "host")
    assert tap(host, lambda t: t.get("shell") == "menu", home, "host")
    air.run(host, ann, bob)
    assert tap(host, lambda t: t.get("shell") == "resume" and t.get("game") == "six_nimmt", home, "host")
    air.run(host, ann, bob)
    assert playing(ann) and playing(bob)
    assert (home.host, home.phone, home.scans) == (3, 0, 0)  # Menu, Home, Continue: nothing at the phones
    for link, c in list(air.owner.items()):  # the host's page reloads
        if c is host and link in air.open:
            air.drop(link)
    air.run(host, ann, bob)
    host = Controller(storage, bot_hook=None, seed_fn=lambda: 9)
    reload = Count()
    assert tap(host, lambda t: t.get("shell") == "resume" and t.get("game") == "six_nimmt", reload, "host")
    air.run(host, ann, bob)
    connect(air, host, ann, 1, reload)
    connect(air, host, bob, 2, reload)  # the sheet went on to Bob's phone by itself
    assert (reload.host, reload.phone, reload.scans) == (2, 2, 2)  # Continue, Connect; Scan again x2; 1 scan each
