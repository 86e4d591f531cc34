"""A phone that reloads or reopens the app (its page gone, its seat kept in storage) is offered
"Rejoin <game>" on its home screen, and one pairing brings its seat and hand back."""

from __future__ import annotations

import html
import json
import random
import time

import pytest
from table_world import World, code_on, phone_view
from test_net_controller import CERT_KEY, Air, pair, play_a_step, two_phones
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.net.guest import REJOIN_HOURS, STORAGE_KEY
from hotseat.saves import SaveError, slot_key
from hotseat.session_save import from_json
from hotseat.taps import Phones


def reopened(storage) -> Controller:
    """The app started again on a phone with ``storage`` (a reload: nothing else survives)."""
    return Controller(MemoryStorage(storage), bot_hook=None)


def test_a_reloaded_phone_is_offered_rejoin_and_gets_its_seat_and_hand_back():
    air, host, _storage, ann, _bob = two_phones()
    hand = ann.joined.play.latest["obs"]["hand"]
    assert "Rejoin" not in str(Controller(MemoryStorage(), bot_hook=None).render())  # a phone never at a table
    link = next(link for link, c in air.owner.items() if c is ann and link in air.open)
    air.drop(link)  # the page is gone with its connection
    air.run(host)
    again = reopened(ann.storage)
    page = str(again.render())
    assert "Rejoin 6 nimmt!" in page and "keeps Ann&#39;s seat at a table of 6 nimmt!" in page
    rejoin = next(t for t in taps(again.render()) if t.get("do") == "join")
    again.tap(rejoin)
    assert again.screen == "guest" and "This phone keeps its seat" in str(again.render())
    pair(air, host, again, 1)  # the host's code for her seat, then her answer: one pairing
    assert again.joined.guest.seat == 1 and again.joined.play.latest["obs"]["hand"] == hand
    assert host.hosted.host.away() == []


def test_leaving_the_table_forgets_the_seat_and_the_offer():
    air, _host, _storage, ann, _bob = two_phones()
    ann.joined.tap(Phones("leave"))
    assert STORAGE_KEY not in ann.storage
    assert "Rejoin" not in str(reopened(ann.storage).render())


@pytest.mark.parametrize(
    "extra",
    [{"game": "chess"}, {"game": 7}, {"game": "six_nimmt", "name": "x" * 41}, {"game": ["six_nimmt"]}],
)
def test_a_kept_seat_with_a_hostile_game_or_name_is_not_offered_by_those(extra):
    kept = {"room": "AbCdEf", "token": "A" * 22, "seat": 1, "seen": time.time(), **extra}
    page = str(reopened({STORAGE_KEY: json.dumps(kept)}).render())
    if extra.get("game") == "six_nimmt":
        assert "Rejoin 6 nimmt!" in page and "x" * 41 not in page and "keeps a seat at a table" in page
    else:
        assert "Rejoin" not in page and "chess" not in page


def tap_named(c: Controller, shell: str) -> bool:
    tap = next((t for t in taps(str(c.render())) if t.get("shell") == shell), None)
    if tap is not None:
        c.tap(dict(tap, fields={}))
    return tap is not None


def tap_named_net(c: Controller, do: str, seat: int) -> bool:
    tap = next((t for t in taps(str(c.render())) if t.get("do") == do and t.get("seat") == seat), None)
    if tap is not None:
        c.tap(dict(tap, fields={}))
    return tap is not None


def offers_rejoin(storage) -> bool:
    return "Rejoin 6 nimmt!" in str(reopened(storage).render())


def test_the_offer_to_rejoin_goes_when_the_game_is_over_and_comes_back_with_a_rematch():
    air, storage = Air(), MemoryStorage()
    host = Controller(storage, bot_hook=None, seed_fn=lambda: 5)
    host.tap({"shell": "new", "game": "six_nimmt"})
    for seat in (1, 2):
        host.tap({"shell": "kind", "seat": seat, "kind": "guest"})
    host.tap({"shell": "start", "fields": {"name-0": "Hana", "name-1": "Ann", "name-2": "Bob", "opt-rounds": "1"}})
    ann, bob = Controller(MemoryStorage(), bot_hook=None), Controller(MemoryStorage(), bot_hook=None)
    pair(air, host, ann, 1)
    pair(air, host, bob, 2)
    rng = random.Random(3)
    assert offers_rejoin(ann.storage)
    while not host.session.state.is_terminal():
        air.run(host, ann, bob)
        assert play_a_step((host, ann, bob), rng) or air.sent, "the game does not go on"
        if not host.session.state.is_terminal():
            assert offers_rejoin(ann.storage)
    air.run(host, ann, bob)
    assert not offers_rejoin(ann.storage) and not offers_rejoin(bob.storage)  # nothing left to rejoin
    assert json.loads(ann.storage[STORAGE_KEY])["token"] == ann.joined.guest.token  # the seat is kept all the same
    while host.delay_ms() is not None:  # the last reveal plays out
        host.tick()
    assert tap_named(host, "rematch")
    air.run(host, ann, bob)
    assert offers_rejoin(ann.storage) and offers_rejoin(bob.storage)  # the same table plays again


@pytest.mark.parametrize(
    ("seen", "offered"),
    [
        (-(REJOIN_HOURS - 0.1) * 3600, True),
        (-(REJOIN_HOURS + 0.1) * 3600, False),
        (2 * 3600, False),  # ahead of this phone's clock by hours: when, then?
        (None, False),
        ("yesterday", False),
        (True, False),
    ],
)
def test_the_offer_to_rejoin_lasts_some_hours_after_the_table_was_last_heard(seen, offered):
    kept = {"room": "AbCdEf", "token": "A" * 22, "seat": 1, "game": "six_nimmt", "name": "Ann", "ended": False}
    if seen is not None:
        kept["seen"] = time.time() + seen if isinstance(seen, float) else seen
    assert offers_rejoin({STORAGE_KEY: json.dumps(kept)}) is offered


def test_a_host_that_ends_the_game_ends_the_offer_and_one_that_goes_home_does_not():
    air, host, _storage, ann, bob = two_phones(seed=5)
    host.tap({"shell": "menu"})  # Home: the table waits for the host, its phones stay connected
    air.run(host, ann, bob)
    assert ann.joined.guest.paused and 'data-screen="guest-paused"' in str(ann.render()) and offers_rejoin(ann.storage)
    host.tap({"shell": "resume", "game": "six_nimmt"})  # Continue: no scan
    air.run(host, ann, bob)
    assert not ann.joined.guest.paused and ann.joined.guest.status == "playing"
    air.drop(next(link for link, c in air.owner.items() if c is bob and link in air.open))  # Bob's phone away
    air.run(host, ann, bob)
    host.tap({"shell": "settings"})
    host.tap({"shell": "abandon"})
    host.tap({"shell": "abandon"})
    air.run(host, ann, bob)
    page = str(ann.render())
    assert 'data-screen="guest-ended"' in page and "The host ended the game." in page
    assert not offers_rejoin(ann.storage)
    assert offers_rejoin(bob.storage)  # away when it ended: it heard nothing (it expires in hours)


def test_after_the_host_reloads_each_phone_is_back_with_one_scan():
    world = World("six_nimmt", 4)
    assert world.scans == [2, 2]  # the first pairing: the host's code, then the phone's answer
    hands = {seat: world.host.session.state.observation(seat)["hand"] for seat in (1, 2)}
    world.reload_host()
    world.settle()
    assert world.away_seats() == [1, 2]
    for seat in (1, 2):
        assert tap_named_net(world.host, "invite", seat)
        assert code_on(world.air, world.host) is not None
        sheet = html.unescape(str(world.host.render()))
        assert "phone connects by itself" in sheet and "Next: scan the phone" not in sheet
        world.host.tap({"shell": "net", "do": "close_sheet", "fields": {}})
        world.phones[seat].tap({"shell": "net", "do": "rescan", "fields": {}})
        assert world.pair(seat)
    assert world.scans[2:] == [1, 1] and world.away_seats() == []
    for seat in (1, 2):
        assert phone_view(world.phones[seat])["obs"]["hand"] == hands[seat]
    world.check()


def test_a_phone_that_lost_its_certificate_connects_with_a_new_code_and_its_answer():
    world = World("six_nimmt", 4)
    world.reload_host()
    world.settle()
    del world.phone_storage[1][CERT_KEY]  # its browser's storage was cleared: a new certificate
    world.phones[1].tap({"shell": "net", "do": "rescan", "fields": {}})
    assert world.pair(1)
    assert world.scans[-1] == 3 and 1 not in world.away_seats()  # code, new code, answer
    fingerprint = world.host.hosted.host.remotes[1].keys.split("~")[2]
    saved = json.loads(world.host_storage.get(slot_key("six_nimmt")))["net"]["keys"]["1"]
    assert saved.split("~")[2] == fingerprint  # the new certificate's, kept for the next time
    world.reload_host()  # and the next time, one scan again
    world.settle()
    world.phones[1].tap({"shell": "net", "do": "rescan", "fields": {}})
    assert world.pair(1) and world.scans[-1] == 1


@pytest.mark.parametrize(
    "keys",
    [{"1": "x"}, {"1": "Kxi5~short~5f6KJyd3BRZi1IJEtu3nBhfZz0Ff6MCgyDNijVZUfrs~a"}, {"7": "a"}, ["x"], {"1": 5}],
)
def test_a_save_with_hostile_kept_answers_is_refused(keys):
    world = World("six_nimmt", 4)
    data = json.loads(world.host_storage.get(slot_key("six_nimmt")))
    assert set(data["net"]["keys"]) == {"1", "2"}
    data["net"]["keys"] = keys
    with pytest.raises(SaveError):
        from_json(json.dumps(data), bot_hook=world.host.bot_hook)
