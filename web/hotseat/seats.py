"""A table's seats: who plays each one (a person at this phone, a bot, a phone of its own), checked.

A seat is ``{"name": str, "kind": str}`` (plus ``"phone": True`` for a phone's seat played here
while its phone is away: :meth:`hotseat.phone_seats.PhoneSeats.stand_in`); :func:`check_seats`
validates a list of them for a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pycore

from .names import NameError_, check_name

if TYPE_CHECKING:
    from .bot_turns import BotHook

HUMAN = "human"
#: a seat played on its own phone (a guest of this host: hotseat.net)
GUEST = "guest"
BOT_LEVELS = ("easy", "normal", "hard")
#: a bot's kind names its level (:func:`hotseat.bot_turns.is_bot` reads it so)
BOT_KINDS = tuple(f"bot:{level}" for level in BOT_LEVELS)
SEAT_KINDS = (HUMAN, *BOT_KINDS, GUEST)
#: who may play a phone's seat while its phone is away (:meth:`hotseat.phone_seats.PhoneSeats.stand_in`)
STAND_IN_KINDS = SEAT_KINDS[:-1]


def bots_for(game_id: str, bot_hook: BotHook | None) -> bool:
    """Whether bot seats can be offered for ``game_id`` with ``bot_hook``."""
    if bot_hook is None:
        return False
    games = getattr(bot_hook, "games", None)
    return games is None or game_id in games


def is_guest(kind: str) -> bool:
    return kind == GUEST


def check_seats(game: pycore.Game[Any], seats: Any, bots_allowed: bool = True) -> list[dict[str, Any]]:
    """Validate ``[{"name": str, "kind": str}, ...]`` for ``game``; return a clean copy.

    Raises:
        ValueError: wrong count for the game, empty or overlong name, unknown kind, or a bot seat
            while no bots are available.
    """
    if not isinstance(seats, list):
        raise ValueError("seats must be a list")
    if not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players}-{game.max_players} players, got {len(seats)}")
    clean = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str) or not isinstance(seat.get("kind"), str):
            raise ValueError(f"seat {i + 1}: expected a name and a kind")
        try:
            name = check_name(seat["name"])
        except NameError_ as exc:
            raise ValueError(f"seat {i + 1}: {exc}") from None
        if seat["kind"] not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1}: unknown kind {seat['kind']!r}")
        if seat["kind"] in BOT_KINDS and not bots_allowed:
            raise ValueError(f"seat {i + 1}: bots are not available in this version")
        phone = seat.get("phone", False)
        if set(seat) - {"name", "kind", "phone"} or phone not in (False, True):
            raise ValueError(f"seat {i + 1}: unexpected fields")
        if phone and (seat["kind"] not in STAND_IN_KINDS):
            raise ValueError(f"seat {i + 1}: a phone's seat is played here only by a person or a bot")
        clean.append({"name": name, "kind": seat["kind"], **({"phone": True} if phone else {})})
    return clean
