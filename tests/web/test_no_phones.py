"""A browser that cannot connect phones (no WebRTC): every option for phones is shown disabled
with the reason, no tap reaches the phone side, and a saved table with phone seats still opens."""

from __future__ import annotations

import json

from test_net_controller import host_table
from ui_helpers import MemoryStorage, first_legal_bot, taps

from hotseat.controller import Controller
from hotseat.seats import GUEST, HUMAN

WHY = "This browser cannot connect phones."


def without_phones(storage=None) -> Controller:
    c = Controller(MemoryStorage() if storage is None else storage, bot_hook=first_legal_bot)
    c.phones_unavailable()
    return c


def net_taps(markup) -> list[dict]:
    return [t for t in taps(markup) if t.get("shell") == "net"]


def test_home_shows_join_a_table_disabled_with_the_reason_and_the_tap_does_nothing():
    able = Controller(MemoryStorage(), bot_hook=None)
    assert WHY not in str(able.render())
    c = without_phones()
    page = str(c.render())
    assert WHY in page
    join = page[page.index("Join a table") - 200 : page.index("Join a table")]
    assert "disabled" in join
    c.tap({"shell": "net", "do": "join"})
    assert c.screen == "home" and c.net_started is None  # the phone side was never even made


def test_setup_shows_own_phone_disabled_at_each_seat_says_why_and_refuses_it():
    c = without_phones()
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert GUEST not in c.tables.seat_kinds("six_nimmt")
    page = c.render()
    own = [t for t in taps(page) if t.get("shell") == "kind" and t.get("kind") == GUEST]
    assert len(own) == c.setup.n  # shown at every seat ...
    assert str(page).count("disabled") >= len(own) and WHY in str(page)
    c.tap({"shell": "kind", "seat": 1, "kind": GUEST})  # ... and a tap on it changes nothing
    assert c.setup.kinds[1] == HUMAN
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:easy"})
    assert c.setup.kinds[1] == "bot:easy"
    able = Controller(MemoryStorage(), bot_hook=first_legal_bot)
    able.tap({"shell": "new", "game": "six_nimmt"})
    able.tap({"shell": "kind", "seat": 1, "kind": GUEST})
    assert able.setup.kinds[1] == GUEST and WHY not in str(able.render())


def test_a_game_without_secrets_says_nothing_about_phones():
    c = without_phones()
    c.tap({"shell": "new", "game": "bunny_moose"})
    assert WHY not in str(c.render())


def test_a_remembered_table_with_phone_seats_is_set_up_with_people_at_this_phone():
    host, storage = host_table()
    assert host.players.tables["six_nimmt"]  # the table was remembered with two phone seats
    stored = MemoryStorage(storage)
    stored.remove("hotseat.game.six_nimmt")  # no game in progress: setup opens at once
    c = without_phones(stored)
    c.tap({"shell": "new", "game": "six_nimmt"})
    assert c.setup.names[:3] == ["Hana", "Ann", "Bob"]
    assert c.setup.kinds[:3] == [HUMAN, HUMAN, HUMAN]


def test_a_saved_table_with_phone_seats_opens_with_no_connect_and_the_reason():
    host, storage = host_table()
    host.go_home()
    c = without_phones(MemoryStorage(storage))
    resume = next(t for t in taps(c.render()) if t.get("shell") == "resume")
    c.tap(resume)
    assert c.screen == "game" and c.session.kinds == [HUMAN, GUEST, GUEST]
    page = c.render()
    assert WHY in str(page) and not [t for t in net_taps(page) if t.get("do") == "invite"]
    c.tap({"shell": "net", "do": "invite", "seat": 1})
    assert c.wire.requests == [] and c.hosted.sheet is None
    assert json.loads(storage["hotseat.game.six_nimmt"])["seats"][1]["kind"] == GUEST  # the save unchanged
