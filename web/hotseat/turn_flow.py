"""The turn flow of every table: tap -> legal -> pending -> commit -> reveal -> summary, once.

Pure Python (no browser). A :class:`TurnFlow` keeps what a game screen holds between two moves
and reads the table through a :class:`TableSource`; two sources use it (one client over two
transports, as boardgame.io's client over its local and socket transports):

* the local table (:class:`hotseat.session.Session`): the engine's state, bots and the move log
  at this phone; a commit applies the move (at a phone people share, "Undo my move" stays on
  offer until the next player shows their cards);
* a phone at another's table (:class:`hotseat.net.play.GuestPlay`): the host's latest view; a
  commit sends the move on the link and the host's answer comes back as a new view.

The rules it implements, for both:

* **Tap.** On the player's turn with nothing pending, the view's ``on_tap(obs, ctx, tap)`` makes
  a tap an action (or ``None``: a selection in progress, kept in :attr:`TurnFlow.local`). An
  action outside the legal list changes nothing and the source is told (:meth:`TableSource.refused`).
  The tap is the :attr:`TableSource.actor`'s: the viewer, or at a phone people share a seat
  making a choice that needs nothing private on the public table (6 nimmt!'s row to take).
* **Commit.** The named tap of a move makes it: the action goes to :meth:`TableSource.submit`.
  A view whose ``needs_confirm(action, ctx)`` says so keeps it :class:`Pending` instead, with Undo
  ("undo") and Confirm ("confirm"); only Confirm submits it.
* **Reveal.** A move's events are played out step by step from the observation taken before it
  (:class:`Reveal`): the first step after :data:`REVEAL_START_MS`, each next one after the view's
  ``pace_ms`` of the event shown; events with no pace pass at once. "skip" ends it.
* **Summary.** After a move that ends a round the round summary stays until "continue"
  (:attr:`TurnFlow.summary`); "details" opens its optional detail (also after the game).
* **Ready for the next round.** While the summary shows, a seat whose own phone tapped "Next
  round" is ready (:meth:`TurnFlow.ready_for_next`; again for the same seat: nothing changes; the
  seats ready are forgotten when the summary closes). On the table screen nobody sits at the
  screen: once every phone at the table is ready the summary closes as "continue" closes it
  (every player has read the round's result, and nobody has to reach over to the table); a
  "continue" tapped at the table itself still closes it at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from .phase import Phase
from .taps import Flow, FlowTap, GameTap
from .views.base import GameView, ViewContext

Action = dict[str, Any]
Event = dict[str, Any]
Observation = dict[str, Any]

#: ms before the first step of a paced reveal (the table sees the move's start)
REVEAL_START_MS = 250


@dataclass
class Pending:
    """An action ``player`` chose and has not confirmed (a view's ``needs_confirm``)."""

    player: int
    action: Action


@dataclass
class Reveal:
    """The paced reveal of one move's ``events``, drawn on ``before`` (the observation of
    ``viewer``, ``None`` for the public one, taken before the move); ``step`` events are shown."""

    before: Observation
    events: list[Event]
    viewer: int | None = None
    step: int = 0

    def delay_ms(self, view: GameView) -> int:
        """Milliseconds until the next step (:data:`REVEAL_START_MS` before the first)."""
        if self.step == 0:
            return REVEAL_START_MS
        return max(view.pace_ms(self.events[self.step - 1]), 0)

    def advance(self, view: GameView) -> bool:
        """Show the next event that takes time; False when none is left (the reveal is over)."""
        nxt = next(
            (k for k in range(self.step + 1, len(self.events) + 1) if view.pace_ms(self.events[k - 1]) > 0),
            None,
        )
        if nxt is None:
            return False
        self.step = nxt
        return True


def _same(a: Action, b: Action) -> bool:
    """Whether two actions are equal as JSON (types included: ``true`` is not ``1``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def paced(view: GameView, events: list[Event]) -> bool:
    """Whether ``events`` take any time to play out (a move without them gets no reveal)."""
    return sum(view.pace_ms(e) for e in events) > 0


class TableSource(Protocol):
    """What a :class:`TurnFlow` reads and where its moves go: the local table or the host's views."""

    @property
    def view(self) -> GameView:
        """The game's view module (``hotseat.views.<game>.VIEW``)."""
        ...

    @property
    def phase(self) -> Phase: ...

    @property
    def viewer(self) -> int | None:
        """The seat whose view is on screen (``None``: the public view)."""
        ...

    @property
    def actor(self) -> int | None:
        """The seat whose choice the screen takes on the :attr:`Phase.TURN` screen: the viewer,
        or (at a phone people share) a seat choosing on the public table, a choice that needs
        nothing private (:meth:`hotseat.views.base.GameView.public_choice`); else ``None``."""
        ...

    @property
    def names(self) -> list[str]: ...

    @property
    def kinds(self) -> list[str]: ...

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def round_events(self) -> list[Event]:
        """The events of this round the view keeps for its round summary."""
        ...

    @property
    def table_screen(self) -> bool:
        """Whether this screen is the table in the middle (every drawing public and large:
        :attr:`hotseat.views.base.ViewContext.table_screen`); never on a phone at another's table."""
        ...

    def acting(self) -> list[int]:
        """The seats the game waits for now."""
        ...

    def observation(self, viewer: int | None) -> Observation:
        """What ``viewer`` sees now (``None``: the public observation)."""
        ...

    def legal_actions(self, viewer: int) -> list[Action]:
        """``viewer``'s legal actions now (empty when the game does not wait for them)."""
        ...

    def last_events(self) -> list[Event]:
        """The events of the last move (what the view narrates)."""
        ...

    def submit(self, player: int, action: Action) -> None:
        """Make ``player``'s move: apply it here, or send it to the host."""
        ...

    def refused(self) -> None:
        """A tap made an action outside the legal list (nothing changed): tell the player."""
        ...

    def reveal_done(self) -> None:
        """The reveal ended (played out or skipped): the table moves on."""
        ...

    def summary_closed(self) -> None:
        """ "Next round" closed the round summary."""
        ...


@dataclass
class TurnFlow:
    """What a game screen holds between two moves, and the taps and ticks that change it. See the
    module docstring.

    Attributes:
        local: the view's selection in progress (string keys of the view's own choosing).
        pending: the chosen, unconfirmed action, or ``None``.
        reveal: the paced reveal on screen, or ``None``.
        summary: whether the round summary is due (closed by "continue").
        ready: the seats whose phones tapped "Next round" while the summary shows (empty when it
            does not).
    """

    source: TableSource
    local: dict[str, Any] = field(default_factory=dict)
    pending: Pending | None = None
    reveal: Reveal | None = None
    summary: bool = False
    ready: frozenset[int] = frozenset()

    def copy(self) -> TurnFlow:
        """A copy to take a move back with (the selection copied; the rest is replaced, never changed)."""
        step = None if self.reveal is None else Reveal(**vars(self.reveal))
        return TurnFlow(self.source, dict(self.local), self.pending, step, self.summary, self.ready)

    # ---- what changes it (no other module sets its fields) ------------------------------------

    def drop(self) -> None:
        """The choice in progress ends unmade: no selection, nothing pending (a move made, a seat
        taken back by its phone)."""
        self.local = {}
        self.pending = None

    moved = drop  # a move was made: the choice that made it is over

    def cancel(self) -> None:
        """Everything between two moves goes (a curtain put up, a move taken back): the selection,
        the unconfirmed pick and a running reveal; none of them is saved."""
        self.drop()
        self.reveal = None

    def unpick(self) -> None:
        """The unconfirmed pick goes (Undo, or the host refused it): the player chooses again."""
        self.pending = None

    def keep_if_still_legal(self, legal: list[Action], legal_before: list[Action] | None) -> None:
        """Another seat moved (or a phone came back): an unconfirmed pick stays while it is still
        in ``legal`` (equal as JSON, types included: ``true`` is not ``1``), a selection in
        progress while the legal actions are the same as ``legal_before``."""
        if self.pending is not None and not any(_same(self.pending.action, a) for a in legal):
            self.pending = None
        if legal != legal_before:
            self.local = {}

    def start_reveal(self, before: Observation, events: list[Event], viewer: int | None = None) -> bool:
        """Play ``events`` out on ``before`` when they take any time; returns whether it started."""
        if not paced(self.source.view, events):
            return False
        self.reveal = Reveal(before, list(events), viewer)
        return True

    def after_move(
        self,
        events: list[Event],
        before: Observation | None,
        viewer: int | None,
        mine: bool,
        legal_before: list[Action] | None,
    ) -> None:
        """The screen after a move's ``events`` (the same at the host and on a phone): the
        choice that made it is over when the move was this screen's own (``mine``), else a pick
        and a selection stay while still legal (:meth:`keep_if_still_legal`); its events are
        played out on ``before`` (``viewer``'s observation before it; ``None``: none to play them
        on), and a move that ends a round makes the round summary due (an open one stays open
        until "continue"); also the game's last move: the game-over screen sums that round up
        (:meth:`settled_phase` gives OVER) and a host's save keeps the round's events for it."""
        if mine:
            self.drop()
        else:
            self.keep_if_still_legal(self.source.legal_actions(viewer) if viewer is not None else [], legal_before)
        if before is not None and events:
            self.start_reveal(before, events, viewer)
        if self.source.view.ends_round(events):
            self.show_summary()

    def show_summary(self) -> None:
        """The round summary is due (until "continue"); nobody is ready for the next round yet."""
        self.summary = True
        self.ready = frozenset()

    def close_summary(self) -> None:
        """The round summary closes ("continue", or every phone ready): the source moves on."""
        self.summary = False
        self.ready = frozenset()
        self.source.summary_closed()

    def ready_for_next(self, seat: int | None, phones: list[int]) -> bool:
        """``seat``'s own phone tapped "Next round" (``None``: no new seat, only the phones at the
        table changed, e.g. one left): ``seat`` is ready while the summary shows
        (:attr:`Phase.SUMMARY`). On the table screen, when every seat of ``phones`` (the seats
        whose phones are at the table now; none: nobody to wait for, nothing closes) is ready,
        the summary closes (:meth:`close_summary`). Returns whether anything changed: False for
        a seat ready already, or when no summary shows (a request that came too late)."""
        if self.source.phase is not Phase.SUMMARY:
            return False
        changed = seat is not None and seat not in self.ready
        if seat is not None:
            self.ready = self.ready | {seat}
        if self.source.table_screen and phones and self.ready.issuperset(phones):
            self.close_summary()
            return True
        return changed

    # ---- what is on screen -------------------------------------------------------------------

    def settled_phase(self) -> Phase | None:
        """The phase the flow itself decides, the same at the host and on a phone: a move's
        reveal (:attr:`Phase.REVEAL`), the round summary (:attr:`Phase.SUMMARY`, not once the
        game is over), the game's end (:attr:`Phase.OVER`); ``None``: the game waits for a
        choice, whose screen the source decides (the curtain, a turn, a bot, the table waiting)."""
        if self.reveal is not None:
            return Phase.REVEAL
        over = self.source.over
        if self.summary and not over:
            return Phase.SUMMARY
        return Phase.OVER if over else None

    def screen_obs(self) -> Observation:
        """The observation the view renders now (the one before the move during a reveal)."""
        if self.reveal is not None:
            return self.reveal.before
        return self.source.observation(self.source.viewer)

    def context(self, viewer: int | None, legal: list[Action], for_screen: bool = True) -> ViewContext:
        """The :class:`ViewContext` of ``viewer`` with ``legal`` (the reveal's step only
        ``for_screen``; ``viewer``'s own pending action only)."""
        src = self.source
        chooser = viewer if viewer is not None else src.actor
        pending = self.pending.action if self.pending is not None and self.pending.player == chooser else None
        revealing = self.reveal is not None and for_screen
        return ViewContext(
            viewer=viewer,
            names=src.names,
            legal=legal,
            local=self.local,
            events=self.reveal.events if self.reveal is not None else src.last_events(),
            pending=pending,
            step=self.reveal.step if revealing and self.reveal is not None else None,
            acting=src.acting(),
            kinds=src.kinds,
            round_events=src.round_events,
            table_screen=src.table_screen,
        )

    def screen_context(self) -> ViewContext:
        """The context of the screen: the actor's legal actions on their turn (the viewer's, or
        those of the seat choosing on the public table), else none."""
        src = self.source
        actor = src.actor
        its_turn = actor is not None and src.phase is Phase.TURN
        return self.context(src.viewer, src.legal_actions(actor) if its_turn and actor is not None else [])

    # ---- taps and time -----------------------------------------------------------------------

    def tap(self, tap: FlowTap) -> bool:
        """A tap on the game screen: the flow's own buttons (:class:`~hotseat.taps.Flow`: undo,
        confirm, continue, details, skip) or the view's own taps (:class:`~hotseat.taps.GameTap`)
        on the player's turn. Returns whether the flow took it."""
        src = self.source
        do = tap.do if isinstance(tap, Flow) else None
        phase = src.phase
        if do == "undo" and phase is Phase.TURN:
            self.unpick()
        elif do == "confirm" and phase is Phase.TURN and self.pending is not None:
            pending, self.pending = self.pending, None
            src.submit(pending.player, pending.action)
        elif do == "continue" and phase is Phase.SUMMARY:
            self.close_summary()
        elif do == "details" and phase in (Phase.SUMMARY, Phase.OVER):
            self.local["details"] = not self.local.get("details")
        elif do == "skip" and phase is Phase.REVEAL:
            self.reveal = None
            src.reveal_done()
        elif isinstance(tap, GameTap) and phase is Phase.TURN and self.pending is None:
            self._choose(tap)
        else:
            return False
        return True

    def _choose(self, tap: GameTap) -> None:
        """tap -> the view's action -> legal? -> pending or commit."""
        src = self.source
        actor = src.actor
        if actor is None:  # a turn is always someone's
            return
        ctx = self.screen_context()
        action = src.view.on_tap(src.observation(src.viewer), ctx, dict(tap.payload))
        if action is None:
            return
        if action not in ctx.legal:
            src.refused()
            return
        if src.view.needs_confirm(action, ctx):
            self.pending = Pending(actor, action)
        else:
            src.submit(actor, action)

    def delay_ms(self) -> int | None:
        """Milliseconds to the reveal's next step, or ``None`` without a reveal."""
        return None if self.reveal is None else self.reveal.delay_ms(self.source.view)

    def tick(self) -> None:
        """The reveal's next step; at its end the reveal closes and the source moves on."""
        if self.reveal is not None and not self.reveal.advance(self.source.view):
            self.reveal = None
            self.source.reveal_done()
