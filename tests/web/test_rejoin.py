"""A phone that reloads or reopens the app (its page gone, its seat kept in storage) is offered
"Rejoin <game>" on its home screen, and one pairing brings its seat and hand back."""

from __future__ import annotations

import json

import pytest
from test_net_controller import pair, two_phones
from ui_helpers import MemoryStorage, taps

from hotseat.controller import Controller
from hotseat.net.guest import STORAGE_KEY


def reopened(storage) -> Controller:
    """The app started again on a phone with ``storage`` (a reload: nothing else survives)."""
    return Controller(MemoryStorage(storage), bot_hook=None)


def test_a_reloaded_phone_is_offered_rejoin_and_gets_its_seat_and_hand_back():
    air, host, _storage, ann, _bob = two_phones()
    hand = ann.net.play.latest["obs"]["hand"]
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
    assert again.net.guest.seat == 1 and again.net.play.latest["obs"]["hand"] == hand
    assert host.net.host.away() == []


def test_leaving_the_table_forgets_the_seat_and_the_offer():
    air, _host, _storage, ann, _bob = two_phones()
    ann.net.tap({"shell": "net", "do": "leave"})
    assert STORAGE_KEY not in ann.storage
    assert "Rejoin" not in str(reopened(ann.storage).render())


@pytest.mark.parametrize(
    "extra",
    [{"game": "chess"}, {"game": 7}, {"game": "six_nimmt", "name": "x" * 41}, {"game": ["six_nimmt"]}],
)
def test_a_kept_seat_with_a_hostile_game_or_name_is_not_offered_by_those(extra):
    kept = {"room": "AbCdEf", "token": "A" * 22, "seat": 1, **extra}
    page = str(reopened({STORAGE_KEY: json.dumps(kept)}).render())
    if extra.get("game") == "six_nimmt":
        assert "Rejoin 6 nimmt!" in page and "x" * 41 not in page and "keeps a seat at a table" in page
    else:
        assert "Rejoin" not in page and "chess" not in page
