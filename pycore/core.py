"""The engine contract every Hotseat game follows (after OpenSpiel's ``pyspiel`` Game/State).

A :class:`Game` describes a game (id, player counts, options) and makes states. A :class:`State`
answers the same small set of questions for every game:

* who acts now — :meth:`State.current_players` (several players for simultaneous choices, empty
  when the game is over);
* what may they do — :meth:`State.legal_actions` (JSON-safe dicts with a ``"type"`` key);
* what happens when they do — :meth:`State.apply_action` (returns the events it caused);
* is it over, who won — :meth:`State.is_terminal`, :meth:`State.returns`, :meth:`State.winners`;
* what does each player see — :meth:`State.observation` (a function of *(state, player)*, never a
  field one forgets to hide) and :meth:`State.public_observation`;
* save and load — :meth:`State.to_json` / :meth:`Game.state_from_json`.

Chance (shuffles, deals) happens inside ``apply_action`` with the seeded :class:`~pycore.rng.Rng`
kept in the state, so ``(seed, options, actions)`` reproduces a game exactly.

Bad input never changes a state: :meth:`State.apply_action` first calls the game's
``_check_action`` (which raises :class:`~pycore.errors.IllegalActionError` naming the ruling) and
only then ``_apply``.

Saved JSON is an envelope ``{"format": "hotseat-state", "version": N, "game": id, "state": {...}}``;
``version`` is the game's ``STATE_VERSION`` and changes only when the state layout does. Older
versions are migrated by :meth:`Game.migrate` or refused with a clear message.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from .errors import IllegalActionError, InvalidStateError
from .rng import Rng

FORMAT = "hotseat-state"

Action = dict  # a JSON-safe dict with a "type" key
Event = dict  # a JSON-safe dict with a "type" key


@dataclass(frozen=True)
class Option:
    """One documented game option.

    Attributes:
        name: key in the ``options`` dict.
        default: value used when the key is absent.
        doc: one line for the setup screen and the docs.
        choices: allowed values (``None`` when ``minimum``/``maximum`` bound an int instead).
        minimum, maximum: inclusive bounds for int options (``None`` = unbounded).
    """

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``ValueError`` naming the option."""
        if self.choices is not None:
            if value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, got {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false, got {value!r}")
            return value
        if isinstance(self.default, int) or (self.default is None and (self.minimum is not None)):
            if value is None and self.default is None:
                return None
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be a whole number, got {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name!r} must be at least {self.minimum}, got {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name!r} must be at most {self.maximum}, got {value}")
            return value
        return value


class Game:
    """A registered game: metadata, options and the factory for states.

    Subclasses set the class attributes and ``state_class``.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: documented options, by name
    options: ClassVar[Mapping[str, Option]] = {}
    #: False for games with no private information (the UI then needs no curtain)
    hidden_information: ClassVar[bool] = True
    #: version of the saved-state layout
    STATE_VERSION: ClassVar[int] = 1
    #: an upper bound on actions in one game, for tests that must not loop forever
    max_game_length: ClassVar[int] = 100_000
    state_class: ClassVar[type["State"]]

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict:
        """Fill in defaults and validate.

        Raises:
            ValueError: for an unknown option name or a value out of range.
        """
        options = dict(options or {})
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"{self.id}: unknown option(s) {sorted(unknown)}; known: {sorted(self.options)}")
        return {name: opt.check(options.get(name, opt.default)) for name, opt in self.options.items()}

    def check_num_players(self, num_players: int) -> None:
        """Raise ``ValueError`` unless ``min_players <= num_players <= max_players``."""
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise ValueError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, got {num_players!r}"
            )

    def new_initial_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> "State":
        """A new game after the first deal.

        Args:
            num_players: seats at the table, within ``min_players..max_players``.
            seed: any int; the same seed, options and actions give the same game.
            options: overrides of :attr:`options` defaults.

        Raises:
            ValueError: bad player count, seed or option.
        """
        self.check_num_players(num_players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, got {seed!r}")
        return self.state_class.new(self, num_players, seed, self.resolve_options(options))

    # ---- saves -------------------------------------------------------------------------------

    def migrate(self, version: int, data: dict) -> dict:
        """Turn the state dict of an older ``version`` into the current layout.

        The default refuses every older version with a clear message; games override it when they
        change ``STATE_VERSION``.
        """
        raise InvalidStateError(
            f"{self.id}: saved with state version {version}, which this app can no longer read "
            f"(current version {self.STATE_VERSION})"
        )

    def state_from_json(self, text: str) -> "State":
        """Load a state saved by :meth:`State.to_json`.

        Raises:
            InvalidStateError: the text is not JSON, not a Hotseat envelope, for another game, of
                an unknown version, or its state fails the game's validation (``from_dict``) or its
                invariants (``check_invariants``). The message says what is wrong.
        """
        if not isinstance(text, str):
            raise InvalidStateError(f"expected JSON text, got {type(text).__name__}")
        try:
            envelope = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InvalidStateError(f"not valid JSON: {exc}") from None
        if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
            raise InvalidStateError(f"not a Hotseat saved state (missing \"format\": \"{FORMAT}\")")
        if envelope.get("game") != self.id:
            raise InvalidStateError(f"this save is for game {envelope.get('game')!r}, not {self.id!r}")
        version = envelope.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise InvalidStateError(f"\"version\" must be an int, got {version!r}")
        data = envelope.get("state")
        if not isinstance(data, dict):
            raise InvalidStateError("\"state\" must be an object")
        if version > self.STATE_VERSION:
            raise InvalidStateError(
                f"{self.id}: saved by a newer app (state version {version}, this app reads up to "
                f"{self.STATE_VERSION})"
            )
        if version < self.STATE_VERSION:
            data = self.migrate(version, data)
        try:
            state = self.state_class.from_dict(self, data)
        except InvalidStateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidStateError(f"{self.id}: malformed state ({type(exc).__name__}: {exc})") from None
        # every game's invariants (card conservation, one figure per field ...) hold in a valid save
        try:
            state.check_invariants()
        except AssertionError as exc:
            raise InvalidStateError(f"state: {exc}") from None
        return state

    # ---- hidden information ------------------------------------------------------------------

    def sample_hidden(self, state: "State", player: int, rng: Rng) -> "State":
        """A state that looks the same to ``player`` with everything hidden from them re-dealt.

        ``state.observation(player)`` equals ``result.observation(player)``. Bots use it to
        determinize. ``state`` is not changed.
        """
        return state.sample_hidden(player, rng)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State:
    """The state of one game. Subclasses implement the underscore hooks.

    Required hooks: ``new`` (classmethod), ``from_dict`` (classmethod), ``to_dict``,
    ``current_players``, ``legal_actions``, ``_check_action``, ``_apply``, ``is_terminal``,
    ``returns``, ``winners``, ``observation``, ``public_observation``, ``sample_hidden``.
    Optional: ``check_invariants`` (raises ``AssertionError``; run by the conformance suite after
    every action).
    """

    game: Game
    num_players: int

    # ---- construction and saves --------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, num_players: int, seed: int, options: dict) -> "State":  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def from_dict(cls, game: Game, data: dict) -> "State":  # pragma: no cover
        """Build and validate a state from :meth:`to_dict` output; raise ``InvalidStateError``."""
        raise NotImplementedError

    def to_dict(self) -> dict:  # pragma: no cover
        """A JSON-safe dict holding the whole state (hidden cards and rng included)."""
        raise NotImplementedError

    def to_json(self) -> str:
        """The whole state as canonical JSON text (sorted keys, no spaces), for saves and hashes."""
        return json.dumps(
            {"format": FORMAT, "game": self.game.id, "version": self.game.STATE_VERSION, "state": self.to_dict()},
            sort_keys=True,
            separators=(",", ":"),
        )

    def clone(self) -> "State":
        """An independent deep copy."""
        return copy.deepcopy(self)

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:  # pragma: no cover
        """Seats (0-based) that must act now; several for simultaneous choices; [] when terminal."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:  # pragma: no cover
        """Every action ``player`` may take now ([] if they are not to act)."""
        raise NotImplementedError

    def apply_action(self, player: int, action: Action) -> list[Event]:
        """Apply ``player``'s ``action`` and return the events it caused, in order.

        Raises:
            IllegalActionError: ``player`` is not to act, ``action`` is malformed, or the rules
                forbid it. The state is unchanged.
        """
        # exact-type fast paths first (bools are not players; int/dict/str subclasses take the
        # slow, equivalent checks)
        if type(player) is not int or not 0 <= player < self.num_players:
            if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.num_players:
                raise IllegalActionError("CORE", f"no such player {player!r}")
        if type(action) is not dict or type(action.get("type")) is not str:
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                raise IllegalActionError("CORE", f"an action must be a dict with a string \"type\", got {action!r}")
        if player not in self.current_players():
            raise IllegalActionError("CORE", f"it is not player {player}'s turn to act")
        self._check_action(player, action)
        return self._apply(player, action)

    def _check_action(self, player: int, action: Action) -> None:  # pragma: no cover
        """Raise :class:`IllegalActionError` (naming the ruling) unless ``action`` is legal."""
        raise NotImplementedError

    def _apply(self, player: int, action: Action) -> list[Event]:  # pragma: no cover
        """Apply an already checked action; return events."""
        raise NotImplementedError

    def is_terminal(self) -> bool:  # pragma: no cover
        raise NotImplementedError

    def returns(self) -> list[float]:  # pragma: no cover
        """One float per player, higher is better (final scores when terminal, standings before)."""
        raise NotImplementedError

    def winners(self) -> list[int]:  # pragma: no cover
        """Seats that won (ties share); [] while the game is not over."""
        raise NotImplementedError

    def observation(self, player: int) -> dict:  # pragma: no cover
        """JSON-safe dict of what ``player`` may see, nothing more."""
        raise NotImplementedError

    def public_observation(self) -> dict:  # pragma: no cover
        """JSON-safe dict of what the whole table sees."""
        raise NotImplementedError

    def sample_hidden(self, player: int, rng: Rng) -> "State":  # pragma: no cover
        """See :meth:`Game.sample_hidden`."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if an internal invariant (e.g. card conservation) is broken."""

    def __str__(self) -> str:
        return self.to_json()


# ---- helpers shared by the games' validators -------------------------------------------------


def check_action_keys(rule: str, action: Mapping, allowed: Iterable[str]) -> None:
    """Raise :class:`IllegalActionError` if ``action`` has keys outside ``allowed`` (plus "type")."""
    extra = set(action) - set(allowed) - {"type"}
    if extra:
        raise IllegalActionError(rule, f"unknown key(s) {sorted(extra)} in action {dict(action)!r}")


def require_int(rule: str, action: Mapping, key: str, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``action[key]`` if it is an int within ``lo..hi``; else raise IllegalActionError."""
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalActionError(rule, f"action needs an int {key!r}, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise IllegalActionError(rule, f"{key}={value} is out of range {lo}..{hi}")
    return value


def expect(cond: bool, where: str, what: str) -> None:
    """Raise :class:`InvalidStateError` ``"where: what"`` unless ``cond``; for ``from_dict``."""
    if not cond:
        raise InvalidStateError(f"{where}: {what}")


def expect_int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    """Validate a saved int (not a bool) within ``lo..hi``; return it or raise InvalidStateError."""
    expect(isinstance(value, int) and not isinstance(value, bool), where, f"expected an int, got {value!r}")
    expect(lo is None or value >= lo, where, f"{value} is below {lo}")
    expect(hi is None or value <= hi, where, f"{value} is above {hi}")
    return value


def expect_int_list(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> list[int]:
    """Validate a saved list of ints within ``lo..hi``."""
    expect(isinstance(value, list), where, f"expected a list, got {type(value).__name__}")
    for i, v in enumerate(value):
        expect_int(v, f"{where}[{i}]", lo, hi)
    return value
