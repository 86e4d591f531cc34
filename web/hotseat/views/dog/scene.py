"""The Dog observation as the engine declares it (``pycore.games.dog``), with the context."""

from __future__ import annotations

from typing import cast

from pycore.games.dog import Action, Event, Observation, PublicObservation

from ..base import Observation as PlainObservation
from ..base import ViewContext
from ..scene import Scene


class DogScene(Scene[PublicObservation, Observation, Action, Event]):
    """What the Dog view draws from (see :class:`~hotseat.views.scene.Scene`)."""


def typed(obs: PlainObservation) -> PublicObservation:
    """An observation the engine made (the contract's plain dict), typed as it declares it."""
    return cast(PublicObservation, obs)


def scene_of(obs: PlainObservation, ctx: ViewContext) -> DogScene:
    """The scene of an observation the engine made."""
    return DogScene(typed(obs), ctx)


# ---- who is who (from the observation: the engine's seats, colours and teams) -----------------


def player_of(obs: PublicObservation, figure: int) -> int:
    """The player a figure belongs to (figures are numbered player by player)."""
    return figure // obs["figures_per_player"]


def colour_of(obs: PublicObservation, player: int) -> int:
    """``player``'s colour, i.e. their seat on the board (DOG-2)."""
    return obs["colours"][player]


def position_of(obs: PublicObservation, figure: int) -> int:
    """Where ``figure`` stands: a field (track 0..63, goal 64..79) or < 0 in the kennel."""
    return obs["figures"][player_of(obs, figure)][figure % obs["figures_per_player"]]


def partner(obs: PublicObservation, player: int) -> int | None:
    """``player``'s partner (the other member of their team), or ``None`` when everyone plays alone."""
    team = next(tm for tm in obs["teams"] if player in tm)
    return next((q for q in team if q != player), None)


def team_play(obs: PublicObservation) -> bool:
    """Four players in two teams (DOG-10); with two or three everyone plays alone (DOG-11)."""
    return any(len(team) > 1 for team in obs["teams"])
