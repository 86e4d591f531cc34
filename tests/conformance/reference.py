"""Reference games: recorded (seed, options, actions) with the hash of the final saved state.

The files are ``seeds/reference/<game_id>.json`` (format in ``seeds/reference/README.md``),
written by ``python -m tests.conformance.make_reference``. Replaying one gives the same
``to_json()`` (hence the same sha256) in CPython and in Pyodide; a different hash means the
game's behaviour or save layout changed.

``python -m tests.conformance.reference`` replays them all and prints one line per game with
the computed and the stored hash (the Pyodide runner calls it too); exit status 1 on a mismatch.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pycore
from pycore.core import State

REFERENCE_DIR = Path(__file__).resolve().parents[2] / "seeds" / "reference"
CHECKPOINT_EVERY = 100


def reference_path(game_id: str) -> Path:
    return REFERENCE_DIR / f"{game_id}.json"


def load_reference(game_id: str) -> dict:
    """The reference file of ``game_id``; raises ``FileNotFoundError`` if there is none."""
    return json.loads(reference_path(game_id).read_text(encoding="utf-8"))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def replay_entry(game_id: str, entry: dict) -> tuple[State, dict[str, str]]:
    """Replay one recorded game; return the final state and its checkpoint hashes.

    Checkpoints are the sha256 of ``to_json()`` after every ``CHECKPOINT_EVERY`` actions, keyed
    by the number of actions as a string.
    """
    game = pycore.load_game(game_id)
    state = game.new_initial_state(entry["num_players"], entry["seed"], entry["options"])
    checkpoints = {}
    for i, (player, action) in enumerate(entry["actions"], start=1):
        state.apply_action(player, action)
        if i % CHECKPOINT_EVERY == 0:
            checkpoints[str(i)] = sha256(state.to_json())
    return state, checkpoints


def main() -> int:
    bad = 0
    print(f"reference games (Python {sys.version.split()[0]}, {sys.platform})")
    for gid in pycore.GAMES:
        try:
            ref = load_reference(gid)
        except FileNotFoundError:
            print(f"  {gid:12} MISSING {reference_path(gid)}")
            bad += 1
            continue
        for k, entry in enumerate(ref["games"]):
            state, _ = replay_entry(gid, entry)
            got = sha256(state.to_json())
            ok = got == entry["sha256"]
            bad += not ok
            verdict = "same" if ok else "DIFFERENT from " + entry["sha256"]
            print(f"  {gid:12} #{k} {entry['num_players']}p {len(entry['actions']):5} actions  {got}  {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
