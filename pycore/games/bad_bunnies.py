"""Bad Bunnies (Schmidt Spiele, J. Zeimet), 2–6 players: higher or lower, doubles, two jokers.

Source: seed ``000_7e09e19e2b489e6c.txt`` (the same rules in German, English, French, Italian)
and rulings BB-1..BB-8 in ``RULINGS.md``; the project's own rules page, with the decisions taken
where both are silent (``BB-D1``..), is ``seeds/bad_bunnies.md``.

Flow of a round: the starter lays any card; then, clockwise (seat order), each player still in
the round either lays a card that may follow the top card (BB-3) — announcing ``higher`` or
``lower`` with it unless it is a 1 or a double (BB-2) — or passes and is out until the round ends
(BB-4). The round ends when a player lays their last card or when all but one have passed (BB-5);
the winner scores one point per card on the discard pile (BB-7). Unless the game is over, every
player with cards left then chooses in secret to keep them (and draw up to 7) or to throw them
away and draw 7 new ones (BB-8, a simultaneous phase), and the round winner starts the next round.

Actions (JSON-safe dicts)::

    {"type": "play", "card": 9, "announce": "higher"}   # phase "play": a card that needs a call
    {"type": "play", "card": 1}                         # a 1, a double, or a hand's last card
    {"type": "pass"}                                    # phase "play", once a card is on the pile
    {"type": "keep"}      # phase "choose": keep the cards left, draw up to 7 (BB-8)
    {"type": "redraw"}    # phase "choose": throw them on the reserve pile, draw 7 new ones

``announce`` is present exactly when the play calls for one (BB-2): not after a 1, not on a
double, and not with the card that empties a hand (the round is over then, BB-5 b).

Events returned by ``apply_action`` (in order; none of them names a hidden card)::

    {"type": "play", "player": p, "card": c, "announce": "higher" | "lower" | None,
     "double": bool, "cards_left": k}
    {"type": "pass", "player": p}                       # never says whether it was forced
    {"type": "round_end", "round": r, "winner": w, "points": k, "reason": "last_card" | "all_passed",
     "scores": [totals]}
    {"type": "game_over", "winners": [w], "scores": [totals]}
    {"type": "chose", "player": p}                      # the choice itself stays secret
    {"type": "reshuffle", "cards": k}                   # reserve pile became the draw pile
    {"type": "new_round", "round": r, "starter": s, "choices": [None | "keep" | "redraw", ...]}

Observation keys (``public_observation``; ``observation(p)`` adds ``hand`` and ``my_choice``)::

    type game viewer num_players phase round starter turn top announce double top_player pile
    pile_count draw_count reserve_count hand_sizes passed choosing scores target_score
    random_starter last_round moves ([{"player", "card" (None = pass), "call"}]) played
    current_players winners

Public memory: ``played`` is every card laid this round, in order, ``[{"player": p, "card": c}]``
(``c`` the card's number); it is kept through the keep-or-redraw choices and starts afresh with
the next round (:func:`remember` builds the same list from the events).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal, TypedDict, cast

from ..core import HIDDEN, PUBLIC, SEAT, Field, Game, JsonDict, Option, State, check_action_keys, require_int
from ..errors import IllegalActionError
from ..rng import Rng
from ..spec import Bool, Choice, Fixed, Frozen, Int, ListOf, Nullable, PerPlayer, Record, expect

#: BB-1: how many cards of each number the deck holds (110 in all)
COUNTS: dict[int, int] = {1: 17, 2: 10, 3: 8, 4: 7, 5: 6, 6: 5, 7: 17, 8: 4, 9: 5, 10: 6, 11: 7, 12: 8, 13: 10}
DECK: tuple[int, ...] = tuple(n for n in sorted(COUNTS) for _ in range(COUNTS[n]))
DECK_SIZE = len(DECK)  # 110
HAND_SIZE = 7  # BB-1
LOWEST, HIGHEST = 1, 13
LITTLE_JOKER = 1  # BB-2/BB-3: nothing is announced after it; it fits on any single card
BIG_JOKER = 7  # BB-3: fits on anything, ends a double; a 7 on a 7 is no double
JOKERS = (LITTLE_JOKER, BIG_JOKER)
HIGHER: Literal["higher"] = "higher"
LOWER: Literal["lower"] = "lower"
ANNOUNCEMENTS = (HIGHER, LOWER)
PHASES = ("play", "choose", "game_over")
CHOICES = ("keep", "redraw")
Phase = Literal["play", "choose", "game_over"]
Call = Literal["higher", "lower"]
Keep = Literal["keep", "redraw"]


# ---- the typed contract (actions, events, observations) ---------------------------------------


class _PlayBase(TypedDict):
    type: Literal["play"]
    card: int


class PlayAction(_PlayBase, total=False):
    """``announce`` is present exactly when the play calls for one (BB-2)."""

    announce: Call


class PassAction(TypedDict):
    type: Literal["pass"]


class KeepAction(TypedDict):
    type: Literal["keep"]


class RedrawAction(TypedDict):
    type: Literal["redraw"]


Action = PlayAction | PassAction | KeepAction | RedrawAction


class PlayEvent(TypedDict):
    type: Literal["play"]
    player: int
    card: int
    announce: Call | None
    double: bool
    cards_left: int


class PassEvent(TypedDict):
    type: Literal["pass"]
    player: int


class RoundEndEvent(TypedDict):
    type: Literal["round_end"]
    round: int
    winner: int
    points: int
    reason: Literal["last_card", "all_passed"]
    scores: list[int]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]
    scores: list[int]


class ChoseEvent(TypedDict):
    type: Literal["chose"]
    player: int


class ReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    cards: int


class NewRoundEvent(TypedDict):
    type: Literal["new_round"]
    round: int
    starter: int
    choices: list[Keep | None]


Event = PlayEvent | PassEvent | RoundEndEvent | GameOverEvent | ChoseEvent | ReshuffleEvent | NewRoundEvent


class LastRound(TypedDict):
    round: int
    winner: int
    points: int
    reason: Literal["last_card", "all_passed"]


class Move(TypedDict):
    """A public move of this round: a card laid (``card``, ``call``) or a pass (``card`` ``None``)."""

    player: int
    card: int | None
    call: Literal["higher", "lower", "double"] | None


class PlayerCard(TypedDict):
    """An entry of the public memory: a card laid this round and who laid it."""

    player: int
    card: int


class PublicObservation(TypedDict):
    """What the whole table sees (``viewer`` is ``None``); see :meth:`BadBunniesState.public_observation`."""

    type: Literal["observation"]
    game: Literal["bad_bunnies"]
    viewer: int | None
    num_players: int
    phase: Phase
    round: int
    starter: int
    turn: int | None
    top: int | None
    announce: Call | None
    double: bool
    top_player: int | None
    pile: list[int]
    pile_count: int
    draw_count: int
    reserve_count: int
    hand_sizes: list[int]
    passed: list[bool]
    choosing: list[bool]
    moves: list[Move]
    played: list[PlayerCard]
    scores: list[int]
    target_score: int
    random_starter: bool
    last_round: LastRound | None
    current_players: list[int]
    winners: list[int]


class Observation(PublicObservation):
    """What player ``viewer`` sees: the public observation plus their hand and secret choice."""

    hand: list[int]
    my_choice: Keep | None


def is_double(card: int, top: int | None) -> bool:
    """True if laying ``card`` on ``top`` makes (or continues) a double (BB-2).

    Equal numbers make a double, except a 7 on a 7. ``top`` is ``None`` on an empty pile.

    >>> is_double(4, 4), is_double(7, 7), is_double(1, 1), is_double(5, None)
    (True, False, True, False)
    """
    return top is not None and card == top and card != BIG_JOKER


def needs_announcement(card: int, top: int | None) -> bool:
    """True if the player who lays ``card`` on ``top`` calls higher or lower (BB-2).

    Not after a 1, not on a double; a 7 on a 7 is announced.

    >>> needs_announcement(9, 3), needs_announcement(1, 3), needs_announcement(3, 3), needs_announcement(7, 7)
    (True, False, False, True)
    """
    return card != LITTLE_JOKER and not is_double(card, top)


def may_follow(card: int, top: int | None, announce: str | None, double: bool) -> bool:
    """True if ``card`` may be laid on the pile's ``top`` card (BB-3; the final-card rule BB-6 apart).

    Args:
        card: 1..13.
        top: the top card of the discard pile, ``None`` if the pile is empty (any card starts it).
        announce: ``"higher"``/``"lower"`` called with ``top``; ``None`` after a 1 or on a double.
        double: a double of ``top`` is open: only ``top`` again or a 7 may follow.

    >>> may_follow(12, 10, "higher", False), may_follow(9, 10, "higher", False)
    (True, False)
    >>> may_follow(7, 10, "higher", False), may_follow(1, 10, "higher", False), may_follow(10, 10, "higher", False)
    (True, True, True)
    >>> may_follow(1, 4, None, True), may_follow(7, 4, None, True), may_follow(1, 1, None, True)
    (False, True, True)
    >>> may_follow(13, 1, None, False)
    True
    """
    if top is None:
        return True
    if card == BIG_JOKER:
        return True
    if double:
        return card == top
    if announce is None:  # a single 1 on top: a fresh start, anything goes
        return True
    if card == LITTLE_JOKER or card == top:
        return True
    return card > top if announce == HIGHER else card < top


def final_card_allowed(card: int, hand_size: int, top: int | None) -> bool:
    """BB-6: the card that would empty a hand may be a joker (1 or 7) only on a joker.

    >>> [final_card_allowed(card, size, top) for card, size, top in ((7, 1, 9), (7, 1, 1), (7, 2, 9), (9, 1, 3))]
    [False, True, True, True]
    """
    return hand_size != 1 or card not in JOKERS or top in JOKERS


def remember(played: list[PlayerCard], event: Event) -> None:
    """Update the public memory from one event, as the table sees it: every card laid this round,
    in order, with who laid it; a new round (after the keep-or-redraw choices) starts afresh.
    ``observation()["played"]`` is the same list, derived from the round's moves (the conformance
    suite checks that both agree).

    >>> played: list[PlayerCard] = []
    >>> remember(played, {"type": "play", "player": 2, "card": 9, "announce": "higher", "double": False,
    ...                   "cards_left": 6})
    >>> played
    [{'player': 2, 'card': 9}]
    """
    if event["type"] == "play":
        played.append({"player": event["player"], "card": event["card"]})
    elif event["type"] == "new_round":
        played.clear()


def describe_top(top: int | None, announce: str | None, double: bool) -> str:
    """A plain English line for the top of the pile, for logs and tests.

    >>> describe_top(9, "higher", False), describe_top(4, None, True), describe_top(1, None, False)
    ('higher than 9', 'double 4s: only a 4 or a 7', 'a 1: any card')
    """
    if top is None:
        return "empty pile: any card"
    if double:
        if top == LITTLE_JOKER:
            return "double 1s: only a 1 or a 7"
        return f"double {top}s: only a {top} or a 7"
    if announce is None:
        return "a 1: any card"
    return f"{announce} than {top}"


def max_rounds(st: Any) -> int:
    """The last round a game can reach: every round gives its winner at least one point (the pile
    holds the starter's first card, BB-7) and the game ends at the target score, so at most
    ``players × (target - 1) + 1`` rounds."""
    return int(st.num_players * (st.options["target_score"] - 1) + 1)


def max_score(st: Any) -> int:
    """The most points a player can have: below the target before the last round, plus at most the
    whole deck in that round (BB-7)."""
    return int(st.options["target_score"] - 1 + DECK_SIZE)


CARD = Int(LOWEST, HIGHEST)
SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)


class BadBunniesState(State[Action, Event, Observation, PublicObservation]):
    """A Bad Bunnies game in progress. See the module docstring for actions and events.

    The saved fields are declared in :attr:`FIELDS` (the JSON layout of ``to_dict``, with bounds
    and owners). ``moves`` entries are ``[player, card, call]`` with ``call``
    ``"higher"``/``"lower"``/``"double"``/``None``, or ``[player, 0, None]`` for a pass.
    """

    ACTION_TYPES = ("play", "pass", "keep", "redraw")
    FIELDS = (
        Field("phase", Choice(*PHASES), PUBLIC, "play, choose (keep-or-redraw, BB-8) or game_over"),
        Field("round", Int(1, max_rounds), PUBLIC, "1-based round number"),
        Field("starter", SEAT_NUMBER, PUBLIC, "who laid (or lays) the first card of this round"),
        Field("turn", Nullable(SEAT_NUMBER), PUBLIC, "whose turn it is in phase play, else null"),
        Field("hands", PerPlayer(ListOf(CARD, 0, HAND_SIZE)), SEAT, "each player's cards, ascending", seen_as="hand"),
        Field("draw", ListOf(CARD, 0, DECK_SIZE), HIDDEN, "the face-down draw pile, the next card drawn last"),
        Field(
            "reserve",
            ListOf(CARD, 0, DECK_SIZE),
            HIDDEN,
            "the face-down reserve pile (played cards and thrown-away hands, BB-7/BB-8)",
        ),
        Field("pile", ListOf(CARD, 0, DECK_SIZE), PUBLIC, "this round's discard pile, bottom first"),
        Field(
            "announce",
            Choice(None, HIGHER, LOWER),
            PUBLIC,
            "the call made with the top card; null after a 1, on a double, on an empty pile",
        ),
        Field("double", Bool(), PUBLIC, "an open double of the top card's number (BB-3)"),
        Field("top_player", Nullable(SEAT_NUMBER), PUBLIC, "who laid the top card (null on an empty pile)"),
        Field("passed", PerPlayer(Bool()), PUBLIC, "per player, out of this round (BB-4)"),
        Field(
            "choices",
            PerPlayer(Nullable(Choice(*CHOICES))),
            SEAT,
            "phase choose: keep or redraw per player, null until chosen (or nothing to choose)",
            seen_as="my_choice",
        ),
        Field("scores", PerPlayer(Int(0, max_score)), PUBLIC, "points so far (BB-7)"),
        Field(
            "moves",
            ListOf(
                Frozen(Fixed(SEAT_NUMBER, Int(0, HIGHEST), Choice(None, HIGHER, LOWER, "double"))),
                0,
                lambda st: DECK_SIZE + st.num_players,
            ),
            PUBLIC,
            "the public moves of this round, oldest first (kept until the next round starts)",
        ),
        Field(
            "last_round",
            Nullable(
                Record(
                    {
                        "round": Int(1, max_rounds),
                        "winner": SEAT_NUMBER,
                        "points": Int(1, DECK_SIZE),
                        "reason": Choice("last_card", "all_passed"),
                    }
                )
            ),
            PUBLIC,
            "the last finished round",
        ),
    )

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        self.phase: Phase = "play"
        self.round = 0
        self.starter = 0
        self.turn: int | None = 0
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.draw: list[int] = []
        self.reserve: list[int] = []
        self.pile: list[int] = []
        self.announce: Call | None = None
        self.double = False
        self.top_player: int | None = None
        self.passed = [False] * num_players
        self.choices: list[Keep | None] = [None] * num_players
        self.scores = [0] * num_players
        self.moves: list[list[Any]] = []
        self.last_round: LastRound | None = None

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> BadBunniesState:
        """Shuffle the 110 cards, choose the first starter (BB-1) and deal 7 to each player."""
        state = cls(game, num_players, options, Rng(seed))
        state.draw = list(DECK)
        state.rng.shuffle(state.draw)
        starter = state.rng.randbelow(num_players) if options["random_starter"] else 0
        state._start_round(starter, [])
        return state

    def _draw_card(self, events: list[Event]) -> int | None:
        """Take the top card of the draw pile; refill it from the shuffled reserve when empty (BB-8).

        Returns ``None`` only if both piles are empty, which cannot happen with 7 × 6 = 42 cards in
        hands at most (``seeds/bad_bunnies.md``, BB-D2); the caller then deals fewer cards.
        """
        if not self.draw:
            if not self.reserve:
                return None
            self.draw, self.reserve = self.reserve, []
            self.rng.shuffle(self.draw)
            events.append({"type": "reshuffle", "cards": len(self.draw)})
        return self.draw.pop()

    def _start_round(self, starter: int, events: list[Event]) -> None:
        """Fill every hand up to 7 cards, the starter first, and open round ``round + 1``."""
        n = self.num_players
        for i in range(n):
            p = (starter + i) % n
            hand = self.hands[p]
            while len(hand) < HAND_SIZE:
                card = self._draw_card(events)
                if card is None:
                    break
                hand.append(card)
            hand.sort()
        self.round += 1
        self.phase = "play"
        self.starter = starter
        self.turn = starter
        self.pile = []
        self.announce = None
        self.double = False
        self.top_player = None
        self.passed = [False] * n
        self.choices = [None] * n
        self.moves = []

    # ---- rules helpers -----------------------------------------------------------------------

    @property
    def top(self) -> int | None:
        """The top card of the discard pile, ``None`` if it is empty."""
        return self.pile[-1] if self.pile else None

    def playable_cards(self, player: int) -> list[int]:
        """The distinct numbers in ``player``'s hand that may be laid now (BB-3 and BB-6), ascending."""
        hand = self.hands[player]
        top = self.top
        size = len(hand)
        out: list[int] = []
        for card in sorted(set(hand)):
            if may_follow(card, top, self.announce, self.double) and final_card_allowed(card, size, top):
                out.append(card)
        return out

    def _next_in_round(self, after: int) -> int:
        """The next seat after ``after``, clockwise, that has not passed."""
        n = self.num_players
        for i in range(1, n + 1):
            p = (after + i) % n
            if not self.passed[p]:
                return p
        return after  # pragma: no cover - the round ends before everyone has passed

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        """The player to lay or pass; in phase ``"choose"`` everyone who still has to choose."""
        if self.phase == "play" and self.turn is not None:
            return [self.turn]
        if self.phase == "choose":
            return [p for p in range(self.num_players) if self.hands[p] and self.choices[p] is None]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        """Plays (ascending by card, ``higher`` before ``lower``), then ``pass``; or keep/redraw."""
        if self.phase == "play":
            if player != self.turn:
                return []
            top = self.top
            last = len(self.hands[player]) == 1
            actions: list[Action] = []
            for card in self.playable_cards(player):
                if last or not needs_announcement(card, top):
                    actions.append({"type": "play", "card": card})
                else:
                    actions.append({"type": "play", "card": card, "announce": HIGHER})
                    actions.append({"type": "play", "card": card, "announce": LOWER})
            if self.pile or not actions:  # BB-D3: the starter lays the first card
                actions.append({"type": "pass"})
            return actions
        if self.phase == "choose" and player in self.current_players():
            return [{"type": "keep"}, {"type": "redraw"}]
        return []

    def _check_action(self, player: int, action: JsonDict) -> None:
        kind = action["type"]
        if kind == "play":
            check_action_keys("BB-2", action, ("card", "announce"))
            if self.phase != "play":
                raise IllegalActionError("BB-8", "the round is over: choose to keep your cards or draw a new hand")
            card = require_int("BB-1", action, "card", LOWEST, HIGHEST)
            hand = self.hands[player]
            if card not in hand:
                raise IllegalActionError("BB-1", f"player {player} holds no {card}")
            top = self.top
            if not may_follow(card, top, self.announce, self.double):
                if self.double:
                    raise IllegalActionError(
                        "BB-3", f"a double of {top}s is open: only a {top} or a 7 may follow, not a {card}"
                    )
                says = describe_top(top, self.announce, False)
                raise IllegalActionError("BB-3", f"a {card} may not follow: the pile says {says}")
            if not final_card_allowed(card, len(hand), top):
                raise IllegalActionError(
                    "BB-6",
                    f"your last card may not be a joker ({card}) unless the top card is a 1 or a 7 (it is a {top})",
                )
            announce = action.get("announce")
            if len(hand) == 1 or not needs_announcement(card, top):
                # BB-2/BB-D4: no "announce" key at all (not even null), as in legal_actions
                if "announce" in action:
                    if card == LITTLE_JOKER:
                        why = "nothing is announced after a 1"
                    elif len(hand) == 1:
                        why = "your last card ends the round, so nothing is announced"
                    else:
                        why = f"a {card} on a {top} is a double: nothing is announced"
                    raise IllegalActionError("BB-2", why)
            elif announce not in ANNOUNCEMENTS:
                raise IllegalActionError("BB-2", f'a {card} needs "announce": "higher" or "lower", got {announce!r}')
        elif kind == "pass":
            check_action_keys("BB-4", action, ())
            if self.phase != "play":
                raise IllegalActionError("BB-8", "the round is over: choose to keep your cards or draw a new hand")
            if not self.pile and self.playable_cards(player):
                raise IllegalActionError("BB-4", "the starting player lays the first card of the round and cannot pass")
        elif kind in CHOICES:
            check_action_keys("BB-8", action, ())
            if self.phase != "choose":
                raise IllegalActionError("BB-8", "keep or redraw is chosen only between rounds")

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action["type"] == "play":
            self._play(player, action["card"], action.get("announce"), events)
        elif action["type"] == "pass":
            self.passed[player] = True
            self.moves.append([player, 0, None])
            events.append({"type": "pass", "player": player})
            left = [p for p in range(self.num_players) if not self.passed[p]]
            if len(left) == 1:
                self._end_round(left[0], "all_passed", events)  # BB-5 a
            else:
                self.turn = self._next_in_round(player)
        else:
            self.choices[player] = action["type"]
            events.append({"type": "chose", "player": player})
            if not self.current_players():
                self._new_round(events)
        return events

    def _play(self, player: int, card: int, announce: Call | None, events: list[Event]) -> None:
        """Lay ``card`` (already checked) and move on (BB-2, BB-3, BB-5 b)."""
        top = self.top
        double = is_double(card, top)
        hand = self.hands[player]
        hand.remove(card)
        self.pile.append(card)
        self.top_player = player
        self.double = double
        self.announce = announce if (hand and needs_announcement(card, top)) else None
        self.moves.append([player, card, "double" if double else self.announce])
        events.append(
            {
                "type": "play",
                "player": player,
                "card": card,
                "announce": self.announce,
                "double": double,
                "cards_left": len(hand),
            }
        )
        if not hand:
            self._end_round(player, "last_card", events)
        else:
            self.turn = self._next_in_round(player)

    def _end_round(self, winner: int, reason: Literal["last_card", "all_passed"], events: list[Event]) -> None:
        """Score the pile for ``winner`` (BB-7), move it to the reserve, end the game or ask BB-8."""
        points = len(self.pile)
        self.scores[winner] += points
        self.reserve.extend(self.pile)
        self.pile = []
        self.announce = None
        self.double = False
        self.top_player = None
        self.turn = None
        self.last_round = {"round": self.round, "winner": winner, "points": points, "reason": reason}
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": winner,
                "points": points,
                "reason": reason,
                "scores": self.scores[:],
            }
        )
        if self.scores[winner] >= self.options["target_score"]:
            self.phase = "game_over"
            events.append({"type": "game_over", "winners": [winner], "scores": self.scores[:]})
            return
        self.phase = "choose"
        self.choices = [None] * self.num_players
        if not self.current_players():  # pragma: no cover - losers always hold cards (BB-5)
            self._new_round(events)

    def _new_round(self, events: list[Event]) -> None:
        """BB-8: thrown-away hands go to the reserve, every hand is filled up to 7, winner starts."""
        revealed = self.choices[:]
        for p in range(self.num_players):
            if revealed[p] == "redraw":
                self.reserve.extend(self.hands[p])
                self.hands[p] = []
        winner = self.last_round["winner"] if self.last_round else 0
        self._start_round(winner, events)
        events.append({"type": "new_round", "round": self.round, "starter": winner, "choices": revealed})

    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    def returns(self) -> list[float]:
        """Each player's points (BB-7): final scores when the game is over, standings before."""
        return [float(s) for s in self.scores]

    def winners(self) -> list[int]:
        """The player who reached the target; only a round's winner scores, so there is one (BB-D5)."""
        if not self.is_terminal() or self.last_round is None:
            return []
        return [self.last_round["winner"]]

    # ---- observations ------------------------------------------------------------------------

    def public_observation(self) -> PublicObservation:
        """What the whole table sees: the pile, the call, hand sizes, who is out, pile sizes, scores,
        and the public memory ``played``: the cards laid this round, in order, with who laid them."""
        top = self.top
        return {
            "type": "observation",
            "game": "bad_bunnies",
            "viewer": None,
            "num_players": self.num_players,
            "phase": self.phase,
            "round": self.round,
            "starter": self.starter,
            "turn": self.turn,
            "top": top,
            "announce": self.announce,
            "double": self.double,
            "top_player": self.top_player,
            "pile": self.pile[:],
            "pile_count": len(self.pile),
            "draw_count": len(self.draw),
            "reserve_count": len(self.reserve),
            "hand_sizes": [len(h) for h in self.hands],
            "passed": self.passed[:],
            "choosing": [
                bool(self.hands[p]) and self.choices[p] is None and self.phase == "choose"
                for p in range(self.num_players)
            ],
            "moves": [{"player": p, "card": c or None, "call": call} for p, c, call in self.moves],
            "played": [{"player": p, "card": c} for p, c, _ in self.moves if c],
            "scores": self.scores[:],
            "target_score": self.options["target_score"],
            "random_starter": self.options["random_starter"],
            "last_round": None if self.last_round is None else cast(LastRound, dict(self.last_round)),
            "current_players": self.current_players(),
            "winners": self.winners(),
        }

    @classmethod
    def from_observation(cls, game: Game[Any], observation: Observation, rng: Rng) -> BadBunniesState:
        """A state consistent with ``observation``: the cards its viewer cannot see (all 110 but
        their hand and this round's pile) dealt at random to the other hands, the draw pile and the
        reserve (sizes as observed); the other players' secret keep/redraw choices guessed."""
        obs = observation
        me, n = obs["viewer"], obs["num_players"]
        assert me is not None, "a re-deal is made for a seat"
        unseen = Counter(DECK)
        unseen.subtract(obs["hand"])
        unseen.subtract(obs["pile"])
        pool = [card for card, k in sorted(unseen.items()) for _ in range(k)]
        rng.shuffle(pool)
        options = {"target_score": obs["target_score"], "random_starter": obs["random_starter"]}
        state = cls(game, n, options, Rng(0))
        state.phase, state.round, state.starter, state.turn = obs["phase"], obs["round"], obs["starter"], obs["turn"]
        state.pile = obs["pile"][:]
        state.announce, state.double, state.top_player = obs["announce"], obs["double"], obs["top_player"]
        state.passed = obs["passed"][:]
        state.scores = obs["scores"][:]
        state.moves = [[m["player"], m["card"] or 0, m["call"]] for m in obs["moves"]]
        last = obs["last_round"]
        state.last_round = None if last is None else cast(LastRound, dict(last))
        at = 0
        for p in range(n):
            if p == me:
                state.hands[p] = obs["hand"][:]
                state.choices[p] = obs["my_choice"]
                continue
            k = obs["hand_sizes"][p]
            state.hands[p] = sorted(pool[at : at + k])
            at += k
            if obs["phase"] == "choose" and k and not obs["choosing"][p]:
                state.choices[p] = "keep" if rng.randbelow(2) == 0 else "redraw"
        state.draw = pool[at : at + obs["draw_count"]]
        state.reserve = pool[at + obs["draw_count"] :]
        state.rng = Rng(rng.next64())
        return state

    def check_invariants(self) -> None:
        """All 110 cards are in exactly one place (BB-1) and the phase's bookkeeping fits."""
        n = self.num_players
        everything = Counter(self.draw)
        everything.update(self.reserve)
        everything.update(self.pile)
        for h in self.hands:
            everything.update(h)
        extra, missing = dict(everything - Counter(DECK)), dict(Counter(DECK) - everything)
        assert everything == Counter(DECK), f"card conservation broken: {extra} extra, {missing} missing"
        for p, h in enumerate(self.hands):
            assert len(h) <= HAND_SIZE, f"player {p} holds {len(h)} cards"
            assert h == sorted(h), f"hand {p} is not sorted"
        assert len(self.scores) == n and all(s >= 0 for s in self.scores), "bad scores"
        assert 0 <= self.starter < n, "bad starter"
        laid = [m[1] for m in self.moves if m[1]]
        passes = [m[0] for m in self.moves if not m[1]]
        assert len(passes) == len(set(passes)), "a player passed twice in one round"
        assert all(m[2] is None or m[2] == "double" or m[1] != LITTLE_JOKER for m in self.moves), "a call after a 1"
        if self.phase == "play":
            assert self.turn is not None and 0 <= self.turn < n and not self.passed[self.turn], "bad turn"
            assert sum(not x for x in self.passed) >= 2, "a round with fewer than two players in it"
            assert all(self.hands[p] for p in range(n) if not self.passed[p]), "an empty hand in a running round"
            assert all(c is None for c in self.choices), "choices outside phase choose"
            assert laid == self.pile, "the moves do not match the discard pile"
            assert sorted(passes) == [p for p in range(n) if self.passed[p]], "the moves do not match who passed"
            top = self.top
            if top is None:
                assert self.announce is None and not self.double and self.top_player is None, "empty pile with a call"
                assert not any(self.passed), "a pass before the first card"
                assert self.turn == self.starter, "the starter lays the first card"
            else:
                assert self.top_player is not None and 0 <= self.top_player < n, "bad top_player"
                last_play = [m for m in self.moves if m[1]][-1]
                assert last_play[0] == self.top_player, "top_player is not who laid the top card"
                call = "double" if self.double else self.announce
                assert last_play[2] == call, "the last call does not match the pile"
                if self.double:
                    two = top != BIG_JOKER and len(self.pile) >= 2 and self.pile[-2] == top
                    assert two, "a double without two equal cards"
                    assert self.announce is None, "a call on a double"
                elif top == LITTLE_JOKER:
                    assert self.announce is None, "a call after a 1"
                else:
                    assert self.announce in ANNOUNCEMENTS, "a card without its call"
        else:
            idle = self.turn is None and not self.pile and self.announce is None and not self.double
            assert idle, "a pile outside a round"
            assert self.top_player is None, "top_player outside a round"
            assert self.last_round is not None, "no finished round"
            assert len(laid) == self.last_round["points"], "the moves do not match the last round's points"
            if self.phase == "choose":
                assert self.scores[self.last_round["winner"]] < self.options["target_score"], "the game should be over"
                for p in range(n):
                    assert self.choices[p] is None or self.hands[p], f"player {p} chose with an empty hand"
                assert self.current_players(), "a choose phase nobody has to act in"
            else:
                winner = self.last_round["winner"]
                assert self.scores[winner] >= self.options["target_score"], "game over below the target"

    # ---- saves (the fields are declared in FIELDS) ---------------------------------------------

    def _validate(self) -> None:
        """The turn is set exactly in phase play; hands ascend; a pass has no call."""
        if self.phase == "play":
            expect(self.turn is not None, "state.turn", "expected a player in phase play")
        else:
            expect(self.turn is None, "state.turn", "must be null outside phase play")
        for p, h in enumerate(self.hands):
            expect(h == sorted(h), f"state.hands[{p}]", "cards must be in ascending order")
        for i, m in enumerate(self.moves):
            expect(m[1] != 0 or m[2] is None, f"state.moves[{i}]", "a pass has no call")


class BadBunnies(Game[BadBunniesState]):
    """Bad Bunnies — see the module docstring."""

    id = "bad_bunnies"
    name = "Bad Bunnies"
    min_players = 2
    max_players = 6
    hidden_information = True
    STATE_VERSION = 1
    # each round gives someone at least one point and takes at most 6 × 7 plays, 6 passes and 6
    # choices: 6 players × 499 points × 54 actions stays below this bound for any target_score
    max_game_length = 200_000
    options = {
        "target_score": Option(
            "target_score",
            60,
            "The first player to reach this many points wins the game (BB-7).",
            minimum=1,
            maximum=500,
        ),
        "random_starter": Option(
            "random_starter", False, "A random player starts the first round (otherwise the first seat does) (BB-1)."
        ),
    }
    state_class = BadBunniesState


GAME = BadBunnies()
