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

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, cast

from ..games.six_nimmt import BULLHEADS, NUM_ROWS, ROW_LIMIT, SixNimmtState, deck_for, row_for
from ..games.six_nimmt import Observation as SixObservation
from ..rng import Rng
from .search import Action, Observation

assert NUM_ROWS == 4, "play_round's placement is unrolled for the four rows of SN-2"

# ---- normal and easy -------------------------------------------------------------------------


def _row_bullheads(rows: list[list[int]]) -> list[int]:
    return [sum(BULLHEADS[c] for c in row) for row in rows]


def cheapest_row(rows: list[list[int]]) -> int:
    """The row to take at a row choice (SN-5): fewest bullheads, then fewest cards, then first."""
    rb = _row_bullheads(rows)
    return min(range(len(rows)), key=lambda r: (rb[r], len(rows[r]), r))


def card_cost(rows: list[list[int]], card: int) -> tuple[int, ...]:
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


def normal(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """The ``normal`` choice; deterministic (``rng`` unused)."""
    rows = obs["rows"]
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(rows)}
    return min(legal, key=lambda a: card_cost(rows, a["card"]))


#: chance that ``easy`` plays a card on impulse (uniformly at random) instead of its rule of thumb
EASY_IMPULSE = 0.2


def beginner_pick(rows: list[list[int]], hand: list[int]) -> int:
    """The card a beginner plays: the one that fits closest above a row's last card.

    A beginner sees that a sixth card takes a full row (SN-4) and that a card below every row
    takes one (SN-5), and avoids both while another card fits; but it forgets that the other
    players' cards land first, so a row of four looks as good as a row of one, and a card a long
    way above its row as safe as one right above. When every card takes a row it gets rid of its
    highest card, without looking at which row that takes (``normal`` takes the fewest bullheads).

    >>> beginner_pick([[10], [20, 21, 22, 23], [40], [60]], [24, 45, 99])   # a row of four: ignored
    24
    >>> beginner_pick([[10], [20, 21, 22, 23, 25], [40], [60]], [3, 26])   # only sure takes
    26
    """

    def key(card: int) -> tuple[int, int]:
        r = row_for(rows, card)
        if r is None or len(rows[r]) >= ROW_LIMIT:
            return (1, -card)
        return (0, card - rows[r][-1])

    return min(hand, key=key)


def easy(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """A beginner (:func:`beginner_pick`), playing a random card on impulse one pick in five
    (:data:`EASY_IMPULSE`); at a row choice (SN-5) the row with the fewest bullheads, which the
    table shows. Measured: ``normal`` beats it in 78.6% ± 2.3 of seat pairs (600 games, one easy
    against three normal)."""
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(obs["rows"])}
    if rng.random() < EASY_IMPULSE:
        return rng.choice(legal)
    return {"type": "pick", "card": beginner_pick(obs["rows"], [a["card"] for a in legal])}


# ---- hard: determinization and playouts ------------------------------------------------------


def candidates(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Every legal action is worth trying (at most 10 picks or 4 rows)."""
    return list(legal)


def determinize(game: Any, obs: Observation, rng: Rng) -> SixNimmtState:
    """A state consistent with ``obs``: the engine's one re-deal from an observation
    (:meth:`~pycore.games.six_nimmt.SixNimmtState.from_observation`: the cards the seat cannot
    have seen, dealt at random to the other hands, the other players' secret picks and the deck)."""
    return SixNimmtState.from_observation(game, cast(SixObservation, obs), rng)


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
    picks: list[int | None] | None,
    pending: Sequence[Sequence[int]] | None,
    rnd: random.Random,
    bull: list[int],
    greedy: float | list[float] = 0.0,
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
        greedy: chance that a pick is the card :func:`card_cost` ranks first (the ``normal`` rule)
            rather than a uniformly random card; 0 gives pure random playouts. One number for
            every player, or a list with one per player.

    Row choices (SN-5) in playouts take the row with the fewest bullheads (the first of equals).
    The rows are also kept as three lists (each row's last card, length and bullheads), so that a
    placement (SN-4) and a ``normal`` pick compare a card with four numbers and never walk a row;
    this made playouts about three times faster than going through the engine's ``row_for``.
    """
    n = len(hands)
    rand = rnd.random
    chance = list(greedy) if isinstance(greedy, list) else [greedy] * n
    bh = BULLHEADS
    last = [row[-1] for row in rows]
    cnt = [len(row) for row in rows]
    rb = [sum(bh[c] for c in row) for row in rows]
    todo: list[int | None] = picks if picks is not None else [None] * n
    while True:
        if pending is None:
            order = sorted(range(NUM_ROWS), key=last.__getitem__)
            i0, i1, i2, i3 = order
            l0, l1, l2, l3 = last[i0], last[i1], last[i2], last[i3]
            low = min(rb)
            for p in range(n):
                if todo[p] is not None:
                    continue
                h = hands[p]
                g = chance[p]
                if g and (g >= 1.0 or rand() < g):
                    # card_cost's order as one number: room to spare by gap, rows about to fill by
                    # gap, then sure takes by bullheads, highest card first
                    best_i, best = 0, 1 << 30
                    for i, c in enumerate(h):
                        if c < l0:
                            cost = 20000 + 200 * low - c
                        else:
                            if c > l3:
                                r, d = i3, c - l3
                            elif c > l2:
                                r, d = i2, c - l2
                            elif c > l1:
                                r, d = i1, c - l1
                            else:
                                r, d = i0, c - l0
                            k = cnt[r]
                            if k >= ROW_LIMIT:
                                cost = 20000 + 200 * rb[r] - c
                            elif k == ROW_LIMIT - 1:
                                cost = 10000 + d
                            else:
                                cost = d
                        if cost < best:
                            best_i, best = i, cost
                    todo[p] = h.pop(best_i)
                else:
                    todo[p] = h.pop(int(rand() * len(h)))
            pending = sorted(zip(cast(list[int], todo), range(n)))
        for c, p in pending:
            # SN-4: the row whose last card is the highest below c (four rows, unrolled)
            r, top = -1, 0
            x = last[0]
            if x < c:
                r, top = 0, x
            x = last[1]
            if top < x < c:
                r, top = 1, x
            x = last[2]
            if top < x < c:
                r, top = 2, x
            x = last[3]
            if top < x < c:
                r = 3
            if r < 0:
                r = rb.index(min(rb))
                bull[p] += rb[r]
                rows[r] = [c]
                last[r], cnt[r], rb[r] = c, 1, bh[c]
            elif cnt[r] >= ROW_LIMIT:
                bull[p] += rb[r]
                rows[r] = [c]
                last[r], cnt[r], rb[r] = c, 1, bh[c]
            else:
                rows[r].append(c)
                last[r] = c
                cnt[r] += 1
                rb[r] += bh[c]
        if not hands[0]:
            return
        pending = None
        todo = [None] * n


#: chance that a playout pick follows the normal rule instead of being random (40-game trials
#: against normal bots: 0.9 beat 0, 0.5 and 1.0)
PLAYOUT_GREEDY = 0.9
#: the same chance for the seat's own later picks in its playouts: always the normal rule (its own
#: later play is no random; on fixed positions 0.158 bullheads of regret a decision against 0.162)
OWN_GREEDY = 1.0

#: sequential halving (:mod:`pycore.bots.search`) on: on fixed positions (120 decisions of 4-player
#: games, each candidate's value known from 2,000 worlds) it lost 0.162 bullheads per decision
#: against the best candidate where the same playouts spread evenly lost 0.182 (60 worlds a
#: candidate; 20 worlds: 0.336 against 0.357)
HALVING = True

#: hard's work per decision in card placements: a playout from a hand of ``h`` cards at ``n``
#: players places ``n * h`` cards and costs about 4 µs of CPython time per card, so a decision
#: costs at most about 0.1 s of CPython, under 1 s in Chromium slowed 4× (bench/bots.py);
#: 4 players' first turn: 500 playouts, 50 worlds a candidate were they spread evenly
HARD_WORK = 20_000
#: at most this many worlds per candidate (late in a round playouts are short and the choice is
#: clear long before)
MAX_WORLDS = 200


def hard_playouts(obs: Observation, k: int) -> int:
    """Hard's fixed work for a decision between ``k`` candidates: :data:`HARD_WORK` card
    placements, at most :data:`MAX_WORLDS` worlds a candidate, at least 4."""
    h = len(obs["hand"]) + (obs.get("my_pick") is not None)
    per: int = obs["num_players"] * max(1, h)
    return max(4 * k, min(MAX_WORLDS * k, HARD_WORK // per))


def playout(game: Any, world: SixNimmtState, obs: Observation, action: Action, seed: int) -> float:
    """Minus the bullheads the seat takes from ``action`` to the end of the round in ``world``."""
    me = obs["viewer"]
    n = world.num_players
    rows = [r[:] for r in world.rows]
    hands = [sorted(h) for h in world.hands]
    bull = [0] * n
    rnd = random.Random(seed)
    greedy = [PLAYOUT_GREEDY] * n
    greedy[me] = OWN_GREEDY
    if action["type"] == "pick":
        picks = world.picks[:]
        picks[me] = action["card"]
        hands[me].remove(action["card"])
        play_round(rows, hands, picks, None, rnd, bull, greedy)
    else:
        pending = [pc[:] for pc in world.pending]
        card, _ = pending.pop(0)
        r = action["row"]
        bull[me] += sum(BULLHEADS[c] for c in rows[r])
        rows[r] = [card]
        play_round(rows, hands, None, pending, rnd, bull, greedy)
    return -float(bull[me])


# ---- an outside bot, for measurement -----------------------------------------------------------


def mcs(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng, max_playouts: int = 400) -> Action:
    """rl-6-nimmt's Monte-Carlo search (Brehmer and Gutsche, ``MCSAgent``), ported to measure the
    bots against a published one (``python -m pycore.tournament`` seat kind ``mcs400``).

    With ``k`` cards in hand it runs ``min(max_playouts, 10 * k!)`` playouts; each deals the unseen
    cards to the other players (``k`` each, as its environment does), draws its own card uniformly
    at random and plays the round out with uniformly random cards for everybody, a card below
    every row taking the row with the fewest bullheads (its environment's rule, also its row
    choice, SN-5). It plays the card whose playouts took the fewest bullheads on average (the
    first in hand order among equals; a card never drawn is never played). Its card memory is the
    public memory of the observation (the original remembers the rows it saw at its own turns).
    """
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(obs["rows"])}
    cards = [a["card"] for a in legal]
    k = len(cards)
    if k == 1:
        return legal[0]
    me, n = obs["viewer"], obs["num_players"]
    seen = set(obs["hand"])
    for cards_seen in obs["rows"] + obs["taken"]:
        seen.update(cards_seen)
    seen.update(pc["card"] for pc in obs["played"])
    pool = [c for c in deck_for(n, obs["tactical"]) if c not in seen]
    rnd = random.Random(rng.next64())
    totals = [0.0] * k
    counts = [0] * k
    for _ in range(min(max_playouts, 10 * math.factorial(k))):
        rnd.shuffle(pool)
        hands = [sorted(pool[(q - (q > me)) * k : (q - (q > me) + 1) * k]) if q != me else [] for q in range(n)]
        i = int(rnd.random() * k)
        hands[me] = [c for c in cards if c != cards[i]]
        picks: list[int | None] = [None] * n
        picks[me] = cards[i]
        bull = [0] * n
        play_round([r[:] for r in obs["rows"]], hands, picks, None, rnd, bull, 0.0)
        totals[i] -= bull[me]
        counts[i] += 1
    best = max((i for i in range(k) if counts[i]), key=lambda i: (totals[i] / counts[i], -i))
    return legal[best]
