"""The app's screens as typed objects: one object per screen, holding that screen's own state.

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps exactly one of them
(``Controller.page``) and routes taps to it, so a state that belongs to one screen (a setup's
choices, a recovery's save, the story over a game) cannot outlive it or sit beside another
screen's. A screen's :class:`Screen` value names it (``Controller.screen``, and the ``screen``
of the page's frame where the screen draws one).

* :class:`HomePage`: the games, the games in progress, the saves set aside.
* :class:`SetupPage`: the table being set up (seat count, names, kinds, options).
* :class:`GamePage`: the game at this phone (a :class:`~hotseat.session.Session`) and its story
  (the story sheet over the table, or the replay after the game: :class:`StoryOpen`).
* :class:`GuestPage`: this phone at another's table (the state is :class:`hotseat.net.phone_side.PhoneSide`'s).
* :class:`RecoveryPage`: a save that cannot be opened, with Keep / Download / Delete.
* :class:`ElsewherePage`: another window plays this game.
* :class:`PlayersPage`: the players remembered on this phone, and a rename in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pycore
from pycore.registry import GAME_INFO

from . import cues, players_screen, screens, setup_screen, story
from .bounded import ascii_int
from .dialogs import PlayerQuestion
from .game_screen import Around, CurtainUp, GameScreen
from .i18n import gettext as _
from .markup import Markup, h
from .names import NameError_, check_table, clean_name, default_names, look_alike, seat_names
from .phase import Phase
from .players import Players, PlayersError
from .seats import BOT_LEVELS, GUEST, HUMAN
from .setup_state import SetupState
from .taps import (
    Abandon,
    Back,
    Chip,
    CloseSheet,
    Count,
    Flow,
    FlowTap,
    GameOption,
    GameTap,
    Home,
    MenuButton,
    NewGame,
    OpenPlayers,
    PlayerTap,
    Recover,
    Rematch,
    Resume,
    Rules,
    SavedFile,
    SeatKind,
    Setting,
    ShowCards,
    Start,
    Story,
    TableScreen,
    TakeBack,
    TakeOver,
    Tap,
)

if TYPE_CHECKING:
    from pycore import Game

    from .session import Session


class Screen(StrEnum):
    """Which screen is up (:attr:`hotseat.controller.Controller.screen`)."""

    HOME = "home"
    SETUP = "setup"
    GAME = "game"
    GUEST = "guest"
    RECOVERY = "recovery"
    ELSEWHERE = "elsewhere"
    PLAYERS = "players"


def game_info(game_id: str) -> tuple[str, int, int]:
    """``(name, min_players, max_players)`` of a registered game (``pycore.registry.GAME_INFO``, so
    the home screen imports no game module; a game missing there is loaded to ask it)."""
    if game_id in GAME_INFO:
        return GAME_INFO[game_id]
    game = pycore.load_game(game_id)
    return game.name, game.min_players, game.max_players


#: the shell's own taps (the sheets, the header's buttons, Back and Home): the shell takes them
#: over most pages (:attr:`PageBase.shell_taps`), the page takes every other tap
SHELL_TAPS: tuple[type[Tap], ...] = (Back, Setting, OpenPlayers, MenuButton, Abandon, Home, Rules, CloseSheet)


class PageDesks(Protocol):
    """What the pages hand a tap on to (:class:`hotseat.desks.Desks`, over the controller's
    desks): the work that outlives the page (a game resumed or started, a save written, a player
    renamed)."""

    @property
    def players(self) -> Players: ...

    def resume(self, game: str) -> None:
        """Continue ``game``'s game in progress (a listed game only)."""

    def new_game(self, game: str) -> None:
        """The setup of ``game`` (a listed game only; first the "replace" question if need be)."""

    def saved_file(self, tap: Recover | SavedFile) -> None:
        """Home's taps on what cannot be opened (a recovery screen, a set-aside save)."""

    def start(self, page: SetupPage) -> None:
        """ "Start game" on ``page``."""

    def rematch(self) -> None:
        """ "Rematch" after the game on screen."""

    def game_tapped(self) -> None:
        """After a tap on the game screen: a refused move said, the phones' held actions."""

    def recovery(self, page: RecoveryPage, tap: Tap) -> None:
        """A tap on the recovery screen ``page``."""

    def guest(self, tap: Story | FlowTap) -> None:
        """A tap on this phone's game screen at another's table."""

    def take_over(self, game: str) -> None:
        """ "Play here instead" for ``game``."""

    def player(self, page: PlayersPage, tap: PlayerTap) -> None:
        """A tap on the players list ``page``."""

    def home_screen(self) -> Markup:
        """The home screen's markup (its state is the saves desk's)."""
        ...

    def setup_screen(self, page: SetupPage) -> Markup:
        """The setup screen of ``page``."""
        ...

    def guest_screen(self) -> Markup:
        """This phone's screen at another's table (the home screen when it is at none)."""
        ...

    def game_screen(self, page: GamePage) -> Markup:
        """The game screen of ``page``, with the table hosted here for its phones."""
        ...


class PageBase:
    """What every page has: ``kind`` names it; ``shell_taps`` are the taps the shell takes over
    this page (the rest come to :meth:`tap`); each page draws itself (``render(to)``, reading what
    another desk keeps from its :class:`PageDesks`)."""

    kind: ClassVar[Screen]
    shell_taps: ClassVar[tuple[type[Tap], ...]] = SHELL_TAPS

    def read_fields(self, fields: Mapping[str, str]) -> None:
        """The values typed on screen, read before every tap on this page (by setup only)."""

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """A tap on this page (not one of :attr:`shell_taps`); a tap it has no use for changes nothing."""

    def over_sheet(self) -> Markup | None:
        """The sheet this page draws over itself (the game's story), else ``None``."""
        return None

    def back_target(self) -> str | None:
        """What Back does on this page with nothing open over it: ``"home"`` (``None`` on the
        home screen: Back leaves the app; the game screen may first take a move back)."""
        return "home"


@dataclass
class HomePage(PageBase):
    """The home screen: its own state is the saves desk's (its lines on the games)."""

    kind: ClassVar[Screen] = Screen.HOME

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """Continue, New game, and the taps on what cannot be opened."""
        if isinstance(tap, Resume):
            to.resume(tap.game)
        elif isinstance(tap, NewGame):
            to.new_game(tap.game)
        elif isinstance(tap, (Recover, SavedFile)):
            to.saved_file(tap)

    def render(self, to: PageDesks) -> Markup:
        return to.home_screen()

    def back_target(self) -> str | None:
        return None


def default_seat_name(seat: int) -> str:
    """Setup's name for an untouched seat ("Player 3"): never remembered as a player's name."""
    return _("Player {n}").format(n=seat + 1)


@dataclass
class SetupPage(PageBase):
    """``setup``: the setup screen's choices (:class:`~hotseat.setup_state.SetupState`; its
    ``table``: "This screen is the table", every person on their own phone). ``offered``: the seat
    kinds this phone offers for the game (a person here first, then bots and a player's own
    phone)."""

    setup: SetupState
    offered: list[str]
    kind: ClassVar[Screen] = Screen.SETUP

    @classmethod
    def new(cls, game: Game[Any], offered: list[str], players: Players) -> SetupPage:
        """The setup of ``game``: three seats where it allows (its fewest otherwise), or the
        game's last table on this phone, if remembered: its size, names and seat kinds (a kind
        this phone cannot offer now, e.g. a bot without bots, becomes a person's seat)."""
        page = cls(
            SetupState(
                game.id,
                max(game.min_players, min(3, game.max_players)),
                [default_seat_name(i) for i in range(game.max_players)],
                [HUMAN] * game.max_players,
                {name: opt.default for name, opt in game.options.items()},
            ),
            offered,
        )
        st = page.setup
        table = players.tables.get(game.id)
        if table:
            st.n = max(game.min_players, min(game.max_players, len(table)))
            for i, seat in enumerate(table[: game.max_players]):
                if seat.name is not None:
                    st.names[i] = seat.name
                st.kinds[i] = seat.kind if seat.kind in offered else HUMAN
            page.name_seats()
        return page

    def read_fields(self, fields: Mapping[str, str]) -> None:
        """The values typed on screen (``name-<seat>``, ``opt-<name>``), as they are."""
        st = self.setup
        for key, value in fields.items():
            seat = ascii_int(key[5:], 2) if key.startswith("name-") else None
            if seat is not None and seat < len(st.names):
                st.names[seat] = value
            elif key.startswith("opt-"):
                st.raw[key[4:]] = value
                st.opts[key[4:]] = value

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """ "Start game" (handed on), "This screen is the table" (:meth:`table_tap`), or a change
        of the table (:meth:`change`)."""
        if isinstance(tap, Start):
            to.start(self)
        elif isinstance(tap, TableScreen):
            self.setup.error = None
            self.table_tap(tap.on)
        elif isinstance(tap, (Count, SeatKind, GameOption, Chip)):
            self.change(tap, pycore.load_game(self.setup.game), to.players)

    def render(self, to: PageDesks) -> Markup:
        return to.setup_screen(self)

    def change(self, tap: Count | SeatKind | GameOption | Chip, game: Game[Any], players: Players) -> None:
        """:class:`~hotseat.taps.Count` (one seat more or less, within the game's limits),
        :class:`~hotseat.taps.SeatKind` (a seat's kind among :attr:`offered`; never a person here
        while this screen is the table), :class:`~hotseat.taps.GameOption` (an option of the
        game), :class:`~hotseat.taps.Chip` (a recent name, :meth:`chip_tap`); anything else
        changes nothing."""
        st = self.setup
        st.error = None
        if isinstance(tap, Count):
            st.n = max(game.min_players, min(game.max_players, st.n + tap.delta))
        elif isinstance(tap, SeatKind):
            if 0 <= tap.seat < st.n and tap.kind in self.offered:
                if tap.kind == HUMAN and st.table:
                    return  # nobody plays at the table screen: its button is not drawn either
                st.kinds[tap.seat] = tap.kind
                self.name_seats()
        elif isinstance(tap, GameOption):
            if tap.name in game.options:
                st.opts[tap.name] = tap.value
        else:
            self.chip_tap(tap.name, game, players)

    def table_tap(self, on: bool) -> None:
        """ "This screen is the table" switched ``on`` (True) or off (False; anything else changes
        nothing, as does a phone that offers no phones' seats). On, every seat of a person here,
        the seats not shown yet included, becomes a seat on its player's own phone (bots stay
        bots); off, the seats stay as they are."""
        st = self.setup
        if on not in (True, False) or GUEST not in self.offered:
            return
        st.table = on
        if on:
            st.kinds = [GUEST if kind == HUMAN else kind for kind in st.kinds]
            self.name_seats()

    def table_offer(self) -> str | None:
        """How setup offers "This screen is the table": ``None`` (this phone offers no phones'
        seats for the game), ``"on"``, ``"suggested"`` (off, but every seat is already a phone's
        or a bot's: nobody plays at this screen) or ``"off"``."""
        st = self.setup
        if GUEST not in self.offered:
            return None
        if st.table:
            return "on"
        return "suggested" if all(kind != HUMAN for kind in st.kinds[: st.n]) else "off"

    def options(self, game: Game[Any]) -> dict[str, Any]:
        """The setup's option values as the engine wants them; ``ValueError`` with a player message."""
        options = {}
        for name, opt in game.options.items():
            value = self.setup.opts.get(name, opt.default)
            if isinstance(value, str) and not (opt.choices is not None and value in opt.choices):
                text = value.strip()
                if text == "":
                    value = opt.default
                else:
                    number = ascii_int(text.removeprefix("-"), 9)
                    if number is None:
                        label = setup_screen.option_label(name)
                        raise ValueError(_("{label}: enter a whole number").format(label=label))
                    value = -number if text.startswith("-") else number
            try:
                options[name] = opt.check(value)
            except ValueError:
                limits = ""
                if opt.minimum is not None and opt.maximum is not None:
                    limits = _(" ({a} to {b})").format(a=opt.minimum, b=opt.maximum)
                raise ValueError(
                    _("{label}: this value is not allowed{limits}").format(
                        label=setup_screen.option_label(name), limits=limits
                    )
                ) from None
        return options

    def table(self, game: Game[Any]) -> tuple[list[dict[str, str]], dict[str, Any], list[str]] | None:
        """ "Start": ``(seats, options, the names as typed)`` for the session, or ``None`` with
        the problem in ``setup.error`` (an option's value, a name)."""
        st = self.setup
        try:
            options = self.options(game)
        except ValueError as exc:
            st.error = str(exc)
            return None
        self.name_seats()
        if st.table and HUMAN in st.kinds[: st.n]:
            st.error = _("This screen is the table: every player needs a phone of their own or a bot.")
            return None
        raw: list[str] = st.names[: st.n]
        try:
            names = check_table(raw)
        except NameError_ as exc:
            st.error = str(exc)
            return None
        return [{"name": name, "kind": st.kinds[i]} for i, name in enumerate(names)], options, raw

    def name_seats(self) -> None:
        """Name each seat whose name the player has not typed (empty, or a name setup gave) for
        its kind: a bot says it is one and how strong ("Hard bot"), a person's seat is "Player N"
        (:func:`hotseat.names.seat_names`)."""
        st = self.setup
        levels = {f"bot:{level}": level for level in BOT_LEVELS}
        count = min(len(st.names), len(st.kinds))
        names, given = st.names[:count], default_names(count, levels)
        untouched = [clean_name(name) in given or not clean_name(name) for name in names]
        st.names[:count] = seat_names(names, st.kinds[:count], untouched, levels)

    def chips(self, players: Players) -> list[str]:
        """Recent names not seated yet (at most 12, the most recent first)."""
        st = self.setup
        seated = [st.names[i] for i in range(st.n)]
        return [n for n in players.names if not any(look_alike(n, s) for s in seated)][:12]

    def chip_tap(self, name: Any, game: Game[Any], players: Players) -> None:
        """A recent name's chip: it fills the first seat of a person whose name is empty or still
        setup's "Player N" (a seat is added when every seat has a name and the game allows one)."""
        st = self.setup
        if name not in self.chips(players):
            return
        for i in range(st.n):
            text = clean_name(st.names[i])
            if st.kinds[i] in (HUMAN, GUEST) and (not text or text == default_seat_name(i)):
                st.names[i] = name
                return
        if st.n < game.max_players:
            st.n += 1
            st.names[st.n - 1] = name
            st.kinds[st.n - 1] = GUEST if st.table else HUMAN
            return
        st.error = _("Every seat has a name: clear one to seat {name}.").format(name=name)


@dataclass
class StoryOpen:
    """The game's story on screen: the sheet (``step`` ``None``) or step ``step`` of the replay."""

    step: int | None = None


def play_tap(session: Session, tap: ShowCards | TakeBack | FlowTap) -> None:
    """A tap on the game screen of ``session``: "Show my cards" and "Undo my move" on its curtain
    here, the rest to its turn flow (:meth:`hotseat.turn_flow.TurnFlow.tap`: the view's own taps,
    Undo, Confirm, Next round, details, Skip). A refused move sets ``session.error``."""
    session.error = None
    if isinstance(tap, ShowCards):
        if session.phase is Phase.CURTAIN:
            session.take_back.drop()  # the next player sees their cards: the move stands
            session.curtain.show()
    elif isinstance(tap, TakeBack):
        if session.take_back.offered():
            session.take_back.take()
    else:
        session.flow.tap(tap)


@dataclass
class GamePage(PageBase):
    """The game at this phone, and its story when open (a new game, a rematch included, is a new
    page: a story opened for another game is never shown over this one)."""

    session: Session
    story: StoryOpen | None = None
    kind: ClassVar[Screen] = Screen.GAME

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """The story (:meth:`story_tap`), Rematch after the game, the rest to the game screen
        (:func:`play_tap`)."""
        if isinstance(tap, Story):
            self.story_tap(tap)
        elif isinstance(tap, Rematch):
            if self.session.phase is Phase.OVER:
                to.rematch()
        elif isinstance(tap, (ShowCards, TakeBack, Flow, GameTap)):
            play_tap(self.session, tap)
            to.game_tapped()

    def story_tap(self, tap: Story) -> None:
        """``open`` the story (any time), ``close`` it, ``replay`` (after the game: step 1 of the
        replay), ``step`` to step ``to`` of the replay. A replay before the game is over, or a
        step it has not, changes nothing."""
        s = self.session
        do = tap.do
        if do == "open":
            self.story = StoryOpen()
        elif do == "close":
            self.story = None
        elif do in ("replay", "step") and s.phase is Phase.OVER and s.log.history:
            total = len(self.story_steps())
            to = tap.to if do == "step" else 0
            if 0 <= to < total:
                self.story = StoryOpen(to)

    def render_table(self, waiting: str | None = None, phones: list[int] | None = None) -> Markup:
        """The game screen (:class:`hotseat.game_screen.GameScreen`) of the session's phase, with
        what differs at this phone's table (``waiting``: the header line while the table waits
        for phones; ``phones``: the seats whose phones are connected)."""
        return GameScreen(self.session).draw(self.around(waiting, phones))

    def around(self, waiting: str | None = None, phones: list[int] | None = None) -> Around:
        """What lies around the game screen at this phone's table (:class:`hotseat.game_screen.Around`):
        the curtain and "Undo my move", whether a hand is on screen, a bot thinking, the table
        waiting for phones, on the table screen who of the players on the connected ``phones`` is
        ready for the next round, the standings, Rematch and Home and the replay after the game, the sound cues of
        the people at this phone."""
        s = self.session
        names = s.names
        around = Around(s.game_id, private=s.curtain.private_on_screen, cue=cues.table_cue(s))
        if s.phase is Phase.CURTAIN:
            seat = s.curtain.seat
            assert seat is not None, "the curtain is for a player"
            mover = s.take_back.mover
            around.curtain = CurtainUp(names[seat], s.curtain.holds_phone, names[mover] if mover is not None else None)
        elif s.phase is Phase.BOT:
            bot = s.bot_seat
            assert bot is not None, "a bot is thinking"
            around.status = _("{name} is thinking…").format(name=names[bot])
        elif s.phase is Phase.WAIT:
            around.status = waiting
        elif s.phase in (Phase.SUMMARY, Phase.OVER):
            if s.phase is Phase.SUMMARY and s.table_screen:  # the phones close it: who has
                guests = [p for p in phones or [] if p in s.phones.guests]
                around.ready = [(names[p], p in s.flow.ready) for p in guests]
            around.returns = s.state.returns() if s.phase is Phase.OVER else []
            around.winners = s.winners()
            around.after = h("div", {"class": "actions"}, story.replay_button())
        return around

    @property
    def replaying(self) -> bool:
        """Whether the replay after the game is on screen (not the table)."""
        return self.story is not None and self.story.step is not None

    def story_steps(self) -> list[int]:
        s = self.session
        return story.steps(s.view, s.log.history, s.context(None, for_screen=False), s.state.public_observation())

    def story_sheet(self) -> Markup:
        s = self.session
        return story.story_sheet(s.story(), s.log.begins_later, over=s.phase is Phase.OVER and bool(s.log.history))

    def render_replay(self) -> Markup:
        """The replay after the game at its step: the move's story lines, then the public table
        after it (or, for a move that ended a round, the round's result)."""
        s = self.session
        assert self.story is not None and self.story.step is not None, "the replay is on screen"
        view = s.view
        step = self.story.step
        steps = self.story_steps()
        index = steps[step]
        move = s.log.history[index]
        table = s.state.public_observation()
        ctx = s.context(None, for_screen=False)
        lines = story.lines_of(view, move, ctx, table)
        chapters = s.story()
        round_of = {i: c.number for c in chapters for i, _line in c.lines}
        number = round_of.get(index, chapters[-1].number)
        next_round = next((k for k in range(step + 1, len(steps)) if round_of.get(steps[k], number) != number), None)
        obs = s.log.replay(index)
        ctx.events = move.events
        if view.ends_round(move.events):
            start = max((i + 1 for i in range(index) if view.ends_round(s.log.history[i].events)), default=0)
            ctx.round_events = [e for m in s.log.history[start : index + 1] for e in m.events if view.round_log(e)]
            shown = view.round_summary_html(obs, ctx)
        else:
            shown = view.render(obs, ctx)
        body = story.replay_body(step, len(steps), number, lines, shown, next_round)
        return screens.frame(body, _("Replay"), screen="replay", rules_game=s.game_id, table=s.table_screen)

    def render(self, to: PageDesks) -> Markup:
        """The game screen (:meth:`render_replay` or :meth:`render_table`, drawn with the table
        hosted here for its phones: :meth:`hotseat.game_desk.GameDesk.render`)."""
        return to.game_screen(self)

    def over_sheet(self) -> Markup | None:
        """The story sheet, when it is open over the table (not the replay)."""
        return self.story_sheet() if self.story is not None and self.story.step is None else None

    def back_target(self) -> str | None:
        """``"undo"`` takes back a chosen but unconfirmed pick, ``"take_back"`` is "Undo my move"
        on the hand-off screen (:meth:`hotseat.take_back.TakeBack.offered`), else ``"home"``."""
        if self.session.phase is Phase.TURN and self.session.flow.pending is not None:
            return "undo"
        if self.session.take_back.offered():
            return "take_back"
        return "home"


@dataclass
class GuestPage(PageBase):
    """This phone at another's table (its state is the phones' side's); Back and Abandon are
    not the shell's here."""

    kind: ClassVar[Screen] = Screen.GUEST
    shell_taps: ClassVar[tuple[type[Tap], ...]] = (Setting, OpenPlayers, MenuButton, Home, Rules, CloseSheet)

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """The story and the game screen's taps, to the game at the host's table."""
        if isinstance(tap, (Story, Flow, GameTap)):
            to.guest(tap)

    def render(self, to: PageDesks) -> Markup:
        return to.guest_screen()


@dataclass
class RecoveryPage(PageBase):
    """The save under ``key`` (of ``game``, when known) cannot be opened because of ``reason``;
    ``readable``: the save itself read fine (a bug drawing it), so Keep leaves it where it is."""

    key: str
    game: str | None
    reason: str
    readable: bool
    kind: ClassVar[Screen] = Screen.RECOVERY
    #: every tap is the recovery screen's (Home keeps the save where it is)
    shell_taps: ClassVar[tuple[type[Tap], ...]] = ()

    def tap(self, tap: Tap, to: PageDesks) -> None:
        to.recovery(self, tap)

    def render(self, to: PageDesks) -> Markup:
        return screens.recovery(game_info(self.game)[0] if self.game in pycore.GAMES else None, self.reason)


@dataclass
class ElsewherePage(PageBase):
    """Another window plays ``game``; ``changed``: it wrote the save after this window read it
    (a move made here was not saved); ``replaced``: it stored another save of the game while it
    was on screen here (a restored backup, a move there), this window was told at once."""

    game: str
    changed: bool
    replaced: bool = False
    kind: ClassVar[Screen] = Screen.ELSEWHERE

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """ "Play here instead"."""
        if isinstance(tap, TakeOver):
            to.take_over(self.game)

    def render(self, to: PageDesks) -> Markup:
        return screens.elsewhere(game_info(self.game)[0], self.changed, self.replaced)


@dataclass
class PlayersPage(PageBase):
    """``edit``: ``{"name", "error"}`` while a name is being renamed, else ``None``."""

    edit: dict[str, Any] | None = field(default=None)
    kind: ClassVar[Screen] = Screen.PLAYERS

    def tap(self, tap: Tap, to: PageDesks) -> None:
        """The list's own taps, handed to the players desk (which stores what :meth:`change` made)."""
        if isinstance(tap, PlayerTap):
            to.player(self, tap)

    def change(self, tap: PlayerTap, players: Players) -> tuple[Players | None, PlayerQuestion | None]:
        """``rename``/``save``/``cancel`` rename a name (checked as setup's names; ``save`` reads
        the ``pl-name`` field), ``forget``/``clear`` ask first. Returns the players to store (a
        rename made) and the question to ask, each or ``None``."""
        name = tap.name
        if tap.do == "rename" and players.knows(name):
            self.edit = {"name": name, "error": None}
        elif tap.do == "cancel":
            self.edit = None
        elif tap.do == "save" and self.edit is not None:
            new = tap.fields.get("pl-name")
            try:
                renamed = players.renamed(self.edit["name"], new)
            except PlayersError as exc:
                self.edit = {"name": self.edit["name"], "error": str(exc)}
                return None, None
            self.edit = None
            return renamed, None
        elif tap.do in ("forget", "clear") and name is not None and players.knows(name):
            self.edit = None
            return None, PlayerQuestion("pl_forget" if tap.do == "forget" else "pl_clear", name)
        return None, None

    def render(self, to: PageDesks) -> Markup:
        """The list: every remembered name (recent ones first) with its statistics per registered
        game it played."""
        players = to.players
        entries = []
        names = list(players.names) + sorted(n for n in players.stats if n not in players.names)
        for name in names:
            played = players.stats.get(name, {})
            rows = [(game_info(g)[0], played[g]) for g in pycore.GAMES if g in played]
            entries.append({"name": name, "stats": rows})
        return players_screen.players_list(entries, self.edit)


Page = HomePage | SetupPage | GamePage | GuestPage | RecoveryPage | ElsewherePage | PlayersPage
