"""The home screen, built with :mod:`hotseat.markup`: the games in progress (Continue), the game
list, "Join a table", the saves set aside. A pure function of plain values (the saves desk,
:mod:`hotseat.saves_desk`, feeds it); every value is escaped by :func:`~hotseat.markup.h`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .i18n import gettext as _
from .markup import Markup, h, join
from .screens import frame, no_phones_note
from .widgets import button


def _detail_line(detail: str | None) -> Markup | None:
    """A game in progress's line on the home screen (its round, who plays next). While it is still
    being read (``None``: the saves are replayed after the first paint) its place is kept by an
    empty line, so Continue does not move under a finger when the line arrives; an unreadable
    save (``""``) has none."""
    if detail is None:
        return h("p", {"class": "note", "aria-hidden": "true", "data-detail": "reading"}, "\u00a0")
    return h("p", {"class": "note"}, detail) if detail else None


def home(
    games: Sequence[dict[str, Any]],
    saves: Sequence[dict[str, Any]],
    aside: Sequence[dict[str, Any]] = (),
    joinable: bool = False,
    players_button: bool = False,
    hint: Markup | None = None,
    phones: bool = True,
    rejoin: tuple[str, str | None] | None = None,
) -> Markup:
    """The home screen: the games in progress (Continue per game), the game list, set-aside saves.

    ``games``: ``[{"id", "name", "min", "max"}]``; ``saves``: one per game with a save,
    ``{"game": id | None, "key": storage key, "name": game name, "names": [str], "error": reason | None}``
    (an error: the save cannot be opened; its button opens the recovery screen); ``aside``: the set-aside
    unreadable saves, ``{"key", "reason"}``, oldest first; ``players_button``: a "Players" button (the
    players remembered on this phone); ``hint``: a card under the games in progress
    (:func:`hotseat.keeping.hint`); ``phones``: this browser can connect phones (else "Join a
    table" is shown disabled, with :func:`no_phones_note`); ``rejoin``: ``(game name, seat name or
    None)`` of the table whose seat this phone keeps as a player's own phone ("Rejoin <game>").
    """
    parts: list[Markup] = [
        h("h1", {"class": "logo"}, "Hotseat"),
        h("p", {"class": "tagline"}, _("Tabletop games for one phone, passed around the table.")),
    ]
    if saves:
        items = []
        for save in saves:
            if save.get("error") is not None:
                items.append(
                    h(
                        "li",
                        {"class": "bad"},
                        h("p", {"class": "gname"}, save["name"]),
                        h("p", {"class": "note"}, _("This saved game cannot be opened.")),
                        button(
                            _("What can I do?"),
                            {"shell": "recover", "game": save["game"], "key": save["key"]},
                            "danger",
                        ),
                    )
                )
            else:
                items.append(
                    h(
                        "li",
                        None,
                        h("p", {"class": "gname"}, save["name"]),
                        h("p", {"class": "note names"}, join(", ", save["names"])),
                        _detail_line(save.get("detail")),
                        button(_("Continue"), {"shell": "resume", "game": save["game"]}, "primary"),
                    )
                )
        parts.append(
            h(
                "section",
                {"class": "notice saved"},
                h("h2", None, _("Games in progress")),
                h("ul", {"class": "inprogress"}, items),
            )
        )
    if hint is not None:
        parts.append(hint)
    parts.append(h("h2", {"class": "section"}, _("New game")))
    rows = []
    for g in games:
        players = _("{a}–{b} players").format(a=g["min"], b=g["max"])
        rows.append(
            h(
                "li",
                None,
                button(
                    [h("span", {"class": "gname"}, g["name"]), h("span", {"class": "note"}, players)],
                    {"shell": "new", "game": g["id"]},
                    "game",
                ),
                button(
                    "?",
                    {"shell": "rules", "game": g["id"]},
                    "icon",
                    aria_label=_("Rules of {game}").format(game=g["name"]),
                ),
            )
        )
    parts.append(h("ul", {"class": "games"}, rows))
    if players_button:
        parts.append(
            h("div", {"class": "actions players-link"}, button(_("Players"), {"shell": "players"}, "secondary"))
        )
    if joinable:  # this phone as a player's own phone at another phone's table (hotseat.net)
        join_tap = {"shell": "net", "do": "join"}
        if rejoin is not None:
            game_name, seat_name = rejoin
            kept = (
                _("This phone keeps {name}'s seat at a table of {game}: scan the host's code to get the cards back.")
                if seat_name
                else _("This phone keeps a seat at a table of {game}: scan the host's code to get the cards back.")
            )
            rows_join = [
                h("h2", {"class": "section"}, _("Your table")),
                h("p", {"class": "note"}, kept.format(name=seat_name, game=game_name)),
                button(_("Rejoin {game}").format(game=game_name), join_tap, "primary rejoin", disabled=not phones),
                button(_("Join another table"), join_tap, "secondary", disabled=not phones),
            ]
        else:
            rows_join = [
                h("h2", {"class": "section"}, _("Play on your own phone")),
                h("p", {"class": "note"}, _("Another phone hosts the game: scan its code to take your seat.")),
                button(_("Join a table"), join_tap, "secondary", disabled=not phones),
            ]
        parts.append(h("section", {"class": "join"}, rows_join, None if phones else no_phones_note()))
    if aside:
        entries = [
            h(
                "li",
                None,
                h("p", {"class": "note"}, _("Reason: {reason}").format(reason=a["reason"])),
                h(
                    "div",
                    {"class": "actions"},
                    button(_("Download"), {"shell": "download", "key": a["key"]}, "secondary"),
                    button(_("Delete"), {"shell": "delete_aside", "key": a["key"]}, "danger"),
                ),
            )
            for a in aside
        ]
        parts.append(
            h(
                "section",
                {"class": "notice bad aside"},
                h("h2", None, _("Saved games that could not be opened")),
                h("p", None, _("They are kept as they were. Download one to keep a copy, or delete it.")),
                h("ol", None, entries),
            )
        )
    return frame(h("div", {"class": "home"}, parts), status="", screen="home")
