"""The small family of precise exceptions every game raises.

Both are ``ValueError`` subclasses, as python-chess does with its move errors, so a caller that
only wants "bad input" can catch ``ValueError``.
"""

from __future__ import annotations


class HotseatError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(HotseatError):
    """An action that the rules do not allow now.

    Raised by ``State.apply_action`` for a malformed action dict, a player who is not to act, or an
    action the rules forbid. The message starts with the ruling id it enforces (``"SN-5: ..."``).
    The state is unchanged when this is raised.

    Attributes:
        rule: the ruling id (``"SN-5"``, ``"BB-3"``, ``"DOG-4"``, ``"CORE"`` for contract errors).
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class InvalidStateError(HotseatError):
    """JSON text that is not a valid saved state (truncated, mistyped, tampered or too new).

    The message says what is wrong, e.g. ``"state.rows[2]: expected a list of card numbers"``.
    """
