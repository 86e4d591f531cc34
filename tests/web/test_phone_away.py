"""A phone that drops while the table waits for its seat: after a few seconds the host may have a
bot or its own people play the seat (saved with the game); the phone takes its seat back when
it rejoins. Driven by taps on what the screens draw (:mod:`table_world`)."""

from __future__ import annotations

import html
import json

import pytest
from table_world import World, net_do, phone_view, screen_of, tap_named
from ui_helpers import cards_shown, taps

from hotseat.net.away import AWAY_GRACE_MS
from hotseat.saves import SaveError, slot_key
from hotseat.session_save import from_json


def table_waiting_for_phones(seed: int = 3) -> World:
    """6 nimmt! with Ann at the host and Bob, Cyd on their phones: Ann has picked her card, the
    table waits for both phones."""
    world = World("six_nimmt", seed)
    while 0 in world.host.session.state.current_players():
        assert world.step_device(world.host, 0)
        world.air.settle(world.devices)
    assert world.host.session.phones.waiting == [1, 2]
    return world


def host_taps(world: World, do: str) -> list[dict]:
    return [t for t in taps(str(world.host.render())) if net_do(do)(t)]


def saved_seats(world: World) -> list[dict]:
    return json.loads(world.host_storage.get(slot_key("six_nimmt")))["seats"]


def hand(world: World, seat: int) -> list[int]:
    return list(world.host.session.state.observation(seat)["hand"])


def test_after_a_few_seconds_away_a_bot_plays_the_seat_until_its_phone_rejoins():
    world = table_waiting_for_phones()
    world.cut_phone(1)
    world.air.settle(world.devices)  # messages only: no timer waited for
    assert host_taps(world, "away") == []  # only just gone: it may be back in a moment
    assert 0 < world.host.delay_ms() <= AWAY_GRACE_MS  # the host's screen is drawn again then
    world.now += AWAY_GRACE_MS / 1000 - 0.1
    assert host_taps(world, "away") == []
    world.now += 0.1
    assert [t["seat"] for t in host_taps(world, "away")] == [1]  # Cyd's phone is connected
    assert world.host.delay_ms() is None

    assert tap_named(world.host, net_do("away"))
    sheet = str(world.host.render())
    assert "Bob's phone is away" in html.unescape(sheet)
    assert [t["kind"] for t in taps(sheet) if net_do("stand_in")(t)] == ["bot:easy", "bot:normal", "bot:hard", "human"]
    assert not set(cards_shown(sheet)) & set(hand(world, 1) + hand(world, 2))  # no one's hand

    assert tap_named(world.host, lambda t: net_do("stand_in")(t) and t["kind"] == "bot:hard")
    assert world.host.session.kinds == ["human", "bot:hard", "guest"]
    assert saved_seats(world)[1] == {"name": "Bob", "kind": "bot:hard", "phone": True}
    assert "Bob's phone is away" not in html.unescape(str(world.host.render()))  # the sheet closed
    world.settle()
    assert world.host.session.phones.waiting == [2]  # the bot picked for Bob; Cyd's phone still chooses

    world.reload_host()  # the choice survives the host's reload
    assert world.host.session.kinds[1] == "bot:hard"
    assert "away: Hard bot plays" in str(world.host.render())

    world.reload_phone(1)  # Bob's phone comes back (Rejoin: the host's code, then its answer)
    world.settle()
    assert world.pair(1)
    world.settle()
    assert world.host.session.kinds == ["human", "guest", "guest"]
    assert saved_seats(world)[1] == {"name": "Bob", "kind": "guest"}
    state = world.host.session.state
    assert phone_view(world.phones[1])["obs"] == json.loads(json.dumps(state.observation(1)))
    world.check()


def test_the_people_at_the_host_play_the_seat_behind_its_curtain_until_the_phone_is_back():
    world = table_waiting_for_phones()
    world.reload_phone(1)  # the page closed
    world.settle()
    world.now += AWAY_GRACE_MS / 1000
    assert tap_named(world.host, lambda t: net_do("away")(t) and t["seat"] == 1)
    assert tap_named(world.host, lambda t: net_do("stand_in")(t) and t["kind"] == "human")
    s = world.host.session
    assert s.kinds == ["human", "human", "guest"] and saved_seats(world)[1]["phone"] is True
    curtain = str(world.host.render())
    assert screen_of(curtain).endswith("curtain") and "Bob" in curtain
    assert not set(cards_shown(curtain)) & set(hand(world, 0) + hand(world, 1))  # until Bob takes the phone
    assert "away: plays on this phone" in curtain

    assert tap_named(world.host, lambda t: t.get("shell") == "show")
    shown = set(cards_shown(str(world.host.render())))
    assert set(hand(world, 1)) <= shown and not shown & set(hand(world, 0))  # Bob's own hand

    assert world.pair(1) is False  # Bob's cards are on the host's screen: no strip, no Connect now
    s.curtain.hide_private_view()  # the host's phone locks: Bob's cards go behind his curtain
    assert world.pair(1)  # the phone comes back while the host's curtain waits for Bob
    world.settle()
    assert s.kinds == ["human", "guest", "guest"] and s.phones.waiting == [1, 2]
    shown = set(cards_shown(str(world.host.render())))
    assert set(hand(world, 0)) <= shown and not shown & set(hand(world, 1))  # Ann's view is the table's again
    assert screen_of(str(world.phones[1].render())).endswith("turn")
    world.check()


def test_nothing_is_offered_for_a_connected_phone_or_a_seat_the_table_does_not_wait_for():
    world = table_waiting_for_phones()
    world.cut_phone(1)
    world.settle()
    world.now += AWAY_GRACE_MS / 1000
    assert world.step_device(world.phones[2], 2)  # Cyd picks: the table waits for Bob only
    world.settle()
    s = world.host.session
    for seat, kind in ((2, "bot:easy"), (0, "bot:easy"), (1, "guest"), (1, "bot:wise"), (1, None)):
        world.host.tap({"shell": "net", "do": "away", "seat": seat, "fields": {}})
        world.host.tap({"shell": "net", "do": "stand_in", "seat": seat, "kind": kind, "fields": {}})
    assert s.kinds == ["human", "guest", "guest"]  # 2 is connected, 0 no phone's, the rest not stand-ins
    world.host_storage.full = True
    assert tap_named(world.host, lambda t: net_do("away")(t) and t["seat"] == 1)
    assert tap_named(world.host, lambda t: net_do("stand_in")(t) and t["kind"] == "bot:normal")
    assert s.kinds[1] == "guest" and s.phones.waiting == [1]  # the save refused it: nothing changed
    assert "so the table still waits for Bob's phone" in world.host.message
    world.host_storage.full = False
    assert tap_named(world.host, lambda t: net_do("stand_in")(t) and t["kind"] == "bot:normal")
    assert s.kinds[1] == "bot:normal"


@pytest.mark.parametrize(
    "seat",
    [
        {"name": "Bob", "kind": "guest", "phone": True},
        {"name": "Bob", "kind": "bot:easy", "phone": "yes"},
        {"name": "Bob", "kind": "bot:easy", "phone": False},
        {"name": "Bob", "kind": "human", "phone": True, "extra": 1},
    ],
)
def test_a_save_with_a_malformed_stand_in_is_refused(seat):
    world = table_waiting_for_phones()
    data = json.loads(world.host_storage.get(slot_key("six_nimmt")))
    data["seats"][1] = seat
    with pytest.raises(SaveError):
        from_json(json.dumps(data), bot_hook=world.host.bot_hook)
