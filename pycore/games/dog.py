"""Dog (Schmidt Spiele), 2–4 players: a team race of figures round a 64-field track, moved by cards.

Source: seed ``003_c6c28eca3f18dd21.txt`` (German rulebook, with its 2–3 player variant) and
rulings DOG-1..DOG-12 in ``RULINGS.md``; the project's own rules page, with the board coordinates
and the JSON layout, is ``seeds/dog.md``.

Board coordinates (DOG-2). Each *player* ``p`` plays the *colour* ``COLOURS[n][p]`` (DOG-12: two
players take colours 0 and 2, three take 0, 1, 2, four take 0..3):

* ``-1`` — the kennel (start area); any number of figures;
* ``0..63`` — the track, clockwise = increasing numbers; colour ``c``'s start field is ``16*c``;
* ``64 + 4*c + g`` — goal field ``g`` (0 = next to the start field, 3 = deepest) of colour ``c``.

Figures are numbered ``p*F + k`` (``F`` = 4 figures per player with four players, 5 otherwise).

Flow of a round (DOG-3): a deal of 6, 5, 4, 3, 2, 6, … cards; then phase ``"give"``, a
simultaneous phase in which every player chooses one card for the partner (4 players) or the left
neighbour (2–3 players, DOG-11) before seeing what they get; then phase ``"play"``: from the player
left of the dealer, clockwise, each turn one card is played in full. The round ends when every
hand is empty; the deck then goes one seat to the left.

Actions (JSON-safe dicts)::

    {"type": "give", "card": "7"}                             # phase "give"
    {"type": "play", "card": K, "figure": f, "to": t}         # a move; from the kennel t = start field
    {"type": "play", "card": "joker", "as": K, "figure": f, "to": t}   # the joker as kind K
    {"type": "play", "card": "swap", "figure": f, "with": g}  # swap own f with another's g (DOG-8)
    {"type": "play", "card": "swap"}                          # no swap exists: played without effect
    {"type": "play", "card": "7", "figure": f, "to": t}       # the first step of a 7 (DOG-7)
    {"type": "step", "figure": f, "to": t}                    # a further step of the 7 being played
    {"type": "undo"}                                          # take back the last step of that 7
    {"type": "fold"}                                          # 4 players, no playable card (DOG-9)
    {"type": "discard", "card": K}                            # 2–3 players, no playable card (DOG-11)

Card kinds ``K`` (DOG-1): ``"1/11"`` (start, 1 or 11), ``"2"``, ``"3"``, ``"4"`` (±4), ``"5"``,
``"6"``, ``"7"`` (split), ``"8"``, ``"9"``, ``"10"``, ``"12"``, ``"13"`` (start or 13), ``"swap"``,
``"joker"``.

Events returned by ``apply_action``::

    {"type": "gave", "player": p}                         # the card stays secret
    {"type": "cards_given"}                               # every gift changed hands
    {"type": "move", "player": p, "card": K, "as": K|None, "figure": f, "from": x, "to": t, "steps": n}
    {"type": "start", "player": p, "card": K, "as": K|None, "figure": f, "to": t}
    {"type": "home", "figure": f, "from": x, "by": f2}    # f sent back to its kennel
    {"type": "swap", "player": p, "card": K, "as": K|None, "figure": f, "with": g}
    {"type": "no_effect", "player": p, "card": K, "as": K|None}
    {"type": "seven", "player": p, "card": K, "as": K|None}   # a 7 begins
    {"type": "step", "player": p, "figure": f, "from": x, "to": t, "steps": n, "left": r}
    {"type": "undo", "player": p, "left": r, "back_to_hand": bool}   # True: the 7 card went back
    {"type": "seven_done", "player": p}
    {"type": "finished", "player": p}                     # all own figures home: now moves the partner's
    {"type": "out", "player": p, "cards": [K, ...]}       # DOG-9: out for the round, hand discarded
    {"type": "discard", "player": p, "card": K}           # DOG-11
    {"type": "draw", "player": p}                         # DOG-11 (the card stays secret)
    {"type": "round_end", "round": r}
    {"type": "deal", "round": r, "dealer": d, "cards": k, "reshuffled": bool}
    {"type": "game_over", "winners": [p, ...]}

Observation keys (``observation(p)``; ``public_observation()`` has all but the last three)::

    game, viewer, num_players, colours, figures_per_player, teams, phase, round, dealer,
    cards_dealt, turn, current_players, figures (positions per player), home, finished,
    hand_sizes, deck_size, discard, given, out, drawn, played, seven ({card, as, left, steps, undo}
    or None), winners; private: hand, my_gift, received

Public memory: ``played`` is every card played since the last deal, in order, ``[{"player": p,
"card": K}]``: a card played (a 7 from its first step; one taken back by ``undo`` is forgotten),
discarded (DOG-11) or shown by a player who folds (DOG-9). It starts afresh with each deal
(:func:`remember` builds the same list from the events).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal, TypedDict, cast

from ..core import (
    HIDDEN,
    PUBLIC,
    SEAT,
    Bool,
    Choice,
    Field,
    Fixed,
    Frozen,
    Game,
    Int,
    JsonDict,
    ListOf,
    Nullable,
    PerPlayer,
    Record,
    Reshaped,
    State,
    check_action_keys,
    expect,
    require_int,
)
from ..errors import IllegalActionError
from ..rng import Rng

# ---- cards (DOG-1) ---------------------------------------------------------------------------

#: card kinds in hand order
KINDS = ("1/11", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap", "joker")
KIND_ORDER = {k: i for i, k in enumerate(KINDS)}
#: copies of each kind in the 110-card deck
COPIES = {k: (6 if k == "joker" else 8) for k in KINDS}
DECK_SIZE = 110
#: the kinds a joker may play as (DOG-1)
JOKER_AS = KINDS[:-1]
#: plain forward kinds and their steps
FORWARD = {"2": 2, "3": 3, "5": 5, "6": 6, "8": 8, "9": 9, "10": 10, "12": 12}
#: cards dealt per player in round r (0-based): DEAL_SIZES[r % 5] (DOG-3)
DEAL_SIZES = (6, 5, 4, 3, 2)

# ---- board (DOG-2) ---------------------------------------------------------------------------

TRACK = 64
KENNEL = -1
GOAL_BASE = 64
NUM_FIELDS = GOAL_BASE + 16
#: colours (board seats) played by players 0..n-1 (DOG-12)
COLOURS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
#: colours round the board, each with its stretch of TRACK // NUM_COLOURS fields from its start field
NUM_COLOURS = 4
#: goal fields of each colour (DOG-2): a player or team wins with all of them filled (DOG-10, DOG-11)
GOAL_FIELDS = 4


# ---- the typed contract (actions, events, observations) ---------------------------------------

Phase = Literal["give", "play", "over"]


class GiveAction(TypedDict):
    type: Literal["give"]
    card: str


#: a card played: a move (``figure``, ``to``), a swap (``figure``, ``with``), a swap without
#: effect (neither), the first step of a 7; ``as`` names the kind a joker plays as
PlayAction = TypedDict(
    "PlayAction",
    {"type": Literal["play"], "card": str, "as": str, "figure": int, "to": int, "with": int},
    total=False,
)


class StepAction(TypedDict):
    type: Literal["step"]
    figure: int
    to: int


class UndoAction(TypedDict):
    type: Literal["undo"]


class FoldAction(TypedDict):
    type: Literal["fold"]


class DiscardAction(TypedDict):
    type: Literal["discard"]
    card: str


Action = GiveAction | PlayAction | StepAction | UndoAction | FoldAction | DiscardAction


class GaveEvent(TypedDict):
    type: Literal["gave"]
    player: int


class CardsGivenEvent(TypedDict):
    type: Literal["cards_given"]


MoveEvent = TypedDict(
    "MoveEvent",
    {
        "type": Literal["move"],
        "player": int,
        "card": str,
        "as": str | None,
        "figure": int,
        "from": int,
        "to": int,
        "steps": int,
    },
)
StartEvent = TypedDict(
    "StartEvent",
    {
        "type": Literal["start"],
        "player": int,
        "card": str,
        "as": str | None,
        "figure": int,
        "to": int,
    },
)
HomeEvent = TypedDict("HomeEvent", {"type": Literal["home"], "figure": int, "from": int, "by": int})
SwapEvent = TypedDict(
    "SwapEvent",
    {
        "type": Literal["swap"],
        "player": int,
        "card": str,
        "as": str | None,
        "figure": int,
        "with": int,
    },
)
NoEffectEvent = TypedDict("NoEffectEvent", {"type": Literal["no_effect"], "player": int, "card": str, "as": str | None})
SevenEvent = TypedDict("SevenEvent", {"type": Literal["seven"], "player": int, "card": str, "as": str | None})
StepEvent = TypedDict(
    "StepEvent",
    {
        "type": Literal["step"],
        "player": int,
        "figure": int,
        "from": int,
        "to": int,
        "steps": int,
        "left": int,
    },
)


class UndoEvent(TypedDict):
    type: Literal["undo"]
    player: int
    left: int
    back_to_hand: bool


class SevenDoneEvent(TypedDict):
    type: Literal["seven_done"]
    player: int


class FinishedEvent(TypedDict):
    type: Literal["finished"]
    player: int


class OutEvent(TypedDict):
    type: Literal["out"]
    player: int
    cards: list[str]


class DiscardEvent(TypedDict):
    type: Literal["discard"]
    player: int
    card: str


class DrawEvent(TypedDict):
    type: Literal["draw"]
    player: int


class RoundEndEvent(TypedDict):
    type: Literal["round_end"]
    round: int


class DealEvent(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    cards: int
    reshuffled: bool


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]


Event = (
    GaveEvent
    | CardsGivenEvent
    | MoveEvent
    | StartEvent
    | HomeEvent
    | SwapEvent
    | NoEffectEvent
    | SevenEvent
    | StepEvent
    | UndoEvent
    | SevenDoneEvent
    | FinishedEvent
    | OutEvent
    | DiscardEvent
    | DrawEvent
    | RoundEndEvent
    | DealEvent
    | GameOverEvent
)


class PlayerCard(TypedDict):
    """An entry of the public memory: a card played (discarded, folded) and by whom."""

    player: int
    card: str


#: the 7 being played, as the table sees it: ``steps`` taken so far and the positions of every
#: figure before each of them (``undo``: ``[[steps, positions], ...]``, oldest first)
SevenInfo = TypedDict(
    "SevenInfo",
    {
        "card": str,
        "as": str | None,
        "left": int,
        "steps": int,
        "undo": list[list[Any]],
    },
)


class PublicObservation(TypedDict):
    """What the whole table sees (``viewer`` is ``None``); see :meth:`DogState.public_observation`."""

    type: Literal["observation"]
    game: Literal["dog"]
    viewer: int | None
    num_players: int
    colours: list[int]
    figures_per_player: int
    teams: list[list[int]]
    phase: Phase
    round: int
    dealer: int
    cards_dealt: int
    turn: int | None
    current_players: list[int]
    figures: list[list[int]]
    home: list[int]
    finished: list[bool]
    hand_sizes: list[int]
    deck_size: int
    discard: list[str]
    given: list[bool]
    out: list[bool]
    drawn: bool
    played: list[PlayerCard]
    seven: SevenInfo | None
    winners: list[int]


class Observation(PublicObservation):
    """What player ``viewer`` sees: the public observation plus their hand, the card they chose to
    give and the card they received this round."""

    hand: list[str]
    my_gift: str | None
    received: str | None


def remember(played: list[PlayerCard], event: Event) -> None:
    """Update the public memory from one event, as the table sees it: every card played since the
    deal (a 7 from its first step; one taken back by ``undo`` is forgotten), discarded (DOG-11) or
    shown when a player folds (DOG-9); a new deal starts afresh. ``observation()["played"]`` is the
    same list, kept in the state (the conformance suite checks that both agree).

    >>> played: list[PlayerCard] = []
    >>> remember(played, {"type": "out", "player": 2, "cards": ["3", "swap"]})
    >>> played
    [{'player': 2, 'card': '3'}, {'player': 2, 'card': 'swap'}]
    """
    kind = event["type"]
    if kind in ("move", "start", "swap", "no_effect", "seven", "discard"):
        e = cast(dict[str, Any], event)
        played.append({"player": e["player"], "card": e["card"]})
    elif kind == "out":
        out = cast(OutEvent, event)
        played.extend({"player": out["player"], "card": c} for c in out["cards"])
    elif kind == "undo" and cast(UndoEvent, event)["back_to_hand"]:
        played.pop()
    elif kind == "deal":
        played.clear()


def full_deck() -> list[str]:
    """The 110 cards in kind order (DOG-1).

    >>> d = full_deck(); len(d), d.count("joker"), d.count("7")
    (110, 6, 8)
    """
    return [k for k in KINDS for _ in range(COPIES[k])]


def start_field(colour: int) -> int:
    """Track field of ``colour``'s start field (DOG-2).

    >>> [start_field(c) for c in range(4)]
    [0, 16, 32, 48]
    """
    return colour << 4


def goal_field(colour: int, g: int) -> int:
    """Coordinate of goal field ``g`` (0..3, 0 nearest the track) of ``colour`` (DOG-2).

    >>> goal_field(0, 0), goal_field(3, 3)
    (64, 79)
    """
    return GOAL_BASE + 4 * colour + g


def steps_between(x: int, to: int, colour: int) -> int:
    """Steps a figure of ``colour`` moves from field ``x`` to ``to``: forward along the track and on
    into its own goal (DOG-5, DOG-6), ``-4`` for the 4 played backward.

    >>> steps_between(60, 2, 0), steps_between(62, 65, 0), steps_between(5, 1, 0), steps_between(64, 66, 0)
    (6, 4, -4, 2)
    """
    if to >= GOAL_BASE:
        if x >= GOAL_BASE:
            return to - x
        return ((start_field(colour) - x) % TRACK) + 1 + (to - goal_field(colour, 0))
    forward = (to - x) % TRACK
    return -4 if forward == TRACK - 4 else forward


def gift_receiver(num_players: int, player: int) -> int:
    """Who gets ``player``'s card in phase "give": the partner opposite with four players (DOG-3),
    the left neighbour with two or three (DOG-11).

    >>> gift_receiver(4, 1), gift_receiver(3, 2), gift_receiver(2, 0)
    (3, 0, 1)
    """
    return (player + 2) % 4 if num_players == 4 else (player + 1) % num_players


def sort_hand(hand: list[str]) -> None:
    """Sort a hand in place in :data:`KINDS` order."""
    hand.sort(key=KIND_ORDER.__getitem__)


CARD_KIND = Choice(*KINDS)
SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)
FIELD_NUMBER = Int(KENNEL, NUM_FIELDS - 1)


def figure_count(st: Any) -> int:
    """Figures on the board (a bound of the saved positions)."""
    return len(st.pos)


def _per_player(pos: list[int], st: Any) -> list[list[int]]:
    F = st.F
    return [pos[p * F : p * F + F] for p in range(st.num_players)]


def _flat(figures: list[list[int]], st: Any) -> list[int]:
    return [x for lst in figures for x in lst]


class DogState(State[Action, Event, Observation, PublicObservation]):
    """A Dog game in progress. See the module docstring for coordinates, actions and events.

    The saved fields are declared in :attr:`FIELDS` (the JSON layout of ``to_dict``, with bounds
    and owners). Besides them (derived from the player count and the positions, not saved):
        colours: colour (board seat) of each player.
        F: figures per player (4, or 5 with 2–3 players: DOG-11).
        pos: position of every figure, indexed by figure id ``p*F + k`` (saved as ``figures``).
        board: ``board[field]`` = figure id on a track or goal field, or -1 (derived from ``pos``).
        home: how many figures each player has in their goal (derived from ``pos``).
        owner, fcol: the player and the colour of each figure id.
        start_fields: ``(start field, colour)`` of each colour in play.
    """

    FIELDS = (
        Field(
            "round",
            Int(1, lambda st: st.game.max_game_length),
            PUBLIC,
            "deals so far (the first deal is round 1); a deal takes actions, so at most max_game_length",
        ),
        Field("dealer", SEAT_NUMBER, PUBLIC, "the seat that dealt this round"),
        Field("phase", Choice("give", "play", "over"), PUBLIC, "give (DOG-3), play or over"),
        Field("turn", SEAT_NUMBER, PUBLIC, "the player to play (phase play)"),
        Field(
            "figures",
            Reshaped(PerPlayer(ListOf(FIELD_NUMBER, lambda st: st.F, lambda st: st.F)), _per_player, _flat, list.copy),
            PUBLIC,
            "each player's figure positions: -1 kennel, 0..63 track, 64 + 4*colour + g goal",
            attr="pos",
        ),
        Field(
            "hands",
            PerPlayer(ListOf(CARD_KIND, 0, max(DEAL_SIZES))),
            SEAT,
            "each player's cards, in KINDS order",
            seen_as="hand",
        ),
        Field("deck", ListOf(CARD_KIND, 0, DECK_SIZE), HIDDEN, "undealt cards, the top is the end of the list"),
        Field("discard", ListOf(CARD_KIND, 0, DECK_SIZE), PUBLIC, "played and discarded cards, oldest first"),
        Field(
            "gifts",
            PerPlayer(Nullable(CARD_KIND)),
            SEAT,
            "the card each player chose in phase give, null until chosen",
            seen_as="my_gift",
        ),
        Field(
            "received",
            PerPlayer(Nullable(CARD_KIND)),
            SEAT,
            "the card each player got in this round's give phase",
            seen_as="received",
        ),
        Field("out", PerPlayer(Bool()), PUBLIC, "players out for this round (DOG-9)"),
        Field("drawn", Bool(), PUBLIC, "2-3 players: the player to act has discarded and drawn this turn (DOG-11)"),
        Field(
            "seven",
            Nullable(
                Record(
                    {
                        "card": Choice("7", "joker"),
                        "as": Choice(None, "7"),
                        "left": Int(1, 6),
                        "undo": ListOf(Fixed(Int(1, 6), ListOf(FIELD_NUMBER, figure_count, figure_count)), 1, 6),
                    }
                )
            ),
            PUBLIC,
            "the 7 being played (DOG-7): steps left and the positions before each step taken",
        ),
        Field(
            "winners", ListOf(SEAT_NUMBER, 0, 2), PUBLIC, "the winning players once the game is over", attr="winners_"
        ),
        Field(
            "played",
            ListOf(Frozen(Fixed(SEAT_NUMBER, CARD_KIND)), 0, DECK_SIZE),
            PUBLIC,
            "the public memory: [player, card] of every card played, discarded or folded since the deal",
        ),
    )
    DERIVED_LISTS = ("board", "home")
    FIXED = ("colours", "start_fields", "F", "owner", "fcol")

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        n = num_players
        self.colours = COLOURS[n]
        self.start_fields = tuple((start_field(c), c) for c in self.colours)
        self.F = F = 4 if n == 4 else 5
        self.owner = [f // F for f in range(n * F)]
        self.fcol = [self.colours[f // F] for f in range(n * F)]
        self.pos = [KENNEL] * (n * F)
        self.board = [-1] * NUM_FIELDS
        self.home = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.gifts: list[str | None] = [None] * n
        self.received: list[str | None] = [None] * n
        self.phase: Phase = "give"
        self.round = 0
        self.dealer = n - 1
        self.turn = 0
        self.out = [False] * n
        self.drawn = False
        self.seven: dict[str, Any] | None = None
        self.winners_: list[int] = []
        self.played: list[list[Any]] = []

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> DogState:
        """Shuffle, set the figures (DOG-11: one on the start field with 2–3 players), deal round 1."""
        state = cls(game, num_players, options, Rng(seed))
        if num_players < 4:
            for p in range(num_players):
                f = p * state.F
                state._place(f, start_field(state.colours[p]))
        state.deck = full_deck()
        state.rng.shuffle(state.deck)
        state._deal([])
        return state

    # ---- board helpers -----------------------------------------------------------------------

    def _place(self, f: int, to: int) -> None:
        """Move figure ``f`` to ``to`` (no captures); keeps ``board`` and ``home`` in step with ``pos``."""
        x = self.pos[f]
        if x >= 0:
            self.board[x] = -1
            if x >= GOAL_BASE:
                self.home[self.owner[f]] -= 1
        self.pos[f] = to
        if to >= 0:
            self.board[to] = f
            if to >= GOAL_BASE:
                self.home[self.owner[f]] += 1

    def _figures(self) -> tuple[list[int], list[int], list[int]]:
        """A copy of where the figures stand (``pos``, ``board``, ``home``), for :meth:`_put_back`."""
        return self.pos[:], self.board[:], self.home[:]

    def _put_back(self, figures: tuple[list[int], list[int], list[int]]) -> None:
        """Put the figures back where :meth:`_figures` saw them (the 7's search tries steps)."""
        self.pos[:], self.board[:], self.home[:] = figures

    def _protected(self) -> list[int]:
        """Track fields holding a protected, blocking figure: one on its own start field (DOG-4)."""
        board, fcol = self.board, self.fcol
        return [s for s, c in self.start_fields if board[s] >= 0 and fcol[board[s]] == c]

    def _team_of(self, p: int) -> list[int]:
        """Players whose figures count for ``p``'s win: the team (4 players) or ``p`` alone."""
        return [p, (p + 2) % 4] if self.num_players == 4 else [p]

    def _team_home(self, p: int) -> int:
        """Figures in the goal that count for ``p``'s win: the team's (4 players) or ``p``'s own."""
        if self.num_players == 4:
            return self.home[p] + self.home[(p + 2) % 4]
        return self.home[p]

    def _finished(self, p: int) -> bool:
        """DOG-10: all of ``p``'s figures are in the goal (4 players only)."""
        return self.num_players == 4 and self.home[p] == self.F

    def _movers(self, p: int) -> range:
        """Figure ids ``p`` moves now: their own, or the partner's once all own are home (DOG-10)."""
        F = self.F
        if self.num_players == 4 and self.home[p] == F:
            p = (p + 2) % 4
        return range(p * F, p * F + F)

    def _forward(self, f: int, k: int, prot: list[int]) -> list[int]:
        """Destinations of figure ``f`` moving ``k`` steps forward (DOG-5, DOG-6).

        Along the track the path must not cross or end on a protected figure (``prot``, DOG-4).
        The goal is entered only by passing over the own start field (not starting on it), and
        only onto free goal fields with none to jump (DOG-6). Returns 0, 1 or 2 coordinates.
        """
        x = self.pos[f]
        if x < 0:
            return []
        board = self.board
        if x >= GOAL_BASE:
            g = (x - GOAL_BASE) & 3
            if g + k > 3:
                return []
            for y in range(x + 1, x + k + 1):
                if board[y] >= 0:
                    return []
            return [x + k]
        block = 99
        for pf in prot:
            d = (pf - x) & 63
            if d and d < block:
                block = d
        res = [(x + k) & 63] if block > k else []
        c = self.fcol[f]
        d = ((c << 4) - x) & 63
        if d and d < k and block > d:
            g = k - d - 1
            if g <= 3:
                base = GOAL_BASE + 4 * c
                for y in range(base, base + g + 1):
                    if board[y] >= 0:
                        return res
                res.append(base + g)
        return res

    def _backward(self, f: int, prot: list[int]) -> list[int]:
        """Destination of ``f`` moving 4 back along the track: never into the goal (DOG-6)."""
        x = self.pos[f]
        if not 0 <= x < TRACK:
            return []
        for pf in prot:
            d = (x - pf) & 63
            if d and d <= 4:
                return []
        return [(x - 4) & 63]

    def _can_start(self, f: int) -> bool:
        """``f`` is in the kennel and no figure of its colour holds its start field (DOG-4)."""
        if self.pos[f] != KENNEL:
            return False
        g = self.board[self.fcol[f] << 4]
        return g < 0 or self.fcol[g] != self.fcol[f]

    def _steps(self, f: int, to: int) -> int:
        """Steps from ``f``'s position forward to ``to`` (track or own goal), or 0 if none fit."""
        x = self.pos[f]
        if to < GOAL_BASE:
            return (to - x) & 63
        if x >= GOAL_BASE:
            return to - x if to > x else 0
        c = self.fcol[f]
        base = GOAL_BASE + 4 * c
        if not base <= to < base + 4:
            return 0
        return (((c << 4) - x) & 63) + 1 + (to - base)

    # ---- executing moves ---------------------------------------------------------------------

    def _send_home(self, g: int, by: int, events: list[Event] | None) -> None:
        x = self.pos[g]
        self._place(g, KENNEL)
        if events is not None:
            events.append({"type": "home", "figure": g, "from": x, "by": by})

    def _move(self, f: int, to: int, events: list[Event] | None) -> None:
        """Move ``f`` to ``to``, sending home a figure it lands on (DOG-5)."""
        g = self.board[to] if to >= 0 else -1
        if g >= 0 and g != f:
            self._send_home(g, f, events)
        self._place(f, to)

    def _seven_step(self, f: int, to: int, events: list[Event] | None) -> None:
        """One step of a 7: every figure passed on the track, and the one landed on, goes home (DOG-7)."""
        x = self.pos[f]
        board = self.board
        if x < GOAL_BASE:
            if to < GOAL_BASE:
                last = (to - x) & 63  # fields x+1 .. x+last-1 are passed
            else:
                last = ((self.fcol[f] << 4) - x) & 63
                last += 1  # the start field itself is passed on the way in
            y = x
            for _ in range(last - 1):
                y = (y + 1) & 63
                g = board[y]
                if g >= 0:
                    self._send_home(g, f, events)
        self._move(f, to, events)

    # ---- the 7 (DOG-7) -----------------------------------------------------------------------

    def _seven_feasible(self, p: int, r: int, memo: dict[tuple[tuple[int, ...], int], bool]) -> bool:
        """Can ``p`` use exactly ``r`` more steps of a 7 from this position? (search over splits)

        A single figure able to take all ``r`` steps answers at once; otherwise every first step is
        tried, depth first, with a memo on the position. The position is restored on return.
        """
        if r == 0:
            return True
        movers = self._movers(p)
        prot = self._protected()
        fwd = self._forward
        for g in movers:
            if fwd(g, r, prot):
                return True
        key = (tuple(self.pos), r)
        hit = memo.get(key)
        if hit is not None:
            return hit
        before = self._figures()
        ok = False
        for g in movers:
            for n in range(r - 1, 0, -1):
                for to in fwd(g, n, prot):
                    self._seven_step(g, to, None)
                    ok = self._seven_feasible(p, r - n, memo)
                    self._put_back(before)
                    if ok:
                        break
                if ok:
                    break
            if ok:
                break
        memo[key] = ok
        return ok

    def _reach(self, f: int, r: int, prot: list[int]) -> list[tuple[int, int]]:
        """Every ``(steps, to)`` figure ``f`` can move forward with 1..``r`` steps (same rules as
        :meth:`_forward`, computed in one pass)."""
        x = self.pos[f]
        if x < 0:
            return []
        board = self.board
        out = []
        if x >= GOAL_BASE:
            g = (x - GOAL_BASE) & 3
            for n in range(1, min(r, 3 - g) + 1):
                if board[x + n] >= 0:
                    break
                out.append((n, x + n))
            return out
        block = 99
        for pf in prot:
            d = (pf - x) & 63
            if d and d < block:
                block = d
        last = r if r < block else block - 1
        for n in range(1, last + 1):
            out.append((n, (x + n) & 63))
        c = self.fcol[f]
        d = ((c << 4) - x) & 63
        if d and d < r and block > d:
            base = GOAL_BASE + 4 * c
            for g in range(0, min(3, r - d - 1) + 1):
                if board[base + g] >= 0:
                    break
                out.append((d + 1 + g, base + g))
        return out

    def _seven_steps(self, p: int, r: int) -> list[tuple[int, int, int]]:
        """Legal next steps ``(figure, to, steps)`` of a 7 with ``r`` steps left.

        A step is legal when the rest (``r - steps``) can still be used in full afterwards. A
        figure able to walk all ``r`` steps along one route can stop anywhere on that route
        (except on its own start field before the goal, which would make it protected and
        unable to turn in), which settles most steps without a search.
        """
        prot = self._protected()
        memo: dict[tuple[tuple[int, ...], int], bool] = {}
        out = []
        before = None
        pos = self.pos
        for f in self._movers(p):
            x = pos[f]
            if x < 0:
                continue
            reach = self._reach(f, r, prot)
            track_ok = goal_ok = False
            for n, to in reach:
                if n == r:
                    if to < GOAL_BASE:
                        track_ok = True
                    else:
                        goal_ok = True
            dstart = ((self.fcol[f] << 4) - x) & 63 if x < GOAL_BASE else -1
            for n, to in reach:
                if n == r or (track_ok and to < GOAL_BASE) or (goal_ok and (to >= GOAL_BASE or n < dstart)):
                    out.append((f, to, n))
                    continue
                if before is None:
                    before = self._figures()
                self._seven_step(f, to, None)
                ok = self._seven_feasible(p, r - n, memo)
                self._put_back(before)
                if ok:
                    out.append((f, to, n))
        return out

    def _seven_step_ok(self, p: int, f: int, to: int, left: int) -> bool:
        """Is moving ``f`` to ``to`` a legal step of a 7 with ``left`` steps left (DOG-7)?"""
        if f not in self._movers(p) or self.pos[f] < 0:
            return False
        n = self._steps(f, to)
        if not 1 <= n <= left or to not in self._forward(f, n, self._protected()):
            return False
        before = self._figures()
        self._seven_step(f, to, None)
        ok = self._seven_feasible(p, left - n, {})
        self._put_back(before)
        return ok

    # ---- legal plays -------------------------------------------------------------------------

    def _walkers(self, movers: range) -> list[int]:
        """The figures of ``movers`` that can step forward at all: those on the track, and those in
        the goal with a free goal field ahead (DOG-6); not those in the kennel."""
        pos, board = self.pos, self.board
        out = []
        for f in movers:
            x = pos[f]
            if 0 <= x < GOAL_BASE or (x >= GOAL_BASE and x & 3 != 3 and board[x + 1] < 0):
                out.append(f)
        return out

    def _kind_moves(
        self, p: int, kind: str, movers: range, walkers: list[int], prot: list[int], any_only: bool = False
    ) -> list[tuple[int, ...]]:
        """What a card of ``kind`` can do for ``p`` (DOG-1, DOG-4..DOG-8), who moves the figures
        ``movers``, of which ``walkers`` can step forward (:meth:`_walkers`).

        Returns ``(figure, to)`` pairs for moves (a start is ``(kennel figure, start field)``,
        listed once), ``(figure, other)`` pairs for a swap, ``[()]`` for a swap without effect,
        ``[]`` when the card cannot be played. With ``any_only`` it may stop after the first.
        """
        pos = self.pos
        out: list[tuple[int, ...]] = []
        if kind in FORWARD:
            k = FORWARD[kind]
            fwd = self._forward
            for f in walkers:
                for to in fwd(f, k, prot):
                    out.append((f, to))
                if any_only and out:
                    return out
            return out
        if kind == "4":
            for f in walkers:
                for to in self._forward(f, 4, prot) + self._backward(f, prot):
                    out.append((f, to))
                if any_only and out:
                    return out
            return out
        if kind == "7":
            if any_only:
                return [()] if self._seven_feasible(p, 7, {}) else []
            return [(f, to) for f, to, _ in self._seven_steps(p, 7)]
        if kind == "swap":
            pairs = self._swap_pairs(p)
            return pairs if pairs else [()]
        # "1/11" and "13": start a figure (DOG-4) or move 1 / 11 / 13
        started = False
        steps = (1, 11) if kind == "1/11" else (13,)
        for f in movers:
            if pos[f] == KENNEL:
                if not started and self._can_start(f):
                    started = True
                    out.append((f, start_field(self.fcol[f])))
            else:
                for k in steps:
                    for to in self._forward(f, k, prot):
                        out.append((f, to))
            if any_only and out:
                return out
        return out

    def _swap_pairs(self, p: int) -> list[tuple[int, ...]]:
        """DOG-8: (own, other) figure pairs on the track, neither protected."""
        pos, fcol, owner = self.pos, self.fcol, self.owner
        movers = self._movers(p)
        # a figure may be swapped when it is on the track and not on its own start field
        own = [f for f in movers if 0 <= pos[f] < TRACK and pos[f] != fcol[f] << 4]
        if not own:
            return []
        mine = owner[movers[0]]
        others = [g for g, x in enumerate(pos) if owner[g] != mine and 0 <= x < TRACK and x != fcol[g] << 4]
        return [(f, g) for f in own for g in others]

    def _all_plays(self, p: int) -> list[Action]:
        """Every legal ``play`` action of ``p`` (the joker once per kind it can play as)."""
        movers = self._movers(p)
        walkers = self._walkers(movers)
        prot = self._protected()
        cache: dict[str, list[tuple[int, ...]]] = {}
        out: list[Action] = []
        for card in dict.fromkeys(self.hands[p]):
            joker = card == "joker"
            for kind in JOKER_AS if joker else (card,):
                moves = cache.get(kind)
                if moves is None:
                    moves = cache[kind] = self._kind_moves(p, kind, movers, walkers, prot)
                if kind == "swap":
                    for m in moves:
                        a: PlayAction = {"type": "play", "card": card}
                        if joker:
                            a["as"] = "swap"
                        if m:
                            a["figure"], a["with"] = m
                        out.append(a)
                    continue
                pos = self.pos
                for f, to in moves:
                    if joker:
                        if kind == "13" and pos[f] == KENNEL:
                            continue  # a joker start is listed once, as "1/11" ("13" is accepted too)
                        out.append({"type": "play", "card": card, "as": kind, "figure": f, "to": to})
                    else:
                        out.append({"type": "play", "card": card, "figure": f, "to": to})
        return out

    def _can_play(self, p: int) -> bool:
        """Whether ``p`` holds any card that can be played in full (DOG-5, DOG-9)."""
        hand = self.hands[p]
        if "swap" in hand or "joker" in hand:
            return True  # DOG-12: a swap is always playable, with or without effect
        movers = self._movers(p)
        walkers = self._walkers(movers)
        prot = self._protected()
        for card in dict.fromkeys(hand):
            if self._kind_moves(p, card, movers, walkers, prot, any_only=True):
                return True
        return False

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        if self.phase == "play":
            return [self.turn]
        if self.phase == "give":
            return [p for p in range(self.num_players) if self.gifts[p] is None]
        return []

    def _may_act(self, player: int) -> bool:
        if self.phase == "play":
            return player == self.turn
        return self.phase == "give" and self.gifts[player] is None

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now. In phase play, checking an action costs about as
        much as this list: it is remembered, and playing one of its actions is not checked again."""
        if self.phase == "play":
            if player != self.turn:
                return []
            if self.seven is not None:
                acts: list[Action] = [
                    {"type": "step", "figure": f, "to": to}
                    for f, to, _ in self._seven_steps(player, self.seven["left"])
                ]
                acts.append({"type": "undo"})
                return self.remember_legal(player, acts)
            plays = self._all_plays(player)
            if plays:
                return self.remember_legal(player, plays)
            if self.num_players == 4:
                return self.remember_legal(player, [{"type": "fold"}])
            discards: list[Action] = [{"type": "discard", "card": c} for c in dict.fromkeys(self.hands[player])]
            return self.remember_legal(player, discards)
        if self.phase == "give":
            if 0 <= player < self.num_players and self.gifts[player] is None:
                return [{"type": "give", "card": c} for c in dict.fromkeys(self.hands[player])]
        return []

    def _check_action(self, player: int, action: JsonDict) -> None:
        kind = action["type"]
        if kind == "give":
            check_action_keys("DOG-3", action, ("card",))
            if self.phase != "give":
                raise IllegalActionError("DOG-3", "cards are given only right after a deal")
            if action.get("card") not in self.hands[player]:
                raise IllegalActionError("DOG-3", f"player {player} does not hold {action.get('card')!r}")
            return
        if self.phase != "play":
            raise IllegalActionError("DOG-3", f"every player must first give a card (phase {self.phase!r})")
        if kind in ("step", "undo"):
            if self.seven is None:
                raise IllegalActionError("DOG-7", f"{kind!r} is only possible while a 7 is being played")
            if kind == "undo":
                check_action_keys("DOG-7", action, ())
                return
            check_action_keys("DOG-7", action, ("figure", "to"))
            f = require_int("DOG-7", action, "figure", 0, len(self.pos) - 1)
            to = require_int("DOG-7", action, "to", 0, NUM_FIELDS - 1)
            self._check_seven_step(player, f, to, self.seven["left"])
            return
        if self.seven is not None:
            left = self.seven["left"]
            raise IllegalActionError("DOG-7", f"the 7 must be finished first ({left} steps left), or undone")
        if kind == "fold":
            check_action_keys("DOG-9", action, ())
            if self.num_players != 4:
                raise IllegalActionError("DOG-11", "with 2-3 players a stuck player discards instead of folding")
            if self._can_play(player):
                raise IllegalActionError("DOG-9", "only a player who can play no card is out for the round")
            return
        if kind == "discard":
            check_action_keys("DOG-11", action, ("card",))
            if self.num_players == 4:
                raise IllegalActionError("DOG-9", "with 4 players a stuck player folds (is out for the round)")
            if action.get("card") not in self.hands[player]:
                raise IllegalActionError("DOG-11", f"player {player} does not hold {action.get('card')!r}")
            if self._can_play(player):
                raise IllegalActionError("DOG-11", "a card may be discarded only when none can be played")
            return
        if kind != "play":
            raise IllegalActionError(
                "CORE", f"unknown action type {kind!r} (dog knows give, play, step, undo, fold, discard)"
            )
        self._check_play(player, action)

    def _check_play(self, player: int, action: JsonDict) -> None:
        card = action.get("card")
        if not isinstance(card, str) or card not in KIND_ORDER:
            raise IllegalActionError("DOG-1", f"no card kind {card!r}; kinds are {list(KINDS)}")
        if card not in self.hands[player]:
            raise IllegalActionError("DOG-1", f"player {player} does not hold {card!r}")
        if card == "joker":
            kind = action.get("as")
            if kind not in JOKER_AS:
                raise IllegalActionError("DOG-1", f'a joker needs "as": one of {list(JOKER_AS)}, got {kind!r}')
        else:
            if "as" in action:
                raise IllegalActionError("DOG-1", 'only a joker takes "as"')
            kind = card
        if kind == "swap":
            if "figure" not in action and "with" not in action:
                check_action_keys("DOG-8", action, ("card", "as"))
                if self._swap_pairs(player):
                    raise IllegalActionError("DOG-8", "a swap is compulsory while one is possible")
                return
            check_action_keys("DOG-8", action, ("card", "as", "figure", "with"))
            f = require_int("DOG-8", action, "figure", 0, len(self.pos) - 1)
            g = require_int("DOG-8", action, "with", 0, len(self.pos) - 1)
            if (f, g) not in self._swap_pairs(player):
                raise IllegalActionError(
                    "DOG-8",
                    f"figures {f} and {g} cannot swap: one of yours and another's, both on the track, "
                    "neither protected",
                )
            return
        check_action_keys("DOG-5", action, ("card", "as", "figure", "to"))
        f = require_int("DOG-5", action, "figure", 0, len(self.pos) - 1)
        to = require_int("DOG-5", action, "to", 0, NUM_FIELDS - 1)
        if f not in self._movers(player):
            whose = "your partner's (all yours are home)" if self._finished(player) else "your own"
            raise IllegalActionError("DOG-10", f"figure {f} is not yours to move: you move {whose} figures")
        if kind == "7":
            self._check_seven_step(player, f, to, 7)
            return
        prot = self._protected()
        x = self.pos[f]
        if x == KENNEL:
            if kind not in ("1/11", "13"):
                raise IllegalActionError(
                    "DOG-4", "a figure leaves the kennel only with a start card (1/11, 13 or a joker)"
                )
            if not self._can_start(f):
                raise IllegalActionError("DOG-4", "an own figure stands on the start field")
            if to != start_field(self.fcol[f]):
                raise IllegalActionError("DOG-4", "a figure leaves the kennel only onto its own start field")
            return
        dests = self._dests(f, kind, prot)
        if to not in dests:
            if to in self._dests(f, kind, []):
                raise IllegalActionError("DOG-4", f"a figure on its own start field blocks figure {f}'s way to {to}")
            rule = "DOG-6" if to >= GOAL_BASE or x >= GOAL_BASE else "DOG-5"
            raise IllegalActionError(rule, f"figure {f} cannot move from {x} to {to} with {kind!r} (possible: {dests})")

    def _dests(self, f: int, kind: str, prot: list[int]) -> list[int]:
        """Destinations of track/goal figure ``f`` with a moving card ``kind`` (not 7, not swap)."""
        if kind in FORWARD:
            return self._forward(f, FORWARD[kind], prot)
        if kind == "4":
            return self._forward(f, 4, prot) + self._backward(f, prot)
        if kind == "1/11":
            return self._forward(f, 1, prot) + self._forward(f, 11, prot)
        return self._forward(f, 13, prot)

    def _check_seven_step(self, player: int, f: int, to: int, left: int) -> None:
        if f not in self._movers(player):
            raise IllegalActionError("DOG-7", f"figure {f} is not one you move now")
        if not self._seven_step_ok(player, f, to, left):
            raise IllegalActionError(
                "DOG-7",
                f"figure {f} cannot step to {to} with {left} steps of the 7 left so that all of them can be used",
            )

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.forget_legal()
        events: list[Event] = []
        if action["type"] == "give":
            self._give(player, action["card"], events)
            return events
        if action["type"] == "step":
            self._apply_step(player, action["figure"], action["to"], events)
            return events
        if action["type"] == "undo":
            self._undo(player, events)
            return events
        hand = self.hands[player]
        if action["type"] == "fold":
            cards = hand[:]
            self.discard.extend(cards)
            self.played.extend([player, c] for c in cards)
            hand.clear()
            self.out[player] = True
            events.append({"type": "out", "player": player, "cards": cards})
            self._end_turn(events)
            return events
        if action["type"] == "discard":
            hand.remove(action["card"])
            self.discard.append(action["card"])
            self.played.append([player, action["card"]])
            events.append({"type": "discard", "player": player, "card": action["card"]})
            if self.drawn:
                self._end_turn(events)
                return events
            self.drawn = True
            if not self.deck:
                self._reshuffle()
            hand.append(self.deck.pop())
            sort_hand(hand)
            events.append({"type": "draw", "player": player})
            return events
        # play
        card = action["card"]
        as_ = action.get("as")
        kind = as_ if as_ is not None and card == "joker" else card
        hand.remove(card)
        self.played.append([player, card])
        before = self._finished(player)
        if kind == "7":
            self.seven = {"card": card, "as": as_, "left": 7, "undo": []}
            events.append({"type": "seven", "player": player, "card": card, "as": as_})
            self._apply_step(player, action["figure"], action["to"], events)
            return events
        self.discard.append(card)
        if kind == "swap":
            if "figure" not in action:
                events.append({"type": "no_effect", "player": player, "card": card, "as": as_})
            else:
                f, g = action["figure"], action["with"]
                xf, xg = self.pos[f], self.pos[g]
                self.pos[f], self.pos[g] = xg, xf
                self.board[xf], self.board[xg] = g, f
                events.append({"type": "swap", "player": player, "card": card, "as": as_, "figure": f, "with": g})
        else:
            f, to = action["figure"], action["to"]
            x = self.pos[f]
            victim = self.board[to]
            self._move(f, to, None)
            if x == KENNEL:
                events.append({"type": "start", "player": player, "card": card, "as": as_, "figure": f, "to": to})
            else:
                steps = self._steps_taken(x, to, f)
                events.append(
                    {
                        "type": "move",
                        "player": player,
                        "card": card,
                        "as": as_,
                        "figure": f,
                        "from": x,
                        "to": to,
                        "steps": steps,
                    }
                )
            if victim >= 0:  # DOG-5: the figure landed on went home, own ones too
                events.append({"type": "home", "figure": victim, "from": to, "by": f})
        self._after_card(player, before, events)
        return events

    def _steps_taken(self, x: int, to: int, f: int) -> int:
        """Steps of a finished normal move from ``x`` to ``to`` (-4 for the 4 backward)."""
        return steps_between(x, to, self.fcol[f])

    def _after_card(self, player: int, finished_before: bool, events: list[Event]) -> None:
        """A card is fully played: report a newly finished player (DOG-10), check the win, end the turn."""
        if not finished_before and self._finished(player):
            events.append({"type": "finished", "player": player})
        # only the player's own (or team's) figures moved into a goal: nobody else can have won
        need = 8 if self.num_players == 4 else 4
        if self._team_home(player) >= need:
            self.winners_ = sorted(self._team_of(player))
            self.phase = "over"
            self.seven = None
            events.append({"type": "game_over", "winners": self.winners_[:]})
            return
        self._end_turn(events)

    def _apply_step(self, player: int, f: int, to: int, events: list[Event]) -> None:
        seven = self.seven
        assert seven is not None
        x = self.pos[f]
        n = self._steps(f, to)
        finished_before = self._finished(player)
        seven["undo"].append([n, self.pos[:]])
        seven["left"] -= n
        self._seven_step(f, to, events)
        # the step event goes before the captures it caused
        homes = [e for e in events if e["type"] == "home"]
        del events[len(events) - len(homes) :]
        events.append(
            {"type": "step", "player": player, "figure": f, "from": x, "to": to, "steps": n, "left": seven["left"]}
        )
        events.extend(homes)
        if not finished_before and self._finished(player):
            events.append({"type": "finished", "player": player})
        if seven["left"] == 0:
            self.discard.append(seven["card"])
            self.seven = None
            events.append({"type": "seven_done", "player": player})
            self._after_card(player, True, events)

    def _undo(self, player: int, events: list[Event]) -> None:
        seven = self.seven
        assert seven is not None
        n, pos = seven["undo"].pop()
        self._set_positions(pos)
        seven["left"] += n
        if not seven["undo"]:
            self.played.pop()  # the 7 goes back to the hand: it was not played
            self.hands[player].append(seven["card"])
            sort_hand(self.hands[player])
            self.seven = None
            events.append({"type": "undo", "player": player, "left": 7, "back_to_hand": True})
        else:
            events.append({"type": "undo", "player": player, "left": seven["left"], "back_to_hand": False})

    def _set_positions(self, pos: list[int]) -> None:
        """Set every figure's position (``board`` and ``home`` follow)."""
        self.pos = list(pos)
        board = [-1] * NUM_FIELDS
        home = [0] * self.num_players
        for f, x in enumerate(self.pos):
            if x >= 0:
                board[x] = f
                if x >= GOAL_BASE:
                    home[self.owner[f]] += 1
        self.board = board
        self.home = home

    # ---- rounds ------------------------------------------------------------------------------

    def _give(self, player: int, card: str, events: list[Event]) -> None:
        """DOG-3 / DOG-11: a secret card for the partner (4) or the left neighbour (2–3)."""
        self.hands[player].remove(card)
        self.gifts[player] = card
        events.append({"type": "gave", "player": player})
        if any(g is None for g in self.gifts):
            return
        n = self.num_players
        for p, gift in enumerate(self.gifts):
            to = gift_receiver(n, p)
            assert gift is not None
            self.hands[to].append(gift)
            self.received[to] = gift
        for h in self.hands:
            sort_hand(h)
        self.gifts = [None] * n
        self.phase = "play"
        self.turn = (self.dealer + 1) % n
        self.drawn = False
        events.append({"type": "cards_given"})

    def _reshuffle(self) -> None:
        """DOG-3: the shuffled discard pile goes under the remaining deck."""
        pile = self.discard
        self.discard = []
        self.rng.shuffle(pile)
        self.deck = pile + self.deck

    def _deal(self, events: list[Event]) -> None:
        """Deal the next round (DOG-3): 6, 5, 4, 3, 2 cards, repeating; dealer moves left."""
        n = self.num_players
        if self.round > 0:
            self.dealer = (self.dealer + 1) % n
        k = DEAL_SIZES[self.round % 5]
        self.round += 1
        reshuffled = False
        if len(self.deck) < k * n:
            self._reshuffle()
            reshuffled = True
        for _ in range(k):
            for i in range(1, n + 1):
                self.hands[(self.dealer + i) % n].append(self.deck.pop())
        for h in self.hands:
            sort_hand(h)
        self.gifts = [None] * n
        self.received = [None] * n
        self.out = [False] * n
        self.drawn = False
        self.played = []
        self.phase = "give"
        self.turn = (self.dealer + 1) % n
        events.append(
            {"type": "deal", "round": self.round, "dealer": self.dealer, "cards": k, "reshuffled": reshuffled}
        )

    def _end_turn(self, events: list[Event]) -> None:
        """Pass the turn to the next player holding cards; deal anew when every hand is empty."""
        self.drawn = False
        n = self.num_players
        for i in range(1, n + 1):
            p = (self.turn + i) % n
            if self.hands[p]:
                self.turn = p
                return
        events.append({"type": "round_end", "round": self.round})
        self._deal(events)

    # ---- results -----------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        """The winning team (4 players) or player (2–3 players, DOG-11); [] while playing."""
        return self.winners_[:]

    def returns(self) -> list[float]:
        """1.0 for winners and 0.0 for the others once over; before that the share of the team's
        (or own) figures already in the goal (standings)."""
        n = self.num_players
        if self.phase == "over":
            return [1.0 if p in self.winners_ else 0.0 for p in range(n)]
        need = 8.0 if n == 4 else 4.0
        return [self._team_home(p) / need for p in range(n)]

    # ---- observations ------------------------------------------------------------------------

    def public_observation(self) -> PublicObservation:
        """What the whole table sees: the board, hand sizes, the discard pile, whose turn, the 7
        being played (with the positions before each of its steps)."""
        n, F = self.num_players, self.F
        seven = self.seven
        return {
            "type": "observation",
            "game": "dog",
            "viewer": None,
            "num_players": n,
            "colours": list(self.colours),
            "figures_per_player": F,
            "teams": [[0, 2], [1, 3]] if n == 4 else [[p] for p in range(n)],
            "phase": self.phase,
            "round": self.round,
            "dealer": self.dealer,
            "cards_dealt": DEAL_SIZES[(self.round - 1) % 5],
            "turn": self.turn if self.phase == "play" else None,
            "current_players": self.current_players(),
            "figures": [self.pos[p * F : p * F + F] for p in range(n)],
            "home": self.home[:],
            "finished": [self._finished(p) for p in range(n)],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": self.discard[:],
            "given": [g is not None for g in self.gifts],
            "out": self.out[:],
            "drawn": self.drawn,
            "played": [{"player": p, "card": c} for p, c in self.played],
            "seven": None
            if seven is None
            else {
                "card": seven["card"],
                "as": seven["as"],
                "left": seven["left"],
                "steps": len(seven["undo"]),
                "undo": [[u[0], u[1][:]] for u in seven["undo"]],
            },
            "winners": self.winners(),
        }

    @classmethod
    def from_observation(cls, game: Game[Any], observation: Observation, rng: Rng) -> DogState:
        """A state consistent with ``observation``: the cards its viewer cannot see (all 110 but
        their hand, their gift, the discard pile and a 7 being played) dealt at random to the other
        hands, the other players' secret gifts and the deck. The board and a 7 in progress are the
        observed ones."""
        obs = observation
        me, n = obs["viewer"], obs["num_players"]
        assert me is not None, "a re-deal is made for a seat"
        pool = full_deck()
        gone = obs["hand"] + obs["discard"]
        if obs["my_gift"] is not None:
            gone.append(obs["my_gift"])
        seven = obs["seven"]
        if seven is not None:
            gone.append(seven["card"])
        for c in gone:
            pool.remove(c)
        rng.shuffle(pool)
        st = cls(game, n, {}, Rng(0))
        st._set_positions(_flat(obs["figures"], st))
        st.phase, st.round, st.dealer = obs["phase"], obs["round"], obs["dealer"]
        turn = obs["turn"]
        st.turn = turn if turn is not None else (obs["dealer"] + 1) % n
        st.out = obs["out"][:]
        st.drawn = obs["drawn"]
        st.discard = obs["discard"][:]
        st.winners_ = obs["winners"][:]
        st.played = [[pc["player"], pc["card"]] for pc in obs["played"]]
        st.received[me] = obs["received"]
        at = 0
        for p in range(n):
            if p == me:
                st.hands[p] = obs["hand"][:]
                st.gifts[p] = obs["my_gift"]
                continue
            k = obs["hand_sizes"][p]
            st.hands[p] = pool[at : at + k]
            sort_hand(st.hands[p])
            at += k
            if obs["phase"] == "give" and obs["given"][p]:
                st.gifts[p] = pool[at]
                at += 1
        st.deck = pool[at:]
        if seven is not None:
            undo = [[u[0], u[1][:]] for u in seven["undo"]]
            st.seven = {"card": seven["card"], "as": seven["as"], "left": seven["left"], "undo": undo}
        st.rng = Rng(rng.next64())
        return st

    def check_invariants(self) -> None:
        """110 cards conserved; figures per player fixed; one figure per field; board and home follow pos."""
        cards = self.deck + self.discard + [c for h in self.hands for c in h]
        cards += [g for g in self.gifts if g is not None]
        if self.seven is not None:
            cards.append(self.seven["card"])
        assert len(cards) == DECK_SIZE, f"{len(cards)} cards in play, not {DECK_SIZE}"
        counts = Counter(cards)
        if counts != COPIES:
            k = next(k for k in set(counts) | set(COPIES) if counts.get(k, 0) != COPIES.get(k, 0))
            raise AssertionError(f"{counts.get(k, 0)} cards {k!r}, not {COPIES.get(k, 0)}")
        assert len(self.pos) == self.num_players * self.F, "figure count changed"
        board = [-1] * NUM_FIELDS
        for f, x in enumerate(self.pos):
            assert -1 <= x < NUM_FIELDS, f"figure {f} at {x}"
            if x >= GOAL_BASE:
                c = self.fcol[f]
                assert GOAL_BASE + 4 * c <= x < GOAL_BASE + 4 * c + 4, f"figure {f} in another colour's goal"
            if x >= 0:
                assert board[x] < 0, f"figures {board[x]} and {f} share field {x}"
                board[x] = f
        assert board == self.board, "board out of step with positions"
        F = self.F
        home = [sum(x >= GOAL_BASE for x in self.pos[p * F : p * F + F]) for p in range(self.num_players)]
        assert home == self.home, "goal counts out of step with positions"
        if self.phase == "play" and self.seven is None:
            assert self.hands[self.turn], f"player {self.turn} to play holds no card"
        if self.seven is not None:
            done = sum(u[0] for u in self.seven["undo"])
            assert done + self.seven["left"] == 7 and self.seven["undo"], "7 steps do not add up"

    # ---- saves (the fields are declared in FIELDS) ---------------------------------------------

    def _validate(self) -> None:
        """Figures stand on the track or in their own colour's goal, one per field; the 7, the
        gifts, the turn and the winners fit the phase (DOG-3, DOG-7, DOG-10, DOG-11). Hands are put
        in :data:`KINDS` order."""
        n, phase = self.num_players, self.phase

        def on_board(x: int, f: int, where: str) -> None:
            c = self.fcol[f]
            expect(
                x < GOAL_BASE or GOAL_BASE + 4 * c <= x < GOAL_BASE + 4 * c + 4,
                where,
                f"field {x} is not on the track nor in colour {c}'s goal",
            )

        seen: dict[int, int] = {}
        for f, x in enumerate(self.pos):
            on_board(x, f, f"state.figures[{f // self.F}][{f % self.F}]")
            if x >= 0:
                expect(x not in seen, "state.figures", f"figures {seen.get(x)} and {f} share field {x}")
                seen[x] = f
        self._set_positions(self.pos)
        for h in self.hands:
            sort_hand(h)
        expect(not (self.drawn and n == 4), "state.drawn", "discard-and-draw is a 2-3 player rule (DOG-11)")
        winners = self.winners_
        expect((phase == "over") == bool(winners), "state.winners", "winners are set exactly when the phase is 'over'")
        s = self.seven
        if s is not None:
            expect(phase == "play", "state.seven", "a 7 is played only in phase 'play'")
            expect(s["as"] == ("7" if s["card"] == "joker" else None), "state.seven.as", "'7' for a joker, else null")
            total = 0
            for i, (steps, positions) in enumerate(s["undo"]):
                total += steps
                taken: set[int] = set()
                for f, x in enumerate(positions):
                    on_board(x, f, f"state.seven.undo[{i}][1][{f}]")
                    expect(x < 0 or x not in taken, f"state.seven.undo[{i}][1]", f"two figures on field {x}")
                    taken.add(x)
            expect(total + s["left"] == 7, "state.seven", "steps taken and steps left must add up to 7")
        if phase == "give":
            expect(any(g is None for g in self.gifts), "state.gifts", "all gifts chosen but not exchanged")
            expect(not any(self.out), "state.out", "nobody is out before play starts")
        else:
            expect(all(g is None for g in self.gifts), "state.gifts", "gifts exist only in phase 'give'")
        if phase == "play" and s is None:
            expect(bool(self.hands[self.turn]), "state.turn", f"player {self.turn} is to play but holds no card")
        expect(not (self.drawn and phase != "play"), "state.drawn", "only during play")
        if winners:  # DOG-10/DOG-11: the winners are one team (a lone player with 2-3) with every figure home
            team = self._team_of(winners[0])
            expect(winners == sorted(team), "state.winners", f"expected the team {sorted(team)}, got {winners}")
            need = 8 if n == 4 else 4
            expect(
                self._team_home(winners[0]) >= need,
                "state.winners",
                f"team {sorted(team)} has not brought {need} figures home",
            )


class Dog(Game[DogState]):
    """Dog — see the module docstring."""

    id = "dog"
    name = "Dog"
    min_players = 2
    max_players = 4
    hidden_information = True
    #: 2: the public memory ``played`` is saved (version 1 saves load with an empty memory)
    STATE_VERSION = 2
    max_game_length = 200_000
    state_class = DogState

    def migrate(self, version: int, data: dict[str, Any]) -> dict[str, Any]:
        """Version 1 saves had no public memory: they load with ``played`` empty (the memory starts
        at the load); anything older is refused."""
        if version == 1:
            return {**data, "played": []}
        return super().migrate(version, data)


GAME = Dog()
