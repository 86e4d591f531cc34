"""What a game view draws from, typed: the observation as its engine declares it, and the context.

The shell hands a view plain JSON-safe dicts (:data:`~hotseat.views.base.Observation`); the engine
module of each game declares their exact shape as ``TypedDict`` s (``PublicObservation``, the
private ``Observation``, ``Action``, ``Event``). A view reads them through one :class:`Scene`,
made at the contract's door (``render``, ``on_tap`` ...), so every key it reads is checked against
the engine's declaration by the type checker. Nothing is converted or copied: the typing is a
promise about data that comes from the engine (or, at a phone, from the host's view, whose size
and shape are bounded before it gets here); a value that breaks it makes the view raise, and the
app's draw guard shows the recovery screen.

Each game subclasses :class:`Scene` with its own types, e.g.
``class SixNimmtScene(Scene[PublicObservation, Observation, Action, Event])``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from ..markup import Markup, h
from .base import Action, BaseView, Observation, Tap, Translate, ViewContext

#: the game's public observation (what the whole table sees), a TypedDict
PublicT = TypeVar("PublicT", bound=Mapping[str, object])
#: the game's private observation (the public one plus what one seat alone sees), a TypedDict
PrivateT = TypeVar("PrivateT", bound=Mapping[str, object])
#: the game's actions and events (unions of TypedDicts)
ActionT = TypeVar("ActionT", bound=Mapping[str, object])
EventT = TypeVar("EventT", bound=Mapping[str, object])


@dataclass(frozen=True)
class Scene(Generic[PublicT, PrivateT, ActionT, EventT]):
    """The observation ``obs`` (public, or a seat's private one) and the view context ``ctx``.

    ``obs`` is typed as the public observation, which every observation extends; :attr:`mine`
    is the same dict typed as the private one when it is one (its ``viewer`` is a seat).
    """

    obs: PublicT
    ctx: ViewContext

    @property
    def mine(self) -> PrivateT | None:
        """``obs`` as the viewer's private observation, or ``None`` for the public one."""
        return cast("PrivateT", self.obs) if self.obs.get("viewer") is not None else None

    @property
    def events(self) -> list[EventT]:
        """The events of the last applied action (``ctx.events``)."""
        return cast("list[EventT]", self.ctx.events)

    @property
    def round_events(self) -> list[EventT]:
        """The events of this round the view asked to keep (``ctx.round_events``)."""
        return cast("list[EventT]", self.ctx.round_events)

    @property
    def legal(self) -> list[ActionT]:
        """The viewer's legal actions now (``ctx.legal``)."""
        return cast("list[ActionT]", self.ctx.legal)

    @property
    def pending(self) -> ActionT | None:
        """The viewer's chosen but unconfirmed action (``ctx.pending``)."""
        return cast("ActionT | None", self.ctx.pending)

    @property
    def names(self) -> list[str]:
        return self.ctx.names

    @property
    def t(self) -> Translate:
        return self.ctx.t


def plain(action: Mapping[str, object] | None) -> Action | None:
    """A typed action as the contract's plain dict (a TypedDict is a dict at run time)."""
    return cast("Action | None", action)


SceneT = TypeVar("SceneT", bound=Scene[Any, Any, Any, Any])


@dataclass(frozen=True)
class ViewParts(Generic[SceneT]):
    """The functions a game's view is made of, one concern each (see :class:`SceneView`).

    Attributes:
        scene: the observation and context typed as the game's :class:`Scene`.
        table: the table drawn (``render``).
        tap: the action a tap makes, or ``None`` after updating the choice in progress (``on_tap``).
        status: the header's status line (``status_line``).
        rules: the short rules summary (``rules_html``).
    """

    scene: Callable[[Observation, ViewContext], SceneT]
    table: Callable[[SceneT], Markup]
    tap: Callable[[SceneT, Tap], Mapping[str, object] | None]
    status: Callable[[SceneT], str]
    rules: Callable[[Translate], Markup]


class SceneView(BaseView, Generic[SceneT]):
    """A view whose required contract methods are its game's :class:`ViewParts` (class attribute
    ``parts``), each reading one typed scene; a game overrides only the optional methods."""

    parts: ViewParts[SceneT]

    def render(self, obs: Observation, ctx: ViewContext) -> Markup:
        """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None). On the table
        in the middle (``ctx.table_screen``) the table is wrapped in ``<div class="table-screen">``,
        the hook of the stylesheet's large layout for every game; a private view there is a
        mistake of the caller: ``ValueError``, nothing drawn."""
        table = self.parts.table(self.parts.scene(obs, ctx))
        if not ctx.table_screen:
            return table
        if ctx.viewer is not None or obs.get("viewer") is not None:
            raise ValueError("the table screen draws the public view only")
        return h("div", {"class": "table-screen"}, table)

    def on_tap(self, obs: Observation, ctx: ViewContext, tap: Tap) -> Action | None:
        """The action ``tap`` makes, or ``None`` after updating the choice in progress."""
        return plain(self.parts.tap(self.parts.scene(obs, ctx), tap))

    def status_line(self, obs: Observation, ctx: ViewContext) -> str:
        """Whose turn it is / what happens now, for the header."""
        return self.parts.status(self.parts.scene(obs, ctx))

    def rules_html(self, t: Translate) -> Markup:
        """A short rules summary (shown when the game's rules page cannot be loaded)."""
        return self.parts.rules(t)
