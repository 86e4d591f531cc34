"""The players list (names remembered on this phone, their statistics) and its questions.

Pure functions of plain values, built with :mod:`hotseat.markup` (every name is escaped), fed by
:class:`hotseat.controller.Controller` from :class:`hotseat.players.Players`. Taps: ``pl_rename``
/ ``pl_save`` / ``pl_cancel`` (the new name in the field ``pl-name``), ``pl_forget`` and
``pl_clear`` (each asks first: :func:`dialog`, ``pl_yes`` or ``keep``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .formats import format_number
from .i18n import gettext as _
from .i18n import ngettext
from .markup import Markup, h
from .names import MAX_NAME
from .players import Stats
from .screens import button, frame
from .screens import dialog as sheet

if TYPE_CHECKING:
    from .dialogs import PlayerQuestion


def _abandoned(count: int) -> Markup | None:
    """ "2 abandoned" under a game's name in the statistics (``None`` when none was)."""
    if not count:
        return None
    return h("span", {"class": "note pl-abandoned"}, ngettext("{n} abandoned", "{n} abandoned", count).format(n=count))


def _stats_table(rows: Sequence[tuple[str, Stats]]) -> Markup:
    """One row per game: ``(game name, hotseat.players.Stats)``; "–" where there is no score."""
    head = h(
        "tr",
        None,
        h("th", {"scope": "col"}, _("Game")),
        h("th", {"scope": "col"}, _("Played")),
        h("th", {"scope": "col"}, _("Won")),
        h("th", {"scope": "col"}, _("Best")),
        h("th", {"scope": "col"}, _("Average")),
    )
    body = []
    for game, st in rows:
        average = st.average
        body.append(
            h(
                "tr",
                None,
                h("th", {"scope": "row"}, game, _abandoned(st.abandoned)),
                h("td", None, st.played),
                h("td", None, st.won),
                h("td", None, "–" if st.best is None else st.best),
                h("td", None, "–" if average is None else format_number(average, 1)),
            )
        )
    return h("table", {"class": "pl-stats"}, h("thead", None, head), h("tbody", None, body))


def players_list(entries: Sequence[dict[str, Any]], editing: dict[str, Any] | None = None) -> Markup:
    """The players list. ``entries``: ``[{"name": str, "stats": [(game name, Stats), ...]}]`` in the
    order shown (the most recent first); ``editing``: ``{"name", "error"}`` while a name is being
    renamed (its row shows the name in a field with Save / Cancel, and the problem, if any)."""
    items = []
    for entry in entries:
        name = entry["name"]
        if editing is not None and editing["name"] == name:
            head = h(
                "div",
                {"class": "pl-edit"},
                h(
                    "input",
                    {
                        "type": "text",
                        "maxlength": MAX_NAME,
                        "autocomplete": "off",
                        "data-field": "pl-name",
                        "value": name,
                        "aria-label": _("New name for {name}").format(name=name),
                    },
                ),
                h(
                    "div",
                    {"class": "actions"},
                    button(_("Cancel"), {"shell": "pl_cancel"}, "secondary"),
                    button(_("Save"), {"shell": "pl_save"}, "primary"),
                ),
                h("p", {"class": "error", "role": "alert"}, editing["error"]) if editing.get("error") else None,
            )
        else:
            head = h(
                "div",
                {"class": "pl-head"},
                h("p", {"class": "pl-name"}, name),
                button(_("Rename"), {"shell": "pl_rename", "name": name}, "secondary small"),
                button(_("Forget"), {"shell": "pl_forget", "name": name}, "danger small"),
            )
        stats = None
        if entry["stats"]:
            stats = h(
                "div",
                {"class": "pl-games"},
                _stats_table(entry["stats"]),
                button(_("Clear statistics"), {"shell": "pl_clear", "name": name}, "secondary small"),
            )
        items.append(h("li", None, head, stats))
    if items:
        body = [
            h("p", {"class": "note"}, _("Names typed at setup on this phone, offered when a new game is set up.")),
            h("ul", {"class": "pl-list"}, items),
        ]
    else:
        body = [
            h(
                "p",
                {"class": "note"},
                _("No players yet: the names typed at setup appear here once their game has started."),
            )
        ]
    back = h("div", {"class": "actions"}, button(_("Back"), {"shell": "back"}, "secondary"))
    return frame(
        h("div", {"class": "players"}, h("h1", None, _("Players")), body, back), status=_("Players"), screen="players"
    )


def dialog(question: PlayerQuestion) -> Markup:
    """The question before a name is forgotten (``pl_forget``) or its statistics cleared (``pl_clear``)."""
    name = question.name
    if question.kind == "pl_forget":
        return sheet(
            _("Forget {name}?").format(name=name),
            _("The name, its statistics and its seat at the remembered tables are removed from this phone."),
            [button(_("Keep"), {"shell": "keep"}, "secondary"), button(_("Forget"), {"shell": "pl_yes"}, "danger")],
        )
    return sheet(
        _("Clear the statistics of {name}?").format(name=name),
        _("Games played and won, best and average scores are deleted. The name stays."),
        [
            button(_("Keep"), {"shell": "keep"}, "secondary"),
            button(_("Clear statistics"), {"shell": "pl_yes"}, "danger"),
        ],
    )
