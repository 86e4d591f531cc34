"""The phases of a game screen: :class:`Phase`, one value per screen a game shows.

A leaf (it imports nothing of the app): the turn flow (:mod:`hotseat.turn_flow`), the session and
its parts, the pages and the sound cues all name the phase, and none of them needs the turn flow
for it.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game screen shows now (its value names the screen: ``body[data-screen]``, a
    phone's with ``guest-`` before it)."""

    #: "Pass the phone to NAME" (or "NAME's cards are hidden"): nothing private on screen
    CURTAIN = "curtain"
    #: the viewer acts on their private view
    TURN = "turn"
    #: the events of the last move are being played out
    REVEAL = "reveal"
    #: a bot is about to act (thinking in slices)
    BOT = "bot"
    #: the round summary, waiting for "Next round"
    SUMMARY = "summary"
    #: the game is over
    OVER = "over"
    #: the table waits for others: seats played on their own phones, or (on a phone) the host
    WAIT = "wait"
