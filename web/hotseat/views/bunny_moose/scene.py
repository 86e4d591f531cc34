"""The Bunny Bunny Moose Moose observation as the engine declares it (``pycore.games.bunny_moose``)."""

from __future__ import annotations

from typing import cast

from pycore.games.bunny_moose import Action, Event, Observation, PublicObservation

from ..base import Observation as PlainObservation
from ..base import ViewContext
from ..scene import Scene


class BunnyMooseScene(Scene[PublicObservation, Observation, Action, Event]):
    """What the Bunny Bunny Moose Moose view draws from (see :class:`~hotseat.views.scene.Scene`)."""


def typed(obs: PlainObservation) -> PublicObservation:
    """An observation the engine made (the contract's plain dict), typed as it declares it."""
    return cast(PublicObservation, obs)


def scene_of(obs: PlainObservation, ctx: ViewContext) -> BunnyMooseScene:
    """The scene of an observation the engine made."""
    return BunnyMooseScene(typed(obs), ctx)
