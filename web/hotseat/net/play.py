"""A guest phone's game screen: the same view as a player's own screen at the host, drawn from the
views the host sends (:class:`~hotseat.net.guest.Guest`), never from a game state.

Pure Python. :class:`GuestPlay` is the remote source of the one turn flow
(:class:`hotseat.turn_flow.TurnFlow`, the same as at the host's own screen): taps, the legal
check, a pending pick, the paced reveal and the round summary are the flow's; a commit sends the
action to the host. What is a phone's own: an unconfirmed pick stays while other seats move, as
long as it is still legal; an action on its way to the host (:attr:`GuestPlay.sent`: no second
tap until the host acknowledges or refuses it; a welcome on a new link starts afresh, so a move
lost with a link never leaves the phone waiting); a reveal plays a new view's events from the
guest's previous observation; the round summary (Next round closes it on this phone and tells
the host, whose table screen goes on once every phone has; a host that started again or
stepped away meanwhile is told again), game over, and the game's story as this phone heard it
(:class:`HeardStory`: the public events of every view that followed a move, from the moment it
joined).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import screens, story
from ..cues import phone_cue
from ..game_screen import Around, GameScreen, away_note
from ..i18n import gettext as _
from ..markup import Markup, fragment
from ..move_log import MAX_LOG_MOVES
from ..phase import Phase
from ..taps import FlowTap, Story
from ..turn_flow import TurnFlow
from ..views import load_view
from ..views.base import GameView, ViewContext
from .guest import Guest


class GuestPlay:
    """See the module docstring. :meth:`update` after every message from the host."""

    def __init__(self, guest: Guest) -> None:
        self.guest = guest
        #: the turn flow (selection, pending pick, reveal, summary) over the host's views
        self.flow = TurnFlow(self)
        #: messages for the host that the flow's commits made (:meth:`tap` hands them out)
        self._outbox: list[str] = []
        self.seen: tuple[str, int] | None = None  # (epoch, number) of the last view taken in
        self.match: int | None = None  # the game at the table the story is of
        self.view_module: GameView | None = None
        #: the story as this phone saw it
        self.heard = HeardStory()
        self.story_shown = False
        #: the host's start (``epoch``) told that this player tapped Next round on the summary
        #: showing at the host, or ``None``
        self.asked_next: str | None = None

    # ---- following the host ------------------------------------------------------------------

    @property
    def latest(self) -> dict[str, Any]:
        """The newest view from the host (the screen is drawn, tapped and paced only once there
        is one: :class:`~hotseat.net.phone_side.PhoneSide` makes a GuestPlay when the guest is playing)."""
        view = self.guest.view
        assert view is not None, "a guest's game screen needs a view from the host"
        return view

    @property
    def welcome(self) -> dict[str, Any]:
        """The host's welcome (names, kinds, game): a guest plays only once it has one."""
        welcome = self.guest.welcome
        assert welcome is not None, "a guest's game screen needs the host's welcome"
        return welcome

    @property
    def view(self) -> GameView:
        """The game's view module (the host's welcome names the game)."""
        if self.view_module is None:
            self.view_module = load_view(self.welcome["game"])
        return self.view_module

    @property
    def sent(self) -> bool:
        """Whether this phone's move is on its way to the host (not yet acknowledged or refused)."""
        return self.guest.waiting_for_answer

    def update(self) -> None:
        """Take in the guest's newest view (a no-op when it was taken in already): the screen after
        the move it follows (:meth:`hotseat.turn_flow.TurnFlow.after_move`, as at the host), its
        events in the story."""
        view = self.guest.view
        if self.guest.paused and self.asked_next is not None:
            self.asked_next = ""  # the host stepped away and takes the table up afresh: told again
        if view is None or (view["epoch"], view["n"]) == self.seen:
            return
        previous = self.guest.previous
        self.seen = (view["epoch"], view["n"])
        if not view["summary"]:
            self.asked_next = None
        elif self.asked_next is not None and self.asked_next != view["epoch"]:
            self.asked_next = view["epoch"]  # a host started again forgot who was ready: told again
            self._outbox.append(self.guest.next_round())
        if view["match"] != self.match:  # a new game at the table: its story starts afresh
            if self.match is not None:
                self.heard = HeardStory()
                self.flow = TurnFlow(self)
            self.match = view["match"]
        events = view["events"] if view["fresh"] else []  # a view sent again plays nothing again
        self.heard.hear(view["obs"], events, previous["acting"] if previous is not None else [])
        mine = any(e.get("player") == self.guest.seat for e in events)
        before = previous["obs"] if previous is not None else None
        self.flow.after_move(events, before, self.guest.seat, mine, previous["legal"] if previous is not None else None)

    def story_sheet(self) -> Markup:
        """The story sheet on this phone (:meth:`HeardStory.sheet`)."""
        return self.heard.sheet(self.view, self.flow.screen_context(), self.latest["obs"])

    def rejected(self) -> None:
        """The host refused the last action: the player may choose again."""
        self.flow.unpick()

    # ---- the turn flow's source (hotseat.turn_flow.TableSource) ------------------------------

    @property
    def phase(self) -> Phase:
        """The flow's (a reveal, the summary, the game's end: as at the host), else TURN (this
        seat acts and has sent nothing) or WAIT."""
        settled = self.flow.settled_phase()
        if settled is not None:
            return settled
        return Phase.TURN if self.latest["legal"] and not self.sent else Phase.WAIT

    @property
    def over(self) -> bool:
        return bool(self.latest["over"])

    @property
    def viewer(self) -> int | None:
        return self.guest.seat

    @property
    def actor(self) -> int | None:
        """This seat: a phone of its own has no one to hide its view from."""
        return self.guest.seat

    @property
    def names(self) -> list[str]:
        return list(self.welcome["names"])

    @property
    def kinds(self) -> list[str]:
        return list(self.welcome["kinds"])

    @property
    def round_events(self) -> list[dict[str, Any]]:
        return list(self.latest["round_events"])

    @property
    def table_screen(self) -> bool:
        """Never: a phone plays its own seat (the table screen is the host's)."""
        return False

    def acting(self) -> list[int]:
        return list(self.latest["acting"])

    def observation(self, viewer: int | None) -> dict[str, Any]:
        """This seat's observation in the newest view (a phone sees no other)."""
        obs: dict[str, Any] = self.latest["obs"]
        return obs

    def legal_actions(self, viewer: int) -> list[dict[str, Any]]:
        return list(self.latest["legal"])

    def last_events(self) -> list[dict[str, Any]]:
        return list(self.latest["events"])

    def submit(self, player: int, action: dict[str, Any]) -> None:
        """The move goes to the host (answered by a view or a refusal)."""
        self._outbox.append(self.guest.act(action))

    def refused(self) -> None:
        self.guest.rejected = _("That move is not allowed now.")

    def reveal_done(self) -> None:
        """Nothing to do: the newest view is on screen."""

    def summary_closed(self) -> None:
        """Next round closed the summary on this phone: the host hears of it while its own
        summary shows (its table screen goes on once every phone has)."""
        view = self.latest
        if view["summary"] and self.asked_next is None:
            self.asked_next = view["epoch"]
            self._outbox.append(self.guest.next_round())

    # ---- taps and time -----------------------------------------------------------------------

    def tap(self, tap: Story | FlowTap) -> list[str]:
        """A tap on the game screen; returns the messages for the host (an action or Next round,
        at most)."""
        if isinstance(tap, Story):
            self.story_shown = tap.do == "open"
            return []
        self.flow.tap(tap)
        return self.outbox()

    def outbox(self) -> list[str]:
        """The messages for the host made since the last call (a tap's, or :meth:`update`'s)."""
        sent, self._outbox = self._outbox, []
        return sent

    def delay_ms(self) -> int | None:
        """Milliseconds to the next step of the paced reveal (``None``: nothing paced, or the story
        covers the screen: the reveal waits for it, as at the host)."""
        return None if self.story_shown else self.flow.delay_ms()

    def tick(self) -> None:
        self.flow.tick()

    # ---- drawing -----------------------------------------------------------------------------

    def render(self, away_names: list[str]) -> Markup:
        """The guest's game screen (:class:`hotseat.game_screen.GameScreen`; ``body[data-screen]``
        is ``guest-<phase>``), with the story on top when it is open. What differs from the host's
        screen: the other phones away (``away_names``), "Sent to the table…" while a move is on its
        way, the host's standings after the game and Leave the table (the host starts a rematch)."""
        phase = self.phase
        view = self.latest
        around = Around(self.welcome["game"], screen="guest-", notes=away_note(away_names), cue=phone_cue(self))
        if phase in (Phase.SUMMARY, Phase.OVER):
            around.returns = view["returns"] or [0] * len(self.names)
            around.winners = view["winners"]
            around.actions = screens.button(_("Leave the table"), {"shell": "net", "do": "leave"}, "secondary")
        elif phase is Phase.WAIT and self.sent:
            around.status = _("Sent to the table…")
        page = GameScreen(self).draw(around)
        return fragment(page, self.story_sheet()) if self.story_shown else page


@dataclass
class HeardStory:
    """The game's story as a phone heard it: one move per view that followed a move (its public
    events), from the round on screen when the phone joined (:attr:`first_round`); a phone never
    sees the host's move log, so moves made before it joined, or while it was away, are missing."""

    moves: list[story.Move] = field(default_factory=list)
    first_round: int | None = None

    def hear(self, obs: dict[str, Any], events: list[dict[str, Any]], acting_before: list[int]) -> None:
        """A view of observation ``obs`` after a move's ``events`` (none: a view sent again). The
        move is the seat's named by its first event, else the first of ``acting_before`` (the views
        tell a move from its events alone); the oldest go past MAX_LOG_MOVES."""
        if self.first_round is None:
            first = obs.get("round")
            self.first_round = first if isinstance(first, int) and not isinstance(first, bool) else 1
        if not events:
            return
        mover = next((e["player"] for e in events if isinstance(e.get("player"), int)), None)
        if mover is None:
            mover = acting_before[0] if acting_before else 0
        self.moves.append(story.Move(mover, list(events)))
        del self.moves[:-MAX_LOG_MOVES]

    def sheet(self, view: GameView, ctx: ViewContext, table: dict[str, Any]) -> Markup:
        """The story sheet: the moves heard, by round; it always says that moves made before the
        phone joined, or while it was away, are not in it. The views read the table's lasting
        facts (Dog's teams, figures per player) from ``table``, the phone's own observation."""
        parts = story.chapters(view, self.moves, ctx, table, self.first_round or 1)
        return story.story_sheet(
            parts,
            False,
            over=False,
            note=_(
                "This phone tells the story from when it joined the table; moves made while it was away are missing."
            ),
        )
