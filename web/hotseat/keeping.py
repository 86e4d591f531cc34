"""Games that survive the browser: what the player sees of Backup, Restore and the home-screen hint.

Pure functions of plain values, built with :mod:`hotseat.markup`, fed by
:class:`hotseat.controller.Controller` (the file itself: :mod:`hotseat.backup`).

* The settings sheet's Backup row (:func:`backup_row`): "Save a backup" (``{"shell": "backup"}``:
  the file is shared through the phone's share sheet where the browser can share files, else
  downloaded) and "Restore a backup" (``{"shell": "restore"}``: the browser's file picker).
* The restore question (:func:`restore_question`): what the backup holds and what it replaces
  here, with Keep / Restore (``{"shell": "restore_yes"}``).
* A file that cannot be restored (:func:`restore_refused`): what is wrong with the file and what
  to do, in the player's words (nothing of the parser or the schema: that detail goes to the
  console for a bug report).
* The "Add to Home Screen" hint (:func:`hint`) for browsers that never offer to install the app
  (Safari on iPhone and iPad, which also deletes the storage of a site not opened for a week
  unless it is on the home screen), shown once: :func:`hint_due` / :func:`hint_shown` keep that
  in ``localStorage["hotseat.hints"]``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from .backup import Backup, BackupError
from .formats import format_list
from .i18n import gettext as _
from .i18n import ngettext
from .markup import Markup, h
from .saves import Storage
from .widgets import button

#: the localStorage key of the hints already shown
HINTS_KEY = "hotseat.hints"
#: "ios": Safari on iPhone/iPad (Share, then Add to Home Screen); "menu": another browser without
#: an install prompt (its menu has the entry)
HINT_KINDS = ("ios", "menu")


def hint_due(storage: Storage, kind: object) -> bool:
    """Whether the home-screen hint of ``kind`` is still to be shown on this phone."""
    if kind not in HINT_KINDS:
        return False
    text = storage.get(HINTS_KEY)
    return not (isinstance(text, str) and len(text) <= 200 and '"install"' in text)


def hint_shown(storage: Storage) -> None:
    """Remember that the hint was shown (a browser that refuses the write may show it again)."""
    try:
        storage.set(HINTS_KEY, json.dumps({"install": True}))
    except Exception:
        pass


def hint(kind: str) -> Markup:
    """The hint card on the home screen, with "OK" (``{"shell": "hint_ok"}``)."""
    if kind == "ios":
        how = _("Tap the Share button, then “Add to Home Screen”.")
        why = _("Safari deletes the games of a site not opened for a week; on the Home Screen they stay.")
    else:
        how = _("Open the browser's menu, then “Install” or “Add to Home screen”.")
        why = _("It then starts like an app, also with no network.")
    return h(
        "section",
        {"class": "notice hint", "data-hint": kind},
        h("h2", None, _("Keep Hotseat on your Home Screen")),
        h("p", None, how),
        h("p", {"class": "note"}, why),
        h("div", {"class": "actions"}, button(_("OK"), {"shell": "hint_ok"}, "secondary small")),
    )


def backup_row() -> Markup:
    """The settings sheet's row: save a backup, restore one."""
    return h(
        "div",
        {"class": "set-row set-backup"},
        h("h3", None, _("Backup")),
        h(
            "p",
            {"class": "note"},
            _("Games in progress, players and statistics in one file: keep it, or open it on a new phone."),
        ),
        h(
            "div",
            {"class": "actions"},
            button(_("Save a backup"), {"shell": "backup"}, "secondary"),
            button(_("Restore a backup"), {"shell": "restore"}, "secondary"),
        ),
    )


def _pick_the_backup() -> str:
    """The file to pick instead (the name "Save a backup" gives it)."""
    return _("Pick the file whose name starts with “hotseat-backup”.")


def _make_a_new_one() -> str:
    """What to do about a backup that cannot be used."""
    return _("Make a new backup on the phone it comes from.")


def restore_refused(error: BackupError, game_name: Callable[[str], str]) -> str:
    """What the player reads when a picked file cannot be restored: what is wrong with the file
    (``error.kind``, :data:`hotseat.backup.KINDS`) and what to do, then that nothing changed.
    ``game_name`` names the game whose save cannot be opened."""
    kind = error.kind
    if kind == "too_large":
        what = _("This file is too large to be a Hotseat backup.") + " " + _pick_the_backup()
    elif kind == "empty":
        what = _("This file is empty: the backup was not saved completely.") + " " + _make_a_new_one()
    elif kind == "picture":
        what = _("This file is not a Hotseat backup (it looks like a picture).") + " " + _pick_the_backup()
    elif kind == "saved_game":
        what = _("This file is one saved game, not a backup of a phone.") + " " + _pick_the_backup()
    elif kind == "cut_short":
        what = _("This backup is cut short — it was not saved completely.") + " " + _make_a_new_one()
    elif kind == "newer":
        what = _(
            "This backup was made by a newer version of Hotseat. Update Hotseat on this phone "
            "(open it once with the network on), then restore the backup again."
        )
    elif kind == "game" and error.game is not None:
        what = (
            _("The game of {game} in this backup cannot be opened — it was changed or damaged.").format(
                game=game_name(error.game)
            )
            + " "
            + _make_a_new_one()
        )
    elif kind == "players":
        what = _("The list of players in this backup is damaged.") + " " + _make_a_new_one()
    elif kind == "not_backup":
        what = _("This file is not a Hotseat backup.") + " " + _pick_the_backup()
    else:  # "damaged"
        what = _("This backup is damaged — it was changed after it was made.") + " " + _make_a_new_one()
    return what + " " + _("Nothing was changed on this phone.")


def backup_made(games: int, left_out: Sequence[str]) -> str:
    """The notice after "Save a backup" (``left_out``: names of games whose save cannot be opened)."""
    text = ngettext(
        "Backup made: {n} game in progress, the players and their statistics.",
        "Backup made: {n} games in progress, the players and their statistics.",
        games,
    ).format(n=games)
    if left_out:
        text += " " + _("Left out (cannot be opened): {games}.").format(games=format_list(list(left_out)))
    return text


def restore_question(
    found: Backup,
    game_name: Callable[[str], str],
    names_of: Callable[[str], list[str]],
    here: Sequence[str],
    players: int | None,
) -> Markup:
    """ "Restore this backup?": each game it holds (with its players' names), how many remembered
    players, and which games in progress here it replaces. ``here``: the game ids with a save on
    this phone; ``players``: the number of names in the backup's players (``None``: it has none)."""
    held = [h("li", None, h("strong", None, game_name(g)), " · ", ", ".join(names_of(g))) for g in sorted(found.games)]
    lines: list[Markup] = [
        h("ul", {"class": "restore-list"}, held) if held else h("p", None, _("No game in progress."))
    ]
    if players is not None:
        lines.append(
            h(
                "p",
                None,
                ngettext(
                    "{n} remembered player with statistics: the list here is replaced.",
                    "{n} remembered players with statistics: the list here is replaced.",
                    players,
                ).format(n=players),
            )
        )
    replaced = [game_name(g) for g in sorted(found.games) if g in here]
    if replaced:
        lines.append(
            h(
                "p",
                {"class": "restore-replaces"},
                _("It replaces the game in progress here of: {games}.").format(games=format_list(replaced)),
            )
        )
    return h(
        "div",
        {"class": "overlay dialog", "role": "alertdialog", "aria-modal": "true", "aria-labelledby": "dlg-q"},
        h(
            "div",
            {"class": "sheet"},
            h("h2", {"id": "dlg-q"}, _("Restore this backup?")),
            lines,
            h(
                "div",
                {"class": "actions"},
                button(_("Keep"), {"shell": "keep"}, "secondary"),
                button(_("Restore"), {"shell": "restore_yes"}, "primary"),
            ),
        ),
    )
