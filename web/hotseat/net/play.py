"""A guest phone's game screen: the same view as a player's own screen at the host, drawn from the
views the host sends (:class:`~hotseat.net.guest.Guest`), never from a game state.

Pure Python. :class:`GuestPlay` keeps what the screen needs between two views: a selection in
progress (``local``), an unconfirmed pick (``pending``, Undo / Confirm as at the host), an
action on its way to the host (``sent``: no second tap until the host answers), the paced
reveal of a new view's events (from the guest's previous observation, with the view's own
``pace_ms``), the round summary (Next round closes it on this phone only) and game over.
"""

from __future__ import annotations

from .. import screens
from ..i18n import format_list
from ..i18n import gettext as _
from ..markup import Markup, fragment, h
from ..session import load_view
from ..views.base import GameView, ViewContext
from .guest import Guest


class GuestPlay:
    """See the module docstring. :meth:`update` after every message from the host."""

    def __init__(self, guest: Guest) -> None:
        self.guest = guest
        self.local: dict = {}
        self.pending: dict | None = None
        self.sent = False
        self.reveal: dict | None = None  # {"before": obs, "step": k}
        self.summary = False
        self.seen = 0  # the number of the last view taken in
        self.view_module: GameView | None = None

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

    def update(self) -> None:
        """Take in the guest's newest view (a no-op when it was taken in already)."""
        view = self.guest.view
        if view is None or view["n"] == self.seen:
            return
        self.seen = view["n"]
        if self.guest.rejected is not None:
            self.sent = False
        if not view["fresh"]:
            return
        events = view["events"]
        mine = self.pending is not None or self.sent
        self.sent = False
        if mine or any(e.get("player") == self.guest.seat for e in events):
            self.local, self.pending = {}, None
        previous = self.guest.previous
        if previous is not None and events and sum(self._pace(e) for e in events) > 0:
            self.reveal = {"before": previous["obs"], "step": 0}
        if self._module().ends_round(events) and not view["over"]:
            self.summary = True

    def rejected(self) -> None:
        """The host refused the last action: the player may choose again."""
        self.sent = False
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
            events=list(view["events"]),
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
        if shell == "skip" and phase == "reveal":
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
        self.sent = True
        return [self.guest.act(action)]

    def delay_ms(self) -> int | None:
        if self.reveal is None:
            return None
        step = self.reveal["step"]
        if step == 0:
            return 250
        return max(self._pace(self.view["events"][step - 1]), 0)

    def tick(self) -> None:
        if self.reveal is None:
            return
        events = self.view["events"]
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
            return screens.frame(body, _("Game over"), screen="guest-over", rules_game=game)
        if phase == "summary":
            summary = module.round_summary_html(obs, ctx)
            return screens.frame(screens.summary(summary), _("Round over"), screen="guest-summary", rules_game=game)
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
        return screens.frame(fragment(body, extra), status, screen=f"guest-{phase}", rules_game=game)
