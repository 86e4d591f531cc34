"""Write the reference games ``seeds/reference/<game_id>.json`` (see ``seeds/reference/README.md``).

    python -m tests.conformance.make_reference            # every registered game
    python -m tests.conformance.make_reference --game dog # one game

Each file holds a few random games (seeded, so this script always writes the same files for the
same engine): the fewest players with default options, the most players with default options,
and a middle player count with random options. Re-run it only when a game's behaviour or save
layout changes on purpose, and commit the new file with that change.
"""

from __future__ import annotations

import argparse
import json

import pycore
from pycore.rng import Rng

from .harness import play_random_game, random_options, stable_seed
from .reference import REFERENCE_DIR, reference_path, replay_entry, sha256


def reference_games(game_id: str) -> dict:
    game = pycore.load_game(game_id)
    lo, hi = game.min_players, game.max_players
    setups = [
        (f"{lo} players, default options", lo, {}),
        (f"{hi} players, default options", hi, {}),
    ]
    mid = (lo + hi + 1) // 2
    options = random_options(game, Rng(stable_seed(game_id, "reference-options")))
    setups.append((f"{mid} players, options {json.dumps(options, sort_keys=True)}", mid, options))
    games = []
    for k, (name, n, opts) in enumerate(setups):
        seed = stable_seed(game_id, "reference", k)
        state, actions = play_random_game(game, n, seed, opts, roundtrip_every=10**9, deep_every=10**9)
        entry = {"name": name, "seed": seed, "num_players": n, "options": opts, "actions": actions}
        replayed, checkpoints, layouts = replay_entry(game_id, entry)
        assert replayed.to_json() == state.to_json()
        entry.update(
            steps=len(actions),
            returns=state.returns(),
            winners=state.winners(),
            checkpoints=checkpoints,
            sha256=sha256(state.to_json()),
        )
        if layouts:
            entry["layouts"] = {str(v): {"sha256": h.pop("sha256"), "checkpoints": h} for v, h in layouts.items()}
        games.append(entry)
    return {
        "format": "hotseat-reference-games",
        "game": game_id,
        "state_version": game.STATE_VERSION,
        "generated_by": "python -m tests.conformance.make_reference --game " + game_id,
        "games": games,
    }


def write(game_id: str) -> None:
    data = reference_games(game_id)
    REFERENCE_DIR.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({k: v for k, v in data.items() if k != "games"}, sort_keys=True)[:-1] + ', "games": [']
    for i, entry in enumerate(data["games"]):
        head = {k: v for k, v in entry.items() if k != "actions"}
        text = json.dumps(head, sort_keys=True)[:-1] + ', "actions": [\n'
        text += ",\n".join(json.dumps(a, sort_keys=True, separators=(",", ":")) for a in entry["actions"])
        text += "\n]}" + ("," if i < len(data["games"]) - 1 else "")
        lines.append(text)
    lines.append("]}")
    out = "\n".join(lines) + "\n"
    assert json.loads(out) == data
    reference_path(game_id).write_text(out, encoding="utf-8")
    for entry in data["games"]:
        print(f"{game_id}: {entry['name']}: {entry['steps']} actions, sha256 {entry['sha256']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (repeatable); default: every registered game")
    args = parser.parse_args()
    for gid in args.game or pycore.GAMES:
        write(gid)


if __name__ == "__main__":
    main()
