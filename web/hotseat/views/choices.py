"""A view's choice in progress: what the player has tapped so far towards one move.

Some moves take several taps (Dog: a card, maybe what a joker plays as, a figure, a target; Bad
Bunnies: a card, then higher or lower; a pose: each hand and the tongue). Each game declares what
those taps may have chosen as one small frozen dataclass (``PlayChoice``, ``PoseChoice`` ...); the
view keeps the current one in ``ctx.local`` under :data:`KEY`, replaces it (``dataclasses.replace``)
on each tap, and reads it when drawing. The shell clears ``ctx.local`` after every applied action,
so a choice never outlives its move. Drawing only reads (:func:`current` stores nothing).

>>> from dataclasses import dataclass
>>> from hotseat.views.base import ViewContext
>>> @dataclass(frozen=True)
... class Row:
...     row: int | None = None
>>> ctx = ViewContext(viewer=0, names=["Ann"])
>>> current(ctx, Row)
Row(row=None)
>>> keep(ctx, Row(2)); current(ctx, Row)
Row(row=2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from .base import ViewContext

#: the key of ``ctx.local`` that holds the choice (the shell's own keys, e.g. ``"details"``, differ)
KEY = "choice"

C = TypeVar("C")
A = TypeVar("A", bound=Mapping[str, object])
K = TypeVar("K")


def current(ctx: ViewContext, kind: type[C]) -> C:
    """The choice in progress, or a fresh ``kind()`` (nothing chosen yet) when there is none of
    that kind."""
    found = ctx.local.get(KEY)
    return found if isinstance(found, kind) else kind()


def keep(ctx: ViewContext, choice: object) -> None:
    """Keep ``choice`` as the choice in progress (until the shell clears ``ctx.local``)."""
    ctx.local[KEY] = choice


def grouped(actions: Iterable[A], key: Callable[[A], K]) -> dict[K, list[A]]:
    """``actions`` by ``key`` (e.g. the legal plays by card: what tapping a card may lead to), in
    the order first seen.

    >>> grouped([{"card": 3, "to": 1}, {"card": 5, "to": 2}, {"card": 3, "to": 4}], lambda a: a["card"])
    {3: [{'card': 3, 'to': 1}, {'card': 3, 'to': 4}], 5: [{'card': 5, 'to': 2}]}
    """
    out: dict[K, list[A]] = {}
    for a in actions:
        out.setdefault(key(a), []).append(a)
    return out
