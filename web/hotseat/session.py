"""The pass-and-play controller of one game: seats, state, curtain, pending picks, bots, saves.

Pure Python (no browser): the shell (:mod:`hotseat.controller`) calls :meth:`Session.tap` with
the parsed ``data-tap`` dict of a tapped element, :meth:`Session.tick` when the delay returned by
:meth:`Session.delay_ms` has passed (paced reveals, bot turns), and :meth:`Session.screen` to
know what to draw. The rules it implements:

* **Curtain.** In a game with hidden information, when the next human to act is not the human
  who holds the phone (the last one whose private view was shown), the curtain "Pass the phone to
  NAME" comes first; it renders nothing private. A human who acts twice in a row gets no curtain.
  With only one human at the table, no curtain ever: the screen is always that human's view.
  After a reload the holder is unknown, so the next human always gets the curtain. A hand never
  appears on a screen the whole table was just watching (a paced reveal, a bot's turn, a round
  summary, a public choice) without its player's curtain, the holder's own included ("Cards
  hidden for NAME"). The curtain and the phone's holder are :attr:`Session.curtain`'s
  (:mod:`hotseat.curtain`).
* **Public choice.** At a phone people share, a choice that needs nothing private (the view's
  ``public_choice``: 6 nimmt!'s row to take) is made on the public table, with no curtain and no
  hand in the document (:attr:`Session.actor` chooses; :attr:`Session.viewer` is ``None``); the
  chooser's curtain comes only when their hand is next needed.
* **Order.** In a simultaneous phase humans choose first, in seat order starting after the holder
  (so the phone goes round the table), then the bots think, visibly, before the reveal.
* **Bots** think in :mod:`hotseat.bot_turns` (:attr:`Session.bots`): a bot's turn in slices
  (the app draws between them), its secret simultaneous choice thought out ahead while the
  people choose theirs, always the choice it would make cold.
* **The turn flow** (tap, legal, pending, commit, reveal, summary) is :mod:`hotseat.turn_flow`'s,
  the same as on a phone at another's table: this session is its local source. A reveal plays
  out on the public view (or the sole human's view), from the observation taken before the move.
* **Undo my move.** At a phone people share, the player who just moved may take the move back
  on the hand-off screen until the next player shows their cards (:attr:`Session.take_back`);
  in a game with hidden cards their own hand-off screen comes back first, never their hand.
* **Phones** (seat kind :data:`~hotseat.seats.GUEST`): the seat is played on its own phone (:mod:`hotseat.net`);
  the session stays the only authority. Such a seat acts after the humans at this phone and the
  bots; while the table waits only for phones the screen is :attr:`Phase.WAIT` (the public table,
  or the sole human's view). Their actions arrive, and a phone away is stood in for, through
  :attr:`Session.phones` (:mod:`hotseat.phone_seats`).
* **The table screen** (:attr:`Session.table_screen`): this screen is the table in the middle
  that every player looks at, each playing on their own phone. It seats no person here (every
  seat is a phone's or a bot's, and a phone away is stood in for by a bot only), so it only ever
  shows the public view; every drawing of the game gets ``table_screen=True`` in its context.
* **Saves** are apart from play (:mod:`hotseat.session_save`): the session keeps the move log
  they need (:attr:`Session.log`, :mod:`hotseat.move_log`) and calls :attr:`Session.on_applied`
  after every applied move to have it saved.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pycore
from pycore.rng import Rng

from . import story
from .bot_turns import BotHook, BotTurns, SlicedSearch, is_bot
from .curtain import Curtain
from .move_log import MoveLog
from .phase import Phase
from .phone_seats import PhoneSeats
from .seats import HUMAN, bots_for, check_seats, is_guest
from .story import Move
from .take_back import TakeBack
from .turn_flow import TurnFlow
from .views import TableState, load_view
from .views.base import ViewContext

__all__ = ["Phase", "Session", "TableState", "load_view"]  # Phase, TableState, load_view: named here too


def default_bot_hook() -> BotHook | None:
    """The bot hook backed by ``pycore.bots`` (sliced ``Search``), or ``None`` without bots."""
    try:
        bots = importlib.import_module("pycore.bots")
    except ImportError:
        return None

    return _BotsHook(bots)


class _BotsHook:
    """The bot hook of :func:`default_bot_hook`: called as a :data:`BotHook`, plus ``start`` (a
    sliced search), ``prepare`` (import a game's bot module ahead) and ``games``."""

    def __init__(self, bots: Any) -> None:
        self.bots = bots
        self.games = tuple(getattr(bots, "BOT_GAMES", ()))

    def __call__(
        self, game: Any, obs: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, budget: float, level: str
    ) -> dict[str, Any]:
        action: dict[str, Any] = self.bots.choose_action(game, obs, legal, rng, time_budget=budget, level=level)
        return action

    def start(
        self, game: Any, obs: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, level: str, budget: float
    ) -> SlicedSearch:
        search: SlicedSearch = self.bots.Search(game, obs, legal, rng, level=level, time_budget=budget)
        return search

    def prepare(self, game_id: str) -> None:
        if game_id in self.games:
            self.bots.bot_module(game_id)

    def ponder(self) -> Any:
        """A new ``pycore.bots.Ponder`` (the bots' secret choices thought out ahead)."""
        return self.bots.Ponder()

    def secret_choice(self, game: Any, obs: dict[str, Any]) -> bool:
        """Whether ``obs`` shows its seat a secret simultaneous choice still to make."""
        secret: bool = self.bots.secret_choice(game, obs)
        return secret


class Session:
    """One game at one table. See the module docstring for the rules it follows.

    Attributes:
        phase: a :class:`Phase`: the curtain for ``curtain.seat``, ``viewer``'s turn, a reveal,
            ``bot_seat`` thinking, the round summary, game over. Callers change it only through
            the methods (:meth:`tap`, :meth:`tick`, and :attr:`curtain`'s).
        viewer: seat whose private view is on screen, or ``None`` for the public view.
        public_actor: on a :attr:`Phase.TURN` with ``viewer`` None, the seat choosing on the
            public table (a choice that needs nothing private), else ``None``; see :attr:`actor`.
        flow: the turn flow (:mod:`hotseat.turn_flow`): its ``pending`` pick, the selection in
            progress (``local``), the paced ``reveal``.
        events: events of the last applied action.
    """

    def __init__(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        seed: int,
        options: dict[str, Any] | None = None,
        state: TableState | None = None,
        bot_hook: BotHook | None = None,
        summary_due: bool = False,
        events: list[dict[str, Any]] | None = None,
        round_events: list[dict[str, Any]] | None = None,
        log: tuple[str, list[dict[str, Any]]] | None = None,
        history: list[Move] | None = None,
        table_screen: bool = False,
    ) -> None:
        self.game = pycore.load_game(game_id)
        self.game_id = game_id
        self.bot_hook = bot_hook
        self.seats = check_seats(self.game, seats, bots_allowed=True)
        if table_screen is not False and table_screen is not True:
            raise ValueError("table_screen must be True or False")
        if table_screen and any(s["kind"] == HUMAN for s in self.seats):
            raise ValueError("a table screen seats nobody at it: every person plays on their own phone")
        #: this screen is the table in the middle: public view only (see the module docstring)
        self.table_screen = table_screen
        if any(is_bot(s["kind"]) for s in self.seats) and not bots_for(game_id, bot_hook):
            raise ValueError("this table has bot seats but no bots are available for this game")
        self.seed = seed
        self.options = self.game.resolve_options(options)
        self.state: TableState = state if state is not None else self._initial()
        try:
            self.view = load_view(game_id)
        except ImportError:
            raise ValueError(f"this app has no table screen for {self.game.name} yet") from None
        self.phase = Phase.CURTAIN
        self.viewer: int | None = None
        self.public_actor: int | None = None
        self.bot_seat: int | None = None
        #: the hand-off curtain: whom it is up for, and who holds the phone
        self.curtain = Curtain(self)
        #: the turn flow (selection, pending pick, reveal, summary) over this table
        self.flow = TurnFlow(self, summary=summary_due)
        #: the move a player at this shared phone may still take back ("Undo my move" on the
        #: hand-off screen, :mod:`hotseat.take_back`)
        self.take_back = TakeBack(self)
        self.events: list[dict[str, Any]] = list(events or [])
        #: events of this round the view keeps for its round summary (its ``round_log`` hook)
        self.round_events: list[dict[str, Any]] = list(round_events or [])
        #: the bots' thinking (their turns in slices, their secret choices thought ahead)
        self.bots = BotTurns(self, bot_hook, seed)
        start, moves = log if log is not None else (self.state.to_json(), [])
        #: the moves of the game (as far as the log goes back) and their public events: saved, told
        #: as the story, replayed after the game
        self.log = MoveLog(self.game.state_from_json, self._initial, start, moves, list(history or []))
        #: moves applied since this session was made (a save opened counts from 0): the key of
        #: the last move's cues (:mod:`hotseat.cues`), so a move sounds once and a reload not again;
        #: a move the save refused takes its count back with it, "Undo my move" does not (the
        #: move made instead sounds)
        self.moves_applied = 0
        #: called after every applied move to save it; returns False when the save was refused
        self.on_applied: Callable[[Session], bool | None] | None = None
        self.error: str | None = None
        #: the phones' table (:class:`hotseat.net.host.Host` keeps it): ``{"room": id, "tokens":
        #: {seat: token}}`` saved with the game, so phones rejoin their seats after a reload
        self.net: dict[str, Any] | None = None
        #: the seats played on their own phones: their moves, a phone away (stand-ins)
        self.phones = PhoneSeats(self)
        self.advance()

    def _initial(self) -> TableState:
        """The state this table's game began in."""
        state: TableState = self.game.new_initial_state(len(self.seats), self.seed, self.options)
        return state

    # ---- seats -------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    @property
    def kinds(self) -> list[str]:
        return [s["kind"] for s in self.seats]

    @property
    def humans(self) -> list[int]:
        """Seats of the humans at this phone (not bots, not the seats on their own phones)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == HUMAN]

    @property
    def sole_human(self) -> int | None:
        """The only human seat when there is exactly one (their view is always on screen)."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def actor(self) -> int | None:
        """The seat whose choice the :attr:`Phase.TURN` screen takes: the viewer, or the seat
        choosing on the public table (:attr:`public_actor`); ``None`` on every other screen."""
        if self.phase is not Phase.TURN:
            return None
        return self.viewer if self.viewer is not None else self.public_actor

    def public_turn(self, seat: int) -> bool:
        """Whether ``seat``, a human at this phone people share in a game with hidden cards,
        makes its choice now on the public table: the view says it needs nothing private
        (:meth:`hotseat.views.base.GameView.public_choice`, from the public observation and the
        seat's legal actions). Never with one human at the table (their view is always on screen)."""
        if not self.game.hidden_information or self.sole_human is not None or self.seats[seat]["kind"] != HUMAN:
            return False
        legal = self.legal_actions(seat)
        return bool(legal) and self.view.public_choice(self.state.public_observation(), legal)

    def _table_viewer(self) -> int | None:
        """Whose observation the table shows when nobody is acting privately."""
        if not self.game.hidden_information:
            return None
        return self.sole_human

    # ---- flow --------------------------------------------------------------------------------

    def next_actor(self) -> int | None:
        """The seat the app turns to next: humans at this phone round the table from the holder,
        then bots, then the seats on their own phones (they act on those phones)."""
        acting = self.state.current_players()
        if not acting:
            return None
        n = len(self.seats)
        start = 0 if self.curtain.holder is None else self.curtain.holder + 1
        order = [(start + k) % n for k in range(n)]
        humans = [p for p in order if p in acting and self.seats[p]["kind"] == HUMAN]
        if humans:
            return humans[0]
        bots = [p for p in acting if is_bot(self.seats[p]["kind"])]
        return min(bots) if bots else min(acting)

    def advance(self) -> None:
        """Decide the phase after a change (action applied, reveal done, summary closed)."""
        self.bots.ponder_ahead()
        self._next_phase()
        if self.viewer is None and self.phase is not Phase.CURTAIN:
            # the whole table may look at the public screen now: the next hand comes behind its curtain
            self.curtain.watched = True

    def _next_phase(self) -> None:
        """:meth:`advance`'s choice of the phase and of the view on screen."""
        self.viewer = None
        self.public_actor = None
        self.curtain.seat = None
        self.bot_seat = None
        settled = self.flow.settled_phase()
        if settled is not None:  # a reveal, the round summary, the game's end: as on a phone
            self.phase = settled
            reveal = self.flow.reveal
            self.viewer = reveal.viewer if reveal is not None else self._table_viewer()
            return
        actor = self.next_actor()
        assert actor is not None, "a game that is not over has a player to act"
        if is_guest(self.seats[actor]["kind"]):
            self.phase = Phase.WAIT
            self.viewer = self._table_viewer()
            return
        if is_bot(self.seats[actor]["kind"]):
            self.phase = Phase.BOT
            self.bot_seat = actor
            self.bots.search = None
            self.viewer = self._table_viewer()
            return
        if self.public_turn(actor):
            self.phase = Phase.TURN
            self.public_actor = actor
            return
        curtain = self.curtain
        if self.game.hidden_information and self.sole_human is None and (actor != curtain.holder or curtain.watched):
            self.phase = Phase.CURTAIN
            curtain.seat = actor
            curtain.hidden = False
            return
        self.phase = Phase.TURN
        self.viewer = actor
        curtain.holder = actor
        curtain.watched = False

    # ---- the screen -------------------------------------------------------------------------

    def observation(self, viewer: int | None) -> dict[str, Any]:
        return self.state.public_observation() if viewer is None else self.state.observation(viewer)

    def context(self, viewer: int | None = None, for_screen: bool = True) -> ViewContext:
        """The :class:`ViewContext` for ``viewer`` (default: the one on screen)."""
        seat = viewer
        if for_screen:
            viewer, seat = self.viewer, self.actor
        legal = self.legal_actions(seat) if seat is not None and self.phase is Phase.TURN else []
        ctx = self.flow.context(viewer, legal, for_screen)
        ctx.table_screen = self.table_screen
        return ctx

    def screen_obs(self) -> dict[str, Any]:
        """The observation the view renders now (the pre-action one during a reveal)."""
        return self.flow.screen_obs()

    # ---- the turn flow's source (hotseat.turn_flow.TableSource) --------------------------------

    @property
    def summary_due(self) -> bool:
        """Whether the round summary is due (the turn flow's; saved with the game)."""
        return self.flow.summary

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def acting(self) -> list[int]:
        return self.state.current_players()

    def legal_actions(self, viewer: int) -> list[dict[str, Any]]:
        return self.state.legal_actions(viewer) if viewer in self.acting() else []

    def last_events(self) -> list[dict[str, Any]]:
        return self.events

    def submit(self, player: int, action: dict[str, Any]) -> None:
        """A human's move at this phone: applied and saved; at a phone people share the player
        may take it back (:attr:`take_back`)."""
        self.take_back.keep(player, action)
        self.apply(player, action)
        self.take_back.moved()

    def refused(self) -> None:
        self.error = "That move is not allowed now."

    def reveal_done(self) -> None:
        # The whole table watched the reveal: the next hand, its holder's too, comes behind its
        # curtain (advance); a choice that needs no hand (6 nimmt!'s row, SN-5) is made in public.
        self.advance()

    def summary_closed(self) -> None:
        self.round_events = []  # the next round starts its own round log (the move log goes on)
        self.saved()
        self.advance()

    def apply(self, player: int, action: dict[str, Any]) -> list[dict[str, Any]] | None:
        """Apply ``action`` for ``player``, save, and start the paced reveal of its events.

        Returns the events, or ``None`` when the move was taken back: at a table with seats on
        their own phones (:attr:`keeps_unsaved_moves` is False) a move the save refused is undone
        (the session is as before it), since the phones hear only of saved moves and would
        otherwise never learn that the table now waits for them.
        """
        checkpoint = None if self.keeps_unsaved_moves else self.checkpoint()
        events, before, reveal_viewer = self.apply_logged(player, action)
        if not self.after_move(events, before, reveal_viewer) and checkpoint is not None:
            self.restore(checkpoint)
            return None
        return events

    @property
    def keeps_unsaved_moves(self) -> bool:
        """Whether a move the save refused stays on the table (a table of one phone: the player
        is told it is lost when the page closes) rather than being taken back (a table with
        phones, whose views follow the save)."""
        return not self.phones.seats

    def apply_logged(
        self, player: int, action: dict[str, Any]
    ) -> tuple[list[dict[str, Any]], dict[str, Any], int | None]:
        """Apply ``action`` for ``player`` to the state and log it, nothing else (the caller goes
        on with :meth:`after_move`, or keeps the screen as it is): the events, the observation the
        table showed before the move, and whose it is (``None``: the public one).

        Raises:
            IllegalActionError: the action is not legal (the state is unchanged).
        """
        reveal_viewer = self._table_viewer()
        before = self.observation(reveal_viewer)
        self.log.make_room(self.state, self.view)
        events = self.state.apply_action(player, action)
        self._log_move(player, action, events)
        return events, before, reveal_viewer

    def after_move(self, events: list[dict[str, Any]], before: dict[str, Any], reveal_viewer: int | None) -> bool:
        """The move's events are out: reveal, summary, save, next player; False when the save was
        refused (the move stays applied here)."""
        self.events = events
        self.log_round(events)
        self.flow.after_move(events, before, reveal_viewer, mine=True, legal_before=None)
        kept = self.saved()
        self.advance()
        return kept

    def checkpoint(self) -> dict[str, Any]:
        """Everything a move changes, to take it back (when the save refuses it, "Undo my move"):
        the attributes as they are, with copies of the state and of the lists a move extends."""
        saved = dict(self.__dict__)
        saved["flow"] = self.flow.copy()
        saved["state"] = self.state.clone()
        saved["log"] = self.log.copy()
        saved["curtain"] = self.curtain.copy()
        saved["round_events"] = list(self.round_events)
        return saved

    def restore(self, checkpoint: dict[str, Any], but: tuple[str, ...] = ()) -> None:
        """Back to ``checkpoint`` (:meth:`checkpoint`), except the attributes named in ``but``."""
        self.__dict__.update({k: v for k, v in checkpoint.items() if k not in but})

    def _log_move(self, player: int, action: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self.moves_applied += 1
        self.log.record(player, action, events)

    def story(self) -> list[story.Chapter]:
        """The game's story so far, by round (:func:`hotseat.story.chapters`): the same for every
        viewer, told from the log's history (public events) by the view; the public observation only
        gives what never changes in a game (teams, figures per player)."""
        ctx = self.context(None, for_screen=False)
        return story.chapters(self.view, self.log.history, ctx, self.state.public_observation(), self.log.first_round())

    def log_round(self, events: list[dict[str, Any]]) -> None:
        """Keep the events the view's ``round_log(event)`` wants for the round summary."""
        self.round_events.extend(e for e in events if self.view.round_log(e))

    def saved(self) -> bool:
        """Save through :attr:`on_applied`; False when the save was refused."""
        return self.on_applied is None or self.on_applied(self) is not False

    # ---- time --------------------------------------------------------------------------------

    def delay_ms(self) -> int | None:
        """Milliseconds until :meth:`tick` should be called, or ``None`` (waiting for a tap)."""
        if self.phase is Phase.BOT and self.bot_seat is not None:
            return self.bots.delay_ms(self.bot_seat)
        if self.phase is Phase.REVEAL and self.flow.reveal is not None:
            return self.flow.delay_ms()
        if self.phase is Phase.TURN and self.flow.pending is None:
            auto = self._auto_play()
            if auto is not None:
                return max(int(auto[0]), 0)
        if self.bots.pondering(self.phase):
            return 0  # the bots' next slice of thinking ahead, right after the browser has painted
        return None

    def _auto_play(self) -> tuple[int, dict[str, Any]] | None:
        """The view's optional ``auto_play(obs, ctx) -> (ms, action) | None``: the app itself takes
        ``action`` for the seat on turn after ``ms`` (e.g. the app narrator revealing cards)."""
        if self.viewer is None:
            return None
        return self.view.auto_play(self.observation(self.viewer), self.context())

    def tick(self) -> bool:
        """Advance a reveal by one visible event, let the bot on turn act, or let the bots think
        ahead on their secret choices (:meth:`hotseat.bot_turns.BotTurns.pondering`).

        Returns False when the tick changed nothing a screen shows (a slice of thinking that
        decided nothing: the app then need not draw), else True."""
        if self.phase is Phase.REVEAL and self.flow.reveal is not None:
            self.flow.tick()
        elif self.phase is Phase.BOT and self.bot_seat is not None:
            events = self.bots.think(self.bot_seat)
            return events is not None or self.bots.search is None
        else:
            turn = self.phase is Phase.TURN and self.flow.pending is None and self.viewer is not None
            auto = self._auto_play() if turn else None
            if auto is not None and self.viewer is not None:
                if auto[1] in self.state.legal_actions(self.viewer):
                    self.apply(self.viewer, auto[1])
            elif self.bots.pondering(self.phase):
                self.bots.step_ahead()
                return False
        return True

    # ---- results -----------------------------------------------------------------------------

    def winners(self) -> list[int]:
        return self.state.winners()
