"""Saves: every state round-trips; truncated, mistyped and tampered JSON is refused with a
message. The round trip of every visited state is in ``test_random_play``.

Strict cases (must raise ``InvalidStateError``): truncation, a value of the wrong JSON type at any
path of the state, a removed key, an unknown key, the wrong game, a newer version, a broken
envelope. Lenient cases (refused, or loaded into a state that is really valid and plays on):
out-of-range numbers, a list entry duplicated into another list, an older version (migrated).
"""

from __future__ import annotations

import json

import pytest

import pycore
from pycore import InvalidStateError
from pycore.rng import Rng

from .harness import (
    case_id,
    expect_refused,
    expect_refused_or_valid,
    get_path,
    iter_paths,
    path_text,
    player_count_cases,
    require_game,
    round_trip,
    set_path,
    stable_seed,
    state_pool,
)

CASES = player_count_cases()
GAME_IDS = sorted({g for g, _ in CASES})


def wrong_type_values(value):
    """Values of another JSON type than ``value`` that no save may hold in its place.

    ``None`` is never offered (it may be a legitimate "nothing" next to any type); a
    ``None`` slot gets an object, a list of strings and a fractional number.
    """
    if isinstance(value, bool):
        return [1, "true", [value]]
    if isinstance(value, int):
        return [str(value), value + 0.5, [value], True, {"value": value}]
    if isinstance(value, float):
        return [str(value), [value]]
    if isinstance(value, str):
        return [7, [value], {"value": value}, False]
    if isinstance(value, list):
        return [{"items": value}, "list", 3]
    if isinstance(value, dict):
        return [[value], "object", 3]
    assert value is None
    return [{"bogus": [1, 2]}, ["bogus"], 0.5]


def _paths(state_dict):
    return [(path, value) for path, value in iter_paths(state_dict) if path]


def _parse(text):
    return json.loads(text)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_truncated_saves_are_refused(case):
    gid, n = case
    game = require_game(gid, n)
    for text in state_pool(game, n)[::3]:
        for cut in sorted({0, 1, len(text) // 7, len(text) // 3, len(text) // 2, 2 * len(text) // 3, len(text) - 1}):
            exc = expect_refused(game, text[:cut], f"save cut to {cut} of {len(text)} characters")
            assert "JSON" in str(exc) or "format" in str(exc), f"unhelpful message for a truncated save: {exc}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_wrong_type_anywhere_in_the_state_is_refused(case):
    gid, n = case
    game = require_game(gid, n)
    rng = Rng(stable_seed(gid, n, "types"))
    for text in state_pool(game, n):
        envelope = _parse(text)
        paths = _paths(envelope["state"])
        picks = [paths[rng.randbelow(len(paths))] for _ in range(12)]
        # plus every top-level field once
        picks += [(path, value) for path, value in paths if len(path) == 1]
        for path, value in picks:
            for bad in wrong_type_values(value):
                tampered = _parse(text)
                set_path(tampered["state"], path, bad)
                expect_refused(game, json.dumps(tampered), f"{path_text(path)} = {bad!r} (was {value!r})")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_removed_and_unknown_keys_are_refused(case):
    gid, n = case
    game = require_game(gid, n)
    for text in state_pool(game, n):
        envelope = _parse(text)
        dict_paths = [path for path, value in iter_paths(envelope["state"]) if isinstance(value, dict)]
        for path in dict_paths:
            original = get_path(envelope["state"], path)
            for key in original:
                if path == ("options",):
                    continue  # a missing option takes its documented default
                tampered = _parse(text)
                del get_path(tampered["state"], path)[key]
                expect_refused(game, json.dumps(tampered), f"{path_text(path + (key,))} removed")
            tampered = _parse(text)
            get_path(tampered["state"], path)["zz_unknown"] = 1
            expect_refused(game, json.dumps(tampered), f"unknown key added to {path_text(path)}")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_out_of_range_and_moved_values_are_refused_or_valid(case):
    gid, n = case
    game = require_game(gid, n)
    rng = Rng(stable_seed(gid, n, "range"))
    refused = accepted = 0
    for text in state_pool(game, n):
        envelope = _parse(text)
        paths = _paths(envelope["state"])
        ints = [(p, v) for p, v in paths if isinstance(v, int) and not isinstance(v, bool)]
        for _ in range(8):
            if not ints:
                break
            path, value = ints[rng.randbelow(len(ints))]
            for bad in (-1, value + 1, value - 1, 10**6, 2**64):
                tampered = _parse(text)
                set_path(tampered["state"], path, bad)
                if expect_refused_or_valid(game, json.dumps(tampered), f"{path_text(path)} = {bad} (was {value})", rng):
                    refused += 1
                else:
                    accepted += 1
        lists = [(p, v) for p, v in paths if isinstance(v, list) and v and not isinstance(v[0], (list, dict))]
        for _ in range(6):
            if len(lists) < 2:
                break
            (src, a), (dst, _b) = lists[rng.randbelow(len(lists))], lists[rng.randbelow(len(lists))]
            tampered = _parse(text)
            get_path(tampered["state"], dst).append(a[rng.randbelow(len(a))])
            if expect_refused_or_valid(
                game, json.dumps(tampered), f"an entry of {path_text(src)} copied into {path_text(dst)}", rng
            ):
                refused += 1
            else:
                accepted += 1
        # every top-level list of plain values once with its first entry repeated
        for path, value in paths:
            if len(path) == 1 and isinstance(value, list) and value and not isinstance(value[0], (list, dict)):
                tampered = _parse(text)
                get_path(tampered["state"], path).append(value[0])
                if expect_refused_or_valid(
                    game, json.dumps(tampered), f"{path_text(path)} with {value[0]!r} repeated", rng
                ):
                    refused += 1
                else:
                    accepted += 1
    assert refused > 0, "no tampered save was refused at all"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_envelope_errors_are_refused_with_a_reason(gid):
    game = pycore.load_game(gid)
    text = state_pool(game, game.min_players)[1]
    good = _parse(text)

    def variant(**changes):
        env = _parse(text)
        for k, v in changes.items():
            if v is KeyError:
                del env[k]
            else:
                env[k] = v
        return json.dumps(env)

    assert "newer" in str(expect_refused(game, variant(version=game.STATE_VERSION + 1), "version newer"))
    expect_refused(game, variant(version=str(game.STATE_VERSION)), "version as a string")
    expect_refused(game, variant(version=True), "version as a bool")
    expect_refused(game, variant(version=KeyError), "version missing")
    expect_refused(game, variant(format=KeyError), "format missing")
    expect_refused(game, variant(format="other-app"), "format wrong")
    assert gid in str(expect_refused(game, variant(game="no_such_game"), "wrong game id"))
    expect_refused(game, variant(game=KeyError), "game id missing")
    expect_refused(game, variant(state=KeyError), "state missing")
    expect_refused(game, variant(state=[good["state"]]), "state as a list")
    expect_refused(game, json.dumps([good]), "envelope as a list")
    expect_refused(game, "", "empty text")
    expect_refused(game, "null", "null")
    with pytest.raises(InvalidStateError):
        game.state_from_json(text.encode())
    with pytest.raises(InvalidStateError):
        game.state_from_json(good)
    # a save of every other registered game is refused by name
    for other_id in GAME_IDS:
        if other_id != gid:
            other = pycore.load_game(other_id)
            other_text = state_pool(other, other.min_players)[0]
            assert gid in str(expect_refused(game, other_text, f"a {other_id} save"))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_older_versions_are_migrated_or_refused_clearly(gid):
    game = pycore.load_game(gid)
    for text in state_pool(game, game.min_players)[:4]:
        for old in range(0, game.STATE_VERSION):
            env = _parse(text)
            env["version"] = old
            try:
                loaded = game.state_from_json(json.dumps(env))
            except InvalidStateError as exc:
                msg = str(exc)
                assert str(old) in msg and str(game.STATE_VERSION) in msg, (
                    f"the refusal does not name the versions: {msg}"
                )
                continue
            # migrated: a valid state that plays on
            loaded.check_invariants()
            round_trip(game, loaded)
