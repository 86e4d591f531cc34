"""The stateful test of a table of phones: seeded random schedules of moves and faults.

A host and two or three phones (:mod:`table_world`) play every game that can be played over
phones, to its end. A game is a chain of schedules: each schedule is a run of random steps —
moves, the phones playing while the host's person looks at the summary (their moves wait at the
host), messages delivered one by one, links dropped with messages in flight, messages delivered
twice, phones and the host reloaded (a new Controller on the same storage), a phone the table
waits for gone (link cut or page closed) and, a few seconds later, its seat played at the host by a
bot or the host's people until the phone rejoins and takes it back, the host sent Home and back to
Continue, the host's storage full and free again — followed by every phone rejoining and a few
moves with no faults; at the end, half the games go on to a rematch with faults (some first
tapped while the storage is full). At random points the table is settled (every message
delivered, every paced screen played out) and checked:

* every connected phone's newest view is exactly its seat's observation and legal actions in
  the host's engine, and the host's engine holds no move its save lacks;
* no phone waits on a move the host does not hold (a phone whose seat the engine waits for
  offers a move, unless the host's screen holds the table and with it the phone's move);
* on every link, each action of a phone is answered once (checked as each message is sent);

and after each schedule the table must go on (it is stuck if no device offers a move), so every
game is finished.

Two kinds of air: ``plain`` delivers messages in the order they were sent and a closed link is
heard closed at both ends at once; ``late`` is WebRTC's at a real table (``LossyAir(late=True)``):
links interleave (the next message of a link chosen at random), a link its page closed (a reload,
a new pairing) is heard closed at the other end only later, with what was on its way still
arriving, and the schedules also have a phone whose hello is slow re-pair before it arrives (the
old hello then comes after the newer link was welcomed) and late closes heard at random points.

``HOTSEAT_TABLE_GAMES`` sets the games per table and kind of air (default 3: about 500 schedules,
about a minute of CPU; ``make soak-table`` plays many more), ``HOTSEAT_TABLE_STEPS`` the most steps
of a schedule and ``HOTSEAT_TABLE_SEED`` the first seed.
"""

from __future__ import annotations

import os

import pytest
from table_world import TABLES, World

GAMES = int(os.environ.get("HOTSEAT_TABLE_GAMES", "3"))
STEPS = int(os.environ.get("HOTSEAT_TABLE_STEPS", "30"))
FIRST_SEED = int(os.environ.get("HOTSEAT_TABLE_SEED", "1"))

#: what a schedule does between two checks, and how often
WEIGHTS = {
    "play": 30,
    "phones": 6,
    "deliver": 14,
    "cut": 4,
    "duplicate": 3,
    "reload_phone": 2,
    "rejoin": 5,
    "away": 3,
    "reload_host": 1,
    "home": 1,
    "storage": 2,
}
#: the late air's own steps, besides those
LATE_WEIGHTS = {"slow_hello": 3, "late_close": 4}


def run_schedule(world: World, steps: int) -> None:
    """One schedule: ``steps`` random moves and faults, settling and checking at random points."""
    rng = world.rng
    kinds, weights = zip(*(WEIGHTS | (LATE_WEIGHTS if world.air.late else {})).items(), strict=True)
    for _ in range(steps):
        kind = rng.choices(kinds, weights)[0]
        world.steps.append(kind)
        if kind == "play":
            for _k in range(rng.randint(1, 6)):
                world.air.collect(world.devices)
                world.step_all()
        elif kind == "phones":  # the host's person looks at the summary while the phones play
            for _k in range(rng.randint(1, 4)):
                world.air.collect(world.devices)
                world.step_phones()
                world.air.deliver_one()
        elif kind == "deliver":
            world.air.collect(world.devices)
            for _k in range(rng.randint(1, 4)):
                world.air.deliver_one()
        elif kind == "cut":
            world.air.collect(world.devices)
            links = sorted(world.air.open)
            if links:
                world.air.cut(rng.choice(links))
        elif kind == "duplicate":
            world.air.collect(world.devices)
            world.air.duplicate(rng)
        elif kind == "reload_phone":
            world.reload_phone(rng.choice(sorted(world.phones)))
        elif kind == "rejoin":
            away = world.away_seats()
            if away:
                world.pair(rng.choice(away))
        elif kind == "away":  # a phone the table waits for drops: a bot or the host's people play it
            waiting = world.host.session.phones.waiting if world.host_at_table() else []
            if waiting:
                seat = rng.choice(waiting)
                if seat not in world.away_seats():
                    world.air.collect(world.devices)
                    if rng.random() < 0.5:
                        world.reload_phone(seat)
                    else:
                        world.cut_phone(seat)
                world.go_on_without(seat, rng)
        elif kind == "reload_host":
            world.reload_host()
        elif kind == "home":
            world.host_home_and_back()
        elif kind == "storage":  # the host's browser refuses to save, or has room again
            world.host_storage.full = not world.host_storage.full
        elif kind == "slow_hello":  # a phone re-pairs before its first hello arrived; that one comes after
            away = world.away_seats()
            if away:
                world.pair_with_slow_hello(rng.choice(away))
        elif kind == "late_close":  # an end hears that its peer closed, at last
            world.air.hear_late_close()
        if rng.random() < 0.5:
            world.settle()
            world.check()


def heal_and_play(world: World, moves: int, limit: int = 5_000) -> None:
    """Every phone rejoins (as soon as the host's screen shows no one's cards); then the table plays
    on with no faults until ``moves`` moves were made at the table or the game is over. Fails when
    the table is stuck."""
    world.host_storage.full = False
    world.settle()
    world.rejoin_all()
    world.settle()
    world.check()
    made, idle = 0, 0
    last = world.table_state()
    for _ in range(limit):
        if world.over() or made >= moves:
            world.settle()
            world.check()
            return
        if world.away_seats():  # a phone whose seat the host's people play: rejoins once the host's
            world.rejoin_all()  # screen is public again (no one's cards on it)
        world.air.collect(world.devices)
        moved = world.step_all()
        world.air.settle(world.devices)
        now = world.table_state()
        if now != last:
            made, last = made + 1, now
        if not moved and not world.air.flight:
            idle += 1
            world.settle()
            world.check()
            assert idle < 5, f"{world.table} seed {world.seed}: the table is stuck ({world.steps[-10:]})"
        else:
            idle = 0
    raise AssertionError(f"{world.table} seed {world.seed}: the game does not go on")


def play_a_game(table: str, seed: int, late: bool = False, memo_check: bool = False) -> int:
    """A whole game at ``table``: schedules of faults, each followed by rejoins and a few moves
    without faults, until the game is over; then sometimes a rematch with faults, checked as the
    next game starts. ``late``: the late air (see the module docstring). Each device draws its
    page once per change (:class:`table_world.Device`; ``memo_check``: and compares the kept page
    with a fresh one at every look). Returns the number of schedules run."""
    world = World(table, seed, late=late, memo=True, memo_check=memo_check)
    schedules = 0
    while not world.over():
        run_schedule(world, world.rng.randint(STEPS // 2, STEPS))
        schedules += 1
        heal_and_play(world, world.rng.randint(1, 12))
    if world.rng.random() < 0.5:
        world.steps.append("rematch")
        if world.rng.random() < 0.3:  # no room to save the new game: the table stays at the last one
            world.host_storage.full = True
            assert world.rematch(), "no Rematch at the end of the game"
            world.settle()
            world.check()
            assert world.over() and world.match_on_phones() == 0
            world.host_storage.full = False
        assert world.rematch(), "no Rematch at the end of the game"
        run_schedule(world, STEPS // 2)
        schedules += 1
        heal_and_play(world, 3)
        assert world.match_on_phones() == 1, "a phone still shows the last game"
    return schedules


@pytest.mark.parametrize("air", ["plain", "late"])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_schedules_of_faults_keep_every_phone_in_step_and_every_game_finishes(table, air):
    late = air == "late"
    schedules = sum(play_a_game(table, seed, late) for seed in range(FIRST_SEED, FIRST_SEED + GAMES))
    print(f"{table}, {air} air: {schedules} schedules in {GAMES} games")
    assert schedules >= GAMES


@pytest.mark.parametrize(("table", "seed", "air"), [("six_nimmt4", 2, "plain")])
def test_a_kept_page_is_the_page_a_fresh_render_draws(table, seed, air):
    """The schedules above draw each device's page once per change (:class:`table_world.Device`):
    here a whole game (three phones, faults, rejoins) renders afresh at every look as well, and
    every kept page must be byte-identical to it. A key that misses something the page draws from
    fails here: without the taps, the network events, what the browser glue hands back (codes,
    links) or the world's clock (this game looks at the host's away sheet again after the clock
    moved on), a kept page goes stale in this game."""
    assert play_a_game(table, seed, air == "late", memo_check=True) >= 1
