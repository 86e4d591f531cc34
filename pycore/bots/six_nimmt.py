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
  ends (SN-6 scores per round). It reads from the round's picks which kind of player each
  opponent is (:func:`rule_weights`: one who follows the rule, or another), plays its playout
  picks by that mixture and deals a likely rule follower fewer of the cards the rule would have
  played instead of its picks. Variants for measurement: :data:`VARIANTS`.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
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
EASY_IMPULSE = 0.3


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
    """A beginner (:func:`beginner_pick`), playing a random card on impulse one pick in three
    (:data:`EASY_IMPULSE`); at a row choice (SN-5) the row with the fewest bullheads, which the
    table shows. Measured on 1,200 duplicate games (one easy against three normal, seats
    rotated): ``normal`` beats it in 78.4% ± 1.7 of seat pairs (one pick in five on impulse:
    75.8% ± 1.7; one in four: 77.2% ± 1.7)."""
    if legal[0]["type"] == "choose_row":
        return {"type": "choose_row", "row": cheapest_row(obs["rows"])}
    if rng.random() < EASY_IMPULSE:
        return rng.choice(legal)
    return {"type": "pick", "card": beginner_pick(obs["rows"], [a["card"] for a in legal])}


# ---- hard: determinization and playouts ------------------------------------------------------


#: the phase of this game's secret simultaneous choice (``before_choices``, ``pycore.bots.search.secret_choice``)
SECRET_PHASE = "pick"


def before_choices(obs: Observation) -> Observation:
    """The observation as it was when this turn's secret picks began (SN-3): the other players
    who have picked since are shown as not having picked, holding their card. Who has picked
    tells nothing about what, so a bot decides the same whenever it is asked during the turn
    (and a world dealt from it lets every other player pick by the playout policy, never a
    random card). Any other observation is returned unchanged."""
    if obs["phase"] != "pick" or not any(obs["picked"]):
        return obs
    me = obs["viewer"]
    out = dict(obs)
    picked = obs["picked"]
    out["hand_sizes"] = [k + (picked[p] and p != me) for p, k in enumerate(obs["hand_sizes"])]
    out["picked"] = [picked[p] and p == me for p in range(len(picked))]
    out["current_players"] = [p for p in range(len(picked)) if not out["picked"][p]]
    return out


def candidates(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Every legal action is worth trying (at most 10 picks or 4 rows)."""
    return list(legal)


def replay_round(obs: Observation) -> list[tuple[list[list[int]], list[tuple[int, int]]]]:
    """The turns of this round played out in full, from the public memory: per turn, the rows
    as they were before its picks were placed and the ``(player, card)`` picks, lowest first.

    The round's four first row cards are the cards on the table or taken that nobody played;
    the turns are replayed with the engine's placement (SN-4), a row taken by a choice (SN-5)
    found as the cards that came next into its taker's ``taken`` (the rows here are in the order
    of their first cards, not the table's). ``[]`` when the memory does not add up.

    >>> obs = {"num_players": 2, "rows": [[3, 40], [12], [20], [30, 31]], "taken": [[], []],
    ...        "played": [{"player": 1, "card": 31}, {"player": 0, "card": 40}], "revealed": []}
    >>> replay_round(obs)
    [([[3], [12], [20], [30]], [(1, 31), (0, 40)])]
    """
    n = obs["num_players"]
    played = [(pc["player"], pc["card"]) for pc in obs["played"]]
    turns = len(played) // n - (1 if obs.get("revealed") else 0)
    played_cards = {c for _, c in played}
    first = sorted(c for cards in obs["rows"] + obs["taken"] for c in cards if c not in played_cards)
    if len(first) != NUM_ROWS or len(played) % n:
        return []
    rows = [[c] for c in first]
    taken = obs["taken"]
    at = [0] * n
    out: list[tuple[list[list[int]], list[tuple[int, int]]]] = []
    for t in range(turns):
        picks = played[t * n : (t + 1) * n]
        out.append(([r[:] for r in rows], picks))
        for p, c in picks:
            r = row_for(rows, c)
            if r is None:  # SN-5: the row whose cards came next into the chooser's taken cards
                r = next((i for i, row in enumerate(rows) if taken[p][at[p] : at[p] + len(row)] == row), None)
                if r is None:
                    return []
            elif len(rows[r]) < ROW_LIMIT:
                rows[r].append(c)
                continue
            at[p] += len(rows[r])
            rows[r] = [c]
    return out


#: how much less likely a hidden card is in an opponent's hand for each of its picks this round
#: that the ``normal`` rule would not have made holding it (a card it would have preferred); 1
#: switches the reading off. Off for hard: on duplicate deals against rl-6-nimmt's search
#: (5 players, one round, 12 deals) hard took 12.72 ± 1.51 bullheads with the factor 0.1 and
#: 11.50 ± 1.91 without, its opponents 12.20 and 12.65: the rule explains a bot that is not
#: ``normal`` badly. Measured as the variant ``hard+infer`` (:data:`VARIANTS`); hard reads the
#: hands only as far as each opponent looks like a follower of the rule (:data:`KIND_UNLIKELY`).
UNLIKELY = 1.0

#: seat kinds for measurement (``python -m pycore.tournament``): ``hard+plain`` is hard without
#: reading its opponents (every one follows the rule :data:`PLAYOUT_GREEDY` of its playout picks,
#: the hidden cards dealt at random); ``hard+mix`` reads which kind each opponent is
#: (:func:`rule_weights`) but not their hands; ``hard+infer`` reads the picks into the hidden
#: hands for every opponent alike; ``hard+style`` reads how often each opponent follows the
#: ``normal`` rule (:func:`play_styles`); ``hard+g5`` lets every opponent follow it in half of its
#: playout picks; ``hard+o3``: a player of the other kind (:func:`rule_weights`) follows it in
#: 30% of its playout picks instead of :data:`OTHER_GREEDY` (against 4 mcs400, 5 players, one
#: round, 40 duplicate deals: +0.08 ± 1.21 bullheads a round against hard, no gain). At tables of
#: more than :data:`SMALL_TABLE` players, where hard plays as ``hard+plain`` (measured at 10
#: against 9 mcs400 and against 9 ``normal``: docs/bots.md), the kinds read as at 5 and 6
#: players (:data:`READ_KIND_MAX_PLAYERS` = 10; at 6 players ``hard+read10``, ``hard+k10p5`` and
#: ``hard+open1`` play as hard): ``hard+k10p5`` with a player of the other kind following
#: the rule in :data:`OTHER_GREEDY_LARGE` = 25% of its playout picks (``hard+k10p5m`` without the
#: hands read: :data:`KIND_UNLIKELY` = 1), ``hard+open1`` the same but
#: every opponent of the rule kind on a round's first turn (:data:`OPENING_PRIOR_LARGE`),
#: ``hard+k10`` with the prior 0.9 (:data:`RULE_PRIOR`), ``hard+k10m`` also without the hands
#: read; ``hard+read10`` with the other kind at 50%, ``hard+r10p9`` that with the prior 0.9,
#: ``hard+r10p9m`` also without the hands read; ``hard+g25`` every opponent follows the rule in
#: 25% of its playout picks; ``hard+w2`` and ``hard+w4`` do twice and four times the work
#: (:data:`HARD_WORK`, :data:`MAX_WORLDS`)
VARIANTS = {
    "plain": {"READ_KIND": False},
    "mix": {"KIND_UNLIKELY": 1.0},
    "infer": {"READ_KIND": False, "UNLIKELY": 0.1},
    "style": {"READ_KIND": False, "READ_STYLE": True},
    "g5": {"READ_KIND": False, "PLAYOUT_GREEDY": 0.5},
    "o3": {"OTHER_GREEDY": 0.3},
    "read10": {"READ_KIND_MAX_PLAYERS": 10, "OTHER_GREEDY_LARGE": 0.5},
    "r10p9": {"READ_KIND_MAX_PLAYERS": 10, "OTHER_GREEDY_LARGE": 0.5, "RULE_PRIOR": 0.9},
    "r10p9m": {"READ_KIND_MAX_PLAYERS": 10, "OTHER_GREEDY_LARGE": 0.5, "RULE_PRIOR": 0.9, "KIND_UNLIKELY": 1.0},
    "k10p5": {"READ_KIND_MAX_PLAYERS": 10},
    "k10p5m": {"READ_KIND_MAX_PLAYERS": 10, "KIND_UNLIKELY": 1.0},
    "k10": {"READ_KIND_MAX_PLAYERS": 10, "RULE_PRIOR": 0.9},
    "k10m": {"READ_KIND_MAX_PLAYERS": 10, "RULE_PRIOR": 0.9, "KIND_UNLIKELY": 1.0},
    "open1": {"READ_KIND_MAX_PLAYERS": 10, "OPENING_PRIOR_LARGE": 1.0},
    "g25": {"READ_KIND": False, "PLAYOUT_GREEDY": 0.25},
    "w2": {"HARD_WORK": 60_000, "MAX_WORLDS": 400},
    "w4": {"HARD_WORK": 120_000, "MAX_WORLDS": 800},
}


def hidden_cards(obs: Observation) -> list[int]:
    """The cards of this game's deck the seat has not seen, ascending: not in its hand or its
    pick, on the rows, taken this round, played this round or revealed this turn."""
    seen = set(obs["hand"])
    for cards in obs["rows"] + obs["taken"]:
        seen.update(cards)
    seen.update(pc["card"] for pc in obs["played"])
    seen.update(rp["card"] for rp in obs.get("revealed", ()))
    if obs.get("my_pick") is not None:
        seen.add(obs["my_pick"])
    return [c for c in deck_for(obs["num_players"], obs["tactical"]) if c not in seen]


def hand_weights(obs: Observation, unlikely: float | None = None) -> dict[int, dict[int, float]]:
    """Per opponent, the hidden cards it is less likely to hold, read from its picks this round.

    Each pick is explained by the ``normal`` rule (:func:`card_cost` on the rows of its turn):
    a hidden card the rule ranks before the card the opponent played would have been played
    instead, so it gets the factor ``unlikely`` (default :data:`UNLIKELY`; once per such pick).
    Players are not bound to the rule, so the factor is not zero. ``{player: {card: weight}}``
    for weights below 1.
    """
    factor = UNLIKELY if unlikely is None else unlikely
    me = obs["viewer"]
    hidden = hidden_cards(obs)
    out: dict[int, dict[int, float]] = {}
    for rows, picks in replay_round(obs):
        cost = {c: card_cost(rows, c) for c in hidden}
        for p, card in picks:
            if p == me:
                continue
            mine = card_cost(rows, card)
            w = out.setdefault(p, {})
            for c in hidden:
                if cost[c] < mine:
                    w[c] = w.get(c, 1.0) * factor
    return {p: w for p, w in out.items() if w}


#: what decisions read from their observation, once each (:func:`read_once`):
#: ``{(what, id(observation), settings): (observation, value)}``, the oldest dropped first
_reads: dict[tuple[Any, ...], tuple[Observation, Any]] = {}
#: observations' readings kept (searches thought out side by side each keep theirs)
READS_KEPT = 16


def read_once(what: str, obs: Observation, read: Any) -> Any:
    """``read(obs)``, computed once per observation object and reading settings of this module
    (a decision's worlds and playouts all read the same ``obs``); a few are kept, so searches
    stepped in turn (``pycore.bots.search.Ponder``) do not read theirs again."""
    key = (
        what,
        id(obs),
        UNLIKELY,
        READ_STYLE,
        READ_KIND,
        READ_KIND_MAX_PLAYERS,
        RULE_PRIOR,
        RULE_GREEDY,
        OTHER_GREEDY,
        OTHER_GREEDY_LARGE,
        SMALL_TABLE,
        OPENING_PRIOR_LARGE,
        KIND_UNLIKELY,
    )
    hit = _reads.get(key)
    if hit is not None and hit[0] is obs:
        return hit[1]
    if len(_reads) >= READS_KEPT:
        _reads.pop(next(iter(_reads)))
    value = read(obs)
    _reads[key] = (obs, value)
    return value


def beliefs(obs: Observation) -> tuple[list[int], list[int], dict[int, list[float]]] | None:
    """:func:`hand_weights` as :func:`redeal` reads it: the other players, the hidden cards some
    weight lowers, and per such card its weight for each other player (``None``: no weights, or
    the reading is off: :data:`UNLIKELY` is 1)."""
    if reads_kind(obs) and KIND_UNLIKELY < 1.0:
        # the rule kind holds the cards the rule would have played instead that seldom, the
        # other kind as often as any: the two mixed by how likely each opponent is of the rule kind
        kinds = rule_weights(obs)
        weights = {
            p: {c: kinds[p] * x + (1.0 - kinds[p]) for c, x in w.items()}
            for p, w in hand_weights(obs, KIND_UNLIKELY).items()
        }
    elif UNLIKELY >= 1.0:
        return None
    else:
        weights = hand_weights(obs)
    if not weights:
        return None
    others = [p for p in range(obs["num_players"]) if p != obs["viewer"]]
    cards = sorted({c for w in weights.values() for c in w})
    return others, cards, {c: [weights.get(p, {}).get(c, 1.0) for p in others] for c in cards}


def prepare(obs: Observation) -> None:
    """Read what every world and playout of a decision on ``obs`` uses (:func:`read_once`): the
    beliefs about the hidden hands and the opponents' playout rules; ``pycore.bots.search.Search``
    calls it as a step of its own before the first playout."""
    read_once("beliefs", obs, beliefs)
    if READ_STYLE or reads_kind(obs):
        read_once("greedy", obs, play_styles if READ_STYLE else kind_greedy)


def determinize(game: Any, obs: Observation, rng: Rng) -> SixNimmtState:
    """A state consistent with ``obs``: the engine's one re-deal from an observation
    (:meth:`~pycore.games.six_nimmt.SixNimmtState.from_observation`: the cards the seat cannot
    have seen, dealt at random to the other hands, the other players' secret picks and the deck),
    then, when the reading is on (:data:`UNLIKELY` below 1), the other hands dealt again with
    :func:`hand_weights`: the hidden cards an opponent is unlikely to hold (by its picks this
    round) are dealt to it less often."""
    world = SixNimmtState.from_observation(game, cast(SixObservation, obs), rng)
    belief = read_once("beliefs", obs, beliefs)
    if belief is not None:
        redeal(world, belief, rng)
    return world


def redeal(world: SixNimmtState, belief: tuple[list[int], list[int], dict[int, list[float]]], rng: Rng) -> None:
    """Deal the hidden cards of ``world`` again (the other hands, their secret picks, the deck;
    same sizes) by :func:`beliefs`: each card a weight lowers goes, in random order, to a hand
    or the deck with chances in proportion to the places left there times its weight there (the
    deck's is 1); the other cards fill the places left at random."""
    others, cards, weights = belief
    k = len(others)
    pool = list(world.deck)
    places = []
    for p in others:
        pool += world.hands[p]
        pick = world.picks[p]
        if pick is not None:
            pool.append(pick)
        places.append(len(world.hands[p]) + (pick is not None))
    places.append(len(world.deck))
    order = cards[:]
    rng.shuffle(order)
    got: list[list[int]] = [[] for _ in range(k + 1)]
    rand = rng.random
    for c in order:
        w = weights[c]
        cum = []
        acc = 0.0
        for i in range(k):
            acc += places[i] * w[i]
            cum.append(acc)
        acc += places[k]
        cum.append(acc)
        i = bisect_right(cum, rand() * acc)
        if i > k or not places[i]:  # rounding ran past the last open place
            i = max(j for j in range(k + 1) if places[j])
        got[i].append(c)
        places[i] -= 1
    rest = [c for c in pool if c not in weights]
    rng.shuffle(rest)
    at = 0
    for i in range(k + 1):
        got[i] += rest[at : at + places[i]]
        at += places[i]
    for i, p in enumerate(others):
        hand = got[i]
        if world.picks[p] is not None:
            world.picks[p] = hand.pop()
        world.hands[p] = sorted(hand)
    world.deck = got[k]


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


#: chance that a playout pick follows the normal rule instead of being random when the styles are
#: not read (:data:`READ_STYLE` off; 40-game trials against normal bots: 0.9 beat 0, 0.5 and 1.0;
#: against 4 mcs400, 5 players, one round, 40 duplicate deals: 0.5 took 1.47 ± 1.19 fewer
#: bullheads than 0.9, variant ``hard+g5``)
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
#: players places ``n * h`` cards (about 3 µs of CPython each) and costs about as much again as
#: :data:`PLAYOUT_OVERHEAD` placements (its world's re-deal, copies, the playout's generator); the
#: amount is sized so that a decision's p95 in Chromium slowed 4× is 0.6–0.9 s (bench/bots.py;
#: docs/bots.md). 4 players' first turn: 500 playouts
HARD_WORK = 30_000
#: a playout's own cost, in card placements (see :data:`HARD_WORK`)
PLAYOUT_OVERHEAD = 20
#: at most this many worlds per candidate (late in a round playouts are short and the choice is
#: clear long before)
MAX_WORLDS = 200


def hard_playouts(obs: Observation, k: int) -> int:
    """Hard's fixed work for a decision between ``k`` candidates: :data:`HARD_WORK` card
    placements, each playout counted with its :data:`PLAYOUT_OVERHEAD`; at most
    :data:`MAX_WORLDS` worlds a candidate, at least 4."""
    h = len(obs["hand"]) + (obs.get("my_pick") is not None)
    per: int = obs["num_players"] * max(1, h) + PLAYOUT_OVERHEAD
    return max(4 * k, min(MAX_WORLDS * k, HARD_WORK // per))


#: read how each opponent plays (:func:`play_styles`) and let its playout picks follow the
#: ``normal`` rule that often; off (every opponent follows it :data:`PLAYOUT_GREEDY` of the time):
#: on 40 duplicate deals (200 games) against 4 rl-6-nimmt searches (mcs400, 5 players, one round)
#: reading took 1.19 ± 1.20 fewer bullheads a round than not, but against 3 ``normal`` bots (4
#: players, 50 deals) 3.23 ± 2.75 more a game. Variant ``hard+style``
READ_STYLE = False
#: the chances of following the ``normal`` rule that :func:`play_styles` weighs (a uniform prior)
STYLES = tuple(i / 10 for i in range(10))


def play_styles(obs: Observation) -> list[float]:
    """Per player, the chance that its playout pick follows the ``normal`` rule rather than being
    a random card, read from its picks this round (the public memory, :func:`replay_round`).

    Each opponent pick is placed among the cards it could have held instead — the cards hidden
    from this seat now and those played since that turn by the others — by the ``normal`` rule's
    order on the rows of its turn (:func:`card_cost`): ``q`` is the share of those cards the rule
    ranks first. A player who follows the rule with a hand of ``h`` cards played the best of
    them (``q`` is then the least of ``h`` uniform draws, density ``h (1 - q)^(h - 1)``); a
    random card has ``q`` uniform. Over :data:`STYLES` (uniform prior) the mixture's likelihood
    of the player's picks gives its posterior mean chance. Before a player has picked this round
    it is the prior's mean (0.45). The seat's own entry is :data:`OWN_GREEDY`. Measured on
    duplicate deals (docs/bots.md; variant ``hard+style``).
    """
    me, n = obs["viewer"], obs["num_players"]
    prior = sum(STYLES) / len(STYLES)
    out = [prior] * n
    out[me] = OWN_GREEDY
    turns = replay_round(obs)
    if not turns:
        return out
    hidden = hidden_cards(obs)
    like = {p: [1.0] * len(STYLES) for p in range(n) if p != me}
    sizes = obs["hand_sizes"]
    for t, (rows, picks) in enumerate(turns):
        pool = hidden + [c for _, later in turns[t:] for p, c in later if p != me]
        costs = {c: card_cost(rows, c) for c in pool}
        for p, card in picks:
            if p == me or len(pool) < 2:
                continue
            mine = costs[card]
            q = sum(1 for c in pool if costs[c] < mine) / (len(pool) - 1)
            h = max(2, sizes[p] + len(turns) - t)
            rule = h * (1.0 - q) ** (h - 1)
            lp = like[p]
            for i, g in enumerate(STYLES):
                lp[i] *= g * rule + (1.0 - g)
    for p, lp in like.items():
        total = sum(lp)
        if total > 0:
            out[p] = sum(g * w for g, w in zip(STYLES, lp)) / total
    return out


#: read which kind of player each opponent is (:func:`rule_weights`), let its playout picks
#: follow the ``normal`` rule as often as that mixture says (:func:`kind_greedy`) and deal it the
#: hidden cards the rule would have played less often by that chance (:data:`KIND_UNLIKELY`).
#: On for hard: 4 players, one round, 50 duplicate deals against 3 ``normal`` bots it took 2.30 ±
#: 0.99 fewer bullheads a round than without (5.46 against 7.76; variant ``hard+plain``)
READ_KIND = True
#: ... at tables of at most this many players, where it was measured to pay: whole games against
#: ``normal`` bots, duplicate deals, paired per deal against the hard without it (``hard+plain``),
#: it took 7.09 ± 3.57 fewer bullheads a game at 4 players (30 deals) and 3.13 ± 3.42 fewer at 5
#: (24 deals), but MORE at 10: 5.54 ± 3.63 (12 deals) with a player of the other kind at 50% rule
#: picks (``hard+read10``), 4.36 ± 3.66 (8 deals) with it at 25% (``hard+k10p5``, which gained
#: against rl-6-nimmt's search, docs/bots.md). At 6 players, paired per deal against
#: ``hard+plain`` (the reading as at 5 players, variant ``hard+read10`` there), it took 1.58 ±
#: 1.43 fewer bullheads a round against 5 mcs400 (one round, 59 deals; a marginal gain) and 2.23
#: ± 2.37 fewer a game against 5 ``normal`` bots (whole games, 37 deals; no loss). At larger
#: tables hard plays as ``hard+plain`` (the same games, move for move).
READ_KIND_MAX_PLAYERS = 6
#: a player of the rule kind follows the ``normal`` rule in this share of its picks (else a random
#: card); the ``normal`` bot always does
RULE_GREEDY = PLAYOUT_GREEDY
#: a player of the other kind (a searching bot, a person playing by feel) follows it this often
#: (against 4 rl-6-nimmt searches 0.5 took fewer bullheads than 0.9: variant ``hard+g5``)
OTHER_GREEDY = 0.5
#: ... and at tables of more than :data:`SMALL_TABLE` players when the kinds are read there
#: (:data:`READ_KIND_MAX_PLAYERS`; variants only): at ten players rl-6-nimmt's search picks
#: ``normal``'s card in only about a third of its picks (18–31% with 8 to 10 cards in hand, where
#: a uniformly random card is 10–12%: it plays near random), so a pick against the rule tells the
#: kinds apart faster and a searching opponent's playouts are nearer its play (variant
#: ``hard+read10``: 0.5)
OTHER_GREEDY_LARGE = 0.25
#: the largest table of :data:`OTHER_GREEDY` (and of :data:`RULE_PRIOR` on a round's first turn):
#: the tables where hard reads the kinds (:data:`READ_KIND_MAX_PLAYERS`)
SMALL_TABLE = 6
#: the chance that an opponent is of the rule kind before any of its picks this round is read
RULE_PRIOR = 0.5
#: ... at tables of more than :data:`SMALL_TABLE` players, on the round's first turn (no pick of
#: the round read yet); 1: every opponent's playout picks follow the rule as ``hard+plain``'s do
OPENING_PRIOR_LARGE = 0.5
#: how much less likely an opponent of the rule kind holds a hidden card the rule would have
#: played instead of one of its picks (:func:`hand_weights`); 1: the re-deal does not read it
KIND_UNLIKELY = 0.1


def reads_kind(obs: Observation) -> bool:
    """Whether hard reads the opponents' kinds on ``obs`` (:data:`READ_KIND`, at a table of at
    most :data:`READ_KIND_MAX_PLAYERS` players)."""
    return READ_KIND and obs["num_players"] <= READ_KIND_MAX_PLAYERS


def other_greedy(num_players: int) -> float:
    """How often a player of the other kind follows the ``normal`` rule at a table of
    ``num_players``: :data:`OTHER_GREEDY` up to :data:`SMALL_TABLE` players, else
    :data:`OTHER_GREEDY_LARGE`.

    >>> other_greedy(5), other_greedy(6), other_greedy(7), other_greedy(10)
    (0.5, 0.5, 0.25, 0.25)
    """
    return OTHER_GREEDY if num_players <= SMALL_TABLE else OTHER_GREEDY_LARGE


def rule_weights(obs: Observation) -> list[float]:
    """Per player, the chance that it is of the rule kind rather than the other kind, read from
    its picks this round (the public memory, :func:`replay_round`); the seat's own entry is 1.

    A player of a kind that follows the ``normal`` rule with chance ``g`` plays card ``c`` from a
    hand of ``h`` cards with chance ``g * P(rule picks c) + (1 - g) / h``. The rule picks ``c``
    (:func:`card_cost` on the rows of that turn) only if no card of its hand ranks before it: the
    cards it played later this round were in that hand (one ranked before ``c`` makes the chance
    0); its other cards are unknown, drawn from the cards it could have held (those hidden from
    this seat now and those the others played since), so the chance is that none of them is one
    ranked before ``c``. Bayes' rule over the two kinds (:data:`RULE_GREEDY`,
    :func:`other_greedy`, prior :data:`RULE_PRIOR`) gives the chance of the rule kind.
    """
    me, n = obs["viewer"], obs["num_players"]
    other = other_greedy(n)
    turns = replay_round(obs)
    out = [RULE_PRIOR if turns or n <= SMALL_TABLE else OPENING_PRIOR_LARGE] * n
    out[me] = 1.0
    if not turns:
        return out
    hidden = hidden_cards(obs)
    sizes = obs["hand_sizes"]
    odds = {p: RULE_PRIOR / (1.0 - RULE_PRIOR) if RULE_PRIOR < 1.0 else math.inf for p in range(n) if p != me}
    for t, (rows, picks) in enumerate(turns):
        later = [(p, c) for _, tp in turns[t + 1 :] for p, c in tp]
        for p, card in picks:
            if p == me or odds[p] in (0.0, math.inf):
                continue
            mine = card_cost(rows, card)
            own_later = [c for q, c in later if q == p]
            h = sizes[p] + len(turns) - t
            if any(card_cost(rows, c) < mine for c in own_later):
                rule = 0.0
            else:
                pool = hidden + [c for q, c in later if q != p and q != me]
                unknown = max(0, h - 1 - len(own_later))
                better = sum(1 for c in pool if card_cost(rows, c) < mine)
                rule = 1.0
                size = len(pool)
                for j in range(unknown):  # none of the unknown cards drawn is a better one
                    if size - j <= 0:
                        break
                    rule *= max(0.0, (size - better - j) / (size - j))
            like_rule = RULE_GREEDY * rule + (1.0 - RULE_GREEDY) / h
            like_other = other * rule + (1.0 - other) / h
            odds[p] *= like_rule / like_other
    for p, o in odds.items():
        out[p] = 1.0 if o == math.inf else o / (1.0 + o)
    return out


def kind_greedy(obs: Observation) -> list[float]:
    """Per player, the chance that a playout pick follows the ``normal`` rule: the mixture of the
    two kinds by :func:`rule_weights` (the other kind's :func:`other_greedy`); the seat's own is
    :data:`OWN_GREEDY`."""
    w = rule_weights(obs)
    other = other_greedy(obs["num_players"])
    out = [wp * RULE_GREEDY + (1.0 - wp) * other for wp in w]
    out[obs["viewer"]] = OWN_GREEDY
    return out


def playout(game: Any, world: SixNimmtState, obs: Observation, action: Action, seed: int) -> float:
    """Minus the bullheads the seat takes from ``action`` to the end of the round in ``world``."""
    me = obs["viewer"]
    n = world.num_players
    rows = [r[:] for r in world.rows]
    hands = [sorted(h) for h in world.hands]
    bull = [0] * n
    rnd = random.Random(seed)
    if READ_STYLE or reads_kind(obs):
        greedy = read_once("greedy", obs, play_styles if READ_STYLE else kind_greedy)
    else:
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
    obs = before_choices(obs)
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
