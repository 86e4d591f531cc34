"""Dog (Schmidt Spiele), 2–4 players: a team race of figures round a 64-field track, moved by cards.

The package's modules, by concern: :mod:`.contract` (the typed actions, events, observations and
the public memory), :mod:`.cards` (the deck, deals, gifts, a stuck player's hand),
:mod:`.board` (the fields and the figures' moves, the 7's splits), :mod:`.plays` (what the cards
held can do, listed and checked), :mod:`.teams` (teams, the win, the standings) and
:mod:`.state` (:class:`DogState`, the saved fields and the contract). Everything is imported from
here: ``from pycore.games.dog import DogState, KINDS, Observation``.

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

from ...core import Game
from .board import (
    COLOURS,
    FIELD_NUMBER,
    GOAL_BASE,
    GOAL_FIELDS,
    KENNEL,
    NUM_COLOURS,
    NUM_FIELDS,
    TRACK,
    figure_count,
    goal_field,
    start_field,
    steps_between,
)
from .cards import (
    CARD_KIND,
    COPIES,
    DEAL_SIZES,
    DECK_SIZE,
    FORWARD,
    JOKER_AS,
    KIND_ORDER,
    KINDS,
    full_deck,
    gift_receiver,
    sort_hand,
)
from .contract import (
    Action,
    CardsGivenEvent,
    DealEvent,
    DiscardAction,
    DiscardEvent,
    DrawEvent,
    Event,
    FinishedEvent,
    FoldAction,
    GameOverEvent,
    GaveEvent,
    GiveAction,
    HomeEvent,
    MoveEvent,
    NoEffectEvent,
    Observation,
    OutEvent,
    Phase,
    PlayAction,
    PlayerCard,
    PublicObservation,
    RoundEndEvent,
    SevenDoneEvent,
    SevenEvent,
    SevenInfo,
    StartEvent,
    StepAction,
    StepEvent,
    SwapEvent,
    UndoAction,
    UndoEvent,
    remember,
)
from .state import (
    SEAT_NUMBER,
    DogState,
)

__all__ = [
    "Action",
    "CARD_KIND",
    "COLOURS",
    "COPIES",
    "CardsGivenEvent",
    "DEAL_SIZES",
    "DECK_SIZE",
    "DealEvent",
    "DiscardAction",
    "DiscardEvent",
    "Dog",
    "DogState",
    "DrawEvent",
    "Event",
    "FIELD_NUMBER",
    "FORWARD",
    "FinishedEvent",
    "FoldAction",
    "GAME",
    "GOAL_BASE",
    "GOAL_FIELDS",
    "GameOverEvent",
    "GaveEvent",
    "GiveAction",
    "HomeEvent",
    "JOKER_AS",
    "KENNEL",
    "KINDS",
    "KIND_ORDER",
    "MoveEvent",
    "NUM_COLOURS",
    "NUM_FIELDS",
    "NoEffectEvent",
    "Observation",
    "OutEvent",
    "Phase",
    "PlayAction",
    "PlayerCard",
    "PublicObservation",
    "RoundEndEvent",
    "SEAT_NUMBER",
    "SevenDoneEvent",
    "SevenEvent",
    "SevenInfo",
    "StartEvent",
    "StepAction",
    "StepEvent",
    "SwapEvent",
    "TRACK",
    "UndoAction",
    "UndoEvent",
    "figure_count",
    "full_deck",
    "gift_receiver",
    "goal_field",
    "remember",
    "sort_hand",
    "start_field",
    "steps_between",
]


class Dog(Game[DogState]):
    """Dog — see the module docstring."""

    id = "dog"
    name = "Dog"
    min_players = 2
    max_players = 4
    hidden_information = True
    #: 2: the public memory ``played`` is saved (version 1 saves load with an empty memory)
    STATE_VERSION = 2
    added_fields = {2: {"played": []}}
    max_game_length = 200_000
    state_class = DogState


GAME = Dog()
