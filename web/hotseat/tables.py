"""Starting tables: what this phone offers to seat, new sessions, and games readied ahead.

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps one :class:`Tables`
(``Controller.tables``): it opens a game's setup page with the seat kinds this phone can offer
(people here, the bots when the game has them, a player's own phone in a game with hidden
information when this browser can connect phones), starts the session a setup gives (or a
rematch), and imports a game's view and bot modules in idle time (:meth:`Tables.warm_up`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pycore

from . import setup_screen
from .bot_turns import BotHook
from .markup import Markup
from .pages import SetupPage
from .seats import BOT_LEVELS, GUEST, HUMAN, bots_for
from .session import Session, default_bot_hook
from .views import load_view

if TYPE_CHECKING:
    from .players import Players


class Tables:
    """Attributes:
    seed_fn: a new table's seed (every deal follows from it).
    phones: this browser can connect phones (WebRTC); the browser glue says so at start
        (:meth:`hotseat.controller.Controller.phones_unavailable`): without it no option for
        phones is offered.
    warm: game ids whose view and bot modules should be imported in idle time.
    """

    def __init__(self, bot_hook: BotHook | None | str, seed_fn: Callable[[], int] | None) -> None:
        self._bot_hook = bot_hook  # "auto": pycore.bots, imported on first need (not at boot)
        self.seed_fn = seed_fn or (lambda: random.getrandbits(48))
        self.phones = True
        self.warm: list[str] = []

    @property
    def bot_hook(self) -> BotHook | None:
        if isinstance(self._bot_hook, str):  # "auto"
            self._bot_hook = default_bot_hook()
        return self._bot_hook

    def seat_kinds(self, game_id: str) -> list[str]:
        """Seat kinds besides a human at this phone that setup offers: the bots, and a player's own
        phone (kind ``"guest"``) in games with hidden information when this browser can connect
        phones."""
        phones = [GUEST] if self.phones and phones_game(game_id) else []
        return self.bot_kinds(game_id) + phones

    def bot_kinds(self, game_id: str) -> list[str]:
        """Bot seat kinds setup offers for ``game_id`` (none when the game has no bots)."""
        return [f"bot:{level}" for level in BOT_LEVELS] if bots_for(game_id, self.bot_hook) else []

    def setup(self, game_id: str, players: Players) -> SetupPage:
        """The setup page of ``game_id`` (its modules are readied while the player sets up)."""
        page = SetupPage.new(pycore.load_game(game_id), [HUMAN, *self.seat_kinds(game_id)], players)
        self.warm.append(game_id)
        return page

    def setup_markup(self, page: SetupPage, players: Players) -> Markup:
        setup = page.setup
        return setup_screen.setup(
            pycore.load_game(setup.game),
            setup,
            self.seat_kinds(setup.game),
            chips=page.chips(players),
            seat_kinds=[*([] if setup.table else [HUMAN]), *self.seat_kinds(setup.game)],
            no_phones=not self.phones and phones_game(setup.game),
            table=page.table_offer(),
        )

    def start(self, page: SetupPage) -> tuple[Session, list[str]] | None:
        """The session the setup on ``page`` describes and the names as typed, or ``None`` (the
        page shows what is wrong)."""
        st = page.setup
        table = page.table(pycore.load_game(st.game))
        if table is None:
            return None
        seats, options, raw = table
        try:
            session = Session(st.game, seats, self.seed_fn(), options, bot_hook=self.bot_hook, table_screen=st.table)
        except ValueError as exc:
            st.error = str(exc)
            return None
        return session, raw

    def rematch(self, old: Session) -> Session:
        """A new game at the same table: same seats and options, a new seed."""
        return Session(
            old.game_id, old.seats, self.seed_fn(), old.options, bot_hook=self.bot_hook, table_screen=old.table_screen
        )

    def warm_up(self) -> None:
        """Import the view and bot modules of the games in :attr:`warm` (the app calls this in idle
        time, after the setup screen has painted, so neither the first frame of the table nor a
        bot's first turn pays for compiling them)."""
        games, self.warm = self.warm, []
        for game_id in games:
            load_view(game_id)
            prepare = getattr(self.bot_hook, "prepare", None)
            if prepare is not None and bots_for(game_id, self.bot_hook):
                prepare(game_id)


def phones_game(game_id: str) -> bool:
    """Whether players of ``game_id`` may play on their own phones (it has hidden information)."""
    return bool(pycore.load_game(game_id).hidden_information)
