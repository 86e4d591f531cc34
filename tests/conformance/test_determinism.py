"""Determinism: the same seed, options and actions give the same JSON; reference games replay
to their stored hashes. The Pyodide run replays the same files, so equal
hashes there mean both runtimes play every game identically.
"""

from __future__ import annotations

import pytest

import pycore

from .harness import case_id, game_setup, play_random_game, player_count_cases, require_game
from .reference import load_reference, reference_path, replay_entry, sha256

CASES = player_count_cases()
GAME_IDS = sorted({g for g, _ in CASES})


def _reference_cases():
    out = []
    for gid in GAME_IDS:
        try:
            games = load_reference(gid)["games"]
        except (FileNotFoundError, ValueError, KeyError):
            out.append((gid, None))
            continue
        out.extend((gid, k) for k in range(len(games)))
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_options_and_actions_give_the_same_json(case):
    gid, n = case
    game = require_game(gid, n)
    seed, options = game_setup(game, n, 1, "determinism")
    hashes = []
    final, actions = play_random_game(
        game,
        n,
        seed,
        options,
        roundtrip_every=10**9,
        deep_every=10**9,
        on_state=lambda state, step: hashes.append(sha256(state.to_json())),
    )
    # a fresh replay passes through the same states
    state = game.new_initial_state(n, seed, options)
    assert sha256(state.to_json()) == hashes[0]
    mid = len(actions) // 2
    saved = cloned = None
    for i, (player, action) in enumerate(actions, start=1):
        state.apply_action(player, action)
        assert sha256(state.to_json()) == hashes[i], f"replay diverged at action {i}"
        if i == mid:
            saved, cloned = state.to_json(), state.clone()
    assert state.to_json() == final.to_json()
    # a game loaded from a save (rng included) and a clone go on exactly like the original
    for other in (game.state_from_json(saved), cloned):
        for player, action in actions[mid:]:
            other.apply_action(player, action)
        assert other.to_json() == final.to_json()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_seeds_change_the_deal(gid):
    game = pycore.load_game(gid)
    n = game.max_players
    deals = {game.new_initial_state(n, seed).to_json() for seed in range(8)}
    assert len(deals) == 8, "different seeds must give different games"
    assert game.new_initial_state(n, 5).to_json() == game.new_initial_state(n, 5).to_json()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_game_has_reference_games(gid):
    path = reference_path(gid)
    assert path.exists(), f"no reference games for {gid}: run python -m tests.conformance.make_reference --game {gid}"
    ref = load_reference(gid)
    assert ref["game"] == gid and ref["format"] == "hotseat-reference-games"
    assert len(ref["games"]) >= 3
    assert ref["state_version"] == pycore.load_game(gid).STATE_VERSION, "state version changed: regenerate"


@pytest.mark.parametrize("case", _reference_cases(), ids=lambda c: f"{c[0]}-{c[1]}")
def test_reference_game_replays_to_its_stored_hash(case):
    gid, k = case
    assert k is not None, f"no readable reference file for {gid}"
    entry = load_reference(gid)["games"][k]
    state, checkpoints, layouts = replay_entry(gid, entry)
    got = sha256(state.to_json())
    print(f"reference {gid} #{k}: {got}")
    for step, want in entry["checkpoints"].items():
        assert checkpoints.get(step) == want, f"{gid} reference #{k} diverges by action {step}"
    assert got == entry["sha256"], f"{gid} reference #{k}: final state differs"
    # the hashes an earlier engine wrote for the same game, in its save layout: the rules still play
    # exactly as they did then
    assert sorted(entry.get("layouts", {})) == [str(v) for v in sorted(layouts)]
    for version, old in entry.get("layouts", {}).items():
        mine = layouts[int(version)]
        for step, want in old["checkpoints"].items():
            assert mine.get(step) == want, f"{gid} reference #{k}: version {version} layout diverges by action {step}"
        assert mine["sha256"] == old["sha256"], f"{gid} reference #{k}: final state differs, version {version} layout"
    assert state.is_terminal()
    assert state.returns() == entry["returns"] and state.winners() == entry["winners"]
