"""Dog's cards (DOG-1, DOG-3, DOG-9, DOG-11): the 110-card deck, the deals of a round, the gift to
the partner or the neighbour, and what a stuck player does with the hand. :class:`DogCards` is
the part of :class:`~pycore.games.dog.state.DogState` that moves cards between the deck, the
hands, the gifts and the discard pile, and keeps the public memory of the cards played."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...rng import Rng
from ...spec import Choice
from .contract import Event, Phase

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

CARD_KIND = Choice(*KINDS)


def full_deck() -> list[str]:
    """The 110 cards in kind order (DOG-1).

    >>> d = full_deck(); len(d), d.count("joker"), d.count("7")
    (110, 6, 8)
    """
    return [k for k in KINDS for _ in range(COPIES[k])]


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


class DogCards:
    """The cards of a Dog state: who holds what, the deck, the discard pile, the gifts of phase
    give and the public memory ``played`` (``[player, card]`` of every card the table has seen
    played, discarded or folded since the deal). The attributes are the state's saved fields
    (:class:`~pycore.games.dog.state.DogState` declares and sets them)."""

    num_players: int
    rng: Rng
    phase: Phase
    round: int
    dealer: int
    turn: int
    hands: list[list[str]]
    deck: list[str]
    discard: list[str]
    gifts: list[str | None]
    received: list[str | None]
    out: list[bool]
    drawn: bool
    seven: dict[str, Any] | None
    played: list[list[Any]]

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

    def _fold(self, player: int, events: list[Event]) -> None:
        """DOG-9 (4 players): ``player`` can play no card, shows the hand to the table, discards it
        and is out for the round."""
        hand = self.hands[player]
        cards = hand[:]
        self.discard.extend(cards)
        self.played.extend([player, c] for c in cards)
        hand.clear()
        self.out[player] = True
        events.append({"type": "out", "player": player, "cards": cards})

    def _discard_and_draw(self, player: int, card: str, events: list[Event]) -> bool:
        """DOG-11 (2–3 players): ``player`` can play no card and discards ``card``; the first time
        this turn they draw one (the discard pile reshuffled under an empty deck) and try again.
        Returns whether the turn is over (the second discard)."""
        hand = self.hands[player]
        hand.remove(card)
        self.discard.append(card)
        self.played.append([player, card])
        events.append({"type": "discard", "player": player, "card": card})
        if self.drawn:
            return True
        self.drawn = True
        if not self.deck:
            self._reshuffle()
        hand.append(self.deck.pop())
        sort_hand(hand)
        events.append({"type": "draw", "player": player})
        return False

    def _check_cards(self) -> None:
        """Assert that the 110 cards are all there, each kind as often as in the deck (DOG-1): in
        the deck, the discard pile, the hands, the chosen gifts and a 7 being played."""
        cards = self.deck + self.discard + [c for h in self.hands for c in h]
        cards += [g for g in self.gifts if g is not None]
        if self.seven is not None:
            cards.append(self.seven["card"])
        assert len(cards) == DECK_SIZE, f"{len(cards)} cards in play, not {DECK_SIZE}"
        counts = Counter(cards)
        if counts != COPIES:
            k = next(k for k in set(counts) | set(COPIES) if counts.get(k, 0) != COPIES.get(k, 0))
            raise AssertionError(f"{counts.get(k, 0)} cards {k!r}, not {COPIES.get(k, 0)}")
