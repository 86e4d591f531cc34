"""The faults a table of phones had, each pinned by a test through the app's own host and phones
(:mod:`table_world`: taps, and an in-memory link that can lose and repeat messages)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from table_world import World, phone_view, screen_of, seated_table, tap_named
from ui_helpers import taps

from hotseat import session_save
from hotseat.controller import Controller
from hotseat.net import protocol
from hotseat.saves import slot_key

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from net_check import check_view  # noqa: E402


def _views_sent(world: World, seat: int) -> int:
    return world.host.hosted.host.remotes[seat].views


def _pick_on_phone(world: World, seat: int) -> dict:
    """Seat ``seat`` taps a card on its phone (6 nimmt!); returns the tap."""
    phone = world.phones[seat]
    tap = next(t for t in taps(str(phone.render())) if "pick" in t)
    phone.tap(dict(tap, fields={}))
    return tap


def test_a_host_restart_is_a_new_epoch_and_phones_that_stayed_open_follow_it():
    world = World("six_nimmt", 11)
    world.settle()
    old = phone_view(world.phones[1])
    assert old is not None and old["n"] >= 1
    for _ in range(6):  # views numbered high in the first epoch
        world.step_all()
        world.settle()
    high = phone_view(world.phones[1])["n"]
    world.reload_host()  # the host's page reloads: it starts again from its save
    world.settle()
    world.rejoin_all()
    world.settle()
    view = phone_view(world.phones[1])
    assert view["epoch"] != old["epoch"] and view["n"] < high  # numbered afresh, and taken in
    world.check()  # the phone shows what the host's engine shows its seat


def test_a_move_lost_with_its_link_leaves_no_phone_waiting():
    world = World("six_nimmt", 12)
    world.settle()
    # the host's person picks first so that both phones must pick
    world.step_device(world.host, 0)
    world.settle()
    _pick_on_phone(world, 1)
    world.air.collect(world.devices)
    assert world.air.flight, "the pick is on its way"
    link, _host_link = world.link_to_host(world.phones[1])
    world.air.cut(link)  # the link drops with the pick in flight
    world.settle()
    assert "Sent to the table" not in str(world.phones[1].render())
    world.rejoin_all()
    world.settle()
    world.check()  # the table waits for seat 1, and its phone offers the pick again
    assert screen_of(str(world.phones[1].render())) == "guest-turn"


def test_moves_held_while_the_host_is_busy_are_answered_in_order_and_the_first_is_applied():
    """A phone that sends more moves while its first is held: the first is applied when the host is
    free (it was acknowledged but never applied when a later one was refused at once), every
    other is answered once, in the order sent; beyond MAX_HELD one is refused at once."""
    world, host, phone, host_link = seated_table(13)
    session = host.session
    hand = phone_view(phone)["obs"]["hand"]
    session.phones.accepts_remote = lambda: False  # the host's screen plays a reveal
    for n, card in enumerate(hand[:5], start=1):
        act = protocol.dumps("act", "guest", n=n, action={"type": "pick", "card": card})
        host.net_event(host_link, "message", act)
    replies = [json.loads(text) for to, text in host.wire.outbox if to == host_link]
    assert [q[2]["n"] for q in host.hosted.host.queue] == [1, 2, 3, 4]
    assert [(r["t"], r["n"], r["reason"]) for r in replies] == [("rejected", 5, "busy")]
    host.wire.outbox.clear()
    del session.phones.accepts_remote  # the reveal is over
    host.hosted.poll()
    replies = [json.loads(text) for to, text in host.wire.outbox if to == host_link]
    assert [(r["n"], r["reason"]) for r in replies if r["t"] == "rejected"] == [(2, "turn"), (3, "turn"), (4, "turn")]
    assert replies[-1]["t"] == "view" and replies[-1]["ack"] == 4
    assert hand[0] not in session.state.observation(1)["hand"], "the first move held was never applied"
    assert not host.hosted.host.queue


def _pick_and_send(world: World, seat: int) -> str:
    """Seat ``seat`` picks a card on its phone (made at the tap); returns the action message it sent."""
    _pick_on_phone(world, seat)
    (text,) = [text for _link, text in world.phones[seat].wire.outbox]
    return text


def test_an_action_that_arrives_twice_is_applied_once_and_answered_once():
    world, host, phone, host_link = seated_table(21)
    world.step_device(host, 0)  # the host's person picks
    world.step_device(host, 0)
    world.settle()
    before = host.session.state.to_json()
    act = _pick_and_send(world, 1)
    world.air.settle(world.devices)  # delivered once (the link also checks one answer per action)
    after = host.session.state.to_json()
    assert after != before
    host.net_event(host_link, "message", act)  # the same action again: Ann's view, nothing applied
    assert [json.loads(text)["t"] for _link, text in host.wire.outbox] == ["view"]
    assert host.session.state.to_json() == after
    world.settle()
    assert "not your turn" not in str(phone.render())
    world.check()


def _refused_on_anns_link(numbers: tuple[int, ...]) -> tuple[World, Controller, Controller]:
    """A 6 nimmt! table where the host's person has picked, and actions numbered ``numbers`` that
    no seat can make have come on Ann's link (seat 1) and been refused: (world, host, Ann's phone)."""
    world, host, phone, host_link = seated_table(23)
    world.step_device(host, 0)
    world.step_device(host, 0)
    world.settle()
    for n in numbers:
        host.net_event(host_link, "message", protocol.dumps("act", "guest", n=n, action={"type": "nope"}))
    return world, host, phone


def test_a_phone_numbers_its_actions_above_every_one_the_host_answered_on_its_link():
    """Numbers the phone did not send itself (sent on its link by other means) were answered:
    the phone's next action is numbered above them, and applied."""
    world, host, _phone = _refused_on_anns_link((1, 2, 3))  # three actions no seat can make
    world.settle()
    before = host.session.state.to_json()
    act = json.loads(_pick_and_send(world, 1))
    assert act["n"] == 4
    world.settle()
    assert host.session.state.to_json() != before
    world.check()


def test_an_action_numbered_before_the_phone_heard_of_other_answers_leaves_it_free_to_play():
    """The phone sends its action before the refusals of other actions on its link reach it: its
    number is one the host answered already, so it is a repeat (never applied); those answers
    free the phone, and its next tap is numbered above them and applied."""
    world, host, phone = _refused_on_anns_link((1, 2))  # the answers still on their way
    before = host.session.state.to_json()
    assert json.loads(_pick_and_send(world, 1))["n"] == 1
    world.settle()
    assert host.session.state.to_json() == before  # number 1 was answered: not applied
    assert not phone.joined.guest.waiting_for_answer
    assert json.loads(_pick_and_send(world, 1))["n"] == 3
    world.settle()
    assert host.session.state.to_json() != before
    world.check()


def test_an_action_held_while_the_host_reveals_and_sent_again_is_not_refused():
    world = World("six_nimmt", 25)
    world.settle()
    host = world.host
    world.step_device(host, 0)
    world.step_device(host, 0)
    world.settle()
    _pick_and_send(world, 1)
    world.air.settle(world.devices)
    _pick_and_send(world, 2)  # the last pick of the turn: the host reveals the cards (paced)
    world.air.settle(world.devices)
    assert screen_of(str(host.render())).endswith("reveal")
    phone = world.phones[1]
    assert tap_named(phone, lambda t: t.get("shell") == "skip")  # Ann skips her reveal and picks on
    assert screen_of(str(phone.render())) == "guest-turn"  # (this deal's first turn needs no row choice)
    act = _pick_and_send(world, 1)
    _link, host_link = world.link_to_host(phone)
    world.air.settle(world.devices)
    held = host.session.state.to_json()
    host.net_event(host_link, "message", act)  # the same action again, while it is held
    assert host.wire.outbox == [] and host.session.state.to_json() == held
    assert "Sent to the table" in str(phone.render())
    world.settle()  # the reveal ends: the held pick is applied and acknowledged
    assert host.session.state.to_json() != held
    world.check()
    assert "busy" not in str(phone.render())


def test_a_host_move_the_save_refused_is_taken_back_and_the_table_goes_on():
    world = World("dog", 5)  # the host's person (seat 0) hands the turn to Ann's phone (seat 1)
    world.settle()
    host = world.host
    for _ in range(400):
        if host.session.state.current_players() == [0] and screen_of(str(host.render())).endswith("turn"):
            break
        world.air.collect(world.devices)
        world.step_all()
        world.settle()
    key = slot_key("dog")
    saved, state = world.host_storage[key], host.session.state.to_json()
    views = {seat: _views_sent(world, seat) for seat in world.phones}
    world.host_storage.full = True
    for _ in range(6):
        world.step_device(host, 0)
    world.settle()
    assert host.session.state.to_json() == state and world.host_storage[key] == saved
    assert "taken back" in host.message
    assert {seat: _views_sent(world, seat) for seat in world.phones} == views  # nothing announced
    world.host_storage.full = False  # room again: the host's person moves, and Ann's phone hears of it
    for _ in range(6):
        if host.session.state.current_players() != [0]:
            break
        world.step_device(host, 0)
    world.settle()
    assert host.session.state.current_players() == [1]
    world.check()
    assert screen_of(str(world.phones[1].render())) == "guest-turn"


def test_a_pick_on_a_phone_is_made_at_its_tap_and_stays_while_other_seats_move():
    world = World("six_nimmt", 14)
    world.settle()
    tap = _pick_on_phone(world, 1)  # one tap: Ann's pick goes to the table
    world.settle()
    assert world.host.session.state.observation(1)["my_pick"] == tap["pick"]
    world.step_device(world.host, 0)  # the host's person picks
    world.settle()
    assert world.host.session.state.observation(1)["my_pick"] == tap["pick"]
    assert phone_view(world.phones[1])["obs"]["my_pick"] == tap["pick"]
    world.check()


def test_each_change_sends_each_phone_one_view():
    world = World("six_nimmt", 15)
    world.settle()
    before = {seat: _views_sent(world, seat) for seat in (1, 2)}
    world.step_device(world.host, 0)
    world.settle()
    _pick_on_phone(world, 1)
    world.settle()
    # two moves at the table (the host's pick, Ann's pick): two views to each phone
    assert {seat: _views_sent(world, seat) - before[seat] for seat in (1, 2)} == {1: 2, 2: 2}


def test_a_stream_of_refused_messages_is_one_notice_at_the_host():
    world, host, _phone, host_link = seated_table(16)
    notices = []
    bad = ["[" * 50, '{"v":2,"t":"nope"}', '{"v":2,"t":"ping"}', '{"v":2,"t":"act","n":%d,"action":{"type":"x"}}']
    for k in range(20):  # refusals of every kind, one after the other
        host.net_event(host_link, "message", bad[k % len(bad)].replace("%d", str(k + 1)))
        if host.message:
            notices.append(host.message)
            host.message = None
    assert notices == ["A message from Bob was refused (json)."]
    assert len(host.hosted.host.reports) == 20


def test_a_move_the_save_refused_is_taken_back_and_not_announced():
    world = World("six_nimmt", 17)
    world.settle()
    host = world.host
    key = slot_key("six_nimmt")
    world.step_device(host, 0)
    world.settle()
    saved, state = world.host_storage[key], host.session.state.to_json()
    views = {seat: _views_sent(world, seat) for seat in (1, 2)}

    world.host_storage.full = True
    _pick_on_phone(world, 1)
    world.settle()
    assert world.host_storage[key] == saved and host.session.state.to_json() == state
    assert {seat: _views_sent(world, seat) for seat in (1, 2)} == views  # nothing announced
    phone = world.phones[1]
    assert "could not save this move" in str(phone.render())
    assert screen_of(str(phone.render())) == "guest-turn"  # Ann may pick again
    world.host_storage.full = False  # space again: the same pick goes through
    _pick_on_phone(world, 1)
    world.settle()
    world.check()
    assert host.session.state.to_json() != state


def test_a_rematch_starts_each_phones_story_afresh():
    world = World("six_nimmt", 18)
    world.settle()
    for _ in range(4000):
        if world.over():
            break
        world.air.collect(world.devices)
        world.step_all()
        world.settle()
    assert world.over()
    last_game = len(world.host.session.log.history)
    world.host_storage.full = True  # no room for the new game's save: it does not start
    assert world.rematch()
    world.settle()
    assert world.over() and world.match_on_phones() == 0 and "Rematch again" in world.host.message
    world.host_storage.full = False
    assert world.rematch()
    world.settle()
    for _ in range(12):
        world.step_all()
        world.settle()
    phone = world.phones[1]
    assert phone_view(phone)["match"] == 1
    # the phone's story holds this game's moves only (the last game had dozens), from round 1
    heard = phone.joined.play.heard
    assert 1 <= len(heard.moves) <= len(world.host.session.log.history) < last_game
    assert heard.first_round == 1


def test_check_view_sees_a_leak_in_an_event():
    world = World("six_nimmt", 19)
    world.settle()
    host = world.host
    game = host.session.game
    save = session_save.to_dict(host.session)
    text = host.hosted.host._view(1, fresh=False, force=True)[1]
    msg = protocol.parse(text, "host")
    check_view(game, save, 1, msg, text)  # the real view passes
    bobs_card = host.session.state.observation(2)["hand"][0]
    leak = dict(msg, events=[{"type": "reveal", "player": 2, "card": bobs_card}])
    leaked = json.dumps(leak)
    try:
        check_view(game, save, 1, leak, leaked)
    except AssertionError as exc:
        assert "LEAK" in str(exc)
    else:
        raise AssertionError("a card of Bob's hand in an event passed the check")


def _reveal_ticks(phone) -> list[str]:
    """Tick ``phone`` until nothing is paced; the screen after each tick."""
    shown = []
    while phone.delay_ms() is not None:
        phone.tick()
        shown.append(screen_of(str(phone.render())))
    return shown


def test_a_view_that_comes_during_a_phones_reveal_leaves_it_to_play_out():
    """A phone's reveal runs on its own clock: the host's player may pick again (a new view whose
    event passes at once) while a phone still plays out the turn; that phone plays the turn's events
    to the end (it read the newest view's events, one long, and its screen died: IndexError)."""
    from test_net_controller import two_phones

    air, host, _storage, ann, bob = two_phones(seed=21)
    for c in (host, ann, bob):  # turn 1: every seat picks (made at the tap)
        pick = next(t for t in taps(str(c.render())) if "pick" in t)
        c.tap(dict(pick, fields={}))
        air.run(host, ann, bob)
    assert screen_of(str(ann.render())) == screen_of(str(bob.render())) == "guest-reveal"
    ann.tick()
    ann.tick()  # Ann's phone is two steps into the turn's reveal; Bob's has not started
    while host.delay_ms() is not None:
        host.tick()
    pick = next(t for t in taps(str(host.render())) if "pick" in t)  # turn 2 at the host
    host.tap(dict(pick, fields={}))
    air.run(host, ann, bob)
    assert phone_view(ann)["events"] == [{"type": "picked", "player": 0}]
    rest = _reveal_ticks(ann)
    whole = _reveal_ticks(bob)
    assert rest == whole[2:] and rest[-1] == "guest-turn" and len(whole) > 4
