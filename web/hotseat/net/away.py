"""A phone away, at the host: how long each phone seat's phone has been gone, and going on without it.

When the table waits for a seat whose phone had connected and has been away (not connected)
for :data:`AWAY_GRACE_MS`, the host may go on without it (a seat whose phone never connected
waits for it: its line offers "Connect" only): a bot plays the seat, or the people at the
host's phone (:meth:`hotseat.phone_seats.PhoneSeats.stand_in`, saved with the game), until the phone
is back. :class:`PhonesAway` belongs to :class:`~hotseat.net.host_side.HostSide` (its :attr:`away`);
the strip and the away sheet that offer it are drawn by :mod:`hotseat.net.screens`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..seats import BOT_LEVELS, HUMAN, bots_for

if TYPE_CHECKING:
    from ..session import Session
    from .host import Host

#: ms a phone the table waits for must have been away before the host may go on without it (a
#: phone that locks its screen for a moment, or a page that reloads, is back sooner)
AWAY_GRACE_MS = 5_000


class PhonesAway:
    """The phone seats whose phone is away at a host, each with the time it was first seen away.

    ``hosting`` gives the host and its session, or ``None`` while this phone hosts no table;
    ``clock`` gives seconds (monotonic) to know how long a phone has been away.
    """

    def __init__(self, hosting: Callable[[], tuple[Host, Session] | None], clock: Callable[[], float]) -> None:
        self.hosting = hosting
        self.clock = clock
        #: phone seat -> :attr:`clock` time since which its phone is away (kept while hosting)
        self.since: dict[int, float] = {}

    def _note(self, host: Host, session: Session) -> list[int]:
        """The phone seats whose phone is away now, each noted with the time it was first seen away."""
        away = [s for s in session.phones.guests if host.remotes.get(s) is None or host.remotes[s].link is None]
        now = self.clock()
        self.since = {s: self.since.get(s, now) for s in away}
        return away

    def _left_ms(self) -> dict[int, float]:
        """Each seat the table waits for whose phone had connected (it has a token here) and is
        away, with the ms left before the host may go on without it (0 or less: it may now)."""
        hosting = self.hosting()
        if hosting is None:
            return {}
        away, waiting = self._note(*hosting), hosting[1].phones.waiting
        had = hosting[0].remotes
        now = self.clock()
        return {s: AWAY_GRACE_MS - (now - self.since[s]) * 1000 for s in away if s in waiting and s in had}

    def due(self) -> list[int]:
        """Seats the table waits for whose phone had connected and has been away
        :data:`AWAY_GRACE_MS` or longer: the host may go on without them (a bot or the people
        here play the seat)."""
        return [s for s, ms in self._left_ms().items() if ms <= 0]

    def due_ms(self) -> int | None:
        """Milliseconds until a seat the table waits for has been away long enough to go on
        without its phone (the screen is drawn again then to offer it), or ``None``."""
        due = [ms for ms in self._left_ms().values() if ms > 0]
        return max(1, round(min(due))) if due else None

    def stand_in(self, seat: int, kind: Any) -> bool:
        """The host's choice on the away sheet: ``kind`` plays ``seat`` until its phone is back.
        Returns False (nothing changes) unless ``seat`` is due (:meth:`due`) and ``kind`` offered
        (:meth:`kinds`).

        Raises:
            StorageError: the save refused the change (the table still waits for the phone).
        """
        hosting = self.hosting()
        if hosting is None or seat not in self.due() or kind not in self.kinds(hosting[1]):
            return False
        hosting[1].phones.stand_in(seat, kind)
        return True

    @staticmethod
    def kinds(session: Session) -> list[str]:
        """Who may stand in for a phone's seat at ``session``: each bot level (when it has bots),
        then the people at this phone (never at a table screen: nobody plays there)."""
        bots = [f"bot:{level}" for level in BOT_LEVELS] if bots_for(session.game_id, session.bot_hook) else []
        return bots if session.table_screen else [*bots, HUMAN]
