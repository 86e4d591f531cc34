"""A guest phone's game screen: the same view as a player's own screen at the host, drawn from the
views the host sends (:class:`~hotseat.net.guest.Guest`), never from a game state.

Pure Python. :class:`GuestPlay` is the remote source of the one turn flow
(:class:`hotseat.turn_flow.TurnFlow`, the same as at the host's own screen): taps, the legal
check, a pending pick, the paced reveal and the round summary are the flow's; a commit sends the
action to the host. What is a phone's own: an unconfirmed pick stays while other seats move, as
long as it is still legal; an action on its way to the host (:attr:`GuestPlay.sent`: no second
tap until the host acknowledges or refuses it; a welcome on a new link starts afresh, so a move
lost with a link never leaves the phone waiting); a reveal plays a new view's events from the
guest's previous observation; the round summary (Next round closes it on this phone only), game
over, and the game's story as this phone saw it (:attr:`GuestPlay.history`: the public events of
every view that followed a move, from the moment it joined).
"""

from __future__ import annotations

from typing import Any

from .. import screens, story
from ..cues import guest_markers
from ..formats import format_list
from ..i18n import gettext as _
from ..markup import Markup, fragment, h
from ..move_log import MAX_LOG_MOVES
from ..pages import flow_controls, round_end
from ..phase import Phase
from ..taps import FlowTap, Story
from ..turn_flow import Pending, Reveal, TurnFlow
from ..views import load_view
from ..views.base import GameView, ViewContext
from . import protocol
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
        #: the story as this phone saw it: one move per view that followed a move (its public events)
        self.history: list[story.Move] = []
        #: the round the story starts in (the round on screen when this phone joined)
        self.first_round: int | None = None
        self.story_shown = False

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
        """Take in the guest's newest view (a no-op when it was taken in already)."""
        view = self.guest.view
        if view is None or (view["epoch"], view["n"]) == self.seen:
            return
        legal_before = self.guest.previous["legal"] if self.guest.previous is not None else None
        self.seen = (view["epoch"], view["n"])
        if view["match"] != self.match:  # a new game at the table: its story starts afresh
            if self.match is not None:
                self.history, self.first_round = [], None
                self.flow = TurnFlow(self)
            self.match = view["match"]
        if self.first_round is None:
            first = view["obs"].get("round")
            self.first_round = first if isinstance(first, int) and not isinstance(first, bool) else 1
        events = view["events"] if view["fresh"] else []
        if events:
            self._remember(events)
        if any(e.get("player") == self.guest.seat for e in events):
            self.flow.moved()
        else:
            self._keep_choice(view, legal_before)
        if not view["fresh"]:
            return
        previous = self.guest.previous
        if previous is not None and events:
            self.flow.start_reveal(previous["obs"], events, self.guest.seat)
        if self.view.ends_round(events) and not view["over"]:
            self.flow.summary = True

    def _keep_choice(self, view: dict[str, Any], legal_before: list[Any] | None) -> None:
        """Another seat moved (or the phone came back): an unconfirmed pick stays while it is still
        legal, a selection in progress while the legal actions are the same."""
        flow = self.flow
        if flow.pending is not None and protocol.match_legal(flow.pending.action, view["legal"]) is None:
            flow.pending = None
        if view["legal"] != legal_before:
            flow.local = {}

    def _remember(self, events: list[dict[str, Any]]) -> None:
        """Add a move to :attr:`history` (the seat named by its first event, else the one that was
        acting: the views tell a move from its events alone); the oldest go past MAX_LOG_MOVES."""
        mover = next((e["player"] for e in events if isinstance(e.get("player"), int)), None)
        if mover is None:
            previous = self.guest.previous
            acting = previous["acting"] if previous is not None else []
            mover = acting[0] if acting else 0
        self.history.append(story.Move(mover, list(events)))
        del self.history[:-MAX_LOG_MOVES]

    def story_sheet(self) -> Markup:
        """The story sheet on this phone: the moves it saw, by round; it always says that moves
        made before it joined, or while it was away, are not in it. The views read the table's
        lasting facts (Dog's teams, figures per player) from this phone's own observation."""
        parts = story.chapters(self.view, self.history, self.context(), self.latest["obs"], self.first_round or 1)
        return story.story_sheet(
            parts,
            False,
            over=False,
            note=_(
                "This phone tells the story from when it joined the table; moves made while it was away are missing."
            ),
        )

    def rejected(self) -> None:
        """The host refused the last action: the player may choose again."""
        self.flow.pending = None

    # ---- what is on screen -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """REVEAL, SUMMARY, OVER, TURN (this seat acts) or WAIT."""
        if self.flow.reveal is not None:
            return Phase.REVEAL
        if self.flow.summary:
            return Phase.SUMMARY
        view = self.latest
        if view["over"]:
            return Phase.OVER
        if view["legal"] and not self.sent:
            return Phase.TURN
        return Phase.WAIT

    @property
    def pending(self) -> Pending | None:
        return self.flow.pending

    @property
    def reveal(self) -> Reveal | None:
        return self.flow.reveal

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
        """Nothing to do: Next round closes the summary on this phone only."""

    def context(self) -> ViewContext:
        return self.flow.screen_context()

    def obs(self) -> dict[str, Any]:
        return self.flow.screen_obs()

    # ---- taps and time -----------------------------------------------------------------------

    def tap(self, tap: Story | FlowTap) -> list[str]:
        """A tap on the game screen; returns the messages for the host (an action, at most)."""
        if isinstance(tap, Story):
            self.story_shown = tap.do == "open"
            return []
        self.flow.tap(tap)
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
        """The guest's game screen (``body[data-screen]`` is ``guest-<phase>``)."""
        module = self.view
        ctx = self.context()
        obs = self.obs()
        view = self.latest
        phase = self.phase
        game = self.welcome["game"]
        if phase in (Phase.SUMMARY, Phase.OVER):
            returns = view["returns"] or [0] * len(ctx.names)  # the host's standings
            # no Rematch here (the host starts one)
            leave = screens.button(_("Leave the table"), {"shell": "net", "do": "leave"}, "secondary")
            body, status = round_end(module, phase, obs, ctx, returns, view["winners"], actions=leave)
            return self._with_story(body, status, f"guest-{phase}", game)
        body = module.render(obs, ctx)
        status = module.status_line(obs, ctx)
        extra = flow_controls(module, phase, self.flow.pending)
        if phase is Phase.WAIT and self.sent:
            status = _("Sent to the table…")
        if away_names:
            extra.insert(
                0,
                h(
                    "p",
                    {"class": "note net-away", "role": "status"},
                    _("Waiting for a phone to come back: {names}").format(names=format_list(away_names)),
                ),
            )
        return self._with_story(fragment(body, extra), status, f"guest-{phase}", game)

    def _with_story(self, body: Markup, status: str, screen: str, game: str) -> Markup:
        """The screen with the story button in its header, and the story on top when it is open."""
        page = screens.frame(body, status, screen=screen, rules_game=game, tools=story.story_button())
        page = fragment(page, guest_markers(self))  # the sounds of the move and "your turn"
        return fragment(page, self.story_sheet()) if self.story_shown else page
