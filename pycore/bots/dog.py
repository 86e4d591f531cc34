"""Dog bots: a board evaluation, easy and normal players, determinization and short playouts.

Everything here reads only the seat's observation (``DogState.observation``): the board, own hand,
own gift and received card, hand sizes, the discard pile and the 7 being played. To see what an
action does to the board the bots rebuild a state from the observation (:func:`determinize`) and
let the engine apply the action: the moves, captures, protections and the 7 are the engine's
(``DogState._apply``); nothing of the movement rules is written twice.

The evaluation (:func:`evaluate`) scores a board for a seat: each figure of its side is worth
nothing in the kennel, 20 plus the fields it has covered on the track, more in the goal (deeper is
better, DOG-6), and the opponents' figures count against it; a figure an opponent figure can reach
with one card (1..13 fields behind it, not protected on its own start field, DOG-4) loses part of
its worth. Sides: the team with 4 players (DOG-2, DOG-10), the player alone with 2–3 (DOG-11).

Levels:

* ``easy`` — wins the game at once when it can (the team's last figure into the goal); otherwise
  half the time the ``normal`` move, else a random move; gives a random card.
* ``normal`` — the move whose resulting board :func:`evaluate` likes best: so it leaves the kennel,
  sends opponents home, avoids standing in front of opponents, moves figures into the goal and
  deep into it. Each step of a 7 is chosen the same way. It gives the partner a start card
  (1/11, 13) when the partner still has figures in the kennel and it can spare one, else its least
  useful card (plain forward cards before 4, 7, swap and joker).
* ``hard`` — determinized Monte Carlo: unseen cards are dealt at random to the other hands and
  the deck; the best :data:`HARD_CANDIDATES` moves by ``normal``'s evaluation are each played and
  followed by :data:`PLAYOUT_TURNS` cards of the other players (with 4 players about two turns
  round the table, its own moves between them), everyone playing ``normal``'s move with the hand
  dealt to it in that world (so the bot sees which replies the likely cards allow: hits, blocks,
  the partner's help, and its own follow-up), then the board is evaluated. Seven cards of the
  others beat three (each with more worlds a candidate, for the same time) in 60% ± 13.5 of
  40 duplicate games, hard team against hard team.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from ..games.dog import GOAL_BASE, KENNEL, DogState, sort_hand
from ..games.dog import Action as DogAction
from ..games.dog import Observation as DogObservation
from ..rng import Rng
from .search import Action, Observation

#: the worth of a won (lost) game in evaluation points
WIN = 10_000.0
#: hard tries at most this many moves (the best by ``normal``'s evaluation)
HARD_CANDIDATES = 8
#: worlds a candidate would see without halving: hard's fixed work is this many playouts per candidate
HARD_WORLDS = 17
#: hard plays on until this many further cards have been played by the other players (7: with
#: 4 players, about two turns round the table)
PLAYOUT_TURNS = 7

#: the order in which ``normal`` parts with cards when giving (least useful first)
GIVE_ORDER = ("2", "3", "5", "6", "8", "9", "10", "12", "13", "1/11", "4", "7", "swap", "joker")
START_KINDS = ("1/11", "13")


# ---- evaluation ------------------------------------------------------------------------------


def side_of(n: int, p: int) -> list[int]:
    """Players on ``p``'s side: the team with 4 players, ``p`` alone otherwise."""
    return [p, (p + 2) % 4] if n == 4 else [p]


def figure_worth(state: DogState, f: int) -> float:
    """Worth of figure ``f`` where it stands (see the module docstring)."""
    x = state.pos[f]
    if x == KENNEL:
        return 0.0
    if x >= GOAL_BASE:
        return 100.0 + 3.0 * ((x - GOAL_BASE) & 3)
    return 20.0 + ((x - (state.fcol[f] << 4)) & 63)


def evaluate(state: DogState, p: int) -> float:
    """How good the board is for ``p``'s side (higher is better); ±:data:`WIN` once the game is over.

    The sum of :func:`figure_worth` over the side's figures, minus the opponents' (scaled to the
    side's size), and a quarter of the worth of each figure 1..13 fields ahead of another side's
    figure on the track (not on its own start field, DOG-4), which may be sent home next turn.
    Written out flat (no calls per figure): hard evaluates a board after every move it tries.
    """
    n = state.num_players
    mine = side_of(n, p)
    if state.phase == "over":
        return WIN if p in state.winners_ else -WIN
    pos, owner, fcol = state.pos, state.owner, state.fcol
    other_sign = -1.0 / max(1, n - len(mine)) * len(mine)
    total = 0.0
    track = []
    for f, x in enumerate(pos):
        ours = owner[f] in mine
        if x == KENNEL:
            w = 0.0
        elif x >= GOAL_BASE:
            w = 100.0 + 3.0 * ((x - GOAL_BASE) & 3)
        else:
            w = 20.0 + ((x - (fcol[f] << 4)) & 63)
            track.append((x, ours, w, x == (fcol[f] << 4)))
        total += (1.0 if ours else other_sign) * w
    # threats: a figure 1..13 fields ahead of another side's figure may be sent home next turn
    for x, ours, w, protected in track:
        if protected:
            continue  # on its own start field (DOG-4)
        for y, theirs, _, _ in track:
            if theirs != ours and 1 <= ((x - y) & 63) <= 13:
                risk = 0.25 * w
                total += -risk if ours else risk / max(1, n - len(mine)) * len(mine)
                break
    return total


# ---- determinization -------------------------------------------------------------------------


def determinize(game: Any, obs: Observation, rng: Rng) -> DogState:
    """A state consistent with ``obs``: the engine's one re-deal from an observation
    (:meth:`~pycore.games.dog.DogState.from_observation`: the unseen cards dealt at random to the
    other hands, the other players' secret gifts and the deck; the board and a 7 as observed)."""
    return DogState.from_observation(game, cast(DogObservation, obs), rng)


#: the phase of this game's secret simultaneous choice (``before_choices``, ``pycore.bots.search.secret_choice``)
SECRET_PHASE = "give"


def before_choices(obs: Observation) -> Observation:
    """The observation as it was when the secret gifts began (DOG-3): the other players who have
    chosen their card since are shown as not having given, holding it. Who has given tells
    nothing about what, so a bot decides the same whenever it is asked. Any other observation is
    unchanged."""
    if obs["phase"] != "give" or not any(obs["given"]):
        return obs
    me = obs["viewer"]
    given = obs["given"]
    out = dict(obs)
    out["hand_sizes"] = [k + (given[p] and p != me) for p, k in enumerate(obs["hand_sizes"])]
    out["given"] = [given[p] and p == me for p in range(len(given))]
    out["current_players"] = [p for p in range(len(given)) if not out["given"][p]]
    return out


# ---- normal and easy -------------------------------------------------------------------------


def moves(legal: Sequence[Action]) -> list[Action]:
    """The legal actions a bot considers: all but ``undo`` (taking back a 7 step never helps a bot
    that chose it, and could loop)."""
    out = [a for a in legal if a["type"] != "undo"]
    return out or list(legal)


def after(world: DogState, p: int, action: Action) -> DogState:
    """A copy of ``world`` with ``action`` applied by ``p`` (the engine's own rules)."""
    st = world.clone()
    st.apply_trusted(p, cast(DogAction, action))
    return st


def ranked(world: DogState, p: int, legal: Sequence[Action]) -> list[tuple[float, int, Action]]:
    """``(evaluation after the move, -index, move)`` for each move, best first."""
    scored = [(evaluate(after(world, p, a), p), -i, a) for i, a in enumerate(moves(legal))]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return scored


def gift(obs: Observation, hand: list[str]) -> str:
    """``normal``'s card for the partner (see the module docstring)."""
    n = obs["num_players"]
    me = obs["viewer"]
    if n == 4:
        partner = (me + 2) % 4
        in_kennel = sum(1 for x in obs["figures"][partner] if x == KENNEL)
        starts = [c for c in hand if c in START_KINDS]
        mine_in_kennel = sum(1 for x in obs["figures"][me] if x == KENNEL)
        if in_kennel and starts and (len(starts) > 1 or not mine_in_kennel):
            return starts[0]
    return min(hand, key=GIVE_ORDER.index)


def normal(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """The ``normal`` choice: the best board by :func:`evaluate` (see the module docstring)."""
    if legal[0]["type"] == "give":
        return {"type": "give", "card": gift(obs, [a["card"] for a in legal])}
    if legal[0]["type"] == "discard":
        return {"type": "discard", "card": min((a["card"] for a in legal), key=GIVE_ORDER.index)}
    world = determinize(game, obs, rng)
    return ranked(world, obs["viewer"], legal)[0][2]


def winning_move(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
    """A move after which this seat's side has won (DOG-10, DOG-11), if there is one."""
    if legal[0]["type"] not in ("play", "step"):
        return None
    world = determinize(game, obs, rng)
    me = obs["viewer"]
    for a in moves(legal):
        st = after(world, me, a)
        if st.phase == "over" and me in st.winners_:
            return a
    return None


def easy(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """Takes a winning move; otherwise half ``normal``, half random (never ``undo``)."""
    win = winning_move(game, obs, legal, rng)
    if win is not None:
        return win
    if rng.randbelow(2) == 0:
        return normal(game, obs, legal, rng)
    return rng.choice(moves(legal))


# ---- hard: candidates and playouts -----------------------------------------------------------


# ---- hard: the partner -----------------------------------------------------------------------

#: hard chooses its gift for the partner (DOG-3) by what the card does for the team
#: (:func:`partner_gift`); off, it gives the card it needs least (:data:`GIVE_ORDER`)
PARTNER_GIFT = True
#: hard spends the steps of a 7 left once its last figure is home (DOG-7) on the partner's best
#: move; off, on the first step listed
PARTNER_SEVEN = True
#: worlds (dealings of the partner's hand) behind a gift
GIFT_WORLDS = 6
#: measurement variants for ``python -m pycore.tournament`` seat kinds such as ``hard+solo``:
#: module settings applied while that seat decides
VARIANTS = {"solo": {"PARTNER_GIFT": False, "PARTNER_SEVEN": False}}


def best_move_value(world: DogState, p: int) -> float:
    """The evaluation for ``p``'s side after ``p``'s best move in ``world`` (its turn forced);
    the board as it stands when ``p`` has no card that moves."""
    st = world.clone()
    st.phase, st.turn, st.seven, st.out = "play", p, None, [False] * st.num_players
    legal = [a for a in moves(st.legal_actions(p)) if a["type"] == "play"]
    if not legal:
        return evaluate(st, p)
    return ranked(st, p, legal)[0][0]


def partner_gift(game: Any, obs: Observation, hand: list[str], rng: Rng) -> str:
    """The card for the partner (4 players, DOG-3): the one that leaves the team the best moves.

    For each card it could give, hard values its own best move on the board without that card
    and, in :data:`GIFT_WORLDS` dealings of the partner's unseen hand, the partner's best move with
    it (``normal``'s evaluation after the move, which counts the whole team): a start card for a
    partner stuck in the kennel, the exact count into the partner's goal, a card that sends an
    opponent home. The partner's own gift is unknown; it keeps its whole dealt hand here.
    With 2–3 players the card goes to an opponent: ``normal``'s least useful card.
    """
    if obs["num_players"] != 4:
        return gift(obs, hand)
    me = obs["viewer"]
    partner = (me + 2) % 4
    kinds = list(dict.fromkeys(hand))
    worlds = [determinize(game, obs, rng) for _ in range(GIFT_WORLDS)]
    best, best_value = kinds[0], -1e18
    for card in kinds:
        mine = worlds[0].clone()
        mine.hands[me] = list(hand)
        mine.hands[me].remove(card)
        value = best_move_value(mine, me)
        for w in worlds:
            theirs = w.clone()
            theirs.hands[partner] = theirs.hands[partner] + [card]
            sort_hand(theirs.hands[partner])
            value += best_move_value(theirs, partner) / len(worlds)
        if value > best_value:
            best, best_value = card, value
    return best


def partner_steps(obs: Observation, legal: Sequence[Action]) -> bool:
    """Whether ``legal`` are steps of a 7 that move the partner's figures (own ones are home)."""
    if legal[0]["type"] != "step" or obs["num_players"] != 4:
        return False
    F = obs["figures_per_player"]
    return all(a["type"] != "step" or a["figure"] // F != obs["viewer"] for a in legal)


def candidates(game: Any, obs: Observation, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """The best :data:`HARD_CANDIDATES` moves by ``normal``'s evaluation (a winning move alone);
    the gift by :func:`partner_gift`, discards by ``normal``."""
    if legal[0]["type"] == "give":
        hand = [a["card"] for a in legal]
        if PARTNER_GIFT:
            return [{"type": "give", "card": partner_gift(game, obs, obs["hand"], rng)}]
        return [{"type": "give", "card": min(hand, key=GIVE_ORDER.index)}]
    if legal[0]["type"] == "discard":
        return [normal(game, obs, legal, rng)]
    if not PARTNER_SEVEN and partner_steps(obs, legal):
        return [moves(legal)[0]]
    world = determinize(game, obs, rng)
    best = ranked(world, obs["viewer"], legal)
    if best[0][0] >= WIN:
        return [best[0][2]]
    return [a for _, _, a in best[:HARD_CANDIDATES]]


def hard_playouts(obs: Observation, k: int) -> int:
    """Hard's fixed work for a decision between ``k`` candidates."""
    return HARD_WORLDS * k


def quick_score(state: DogState, p: int, a: Action) -> float:
    """The playout policy's cheap guess of a move's worth, from the action alone (no copy)."""
    if a["type"] not in ("play", "step") or "to" not in a:
        return 0.0
    f, to = a["figure"], a["to"]
    x = state.pos[f]
    mine = side_of(state.num_players, p)
    score = 0.0
    if x == KENNEL:
        score += 30.0
    elif to >= GOAL_BASE:
        score += 50.0 + (to - GOAL_BASE) % 4 if x < GOAL_BASE else 5.0
    else:
        score += ((to - x) & 63) * 0.5 if ((to - x) & 63) < 32 else -2.0
    victim = state.board[to]
    if victim >= 0 and victim != f:
        w = figure_worth(state, victim)
        score += -w if state.owner[victim] in mine else w
    return score


#: playout policy: "normal" (each player plays ``normal``'s move: the best board by
#: :func:`evaluate`, an exact model of normal opponents) or "quick" (:func:`quick_score`)
PLAYOUT_POLICY = "normal"


def quick_action(state: DogState, p: int, rand: Callable[[], float]) -> Action:
    """The playout policy (see :data:`PLAYOUT_POLICY`); discards take the least useful card."""
    legal = moves(state.legal_actions(p))
    if len(legal) == 1:
        return legal[0]
    if legal[0]["type"] == "discard":
        return {"type": "discard", "card": min((a["card"] for a in legal), key=GIVE_ORDER.index)}
    if PLAYOUT_POLICY == "normal":
        return ranked(state, p, legal)[0][2]
    if rand() < 0.2:
        return legal[int(rand() * len(legal))]
    best, best_score = legal[0], -1e9
    for a in legal:
        s = quick_score(state, p, a)
        if s > best_score:
            best, best_score = a, s
    return best


def playout(game: Any, world: DogState, obs: Observation, action: Action, seed: int) -> float:
    """Evaluation for the seat after ``action`` and :data:`PLAYOUT_TURNS` cards of the others
    (the seat's own 7, if unfinished, is completed by the playout policy first)."""
    me = obs["viewer"]
    rand = random.Random(seed).random
    st = world.clone()
    st.apply_trusted(me, cast(DogAction, action))
    others = 0
    guard = 0
    while st.phase == "play" and others < PLAYOUT_TURNS and guard < 200:
        guard += 1
        p = st.turn
        st.apply_trusted(p, cast(DogAction, quick_action(st, p, rand)))
        if p != me and st.seven is None:
            others += 1  # a card of another player has been played in full
    return evaluate(st, me)
