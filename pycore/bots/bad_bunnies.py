"""Bad Bunnies bots: easy and normal heuristics, determinization and round playouts.

Everything here reads only the seat's observation (``BadBunniesState.observation``): own hand,
the face-up pile of this round with its call, hand sizes, who passed, pile counts and scores. The
rules come from the engine (``may_follow``, ``final_card_allowed``, ``needs_announcement``,
``is_double`` and the state's own ``legal_actions``/``_apply`` in playouts).

Levels:

* ``easy`` — lays the last card of its hand whenever it may (that wins the round, BB-5 b);
  otherwise half the time the ``normal`` play, else a random card (it passes only when it must);
  keeps or redraws at random (BB-8).
* ``normal`` — wins at once when it can; keeps its jokers (1 and 7) while another card fits; of
  the cards that fit it lays the one the next players are least likely to answer, and announces
  against the next player: the direction for which fewer unseen cards (those not in its hand and
  not on the pile) would fit. Jokers are laid only when nothing else fits (a 7 before a 1, as a 1
  frees the next player); it passes only when nothing fits. Between rounds it always redraws
  (BB-8): the cards left over are the ones that did not fit, and jokers hoarded to the end cannot
  be the last card (BB-6) — in 600-game trials keeping any hand did worse than redrawing.
* ``hard`` — determinized Monte Carlo: the unseen cards are dealt at random to the other hands,
  the draw pile and the reserve; every candidate action is played and the round is played out
  with a quick policy; the value is the seat's points this round minus the mean of the others'.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

from ..games.bad_bunnies import (
    BIG_JOKER,
    CHOICES,
    DECK,
    HIGHER,
    JOKERS,
    LITTLE_JOKER,
    LOWER,
    BadBunniesState,
)
from ..games.bad_bunnies import Action as BBAction
from ..games.bad_bunnies import Observation as BBObservation
from ..rng import Rng
from .search import Action, Observation


def unseen_counts(obs: Observation) -> Counter[int]:
    """How many of each number this seat cannot see: all 110 cards minus own hand and the pile."""
    unseen = Counter(DECK)
    unseen.subtract(obs["hand"])
    unseen.subtract(obs["pile"])
    return unseen


def _fitting(unseen: Counter[int], card: int, announce: str) -> int:
    """Unseen cards that fit a plain call on ``card`` with a number strictly higher/lower (no
    jokers, no doubles: those fit either call alike)."""
    if announce == HIGHER:
        return sum(unseen[k] for k in range(card + 1, 14) if k not in JOKERS)
    return sum(unseen[k] for k in range(2, card) if k not in JOKERS)


def best_call(unseen: Counter[int], hand_after: list[int], card: int) -> str:
    """The call against the next player: the direction fewer unseen cards fit; on a tie the one
    that more of this seat's own remaining cards fit."""

    def key(announce: str) -> tuple[int, int]:
        mine = sum(1 for c in hand_after if (c > card if announce == HIGHER else c < card))
        return (_fitting(unseen, card, announce), -mine)

    return min((HIGHER, LOWER), key=key)


def answers(unseen: Counter[int], action: Action, top: int | None) -> int:
    """Roughly how many unseen cards could answer ``action`` (lower is better for the player)."""
    card = action["card"]
    if card == LITTLE_JOKER and top != LITTLE_JOKER:
        return sum(unseen.values())  # a single 1: any card follows
    if "announce" not in action:  # a double (or a 1 on a 1): only the same number or a 7
        return unseen[card] + (unseen[BIG_JOKER] if card != BIG_JOKER else 0)
    return _fitting(unseen, card, action["announce"]) + unseen[card] + unseen[LITTLE_JOKER] + unseen[BIG_JOKER]


def winning_play(obs: Observation, legal: Sequence[Action]) -> Action | None:
    """A play that empties the hand (wins the round, BB-5 b), if there is one."""
    if len(obs["hand"]) == 1:
        for a in legal:
            if a["type"] == "play":
                return a
    return None


def sure_move(obs: Observation, legal: Sequence[Action]) -> Action | None:
    """The play no bot thinks twice about (phase ``play``): the one that wins the round
    (:func:`winning_play`), else the pass when no card may be laid; ``None`` when there is a choice."""
    win = winning_play(obs, legal)
    if win is not None:
        return win
    if not any(a["type"] == "play" for a in legal):
        return {"type": "pass"}
    return None


def keep_hand(hand: list[int]) -> bool:
    """``normal``'s BB-8 choice: never keep (see the module docstring)."""
    return False


def normal(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """The ``normal`` choice (see the module docstring); deterministic."""
    if legal[0]["type"] in CHOICES:
        return {"type": "keep"} if keep_hand(obs["hand"]) else {"type": "redraw"}
    sure = sure_move(obs, legal)
    if sure is not None:
        return sure
    plays = [a for a in legal if a["type"] == "play"]
    unseen = unseen_counts(obs)
    top = obs["top"]
    hand = obs["hand"]
    plain = [a for a in plays if a["card"] not in JOKERS]
    if not plain:
        plain = plays
    best = None
    best_key = None
    for a in plain:
        if "announce" in a:
            after = list(hand)
            after.remove(a["card"])
            if a["announce"] != best_call(unseen, after, a["card"]):
                continue
        key = (a["card"] == LITTLE_JOKER, answers(unseen, a, top), -hand.count(a["card"]), a["card"])
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best if best is not None else plain[0]


#: chance that ``easy`` lays a fitting card on impulse (uniformly at random) instead of its rule
EASY_IMPULSE = 0.2


def roomy_call(card: int) -> str:
    """The call a beginner makes on ``card``: the direction with more numbers left in the deck —
    higher on a low card, lower on a high one — to keep the game going. It is the call that
    helps the next player most (``normal`` calls the other way, against the next player).

    >>> roomy_call(3), roomy_call(12)
    ('higher', 'lower')
    """
    high, low = _fitting(DECK_COUNTS, card, HIGHER), _fitting(DECK_COUNTS, card, LOWER)
    return HIGHER if high >= low else LOWER


def beginner_play(plays: Sequence[Action], top: int | None) -> Action:
    """The play of a beginner: the fitting card nearest the top card, with the roomy call.

    A beginner follows with the smallest step (a 10 on a 9 called higher), which leaves the
    next player the most room; it spends jokers as readily as any card when they are nearest; on
    an empty pile or after a single 1 it lays its lowest card; it calls :func:`roomy_call`.

    >>> beginner_play([{"type": "play", "card": c, "announce": a}
    ...     for c in (10, 12, 13) for a in ("higher", "lower")], 9)
    {'type': 'play', 'card': 10, 'announce': 'lower'}
    """

    def key(a: Action) -> tuple[int, int]:
        return (abs(a["card"] - top) if top is not None and top != LITTLE_JOKER else a["card"], a["card"])

    card = min(plays, key=key)["card"]
    options = [a for a in plays if a["card"] == card]
    want = roomy_call(card)
    return next((a for a in options if a.get("announce") == want), options[0])


def beginner_keeps(hand: list[int]) -> bool:
    """A beginner's BB-8 choice: keep a hand that holds a joker, or only a few cards (it feels
    close to done) — though the cards left over are the ones that did not fit, and a joker cannot
    be the last card (BB-6). ``normal`` always redraws.

    >>> beginner_keeps([7, 12, 13, 2]), beginner_keeps([3, 9]), beginner_keeps([2, 5, 9, 13])
    (True, True, False)
    """
    return any(c in JOKERS for c in hand) or len(hand) <= 3


def easy(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """A beginner: lays its last card when it may (it wins the round, BB-5 b); otherwise
    :func:`beginner_play`, or a random fitting card on impulse one time in five
    (:data:`EASY_IMPULSE`); passes only when nothing fits; between rounds
    :func:`beginner_keeps`. Screened: ``normal`` beat this beginner (with impulses one time in
    three) in 83.1% ± 2.8 of seat pairs (400 games, one easy against two normal)."""
    if legal[0]["type"] in CHOICES:
        keep = {"type": "keep"}
        return keep if keep in legal and beginner_keeps(obs["hand"]) else {"type": "redraw"}
    sure = sure_move(obs, legal)
    if sure is not None:
        return sure
    plays = [a for a in legal if a["type"] == "play"]
    if rng.random() < EASY_IMPULSE:
        return rng.choice(plays)
    return beginner_play(plays, obs["top"])


# ---- hard: determinization and playouts ------------------------------------------------------


#: the phase of this game's secret simultaneous choice (``before_choices``, ``pycore.bots.search.secret_choice``)
SECRET_PHASE = "choose"


def before_choices(obs: Observation) -> Observation:
    """The observation as it was when the secret keep/redraw choices began (BB-8): the other
    players who have chosen since are shown as still choosing. Who has chosen tells nothing about
    what, so a bot decides the same whenever it is asked. Any other observation is unchanged."""
    if obs["phase"] != "choose":
        return obs
    me = obs["viewer"]
    choosing = [c or (p != me and k > 0) for p, (c, k) in enumerate(zip(obs["choosing"], obs["hand_sizes"]))]
    if choosing == obs["choosing"]:
        return obs
    out = dict(obs)
    out["choosing"] = choosing
    out["current_players"] = [p for p, c in enumerate(choosing) if c]
    return out


def candidates(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Every legal action (at most 13 cards × 2 calls + pass); a winning play is taken outright."""
    win = winning_play(obs, legal) if legal[0]["type"] == "play" else None
    return [win] if win is not None else list(legal)


def determinize(game: Any, obs: Observation, rng: Rng) -> BadBunniesState:
    """A state consistent with ``obs``: the engine's one re-deal from an observation
    (:meth:`~pycore.games.bad_bunnies.BadBunniesState.from_observation`: unseen cards dealt at random
    to the other hands, the draw pile and the reserve; other players' secret choices guessed)."""
    return BadBunniesState.from_observation(game, cast(BBObservation, obs), rng)


#: FIT[card][0]/FIT[card][1]: cards of the full deck (jokers left out) strictly higher/lower than
#: ``card`` — the playout policy's fixed stand-in for :func:`_fitting` over the unseen cards
FIT = [(0, 0)] + [(_fitting(Counter(DECK), c, HIGHER), _fitting(Counter(DECK), c, LOWER)) for c in range(1, 14)]
DECK_COUNTS = Counter(DECK)

#: worlds a candidate would see without halving: hard's fixed work is this many playouts per candidate
HARD_WORLDS = 150


def hard_playouts(obs: Observation, k: int) -> int:
    """Hard's fixed work for a decision between ``k`` candidates."""
    return HARD_WORLDS * k


#: chance that a playout move follows the quick greedy rule rather than a random plain card
PLAYOUT_GREEDY = 0.8


def quick_action(state: BadBunniesState, p: int, rand: Callable[[], float]) -> Action:
    """The playout policy, a table-driven cousin of ``normal``: redraw between rounds; lay the last
    card at once; otherwise mostly the plain card the fewest cards of the deck could answer (a
    double counts only its own number and the 7s), sometimes a random plain card; a joker only when
    no plain card fits (a 7 before a 1); pass when nothing fits. Calls go against the next player."""
    if state.phase == "choose":
        return {"type": "redraw"}
    cards = state.playable_cards(p)
    if not cards:
        return {"type": "pass"}
    hand = state.hands[p]
    if len(hand) == 1:
        return {"type": "play", "card": cards[0]}
    top = state.pile[-1] if state.pile else None
    plain = [c for c in cards if c not in JOKERS]
    if not plain:
        card = cards[-1]  # 7 if held, else 1
    elif len(plain) == 1 or rand() < PLAYOUT_GREEDY:
        card, best = plain[0], 1 << 20
        for c in plain:
            cost = DECK_COUNTS[c] + (DECK_COUNTS[BIG_JOKER] if c == top else min(FIT[c]) + 34)
            if cost < best:
                card, best = c, cost
    else:
        card = plain[int(rand() * len(plain))]
    if card == top and card != BIG_JOKER or card == LITTLE_JOKER:
        return {"type": "play", "card": card}  # a double or a 1: no call (BB-2)
    high, low = FIT[card]
    return {"type": "play", "card": card, "announce": HIGHER if high <= low else LOWER}


def playout(game: Any, world: BadBunniesState, obs: Observation, action: Action, seed: int) -> float:
    """The seat's points minus the mean of the others' points from ``action`` to the end of the
    round (to the end of the next round when ``action`` is a keep/redraw choice)."""
    me = obs["viewer"]
    state = world.clone()
    before = state.scores[:]
    rand = random.Random(seed).random
    choosing = state.phase == "choose"
    state.apply_trusted(me, cast(BBAction, action))
    if choosing:
        while state.phase == "choose":
            p = state.current_players()[0]
            state.apply_trusted(p, cast(BBAction, quick_action(state, p, rand)))
    while state.phase == "play":
        turn = state.turn
        assert turn is not None
        state.apply_trusted(turn, cast(BBAction, quick_action(state, turn, rand)))
    gains = [a - b for a, b in zip(state.scores, before)]
    n = len(gains)
    return gains[me] - (sum(gains) - gains[me]) / (n - 1)
