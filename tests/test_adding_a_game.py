"""``docs/adding-a-game.md`` made true: a throwaway fifth game, written the way that page says, is
registered for the length of a test and passes the same conformance checks as the product games.

High card (not a product game): 2–4 players, 3 cards each from the cards 1..12; in seat order each
player lays one card face up; when everybody has laid one, the highest card of the trick scores a
point for its player; after three tricks the most points win (ties share).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Literal, TypedDict

import pytest

import pycore
from pycore import registry
from pycore.core import HIDDEN, PUBLIC, SEAT, Field, Game, JsonDict, State, check_action_keys, require_int
from pycore.errors import IllegalActionError
from pycore.rng import Rng
from pycore.spec import Fixed, Int, ListOf, PerPlayer, expect
from tests.conformance import harness
from tests.conformance.test_hidden_information import check_owners

CARDS = 12
HAND = 3


class LayAction(TypedDict):
    type: Literal["lay"]
    card: int


Action = LayAction


class PlayerCard(TypedDict):
    player: int
    card: int


class LaidEvent(TypedDict):
    type: Literal["laid"]
    player: int
    card: int


class TrickEvent(TypedDict):
    type: Literal["trick"]
    winner: int


Event = LaidEvent | TrickEvent


class PublicObservation(TypedDict):
    type: Literal["observation"]
    game: Literal["high_card"]
    viewer: int | None
    num_players: int
    turn: int | None
    hand_sizes: list[int]
    trick: list[PlayerCard]
    played: list[PlayerCard]
    scores: list[int]
    current_players: list[int]
    winners: list[int]


class Observation(PublicObservation):
    hand: list[int]


SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)
CARD = Int(1, CARDS)


class HighCardState(State[Action, Event, Observation, PublicObservation]):
    ACTION_TYPES = ("lay",)
    FIELDS = (
        Field("hands", PerPlayer(ListOf(CARD, 0, HAND)), SEAT, "each player's cards, ascending", seen_as="hand"),
        Field("deck", ListOf(CARD, 0, CARDS), HIDDEN, "cards not dealt"),
        Field("played", ListOf(Fixed(SEAT_NUMBER, CARD), 0, CARDS), PUBLIC, "[player, card] laid, oldest first"),
        Field("scores", PerPlayer(Int(0, HAND)), PUBLIC, "tricks won"),
    )

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.deck: list[int] = []
        self.played: list[list[int]] = []
        self.scores = [0] * num_players

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> HighCardState:
        state = cls(game, num_players, options, Rng(seed))
        cards = list(range(1, CARDS + 1))
        state.rng.shuffle(cards)
        state.hands = [sorted(cards[p * HAND : (p + 1) * HAND]) for p in range(num_players)]
        state.deck = cards[num_players * HAND :]
        return state

    def _turn(self) -> int | None:
        return None if self.is_terminal() else len(self.played) % self.num_players

    def current_players(self) -> list[int]:
        turn = self._turn()
        return [] if turn is None else [turn]

    def legal_actions(self, player: int) -> list[Action]:
        if player != self._turn():
            return []
        return [{"type": "lay", "card": c} for c in self.hands[player]]

    def _check_action(self, player: int, action: JsonDict) -> None:
        check_action_keys("HC-1", action, ("card",))
        card = require_int("HC-1", action, "card", 1, CARDS)
        if card not in self.hands[player]:
            raise IllegalActionError("HC-1", f"player {player} does not hold {card}")

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.hands[player].remove(action["card"])
        self.played.append([player, action["card"]])
        events: list[Event] = [{"type": "laid", "player": player, "card": action["card"]}]
        if len(self.played) % self.num_players == 0:
            trick = self.played[-self.num_players :]
            winner = max(trick, key=lambda pc: pc[1])[0]
            self.scores[winner] += 1
            events.append({"type": "trick", "winner": winner})
        return events

    def is_terminal(self) -> bool:
        return len(self.played) == HAND * self.num_players

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return [p for p, s in enumerate(self.scores) if s == max(self.scores)]

    def public_observation(self) -> PublicObservation:
        k = len(self.played) % self.num_players
        trick = self.played[len(self.played) - k :] if k else []
        return {
            "type": "observation",
            "game": "high_card",
            "viewer": None,
            "num_players": self.num_players,
            "turn": self._turn(),
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"player": p, "card": c} for p, c in trick],
            "played": [{"player": p, "card": c} for p, c in self.played],
            "scores": self.scores[:],
            "current_players": self.current_players(),
            "winners": self.winners(),
        }

    @classmethod
    def from_observation(cls, game: Game[Any], observation: Observation, rng: Rng) -> HighCardState:
        obs = observation
        me = obs["viewer"]
        assert me is not None
        seen = set(obs["hand"]) | {pc["card"] for pc in obs["played"]}
        pool = [c for c in range(1, CARDS + 1) if c not in seen]
        rng.shuffle(pool)
        state = cls(game, obs["num_players"], {}, Rng(rng.next64()))
        state.played = [[pc["player"], pc["card"]] for pc in obs["played"]]
        state.scores = obs["scores"][:]
        for p, k in enumerate(obs["hand_sizes"]):
            state.hands[p] = obs["hand"][:] if p == me else sorted(pool[:k])
            pool = pool if p == me else pool[k:]
        state.deck = pool
        return state

    def _validate(self) -> None:
        for p, h in enumerate(self.hands):
            expect(h == sorted(h), f"state.hands[{p}]", "cards must ascend")

    def check_invariants(self) -> None:
        cards = self.deck + [c for h in self.hands for c in h] + [c for _, c in self.played]
        assert sorted(cards) == list(range(1, CARDS + 1)), "card conservation broken"
        assert sum(self.scores) == len(self.played) // self.num_players, "a trick without a winner"


class HighCard(Game[HighCardState]):
    id = "high_card"
    name = "High card"
    min_players = 2
    max_players = 4
    STATE_VERSION = 1
    max_game_length = 100
    state_class = HighCardState


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[HighCard]:
    """The game, registered the way a fifth game is: its id in ``registry.GAMES`` (one line there;
    a real game module is then imported by ``load_game``, here it is handed over directly)."""
    game = HighCard()
    monkeypatch.setitem(registry._cache, "high_card", game)
    registry.GAMES.append("high_card")
    try:
        yield game
    finally:
        registry.GAMES.remove("high_card")


def test_a_fifth_game_is_registered_by_one_line(high_card: HighCard) -> None:
    assert pycore.load_game("high_card") is high_card
    assert "high_card" in harness.registered_games()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_fifth_game_passes_the_conformance_checks(high_card: HighCard, n: int) -> None:
    stats = {"pairs": 0, "varied": 0}
    owners = {"varied": 0, "checks": 0}

    def check(state: Any, step: int) -> None:
        if not state.is_terminal():
            for p in range(n):
                harness.check_sample_hidden(high_card, state, p, step * 10 + p, stats, samples=2)
        check_owners(state, owners, step)

    for seed in range(3):
        final, actions = harness.play_random_game(high_card, n, seed, on_state=check)
        assert final.is_terminal() and len(actions) == HAND * n
    assert stats["varied"] > 0 and owners["varied"] > 0


def test_the_fifth_game_gets_saving_loading_and_copying_from_its_declaration(high_card: HighCard) -> None:
    state = high_card.new_initial_state(3, 5)
    state.apply_action(0, {"type": "lay", "card": state.hands[0][0]})
    text = state.to_json()
    assert high_card.state_from_json(text).to_json() == text
    clone = state.clone()
    clone.apply_action(1, {"type": "lay", "card": clone.hands[1][0]})
    assert state.to_json() == text, "the clone shares lists with the original"
    data = json.loads(text)
    data["state"]["scores"][2] = 4
    with pytest.raises(pycore.InvalidStateError, match=r"state.scores\[2\]: 4 is above 3"):
        high_card.state_from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["played"][0] = [0, 13]
    with pytest.raises(pycore.InvalidStateError, match=r"state.played\[0\]\[1\]: 13 is above 12"):
        high_card.state_from_json(json.dumps(data))
