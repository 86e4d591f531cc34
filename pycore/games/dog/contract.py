"""Dog's typed contract: the actions, events and observations as JSON-safe ``TypedDict``s (their
meaning is in the package docstring, :mod:`pycore.games.dog`), and :func:`remember`, the public
memory of the cards played as the table sees it in the events."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

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
