"""Sentences every game view says alike: who won, whom the table waits for.

>>> from hotseat.i18n import gettext
>>> winners_line([1], ["Ann", "Bob"], gettext)
'Bob wins!'
>>> winners_line([0, 1], ["Ann", "Bob"], gettext, sep=" + ")
'Ann + Bob win!'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..formats import format_list
from .base import Translate


def winners_line(winners: Sequence[int], names: Sequence[str], t: Translate, sep: str | None = None) -> str:
    """ "NAME wins!" or "NAMES win!" for the ``winners`` (seats); their names joined as a list in
    the player's language, or with ``sep`` (a team: ``" + "``)."""
    who = [names[p] for p in winners]
    joined = sep.join(who) if sep is not None else format_list(who)
    return (t("{names} wins!") if len(winners) == 1 else t("{names} win!")).format(names=joined)


def waiting_line(seats: Iterable[int], names: Sequence[str], t: Translate) -> str:
    """ "Waiting for NAMES" (the seats the table waits for), or "" when it waits for nobody."""
    waiting = [names[p] for p in seats]
    return t("Waiting for {names}").format(names=format_list(waiting)) if waiting else ""
