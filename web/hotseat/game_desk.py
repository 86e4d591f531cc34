"""The game at this phone: started, resumed, saved after each move, played on, given up, abandoned.

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps one :class:`GameDesk`
(``Controller.games``) and hands it the game screen's taps and ticks. The desk puts the game on
screen (a :class:`~hotseat.pages.GamePage`) and hosts it for the phones at its table
(``shell.net``); after every applied move the session calls :meth:`GameDesk.persist`, which saves
it first and only then tells the phones (a phone never sees a move the save lacks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .formats import format_list
from .i18n import gettext as _
from .i18n import ngettext
from .markup import Markup
from .pages import ElsewherePage, GamePage, game_info
from .phase import Phase

if TYPE_CHECKING:
    from .players_desk import PlayersDesk
    from .saves_desk import SavesDesk
    from .session import Session
    from .shell import Shell
    from .tables import Tables

#: the "Animation" setting -> how long paced screens stay (a reveal's steps, a bot's visible turn),
#: relative to the views' own times; "off" stops every moving animation (CSS) but keeps the steps
#: of a reveal, at the fast pace: their order is part of the game (6 nimmt!'s cards, lowest first)
PACE_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "off": 0.5}


class GameDesk:
    """See the module docstring."""

    def __init__(self, shell: Shell, saves: SavesDesk, people: PlayersDesk, tables: Tables) -> None:
        self.shell = shell
        self.saves = saves
        self.people = people
        self.tables = tables

    def persist(self, session: Session) -> bool:
        """Write the session as its game's save (after every applied action); then the phones
        hear of the move. False when the browser refused the write: the phones are not told of a
        move the save lacks (a move from a phone is then taken back and the phone told so)."""
        if self.shell.session is not session:
            return True  # a session this window has given up (another window took the game)
        written = self.saves.write(session)
        if written is None:
            self.give_up(session.game_id, changed=True)
            return True
        if not written:
            return False
        hosted = self.shell.hosted
        if hosted is not None and hosted.session is session:
            hosted.after_applied()  # saved first: the phones never see a move the save lacks
        self.people.record_if_over(session)
        return True

    def give_up(self, game_id: str, changed: bool, replaced: bool = False) -> None:
        """Another window owns ``game_id``: drop the session (nothing unsaved is written; phones
        connected here are told the table closed, and rejoin the window that plays on).
        ``changed``: a move made here found the save changed by another window (it was not
        saved); ``replaced``: another window stored another save of it while it was on screen
        here (a restored backup; a move there when no lock kept the windows apart)."""
        hosted, session = self.shell.hosted, self.shell.session
        if hosted is not None and session is not None and hosted.session is session:
            self.close_host()
        self.shell.dialog = None
        self.shell.page = ElsewherePage(game_id, changed, replaced)

    def stored_elsewhere(self) -> bool:
        """Another window stored something under the save of the game on screen: when it is not
        what this window last read or wrote (a backup restored there, whatever its revision),
        this window gives the game up at once and writes it no more. Returns whether it did."""
        session = self.shell.session
        if session is None or not self.saves.changed(session.game_id):
            return False
        self.give_up(session.game_id, changed=False, replaced=True)
        return True

    def start(self, session: Session, rematch: bool = False) -> None:
        """``session`` (new, or a rematch at the same table: the same phones play on) on screen, saved."""
        session.on_applied = self.persist
        self.shell.page = GamePage(session)
        self.tables.warm.append(session.game_id)
        self.host(session, rematch)  # a rematch: the same phones play on
        self.persist(session)

    def resume(self, game_id: str) -> None:
        """Continue ``game_id``'s saved game (behind the curtain), or the recovery screen."""
        session = self.saves.open(game_id)
        if session is None:
            return
        session.on_applied = self.persist
        self.shell.page = GamePage(session)
        self.people.record_if_over(session)  # a game over screen reloaded: counted once (its key)
        self.host(session)

    def host(self, session: Session, rematch: bool = False) -> None:
        """``session`` is on screen at this phone: hosted for its phones when it has seats on
        their own phones (``shell.hosted``). This phone leaves another's table; the table hosted
        here goes on when ``session`` is its rematch (the same phones play on), its game or the
        game of the table stepped away from (Continue: the same links, no scan); else it closes."""
        self.shell.leave_table()
        hosted = self.shell.hosted
        if hosted is not None and rematch:
            hosted.rematch(session)
            return
        if hosted is not None and hosted.take_up(session):
            return
        self.close_host()
        if session.phones.seats:
            from .net.host_side import HostSide  # a lazy load: a game without phones never imports it

            self.shell.hosted = HostSide(self.shell.wire, session)

    def close_host(self, ended: bool = False) -> None:
        """The table hosted here closes (its phones hear it, or with ``ended`` that its game was
        ended for good)."""
        hosted = self.shell.hosted
        if hosted is not None:
            hosted.close(ended)
            self.shell.hosted = None

    def step_away(self) -> None:
        """Home from the game on screen: the table hosted here stays open for its connected phones
        (they wait; Continue takes it up again with no scan:
        :meth:`hotseat.net.host_side.HostSide.step_away`), and the player is told so; with no
        phone connected it closes."""
        hosted = self.shell.hosted
        if hosted is None:
            return
        hosted.step_away()
        if not hosted.stepped_away:  # no phone connected: it closed
            self.shell.hosted = None
        elif hosted.connected():
            names = [hosted.session.names[seat] for seat in hosted.connected()]
            self.shell.notice = ngettext(
                "{names}'s phone stays connected and waits: Continue takes the table up again.",
                "The phones of {names} stay connected and wait: Continue takes the table up again.",
                len(names),
            ).format(names=format_list(names))

    def rematch(self) -> None:
        """Rematch after the game: the same table, a new game (saved first at a table with phones,
        which must not start unsaved)."""
        old = self.shell.session
        if old is None or old.phase is not Phase.OVER:
            return
        new = self.tables.rematch(old)
        if self.stored_elsewhere():  # replaced in another window after the game's end: it stays
            return
        if self.saves.can_start(old, new):  # else the phones stay at the finished game, still the saved one
            self.start(new, rematch=True)

    def can_abandon(self) -> bool:
        """A game under way is on screen at this phone (its own table, not a seat at another's)."""
        session = self.shell.session
        return session is not None and not session.state.is_terminal()

    def abandon(self) -> None:
        """The player abandoned the game on screen (they answered its question): it is counted
        as abandoned in the statistics of its remembered names, its save is deleted, the phones at
        its table are told it ended, and the home screen shows."""
        session = self.shell.session
        if session is None or not self.can_abandon():
            return
        self.people.record_abandoned(session)
        self.close_host(ended=True)  # the phones no longer offer to rejoin it
        self.saves.remove(session.game_id)  # the player's explicit word
        self.shell.go_home()
        self.shell.notice = _("The game of {game} was abandoned.").format(game=game_info(session.game_id)[0])

    def tapped(self) -> None:
        """After a tap on the game screen (:meth:`hotseat.pages.GamePage.tap`): a refused move is
        said, then the phones' actions held back meanwhile are applied."""
        current = self.shell.session  # another window may have taken the game meanwhile
        if current is not None and current.error:
            self.shell.message = _(current.error)
        if self.shell.hosted is not None:
            self.shell.hosted.poll()

    def delay_ms(self, session: Session, animation: str) -> int | None:
        """The session's delay; a reveal's steps and a bot's visible turn follow the "Animation"
        setting (:data:`PACE_SCALE`), a game's own beat (the app narrator's tempo) does not."""
        delay = session.delay_ms()
        if delay is not None and session.phase in (Phase.REVEAL, Phase.BOT):
            delay = round(delay * PACE_SCALE.get(animation, 1.0))
        hosted = self.shell.hosted
        if delay is None and hosted is not None:
            # drawn again when a phone away may be gone on without, or a pairing waited too long
            due = [ms for ms in (hosted.away.due_ms(), hosted.due_ms()) if ms is not None]
            delay = min(due) if due else None
        return delay

    def tick(self, session: Session) -> bool:
        """The session's tick; a bot that thought as long as this phone allows is said once.
        False when nothing on screen changed (a slice of the bots' thinking at a table without
        phones: :meth:`hotseat.session.Session.tick`)."""
        changed = session.tick()
        capped = session.bots.capped
        if capped is not None:
            changed = True
            session.bots.capped = None
            self.shell.message = _(
                "{name} thought as long as this phone allows and played its best move so far "
                "(this phone is slower than the bots were made for)."
            ).format(name=session.names[capped])
        if self.shell.hosted is not None:
            self.shell.hosted.poll()  # a reveal that ended frees the table for the phones' actions
            changed = True
        return changed

    @property
    def pondering(self) -> bool:
        """Whether the game on screen has bots thinking ahead on their secret choices."""
        session = self.shell.session
        return self.shell.screen == "game" and session is not None and session.bots.pondering(session.phase)

    @property
    def pondering_aside(self) -> bool:
        """Whether the game on screen has bots thinking ahead beside a paced reveal's timer."""
        session = self.shell.session
        return self.shell.screen == "game" and session is not None and session.bots.pondering_aside(session.phase)

    def render(self, page: GamePage) -> Markup:
        """The game screen (the replay after the game, or the table with its sound cues)."""
        if page.replaying:
            return page.render_replay()
        hosted = self.shell.hosted  # the table this phone hosts for its phones
        if hosted is None:
            return page.render_table()
        return page.render_table(hosted.session.phones.waiting_line(), hosted.host.connected())
