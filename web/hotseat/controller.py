"""The app's navigation, pure Python: which screen, what a tap does, what to draw.

:class:`Controller` routes between the screens (home, setup, game, recovery, "open in another
window", the players list; :attr:`Controller.page`) and the sheets and questions over them; what
each part holds and does is its desk's (see :class:`Controller`). The browser glue
(:mod:`hotseat.app`) only:

* puts :meth:`Controller.render` into ``<main id="app">`` (one guard there: any error while
  drawing becomes the recovery screen, never a traceback, and the save stays);
* calls :meth:`Controller.tap` with the ``data-tap`` object of a tapped element (plus
  ``"fields"``: the values of every ``data-field`` input on screen), which parses it once into a
  typed tap (:mod:`hotseat.taps`) and hands it to the layer on top: the question, the sheets,
  the phones' sheets, or the page (each page routes its own taps: ``Page.tap``);
* calls :meth:`Controller.tick` after :meth:`Controller.delay_ms` milliseconds;
* fetches ``rules/<game_id>.html`` when ``Controller.sheets.rules_wanted`` names a game, and
  hands the text (or ``None``) to ``sheets.rules_loaded`` (:class:`hotseat.sheets.Sheets`);
* calls :meth:`Controller.back` when the Back button pops the app's history entry (kept while
  :meth:`Controller.back_target` is not ``None``), :meth:`Controller.page_restored` when the page
  comes back from the back/forward cache and :meth:`Controller.page_hidden` when it is hidden;
* holds the Web Lock named by ``Controller.locks.wanted`` (one window owns a game:
  :class:`hotseat.saves_desk.WindowLocks`) and reports ``locks.granted``, ``locks.refused``,
  ``locks.lost``;
* offers :attr:`Controller.download` as a file.

Saves (:mod:`hotseat.saves`; kept by :attr:`Controller.saves`, a
:class:`hotseat.saves_desk.SavesDesk`): each game keeps its own game in progress under
``hotseat.game.<id>``, written after every applied action only if no other window wrote it since
this one read it (else "This game was changed in another window", and its save stays). A save
that cannot be opened — at start-up, on Continue, or when its screen cannot be drawn — shows the
recovery screen ("This saved game cannot be opened: REASON" with Keep / Download / Delete):
nothing is deleted without the player's tap; Keep sets an unreadable save aside (a bounded list,
the oldest dropped only on the player's word); when storage refuses a write the original stays
and the player is told.

"New game" while that game has an unfinished save opens :attr:`Controller.dialog` ("Replace the
saved game of GAME (round N; names)?" with Keep / Replace); the save is overwritten only when the
new game starts. Starting one game never touches another game's save.

Phones (:mod:`hotseat.net`): the controller holds the side of the role this phone plays, never
both: :attr:`Controller.hosted` (a :class:`hotseat.net.host_side.HostSide`) hosts a game that has
seats of kind ``"guest"`` (their phones connect through the phones strip on the table's public
screens), :attr:`Controller.joined` (a :class:`hotseat.net.phone_side.PhoneSide`) plays this phone
as a guest of another (``screen == "guest"``, from "Join a table" at home). What they need from the
browser they ask for in :attr:`Controller.wire` (its ``requests`` and ``outbox``: the glue carries
them out) and the transport's reports come in through :attr:`Controller.side`'s ``event``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pycore

from . import screens
from .bot_turns import BotHook
from .desks import Desks
from .dialogs import AbandonGame, Dialog
from .game_desk import GameDesk
from .i18n import gettext as _
from .markup import Markup, fragment
from .overlays import LAYERS, Overlays
from .pages import (
    GamePage,
    GuestPage,
    HomePage,
    Page,
    PlayersPage,
    Screen,
    SetupPage,
    play_tap,
)
from .players import KEY as PLAYERS_KEY
from .players_desk import PlayersDesk
from .questions import Questions
from .saves import SLOT_PREFIX, Storage, slot_key
from .saves_desk import Backups, SavesDesk, WindowLocks, problem
from .session import Session
from .setup_state import SetupState
from .sheets import Sheets
from .tables import Tables
from .taps import (
    Abandon,
    Back,
    CloseSheet,
    Flow,
    Home,
    Keeping,
    MenuButton,
    OpenPlayers,
    Phones,
    Rules,
    Setting,
    TakeBack,
    Tap,
    TapError,
    parse_tap,
)

if TYPE_CHECKING:  # imported on first use (a game without phones never imports them)
    from .net.host_side import HostSide
    from .net.phone_side import PhoneSide
    from .net.wire import Wire
    from .players import Players

#: the home screen reads the saves it has no line for one by one, this long after it is drawn
#: (the first paint and the player's first tap come before the replays)
HOME_DETAIL_MS = 300


def playable_games() -> list[str]:
    """Registered games that have a view module in this app (others are not listed yet)."""
    return [g for g in pycore.GAMES if importlib.util.find_spec(f"{__package__}.views.{g}") is not None]


class Controller:
    """See the module docstring.

    Attributes:
        page: the screen on display and its own state (:mod:`hotseat.pages`: one object per
            screen; :attr:`screen` names it, :attr:`session` and :attr:`setup` read it).
        sheets: the settings and rules sheets over any screen (:class:`hotseat.sheets.Sheets`:
            the settings, the open sheet, the rules pages fetched).
        saves, backups, locks: the games in progress and what cannot be opened, backup and
            restore, which window plays a game (:mod:`hotseat.saves_desk`); ``people``: the
            players remembered (``players_desk``); ``tables``: starting tables (``tables``);
            ``games``: the game at this phone (``game_desk``); ``questions``: :attr:`dialog`'s;
            ``desks``: what the page hands on to (``desks``).
        download: ``{"name", "text"}``: a file the app should offer now (cleared by the app).
    """

    def __init__(
        self, storage: Storage, bot_hook: BotHook | None | str = "auto", seed_fn: Callable[[], int] | None = None
    ) -> None:
        self.storage = storage
        #: what this phone offers to seat, new sessions, games readied ahead
        self.tables = Tables(bot_hook, seed_fn)
        self.page: Page = HomePage()
        self.sheets = Sheets(storage)
        self.download: dict[str, Any] | None = None
        self.message: str | None = None
        #: a calm line for the player (not an error), e.g. "Your game is saved"; cleared by a tap
        self.notice: str | None = None
        #: a question on a sheet over the screen (:mod:`hotseat.dialogs`), e.g. ``Replace(game)``
        #: ("Replace the saved game?"); every other tap waits until it is answered
        self.dialog: Dialog | None = None
        #: why the last tap was refused unread (:class:`hotseat.taps.TapError`), for the glue to log
        self.refused_tap: str | None = None
        self._wire: Wire | None = None  # see the wire property
        #: the table hosted here for its phones (on screen or stepped away from), else ``None``
        self.hosted: HostSide | None = None
        #: this phone at another's table (from "Join a table"), else ``None``; never both at once
        self.joined: PhoneSide | None = None
        #: the games in progress, what cannot be opened, backups, which window plays a game
        self.saves = SavesDesk(self, storage, playable_games)
        #: the players remembered on this phone (their list, statistics, tables set up here)
        self.people = PlayersDesk(self, storage)
        self.backups = Backups(self, storage, self.saves, self.people.reload)
        #: the game at this phone: started, resumed, saved after each move, given up, abandoned
        self.games = GameDesk(self, self.saves, self.people, self.tables)
        self.locks = WindowLocks(self, self.games.resume, self.games.give_up)
        #: what the pages hand their work on to and draw from (:class:`hotseat.pages.PageDesks`)
        self.desks = Desks(
            self, self.saves, self.backups, self.people, self.games, self.locks, self.tables, playable_games
        )
        #: the answers to the questions asked over the screen (:attr:`dialog`), and their drawing
        self.questions = Questions(self, self.saves, self.backups, self.people, self.games, self.desks.open_setup)
        #: the question and the sheets over the screen: what Back, Escape and the menu button close
        self.overlays = Overlays(self)
        self.saves.next_recovery()

    @property
    def screen(self) -> Screen:
        """Which screen is up (the :attr:`page`'s kind)."""
        return self.page.kind

    @property
    def session(self) -> Session | None:
        """The game on screen (its :class:`~hotseat.pages.GamePage`), else ``None``."""
        return self.page.session if isinstance(self.page, GamePage) else None

    @property
    def setup(self) -> SetupState | None:
        """The setup screen's choices (its :class:`~hotseat.pages.SetupPage`), else ``None``."""
        return self.page.setup if isinstance(self.page, SetupPage) else None

    @property
    def players(self) -> Players:
        """The players remembered on this phone (:attr:`people`'s)."""
        return self.people.players

    @property
    def wire(self) -> Wire:
        """What the side of either role asks of the browser and sends (a
        :class:`hotseat.net.wire.Wire`, kept across roles). Made on first use, a lazy load: a game
        without phones never imports :mod:`hotseat.net`'s sides."""
        if self._wire is None:
            from .net.wire import Wire

            self._wire = Wire(self.storage, self.tables.phones)
        return self._wire

    @property
    def net_started(self) -> Wire | None:
        """The :attr:`wire` if phones were ever used here, else ``None`` (for the browser glue)."""
        return self._wire

    @property
    def side(self) -> HostSide | PhoneSide | None:
        """The side of the role this phone plays now (:attr:`hosted` or :attr:`joined`), if any."""
        return self.hosted or self.joined

    def join_table(self) -> None:
        """ "Join a table": this phone becomes a guest and scans (a table hosted here closes)."""
        from .net.phone_side import PhoneSide  # a lazy load, as in wire

        self.games.close_host()
        self.joined = PhoneSide(self.wire)

    def leave_table(self, forget: bool = False) -> None:
        """This phone leaves another's table (``forget``: and forgets its seat there)."""
        if self.joined is not None:
            self.joined.leave(forget)
            self.joined = None

    def net_event(self, link: int, kind: str, text: str) -> None:
        """The browser glue: the transport reported ``kind`` on ``link`` (``net.mjs``'s
        ``listen``), for the side of the role this phone plays (none: nothing to do); its line for
        the player is shown, and the phones' actions held back meanwhile are taken in."""
        side = self.side
        if side is not None:
            side.event(link, kind, text)
        if self._wire is not None and self._wire.message:
            self.message, self._wire.message = self._wire.message, None
        if self.hosted is not None:
            self.hosted.poll()

    @property
    def holds_phones(self) -> bool:
        """Whether phones are connected to a table hosted here (at the table or stepped away from
        it): leaving the page would close their links, so the browser glue asks first."""
        return self.hosted is not None and bool(self.hosted.connected())

    @property
    def bot_hook(self) -> BotHook | None:
        return self.tables.bot_hook

    def phones_unavailable(self) -> None:
        """The browser glue: this browser cannot connect phones (no WebRTC). "Join a table" and
        the "Own phone" seat are shown disabled with the reason; a saved table with phone seats
        still opens (its phones strip says why no phone can connect)."""
        self.tables.phones = False
        if self._wire is not None:
            self._wire.possible = False

    def stored_elsewhere(self, key: str | None) -> bool:
        """The browser glue: another window of this site changed ``key`` in storage (the
        ``storage`` event; ``None``: it cleared the storage). The game on screen is given up at
        once when its save is no longer the one this window wrote (a backup restored there):
        this window never writes over it. The home screen lists the games in progress again, the
        players are read again. Returns whether the screen should be drawn again (never while a
        name is typed: setup and a rename keep what is typed)."""
        if key is None or key.startswith(SLOT_PREFIX):
            if self.games.stored_elsewhere():
                return True
            if self.screen is Screen.HOME:
                self.saves.refresh()
                return True
        if key is None or key == PLAYERS_KEY:
            self.people.reload()
            return isinstance(self.page, PlayersPage) and self.page.edit is None
        return False

    @property
    def wants_wake_lock(self) -> bool:
        """Whether the screen should stay on now: a game is on screen (its table, a curtain, a
        summary, its end) and "Keep the screen on" is set. Home and setup let the phone sleep."""
        return self.session is not None and self.sheets.settings.wake_lock

    # ---- taps --------------------------------------------------------------------------------

    def tap(self, raw: object) -> None:
        r"""One tap from the page: the tapped element's ``data-tap`` object plus ``"fields"`` (see
        the module docstring), parsed once (:func:`hotseat.taps.parse_tap`) and :meth:`route`\ d.
        A tap that does not parse changes nothing; why is kept in :attr:`refused_tap` (the browser
        glue logs it)."""
        try:
            tap = parse_tap(raw)
        except TapError as exc:
            self.refused_tap = str(exc)
            return
        self.refused_tap = None
        self.route(tap)

    def route(self, tap: Tap) -> None:
        """Hand ``tap`` to the layer on top for it: the question open over the screen (every tap
        waits for its answer), the settings sheet's backup row, the phones' strip and sheets, the
        shell's own taps over the page (the sheets, the header's buttons, Back, Home: the page's
        ``shell_taps``), else the page itself (``page.tap``, with :attr:`desks` as its
        :class:`~hotseat.pages.PageDesks`). The values typed on screen are read first."""
        self.message = None
        self.notice = None
        self.page.read_fields(tap.fields)
        if self.dialog is not None:
            self.questions.answer(tap)
        elif isinstance(tap, Keeping):
            if not (tap.do == "restore" and self.screen is Screen.HOME and self.questions.closes_table(tap)):
                self.backups.tap(tap)
        elif self.screen is Screen.HOME and self.questions.closes_table(tap):
            return
        elif isinstance(tap, Phones):
            self._phones_tap(tap)
        elif isinstance(tap, self.page.shell_taps):
            self._shell_tap(tap)
        else:
            self.page.tap(tap, self.desks)

    def _phones_tap(self, tap: Phones) -> None:
        """The phones' strip and sheets: "Join a table" at home opens the guest's screen; a guest's
        own (:meth:`hotseat.net.phone_side.PhoneSide.tap`: home when it left the table), the
        host's (:meth:`hotseat.net.host_side.HostSide.tap`)."""
        if not self.tables.phones and tap.do in ("join", "invite"):
            return  # shown disabled: this browser cannot connect phones
        if tap.do == "join" and self.screen is Screen.HOME:
            self.join_table()
            self.page = GuestPage()
        elif self.joined is not None and self.joined.tap(tap):
            self.joined = None  # it left the table
            self.go_home()
        elif self.hosted is not None:
            self.hosted.tap(tap)
        self.message = self.wire.message
        if self.hosted is not None:
            self.hosted.poll()

    def _shell_tap(self, tap: Tap) -> None:
        """The shell's own taps: a screen's Back button, a setting, the players list, the menu
        button, Abandon (its question), Home, the rules sheet, Close."""
        if isinstance(tap, Back):  # a screen's own Back button: what the phone's Back does
            self.back()
        elif isinstance(tap, Setting):
            self.sheets.change(tap.name, tap.value)
        elif isinstance(tap, OpenPlayers):  # from home or the settings sheet; a game stays saved
            self.sheets.settings_open = False
            self._leave()
            self.people.reload()  # another window may have changed them
            self.page = PlayersPage()
        elif isinstance(tap, MenuButton):  # it toggles the settings sheet, over anything
            self.overlays.menu()
        elif isinstance(tap, Abandon):
            if self.games.can_abandon():
                assert self.session is not None, "a game is on screen"
                self.sheets.settings_open = False
                self.dialog = AbandonGame(self.session.game_id)
        elif isinstance(tap, Home):
            self._leave()
        elif isinstance(tap, Rules):
            game_id = tap.game or (self.session.game_id if self.session else None)
            if game_id in pycore.GAMES:  # the same button again closes them
                self.sheets.rules_for = None if self.sheets.rules_for == game_id else game_id
        elif isinstance(tap, CloseSheet):
            self.sheets.close()

    def go_home(self) -> None:
        """The home screen (the game on screen stays saved; its lock is released)."""
        if self.session is not None:  # its line on the home screen, without reading it again
            self.saves.leaving(self.session)
        self.sheets.close()
        self.locks.taking_over = None
        self.page = HomePage()
        self.saves.refresh()

    # ---- the Back button and the Escape key --------------------------------------------------

    def layers(self) -> tuple[str, ...]:
        """The sheets and the question open over the screen, the one on top last
        (:meth:`hotseat.overlays.Overlays.layers`)."""
        return self.overlays.layers()

    def escape(self) -> bool:
        """The Escape key: the sheet or question on top closes as Back would close it (a question
        as Keep answers it); ``False`` when none is open (Escape then does nothing)."""
        return bool(self.layers()) and self.back()

    def back_target(self) -> str | None:
        """What the browser's (or Android's) Back button does now, or ``None`` to leave the app.

        In order: ``"dialog"`` closes the open question (as Keep would), ``"rules"`` closes the
        rules sheet, ``"settings"`` the settings sheet, ``"undo"`` takes back a chosen but
        unconfirmed pick, ``"take_back"`` is "Undo my move" on the hand-off screen after a move at
        a shared phone (:meth:`hotseat.take_back.TakeBack.offered`), ``"home"`` goes from
        setup, a game, the recovery screen (as Keep would, leaving the save where it is) or the
        "open in another window" screen to the home screen. ``None`` only on the home screen with
        nothing open: Back then leaves the app, which loses nothing. Under the layers, the page
        says (``page.back_target``).
        """
        layers = self.layers()
        return layers[-1] if layers else self.page.back_target()

    def back(self) -> bool:
        """Do what :meth:`back_target` says; ``False`` when there was nothing to go back from."""
        target = self.back_target()
        self.message = None
        self.notice = None
        if target is None:
            return False
        if target in LAYERS:
            self.overlays.close(target)
        elif target in ("undo", "take_back"):
            assert self.session is not None, "Back takes a move back only on the game screen"
            play_tap(self.session, Flow("undo") if target == "undo" else TakeBack())
        else:
            game = self.session.game_id if self.session is not None else None
            self.route(Home())
            slot = self.saves.slot(game) if game else None
            if slot is not None and slot.error is None and self.notice is None:
                self.notice = _("Your game is saved. Tap Continue to play on.")
        return True

    def page_restored(self) -> None:
        """The browser brought the page back from its back/forward cache (the player left the app,
        e.g. with Back, and came back with Forward): whoever holds the phone now, a private view
        must not be on screen (see :meth:`page_hidden`)."""
        self.page_hidden()

    def page_hidden(self) -> bool:
        """The page was hidden (phone locked, app switched): a private view goes behind the curtain
        for the same player, an unconfirmed pick is dropped (:meth:`hotseat.curtain.Curtain.hide_private_view`).
        Returns whether anything private was on screen."""
        self.dialog = None
        self.sheets.settings_open = False
        if self.session is None:
            return False
        return self.session.curtain.hide_private_view()

    # ---- setup -------------------------------------------------------------------------------

    def _leave(self) -> None:
        """Home from the screen on display (it stays saved): a phone at another's table leaves it;
        a table hosted here stays open for its connected phones (:meth:`hotseat.game_desk.GameDesk.step_away`)."""
        if self.screen is Screen.GUEST:
            self.leave_table()
        else:
            self.games.step_away()
        self.go_home()

    # ---- time --------------------------------------------------------------------------------

    def delay_ms(self) -> int | None:
        """Milliseconds until :meth:`tick`, or ``None``. A reveal's steps and a bot's visible turn
        follow the "Animation" setting (:data:`hotseat.game_desk.PACE_SCALE`); a game's own beat (the app narrator's
        tempo, an option of the game) does not."""
        covered = self.sheets.open or self.overlays.story() is not None or self.dialog is not None
        if self.session is not None and not covered:
            return self.games.delay_ms(self.session, self.sheets.settings.animation)
        if self.joined is not None and self.screen is Screen.GUEST and not self.sheets.open:
            return self.joined.delay_ms()
        if self.screen is Screen.HOME and not covered and self.saves.missing_detail() is not None:
            return HOME_DETAIL_MS  # not under a sheet: its redraw would move what the player reads
        return None

    def tick(self) -> bool:
        """The timer's tick; False when nothing on screen changed (no need to draw)."""
        if self.session is not None:
            return self.games.tick(self.session)
        if self.joined is not None and self.screen is Screen.GUEST:
            self.joined.tick()
        elif self.screen is Screen.HOME:
            self.saves.read_detail()
        return True

    # ---- drawing -----------------------------------------------------------------------------

    def render(self) -> Markup:
        """The markup of the whole app for ``<main id="app">``.

        The one guard around every draw: an error nobody foresaw while drawing a game shows the
        recovery screen for its save (which stays where it is), never a traceback.
        """
        try:
            return self._render()
        except Exception as exc:
            game = self.session.game_id if self.session is not None else None
            if game is not None:
                reason = _("its screen could not be drawn ({problem})").format(problem=problem(exc))
                self.saves.open_recovery(slot_key(game), game, reason, readable=True)
            else:
                self.go_home()
                self.message = _("Something went wrong ({error}).").format(error=problem(exc))
            try:
                return self._render()
            except Exception as again:
                return screens.last_resort(problem(again))

    def _render(self) -> Markup:
        page = self.page.render(self.desks)  # each page draws itself
        extra = []
        if self.session is not None and self.hosted is not None:
            if not self.session.curtain.private_on_screen:
                extra.append(self.hosted.strip())
            extra.append(self.hosted.sheet_markup())
        if self.message:
            extra.append(screens.toast(self.message))
        elif self.notice:
            extra.append(screens.toast(self.notice, info=True))
        extra.append(self.page.over_sheet())
        extra.append(self.sheets.markup(home=self.screen is not Screen.HOME, abandon=self.games.can_abandon()))
        extra.append(self.questions.markup())
        return fragment(page, extra)
