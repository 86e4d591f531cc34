"""The setup screen's choices as a typed object: :class:`SetupState` (``SetupPage.setup``).

A module of its own (nothing but the dataclass) so that the page that changes it
(:class:`hotseat.pages.SetupPage`) and the markup that draws it (:func:`hotseat.setup_screen.setup`)
both name it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class SetupState:
    """The setup screen's choices (:func:`hotseat.setup_screen.setup` draws them,
    :class:`hotseat.pages.SetupPage` changes them): ``game`` (its id),
    ``n`` seats of the game's ``max_players`` listed in ``names`` and ``kinds`` (a person here, a
    bot level ``bot:<level>``, a player's own phone), the options' values ``opts`` (as chosen, or
    the text typed for a number), ``raw`` (the option fields' text as typed), the problem
    ``error`` to show (``None``: none), and ``table``: "This screen is the table" (every person
    on their own phone; no seat of a person here). Never saved: the table remembered after Start
    is the players'."""

    game: str
    n: int
    names: list[str]
    kinds: list[str]
    opts: dict[str, Any]
    raw: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    table: bool = False
