"""The view contract as code: :class:`ViewContext`, the :class:`GameView` protocol, :class:`BaseView`.

One view per game: the package (or module) ``hotseat.views.<game_id>`` defines ``VIEW``, an
instance of a :class:`BaseView` subclass, which supplies the optional methods' defaults. The shell
(:mod:`hotseat.controller`, :mod:`hotseat.session`) draws the shared screens (home, setup,
curtain, pending bar, round summary frame, game over, rules overlay) and asks the game's view for
everything game-specific, through the methods of :class:`GameView` and nothing else.

A view is pure Python: it builds HTML with :mod:`hotseat.markup` (``h``, ``fragment``; ``trusted``
only for constant SVG, so a value from a player, an observation or storage can only come out as
text) and the shared pieces of :mod:`hotseat.widgets`, from an observation and a
:class:`ViewContext`, never from the engine's ``State``; it reads the observation typed as its
engine declares it (:mod:`hotseat.views.scene`). Its style is in ``web/style.css``; rule knowledge
(board geometry, hand sizes, card values) comes from the game's engine module or from the
observation, never from a copy in the view. Every user-facing string goes through ``ctx.t``
(gettext); buttons are real ``<button type="button">`` elements, at least 44 px. A choice that
takes several taps is kept typed in ``ctx.local`` (:mod:`hotseat.views.choices`).

Sound and vibration: an element ``<i data-fx="tone:660:120 vibrate:60" data-fx-key="k">`` in the
rendered HTML makes the browser glue (:mod:`hotseat.fx`) play it once per new key.

Shell taps (``data-tap`` objects with a ``"shell"`` key, typed by :func:`hotseat.taps.parse_tap`)
are handled by the shell, never by views: menu, rules, close, new, resume, discard, count, kind,
opt, start, show, undo, confirm, take_back, skip, continue, rematch, keep, replace (the "Replace
the saved game?" question), details (toggles ``ctx.local["details"]`` on the round summary and
game-over screens). A view's own taps (no ``"shell"``) reach :meth:`GameView.on_tap` as the
element's ``data-tap`` object, as drawn.

How the shell uses the view (the rules themselves are in :mod:`hotseat.session`):

* Curtain: the curtain screen shows the public table (``render(public_observation(), ctx)``
  with ``ctx.viewer`` None) under "Pass the phone to NAME" / "Show my cards".
* Public choice: a choice that needs nothing private (``public_choice(obs, legal)``) is made at
  a shared phone on the public table, without the curtain: ``render(public_observation(), ctx)``
  with ``ctx.viewer`` None and ``ctx.legal`` the choosing seat's actions (one of ``ctx.acting``).
* Commit: the named tap of a move makes it; ``needs_confirm(action, ctx)`` (False in every game)
  would keep it pending behind Undo / Confirm. At a shared phone the curtain after a move offers
  "Undo my move" (shell tap ``take_back``) until the next player shows their cards.
* Reveal: after every applied action whose events have a total ``pace_ms`` > 0, the shell
  replays them on the public view (or the sole human's view): ``render(before_obs, ctx)`` with
  ``ctx.step`` = 0..len(events), then the current observation. Taps are ignored meanwhile except
  "skip".
* Round summary: after the reveal, if ``ends_round(events)``; game over: ``state.is_terminal()``,
  standings ordered by ``state.returns()`` with the texts of ``scoreboard``.
* ``body[data-screen]`` names the screen: home, setup, curtain, turn, reveal, bot, summary,
  over (tests wait on it); ``body[data-ready]`` is set once taps work.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..i18n import gettext
from ..markup import Markup

#: an observation, action, event or tap as the engine and the page exchange them (JSON-safe dicts)
Observation = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
Tap = dict[str, Any]
#: the translation function: gettext for one message
Translate = Callable[[str], str]

#: ms an event stays on screen in the paced reveal when the view does not say otherwise
DEFAULT_PACE_MS = 700


def shares_phone(ctx: ViewContext) -> bool:
    """Whether two or more people play on this phone (seats of kind ``"human"``): after a move
    it is passed on (the hand-off screen offers "Undo my move" until the next player shows their
    cards). A player on their own phone (the viewer's seat is of another kind, e.g. ``"guest"``)
    does not share it."""
    viewer = ctx.viewer
    if viewer is not None and 0 <= viewer < len(ctx.kinds) and ctx.kinds[viewer] != "human":
        return False
    return sum(kind == "human" for kind in ctx.kinds) > 1


def standard_cue(event: Event, viewer: int | None) -> str | None:
    """The cues every game shares (:meth:`BaseView.cue`'s default, for a view's own ``cue`` to
    fall back on): ``deal`` -> "deal", ``round_end`` -> "round", ``game_over`` -> "win" (the
    table's public screen, or ``viewer`` among its ``winners``) or "over".

    >>> standard_cue({"type": "game_over", "winners": [1]}, 0), standard_cue({"type": "game_over", "winners": [1]}, 1)
    ('over', 'win')
    >>> standard_cue({"type": "game_over", "winners": [1]}, None), standard_cue({"type": "pick"}, 0)
    ('win', None)
    """
    kind = event.get("type")
    if kind == "game_over":
        winners = event.get("winners")
        lost = viewer is not None and isinstance(winners, list) and viewer not in winners
        return "over" if lost else "win"
    return {"deal": "deal", "round_end": "round"}.get(str(kind))


@dataclass
class ViewContext:
    """Everything a view may know besides the observation.

    Attributes:
        viewer: the seat whose private view is on screen; ``None`` = the table's public view.
        names: seat names, by seat.
        legal: legal actions of ``viewer`` now (``[]`` if not acting); with ``viewer`` None,
            those of the seat choosing on the public table (:meth:`GameView.public_choice`), else ``[]``.
        local: UI scratch for multi-tap choices; the shell clears it after each applied action.
        events: events of the last applied action (for animation and messages).
        t: the translation function (:func:`hotseat.i18n.gettext`).
        pending: the viewer's chosen but not yet confirmed action in a simultaneous phase
            (the shell draws Undo/Confirm; the view only highlights it), else ``None``.
        step: during a paced reveal, how many of ``events`` are shown so far, and ``obs`` is
            the observation from *before* the action; ``None`` when nothing is being revealed
            (``obs`` is then the current observation).
        acting: seats the table is waiting for now (``state.current_players()``; public).
        kinds: seat kinds, by seat: ``"human"`` (at this phone), ``"bot:easy"``,
            ``"bot:normal"``, ``"bot:hard"``, ``"guest"`` (a player on their own phone).
        round_events: the events of this round that the view's :meth:`GameView.round_log` asked
            to keep (oldest first; kept in the save), for the round summary.
        table_screen: ``True`` when this screen is the table in the middle (a tablet, laptop or
            TV that every player looks at from their seat): only the public view is drawn on it
            (``viewer`` is ``None``), large enough to read from across the table.
    """

    viewer: int | None
    names: list[str]
    legal: list[Action] = field(default_factory=list)
    local: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    t: Translate = gettext
    pending: Action | None = None
    step: int | None = None
    acting: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    round_events: list[Event] = field(default_factory=list)
    table_screen: bool = False


class GameView(Protocol):
    """What the shell asks a game's view. Pure Python: HTML from an observation and a
    :class:`ViewContext`, never from the engine's state; every user-facing string through ``t``.

    Required (no default): :meth:`render`, :meth:`on_tap`, :meth:`status_line`,
    :meth:`rules_html`. The others have the defaults of :class:`BaseView`.
    """

    def render(self, obs: Observation, ctx: ViewContext) -> Markup:
        """The table as ``ctx.viewer`` sees it (a hand only when ``ctx.viewer`` is set)."""
        ...

    def on_tap(self, obs: Observation, ctx: ViewContext, tap: Tap) -> Action | None:
        """The engine action for a tap on one of the view's ``data-tap`` elements (the shell
        refuses it unless it is in ``ctx.legal``), or ``None`` after updating ``ctx.local``
        (the shell then draws again). ``tap`` is the element's ``data-tap`` object, as drawn
        (:class:`hotseat.taps.GameTap`'s payload)."""
        ...

    def status_line(self, obs: Observation, ctx: ViewContext) -> str:
        """One line for the header: whose turn it is, what happens now."""
        ...

    def rules_html(self, t: Translate) -> Markup:
        """A short rules summary (shown when the game's rules page cannot be loaded)."""
        ...

    def needs_confirm(self, action: Action, ctx: ViewContext) -> bool:
        """Keep ``action`` pending behind Undo / Confirm instead of applying it at once."""
        ...

    def confirm_label(self, action: Action, t: Translate) -> str:
        """The question on the Undo / Confirm bar for a pending ``action``."""
        ...

    def public_choice(self, obs: Observation, legal: list[Action]) -> bool:
        """Whether a seat whose ``legal`` actions these are (``obs``: the public observation)
        chooses from what the whole table sees, with nothing private: at a phone people share it
        then chooses on the public table (``render(obs, ctx)`` with ``ctx.viewer`` None and
        ``ctx.legal`` its actions), without a hand-off screen and without its hand."""
        ...

    def pace_ms(self, event: Event) -> int:
        """Milliseconds ``event`` stays on screen in the paced reveal (0: it passes at once)."""
        ...

    #: whether a lower :meth:`final_score` is better (the players' statistics keep the best)
    lower_score_wins: bool

    def final_score(self, obs: Observation, seat: int) -> int | None:
        """``seat``'s score at the end of the game for the players' statistics, or ``None``."""
        ...

    def ends_round(self, events: list[Event]) -> bool:
        """Whether these events end a round: the shell then shows the round summary."""
        ...

    def round_log(self, event: Event) -> bool:
        """Keep ``event`` in ``ctx.round_events`` (and the save) until the round summary closes."""
        ...

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        """The round summary (``ctx.events`` holds the round's last events); also shown on the
        game-over screen."""
        ...

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """One score text per seat for the game-over standings (the order comes from ``returns()``)."""
        ...

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """The game's story of one move (:mod:`hotseat.story`): lines saying what the table saw,
        from the move's public ``events`` and the seat that moved (``player``) only — never a card
        the table has not seen (a secret pick says nothing). ``table`` is the public observation
        now (on a player's own phone: that player's observation, the only one it has), for what
        never changes in a game (teams, figures per player); ``ctx.viewer`` is ``None``. ``[]``:
        the move tells nothing."""
        ...

    def story_round(self, events: list[Event]) -> int | None:
        """The round a move's events begin (a new deal), else ``None``: the story starts a chapter."""
        ...

    def auto_play(self, obs: Observation, ctx: ViewContext) -> tuple[int, Action] | None:
        """``(ms, action)``: the app itself takes ``action`` for the seat on turn after ``ms``
        (a narrator app), or ``None``."""
        ...

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """The cue (a name in :data:`hotseat.narration.CUES`: a short sound and vibration) that
        ``event`` plays when the table is shown it, on the screen of ``viewer`` (``None``: the
        table's public screen), or ``None``. From the public event alone: a cue never tells more
        than the screen shows."""
        ...


class BaseView(ABC):
    """A game view with the defaults of every optional :class:`GameView` method."""

    @abstractmethod
    def render(self, obs: Observation, ctx: ViewContext) -> Markup: ...

    @abstractmethod
    def on_tap(self, obs: Observation, ctx: ViewContext, tap: Tap) -> Action | None: ...

    @abstractmethod
    def status_line(self, obs: Observation, ctx: ViewContext) -> str: ...

    @abstractmethod
    def rules_html(self, t: Translate) -> Markup: ...

    def needs_confirm(self, action: Action, ctx: ViewContext) -> bool:
        """The one commit rule of every game (README, "Playing"): the named tap of a move (a card
        in 6 nimmt!, Higher/Lower, a target field, Enter pose) makes it, secret simultaneous
        choices included; nothing waits behind a Confirm bar. At a shared phone the hand-off
        screen that follows offers "Undo my move" until the next player shows their cards
        (:meth:`hotseat.take_back.TakeBack.offered`). A view may still keep an action pending
        behind Undo / Confirm by overriding this; none does."""
        return False

    def confirm_label(self, action: Action, t: Translate) -> str:
        return t("Confirm your choice?")

    def public_choice(self, obs: Observation, legal: list[Action]) -> bool:
        """Default: every choice needs the seat's private view."""
        return False

    def pace_ms(self, event: Event) -> int:
        return DEFAULT_PACE_MS

    def ends_round(self, events: list[Event]) -> bool:
        return False

    def round_log(self, event: Event) -> bool:
        return False

    def round_summary_html(self, obs: Observation, ctx: ViewContext) -> Markup:
        return Markup()

    def scoreboard(self, obs: Observation, ctx: ViewContext) -> list[str]:
        """Default: no score text (the standings still rank the seats by ``returns()``)."""
        return ["" for _ in ctx.names]

    def story_lines(self, events: list[Event], player: int, ctx: ViewContext, table: Observation) -> list[str | Markup]:
        """Default: the move tells nothing."""
        return []

    def story_round(self, events: list[Event]) -> int | None:
        """Default: the round named by a ``deal`` event (the engines' name for a new deal)."""
        return next((e["round"] for e in events if e.get("type") == "deal" and isinstance(e.get("round"), int)), None)

    def auto_play(self, obs: Observation, ctx: ViewContext) -> tuple[int, Action] | None:
        return None

    def cue(self, event: Event, viewer: int | None) -> str | None:
        """Default: a new deal, the end of a round, and the game over ("win" on the table's screen
        and for a winner, "over" for a seat that did not win)."""
        return standard_cue(event, viewer)

    #: whether a lower :meth:`final_score` is better (the players' statistics keep the best)
    lower_score_wins = False

    def final_score(self, obs: Observation, seat: int) -> int | None:
        """``seat``'s score at the end of the game, in the game's own count, for the players'
        statistics (best and average); ``None``: the game has no score per seat (default)."""
        return None
