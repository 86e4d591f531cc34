"""Dog's teams and scoring (DOG-10, DOG-11): with four players the partners opposite each other
race as a team, and a player with every figure home moves the partner's; with two or three each
plays alone. The game is won by the team (or player) with every figure that counts in the goal.
:class:`DogTeams` is that part of :class:`~pycore.games.dog.state.DogState`."""

from __future__ import annotations

from ...spec import expect
from .contract import Event, Phase


class DogTeams:
    """Teams, the figures a player moves, the win and the standings of a Dog state. The
    attributes are the state's (``home``: figures in the goal per player, derived from the
    positions; ``winners_``: the saved ``winners``)."""

    num_players: int
    F: int
    home: list[int]
    phase: Phase
    winners_: list[int]

    def _team_of(self, p: int) -> list[int]:
        """Players whose figures count for ``p``'s win: the team (4 players) or ``p`` alone."""
        return [p, (p + 2) % 4] if self.num_players == 4 else [p]

    def _team_home(self, p: int) -> int:
        """Figures in the goal that count for ``p``'s win: the team's (4 players) or ``p``'s own."""
        if self.num_players == 4:
            return self.home[p] + self.home[(p + 2) % 4]
        return self.home[p]

    def _finished(self, p: int) -> bool:
        """DOG-10: all of ``p``'s figures are in the goal (4 players only)."""
        return self.num_players == 4 and self.home[p] == self.F

    def _movers(self, p: int) -> range:
        """Figure ids ``p`` moves now: their own, or the partner's once all own are home (DOG-10)."""
        F = self.F
        if self.num_players == 4 and self.home[p] == F:
            p = (p + 2) % 4
        return range(p * F, p * F + F)

    def _win(self, player: int, events: list[Event]) -> bool:
        """Whether ``player``'s card won the game: their team (4 players) or they alone (2–3) have
        8 (4) figures in the goal (DOG-10, DOG-11). Then the phase is ``"over"``, the winners are
        set and ``game_over`` is reported. Only the player's own (or team's) figures can have moved
        into a goal, so nobody else can have won."""
        need = 8 if self.num_players == 4 else 4
        if self._team_home(player) < need:
            return False
        self.winners_ = sorted(self._team_of(player))
        self.phase = "over"
        events.append({"type": "game_over", "winners": self.winners_[:]})
        return True

    # ---- results -----------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        """The winning team (4 players) or player (2–3 players, DOG-11); [] while playing."""
        return self.winners_[:]

    def returns(self) -> list[float]:
        """1.0 for winners and 0.0 for the others once over; before that the share of the team's
        (or own) figures already in the goal (standings)."""
        n = self.num_players
        if self.phase == "over":
            return [1.0 if p in self.winners_ else 0.0 for p in range(n)]
        need = 8.0 if n == 4 else 4.0
        return [self._team_home(p) / need for p in range(n)]

    def _validate_winners(self) -> None:
        """A loaded state's winners are one team (a lone player with 2-3) with every figure home
        (DOG-10, DOG-11); raises ``InvalidStateError`` naming ``state.winners``."""
        winners, n = self.winners_, self.num_players
        if winners:
            team = self._team_of(winners[0])
            expect(winners == sorted(team), "state.winners", f"expected the team {sorted(team)}, got {winners}")
            need = 8 if n == 4 else 4
            expect(
                self._team_home(winners[0]) >= need,
                "state.winners",
                f"team {sorted(team)} has not brought {need} figures home",
            )
