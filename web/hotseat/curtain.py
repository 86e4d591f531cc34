"""The hand-off curtain at a phone people share, and who holds the phone.

A :class:`hotseat.session.Session` keeps one :class:`Curtain` (``session.curtain``). In a game
with hidden information, when the next human to act is not the human who holds the phone (the
last one whose private view was shown), the curtain "Pass the phone to NAME" comes first; it
renders nothing private. After a screen the whole table may watch (a paced reveal, a bot's turn,
a round summary, a choice made on the public table) the next hand comes behind its curtain even
when its player held the phone before ("Cards hidden for NAME", :attr:`Curtain.watched`): a
hand never appears on a screen the table was just watching. "Show my cards" (:meth:`Curtain.show`)
gives that player the phone. When
the page is hidden (phone locked, app switched) a private view goes behind the curtain for the
same player (:meth:`Curtain.hide_private_view`). With only one human at the table there is never a
curtain: the screen is always that human's view.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Protocol

from .bot_turns import is_bot
from .phase import Phase

if TYPE_CHECKING:
    from pycore.core import Game

    from .bot_turns import BotTurns
    from .turn_flow import TurnFlow
    from .views import TableState


class CurtainTable(Protocol):
    """What a :class:`Curtain` reads and sets of its table (a :class:`~hotseat.session.Session`):
    the phase and whose view is on screen, set when the curtain comes up or goes down."""

    phase: Phase
    viewer: int | None
    public_actor: int | None
    bot_seat: int | None

    @property
    def game(self) -> Game[Any]: ...
    @property
    def state(self) -> TableState: ...
    @property
    def seats(self) -> list[dict[str, Any]]: ...
    @property
    def sole_human(self) -> int | None: ...
    @property
    def summary_due(self) -> bool: ...
    @property
    def flow(self) -> TurnFlow: ...
    @property
    def bots(self) -> BotTurns: ...

    def public_turn(self, seat: int) -> bool: ...
    def advance(self) -> None: ...


class Curtain:
    """The curtain of ``session``'s screen.

    Attributes:
        seat: the seat the curtain is up for ("Pass the phone to NAME"), or ``None``.
        hidden: the curtain came up because the page was hidden (:meth:`hide_private_view`):
            "NAME's cards are hidden".
        holder: the human who holds the phone (last shown their private view), or ``None``
            (after a reload the holder is unknown, so the next human always gets the curtain).
        watched: a public screen the whole table may watch was shown since the holder's view
            was (a reveal, a bot's turn, a round summary, a public choice): the holder's hand,
            too, comes back only behind the curtain.
    """

    def __init__(self, session: CurtainTable) -> None:
        self.session = session
        self.seat: int | None = None
        self.hidden = False
        self.holder: int | None = None
        self.watched = False

    def copy(self) -> Curtain:
        """A copy (for the session's checkpoints)."""
        return copy.copy(self)

    @property
    def private_on_screen(self) -> bool:
        """Whether the screen shows one player's private view (a hand) that the other humans at
        the table must not see. Never with one human among bots: their view is the table's."""
        s = self.session
        return s.game.hidden_information and s.viewer is not None and s.sole_human is None

    @property
    def holds_phone(self) -> bool:
        """Whether the curtain's player holds the phone already (their cards were hidden: the page
        was, or the table watched a public screen): it says "Cards hidden for NAME", not "Pass
        the phone to NAME"."""
        return self.seat is not None and (self.hidden or self.seat == self.holder)

    def up(self, seat: int, hidden: bool = False) -> None:
        """Put the game behind the curtain for ``seat`` ("Pass the phone to NAME"; with ``hidden``,
        "NAME's cards are hidden"). A pick chosen but not confirmed, a selection in progress and a
        running reveal are dropped (none of them is saved); nothing in the game changes.

        Raises:
            ValueError: ``seat`` is not a seat of this table.
        """
        s = self.session
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(s.seats):
            raise ValueError(f"no seat {seat!r} at this table")
        s.flow.cancel()
        s.bots.search = None
        s.viewer = None
        s.public_actor = None
        s.bot_seat = None
        s.phase = Phase.CURTAIN
        self.seat = seat
        self.hidden = hidden

    def hide_private_view(self) -> bool:
        """The page was hidden (phone locked, app switched) or restored from the browser's cache:
        whoever looks next, no hand may be on screen. A private view goes behind the curtain for
        the same player ("NAME's cards are hidden" — Show my cards); an unconfirmed pick is
        dropped as on a reload. Returns whether a private view was hidden.

        A table with one human (the others bots) keeps that human's view: there is nobody to
        hide it from, and that view is always on screen anyway.
        """
        viewer = self.session.viewer
        if not self.private_on_screen or viewer is None:  # a private view has a viewer
            return False
        self.up(viewer, hidden=True)
        return True

    def show(self) -> None:
        """ "Show my cards" on the curtain: its player takes the phone."""
        s, seat = self.session, self.seat
        self.holder = seat
        self.hidden = False
        self.watched = False
        self.seat = None
        if (
            seat is not None
            and seat in s.state.current_players()
            and not is_bot(s.seats[seat]["kind"])
            and s.flow.reveal is None
            and not s.summary_due
            and not s.public_turn(seat)
        ):
            s.phase = Phase.TURN
            s.viewer = seat
        else:  # the page was hidden while this player watched a bot, a summary or the end; or
            # the choice now needs no hand (it is made on the public table)
            s.advance()
