"""A guest phone's game screen: the same view as a player's own screen at the host, drawn from the
views the host sends (:class:`~hotseat.net.guest.Guest`), never from a game state.

Pure Python. :class:`GuestPlay` keeps what the screen needs between two views: a selection in
progress (``local``), an unconfirmed pick (``pending``, Undo / Confirm as at the host: it stays
while other seats move, as long as it is still legal), an action on its way to the host
(:attr:`GuestPlay.sent`: no second tap until the host acknowledges or refuses it; a welcome on a
new link starts afresh, so a move lost with a link never leaves the phone waiting), the paced
reveal of a new view's events (from the guest's previous observation, with the view's own
``pace_ms``), the round summary (Next round closes it on this phone only), game over, and the
game's story as this phone saw it (:attr:`GuestPlay.history`: the public events of every view
that followed a move, from the moment it joined).
"""

from __future__ import annotations

from .. import screens, story
from ..i18n import format_list
from ..i18n import gettext as _
from ..markup import Markup, fragment, h
from ..session import MAX_LOG_MOVES, load_view
from ..views.base import GameView, ViewContext
from . import protocol
from .guest import Guest


class GuestPlay:
    """See the module docstring. :meth:`update` after every message from the host."""

    def __init__(self, guest: Guest) -> None:
        self.guest = guest
        self.local: dict = {}
        self.pending: dict | None = None
        self.reveal: dict | None = None  # {"before": obs, "events": the events it plays, "step": k}
        self.summary = False
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
    def view(self) -> dict:
        """The newest view from the host (the screen is drawn, tapped and paced only once there
        is one: :class:`~hotseat.net.side.NetSide` makes a GuestPlay when the guest is playing)."""
        view = self.guest.view
        assert view is not None, "a guest's game screen needs a view from the host"
        return view

    @property
    def welcome(self) -> dict:
        """The host's welcome (names, kinds, game): a guest plays only once it has one."""
        welcome = self.guest.welcome
        assert welcome is not None, "a guest's game screen needs the host's welcome"
        return welcome

    def _module(self):
        if self.view_module is None and self.guest.welcome is not None:
            self.view_module = load_view(self.guest.welcome["game"])
        return self.view_module

    def _pace(self, event: dict) -> int:
        return self._module().pace_ms(event)

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
                self.local, self.pending, self.reveal, self.summary = {}, None, None, False
            self.match = view["match"]
        if self.first_round is None:
            first = view["obs"].get("round")
            self.first_round = first if isinstance(first, int) and not isinstance(first, bool) else 1
        events = view["events"] if view["fresh"] else []
        if events:
            self._remember(events)
        if any(e.get("player") == self.guest.seat for e in events):
            self.local, self.pending = {}, None
        else:
            self._keep_choice(view, legal_before)
        if not view["fresh"]:
            return
        previous = self.guest.previous
        if previous is not None and events and sum(self._pace(e) for e in events) > 0:
            self.reveal = {"before": previous["obs"], "events": list(events), "step": 0}
        if self._module().ends_round(events) and not view["over"]:
            self.summary = True

    def _keep_choice(self, view: dict, legal_before: list | None) -> None:
        """Another seat moved (or the phone came back): an unconfirmed pick stays while it is still
        legal, a selection in progress while the legal actions are the same."""
        if self.pending is not None and protocol.match_legal(self.pending["action"], view["legal"]) is None:
            self.pending = None
        if view["legal"] != legal_before:
            self.local = {}

    def _remember(self, events: list[dict]) -> None:
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
        made before it joined, or while it was away, are not in it."""
        parts = story.chapters(self._module(), self.history, self.context(), {}, self.first_round or 1)
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
        self.pending = None

    # ---- what is on screen -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"reveal"``, ``"summary"``, ``"over"``, ``"turn"`` (this seat acts) or ``"wait"``."""
        if self.reveal is not None:
            return "reveal"
        if self.summary:
            return "summary"
        view = self.view
        if view["over"]:
            return "over"
        if view["legal"] and not self.sent:
            return "turn"
        return "wait"

    def context(self) -> ViewContext:
        view, welcome = self.view, self.welcome
        phase = self.phase
        return ViewContext(
            viewer=self.guest.seat,
            names=list(welcome["names"]),
            legal=list(view["legal"]) if phase == "turn" else [],
            local=self.local,
            events=list(self.reveal["events"] if self.reveal is not None else view["events"]),
            pending=self.pending["action"] if self.pending is not None else None,
            step=self.reveal["step"] if self.reveal is not None else None,
            acting=list(view["acting"]),
            kinds=list(welcome["kinds"]),
            round_events=list(view["round_events"]),
        )

    def obs(self) -> dict:
        return self.reveal["before"] if self.reveal is not None else self.view["obs"]

    # ---- taps and time -----------------------------------------------------------------------

    def tap(self, tap: dict) -> list[str]:
        """A tap on the game screen; returns the messages for the host (an action, at most)."""
        shell = tap.get("shell")
        phase = self.phase
        if shell == "story":
            self.story_shown = tap.get("do") == "open"
        elif shell == "skip" and phase == "reveal":
            self.reveal = None
        elif shell == "continue" and phase == "summary":
            self.summary = False
        elif shell == "details" and phase in ("summary", "over"):
            self.local["details"] = not self.local.get("details")
        elif shell == "undo" and phase == "turn":
            self.pending = None
        elif shell == "confirm" and phase == "turn" and self.pending is not None:
            action, self.pending = self.pending["action"], None
            return self._send(action)
        elif shell is None and phase == "turn" and self.pending is None:
            ctx = self.context()
            action = self._module().on_tap(self.obs(), ctx, tap)
            if action is None:
                return []
            if action not in ctx.legal:
                self.guest.rejected = _("That move is not allowed now.")
                return []
            if self._module().needs_confirm(action, ctx):
                self.pending = {"player": self.guest.seat, "action": action}
                return []
            return self._send(action)
        return []

    def _send(self, action: dict) -> list[str]:
        return [self.guest.act(action)]

    def delay_ms(self) -> int | None:
        """Milliseconds to the next step of the paced reveal (``None``: nothing paced, or the story
        covers the screen: the reveal waits for it, as at the host)."""
        if self.reveal is None or self.story_shown:
            return None
        step = self.reveal["step"]
        if step == 0:
            return 250
        return max(self._pace(self.reveal["events"][step - 1]), 0)

    def tick(self) -> None:
        if self.reveal is None:
            return
        events = self.reveal["events"]  # not the newest view's: one whose events pass at once may have come
        step = self.reveal["step"]
        nxt = next((k for k in range(step + 1, len(events) + 1) if self._pace(events[k - 1]) > 0), None)
        if nxt is None:
            self.reveal = None
        else:
            self.reveal["step"] = nxt

    # ---- drawing -----------------------------------------------------------------------------

    def render(self, away_names: list[str]) -> Markup:
        """The guest's game screen (``body[data-screen]`` is ``guest-<phase>``)."""
        module = self._module()
        ctx = self.context()
        obs = self.obs()
        view = self.view
        names = ctx.names
        phase = self.phase
        game = self.welcome["game"]
        if phase == "over":
            returns = view["returns"] or [0] * len(names)
            scores = module.scoreboard(obs, ctx)
            order = sorted(range(len(names)), key=lambda p: (-returns[p], p))
            summary = module.round_summary_html(obs, ctx)
            # the host's standings; no Rematch here (the host starts one)
            leave = screens.button(_("Leave the table"), {"shell": "net", "do": "leave"}, "secondary")
            body = screens.game_over(names, scores, order, view["winners"], summary, actions=leave)
            return self._with_story(body, _("Game over"), "guest-over", game)
        if phase == "summary":
            summary = module.round_summary_html(obs, ctx)
            return self._with_story(screens.summary(summary), _("Round over"), "guest-summary", game)
        body = module.render(obs, ctx)
        status = module.status_line(obs, ctx)
        extra = []
        if phase == "turn" and self.pending is not None:
            label = module.confirm_label(self.pending["action"], _)
            extra.append(screens.pending_bar(label))
        elif phase == "reveal":
            extra.append(screens.skip_button())
        elif phase == "wait" and self.sent:
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
        return fragment(page, self.story_sheet()) if self.story_shown else page
