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
    pile_count draw_count reserve_count hand_sizes passed choosing scores target_score last_round
    moves ([{"player", "card" (None = pass), "call"}]) current_players winners
"""

from __future__ import annotations

from collections import Counter

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

#: BB-1: how many cards of each number the deck holds (110 in all)
COUNTS: dict[int, int] = {1: 17, 2: 10, 3: 8, 4: 7, 5: 6, 6: 5, 7: 17, 8: 4, 9: 5, 10: 6, 11: 7, 12: 8, 13: 10}
DECK: tuple[int, ...] = tuple(n for n in sorted(COUNTS) for _ in range(COUNTS[n]))
DECK_SIZE = len(DECK)  # 110
HAND_SIZE = 7  # BB-1
LOWEST, HIGHEST = 1, 13
LITTLE_JOKER = 1  # BB-2/BB-3: nothing is announced after it; it fits on any single card
BIG_JOKER = 7  # BB-3: fits on anything, ends a double; a 7 on a 7 is no double
JOKERS = (LITTLE_JOKER, BIG_JOKER)
HIGHER, LOWER = "higher", "lower"
ANNOUNCEMENTS = (HIGHER, LOWER)
PHASES = ("play", "choose", "game_over")
CHOICES = ("keep", "redraw")


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

    >>> final_card_allowed(7, 1, 9), final_card_allowed(7, 1, 1), final_card_allowed(7, 2, 9), final_card_allowed(9, 1, 3)
    (False, True, True, True)
    """
    return hand_size != 1 or card not in JOKERS or top in JOKERS


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


class BadBunniesState(State):
    """A Bad Bunnies game in progress. See the module docstring for actions and events.

    Attributes (plain ints and lists, the JSON layout of ``to_dict``):
        phase: ``"play"``, ``"choose"`` (keep-or-redraw, BB-8) or ``"game_over"``.
        round: 1-based round number.
        starter: who laid (or lays) the first card of this round.
        turn: whose turn it is in phase ``"play"``; ``None`` otherwise.
        hands: each player's cards, ascending.
        draw: the face-down draw pile, the next card drawn last.
        reserve: the face-down reserve pile (played cards and thrown-away hands, BB-7/BB-8).
        pile: this round's discard pile, bottom first (face up: everyone saw these cards).
        announce: the call made with the top card; ``None`` after a 1, on a double, empty pile.
        double: an open double of the top card's number (BB-3).
        top_player: who laid the top card (``None`` on an empty pile).
        passed: per player, out of this round (BB-4).
        choices: phase ``"choose"``: per player ``None`` (not chosen yet, or nothing to choose
            because the hand is empty), ``"keep"`` or ``"redraw"``; all ``None`` otherwise.
        moves: the public moves of this round (kept until the next round starts), oldest first:
            ``[player, card, call]`` with ``call`` ``"higher"``/``"lower"``/``"double"``/``None``,
            or ``[player, 0, None]`` for a pass.
        scores: points so far.
        last_round: ``{"round", "winner", "points", "reason"}`` of the last finished round.
    """

    def __init__(self, game: Game, num_players: int, options: dict, rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.phase = "play"
        self.round = 0
        self.starter = 0
        self.turn: int | None = 0
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.draw: list[int] = []
        self.reserve: list[int] = []
        self.pile: list[int] = []
        self.announce: str | None = None
        self.double = False
        self.top_player: int | None = None
        self.passed = [False] * num_players
        self.choices: list[str | None] = [None] * num_players
        self.scores = [0] * num_players
        self.moves: list[list] = []
        self.last_round: dict | None = None

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, num_players: int, seed: int, options: dict) -> "BadBunniesState":
        """Shuffle the 110 cards, choose the first starter (BB-1) and deal 7 to each player."""
        state = cls(game, num_players, options, Rng(seed))
        state.draw = list(DECK)
        state.rng.shuffle(state.draw)
        starter = state.rng.randbelow(num_players) if options["random_starter"] else 0
        state._start_round(starter, [])
        return state

    def _draw_card(self, events: list[dict]) -> int | None:
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

    def _start_round(self, starter: int, events: list[dict]) -> None:
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

    def clone(self) -> "BadBunniesState":
        """A fast independent copy (bots use it in playouts)."""
        other = BadBunniesState.__new__(BadBunniesState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.rng = Rng.from_state(self.rng.state)
        other.phase = self.phase
        other.round = self.round
        other.starter = self.starter
        other.turn = self.turn
        other.hands = [h[:] for h in self.hands]
        other.draw = self.draw[:]
        other.reserve = self.reserve[:]
        other.pile = self.pile[:]
        other.announce = self.announce
        other.double = self.double
        other.top_player = self.top_player
        other.passed = self.passed[:]
        other.choices = self.choices[:]
        other.scores = self.scores[:]
        other.moves = [m[:] for m in self.moves]
        other.last_round = None if self.last_round is None else dict(self.last_round)
        return other

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
        if self.phase == "play":
            return [self.turn]
        if self.phase == "choose":
            return [p for p in range(self.num_players) if self.hands[p] and self.choices[p] is None]
        return []

    def legal_actions(self, player: int) -> list[dict]:
        """Plays (ascending by card, ``higher`` before ``lower``), then ``pass``; or keep/redraw."""
        if self.phase == "play":
            if player != self.turn:
                return []
            top = self.top
            last = len(self.hands[player]) == 1
            actions: list[dict] = []
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

    def _check_action(self, player: int, action: dict) -> None:
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
                raise IllegalActionError("BB-3", f"a {card} may not follow: the pile says {describe_top(top, self.announce, False)}")
            if not final_card_allowed(card, len(hand), top):
                raise IllegalActionError(
                    "BB-6", f"your last card may not be a joker ({card}) unless the top card is a 1 or a 7 (it is a {top})"
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
                raise IllegalActionError("BB-2", f"a {card} needs \"announce\": \"higher\" or \"lower\", got {announce!r}")
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
        else:
            raise IllegalActionError("CORE", f"unknown action type {kind!r} (bad_bunnies knows 'play', 'pass', 'keep', 'redraw')")

    def _apply(self, player: int, action: dict) -> list[dict]:
        kind = action["type"]
        events: list[dict] = []
        if kind == "play":
            self._play(player, action["card"], action.get("announce"), events)
        elif kind == "pass":
            self.passed[player] = True
            self.moves.append([player, 0, None])
            events.append({"type": "pass", "player": player})
            left = [p for p in range(self.num_players) if not self.passed[p]]
            if len(left) == 1:
                self._end_round(left[0], "all_passed", events)  # BB-5 a
            else:
                self.turn = self._next_in_round(player)
        else:
            self.choices[player] = kind
            events.append({"type": "chose", "player": player})
            if not self.current_players():
                self._new_round(events)
        return events

    def _play(self, player: int, card: int, announce: str | None, events: list[dict]) -> None:
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
            {"type": "play", "player": player, "card": card, "announce": self.announce, "double": double, "cards_left": len(hand)}
        )
        if not hand:
            self._end_round(player, "last_card", events)
        else:
            self.turn = self._next_in_round(player)

    def _end_round(self, winner: int, reason: str, events: list[dict]) -> None:
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
            {"type": "round_end", "round": self.round, "winner": winner, "points": points, "reason": reason, "scores": self.scores[:]}
        )
        if self.scores[winner] >= self.options["target_score"]:
            self.phase = "game_over"
            events.append({"type": "game_over", "winners": [winner], "scores": self.scores[:]})
            return
        self.phase = "choose"
        self.choices = [None] * self.num_players
        if not self.current_players():  # pragma: no cover - losers always hold cards (BB-5)
            self._new_round(events)

    def _new_round(self, events: list[dict]) -> None:
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

    def public_observation(self) -> dict:
        """What the whole table sees: the pile, the call, hand sizes, who is out, pile sizes, scores."""
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
            "choosing": [bool(self.hands[p]) and self.choices[p] is None and self.phase == "choose" for p in range(self.num_players)],
            "moves": [{"player": p, "card": c or None, "call": call} for p, c, call in self.moves],
            "scores": self.scores[:],
            "target_score": self.options["target_score"],
            "last_round": None if self.last_round is None else dict(self.last_round),
            "current_players": self.current_players(),
            "winners": self.winners(),
        }

    def observation(self, player: int) -> dict:
        """The public observation plus ``player``'s own hand and own keep/redraw choice."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.num_players:
            raise ValueError(f"no such player {player!r}")
        obs = self.public_observation()
        obs["viewer"] = player
        obs["hand"] = self.hands[player][:]
        obs["my_choice"] = self.choices[player]
        return obs

    def sample_hidden(self, player: int, rng: Rng) -> "BadBunniesState":
        """Re-deal every card ``player`` cannot see (other hands, draw and reserve piles) and guess
        the other players' secret keep/redraw choices; sizes stay the same."""
        other = self.clone()
        pool: list[int] = self.draw + self.reserve
        for p in range(self.num_players):
            if p != player:
                pool.extend(self.hands[p])
        rng.shuffle(pool)
        at = 0
        for p in range(self.num_players):
            if p == player:
                continue
            k = len(self.hands[p])
            other.hands[p] = sorted(pool[at : at + k])
            at += k
            if self.choices[p] is not None:
                other.choices[p] = CHOICES[rng.randbelow(2)]
        other.draw = pool[at : at + len(self.draw)]
        at += len(self.draw)
        other.reserve = pool[at:]
        other.rng = Rng(rng.next64())
        return other

    def check_invariants(self) -> None:
        """All 110 cards are in exactly one place (BB-1) and the phase's bookkeeping fits."""
        n = self.num_players
        everything = Counter(self.draw)
        everything.update(self.reserve)
        everything.update(self.pile)
        for h in self.hands:
            everything.update(h)
        assert everything == Counter(DECK), f"card conservation broken: {dict(everything - Counter(DECK))} extra, {dict(Counter(DECK) - everything)} missing"
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
                assert last_play[2] == ("double" if self.double else self.announce), "the last call does not match the pile"
                if self.double:
                    assert top != BIG_JOKER and len(self.pile) >= 2 and self.pile[-2] == top, "a double without two equal cards"
                    assert self.announce is None, "a call on a double"
                elif top == LITTLE_JOKER:
                    assert self.announce is None, "a call after a 1"
                else:
                    assert self.announce in ANNOUNCEMENTS, "a card without its call"
        else:
            assert self.turn is None and not self.pile and self.announce is None and not self.double, "a pile outside a round"
            assert self.top_player is None, "top_player outside a round"
            assert self.last_round is not None, "no finished round"
            assert len(laid) == self.last_round["points"], "the moves do not match the last round's points"
            if self.phase == "choose":
                assert self.scores[self.last_round["winner"]] < self.options["target_score"], "the game should be over"
                for p in range(n):
                    assert self.choices[p] is None or self.hands[p], f"player {p} chose with an empty hand"
                assert self.current_players(), "a choose phase nobody has to act in"
            else:
                assert self.scores[self.last_round["winner"]] >= self.options["target_score"], "game over below the target"

    # ---- saves -------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "num_players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "phase": self.phase,
            "round": self.round,
            "starter": self.starter,
            "turn": self.turn,
            "hands": [h[:] for h in self.hands],
            "draw": self.draw[:],
            "reserve": self.reserve[:],
            "pile": self.pile[:],
            "announce": self.announce,
            "double": self.double,
            "top_player": self.top_player,
            "passed": self.passed[:],
            "choices": self.choices[:],
            "scores": self.scores[:],
            "moves": [m[:] for m in self.moves],
            "last_round": None if self.last_round is None else dict(self.last_round),
        }

    @classmethod
    def from_dict(cls, game: Game, data: dict) -> "BadBunniesState":
        """Validate and load; raises ``InvalidStateError`` saying which field is wrong."""
        expect(isinstance(data, dict), "state", "expected an object")
        keys = {
            "num_players", "options", "rng", "phase", "round", "starter", "turn", "hands", "draw",
            "reserve", "pile", "announce", "double", "top_player", "passed", "choices", "scores",
            "moves", "last_round",
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
        rng = data["rng"]
        expect(isinstance(rng, int) and not isinstance(rng, bool) and 0 <= rng < 1 << 64, "state.rng", "expected a 64-bit unsigned int")
        state = cls(game, n, options, Rng.from_state(rng))
        phase = data["phase"]
        expect(phase in PHASES, "state.phase", f"unknown phase {phase!r}; expected one of {list(PHASES)}")
        state.phase = phase
        state.round = expect_int(data["round"], "state.round", 1)
        state.starter = expect_int(data["starter"], "state.starter", 0, n - 1)
        turn = data["turn"]
        if phase == "play":
            expect_int(turn, "state.turn", 0, n - 1)
        else:
            expect(turn is None, "state.turn", "must be null outside phase play")
        state.turn = turn

        hands = data["hands"]
        expect(isinstance(hands, list) and len(hands) == n, "state.hands", f"expected {n} lists")
        state.hands = [list(expect_int_list(h, f"state.hands[{p}]", LOWEST, HIGHEST)) for p, h in enumerate(hands)]
        for p, h in enumerate(state.hands):
            expect(len(h) <= HAND_SIZE, f"state.hands[{p}]", f"a hand holds at most {HAND_SIZE} cards, got {len(h)}")
            expect(h == sorted(h), f"state.hands[{p}]", "cards must be in ascending order")
        state.draw = list(expect_int_list(data["draw"], "state.draw", LOWEST, HIGHEST))
        state.reserve = list(expect_int_list(data["reserve"], "state.reserve", LOWEST, HIGHEST))
        state.pile = list(expect_int_list(data["pile"], "state.pile", LOWEST, HIGHEST))
        announce = data["announce"]
        expect(announce is None or announce in ANNOUNCEMENTS, "state.announce", f"expected null, \"higher\" or \"lower\", got {announce!r}")
        state.announce = announce
        expect(isinstance(data["double"], bool), "state.double", "expected true or false")
        state.double = data["double"]
        top_player = data["top_player"]
        if top_player is not None:
            expect_int(top_player, "state.top_player", 0, n - 1)
        state.top_player = top_player
        passed = data["passed"]
        expect(isinstance(passed, list) and len(passed) == n and all(isinstance(x, bool) for x in passed), "state.passed", f"expected {n} booleans")
        state.passed = list(passed)
        choices = data["choices"]
        expect(isinstance(choices, list) and len(choices) == n, "state.choices", f"expected {n} entries")
        for p, c in enumerate(choices):
            expect(c is None or c in CHOICES, f"state.choices[{p}]", f"expected null, \"keep\" or \"redraw\", got {c!r}")
        state.choices = list(choices)
        state.scores = list(expect_int_list(data["scores"], "state.scores", 0))
        expect(len(state.scores) == n, "state.scores", f"expected {n} scores")
        moves = data["moves"]
        expect(isinstance(moves, list), "state.moves", "expected a list")
        for i, m in enumerate(moves):
            where = f"state.moves[{i}]"
            expect(isinstance(m, list) and len(m) == 3, where, "expected [player, card, call]")
            expect_int(m[0], where + "[0]", 0, n - 1)
            expect_int(m[1], where + "[1]", 0, HIGHEST)
            expect(m[2] in (None, HIGHER, LOWER, "double"), where + "[2]", f"unknown call {m[2]!r}")
            expect(m[1] != 0 or m[2] is None, where, "a pass has no call")
        state.moves = [list(m) for m in moves]
        last = data["last_round"]
        if last is not None:
            expect(isinstance(last, dict) and set(last) == {"round", "winner", "points", "reason"}, "state.last_round", "expected {round, winner, points, reason}")
            expect_int(last["round"], "state.last_round.round", 1)
            expect_int(last["winner"], "state.last_round.winner", 0, n - 1)
            expect_int(last["points"], "state.last_round.points", 1, DECK_SIZE)
            expect(last["reason"] in ("last_card", "all_passed"), "state.last_round.reason", f"unknown reason {last['reason']!r}")
            last = dict(last)
        state.last_round = last
        return state  # Game.state_from_json then checks the invariants


class BadBunnies(Game):
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
        "target_score": Option("target_score", 60, "The first player to reach this many points wins the game (BB-7).", minimum=1, maximum=500),
        "random_starter": Option(
            "random_starter", False, "A random player starts the first round (otherwise the first seat does) (BB-1)."
        ),
    }
    state_class = BadBunniesState


GAME = BadBunnies()
