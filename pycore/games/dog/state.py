"""Dog's state: the saved fields, the contract's questions (who acts, what is legal, what an action
does, what each seat sees) and the checks of a save. The rules it applies live in its parts:
:class:`~pycore.games.dog.cards.DogCards` (deals, gifts, a stuck player's hand),
:class:`~pycore.games.dog.board.DogBoard` (figures and their moves),
:class:`~pycore.games.dog.plays.DogPlays` (what the cards held can do) and
:class:`~pycore.games.dog.teams.DogTeams` (teams, the win, the standings)."""

from __future__ import annotations

from typing import Any

from ...core import HIDDEN, PUBLIC, SEAT, Field, Game, JsonDict, State, check_action_keys, require_int
from ...errors import IllegalActionError
from ...rng import Rng
from ...spec import Bool, Choice, Fixed, Frozen, Int, ListOf, Nullable, PerPlayer, Record, Reshaped, expect
from .board import (
    COLOURS,
    FIELD_NUMBER,
    KENNEL,
    NUM_FIELDS,
    figure_count,
    flat_positions,
    positions_per_player,
    start_field,
)
from .cards import CARD_KIND, DEAL_SIZES, DECK_SIZE, JOKER_AS, KIND_ORDER, KINDS, DogCards, full_deck, sort_hand
from .contract import Action, Event, Observation, PlayAction, PublicObservation
from .plays import DogPlays

SEAT_NUMBER = Int(0, lambda st: st.num_players - 1)


class DogState(DogPlays, DogCards, State[Action, Event, Observation, PublicObservation]):
    """A Dog game in progress. See the package docstring for coordinates, actions and events.

    The saved fields are declared in :attr:`FIELDS` (the JSON layout of ``to_dict``, with bounds
    and owners). Besides them, derived from the player count and the positions and not saved:
    ``colours``, ``F``, ``board``, ``home``, ``owner``, ``fcol`` and ``start_fields``
    (:class:`~pycore.games.dog.board.DogBoard` describes them; the positions ``pos`` are saved as
    ``figures``).
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
            Reshaped(
                PerPlayer(ListOf(FIELD_NUMBER, lambda st: st.F, lambda st: st.F)),
                positions_per_player,
                flat_positions,
                list.copy,
            ),
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
        self.hands = [[] for _ in range(n)]
        self.deck = []
        self.discard = []
        self.gifts = [None] * n
        self.received = [None] * n
        self.phase = "give"
        self.round = 0
        self.dealer = n - 1
        self.turn = 0
        self.out = [False] * n
        self.drawn = False
        self.seven = None
        self.winners_ = []
        self.played = []

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
        """Raise :class:`IllegalActionError` unless ``action`` plays a card ``player`` holds (a
        joker as a kind it may play as, DOG-1) the way that card allows."""
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
            self._check_swap(player, action)
            return
        self._check_move(player, kind, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.forget_legal()
        events: list[Event] = []
        if action["type"] == "give":
            self._give(player, action["card"], events)
        elif action["type"] == "step":
            self._apply_step(player, action["figure"], action["to"], events)
        elif action["type"] == "undo":
            self._undo(player, events)
        elif action["type"] == "fold":
            self._fold(player, events)
            self._end_turn(events)
        elif action["type"] == "discard":
            if self._discard_and_draw(player, action["card"], events):
                self._end_turn(events)
        else:
            self._play(player, action, events)
        return events

    def _play(self, player: int, action: PlayAction, events: list[Event]) -> None:
        """Play a card from ``player``'s hand: a move, a start, a swap (with or without effect) or
        the first step of a 7; a card played in full ends the turn (:meth:`_after_card`)."""
        card = action["card"]
        as_ = action.get("as")
        kind = as_ if as_ is not None and card == "joker" else card
        self.hands[player].remove(card)
        self.played.append([player, card])
        before = self._finished(player)
        if kind == "7":
            self.seven = {"card": card, "as": as_, "left": 7, "undo": []}
            events.append({"type": "seven", "player": player, "card": card, "as": as_})
            self._apply_step(player, action["figure"], action["to"], events)
            return
        self.discard.append(card)
        if kind == "swap":
            if "figure" not in action:
                events.append({"type": "no_effect", "player": player, "card": card, "as": as_})
            else:
                f, g = action["figure"], action["with"]
                self._swap(f, g)
                events.append({"type": "swap", "player": player, "card": card, "as": as_, "figure": f, "with": g})
        else:
            self._card_move(player, card, as_, action["figure"], action["to"], events)
        self._after_card(player, before, events)

    def _after_card(self, player: int, finished_before: bool, events: list[Event]) -> None:
        """A card is fully played: report a newly finished player (DOG-10), check the win, end the turn."""
        if not finished_before and self._finished(player):
            events.append({"type": "finished", "player": player})
        if self._win(player, events):
            self.seven = None
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
        st._set_positions(flat_positions(obs["figures"], st))
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
        """110 cards conserved; figures per player fixed; one figure per field; board and home follow
        pos; the player to play holds a card; the steps of a 7 add up."""
        self._check_cards()
        self._check_figures()
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
        self._validate_positions()
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
                    self._on_board(x, f, f"state.seven.undo[{i}][1][{f}]")
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
        self._validate_winners()
