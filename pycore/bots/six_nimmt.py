"""6 nimmt! bots: the easy and normal heuristics, determinization and a fast round playout.

Every function here reads only the seat's observation (``pycore/games/six_nimmt.py``'s
``SixNimmtState.observation``): rows, own hand, own pick, hand sizes, who has picked, revealed
picks, scores and the bullheads each player took this round. The placement rules come from the
engine (:func:`~pycore.games.six_nimmt.row_for`, :data:`~pycore.games.six_nimmt.BULLHEADS`,
``ROW_LIMIT``); this module only adds the bookkeeping that makes playouts fast (plain lists and
per-row bullhead sums instead of dicts and events).

Levels:

* ``easy`` — half the time the ``normal`` card, otherwise a random card; at a row choice (SN-5) it
  always takes the row with the fewest bullheads (it never throws away the cheap row).
* ``normal`` — avoid rows about to fill, prefer the smallest gap; when every card would take a row,
  take the fewest bullheads, dumping the highest such card; at a row choice, the fewest bullheads.
* ``hard`` — determinized Monte Carlo (:mod:`pycore.bots.search`): each world deals the unseen
  cards at random to the other hands (and to picks already made but still secret), each candidate
  is played and the round is played out (every player's picks follow the ``normal`` rule 90% of
  the time, else a random card); the value is minus the bullheads the seat takes until the round
  ends (SN-6 scores per round).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any

from ..games.six_nimmt import BULLHEADS, NUM_ROWS, ROW_LIMIT, SixNimmtState, row_for
from ..rng import Rng

# ---- normal and easy -------------------------------------------------------------------------


def _row_bullheads(rows: list[list[int]]) -> list[int]:
    return [sum(BULLHEADS[c] for c in row) for row in rows]


def cheapest_row(rows: list[list[int]]) -> int:
    """The row to take at a row choice (SN-5): fewest bullheads, then fewest cards, then first."""
    rb = _row_bullheads(rows)
    return min(range(len(rows)), key=lambda r: (rb[r], len(rows[r]), r))


def card_cost(rows: list[list[int]], card: int) -> tuple:
    """Sort key of ``normal``: lower is better.

    ``(0, gap)`` for a row with room to spare, ``(1, gap)`` for a row about to fill (four cards:
    one card of another player in between makes ours the sixth), ``(2, bullheads, -card)`` when the
    card surely takes a row — a full row (SN-4) or, below every row, the cheapest one (SN-5); among
    those the highest card goes first, to get rid of it while it costs nothing more.
    """
    r = row_for(rows, card)
    if r is None:
        return (2, min(_row_bullheads(rows)), -card)
    row = rows[r]
    if len(row) >= ROW_LIMIT:
        return (2, sum(BULLHEADS[c] for c in row), -card)
    gap = card - row[-1]
    return (0 if len(row) < ROW_LIMIT - 1 else 1, gap)


def normal(game: Any, obs: dict, legal: list[dict], rng: Rng) -> dict:
    """The ``normal`` choice; deterministic (``rng`` unused)."""
    rows = obs["rows"]
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(rows)}
    return min(legal, key=lambda a: card_cost(rows, a["card"]))


def easy(game: Any, obs: dict, legal: list[dict], rng: Rng) -> dict:
    """Half ``normal``, half random for picks; always the cheapest row at a row choice."""
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(obs["rows"])}
    if rng.randbelow(2) == 0:
        return normal(game, obs, legal, rng)
    return rng.choice(legal)


# ---- hard: determinization and playouts ------------------------------------------------------


def candidates(game: Any, obs: dict, legal: list[dict], rng: Rng) -> list[dict]:
    """Every legal action is worth trying (at most 10 picks or 4 rows)."""
    return list(legal)


def determinize(game: Any, obs: dict, rng: Rng) -> SixNimmtState:
    """A state consistent with ``obs``: the engine's one re-deal from an observation
    (:meth:`~pycore.games.six_nimmt.SixNimmtState.from_observation`: the cards the seat cannot
    have seen, dealt at random to the other hands, the other players' secret picks and the deck)."""
    return SixNimmtState.from_observation(game, obs, rng)


def row_lookup(rows: list[list[int]]) -> tuple[list[int], list[int]]:
    """A fast form of :func:`~pycore.games.six_nimmt.row_for` for many cards against fixed rows.

    Returns ``(lasts, index)``: the rows' last cards ascending and the row each belongs to. For a
    card ``c`` not on the table, ``k = bisect_left(lasts, c)`` is the number of rows ending below
    it, and the row SN-4 sends it to is ``index[k - 1]`` (``None`` when ``k == 0``, SN-5) — the
    same answer as ``row_for(rows, c)``, which ``tests/test_bots.py`` checks card by card.
    """
    index = sorted(range(len(rows)), key=lambda i: rows[i][-1])
    return [rows[i][-1] for i in index], index


def quick_pick(rows: list[list[int]], rb: list[int], hand: list[int], lasts: list[int], index: list[int]) -> int:
    """Index in ``hand`` of the card :func:`card_cost` ranks first, as one number per card.

    ``rb`` holds each row's bullheads, ``lasts``/``index`` come from :func:`row_lookup`. Same
    order as :func:`card_cost`: room to spare by gap, then rows about to fill by gap, then sure
    takes by bullheads, highest card first.
    """
    low = min(rb)
    best_i, best = 0, 1 << 30
    for i, c in enumerate(hand):
        k = bisect_left(lasts, c)
        if k == 0:
            cost = 20000 + 200 * low - c
        else:
            r = index[k - 1]
            n = len(rows[r])
            if n >= ROW_LIMIT:
                cost = 20000 + 200 * rb[r] - c
            elif n == ROW_LIMIT - 1:
                cost = 10000 + c - lasts[k - 1]
            else:
                cost = c - lasts[k - 1]
        if cost < best:
            best_i, best = i, cost
    return best_i


def play_round(
    rows: list[list[int]],
    hands: list[list[int]],
    picks: list,
    pending: list[list[int]] | None,
    rnd: random.Random,
    bull: list[int],
    greedy: float = 0.0,
) -> None:
    """Play the rest of a round in place; add bullheads taken to ``bull``.

    Args:
        rows: the four rows (changed in place).
        hands: every hand (cards are removed as they are played).
        picks: this turn's picks, ``None`` for players who have not picked (ignored when
            ``pending`` is given).
        pending: revealed ``[card, player]`` pairs still to place this turn, lowest first; ``None``
            when the turn's picks are not revealed yet.
        rnd: the playout's random generator (seeded from the bot's rng).
        bull: bullheads per player, added to.
        greedy: chance that a pick is :func:`quick_pick` (the ``normal`` rule) rather than a
            uniformly random card; 0 gives pure random playouts.

    Row choices (SN-5) in playouts take the cheapest row.
    """
    n = len(hands)
    rand = rnd.random
    rb = [sum(BULLHEADS[c] for c in row) for row in rows]
    full = ROW_LIMIT
    while True:
        if pending is None:
            lasts = index = None
            for p in range(n):
                if picks[p] is None:
                    h = hands[p]
                    if greedy and rand() < greedy:
                        if lasts is None:
                            lasts, index = row_lookup(rows)
                        picks[p] = h.pop(quick_pick(rows, rb, h, lasts, index))
                    else:
                        picks[p] = h.pop(int(rand() * len(h)))
            pending = sorted([c, p] for p, c in enumerate(picks))
        for c, p in pending:
            r = row_for(rows, c)
            if r is None:
                r = 0
                low = rb[0]
                for i in range(1, NUM_ROWS):
                    if rb[i] < low:
                        r, low = i, rb[i]
                bull[p] += low
                rows[r] = [c]
                rb[r] = BULLHEADS[c]
            else:
                row = rows[r]
                if len(row) >= full:
                    bull[p] += rb[r]
                    rows[r] = [c]
                    rb[r] = BULLHEADS[c]
                else:
                    row.append(c)
                    rb[r] += BULLHEADS[c]
        if not hands[0]:
            return
        pending = None
        picks = [None] * n


#: chance that a playout pick follows the normal rule instead of being random (40-game trials
#: against normal bots: 0.9 beat 0, 0.5 and 1.0)
PLAYOUT_GREEDY = 0.9

#: no successive halving (:mod:`pycore.bots.search`): with at most 10 cheap candidates, dropping
#: some after 10 worlds lost more than the saved playouts won back (75-game trial: 0.69 × normal's
#: bullheads with halving against 0.61 without, at 40 worlds per decision)
HALVING = False

#: worlds per decision of ``hard``: every candidate is played out in each
HARD_WORLDS = 120


def hard_playouts(obs: dict, k: int) -> int:
    """Hard's fixed work for a decision between ``k`` candidates: :data:`HARD_WORLDS` worlds each."""
    return HARD_WORLDS * k


def playout(game: Any, world: SixNimmtState, obs: dict, action: dict, seed: int) -> float:
    """Minus the bullheads the seat takes from ``action`` to the end of the round in ``world``."""
    me = obs["viewer"]
    n = world.num_players
    rows = [r[:] for r in world.rows]
    hands = [h[:] for h in world.hands]
    bull = [0] * n
    rnd = random.Random(seed)
    if action["type"] == "pick":
        picks = world.picks[:]
        picks[me] = action["card"]
        hands[me].remove(action["card"])
        play_round(rows, hands, picks, None, rnd, bull, PLAYOUT_GREEDY)
    else:
        pending = [pc[:] for pc in world.pending]
        card, _ = pending.pop(0)
        r = action["row"]
        bull[me] += sum(BULLHEADS[c] for c in rows[r])
        rows[r] = [card]
        play_round(rows, hands, None, pending, rnd, bull, PLAYOUT_GREEDY)
    return -float(bull[me])
