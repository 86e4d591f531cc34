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
"""

from __future__ import annotations

from typing import Any

from ..core import (
    Game,
    Option,
    State,
    check_action_keys,
    expect,
    expect_int,
    expect_int_list,
    require_int,
)
from ..errors import IllegalActionError
from ..rng import Rng

NUM_ROWS = 4
ROW_LIMIT = 5  # SN-2: a row holds at most five cards; the sixth takes them
HAND_SIZE = 10
DECK_SIZE = 104


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


def deck_for(num_players: int, tactical: bool) -> list[int]:
    """The cards used: 1..104, or 1..(10 × players + 4) in the tactical variant (SN-7)."""
    top = HAND_SIZE * num_players + NUM_ROWS if tactical else DECK_SIZE
    return list(range(1, top + 1))


class SixNimmtState(State):
    """A 6 nimmt! game in progress. See the module docstring for actions and events.

    Attributes (all plain ints and lists, the JSON layout of ``to_dict``):
        rows: four lists of cards, oldest first.
        hands: each player's cards, ascending.
        picks: this turn's secret pick per player (``None`` until picked).
        pending: picks revealed this turn and not placed yet, ``[card, player]`` ascending.
        chooser: the player who must choose a row (phase ``"choose_row"``), else ``None``.
        taken: cards each player took this round (face down in the real game; their bullheads
            are public here because the table saw them).
        scores: bullheads of the finished rounds, per player.
        deck: undealt cards (hidden from everybody).
    """

    def __init__(self, game: Game, num_players: int, options: dict, rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.round = 0
        self.turn = 0
        self.phase = "pick"
        self.rows: list[list[int]] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.picks: list[int | None] = [None] * num_players
        self.pending: list[list[int]] = []
        self.chooser: int | None = None
        self.taken: list[list[int]] = [[] for _ in range(num_players)]
        self.scores = [0] * num_players
        self.deck: list[int] = []
        self.last_round_bullheads: list[int] | None = None

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, num_players: int, seed: int, options: dict) -> "SixNimmtState":
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

    def clone(self) -> "SixNimmtState":
        """A fast independent copy (bots use it in playouts)."""
        other = SixNimmtState.__new__(SixNimmtState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.rng = Rng.from_state(self.rng.state)
        other.round = self.round
        other.turn = self.turn
        other.phase = self.phase
        other.rows = [r[:] for r in self.rows]
        other.hands = [h[:] for h in self.hands]
        other.picks = self.picks[:]
        other.pending = [pc[:] for pc in self.pending]
        other.chooser = self.chooser
        other.taken = [t[:] for t in self.taken]
        other.scores = self.scores[:]
        other.deck = self.deck[:]
        other.last_round_bullheads = None if self.last_round_bullheads is None else self.last_round_bullheads[:]
        return other

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        if self.phase == "pick":
            return [p for p, pick in enumerate(self.picks) if pick is None]
        if self.phase == "choose_row":
            return [self.chooser]
        return []

    def legal_actions(self, player: int) -> list[dict]:
        if self.phase == "pick":
            if 0 <= player < self.num_players and self.picks[player] is None:
                return [{"type": "pick", "card": c} for c in self.hands[player]]
            return []
        if self.phase == "choose_row" and player == self.chooser:
            return [{"type": "choose_row", "row": r} for r in range(NUM_ROWS)]
        return []

    def _check_action(self, player: int, action: dict) -> None:
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
                raise IllegalActionError("SN-5", "no row choice is due: a row is chosen only for a card below every row")
            require_int("SN-5", action, "row", 0, NUM_ROWS - 1)
        else:
            raise IllegalActionError("CORE", f"unknown action type {kind!r} (six_nimmt knows 'pick', 'choose_row')")

    def _apply(self, player: int, action: dict) -> list[dict]:
        if action["type"] == "pick":
            card = action["card"]
            self.hands[player].remove(card)
            self.picks[player] = card
            events: list[dict] = [{"type": "picked", "player": player}]
            if None not in self.picks:
                self.pending = sorted([c, p] for p, c in enumerate(self.picks))
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

    def _take_row(self, player: int, row: int, card: int, events: list[dict]) -> None:
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
                "bullheads": sum(BULLHEADS[c] for c in taken),
            }
        )

    def _place_pending(self, events: list[dict]) -> None:
        """Place revealed cards lowest first (SN-3, SN-4) until a row choice is due (SN-5)."""
        while self.pending:
            card, player = self.pending[0]
            row = row_for(self.rows, card)
            if row is None:
                self.phase = "choose_row"
                self.chooser = player
                events.append({"type": "row_choice", "player": player, "card": card})
                return
            self.pending.pop(0)
            if len(self.rows[row]) >= ROW_LIMIT:
                self._take_row(player, row, card, events)
            else:
                self.rows[row].append(card)
                events.append({"type": "place", "player": player, "card": card, "row": row, "taken": [], "bullheads": 0})
        events.append({"type": "turn_end", "turn": self.turn})
        if self.hands[0]:
            self.turn += 1
            return
        self._end_round(events)

    def _end_round(self, events: list[dict]) -> None:
        """Score the round (SN-6); end the game or deal the next round."""
        round_bullheads = [sum(BULLHEADS[c] for c in t) for t in self.taken]
        for p, b in enumerate(round_bullheads):
            self.scores[p] += b
        self.last_round_bullheads = round_bullheads
        events.append({"type": "round_end", "round": self.round, "bullheads": round_bullheads[:], "scores": self.scores[:]})
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
        return [-float(self.scores[p] + sum(BULLHEADS[c] for c in self.taken[p])) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """Seats with the fewest bullheads once the game is over; ties share the win (SN-6)."""
        if not self.is_terminal():
            return []
        best = min(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    # ---- observations ------------------------------------------------------------------------

    def public_observation(self) -> dict:
        """What the whole table sees: rows, scores, who has picked (not what), revealed picks."""
        return {
            "type": "observation",
            "game": "six_nimmt",
            "viewer": None,
            "num_players": self.num_players,
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "rows": [r[:] for r in self.rows],
            "row_bullheads": [sum(BULLHEADS[c] for c in r) for r in self.rows],
            "hand_sizes": [len(h) for h in self.hands],
            "picked": [pick is not None for pick in self.picks],
            "revealed": [{"player": p, "card": c} for c, p in self.pending],
            "chooser": self.chooser,
            "round_bullheads": [sum(BULLHEADS[c] for c in t) for t in self.taken],
            "scores": self.scores[:],
            "last_round_bullheads": None if self.last_round_bullheads is None else self.last_round_bullheads[:],
            "current_players": self.current_players(),
            "target_score": self.options["target_score"],
            "rounds": self.options["rounds"],
            "tactical": self.options["tactical"],
            "winners": self.winners(),
        }

    def observation(self, player: int) -> dict:
        """The public observation plus ``player``'s own hand and own secret pick."""
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            raise ValueError(f"no such player {player!r}")
        obs = self.public_observation()
        obs["viewer"] = player
        obs["hand"] = self.hands[player][:]
        obs["my_pick"] = self.picks[player]
        return obs

    def sample_hidden(self, player: int, rng: Rng) -> "SixNimmtState":
        """Re-deal the deck, the other hands and the other players' unrevealed picks."""
        other = self.clone()
        pool: list[int] = list(self.deck)
        for p in range(self.num_players):
            if p != player:
                pool.extend(self.hands[p])
                if self.picks[p] is not None:
                    pool.append(self.picks[p])
        rng.shuffle(pool)
        at = 0
        for p in range(self.num_players):
            if p == player:
                continue
            n = len(self.hands[p])
            other.hands[p] = sorted(pool[at : at + n])
            at += n
            if self.picks[p] is not None:
                other.picks[p] = pool[at]
                at += 1
        other.deck = pool[at:]
        other.rng = Rng(rng.next64())
        return other

    def check_invariants(self) -> None:
        """Every card in play is in exactly one place; rows hold 1..5 cards (SN-2)."""
        places = [c for r in self.rows for c in r] + self.deck
        for p in range(self.num_players):
            places += self.hands[p] + self.taken[p]
            if self.picks[p] is not None:
                places.append(self.picks[p])
        places += [c for c, _ in self.pending]
        if self.phase != "game_over":
            assert sorted(places) == deck_for(self.num_players, self.options["tactical"]), "card conservation broken"
            assert len(self.rows) == NUM_ROWS and all(1 <= len(r) <= ROW_LIMIT for r in self.rows), "bad rows"
            if self.phase == "pick":
                want = [HAND_SIZE + 1 - self.turn - (pick is not None) for pick in self.picks]
            else:
                want = [HAND_SIZE - self.turn] * self.num_players
            assert [len(h) for h in self.hands] == want, f"hand sizes {[len(h) for h in self.hands]} do not fit turn {self.turn}"

    # ---- saves -------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "num_players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "round": self.round,
            "turn": self.turn,
            "phase": self.phase,
            "rows": [r[:] for r in self.rows],
            "hands": [h[:] for h in self.hands],
            "picks": self.picks[:],
            "pending": [pc[:] for pc in self.pending],
            "chooser": self.chooser,
            "taken": [t[:] for t in self.taken],
            "scores": self.scores[:],
            "deck": self.deck[:],
            "last_round_bullheads": None if self.last_round_bullheads is None else self.last_round_bullheads[:],
        }

    @classmethod
    def from_dict(cls, game: Game, data: dict) -> "SixNimmtState":
        """Validate and load; raises ``InvalidStateError`` saying which field is wrong."""
        expect(isinstance(data, dict), "state", "expected an object")
        keys = {
            "num_players", "options", "rng", "round", "turn", "phase", "rows", "hands", "picks",
            "pending", "chooser", "taken", "scores", "deck", "last_round_bullheads",
        }
        missing = keys - set(data)
        expect(not missing, "state", f"missing field(s) {sorted(missing)}")
        extra = set(data) - keys
        expect(not extra, "state", f"unknown field(s) {sorted(extra)}")
        n = expect_int(data["num_players"], "state.num_players", game.min_players, game.max_players)
        expect(isinstance(data["options"], dict), "state.options", "expected an object")
        try:
            options = game.resolve_options(data["options"])
        except ValueError as exc:
            expect(False, "state.options", str(exc))
        expect(isinstance(data["rng"], int) and 0 <= data["rng"] < 1 << 64, "state.rng", "expected a 64-bit unsigned int")
        state = cls(game, n, options, Rng.from_state(data["rng"]))
        state.round = expect_int(data["round"], "state.round", 1)
        state.turn = expect_int(data["turn"], "state.turn", 1, HAND_SIZE)
        phase = data["phase"]
        expect(phase in ("pick", "choose_row", "game_over"), "state.phase", f"unknown phase {phase!r}")
        state.phase = phase
        rows = data["rows"]
        expect(isinstance(rows, list) and len(rows) == NUM_ROWS, "state.rows", "expected 4 rows")
        for i, row in enumerate(rows):
            expect_int_list(row, f"state.rows[{i}]", 1, DECK_SIZE)
            expect(1 <= len(row) <= ROW_LIMIT, f"state.rows[{i}]", f"a row holds 1..5 cards, got {len(row)}")
            expect(all(a < b for a, b in zip(row, row[1:])), f"state.rows[{i}]", "cards in a row must ascend")
        state.rows = [list(r) for r in rows]

        def per_player_lists(key: str) -> list[list[int]]:
            value = data[key]
            expect(isinstance(value, list) and len(value) == n, f"state.{key}", f"expected {n} lists")
            return [list(expect_int_list(v, f"state.{key}[{p}]", 1, DECK_SIZE)) for p, v in enumerate(value)]

        state.hands = per_player_lists("hands")
        state.taken = per_player_lists("taken")
        picks = data["picks"]
        expect(isinstance(picks, list) and len(picks) == n, "state.picks", f"expected {n} entries")
        for p, c in enumerate(picks):
            if c is not None:
                expect_int(c, f"state.picks[{p}]", 1, DECK_SIZE)
        state.picks = list(picks)
        pending = data["pending"]
        expect(isinstance(pending, list), "state.pending", "expected a list")
        for i, pc in enumerate(pending):
            expect(isinstance(pc, list) and len(pc) == 2, f"state.pending[{i}]", "expected [card, player]")
            expect_int(pc[0], f"state.pending[{i}][0]", 1, DECK_SIZE)
            expect_int(pc[1], f"state.pending[{i}][1]", 0, n - 1)
        expect(pending == sorted(pending), "state.pending", "revealed cards must be in ascending order")
        state.pending = [list(pc) for pc in pending]
        chooser = data["chooser"]
        if phase == "choose_row":
            expect_int(chooser, "state.chooser", 0, n - 1)
            expect(bool(pending) and pending[0][1] == chooser, "state.chooser", "the chooser must own the lowest revealed card")
            expect(row_for(state.rows, pending[0][0]) is None, "state.pending", "the lowest revealed card is not below every row")
        else:
            expect(chooser is None, "state.chooser", "only set while a row choice is due")
            expect(not pending, "state.pending", "revealed cards wait only for a row choice")
        state.chooser = chooser
        state.scores = list(expect_int_list(data["scores"], "state.scores", 0))
        expect(len(state.scores) == n, "state.scores", f"expected {n} scores")
        state.deck = list(expect_int_list(data["deck"], "state.deck", 1, DECK_SIZE))
        lrb = data["last_round_bullheads"]
        if lrb is not None:
            expect_int_list(lrb, "state.last_round_bullheads", 0)
            expect(len(lrb) == n, "state.last_round_bullheads", f"expected {n} values")
        state.last_round_bullheads = None if lrb is None else list(lrb)
        if phase == "pick":
            expect(any(c is None for c in state.picks), "state.picks", "all picks are in but were not revealed")
        return state  # Game.state_from_json then checks the invariants


class SixNimmt(Game):
    """6 nimmt! — see the module docstring."""

    id = "six_nimmt"
    name = "6 nimmt!"
    min_players = 2
    max_players = 10
    hidden_information = True
    STATE_VERSION = 1
    max_game_length = 200_000
    options = {
        "target_score": Option("target_score", 66, "The game ends after the round in which someone reaches this many bullheads (SN-6).", minimum=1, maximum=999),
        "rounds": Option("rounds", None, "Play exactly this many rounds instead of playing to the target score (SN-7).", minimum=1, maximum=50),
        "tactical": Option("tactical", False, "Tactical variant: only cards 1 to 10 × players + 4, all of them dealt (SN-7)."),
    }
    state_class = SixNimmtState


GAME = SixNimmt()
