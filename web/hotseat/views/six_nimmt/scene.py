"""The 6 nimmt! observation as the engine declares it (``pycore.games.six_nimmt``), with the context."""

from __future__ import annotations

from typing import cast

from pycore.games.six_nimmt import Action, Event, Observation, PublicObservation

from ..base import Observation as PlainObservation
from ..base import ViewContext
from ..scene import Scene


class SixNimmtScene(Scene[PublicObservation, Observation, Action, Event]):
    """What the 6 nimmt! view draws from (see :class:`~hotseat.views.scene.Scene`)."""


def typed(obs: PlainObservation) -> PublicObservation:
    """An observation the engine made (the contract's plain dict), typed as it declares it."""
    return cast(PublicObservation, obs)


def scene_of(obs: PlainObservation, ctx: ViewContext) -> SixNimmtScene:
    """The scene of an observation the engine made."""
    return SixNimmtScene(typed(obs), ctx)
