"""The Bad Bunnies observation as the engine declares it (``pycore.games.bad_bunnies``), with the context."""

from __future__ import annotations

from typing import cast

from pycore.games.bad_bunnies import Action, Event, Observation, PublicObservation

from ..base import Observation as PlainObservation
from ..base import ViewContext
from ..scene import Scene


class BadBunniesScene(Scene[PublicObservation, Observation, Action, Event]):
    """What the Bad Bunnies view draws from (see :class:`~hotseat.views.scene.Scene`)."""


def typed(obs: PlainObservation) -> PublicObservation:
    """An observation the engine made (the contract's plain dict), typed as it declares it."""
    return cast(PublicObservation, obs)


def scene_of(obs: PlainObservation, ctx: ViewContext) -> BadBunniesScene:
    """The scene of an observation the engine made."""
    return BadBunniesScene(typed(obs), ctx)
