"""Dog's board (DOG-2, DOG-4..DOG-7): the track, the kennels and the goals. :class:`DogBoard` is
the part of :class:`~pycore.games.dog.state.DogState` that knows where the figures stand, where a
figure can go with a number of steps (protected start fields and the goal's rules included),
carries moves out with their captures and searches the splits of a 7; the coordinates are
described in the package docstring. What each card can do is :mod:`pycore.games.dog.plays`.
"""

from __future__ import annotations

from typing import Any

from ...spec import Int, expect
from .contract import Event
from .teams import DogTeams

# ---- board (DOG-2) ---------------------------------------------------------------------------

TRACK = 64
KENNEL = -1
GOAL_BASE = 64
NUM_FIELDS = GOAL_BASE + 16
#: colours (board seats) played by players 0..n-1 (DOG-12)
COLOURS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
#: colours round the board, each with its stretch of TRACK // NUM_COLOURS fields from its start field
NUM_COLOURS = 4
#: goal fields of each colour (DOG-2): a player or team wins with all of them filled (DOG-10, DOG-11)
GOAL_FIELDS = 4

FIELD_NUMBER = Int(KENNEL, NUM_FIELDS - 1)


def start_field(colour: int) -> int:
    """Track field of ``colour``'s start field (DOG-2).

    >>> [start_field(c) for c in range(4)]
    [0, 16, 32, 48]
    """
    return colour << 4


def goal_field(colour: int, g: int) -> int:
    """Coordinate of goal field ``g`` (0..3, 0 nearest the track) of ``colour`` (DOG-2).

    >>> goal_field(0, 0), goal_field(3, 3)
    (64, 79)
    """
    return GOAL_BASE + 4 * colour + g


def steps_between(x: int, to: int, colour: int) -> int:
    """Steps a figure of ``colour`` moves from field ``x`` to ``to``: forward along the track and on
    into its own goal (DOG-5, DOG-6), ``-4`` for the 4 played backward.

    >>> steps_between(60, 2, 0), steps_between(62, 65, 0), steps_between(5, 1, 0), steps_between(64, 66, 0)
    (6, 4, -4, 2)
    """
    if to >= GOAL_BASE:
        if x >= GOAL_BASE:
            return to - x
        return ((start_field(colour) - x) % TRACK) + 1 + (to - goal_field(colour, 0))
    forward = (to - x) % TRACK
    return -4 if forward == TRACK - 4 else forward


def figure_count(st: Any) -> int:
    """Figures on the board (a bound of the saved positions)."""
    return len(st.pos)


def positions_per_player(pos: list[int], st: Any) -> list[list[int]]:
    """The figures' positions as saved: one list per player (``pos`` is one flat list)."""
    F = st.F
    return [pos[p * F : p * F + F] for p in range(st.num_players)]


def flat_positions(figures: list[list[int]], st: Any) -> list[int]:
    """The figures' positions as the state keeps them: one flat list, by figure id ``p*F + k``."""
    return [x for lst in figures for x in lst]


class DogBoard(DogTeams):
    """Where the figures stand and what the cards can do with them. Attributes (the state's):
    colours: colour (board seat) of each player.
    F: figures per player (4, or 5 with 2–3 players: DOG-11).
    pos: position of every figure, indexed by figure id ``p*F + k`` (saved as ``figures``).
    board: ``board[field]`` = figure id on a track or goal field, or -1 (derived from ``pos``).
    home: how many figures each player has in their goal (derived from ``pos``).
    owner, fcol: the player and the colour of each figure id.
    start_fields: ``(start field, colour)`` of each colour in play.
    """

    colours: tuple[int, ...]
    start_fields: tuple[tuple[int, int], ...]
    owner: list[int]
    fcol: list[int]
    pos: list[int]
    board: list[int]

    # ---- board helpers -----------------------------------------------------------------------

    def _place(self, f: int, to: int) -> None:
        """Move figure ``f`` to ``to`` (no captures); keeps ``board`` and ``home`` in step with ``pos``."""
        x = self.pos[f]
        if x >= 0:
            self.board[x] = -1
            if x >= GOAL_BASE:
                self.home[self.owner[f]] -= 1
        self.pos[f] = to
        if to >= 0:
            self.board[to] = f
            if to >= GOAL_BASE:
                self.home[self.owner[f]] += 1

    def _figures(self) -> tuple[list[int], list[int], list[int]]:
        """A copy of where the figures stand (``pos``, ``board``, ``home``), for :meth:`_put_back`."""
        return self.pos[:], self.board[:], self.home[:]

    def _put_back(self, figures: tuple[list[int], list[int], list[int]]) -> None:
        """Put the figures back where :meth:`_figures` saw them (the 7's search tries steps)."""
        self.pos[:], self.board[:], self.home[:] = figures

    def _protected(self) -> list[int]:
        """Track fields holding a protected, blocking figure: one on its own start field (DOG-4)."""
        board, fcol = self.board, self.fcol
        return [s for s, c in self.start_fields if board[s] >= 0 and fcol[board[s]] == c]

    def _forward(self, f: int, k: int, prot: list[int]) -> list[int]:
        """Destinations of figure ``f`` moving ``k`` steps forward (DOG-5, DOG-6).

        Along the track the path must not cross or end on a protected figure (``prot``, DOG-4).
        The goal is entered only by passing over the own start field (not starting on it), and
        only onto free goal fields with none to jump (DOG-6). Returns 0, 1 or 2 coordinates.
        """
        x = self.pos[f]
        if x < 0:
            return []
        board = self.board
        if x >= GOAL_BASE:
            g = (x - GOAL_BASE) & 3
            if g + k > 3:
                return []
            for y in range(x + 1, x + k + 1):
                if board[y] >= 0:
                    return []
            return [x + k]
        block = 99
        for pf in prot:
            d = (pf - x) & 63
            if d and d < block:
                block = d
        res = [(x + k) & 63] if block > k else []
        c = self.fcol[f]
        d = ((c << 4) - x) & 63
        if d and d < k and block > d:
            g = k - d - 1
            if g <= 3:
                base = GOAL_BASE + 4 * c
                for y in range(base, base + g + 1):
                    if board[y] >= 0:
                        return res
                res.append(base + g)
        return res

    def _backward(self, f: int, prot: list[int]) -> list[int]:
        """Destination of ``f`` moving 4 back along the track: never into the goal (DOG-6)."""
        x = self.pos[f]
        if not 0 <= x < TRACK:
            return []
        for pf in prot:
            d = (x - pf) & 63
            if d and d <= 4:
                return []
        return [(x - 4) & 63]

    def _can_start(self, f: int) -> bool:
        """``f`` is in the kennel and no figure of its colour holds its start field (DOG-4)."""
        if self.pos[f] != KENNEL:
            return False
        g = self.board[self.fcol[f] << 4]
        return g < 0 or self.fcol[g] != self.fcol[f]

    def _steps(self, f: int, to: int) -> int:
        """Steps from ``f``'s position forward to ``to`` (track or own goal), or 0 if none fit."""
        x = self.pos[f]
        if to < GOAL_BASE:
            return (to - x) & 63
        if x >= GOAL_BASE:
            return to - x if to > x else 0
        c = self.fcol[f]
        base = GOAL_BASE + 4 * c
        if not base <= to < base + 4:
            return 0
        return (((c << 4) - x) & 63) + 1 + (to - base)

    # ---- executing moves ---------------------------------------------------------------------

    def _send_home(self, g: int, by: int, events: list[Event] | None) -> None:
        x = self.pos[g]
        self._place(g, KENNEL)
        if events is not None:
            events.append({"type": "home", "figure": g, "from": x, "by": by})

    def _move(self, f: int, to: int, events: list[Event] | None) -> None:
        """Move ``f`` to ``to``, sending home a figure it lands on (DOG-5)."""
        g = self.board[to] if to >= 0 else -1
        if g >= 0 and g != f:
            self._send_home(g, f, events)
        self._place(f, to)

    def _seven_step(self, f: int, to: int, events: list[Event] | None) -> None:
        """One step of a 7: every figure passed on the track, and the one landed on, goes home (DOG-7)."""
        x = self.pos[f]
        board = self.board
        if x < GOAL_BASE:
            if to < GOAL_BASE:
                last = (to - x) & 63  # fields x+1 .. x+last-1 are passed
            else:
                last = ((self.fcol[f] << 4) - x) & 63
                last += 1  # the start field itself is passed on the way in
            y = x
            for _ in range(last - 1):
                y = (y + 1) & 63
                g = board[y]
                if g >= 0:
                    self._send_home(g, f, events)
        self._move(f, to, events)

    def _card_move(self, player: int, card: str, as_: str | None, f: int, to: int, events: list[Event]) -> None:
        """Move ``f`` to ``to`` with ``card`` (a start from the kennel or a move: DOG-4, DOG-5),
        reporting it and a figure sent home by it (DOG-5: the figure landed on, own ones too)."""
        x = self.pos[f]
        victim = self.board[to]
        self._move(f, to, None)
        if x == KENNEL:
            events.append({"type": "start", "player": player, "card": card, "as": as_, "figure": f, "to": to})
        else:
            steps = self._steps_taken(x, to, f)
            events.append(
                {
                    "type": "move",
                    "player": player,
                    "card": card,
                    "as": as_,
                    "figure": f,
                    "from": x,
                    "to": to,
                    "steps": steps,
                }
            )
        if victim >= 0:  # DOG-5: the figure landed on went home, own ones too
            events.append({"type": "home", "figure": victim, "from": to, "by": f})

    def _swap(self, f: int, g: int) -> None:
        """Swap the places of figures ``f`` and ``g`` (DOG-8: both on the track)."""
        xf, xg = self.pos[f], self.pos[g]
        self.pos[f], self.pos[g] = xg, xf
        self.board[xf], self.board[xg] = g, f

    def _steps_taken(self, x: int, to: int, f: int) -> int:
        """Steps of a finished normal move from ``x`` to ``to`` (-4 for the 4 backward)."""
        return steps_between(x, to, self.fcol[f])

    def _set_positions(self, pos: list[int]) -> None:
        """Set every figure's position (``board`` and ``home`` follow)."""
        self.pos = list(pos)
        board = [-1] * NUM_FIELDS
        home = [0] * self.num_players
        for f, x in enumerate(self.pos):
            if x >= 0:
                board[x] = f
                if x >= GOAL_BASE:
                    home[self.owner[f]] += 1
        self.board = board
        self.home = home

    # ---- the 7 (DOG-7) -----------------------------------------------------------------------

    def _seven_feasible(self, p: int, r: int, memo: dict[tuple[tuple[int, ...], int], bool]) -> bool:
        """Can ``p`` use exactly ``r`` more steps of a 7 from this position? (search over splits)

        A single figure able to take all ``r`` steps answers at once; otherwise every first step is
        tried, depth first, with a memo on the position. The position is restored on return.
        """
        if r == 0:
            return True
        movers = self._movers(p)
        prot = self._protected()
        fwd = self._forward
        for g in movers:
            if fwd(g, r, prot):
                return True
        key = (tuple(self.pos), r)
        hit = memo.get(key)
        if hit is not None:
            return hit
        before = self._figures()
        ok = False
        for g in movers:
            for n in range(r - 1, 0, -1):
                for to in fwd(g, n, prot):
                    self._seven_step(g, to, None)
                    ok = self._seven_feasible(p, r - n, memo)
                    self._put_back(before)
                    if ok:
                        break
                if ok:
                    break
            if ok:
                break
        memo[key] = ok
        return ok

    def _reach(self, f: int, r: int, prot: list[int]) -> list[tuple[int, int]]:
        """Every ``(steps, to)`` figure ``f`` can move forward with 1..``r`` steps (same rules as
        :meth:`_forward`, computed in one pass)."""
        x = self.pos[f]
        if x < 0:
            return []
        board = self.board
        out = []
        if x >= GOAL_BASE:
            g = (x - GOAL_BASE) & 3
            for n in range(1, min(r, 3 - g) + 1):
                if board[x + n] >= 0:
                    break
                out.append((n, x + n))
            return out
        block = 99
        for pf in prot:
            d = (pf - x) & 63
            if d and d < block:
                block = d
        last = r if r < block else block - 1
        for n in range(1, last + 1):
            out.append((n, (x + n) & 63))
        c = self.fcol[f]
        d = ((c << 4) - x) & 63
        if d and d < r and block > d:
            base = GOAL_BASE + 4 * c
            for g in range(0, min(3, r - d - 1) + 1):
                if board[base + g] >= 0:
                    break
                out.append((d + 1 + g, base + g))
        return out

    def _seven_steps(self, p: int, r: int) -> list[tuple[int, int, int]]:
        """Legal next steps ``(figure, to, steps)`` of a 7 with ``r`` steps left.

        A step is legal when the rest (``r - steps``) can still be used in full afterwards. A
        figure able to walk all ``r`` steps along one route can stop anywhere on that route
        (except on its own start field before the goal, which would make it protected and
        unable to turn in), which settles most steps without a search.
        """
        prot = self._protected()
        memo: dict[tuple[tuple[int, ...], int], bool] = {}
        out = []
        before = None
        pos = self.pos
        for f in self._movers(p):
            x = pos[f]
            if x < 0:
                continue
            reach = self._reach(f, r, prot)
            track_ok = goal_ok = False
            for n, to in reach:
                if n == r:
                    if to < GOAL_BASE:
                        track_ok = True
                    else:
                        goal_ok = True
            dstart = ((self.fcol[f] << 4) - x) & 63 if x < GOAL_BASE else -1
            for n, to in reach:
                if n == r or (track_ok and to < GOAL_BASE) or (goal_ok and (to >= GOAL_BASE or n < dstart)):
                    out.append((f, to, n))
                    continue
                if before is None:
                    before = self._figures()
                self._seven_step(f, to, None)
                ok = self._seven_feasible(p, r - n, memo)
                self._put_back(before)
                if ok:
                    out.append((f, to, n))
        return out

    def _seven_step_ok(self, p: int, f: int, to: int, left: int) -> bool:
        """Is moving ``f`` to ``to`` a legal step of a 7 with ``left`` steps left (DOG-7)?"""
        if f not in self._movers(p) or self.pos[f] < 0:
            return False
        n = self._steps(f, to)
        if not 1 <= n <= left or to not in self._forward(f, n, self._protected()):
            return False
        before = self._figures()
        self._seven_step(f, to, None)
        ok = self._seven_feasible(p, left - n, {})
        self._put_back(before)
        return ok

    # ---- checking a loaded state -------------------------------------------------------------

    def _on_board(self, x: int, f: int, where: str) -> None:
        """Raise ``InvalidStateError`` at ``where`` unless field ``x`` is on the track (or the
        kennel) or in the goal of figure ``f``'s colour."""
        c = self.fcol[f]
        expect(
            x < GOAL_BASE or GOAL_BASE + 4 * c <= x < GOAL_BASE + 4 * c + 4,
            where,
            f"field {x} is not on the track nor in colour {c}'s goal",
        )

    def _validate_positions(self) -> None:
        """The loaded figures stand on the track or in their own colour's goal, one per field;
        ``board`` and ``home`` are then set from them."""
        seen: dict[int, int] = {}
        for f, x in enumerate(self.pos):
            self._on_board(x, f, f"state.figures[{f // self.F}][{f % self.F}]")
            if x >= 0:
                expect(x not in seen, "state.figures", f"figures {seen.get(x)} and {f} share field {x}")
                seen[x] = f
        self._set_positions(self.pos)

    def _check_figures(self) -> None:
        """Assert the figures' invariants: as many as at the start, one per field, in their own
        goal only, ``board`` and ``home`` in step with ``pos``."""
        assert len(self.pos) == self.num_players * self.F, "figure count changed"
        board = [-1] * NUM_FIELDS
        for f, x in enumerate(self.pos):
            assert -1 <= x < NUM_FIELDS, f"figure {f} at {x}"
            if x >= GOAL_BASE:
                c = self.fcol[f]
                assert GOAL_BASE + 4 * c <= x < GOAL_BASE + 4 * c + 4, f"figure {f} in another colour's goal"
            if x >= 0:
                assert board[x] < 0, f"figures {board[x]} and {f} share field {x}"
                board[x] = f
        assert board == self.board, "board out of step with positions"
        F = self.F
        home = [sum(x >= GOAL_BASE for x in self.pos[p * F : p * F + F]) for p in range(self.num_players)]
        assert home == self.home, "goal counts out of step with positions"
