"""The saves desk: the games in progress of this window, what cannot be opened, backups, and
which window owns a game.

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps one of each and routes the
matching taps to them; what they change on screen they change through the shell they are given
(a :class:`~hotseat.shell.Shell`: the page, the open question, the player's message):

* :class:`SavesDesk` owns the stored games in progress (:class:`hotseat.saves.SaveStore`): the
  home screen's lines on them, opening a save (or the recovery screen with the reason), "New
  game" over an unfinished save (the "replace" question), the recovery screen's Keep / Download /
  Delete, the saves set aside, and writing a session after each move.
* :class:`Backups` owns "Save a backup", "Restore a backup" and the "Add to Home Screen" hint
  (:mod:`hotseat.backup`, :mod:`hotseat.keeping`).
* :class:`WindowLocks` owns "one window plays a game": the Web Lock this window should hold and
  "Play here instead".
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pycore

from . import backup, home_screen, keeping, screens, session_save
from . import players as players_store
from .dialogs import AsideFull, Replace, RestoreBackup
from .formats import format_list
from .i18n import gettext as _
from .i18n import ngettext
from .markup import Markup
from .pages import HomePage, RecoveryPage, Screen, game_info
from .saves import AsideFullError, ConflictError, SaveError, SaveStore, Slot, Storage, StorageError, slot_key
from .session_save import peek
from .taps import Home, Keeping, Recover, Recovery, SavedFile, Tap

if TYPE_CHECKING:
    from .session import Session
    from .shell import Shell


def problem(exc: BaseException) -> str:
    """An unforeseen error as a reason for the player (its type and message, no traceback)."""
    text = str(exc)
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__


class SavesDesk:
    """The stored games in progress (see the module docstring).

    Attributes:
        slots: the stored games in progress (:class:`hotseat.saves.Slot`), for the home screen.
        aside: the saves set aside, ``{"key", "reason"}`` each.
        details: the home screen's line on each game in progress: storage key -> (the save's
            text it was read from, "Round 3 · Next: Ann"); made from the session being left, or
            one save per :meth:`read_detail` while the home screen is up (a save is replayed to
            know it).
        kept: keys whose recovery the player closed with Keep while they could not be set aside.
        save_info: the game a "replace" question is about (name, names, round).
    """

    def __init__(self, shell: Shell, storage: Storage, games: Callable[[], list[str]]) -> None:
        self.shell = shell
        self.store = SaveStore(storage, peek, games)
        self.games = games
        self.slots: list[Slot] = []
        self.aside: list[dict[str, Any]] = []
        self.details: dict[str, tuple[str, str]] = {}
        self.kept: set[str] = set()
        self.save_info: dict[str, Any] | None = None
        self.store.migrate()
        self.refresh()

    def refresh(self) -> None:
        """Read what is stored (for the home screen): each game in progress, the set-aside saves."""
        self.slots = self.store.slots()
        self.aside = []
        for key in self.store.aside():
            self.aside.append({"key": key, "reason": self._reason(self.store.text(key))})

    def _reason(self, text: str | None) -> str:
        if text is None:
            return _("it is empty")
        try:
            session_save.from_json(text, bot_hook=self.shell.bot_hook)
        except SaveError as exc:
            return str(exc)
        except Exception as exc:  # a bug in this app, not in the save: still say what happened
            return problem(exc)
        return _("it can be read now, but was set aside earlier")

    def next_recovery(self) -> None:
        """Show the recovery screen for the first stored save that cannot be opened, if any."""
        for slot in self.slots:
            if slot.error is not None and slot.key not in self.kept:
                self.open_recovery(slot.key, slot.game, slot.error, readable=False)
                return
        if isinstance(self.shell.page, RecoveryPage):
            self.shell.page = HomePage()

    def open_recovery(self, key: str, game_id: str | None, reason: str, readable: bool) -> None:
        """The recovery screen for the save under ``key``: it cannot be opened because of ``reason``."""
        self.shell.dialog = None
        self.shell.page = RecoveryPage(key, game_id, reason, readable)

    def changed(self, game_id: str) -> bool:
        """Whether another window stored another save of ``game_id`` since this window last read
        or wrote it (:meth:`hotseat.saves.SaveStore.changed_since_read`)."""
        return self.store.changed_since_read(slot_key(game_id))

    def slot(self, game_id: str) -> Slot | None:
        return next((s for s in self.slots if s.key == slot_key(game_id)), None)

    def write(self, session: Session) -> bool | None:
        """Write the session as its game's save: ``True`` when written, ``False`` when the browser
        refused it (the player is told), ``None`` when another window wrote it since this one
        read it (the caller gives the game up)."""
        try:
            self.store.write(session.game_id, session_save.to_dict(session))
        except ConflictError:
            return None
        except StorageError:
            if session.keeps_unsaved_moves:
                self.shell.message = _(
                    "This browser refused to save the game (storage full?): the saved copy is the one "
                    "before this move. Free some space, or this move is lost when the page closes."
                )
            else:  # the session takes the move back (Session.apply): the phones never wait on it
                self.shell.message = _(
                    "This browser refused to save the game (storage full?), so the move was taken "
                    "back. Free some space, then make it again."
                )
            return False
        return True

    def can_start(self, old: Session, new: Session) -> bool:
        """Before a rematch of ``old``: ``new`` is written as its game's save first when ``old``
        may not keep moves unsaved (a table with phones must not start unsaved); False (and the
        player told) when the browser refused it, or another window changed the save (the next
        write says so)."""
        if old.keeps_unsaved_moves:
            return True
        try:
            self.store.write(new.game_id, session_save.to_dict(new))
        except ConflictError:
            return True  # the new game's first write finds the same and gives the game up
        except StorageError:
            self.shell.message = _(
                "This browser refused to save the game (storage full?), so the new game did not "
                "start. Free some space, then tap Rematch again."
            )
            return False
        return True

    def open(self, game_id: str) -> Session | None:
        """``game_id``'s saved game read afresh for Continue, or ``None``: nothing stored (the home
        screen shows) or it cannot be opened (the recovery screen shows, with the reason)."""
        key = slot_key(game_id)
        text = self.store.text(key)
        self.store.note_read(key, text)
        if text is None:
            self.shell.go_home()
            return None
        try:
            return session_save.from_json(text, bot_hook=self.shell.bot_hook)
        except SaveError as exc:
            self.open_recovery(key, game_id, str(exc), readable=False)
        except Exception as exc:  # a bug while resuming: the save may be fine, keep it where it is
            self.open_recovery(key, game_id, problem(exc), readable=True)
        return None

    def may_set_up(self, game_id: str) -> bool:
        """ "New game" on the home screen: whether its setup may open now. Its own unfinished save is
        never replaced silently (the "replace" question is asked), an unreadable one first gets
        the recovery screen."""
        key = slot_key(game_id)
        text = self.store.text(key)
        self.store.note_read(key, text)
        if text is None:
            return True
        try:
            session = session_save.from_json(text, bot_hook=self.shell.bot_hook)
        except Exception as exc:
            # an unreadable save in this game's place: the player decides about it first
            self.open_recovery(key, game_id, str(exc) if isinstance(exc, SaveError) else problem(exc), readable=False)
            return False
        if session.state.is_terminal():
            return True
        obs = session.state.public_observation()
        round_no = obs.get("round") if isinstance(obs.get("round"), int) else None
        self.save_info = {"game": game_id, "name": session.game.name, "names": session.names, "round": round_no}
        self.shell.dialog = Replace(game_id)
        return False

    def home_tap(self, tap: Recover | SavedFile) -> None:
        """The home screen's taps on what cannot be opened: :class:`~hotseat.taps.Recover` (its
        recovery screen), ``download`` / ``delete_aside`` a set-aside save, ``discard`` (earlier
        versions' button: the newest set-aside save)."""
        key = tap.key
        if isinstance(tap, Recover):
            game = tap.game
            slot = next((s for s in self.slots if s.error is not None and (s.game == game or s.key == key)), None)
            if slot is not None and slot.error is not None:
                self.open_recovery(slot.key, slot.game, slot.error, readable=False)
        elif tap.do in ("download", "delete_aside") and key is not None and any(a["key"] == key for a in self.aside):
            if tap.do == "download":
                self.offer(key)
            else:
                self.store.remove(key)  # the player's explicit tap
                self.refresh()
        elif tap.do == "discard" and self.aside:
            self.store.remove(self.aside[-1]["key"])
            self.refresh()

    def offer(self, key: str) -> None:
        """The save under ``key`` offered as a file."""
        text = self.store.text(key)
        if text is not None:
            name = key.replace("hotseat.", "hotseat-").replace(".", "-")
            self.shell.download = {"name": f"{name}.json", "text": text}

    def remove(self, game_id: str) -> None:
        """Delete ``game_id``'s save (the player's explicit word: the game was abandoned)."""
        self.store.remove(slot_key(game_id))

    def drop_oldest(self, oldest: str) -> None:
        """The player said "Delete the oldest" set-aside save to keep the one on the recovery screen."""
        self.store.remove(oldest)
        if isinstance(self.shell.page, RecoveryPage):
            self.recovery_tap(self.shell.page, Recovery("keep_save"))

    def recovery_tap(self, rec: RecoveryPage, tap: Tap) -> None:
        """The recovery screen: Download, Delete, Keep (set aside, or left where it is when it
        reads fine or storage is full; Home keeps it where it is); any other tap changes nothing."""
        if isinstance(tap, SavedFile) and tap.do == "download":
            self.offer(rec.key)
        elif tap == Recovery("delete_save"):
            self.store.remove(rec.key)  # the player's explicit tap
            self.shell.notice = _("The saved game was deleted.")
            self.refresh()
            self.next_recovery()
        elif tap == Recovery("keep_save") or isinstance(tap, Home):
            if rec.readable or isinstance(tap, Home):
                self.kept.add(rec.key)  # it stays where it is; Continue tries again
                self.shell.go_home()
                return
            try:
                self.store.set_aside(rec.key)
            except AsideFullError as full:
                self.shell.dialog = AsideFull(full.args[0])
                return
            except StorageError:
                self.kept.add(rec.key)
                self.shell.message = _(
                    "Storage is full: the saved game stays where it is. Download it, or free some space."
                )
            except KeyError:
                pass  # already gone (another window)
            self.refresh()
            self.next_recovery()
            if self.shell.screen is Screen.HOME:
                self.refresh()

    def question(self, dialog: Replace | AsideFull) -> Markup | None:
        """The desk's questions: :class:`~hotseat.dialogs.Replace` (New game over an unfinished
        save) and :class:`~hotseat.dialogs.AsideFull` (the list of set-aside saves is full)."""
        if isinstance(dialog, Replace):
            return None if self.save_info is None else screens.replace_dialog(self.save_info, game_info(dialog.game)[0])
        return screens.dialog(
            _("The list of saved games that could not be opened is full."),
            _("To keep this one, delete the oldest of them? Otherwise this one stays where it is."),
            [
                screens.button(_("Keep all"), {"shell": "keep"}, "secondary"),
                screens.button(_("Delete the oldest"), {"shell": "drop_oldest"}, "danger"),
            ],
        )

    def restored(self, written: list[str]) -> None:
        """A backup wrote ``written``: read them afresh (none is kept aside any more)."""
        for key in written:
            self.store.known.pop(key, None)
            self.kept.discard(key)
        self.refresh()

    # ---- the home screen's line on each game in progress -----------------------------------

    def leaving(self, session: Session) -> None:
        """The game on screen is left for home: its line, without reading its save again."""
        key = slot_key(session.game_id)
        text = self.store.text(key)
        if text is not None:
            self.details[key] = (text, detail(session))

    def missing_detail(self) -> tuple[str, str] | None:
        """The key and text of a readable save the home screen has no line for yet."""
        for slot in self.slots:
            if slot.error is not None or slot.game not in pycore.GAMES:
                continue
            text = self.store.text(slot.key)
            if text is not None and self.details.get(slot.key, ("",))[0] != text:
                return slot.key, text
        return None

    def read_detail(self) -> None:
        """Replay one save the home screen has no line for (a save that cannot be read gets an
        empty line: Continue says why)."""
        missing = self.missing_detail()
        if missing is None:
            return
        key, text = missing
        try:
            line = detail(session_save.from_json(text, bot_hook=self.shell.bot_hook))
        except Exception:  # noqa: BLE001 - Continue opens the recovery screen with the reason
            line = ""
        self.details[key] = (text, line)

    def home(self, hint: Markup | None, phones: bool) -> Markup:
        """The home screen: the games, the games in progress with their lines once read, the saves
        set aside, ``hint`` ("Add to Home Screen"), "Join a table" (``phones``: this browser can
        connect phones) and "Rejoin" for a table whose seat this phone keeps."""
        games = []
        for game_id in self.games():
            name, low, high = game_info(game_id)
            games.append({"id": game_id, "name": name, "min": low, "max": high})
        return home_screen.home(
            games,
            self._home_saves(),
            self.aside,
            joinable=True,
            players_button=True,
            hint=hint,
            phones=phones,
            rejoin=kept_seat(self.store.storage),
        )

    def _home_saves(self) -> list[dict[str, Any]]:
        saves = []
        for slot in self.slots:
            name = game_info(slot.game)[0] if slot.game in pycore.GAMES else _("Saved game")
            known = self.details.get(slot.key)
            line = known[1] if known is not None and known[0] == self.store.text(slot.key) else None
            save = {"game": slot.game, "key": slot.key, "name": name, "names": slot.names, "error": slot.error}
            saves.append(save | {"detail": line})
        return saves


def detail(session: Session) -> str:
    """A game in progress in one line for the home screen: its round (when the game counts
    them) and who is to play ("Round 3 · Next: Ann"); empty for a finished game."""
    state = session.state
    if state.is_terminal():
        return ""
    parts = []
    round_no = state.public_observation().get("round")
    if isinstance(round_no, int) and not isinstance(round_no, bool):
        parts.append(_("Round {n}").format(n=round_no))
    seats = state.current_players()
    if seats:
        nxt = [session.names[p] for p in seats]
        parts.append(ngettext("Next: {names}", "Next: {names}", len(nxt)).format(names=format_list(nxt)))
    return " · ".join(parts)


def kept_seat(storage: Storage) -> tuple[str, str | None] | None:
    """``(game name, seat name)`` of the table whose seat this phone keeps as a guest (for
    "Rejoin"), or ``None``. The phone side is imported only on a phone that was a guest."""
    from .net import GUEST_KEY

    if not storage.get(GUEST_KEY):
        return None
    from .net.guest import kept_seat as kept

    seat = kept(storage)
    if seat is None or seat[0] not in pycore.GAMES:
        return None
    return game_info(seat[0])[0], seat[1]


class Backups:
    """ "Save a backup", "Restore a backup" and the home screen's "Add to Home Screen" hint.

    Attributes:
        pick_file: the browser glue opens its file picker for a backup to restore (then
            :meth:`restore_chosen`).
        install_hint: the hint due on the home screen ("ios", "menu"; :mod:`hotseat.keeping`).
    """

    def __init__(self, shell: Shell, storage: Storage, saves: SavesDesk, players_changed: Callable[[], None]) -> None:
        self.shell = shell
        self.storage = storage
        self.saves = saves
        #: the players are read again after a restore (the backup may hold them)
        self.players_changed = players_changed
        self.pick_file = False
        self.install_hint: str | None = None
        #: why the last picked file was refused, technically (the browser glue logs it to the
        #: console for a bug report; the player reads :func:`hotseat.keeping.restore_refused`)
        self.refused_detail: str | None = None

    def _check_save(self, game_id: str, text: str) -> None:
        """The full read of a save (as on Continue); :class:`SaveError` unless it is ``game_id``'s."""
        if session_save.from_json(text, bot_hook=self.shell.bot_hook).game_id != game_id:
            raise SaveError(f"it is not a save of {game_id}")

    def tap(self, tap: Keeping) -> None:
        """ "Save a backup" offers the file (shared or downloaded); "Restore a backup" has the
        browser glue open its file picker; "OK" closes the home-screen hint."""
        if tap.do == "backup":
            made = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            text, kept, left_out = backup.make(self.storage, self.saves.games(), made, self._check_save)
            self.shell.download = {"name": backup.FILE_NAME.format(day=made[:10]), "text": text, "share": True}
            self.shell.notice = keeping.backup_made(len(kept), [game_info(g)[0] for g in left_out])
        elif tap.do == "restore":
            self.pick_file = True
        else:
            self.install_hint = None

    def show_install_hint(self, kind: str) -> None:
        """The browser glue: this browser never offers to install the app (``kind``: ``"ios"`` or
        ``"menu"``, :data:`hotseat.keeping.HINT_KINDS`); the home screen shows the hint once."""
        if keeping.hint_due(self.storage, kind):
            self.install_hint = kind

    def hint(self, shown: bool) -> Markup | None:
        """The hint for the home screen when it is due and ``shown`` there (it is marked shown:
        a later start does not show it again)."""
        if self.install_hint is None or not shown:
            return None
        keeping.hint_shown(self.storage)
        return keeping.hint(self.install_hint)

    def restore_chosen(self, text: str | None, size: int = 0) -> None:
        """The browser glue: the player picked a file to restore (``text`` ``None``: it has ``size``
        bytes, more than :data:`hotseat.backup.MAX_BYTES`, and was not read). A backup that passes
        every check is offered on the home screen ("Restore this backup?"); any other file is
        refused in the player's words (what is wrong with the file and what to do), and nothing
        changes."""
        shell = self.shell
        shell.message = None
        shell.notice = None
        self.refused_detail = None
        try:
            if text is None:
                raise backup.BackupError(f"{size:,} bytes; at most {backup.MAX_BYTES:,}", "too_large")
            found = backup.read(text, self.saves.games(), self._check_save)
        except backup.BackupError as exc:
            self.refused_detail = f"{exc.kind}: {exc}"
            shell.message = keeping.restore_refused(exc, lambda g: game_info(g)[0])
            return
        shell.dialog = None
        if shell.screen is not Screen.HOME:
            shell.route(Home())  # as Home: a game on screen stays saved, phones are told
        shell.sheets.settings_open = False
        shell.dialog = RestoreBackup(found)

    def question(self, found: backup.Backup) -> Markup:
        """ "Restore this backup?": what it holds and what it replaces here."""

        def names_of(game_id: str) -> list[str]:
            return peek(found.games[game_id])[1]

        count = None if found.players is None else len(players_store.parse(found.players)[0].names)
        here = [slot.game for slot in self.saves.slots if slot.game is not None]
        return keeping.restore_question(found, lambda g: game_info(g)[0], names_of, here, count)

    def restore(self, found: backup.Backup) -> None:
        """Store the backup the player said Restore to: all of it or nothing."""
        self.shell.dialog = None
        try:
            written = backup.restore(self.storage, found)
        except StorageError:
            self.shell.message = _("This browser refused to store the backup (storage full?). Nothing was changed.")
            return
        self.saves.restored(written)
        self.players_changed()
        self.shell.notice = _("The backup was restored.")


class WindowLocks:
    """One window plays a game: the Web Lock this window should hold (the browser glue holds it
    and reports back), and "Play here instead".

    Attributes:
        taking_over: the game this window is taking over from another window.
    """

    def __init__(self, shell: Shell, resume: Callable[[str], None], give_up: Callable[[str, bool], None]) -> None:
        self.shell = shell
        self.resume = resume
        self.give_up = give_up
        self.taking_over: str | None = None

    @property
    def wanted(self) -> str | None:
        """The game whose lock this window should hold now (the one on screen, or the one it is
        taking over); the app releases any other."""
        if self.shell.session is not None:
            return self.shell.session.game_id
        return self.taking_over

    @property
    def steal(self) -> bool:
        """Whether the lock of :attr:`wanted` is to be taken from another window ("Play here instead")."""
        return self.taking_over is not None

    def granted(self, game_id: str) -> None:
        """This window now owns ``game_id``; after "Play here instead" its save is opened afresh."""
        if self.taking_over == game_id:
            self.taking_over = None
            self.resume(game_id)

    def refused(self, game_id: str) -> None:
        """Another window owns ``game_id``: this one says so and writes nothing."""
        if self.wanted == game_id and self.taking_over != game_id:
            self.give_up(game_id, False)

    lost = refused

    def take_over(self, game: str) -> None:
        """ "Play here instead" on the "open in another window" screen of ``game``."""
        self.taking_over = game
