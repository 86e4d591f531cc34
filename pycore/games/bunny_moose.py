"""Bunny Bunny Moose Moose (Czech Games Edition), 3–6 players: hands on heads, a narrator, a hunter.

Source: seed ``004_d13144a48c60af0d.txt`` (Spanish rulebook) and rulings BM-1..BM-8 in
``RULINGS.md``; the project's own rules page, deck list and poems are in ``seeds/bunny_moose.md``.

The app replaces the narrator's deck, poem sheet and trail. Nothing is private: every card shown,
every pose and the narrator's bet are seen by the whole table; only the order of the shuffled deck
is unknown to everybody (chance), so ``hidden_information`` is ``False``.

Flow of one round:

1. ``bet`` (narrator mode only): the narrator bets on one other player; whatever that player's
   animal scores, the narrator's figure of the same animal moves too (BM-6). Public, as the player
   card placed on the table in the seed; made before the first card so it cannot follow the poses.
2. ``reveal``: the narrator (or, in app-narrator mode, the phone for the round's leader) reveals
   the next card of the shuffled deck, one per poem line. Cards go onto six stacks in order and
   cover them in order; a hunter drawn before all six stacks hold a card is placed like any card
   and has no effect; a hunter drawn after that ends the round and is not placed (BM-4).
3. ``poses``: every posing player's frozen pose is entered (a simultaneous phase: any order).
   In narrator mode the narrator does not pose; in app-narrator mode everybody poses.
4. When the last pose is in, every pose is scored against the six top cards (BM-3, BM-5) and the
   figures move on the trail (BM-6); phase ``scored`` waits for the leader's ``continue``, which
   passes the narrator to the left (seat + 1) and reshuffles the whole deck. The game ends after
   the scoring of the round in which every player has narrated ``rounds`` times (BM-7).

Actions (JSON-safe dicts)::

    {"type": "bet", "player": 2}            # phase "bet", the narrator; any other seat
    {"type": "reveal"}                      # phase "reveal", the narrator / round leader
    {"type": "pose", "left": HAND, "right": HAND, "tongue": false}   # phase "poses"
    {"type": "continue"}                    # phase "scored", the narrator / round leader

    HAND = {"kind": "none"}
         | {"kind": "ear", "position": "top" | "side", "shape": "straight" | "floppy"}
         | {"kind": "antler", "spread": "wide" | "compact", "direction": "up" | "down"}

Events returned by ``apply_action``::

    {"type": "bet", "narrator": n, "player": p}
    {"type": "reveal", "player": n, "card": CARD, "stack": s, "drawn": k, "first_pass": bool}
        # k = cards drawn this round including this one (poem line = (k - 1) % poem length)
    {"type": "hunter", "player": n, "card": CARD, "drawn": k}    # BM-4: the round ends, "BAM!"
    {"type": "posed", "player": p}
    {"type": "scored", "round": r, "results": [RESULT per player], "moves": [MOVE, ...],
     "figures": [[rabbit, moose] per player]}
    {"type": "next_round", "round": r, "narrator": n}
    {"type": "game_over", "winners": [seats], "figures": [[rabbit, moose] per player]}

    CARD = card_info(card_id) (see :func:`card_info`); n = the narrator (round leader), who reveals
    RESULT = score_pose(...) plus "player" (see :func:`score_pose`); None for the narrator
    MOVE = {"player": p, "figure": "rabbit" | "moose", "from": a, "to": b, "by": b - a,
            "bet": bool}   # bet=True: the narrator's figure following the player bet on

Public memory: the observation's ``played`` is every card revealed this round, in order (stack by
stack, the hunter last), ``[{"player": n, "card": id}]`` with ``n`` the narrator who revealed it;
a new round starts afresh (:func:`remember` builds the same list from the events).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict, cast

from ..core import HIDDEN, PUBLIC, Field, Game, JsonDict, Option, State, check_action_keys, require_int
from ..errors import IllegalActionError, InvalidStateError
from ..rng import Rng
from ..spec import Choice, Custom, Fixed, Int, ListOf, Nullable, PerPlayer, expect

PHASES = ("bet", "reveal", "poses", "scored", "game_over")
Phase = Literal["bet", "reveal", "poses", "scored", "game_over"]
NUM_STACKS = 6  # BM-4: one stack per line of the short poem
TRAIL_FIELDS = 15  # BM-6: the trail cards; positions are kept exactly beyond either end
START_FIELD = 5  # BM-6: every figure starts on the 5th field
POEM_LINES = {"short": 6, "long": 12}  # BM-8: the app's own two poems (texts in seeds/ and the view)
RABBIT, MOOSE = 0, 1  # index of a figure in figures[player]
FIGURE_NAMES = ("rabbit", "moose")

#: attributes of each hand shape (BM-1), in the order used by the deck tables: (A, B)
EAR_ATTRS = (("position", ("top", "side")), ("shape", ("straight", "floppy")))
ANTLER_ATTRS = (("spread", ("wide", "compact")), ("direction", ("up", "down")))
HAND_ATTRS = {"ear": EAR_ATTRS, "antler": ANTLER_ATTRS}
SIDES = ("left", "right")


# ---- the deck (BM-2) ---------------------------------------------------------------------------
#
# Hotseat's own 111-card deck. The numbers below are chosen so that, for each side of the head,
# the points of all ear cards one ear could match add up to +2 whatever ear it is (and the same
# for antlers): no pose is better than another before the cards are seen; reacting to the table is
# what scores. seeds/bunny_moose.md gives the full list and the figures (tools: the test module
# recomputes them). Types are (A, B) index pairs, e.g. ear (0, 1) = top + floppy.

#: single exact cards: (side, (a, b)) -> the two cards' points
_SINGLE_EXACT = {
    ("left", (0, 0)): (1, -3),
    ("left", (0, 1)): (3, -1),
    ("left", (1, 0)): (3, 1),
    ("left", (1, 1)): (3, -1),
    ("right", (0, 0)): (1, -3),
    ("right", (0, 1)): (3, 1),
    ("right", (1, 0)): (1, 1),
    ("right", (1, 1)): (3, -1),
}
#: single ambiguous cards (one attribute open): (side, attribute index, value index) -> points
_SINGLE_AMBIGUOUS = {
    ("left", 0, 0): (2, -1),
    ("left", 0, 1): (1, -1),
    ("left", 1, 0): (1, -2),
    ("left", 1, 1): (2, -2),
    ("right", 0, 0): (2, -2),
    ("right", 0, 1): (2, -1),
    ("right", 1, 0): (1, -1),
    ("right", 1, 1): (1, -2),
}
#: double exact cards, one per type: (a, b) -> points
_DOUBLE_EXACT = {(0, 0): 2, (0, 1): -1, (1, 0): -1, (1, 1): 2}
#: double ambiguous cards, one per half type: (attribute index, value index) -> points
_DOUBLE_AMBIGUOUS = {(0, 0): 1, (0, 1): -1, (1, 0): 1, (1, 1): -1}
TONGUE_POINTS = (3, 2, 2, 1, 1, -1, -1, -2, -2, -3)
NUM_RABBIT_X2 = 5
NUM_MOOSE_X2 = 5
NUM_INVERT = 3
NUM_HUNTERS = 8

#: card kinds; the "basic" subset for first games leaves out tongue, ×2 and ± cards (BM-2)
KINDS = ("single", "double", "tongue", "rabbit", "moose", "invert", "hunter")
BASIC_KINDS = ("single", "double", "hunter")


# ---- the typed contract (cards, poses, actions, events, observations) ---------------------------

#: a hand of a pose (BM-1): ``{"kind": "none"}``, an ear ``{"kind": "ear", "position", "shape"}``
#: or an antler ``{"kind": "antler", "spread", "direction"}`` (see :data:`HANDS`)
Hand = dict[str, str]
Animal = Literal["rabbit", "moose"]


class CardInfo(TypedDict):
    """A card of the deck (BM-2); see :func:`card_info`."""

    id: int
    kind: str
    hand: Literal["ear", "antler"] | None
    side: Literal["left", "right"] | None
    position: str | None
    shape: str | None
    spread: str | None
    direction: str | None
    points: int | None
    basic: bool


class Pose(TypedDict):
    left: Hand
    right: Hand
    tongue: bool


class BetAction(TypedDict):
    type: Literal["bet"]
    player: int


class RevealAction(TypedDict):
    type: Literal["reveal"]


class PoseAction(TypedDict):
    type: Literal["pose"]
    left: Hand
    right: Hand
    tongue: bool


class ContinueAction(TypedDict):
    type: Literal["continue"]


Action = BetAction | RevealAction | PoseAction | ContinueAction


class Match(TypedDict):
    stack: int
    card: int
    times: int


class _ResultBase(TypedDict):
    animal: Animal | None
    looks_like: Animal | None
    bush: bool
    matches: list[Match]
    base: int
    doublers: int
    inversions: int
    inverted: bool
    score: int


class Result(_ResultBase, total=False):
    """A pose scored against the top cards (:func:`score_pose`); ``player`` in a round's results."""

    player: int


#: a figure's move on the trail (BM-6); ``bet``: the narrator's figure following the bet
TrailMove = TypedDict("TrailMove", {"player": int, "figure": Animal, "from": int, "to": int, "by": int, "bet": bool})


class BetEvent(TypedDict):
    type: Literal["bet"]
    narrator: int
    player: int


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    player: int
    card: CardInfo
    stack: int
    drawn: int
    first_pass: bool


class HunterEvent(TypedDict):
    type: Literal["hunter"]
    player: int
    card: CardInfo
    drawn: int


class PosedEvent(TypedDict):
    type: Literal["posed"]
    player: int


class ScoredEvent(TypedDict):
    type: Literal["scored"]
    round: int
    results: list[Result | None]
    moves: list[TrailMove]
    figures: list[list[int]]


class NextRoundEvent(TypedDict):
    type: Literal["next_round"]
    round: int
    narrator: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]
    figures: list[list[int]]


Event = BetEvent | RevealEvent | HunterEvent | PosedEvent | ScoredEvent | NextRoundEvent | GameOverEvent


class PlayerCard(TypedDict):
    """An entry of the public memory: a card revealed this round and who revealed it."""

    player: int
    card: int


class PublicObservation(TypedDict):
    """Everything on the table (nothing is private in this game); see
    :meth:`BunnyMooseState.public_observation`."""

    type: Literal["observation"]
    game: Literal["bunny_moose"]
    viewer: int | None
    num_players: int
    mode: Literal["player", "app"]
    basic: bool
    poem: Literal["short", "long"]
    poem_lines: int
    tempo: str
    phase: Phase
    round: int
    total_rounds: int
    narrator: int
    narrations: list[int]
    bet: int | None
    posers: list[int]
    deck_size: int
    drawn: int
    placed: int
    first_pass_done: bool
    stacks: list[list[int]]
    top_cards: list[CardInfo | None]
    hunter: CardInfo | None
    played: list[PlayerCard]
    posed: list[bool]
    poses: list[Pose | None]
    results: list[Result | None] | None
    moves: list[TrailMove] | None
    figures: list[list[int]]
    trail_fields: int
    current_players: list[int]
    winners: list[int]


#: a player's observation is the public one with ``viewer`` set
Observation = PublicObservation


def _make_deck() -> list[CardInfo]:
    """Build the 111 cards (BM-2) as card dicts, ids 0..110 in a fixed order."""
    cards: list[CardInfo] = []

    def add(kind: str, **fields: Any) -> None:
        card: dict[str, Any] = {"id": len(cards), "kind": kind, "hand": None, "side": None, "points": None}
        for attrs in (EAR_ATTRS, ANTLER_ATTRS):
            for name, _ in attrs:
                card[name] = None
        card.update(fields)
        card["basic"] = kind in BASIC_KINDS
        cards.append(cast(CardInfo, card))

    for hand in ("ear", "antler"):
        (a_name, a_vals), (b_name, b_vals) = HAND_ATTRS[hand]
        for side in SIDES:
            # antlers use the other side's table, so ears and antlers do not mirror each other
            table_side = side if hand == "ear" else ("right" if side == "left" else "left")
            for a, b in ((0, 0), (0, 1), (1, 0), (1, 1)):
                for pts in _SINGLE_EXACT[(table_side, (a, b))]:
                    add("single", hand=hand, side=side, points=pts, **{a_name: a_vals[a], b_name: b_vals[b]})
            for attr in (0, 1):
                name, vals = HAND_ATTRS[hand][attr]
                for v in (0, 1):
                    for pts in _SINGLE_AMBIGUOUS[(table_side, attr, v)]:
                        add("single", hand=hand, side=side, points=pts, **{name: vals[v]})
        for (a, b), pts in _DOUBLE_EXACT.items():
            add("double", hand=hand, points=pts, **{a_name: a_vals[a], b_name: b_vals[b]})
        for (attr, v), pts in _DOUBLE_AMBIGUOUS.items():
            name, vals = HAND_ATTRS[hand][attr]
            add("double", hand=hand, points=pts, **{name: vals[v]})
    for pts in TONGUE_POINTS:
        add("tongue", points=pts)
    for _ in range(NUM_RABBIT_X2):
        add("rabbit")
    for _ in range(NUM_MOOSE_X2):
        add("moose")
    for _ in range(NUM_INVERT):
        add("invert")
    for _ in range(NUM_HUNTERS):
        add("hunter")
    return cards


DECK: tuple[CardInfo, ...] = tuple(_make_deck())
DECK_SIZE = len(DECK)
assert DECK_SIZE == 111, DECK_SIZE
FULL_IDS: tuple[int, ...] = tuple(range(DECK_SIZE))
BASIC_IDS: tuple[int, ...] = tuple(c["id"] for c in DECK if c["basic"])
HUNTER_IDS = frozenset(c["id"] for c in DECK if c["kind"] == "hunter")


def deck_ids(basic: bool) -> list[int]:
    """Ids of the cards in play: all 111, or the 88-card basic subset for first games (BM-2)."""
    return list(BASIC_IDS if basic else FULL_IDS)


def card_info(card_id: int) -> CardInfo:
    """A JSON-safe copy of card ``card_id``'s description.

    Keys: ``id``; ``kind`` (one of :data:`KINDS`); ``hand`` ("ear" | "antler" for single and
    double cards, else None); ``side`` ("left" | "right" for single cards: the player's hand, read
    as in a mirror, BM-3; else None); ``position``, ``shape`` (ear cards), ``spread``,
    ``direction`` (antler cards): the required value, or None when the card leaves it open
    (ambiguous card) or it does not apply; ``points`` (−3..+3 for single, double and tongue cards,
    else None); ``basic`` (in the first-game subset).

    >>> c = card_info(0)
    >>> (c["kind"], c["hand"], c["side"], c["position"], c["shape"], c["points"])
    ('single', 'ear', 'left', 'top', 'straight', 1)
    >>> card_info(110)["kind"]
    'hunter'
    """
    return cast(CardInfo, dict(DECK[card_id]))


# ---- poses and scoring (BM-1, BM-3, BM-5) ---------------------------------------------------

NO_HAND: Hand = {"kind": "none"}


def all_hands() -> list[Hand]:
    """The nine hand shapes of BM-1: nothing, four ears, four antlers."""
    hands = [dict(NO_HAND)]
    for kind in ("ear", "antler"):
        (a_name, a_vals), (b_name, b_vals) = HAND_ATTRS[kind]
        for a in a_vals:
            for b in b_vals:
                hands.append({"kind": kind, a_name: a, b_name: b})
    return hands


HANDS: tuple[Hand, ...] = tuple(all_hands())


def check_hand(hand: Any, where: str) -> None:
    """Raise ``IllegalActionError("BM-1", ...)`` unless ``hand`` is one of :data:`HANDS`."""
    if not isinstance(hand, dict):
        raise IllegalActionError("BM-1", f"{where} must be a hand object, got {hand!r}")
    kind = hand.get("kind")
    if kind == "none":
        if set(hand) != {"kind"}:
            raise IllegalActionError("BM-1", f'{where}: an empty hand has only "kind": "none", got {hand!r}')
        return
    if kind not in HAND_ATTRS:
        raise IllegalActionError("BM-1", f'{where}: kind must be "none", "ear" or "antler", got {kind!r}')
    attrs = HAND_ATTRS[kind]
    want = {"kind"} | {name for name, _ in attrs}
    if set(hand) != want:
        raise IllegalActionError(
            "BM-1", f"{where}: an {kind} needs exactly the keys {sorted(want)}, got {sorted(hand)}"
        )
    for name, vals in attrs:
        if hand[name] not in vals:
            raise IllegalActionError("BM-1", f"{where}: {kind} {name} must be one of {list(vals)}, got {hand[name]!r}")


def check_pose(action: JsonDict) -> None:
    """Validate a ``pose`` action's ``left``, ``right`` and ``tongue`` (BM-1)."""
    check_action_keys("BM-1", action, ("left", "right", "tongue"))
    for side in SIDES:
        if side not in action:
            raise IllegalActionError("BM-1", f'a pose needs {side!r} (a hand; {{"kind": "none"}} for no hand)')
        check_hand(action[side], side)
    if not isinstance(action.get("tongue"), bool):
        raise IllegalActionError("BM-1", f'a pose needs "tongue": true or false, got {action.get("tongue")!r}')


def pose_animal(left: Hand, right: Hand) -> Animal | None:
    """ "rabbit" (two ears), "moose" (two antlers) or None for a bush (BM-1).

    >>> ear = {"kind": "ear", "position": "top", "shape": "straight"}
    >>> antler = {"kind": "antler", "spread": "wide", "direction": "up"}
    >>> pose_animal(ear, ear), pose_animal(antler, antler), pose_animal(ear, antler), pose_animal(ear, NO_HAND)
    ('rabbit', 'moose', None, None)
    """
    if left["kind"] == "ear" and right["kind"] == "ear":
        return "rabbit"
    if left["kind"] == "antler" and right["kind"] == "antler":
        return "moose"
    return None


#: why a pose is a bush (BM-1): both hands empty, one hand only, an ear with an antler
Bush = Literal["no_hands", "one_hand", "mixed"]


def bush_kind(left: Hand, right: Hand) -> Bush | None:
    """Why the pose is a bush (BM-1: anything but two ears or two antlers), or None for a rabbit
    or a moose: ``"no_hands"``, ``"one_hand"`` or ``"mixed"`` (an ear with an antler).

    >>> ear = {"kind": "ear", "position": "top", "shape": "straight"}
    >>> antler = {"kind": "antler", "spread": "wide", "direction": "up"}
    >>> bush_kind(NO_HAND, NO_HAND), bush_kind(NO_HAND, ear), bush_kind(antler, ear), bush_kind(ear, ear)
    ('no_hands', 'one_hand', 'mixed', None)
    """
    if pose_animal(left, right) is not None:
        return None
    empty = (left["kind"] == "none") + (right["kind"] == "none")
    return "no_hands" if empty == 2 else "one_hand" if empty == 1 else "mixed"


def hand_matches(card: CardInfo, hand: Hand) -> bool:
    """True if ``hand`` shows the ear/antler ``card`` asks for (open attributes match anything)."""
    kind = card["hand"]
    if kind is None or hand["kind"] != kind:
        return False
    for name, _ in HAND_ATTRS[kind]:
        want = cast(dict[str, Any], card)[name]
        if want is not None and hand[name] != want:
            return False
    return True


def looks_like(animal: Animal, tongue: bool) -> Animal:
    """The animal a player looks like for the rabbit and moose cards (BM-2).

    A tongue out turns a moose into a rabbit and a rabbit into a moose.

    >>> looks_like("moose", True), looks_like("rabbit", False)
    ('rabbit', 'rabbit')
    """
    if not tongue:
        return animal
    return "rabbit" if animal == "moose" else "moose"


def match_times(card: CardInfo, left: Hand, right: Hand, tongue: bool) -> int:
    """How many times a (non-bush) pose matches ``card``: 0, 1 or 2 (BM-2, BM-3).

    Single cards: the hand on the card's side (mirror reading, BM-3: the card's right side is the
    player's right hand). Double cards: each matching hand counts once. Tongue: tongue out.
    Rabbit/moose (×2): looking like that animal, tongue included. Hunters and ± never match (± acts
    on every player through its count, BM-5).
    """
    kind = card["kind"]
    if kind == "single":
        return 1 if hand_matches(card, left if card["side"] == "left" else right) else 0
    if kind == "double":
        return hand_matches(card, left) + hand_matches(card, right)
    if kind == "tongue":
        return 1 if tongue else 0
    if kind in ("rabbit", "moose"):
        animal = pose_animal(left, right)
        return 1 if animal is not None and looks_like(animal, tongue) == kind else 0
    return 0


def score_pose(pose: Pose | PoseAction, cards: Sequence[int | None]) -> Result:
    """Score one frozen pose against the top cards of the six stacks (BM-5).

    Args:
        pose: a checked pose: ``{"left": HAND, "right": HAND, "tongue": bool}`` (extra keys such
            as "type" are ignored).
        cards: the top card id of each stack (None for an empty stack).

    Returns:
        ``{"animal": "rabbit" | "moose" | None, "looks_like": ..., "bush": bool,
        "matches": [{"stack": i, "card": id, "times": 1 | 2}], "base": sum of matched points
        (double matches twice), "doublers": matched ×2 cards, "inversions": ± cards showing,
        "inverted": odd number of them, "score": base × 2**doublers, negated if inverted}``.
        A bush scores 0 and matches nothing.

    >>> ear = lambda pos, shape: {"kind": "ear", "position": pos, "shape": shape}
    >>> score_pose({"left": ear("top", "straight"), "right": ear("top", "straight"), "tongue": False}, [0])["score"]
    1
    """
    left, right, tongue = pose["left"], pose["right"], pose["tongue"]
    animal = pose_animal(left, right)
    inversions = sum(1 for c in cards if c is not None and DECK[c]["kind"] == "invert")
    result: Result = {
        "animal": animal,
        "looks_like": None if animal is None else looks_like(animal, tongue),
        "bush": animal is None,
        "matches": [],
        "base": 0,
        "doublers": 0,
        "inversions": inversions,
        "inverted": False,
        "score": 0,
    }
    if animal is None:
        return result  # BM-1, BM-5: a bush scores 0 on every card
    base = 0
    doublers = 0
    for stack, c in enumerate(cards):
        if c is None:
            continue
        card = DECK[c]
        times = match_times(card, left, right, tongue)
        if not times:
            continue
        result["matches"].append({"stack": stack, "card": c, "times": times})
        if card["points"] is not None:
            base += card["points"] * times
        else:
            doublers += 1
    score = base * (2**doublers)
    inverted = inversions % 2 == 1
    if inverted:
        score = -score
    result["base"], result["doublers"], result["inverted"], result["score"] = base, doublers, inverted, score
    return result


def remember(played: list[PlayerCard], event: Event) -> None:
    """Update the public memory from one event, as the table sees it: every card revealed this
    round (the hunter too), in order, with the seat that revealed it; a new round starts afresh.
    ``observation()["played"]`` is the same list, derived from the stacks (the conformance suite
    checks that both agree).

    >>> played: list[PlayerCard] = []
    >>> remember(played, {"type": "reveal", "player": 1, "card": card_info(3), "stack": 0, "drawn": 1,
    ...                   "first_pass": True})
    >>> played
    [{'player': 1, 'card': 3}]
    """
    if event["type"] in ("reveal", "hunter"):
        played.append({"player": event["player"], "card": event["card"]["id"]})
    elif event["type"] == "next_round":
        played.clear()


def rank_key(figures: Sequence[int]) -> tuple[int, int]:
    """(rear figure, front figure): larger is better (BM-7)."""
    return (min(figures), max(figures))


# ---- the state ----------------------------------------------------------------------------------


#: the most a figure moves in one round (BM-5): at most six cards score, a point card gives at most
#: 4 (a 2-point double card matched by both hands) and each matched ×2 card doubles, so k ×2 cards
#: leave 6 - k point cards: at most 4 × (6 - k) × 2**k, largest (128) for k = 4 or 5
MAX_ROUND_MOVE = 128


def trail_bound(sign: int) -> Any:
    """The lowest (``sign`` -1) or highest (+1) trail position reachable by the current round: each
    figure moves at most once a round (BM-6), by at most :data:`MAX_ROUND_MOVE`."""
    return lambda st: START_FIELD + sign * st.round * MAX_ROUND_MOVE


TRAIL_POSITION = Int(trail_bound(-1), trail_bound(1))
CARD_ID = Int(0, DECK_SIZE - 1)
SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)


def load_poses(value: Any, where: str) -> list[Pose | None]:
    """Saved poses, one per player or null, each checked like a ``pose`` action (BM-1); the list's
    length is checked against the player count in ``_validate``."""
    if not isinstance(value, list):
        raise InvalidStateError(f"{where}: expected a list, got {type(value).__name__}")
    for p, pose in enumerate(value):
        if pose is None:
            continue
        if not isinstance(pose, dict):
            raise InvalidStateError(f"{where}[{p}]: expected a pose object or null")
        try:
            check_pose(pose)
        except IllegalActionError as exc:
            raise InvalidStateError(f"{where}[{p}]: {exc}") from None
    return cast(list[Pose | None], value)


def copy_pose(pose: Pose) -> Pose:
    return {"left": dict(pose["left"]), "right": dict(pose["right"]), "tongue": pose["tongue"]}


def copy_poses(poses: list[Pose | None]) -> list[Pose | None]:
    return [None if pose is None else copy_pose(pose) for pose in poses]


class BunnyMooseState(State[Action, Event, Observation, PublicObservation]):
    """A Bunny Bunny Moose Moose game in progress. See the module docstring.

    The saved fields are declared in :attr:`FIELDS` (the JSON layout of ``to_dict``, with bounds
    and owners). ``narrator`` is this round's narrator (in app-narrator mode: the round's leader,
    who taps and keeps the tempo; they pose too). Trail positions go past either end of the trail
    (BM-6), so they are bounded by what the rounds played so far can reach.
    """

    ACTION_TYPES = ("bet", "reveal", "pose", "continue")
    FIELDS = (
        Field("round", Int(1, lambda st: st.total_rounds), PUBLIC, "1-based round number"),
        Field("narrator", SEAT_NUMBER, PUBLIC, "seat of this round's narrator"),
        Field("phase", Choice(*PHASES), PUBLIC, "bet, reveal, poses, scored or game_over"),
        Field("bet", Nullable(SEAT_NUMBER), PUBLIC, "the seat the narrator bet on (narrator mode, from reveal on)"),
        Field("deck", ListOf(CARD_ID, 0, DECK_SIZE), HIDDEN, "card ids not drawn yet this round, next first"),
        Field(
            "stacks",
            ListOf(ListOf(CARD_ID, 0, DECK_SIZE), NUM_STACKS, NUM_STACKS),
            PUBLIC,
            "six stacks of card ids, bottom first; the last one is the top card",
        ),
        Field("placed", Int(0, DECK_SIZE), PUBLIC, "cards placed on the stacks this round"),
        Field("hunter", Nullable(CARD_ID), PUBLIC, "the hunter that ended the round (BM-4), else null"),
        # a pose is replaced, never changed in place: clones share them (a shallow list copy)
        Field(
            "poses",
            Custom(load_poses, copy_poses, list.copy),
            PUBLIC,
            "each player's pose this round, null until entered (always null for a player narrator)",
        ),
        Field(
            "figures",
            PerPlayer(Fixed(TRAIL_POSITION, TRAIL_POSITION)),
            PUBLIC,
            "per player [rabbit, moose] trail positions (start 5, BM-6)",
        ),
    )

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        self.round = 1
        self.narrator = 0
        self.phase: Phase = "bet"
        self.bet: int | None = None
        self.deck: list[int] = []
        self.stacks: list[list[int]] = [[] for _ in range(NUM_STACKS)]
        self.placed = 0
        self.hunter: int | None = None
        self.poses: list[Pose | None] = [None] * num_players
        self.figures: list[list[int]] = [[START_FIELD, START_FIELD] for _ in range(num_players)]

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> BunnyMooseState:
        state = cls(game, num_players, options, Rng(seed))
        state._start_round()
        return state

    @property
    def app_narrator(self) -> bool:
        """True in app-narrator mode (BM-8): the phone narrates, everybody poses, no bet."""
        return bool(self.options["narrator"] == "app")

    @property
    def total_rounds(self) -> int:
        """Rounds in the game: every player narrates ``rounds`` times (BM-7)."""
        return self.num_players * int(self.options["rounds"])

    def posers(self) -> list[int]:
        """Seats that pose this round: everybody but the narrator, or everybody with the app."""
        if self.app_narrator:
            return list(range(self.num_players))
        return [p for p in range(self.num_players) if p != self.narrator]

    def _start_round(self) -> None:
        """Shuffle every card in play into the deck; clear the stacks (a new round, BM-4)."""
        cards = deck_ids(self.options["basic"])
        self.rng.shuffle(cards)
        self.deck = cards
        self.stacks = [[] for _ in range(NUM_STACKS)]
        self.placed = 0
        self.hunter = None
        self.bet = None
        self.poses = [None] * self.num_players
        self.phase = "reveal" if self.app_narrator else "bet"

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        if self.phase in ("bet", "reveal", "scored"):
            return [self.narrator]
        if self.phase == "poses":
            return [p for p in self.posers() if self.poses[p] is None]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        if self.phase == "bet":
            return [{"type": "bet", "player": p} for p in range(self.num_players) if p != self.narrator]
        if self.phase == "reveal":
            return [{"type": "reveal"}]
        if self.phase == "poses":
            return [
                {"type": "pose", "left": dict(left), "right": dict(right), "tongue": tongue}
                for left in HANDS
                for right in HANDS
                for tongue in (False, True)
            ]
        if self.phase == "scored":
            return [{"type": "continue"}]
        return []

    def _check_action(self, player: int, action: JsonDict) -> None:
        kind = action["type"]
        if kind == "bet":
            check_action_keys("BM-6", action, ("player",))
            if self.phase != "bet":
                raise IllegalActionError(
                    "BM-6",
                    "the narrator bets only at the start of a round, before the first card"
                    + (" (no bet with the app as narrator)" if self.app_narrator else ""),
                )
            target = require_int("BM-6", action, "player", 0, self.num_players - 1)
            if target == self.narrator:
                raise IllegalActionError("BM-6", "the narrator bets on one of the other players, not on themselves")
        elif kind == "reveal":
            check_action_keys("BM-4", action, ())
            if self.phase == "bet":
                raise IllegalActionError("BM-6", "the narrator must bet on a player before the poem starts")
            if self.phase != "reveal":
                raise IllegalActionError("BM-4", "the hunter has ended the poem: no more cards this round")
        elif kind == "pose":
            if self.phase != "poses":
                raise IllegalActionError("BM-4", 'poses are entered only after the hunter ("BAM!")')
            check_pose(action)
        elif kind == "continue":
            check_action_keys("BM-7", action, ())
            if self.phase != "scored":
                raise IllegalActionError("BM-7", "the next round starts only after the scoring")

    def _apply(self, player: int, action: Action) -> list[Event]:
        if action["type"] == "bet":
            self.bet = action["player"]
            self.phase = "reveal"
            return [{"type": "bet", "narrator": self.narrator, "player": action["player"]}]
        if action["type"] == "reveal":
            return self._reveal()
        if action["type"] == "pose":
            self.poses[player] = copy_pose(cast(Pose, action))
            events: list[Event] = [{"type": "posed", "player": player}]
            if all(self.poses[p] is not None for p in self.posers()):
                self._score(events)
            return events
        # continue (BM-7): narrator to the left, reshuffle
        self.round += 1
        self.narrator = (self.narrator + 1) % self.num_players
        self._start_round()
        return [{"type": "next_round", "round": self.round, "narrator": self.narrator}]

    def first_pass_done(self) -> bool:
        """True once every stack holds a card: from then on a hunter ends the round (BM-4)."""
        return self.placed >= NUM_STACKS

    def _reveal(self) -> list[Event]:
        """Draw the next card; place it, or let a hunter end the round (BM-4)."""
        card = self.deck.pop(0)
        drawn = self.placed + 1
        if card in HUNTER_IDS and self.first_pass_done():
            self.hunter = card
            self.phase = "poses"
            return [{"type": "hunter", "player": self.narrator, "card": card_info(card), "drawn": drawn}]
        stack = self.placed % NUM_STACKS
        first_pass = not self.first_pass_done()
        self.stacks[stack].append(card)
        self.placed += 1
        events: list[Event] = [
            {
                "type": "reveal",
                "player": self.narrator,
                "card": card_info(card),
                "stack": stack,
                "drawn": drawn,
                "first_pass": first_pass,
            }
        ]
        if not self.deck:
            # Cannot happen with 8 hunters in the deck (at most 6 fit in the first pass), but a
            # round must end: an empty deck ends the poem like a hunter would.
            self.phase = "poses"
        return events

    def top_cards(self) -> list[int | None]:
        """The top card of each stack (None for an empty one)."""
        return [s[-1] if s else None for s in self.stacks]

    def results(self) -> list[Result | None]:
        """Each player's scoring of this round (None for players with no pose yet)."""
        tops = self.top_cards()
        out: list[Result | None] = []
        for p in range(self.num_players):
            pose = self.poses[p]
            if pose is None:
                out.append(None)
            else:
                r = score_pose(pose, tops)
                r["player"] = p
                out.append(r)
        return out

    def moves(self) -> list[TrailMove]:
        """The trail moves this round's scores cause (BM-6), in seat order, bet move last."""
        results = self.results()
        moves: list[TrailMove] = []

        def move(player: int, animal: Animal, by: int, bet: bool) -> None:
            fig = RABBIT if animal == "rabbit" else MOOSE
            to = self.figures[player][fig]
            moves.append({"player": player, "figure": animal, "from": to - by, "to": to, "by": by, "bet": bet})

        # positions in self.figures are after the move; "from" is derived from the score
        for p, r in enumerate(results):
            if r is not None and r["animal"] is not None:
                move(p, r["animal"], r["score"], False)
        if self.bet is not None:
            r = results[self.bet]
            if r is not None and r["animal"] is not None:
                move(self.narrator, r["animal"], r["score"], True)
        return moves

    def _score(self, events: list[Event]) -> None:
        """Score every pose and move the figures (BM-5, BM-6); end the game after the last round."""
        results = self.results()
        for p, r in enumerate(results):
            if r is not None and r["animal"] is not None:
                self.figures[p][RABBIT if r["animal"] == "rabbit" else MOOSE] += r["score"]
        if self.bet is not None:
            r = results[self.bet]
            if r is not None and r["animal"] is not None:
                self.figures[self.narrator][RABBIT if r["animal"] == "rabbit" else MOOSE] += r["score"]
        events.append(
            {
                "type": "scored",
                "round": self.round,
                "results": results,
                "moves": self.moves(),
                "figures": [f[:] for f in self.figures],
            }
        )
        if self.round >= self.total_rounds:
            self.phase = "game_over"
            events.append({"type": "game_over", "winners": self.winners(), "figures": [f[:] for f in self.figures]})
        else:
            self.phase = "scored"

    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    def returns(self) -> list[float]:
        """Standing by (rear figure, front figure), BM-7: players beaten minus players ahead."""
        keys = [rank_key(f) for f in self.figures]
        return [float(sum((k > o) - (k < o) for o in keys)) for k in keys]

    def winners(self) -> list[int]:
        """Seats whose rear figure is furthest ahead, ties broken by the front figure, then shared
        (BM-7); [] until the game is over."""
        if not self.is_terminal():
            return []
        keys = [rank_key(f) for f in self.figures]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    # ---- observations ------------------------------------------------------------------------

    def public_observation(self) -> PublicObservation:
        """Everything on the table: all of it but the deck order (and the rng); the public memory
        ``played`` lists the cards revealed this round in order (stack by stack, then the hunter),
        each with the seat that revealed it (the narrator or round leader)."""
        tops = self.top_cards()
        scoring = self.phase in ("scored", "game_over") and any(p is not None for p in self.poses)
        return {
            "type": "observation",
            "game": "bunny_moose",
            "viewer": None,
            "num_players": self.num_players,
            "mode": self.options["narrator"],
            "basic": self.options["basic"],
            "poem": self.options["poem"],
            "poem_lines": POEM_LINES[self.options["poem"]],
            "tempo": self.options["tempo"],
            "phase": self.phase,
            "round": self.round,
            "total_rounds": self.total_rounds,
            "narrator": self.narrator,
            "narrations": [self._narrations(p) for p in range(self.num_players)],
            "bet": self.bet,
            "posers": self.posers(),
            "deck_size": len(self.deck),
            "drawn": self.placed + (1 if self.hunter is not None else 0),
            "placed": self.placed,
            "first_pass_done": self.first_pass_done(),
            "stacks": [s[:] for s in self.stacks],
            "top_cards": [None if c is None else card_info(c) for c in tops],
            "hunter": None if self.hunter is None else card_info(self.hunter),
            "played": [{"player": self.narrator, "card": c} for c in self.revealed_cards()],
            "posed": [pose is not None for pose in self.poses],
            "poses": [None if pose is None else copy_pose(pose) for pose in self.poses],
            "results": self.results() if scoring else None,
            "moves": self.moves() if scoring else None,
            "figures": [f[:] for f in self.figures],
            "trail_fields": TRAIL_FIELDS,
            "current_players": self.current_players(),
            "winners": self.winners(),
        }

    def _narrations(self, player: int) -> int:
        """Rounds ``player`` has narrated so far, the current one included."""
        done = self.round  # rounds started, the first narrated by seat 0
        return done // self.num_players + (1 if player < done % self.num_players else 0)

    def revealed_cards(self) -> list[int]:
        """The cards revealed this round in the order they were drawn: card ``k`` went onto stack
        ``k % 6`` (BM-4), so the stacks give the order back; the hunter that ended the round last."""
        out = [self.stacks[k % NUM_STACKS][k // NUM_STACKS] for k in range(self.placed)]
        if self.hunter is not None:
            out.append(self.hunter)
        return out

    @classmethod
    def from_observation(cls, game: Game[Any], observation: Observation, rng: Rng) -> BunnyMooseState:
        """A state consistent with ``observation``: the cards not drawn yet, shuffled (the order of
        the deck is the only thing nobody knows)."""
        obs = observation
        n = obs["num_players"]
        options = {
            "narrator": obs["mode"],
            "rounds": obs["total_rounds"] // n,
            "basic": obs["basic"],
            "poem": obs["poem"],
            "tempo": obs["tempo"],
        }
        state = cls(game, n, options, Rng(0))
        state.round, state.narrator, state.phase, state.bet = obs["round"], obs["narrator"], obs["phase"], obs["bet"]
        state.stacks = [s[:] for s in obs["stacks"]]
        state.placed = obs["placed"]
        hunter = obs["hunter"]
        state.hunter = None if hunter is None else hunter["id"]
        state.poses = [None if p is None else copy_pose(p) for p in obs["poses"]]
        state.figures = [f[:] for f in obs["figures"]]
        seen = set(state.revealed_cards())
        state.deck = [c for c in deck_ids(obs["basic"]) if c not in seen]
        rng.shuffle(state.deck)
        state.rng = Rng(rng.next64())
        return state

    def check_invariants(self) -> None:
        """Cards are conserved; stacks fill in order; the phase fits the round (BM-4, BM-7)."""
        places = self.deck + [c for s in self.stacks for c in s] + ([] if self.hunter is None else [self.hunter])
        assert sorted(places) == deck_ids(self.options["basic"]), "card conservation broken"
        sizes = [len(s) for s in self.stacks]
        assert sum(sizes) == self.placed, f"stacks hold {sum(sizes)} cards, placed says {self.placed}"
        in_order = [self.placed // NUM_STACKS + (1 if i < self.placed % NUM_STACKS else 0) for i in range(NUM_STACKS)]
        assert sizes == in_order, f"stacks {sizes} not filled in order"
        # a hunter on a stack above the first pass would have ended the round (BM-4)
        for i, s in enumerate(self.stacks):
            for depth, c in enumerate(s):
                if depth >= 1:
                    assert c not in HUNTER_IDS, f"a hunter was placed on stack {i} after the first pass"
        assert 1 <= self.round <= self.total_rounds, f"round {self.round} out of 1..{self.total_rounds}"
        assert self.narrator == (self.round - 1) % self.num_players, "the narrator passes to the left each round"
        if self.phase in ("bet", "reveal"):
            assert self.hunter is None and all(p is None for p in self.poses), "no poses before the hunter"
        if self.phase == "bet":
            assert self.bet is None and self.placed == 0 and not self.app_narrator
        if self.phase in ("reveal", "poses", "scored", "game_over") and not self.app_narrator:
            assert self.bet is not None, "the narrator bets before the poem"
        if self.app_narrator:
            assert self.bet is None, "no bet with the app as narrator"
        if self.phase in ("poses", "scored", "game_over"):
            assert self.hunter is not None or not self.deck, "the round ends only with a hunter"
            assert self.first_pass_done(), "the hunter ends the round only after the first pass"
        if self.phase in ("scored", "game_over"):
            assert all(self.poses[p] is not None for p in self.posers()), "scored before every pose was in"
        if not self.app_narrator:
            assert self.poses[self.narrator] is None, "the narrator does not pose"
        if self.phase != "game_over":
            assert self.round < self.total_rounds or self.phase != "scored", "the last round ends the game"

    # ---- saves (the fields are declared in FIELDS) ---------------------------------------------

    def _validate(self) -> None:
        """The narrator does not bet on themselves; only a hunter ends a round; a round with every
        pose in has been scored."""
        n = self.num_players
        expect(len(self.poses) == n, "state.poses", f"expected {n} entries, got {len(self.poses)}")
        expect(self.bet != self.narrator, "state.bet", "the narrator cannot bet on themselves")
        if self.hunter is not None:
            expect(self.hunter in HUNTER_IDS, "state.hunter", f"card {self.hunter} is not a hunter")
        if self.phase == "poses":
            expect(
                any(self.poses[p] is None for p in self.posers()),
                "state.poses",
                "every pose is in but the round was not scored",
            )


class BunnyMoose(Game[BunnyMooseState]):
    """Bunny Bunny Moose Moose — see the module docstring."""

    id = "bunny_moose"
    name = "Bunny Bunny Moose Moose"
    min_players = 3
    max_players = 6  # the box has six colours: six player cards, six rabbits, six moose
    hidden_information = False
    STATE_VERSION = 1
    max_game_length = 20_000
    options = {
        "narrator": Option(
            "narrator",
            "player",
            'Who narrates: a player holding the phone ("player") or the phone itself, so everybody plays '
            '("app") (BM-8).',
            choices=("player", "app"),
        ),
        "rounds": Option("rounds", 2, "Each player narrates (leads) this many rounds (BM-7).", choices=(2, 3)),
        "basic": Option(
            "basic",
            False,
            "First game: the basic deck without tongue, ×2 and ± cards (BM-2).",
        ),
        "poem": Option(
            "poem",
            "short",
            "The poem read while cards are revealed: six lines or the longer one (BM-8).",
            choices=("short", "long"),
        ),
        "tempo": Option(
            "tempo",
            "normal",
            "App narrator's pace of one line.",  # the rules ignore it; the app's narrator reads at it
            choices=("slow", "normal", "fast"),
        ),
    }
    state_class = BunnyMooseState


GAME = BunnyMoose()
