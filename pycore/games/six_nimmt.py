"""6 nimmt! (Amigo), 2–10 players: secret simultaneous picks, rows of five, fewest bullheads wins.

Source: seed ``001_e4dc629276453910.txt`` (French rulebook) and rulings SN-1..SN-7 in
``RULINGS.md``; the project's own rules page is ``seeds/six_nimmt.md``.

Flow of one turn (SN-3): every player still holding cards ``pick``\\ s one card secretly (a
simultaneous phase: ``current_players()`` lists everyone who has not picked yet). When the last
pick is in, the picks are revealed and placed one by one, lowest first (SN-4). A card lower than
every row's last card stops the placement until its player has answered ``choose_row`` (SN-5);
then placement goes on. After ten turns the round is scored (SN-6) and, unless the game is over,
a new round is dealt from a reshuffled deck.

Actions (JSON-safe dicts)::

    {"type": "pick", "card": 37}        # phase "pick", any player who has not picked yet
    {"type": "choose_row", "row": 2}    # phase "choose_row", only the chooser; row 0..3

Events returned by ``apply_action`` (in order)::

    {"type": "picked", "player": p}                          # the card stays secret
    {"type": "reveal", "picks": [{"player": p, "card": c}, ...]}   # lowest first
    {"type": "row_choice", "player": p, "card": c}           # SN-5: p must choose a row
    {"type": "place", "player": p, "card": c, "row": r, "taken": [cards], "bullheads": b}
    {"type": "turn_end", "turn": t}
    {"type": "round_end", "round": n, "bullheads": [per player this round], "scores": [totals]}
    {"type": "deal", "round": n}
    {"type": "game_over", "winners": [seats], "scores": [totals]}

Public memory (in every observation): ``played``, every pick revealed this round in the order
shown (lowest first within a turn), ``[{"player": p, "card": c}]``, and ``taken``, the cards each
player took this round; both start afresh with each deal (:func:`remember` builds ``played`` from
the events).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ..core import HIDDEN, PUBLIC, SEAT, Field, Game, JsonDict, Option, State, check_action_keys, require_int
from ..errors import IllegalActionError
from ..rng import Rng
from ..spec import Choice, Fixed, Frozen, Int, ListOf, Nullable, PerPlayer, expect

NUM_ROWS = 4
ROW_LIMIT = 5  # SN-2: a row holds at most five cards; the sixth takes them
HAND_SIZE = 10
DECK_SIZE = 104


# ---- the typed contract (actions, events, observations) ---------------------------------------


class PickAction(TypedDict):
    type: Literal["pick"]
    card: int


class ChooseRowAction(TypedDict):
    type: Literal["choose_row"]
    row: int


Action = PickAction | ChooseRowAction


class PlayerCard(TypedDict):
    """A card and who played it (a revealed pick, an entry of the public memory)."""

    player: int
    card: int


class PickedEvent(TypedDict):
    type: Literal["picked"]
    player: int


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    picks: list[PlayerCard]


class RowChoiceEvent(TypedDict):
    type: Literal["row_choice"]
    player: int
    card: int


class PlaceEvent(TypedDict):
    type: Literal["place"]
    player: int
    card: int
    row: int
    taken: list[int]
    bullheads: int


class TurnEndEvent(TypedDict):
    type: Literal["turn_end"]
    turn: int


class RoundEndEvent(TypedDict):
    type: Literal["round_end"]
    round: int
    bullheads: list[int]
    scores: list[int]


class DealEvent(TypedDict):
    type: Literal["deal"]
    round: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]
    scores: list[int]


Event = (
    PickedEvent | RevealEvent | RowChoiceEvent | PlaceEvent | TurnEndEvent | RoundEndEvent | DealEvent | GameOverEvent
)


class PublicObservation(TypedDict):
    """What the whole table sees (``viewer`` is ``None``); see :meth:`SixNimmtState.public_observation`."""

    type: Literal["observation"]
    game: Literal["six_nimmt"]
    viewer: int | None
    num_players: int
    phase: Literal["pick", "choose_row", "game_over"]
    round: int
    turn: int
    rows: list[list[int]]
    row_bullheads: list[int]
    hand_sizes: list[int]
    picked: list[bool]
    revealed: list[PlayerCard]
    chooser: int | None
    taken: list[list[int]]
    played: list[PlayerCard]
    round_bullheads: list[int]
    scores: list[int]
    last_round_bullheads: list[int] | None
    current_players: list[int]
    target_score: int
    rounds: int | None
    tactical: bool
    winners: list[int]


class Observation(PublicObservation):
    """What player ``viewer`` sees: the public observation plus their hand and secret pick."""

    hand: list[int]
    my_pick: int | None


def bullheads(card: int) -> int:
    """Bullheads printed on ``card`` (SN-1).

    55 → 7; other multiples of 11 → 5; multiples of 10 → 3; other multiples of 5 → 2; else 1.

    >>> [bullheads(c) for c in (55, 11, 10, 15, 1)]
    [7, 5, 3, 2, 1]
    >>> sum(bullheads(c) for c in range(1, 105))
    171
    """
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


BULLHEADS = [0] + [bullheads(c) for c in range(1, DECK_SIZE + 1)]  # BULLHEADS[card]


def bullheads_of(cards: list[int]) -> int:
    """Bullheads on all of ``cards`` together (SN-1).

    >>> bullheads_of([55, 10, 3])
    11
    """
    return sum(map(BULLHEADS.__getitem__, cards))


def row_for(rows: list[list[int]], card: int) -> int | None:
    """Index of the row ``card`` goes to under SN-4, or ``None`` if it is below every row (SN-5).

    The row is the one whose last card is the highest card below ``card``.

    >>> row_for([[12], [37], [43], [58]], 44)
    2
    >>> row_for([[30], [40], [50], [60]], 25) is None
    True
    """
    best = None
    best_last = 0
    for i, row in enumerate(rows):
        last = row[-1]
        if best_last < last < card:
            best, best_last = i, last
    return best


def placement(rows: list[list[int]], card: int) -> tuple[int | None, bool]:
    """Where ``card`` goes if it is placed on ``rows`` as they are: ``(row, takes)``, the index of
    the row under SN-4 and whether it is that row's sixth card, which takes the row (SN-5);
    ``(None, True)`` when it is below every row: its player takes a row of their choice (SN-5).

    >>> placement([[12], [37], [43], [58]], 44)
    (2, False)
    >>> placement([[12], [37], [39, 40, 41, 42, 43], [58]], 44), placement([[30], [40], [50], [60]], 25)
    ((2, True), (None, True))
    """
    row = row_for(rows, card)
    return row, row is None or len(rows[row]) >= ROW_LIMIT


def deck_for(num_players: int, tactical: bool) -> list[int]:
    """The cards used: 1..104, or 1..(10 × players + 4) in the tactical variant (SN-7)."""
    top = HAND_SIZE * num_players + NUM_ROWS if tactical else DECK_SIZE
    return list(range(1, top + 1))


def remember(played: list[PlayerCard], event: Event) -> None:
    """Update the public memory from one event, as the table sees it: every pick revealed this
    round, in the order shown; a new deal starts afresh. ``observation()["played"]`` is the same
    list, kept in the state (the conformance suite checks that both agree).

    >>> played: list[PlayerCard] = []
    >>> remember(played, {"type": "reveal", "picks": [{"player": 1, "card": 7}, {"player": 0, "card": 40}]})
    >>> [pc["card"] for pc in played]
    [7, 40]
    """
    if event["type"] == "reveal":
        played.extend({"player": pc["player"], "card": pc["card"]} for pc in event["picks"])
    elif event["type"] == "deal":
        played.clear()


def max_rounds(st: Any) -> int:
    """The last round a game can reach (SN-6, SN-7).

    With a fixed number of rounds, that number. Otherwise every round gives someone at least one
    bullhead (10 × players ≥ 20 cards are placed, the rows take only 16 without a take), and the
    game ends once someone reaches the target, so a game has at most ``players × (target - 1) + 1``
    rounds.
    """
    rounds = st.options["rounds"]
    if rounds is not None:
        return int(rounds)
    return int(st.num_players * (st.options["target_score"] - 1) + 1)


#: bullheads on all 104 cards: no player takes more in one round (SN-1)
ALL_BULLHEADS = sum(BULLHEADS)


def max_score(st: Any) -> int:
    """The most bullheads a player can have (SN-6): below the target before the last round, plus
    at most every bullhead of that round; with a fixed number of rounds, every bullhead of each."""
    rounds = st.options["rounds"]
    if rounds is not None:
        return int(rounds * ALL_BULLHEADS)
    return int(st.options["target_score"] - 1 + ALL_BULLHEADS)


def deck_top(st: Any) -> int:
    """The highest card in play (SN-7)."""
    return HAND_SIZE * st.num_players + NUM_ROWS if st.options["tactical"] else DECK_SIZE


CARD = Int(1, deck_top)
SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)
PHASES = ("pick", "choose_row", "game_over")
Phase = Literal["pick", "choose_row", "game_over"]


class SixNimmtState(State[Action, Event, Observation, PublicObservation]):
    """A 6 nimmt! game in progress. See the module docstring for actions and events.

    The saved fields are declared in :attr:`FIELDS` (the JSON layout of ``to_dict``, with bounds
    and owners); ``last_round_bullheads`` is the bullheads of the last finished round, per player.
    """

    ACTION_TYPES = ("pick", "choose_row")
    FIELDS = (
        Field("round", Int(1, max_rounds), PUBLIC, "1-based round number"),
        Field("turn", Int(1, HAND_SIZE), PUBLIC, "1-based turn of the round (SN-6: ten turns)"),
        Field("phase", Choice(*PHASES), PUBLIC, "pick, choose_row (SN-5) or game_over"),
        Field("rows", ListOf(ListOf(CARD, 1, ROW_LIMIT), NUM_ROWS, NUM_ROWS), PUBLIC, "four rows, oldest card first"),
        Field("hands", PerPlayer(ListOf(CARD, 0, HAND_SIZE)), SEAT, "each player's cards, ascending", seen_as="hand"),
        Field(
            "picks",
            PerPlayer(Nullable(CARD)),
            SEAT,
            "this turn's secret pick per player (null until picked)",
            seen_as="my_pick",
        ),
        Field(
            "pending",
            ListOf(Frozen(Fixed(CARD, SEAT_NUMBER)), 0, lambda st: st.num_players),
            PUBLIC,
            "picks revealed this turn and not placed yet, [card, player] ascending",
        ),
        Field("chooser", Nullable(SEAT_NUMBER), PUBLIC, "the player who must choose a row (SN-5), else null"),
        Field(
            "taken",
            PerPlayer(ListOf(CARD, 0, deck_top)),
            PUBLIC,
            "cards each player took this round (the table saw them taken)",
        ),
        Field(
            "played",
            ListOf(Frozen(Fixed(SEAT_NUMBER, CARD)), 0, lambda st: HAND_SIZE * st.num_players),
            PUBLIC,
            "the public memory: [player, card] of every pick revealed this round, in the order shown",
        ),
        Field("scores", PerPlayer(Int(0, max_score)), PUBLIC, "bullheads of the finished rounds"),
        Field("deck", ListOf(CARD, 0, DECK_SIZE), HIDDEN, "undealt cards"),
        Field(
            "last_round_bullheads",
            Nullable(PerPlayer(Int(0, ALL_BULLHEADS))),
            PUBLIC,
            "bullheads of the last finished round, per player",
        ),
    )

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        self.round = 0
        self.turn = 0
        self.phase: Phase = "pick"
        self.rows: list[list[int]] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.picks: list[int | None] = [None] * num_players
        self.pending: list[list[int]] = []
        self.chooser: int | None = None
        self.taken: list[list[int]] = [[] for _ in range(num_players)]
        self.played: list[list[int]] = []
        self.scores = [0] * num_players
        self.deck: list[int] = []
        self.last_round_bullheads: list[int] | None = None

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> SixNimmtState:
        state = cls(game, num_players, options, Rng(seed))
        state._deal()
        return state

    def _deal(self) -> None:
        """Shuffle all cards in play and deal 10 to each player and 1 to each row (SN-2)."""
        cards = deck_for(self.num_players, self.options["tactical"])
        self.rng.shuffle(cards)
        self.round += 1
        self.turn = 1
        self.phase = "pick"
        for p in range(self.num_players):
            self.hands[p] = sorted(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE])
        at = self.num_players * HAND_SIZE
        self.rows = [[c] for c in cards[at : at + NUM_ROWS]]
        self.deck = cards[at + NUM_ROWS :]
        self.picks = [None] * self.num_players
        self.pending = []
        self.chooser = None
        self.taken = [[] for _ in range(self.num_players)]
        self.played = []

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        if self.phase == "pick":
            return [p for p, pick in enumerate(self.picks) if pick is None]
        if self.phase == "choose_row" and self.chooser is not None:
            return [self.chooser]
        return []

    def _may_act(self, player: int) -> bool:
        if self.phase == "pick":
            return self.picks[player] is None
        return player == self.chooser  # None unless a row choice is due

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "pick":
            if 0 <= player < self.num_players and self.picks[player] is None:
                return [{"type": "pick", "card": c} for c in self.hands[player]]
            return []
        if self.phase == "choose_row" and player == self.chooser:
            return [{"type": "choose_row", "row": r} for r in range(NUM_ROWS)]
        return []

    def _check_action(self, player: int, action: JsonDict) -> None:
        kind = action["type"]
        if kind == "pick":
            # fast path for the common well-formed action: exactly {"type", "card"}, card an int
            # in range; anything else goes through the helpers, which raise the precise error
            if len(action) != 2 or "card" not in action:
                check_action_keys("SN-3", action, ("card",))
            if self.phase != "pick":
                raise IllegalActionError("SN-5", f"player {self.chooser} must choose a row before anyone picks")
            card = action.get("card")
            if type(card) is not int or not 1 <= card <= DECK_SIZE:
                card = require_int("SN-3", action, "card", 1, DECK_SIZE)
            if card not in self.hands[player]:
                raise IllegalActionError("SN-3", f"player {player} does not hold card {card}")
        elif kind == "choose_row":
            check_action_keys("SN-5", action, ("row",))
            if self.phase != "choose_row":
                raise IllegalActionError(
                    "SN-5", "no row choice is due: a row is chosen only for a card below every row"
                )
            require_int("SN-5", action, "row", 0, NUM_ROWS - 1)

    def _apply(self, player: int, action: Action) -> list[Event]:
        if action["type"] == "pick":
            card = action["card"]
            self.hands[player].remove(card)
            self.picks[player] = card
            events: list[Event] = [{"type": "picked", "player": player}]
            if None not in self.picks:
                self.pending = sorted([c, p] for p, c in enumerate(self.picks) if c is not None)
                self.played.extend([p, c] for c, p in self.pending)
                self.picks = [None] * self.num_players
                events.append({"type": "reveal", "picks": [{"player": p, "card": c} for c, p in self.pending]})
                self._place_pending(events)
            return events
        # choose_row (SN-5): the chooser takes the chosen row, the card starts it
        events = []
        card, _ = self.pending.pop(0)
        self._take_row(player, action["row"], card, events)
        self.chooser = None
        self.phase = "pick"
        self._place_pending(events)
        return events

    def _take_row(self, player: int, row: int, card: int, events: list[Event]) -> None:
        taken = self.rows[row]
        self.taken[player].extend(taken)
        self.rows[row] = [card]
        events.append(
            {
                "type": "place",
                "player": player,
                "card": card,
                "row": row,
                "taken": taken,
                "bullheads": bullheads_of(taken),
            }
        )

    def _place_pending(self, events: list[Event]) -> None:
        """Place revealed cards lowest first (SN-3, SN-4) until a row choice is due (SN-5)."""
        while self.pending:
            card, player = self.pending[0]
            row, takes = placement(self.rows, card)
            if row is None:
                self.phase = "choose_row"
                self.chooser = player
                events.append({"type": "row_choice", "player": player, "card": card})
                return
            self.pending.pop(0)
            if takes:
                self._take_row(player, row, card, events)
            else:
                self.rows[row].append(card)
                events.append(
                    {"type": "place", "player": player, "card": card, "row": row, "taken": [], "bullheads": 0}
                )
        events.append({"type": "turn_end", "turn": self.turn})
        if self.hands[0]:
            self.turn += 1
            return
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """Score the round (SN-6); end the game or deal the next round."""
        round_bullheads = [bullheads_of(t) for t in self.taken]
        for p, b in enumerate(round_bullheads):
            self.scores[p] += b
        self.last_round_bullheads = round_bullheads
        events.append(
            {"type": "round_end", "round": self.round, "bullheads": round_bullheads[:], "scores": self.scores[:]}
        )
        rounds = self.options["rounds"]
        if rounds is not None:
            over = self.round >= rounds
        else:
            over = max(self.scores) >= self.options["target_score"]
        if over:
            self.phase = "game_over"
            self.taken = [[] for _ in range(self.num_players)]
            events.append({"type": "game_over", "winners": self.winners(), "scores": self.scores[:]})
            return
        self._deal()
        events.append({"type": "deal", "round": self.round})

    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    def returns(self) -> list[float]:
        """Minus each player's bullheads (finished rounds plus those taken this round)."""
        return [-float(self.scores[p] + bullheads_of(self.taken[p])) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """Seats with the fewest bullheads once the game is over; ties share the win (SN-6)."""
        if not self.is_terminal():
            return []
        best = min(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    # ---- observations ------------------------------------------------------------------------

    def public_observation(self) -> PublicObservation:
        """What the whole table sees: rows, scores, who has picked (not what), revealed picks, and
        the public memory: ``played`` (every pick revealed this round, in the order shown, lowest
        first within a turn) and ``taken`` (the cards each player took this round)."""
        return {
            "type": "observation",
            "game": "six_nimmt",
            "viewer": None,
            "num_players": self.num_players,
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "rows": [r[:] for r in self.rows],
            "row_bullheads": [bullheads_of(r) for r in self.rows],
            "hand_sizes": [len(h) for h in self.hands],
            "picked": [pick is not None for pick in self.picks],
            "revealed": [{"player": p, "card": c} for c, p in self.pending],
            "chooser": self.chooser,
            "taken": [t[:] for t in self.taken],
            "played": [{"player": p, "card": c} for p, c in self.played],
            "round_bullheads": [bullheads_of(t) for t in self.taken],
            "scores": self.scores[:],
            "last_round_bullheads": None if self.last_round_bullheads is None else self.last_round_bullheads[:],
            "current_players": self.current_players(),
            "target_score": self.options["target_score"],
            "rounds": self.options["rounds"],
            "tactical": self.options["tactical"],
            "winners": self.winners(),
        }

    @classmethod
    def from_observation(cls, game: Game[Any], observation: Observation, rng: Rng) -> SixNimmtState:
        """A state consistent with ``observation``: the cards its viewer cannot have seen (not in
        their hand or own pick, the rows, the revealed picks or the cards taken this round) dealt
        at random to the other hands, the other players' secret picks and the deck."""
        obs = observation
        me, n = obs["viewer"], obs["num_players"]
        assert me is not None, "a re-deal is made for a seat"
        seen = set(obs["hand"])
        for cards in obs["rows"] + obs["taken"]:
            seen.update(cards)
        seen.update(rp["card"] for rp in obs["revealed"])
        if obs["my_pick"] is not None:
            seen.add(obs["my_pick"])
        pool = [c for c in deck_for(n, obs["tactical"]) if c not in seen]
        rng.shuffle(pool)
        options = {"target_score": obs["target_score"], "rounds": obs["rounds"], "tactical": obs["tactical"]}
        state = cls(game, n, options, Rng(0))
        state.round, state.turn, state.phase = obs["round"], obs["turn"], obs["phase"]
        state.rows = [r[:] for r in obs["rows"]]
        state.pending = [[rp["card"], rp["player"]] for rp in obs["revealed"]]
        state.chooser = obs["chooser"]
        state.taken = [t[:] for t in obs["taken"]]
        state.played = [[pc["player"], pc["card"]] for pc in obs["played"]]
        state.scores = obs["scores"][:]
        lrb = obs["last_round_bullheads"]
        state.last_round_bullheads = None if lrb is None else lrb[:]
        at = 0
        for p in range(n):
            if p == me:
                state.hands[p] = obs["hand"][:]
                state.picks[p] = obs["my_pick"]
                continue
            k = obs["hand_sizes"][p]
            state.hands[p] = sorted(pool[at : at + k])
            at += k
            if obs["picked"][p] and obs["phase"] == "pick":
                state.picks[p] = pool[at]
                at += 1
        state.deck = pool[at:]
        state.rng = Rng(rng.next64())
        return state

    def check_invariants(self) -> None:
        """Every card in play is in exactly one place; rows hold 1..5 cards (SN-2)."""
        places = [c for r in self.rows for c in r] + self.deck
        for p in range(self.num_players):
            places += self.hands[p] + self.taken[p]
            pick = self.picks[p]
            if pick is not None:
                places.append(pick)
        places += [c for c, _ in self.pending]
        if self.phase != "game_over":
            on_table = {c for r in self.rows for c in r} | {c for t in self.taken for c in t}
            on_table.update(c for c, _ in self.pending)
            assert all(c in on_table for _, c in self.played), "a card in the public memory left the table"
            assert sorted(places) == deck_for(self.num_players, self.options["tactical"]), "card conservation broken"
            assert len(self.rows) == NUM_ROWS and all(1 <= len(r) <= ROW_LIMIT for r in self.rows), "bad rows"
            if self.phase == "pick":
                want = [HAND_SIZE + 1 - self.turn - (pick is not None) for pick in self.picks]
            else:
                want = [HAND_SIZE - self.turn] * self.num_players
            have = [len(h) for h in self.hands]
            assert have == want, f"hand sizes {have} do not fit turn {self.turn}"

    # ---- saves (the fields are declared in FIELDS) ---------------------------------------------

    def _validate(self) -> None:
        """Rows ascend; revealed picks wait only for a row choice by the lowest card's owner (SN-5)."""
        for i, row in enumerate(self.rows):
            expect(all(a < b for a, b in zip(row, row[1:])), f"state.rows[{i}]", "cards in a row must ascend")
        pending = self.pending
        expect(pending == sorted(pending), "state.pending", "revealed cards must be in ascending order")
        if self.phase == "choose_row":
            expect(self.chooser is not None, "state.chooser", "a row choice is due: expected a player")
            expect(
                bool(pending) and pending[0][1] == self.chooser,
                "state.chooser",
                "the chooser must own the lowest revealed card",
            )
            expect(
                row_for(self.rows, pending[0][0]) is None,
                "state.pending",
                "the lowest revealed card is not below every row",
            )
        else:
            expect(self.chooser is None, "state.chooser", "only set while a row choice is due")
            expect(not pending, "state.pending", "revealed cards wait only for a row choice")
        if self.phase == "pick":
            expect(any(c is None for c in self.picks), "state.picks", "all picks are in but were not revealed")


class SixNimmt(Game[SixNimmtState]):
    """6 nimmt! — see the module docstring."""

    id = "six_nimmt"
    name = "6 nimmt!"
    min_players = 2
    max_players = 10
    hidden_information = True
    #: 2: the public memory ``played`` is saved (version 1 saves load with an empty memory)
    STATE_VERSION = 2
    added_fields = {2: {"played": []}}
    max_game_length = 200_000
    options = {
        "target_score": Option(
            "target_score",
            66,
            "The game ends after the round in which someone reaches this many bullheads (SN-6).",
            minimum=1,
            maximum=999,
        ),
        "rounds": Option(
            "rounds",
            None,
            "Play exactly this many rounds instead of playing to the target score (SN-7).",
            minimum=1,
            maximum=50,
        ),
        "tactical": Option(
            "tactical", False, "Tactical variant: only cards 1 to 10 × players + 4, all of them dealt (SN-7)."
        ),
    }
    state_class = SixNimmtState


GAME = SixNimmt()
