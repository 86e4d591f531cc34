"""What Dog's cards can do on the board (DOG-1, DOG-4..DOG-10, DOG-12): :class:`DogPlays` lists
every legal play of the cards a player holds and checks a play that comes from outside, with the
ruling it breaks. The moves themselves are :class:`~pycore.games.dog.board.DogBoard`'s."""

from __future__ import annotations

from ...core import JsonDict, check_action_keys, require_int
from ...errors import IllegalActionError
from .board import GOAL_BASE, KENNEL, NUM_FIELDS, TRACK, DogBoard, start_field
from .cards import FORWARD, JOKER_AS
from .contract import Action, PlayAction


class DogPlays(DogBoard):
    """The plays of the cards held (``hands``: the state's saved hands) on a :class:`DogBoard`."""

    hands: list[list[str]]

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

    # ---- checking a move ---------------------------------------------------------------------

    def _check_swap(self, player: int, action: JsonDict) -> None:
        """Raise :class:`IllegalActionError` unless ``action``, a swap card played by ``player``,
        swaps one of their figures with another's (DOG-8), or is played without effect when no
        swap exists."""
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
                f"figures {f} and {g} cannot swap: one of yours and another's, both on the track, neither protected",
            )

    def _check_move(self, player: int, kind: str, action: JsonDict) -> None:
        """Raise :class:`IllegalActionError` unless ``action``, a card played by ``player`` as
        ``kind`` (not a swap), moves a figure they move now (DOG-10) the way the card allows: out
        of the kennel onto its start field (DOG-4), forward or back along the track and into its
        own goal (DOG-5, DOG-6), or as the first step of a 7 (DOG-7)."""
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
