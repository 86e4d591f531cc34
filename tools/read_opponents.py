"""How rl-6-nimmt's search plays at a 6 nimmt! table, and how fast hard's reading tells the kinds.

Usage::

    .venv/bin/python tools/read_opponents.py picks --players 10 --games 20
    .venv/bin/python tools/read_opponents.py kinds --players 10 --games 3 --opponent normal

``picks``: one hard and ``players - 1`` ``mcs400`` play ``games`` one-round games (seeds 777000..);
of every pick an ``mcs400`` makes with at least two cards, printed are the share that is the
``normal`` rule's card, and the share that the same search with another rng picks again; then,
on every 25th such position searched 16 times, the share of its picks by the ``normal`` rule's
rank of the card, per hand size (a near-random player spreads them evenly).

``kinds``: ``players`` bots of ``--opponent`` (``normal`` whole games, ``mcs400`` one-round
games; seeds 100..) and, at seat 0's every pick, :func:`pycore.bots.six_nimmt.rule_weights` as
the kind reading at large tables computes it (``READ_KIND_MAX_PLAYERS`` = 10, the variant
``hard+k10p5``): the mean and least chance of the rule kind over the opponents, per turn.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pycore  # noqa: E402
from pycore.bots import Search  # noqa: E402
from pycore.bots import six_nimmt as bot  # noqa: E402
from pycore.rng import Rng  # noqa: E402


def picks(players: int, games: int) -> str:
    """The ``picks`` report (see the module docstring)."""
    game = pycore.load_game("six_nimmt")
    seen = []
    for g in range(games):
        seed = 777000 + g
        state = game.new_initial_state(players, seed, {"rounds": 1})
        rngs = [Rng(seed * 31 + p) for p in range(players)]
        while not state.is_terminal():
            for p in state.current_players():
                obs, legal = state.observation(p), state.legal_actions(p)
                if p == 0:
                    action = Search(game, obs, legal, rngs[p], "hard").run()
                else:
                    action = bot.mcs(game, obs, legal, rngs[p], 400)
                    if legal[0]["type"] == "pick" and len(legal) > 1:
                        seen.append((bot.before_choices(obs), action["card"]))
                state.apply_action(p, action)
                if state.is_terminal():
                    break
    rule = again = 0
    for i, (obs, card) in enumerate(seen):
        legal = [{"type": "pick", "card": c} for c in obs["hand"]]
        rule += bot.normal(game, obs, legal, Rng(0))["card"] == card
        again += bot.mcs(game, obs, legal, Rng(i * 13 + 5), 400)["card"] == card
    lines = [
        f"{len(seen)} picks of mcs400 at {players} players: the normal rule's card {100 * rule / len(seen):.1f}%, "
        f"the same card again with another rng {100 * again / len(seen):.1f}%",
        "share of its picks by the normal rule's rank of the card (16 searches of every 25th position):",
    ]
    by_rank: dict[tuple[int, int], list[float]] = {}
    for j, (obs, _) in enumerate(seen[::25]):
        hand = obs["hand"]
        legal = [{"type": "pick", "card": c} for c in hand]
        count: dict[int, int] = {}
        for r in range(16):
            c = bot.mcs(game, obs, legal, Rng(j * 1000 + r), 400)["card"]
            count[c] = count.get(c, 0) + 1
        order = sorted(hand, key=lambda c: bot.card_cost(obs["rows"], c))
        for rank, c in enumerate(order):
            by_rank.setdefault((len(hand), rank), []).append(count.get(c, 0) / 16)
    for k in sorted({k for k, _ in by_rank}, reverse=True):
        shares = [sum(by_rank[(k, r)]) / len(by_rank[(k, r)]) for r in range(k)]
        lines.append(f"  {k} cards ({len(by_rank[(k, 0)])} positions): " + " ".join(f"{x:.2f}" for x in shares))
    return "\n".join(lines)


def kinds(players: int, games: int, opponent: str) -> str:
    """The ``kinds`` report (see the module docstring)."""
    from pycore.tournament import decide

    game = pycore.load_game("six_nimmt")
    saved = bot.READ_KIND_MAX_PLAYERS
    bot.READ_KIND_MAX_PLAYERS = 10
    by_turn: dict[int, list[float]] = {}
    try:
        for g in range(games):
            options = None if opponent == "normal" else {"rounds": 1}
            state = game.new_initial_state(players, 100 + g, options)
            rng = Rng(g)
            while not state.is_terminal():
                for p in state.current_players():
                    obs = state.observation(p)
                    if p == 0 and state.phase == "pick":
                        by_turn.setdefault(obs["turn"], []).extend(bot.rule_weights(bot.before_choices(obs))[1:])
                    kind = "normal" if p == 0 else opponent
                    state.apply_action(p, decide(game, state, p, kind, rng, None, None)[0])
                    if state.is_terminal():
                        break
    finally:
        bot.READ_KIND_MAX_PLAYERS = saved
    lines = [f"chance of the rule kind read for {players - 1} {opponent} opponents, per turn: mean (least)"]
    for t, w in sorted(by_turn.items()):
        lines.append(f"  turn {t}: {sum(w) / len(w):.2f} ({min(w):.2f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("picks", "kinds"))
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--opponent", choices=("normal", "mcs400", "random"), default="normal")
    args = ap.parse_args(argv)
    if args.what == "picks":
        print(picks(args.players, args.games))
    else:
        print(kinds(args.players, args.games, args.opponent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
