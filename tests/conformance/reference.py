"""Reference games: recorded (seed, options, actions) with the hash of the final saved state.

The files are ``seeds/reference/<game_id>.json`` (format in ``seeds/reference/README.md``),
written by ``python -m tests.conformance.make_reference``. Replaying one gives the same
``to_json()`` (hence the same sha256) in CPython and in Pyodide; a different hash means the
game's behaviour or save layout changed.

A game whose ``STATE_VERSION`` grew by adding fields also keeps, per entry, the hashes of its
earlier layouts (``"layouts": {"1": {"sha256": ..., "checkpoints": ...}}``): the same replay
saved without the fields added since (:func:`to_json_in_layout`). Those hashes were written by the
engine of that version, so a replay that still matches them shows that the rules play exactly as
they did then; only the save grew.

``python -m tests.conformance.reference`` replays them all and prints one line per game with
the computed and the stored hash (the Pyodide runner calls it too); exit status 1 on a mismatch.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import NamedTuple

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


def earlier_layouts(game_id: str) -> list[int]:
    """The older state versions of ``game_id`` that :func:`to_json_in_layout` can write: those its
    ``Game.migrate`` reads by adding fields (``[]`` for a game still at version 1)."""
    game = pycore.load_game(game_id)
    versions = []
    for version in range(1, game.STATE_VERSION):
        try:
            game.migrate(version, {})
        except Exception:
            continue
        versions.append(version)
    return versions


def to_json_in_layout(state: State, version: int) -> str:
    """``state.to_json()`` in the layout of the older state version ``version``.

    The fields that ``Game.migrate(version, ...)`` adds to such a save are left out and the envelope
    says ``version``; the text is canonical like ``to_json()`` (sorted keys, no spaces).

    Raises:
        InvalidStateError: the game cannot read saves of ``version`` (from ``Game.migrate``).
    """
    added = state.game.migrate(version, {})
    envelope = json.loads(state.to_json())
    for key in added:
        del envelope["state"][key]
    envelope["version"] = version
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"))


class Replay(NamedTuple):
    """A replayed reference game: the final ``state``; ``checkpoints``, the sha256 of
    ``to_json()`` after every ``CHECKPOINT_EVERY`` actions keyed by the number of actions as a
    string; ``layouts``, the same for each earlier layout of :func:`earlier_layouts`, keyed by
    version, with the final hash under ``"sha256"``."""

    state: State
    checkpoints: dict[str, str]
    layouts: dict[int, dict[str, str]]


def replay_entry(game_id: str, entry: dict) -> Replay:
    """Replay one recorded game (``seed``, ``num_players``, ``options``, ``actions``)."""
    game = pycore.load_game(game_id)
    versions = earlier_layouts(game_id)
    state = game.new_initial_state(entry["num_players"], entry["seed"], entry["options"])
    checkpoints = {}
    layouts: dict[int, dict[str, str]] = {v: {} for v in versions}
    for i, (player, action) in enumerate(entry["actions"], start=1):
        state.apply_action(player, action)
        if i % CHECKPOINT_EVERY == 0:
            checkpoints[str(i)] = sha256(state.to_json())
            for v in versions:
                layouts[v][str(i)] = sha256(to_json_in_layout(state, v))
    for v in versions:
        layouts[v]["sha256"] = sha256(to_json_in_layout(state, v))
    return Replay(state, checkpoints, layouts)


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
            state = replay_entry(gid, entry).state
            got = sha256(state.to_json())
            ok = got == entry["sha256"]
            bad += not ok
            verdict = "same" if ok else "DIFFERENT from " + entry["sha256"]
            for version, layout in sorted(entry.get("layouts", {}).items()):
                old_ok = sha256(to_json_in_layout(state, int(version))) == layout["sha256"]
                bad += not old_ok
                verdict += f", version {version} layout " + ("same" if old_ok else "DIFFERENT")
            print(f"  {gid:12} #{k} {entry['num_players']}p {len(entry['actions']):5} actions  {got}  {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
