"""What every game view receives and the two HTML helpers every view uses (see hotseat.views)."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from ..i18n import gettext


@dataclass
class ViewContext:
    """Everything a view may know besides the observation.

    Attributes:
        viewer: the seat whose private view is on screen; ``None`` = the table's public view.
        names: seat names, by seat.
        legal: legal actions of ``viewer`` now (``[]`` if not acting, or ``viewer`` is None).
        local: UI scratch for multi-tap choices; the shell clears it after each applied action.
        events: events of the last applied action (for animation and messages).
        t: the translation function (:func:`hotseat.i18n.gettext`).
        pending: the viewer's chosen but not yet confirmed action in a simultaneous phase
            (the shell draws Undo/Confirm; the view only highlights it), else ``None``.
        step: during a paced reveal, how many of ``events`` are shown so far, and ``obs`` is
            the observation from *before* the action; ``None`` when nothing is being revealed
            (``obs`` is then the current observation).
        acting: seats the table is waiting for now (``state.current_players()``; public).
        kinds: seat kinds, by seat (``"human"``, ``"bot:easy"`` ...).
        round_events: the events of this round that the view's optional ``round_log(event)``
            hook asked to keep (oldest first; kept in the save), for the round summary.
    """

    viewer: int | None
    names: list[str]
    legal: list[dict] = field(default_factory=list)
    local: dict = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    t: Callable[[str], str] = gettext
    pending: dict | None = None
    step: int | None = None
    acting: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    round_events: list[dict] = field(default_factory=list)


def esc(text: Any) -> str:
    """HTML-escape ``text`` (``str()`` of it) for element content and quoted attributes.

    >>> esc('<b> & "x"')
    '&lt;b&gt; &amp; &quot;x&quot;'
    """
    return html.escape(str(text), quote=True)


def tap_attr(tap: dict) -> str:
    """`` data-tap="{json}"`` for a tappable element (leading space included).

    >>> tap_attr({"shell": "menu"})
    ' data-tap="{&quot;shell&quot;:&quot;menu&quot;}"'
    """
    return ' data-tap="' + esc(json.dumps(tap, separators=(",", ":"), sort_keys=True)) + '"'
