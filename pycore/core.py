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
* what could the hidden part be — :meth:`State.from_observation`: one re-deal of everything a seat
  cannot see, consistent with its observation (bots search over such worlds;
  :meth:`State.sample_hidden` is the same re-deal for a seat of a state);
* save and load — :meth:`State.to_json` / :meth:`Game.state_from_json`.

**Typed contracts.** Each game module declares its actions, events and observations once, as
``TypedDict`` classes (``Action``, ``Event``, ``Observation``, ``PublicObservation``); its state class
is ``State[Action, Event, Observation, PublicObservation]``, so ``legal_actions``, ``apply_action``
and ``observation`` are typed per game for the engine, the bots, the views and the tests.

**State declared once.** Each state class lists its saved fields in ``FIELDS``: the JSON name, the
type and bounds (a :class:`~pycore.spec.Spec`) and the owner — :data:`PUBLIC` (the whole table sees it),
:data:`SEAT` (a per-player list whose entry ``p`` only player ``p`` sees) or :data:`HIDDEN`
(nobody); :meth:`State.observation` is the public observation plus the seat's own entry of each
SEAT field, under the key the field names (``seen_as``), for every game. A hidden or seat-owned
value's *shape* (list lengths, ``null`` or not) is public; only its contents are secret. Saving
(:meth:`State.to_dict`), loading with validation (:meth:`State.from_dict`, errors naming the path,
e.g. ``state.rows[2][0]: 105 is above 104``) and copying (:meth:`State.clone`) come from the
declaration; checks across fields stay in each game's small ``_validate``. The conformance suite
holds the observations to the owners: a seat's observation may not change when everything it does
not own changes (:meth:`State.vary_unseen`).

Chance (shuffles, deals) happens inside ``apply_action`` with the seeded :class:`~pycore.rng.Rng`
kept in the state, so ``(seed, options, actions)`` reproduces a game exactly.

Bad input never changes a state: :meth:`State.apply_action` first asks the game's ``_may_act``
and ``_check_action`` (which raise :class:`~pycore.errors.IllegalActionError` naming the ruling)
and only then calls ``_apply``. A game whose checks cost about as much as listing the actions again
(Dog) remembers the list it just gave (:meth:`State.remember_legal`): an action equal to one of
them, value types included, is then known legal and skips ``_check_action``.

Saved JSON is an envelope ``{"format": "hotseat-state", "version": N, "game": id, "state": {...}}``;
``version`` is the game's ``STATE_VERSION`` and changes only when the state layout does. Older
versions are migrated by :meth:`Game.migrate` or refused with a clear message.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from .errors import IllegalActionError, InvalidStateError
from .rng import Rng
from .spec import Int, Nullable, Options, PerPlayer, RngState, Spec, copy_rng, expect

try:  # Python 3.11+
    from typing import Self
except ImportError:  # pragma: no cover
    from typing import Self

FORMAT = "hotseat-state"

#: the JSON-safe dict every action, event and observation is at run time (the games' TypedDicts
#: are this, with their keys declared)
JsonDict = dict[str, Any]

ActionT = TypeVar("ActionT", bound=Mapping[str, Any])
EventT = TypeVar("EventT", bound=Mapping[str, Any])
ObservationT = TypeVar("ObservationT", bound=Mapping[str, Any])
PublicObservationT = TypeVar("PublicObservationT", bound=Mapping[str, Any])


@dataclass(frozen=True)
class Option:
    """One documented game option.

    Attributes:
        name: key in the ``options`` dict.
        default: value used when the key is absent.
        doc: one line for the setup screen and the docs.
        choices: allowed values (``None`` when ``minimum``/``maximum`` bound an int instead).
        minimum, maximum: inclusive bounds for int options (``None`` = unbounded).

    >>> Option("rounds", 2, "Rounds to play.", choices=(2, 3)).check(4)
    Traceback (most recent call last):
    ...
    ValueError: option 'rounds' must be one of [2, 3], got 4
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
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


# ---- the state declaration -------------------------------------------------------------------

#: owner of a field the whole table sees
PUBLIC = "public"
#: owner of a per-player list: entry ``p`` is seen by player ``p`` only (its shape is public)
SEAT = "seat"
#: owner of a field nobody sees (its shape is public: e.g. the deck's size, not its order)
HIDDEN = "hidden"
OWNERS = (PUBLIC, SEAT, HIDDEN)


@dataclass(frozen=True)
class Field:
    """One saved field of a state: JSON ``name``, its :class:`~pycore.spec.Spec`, its owner and a line of doc.

    ``attr`` is the attribute holding it when that differs from ``name``. ``seen_as`` (required
    for a :data:`SEAT` field, refused for the others): the key under which :meth:`State.observation`
    shows player ``p`` their own entry ``p`` of it (``"hand"`` for ``hands``).

    Raises:
        ValueError: an unknown owner, a SEAT field that is not a :class:`~pycore.spec.PerPlayer` list or has no
            ``seen_as``, or a ``seen_as`` on a field that is not SEAT.

    >>> Field("picks", PerPlayer(Int(1, 104)), SEAT, "secret picks")
    Traceback (most recent call last):
    ...
    ValueError: field 'picks': a SEAT field names the observation key its owner sees it under (seen_as)
    """

    name: str
    spec: Spec
    owner: str
    doc: str = ""
    attr: str = ""
    seen_as: str = ""

    def __post_init__(self) -> None:
        if self.owner not in OWNERS:
            raise ValueError(f"field {self.name!r}: owner must be one of {OWNERS}, got {self.owner!r}")
        if self.owner == SEAT and not isinstance(self.spec, PerPlayer):
            raise ValueError(f"field {self.name!r}: a SEAT field is a PerPlayer list")
        if self.owner == SEAT and not self.seen_as:
            raise ValueError(
                f"field {self.name!r}: a SEAT field names the observation key its owner sees it under (seen_as)"
            )
        if self.owner != SEAT and self.seen_as:
            raise ValueError(f"field {self.name!r}: only a SEAT field is shown under a key of its own (seen_as)")
        if not self.attr:
            object.__setattr__(self, "attr", self.name)


#: the fields every state saves first: the constructor needs them
COMMON_FIELDS = (
    Field("num_players", Int(1, 99), PUBLIC, "seats at the table (the game's own bounds are checked on load)"),
    Field("options", Options(), PUBLIC, "the resolved game options"),
    Field("rng", RngState(), HIDDEN, "the seeded generator of every shuffle to come"),
)


def _clone_function(cls: type[Any], names: list[str]) -> Callable[[Any], Any]:
    """The clone function of state class ``cls`` whose instances have the attributes ``names``
    (see :meth:`State.clone`)."""
    specs = {f.attr: f.spec for f in cls.fields()}
    namespace: dict[str, Any] = {"_new": object.__new__, "copy_rng": copy_rng}
    lines = ["def clone(self):", "    other = _new(self.__class__)"]
    for i, name in enumerate(names):
        src = f"self.{name}"
        spec = specs.get(name)
        if name == "_listed":
            code: str | None = "None"  # a clone may be changed directly (vary_unseen): it lists afresh
        elif name in cls.DERIVED_LISTS:
            code = f"{src}[:]"
        elif spec is None:
            code = src  # set in __init__ from the player count and never changed (Dog's colours)
        else:
            code = spec.copy_code(src)
            if code is None and isinstance(spec, Nullable):  # often null (Dog's 7): test before the call
                namespace[f"_copy{i}"] = spec.spec.copier()
                code = f"(None if {src} is None else _copy{i}({src}))"
            elif code is None:
                namespace[f"_copy{i}"] = spec.copier()
                code = f"_copy{i}({src})"
        lines.append(f"    other.{name} = {code}")
    lines.append("    return other")
    exec(compile("\n".join(lines), f"<clone of {cls.__name__}>", "exec"), namespace)
    return cast(Callable[[Any], Any], namespace["clone"])


# ---- the contract ----------------------------------------------------------------------------


StateT = TypeVar("StateT", bound="State[Any, Any, Any, Any]")


class Game(Generic[StateT]):
    """A registered game: metadata, options and the factory for states.

    Subclasses set the class attributes and ``state_class`` (``class SixNimmt(Game[SixNimmtState])``).
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
    #: the fields each later ``STATE_VERSION`` added, by that version, with the value a save of the
    #: version before loads with (``{2: {"played": []}}``: a version 1 save loads with ``played``
    #: empty); :meth:`migrate` reads an older save by adding them
    added_fields: ClassVar[Mapping[int, Mapping[str, Any]]] = {}
    #: an upper bound on actions in one game (tests stop a game that runs longer; saved counters
    #: such as round numbers are bounded by it where the rules set no smaller bound)
    max_game_length: ClassVar[int] = 100_000
    state_class: type[StateT]

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
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
        if (
            not isinstance(num_players, int)
            or isinstance(num_players, bool)
            or not (self.min_players <= num_players <= self.max_players)
        ):
            raise ValueError(f"{self.name} is for {self.min_players}-{self.max_players} players, got {num_players!r}")

    def new_initial_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> StateT:
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

    def migrate(self, version: int, data: dict[str, Any]) -> dict[str, Any]:
        """Turn the state dict of an older ``version`` into the current layout.

        The default reads a version from 1 on whose every later version only added fields (each in
        :attr:`added_fields`): a new dict with those fields added, in version order. It refuses any
        other older version with a clear message (naming ``version`` and the current one); games
        whose layout changed otherwise override it.
        """
        later = range(version + 1, self.STATE_VERSION + 1)
        if version >= 1 and all(v in self.added_fields for v in later):
            data = dict(data)
            for v in later:
                data.update(copy.deepcopy(self.added_fields[v]))  # a fresh value for each save
            return data
        raise InvalidStateError(
            f"{self.id}: saved with state version {version}, which this app can no longer read "
            f"(current version {self.STATE_VERSION})"
        )

    def state_from_json(self, text: str) -> StateT:
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
            raise InvalidStateError(f'not a Hotseat saved state (missing "format": "{FORMAT}")')
        if envelope.get("game") != self.id:
            raise InvalidStateError(f"this save is for game {envelope.get('game')!r}, not {self.id!r}")
        version = envelope.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise InvalidStateError(f'"version" must be an int, got {version!r}')
        data = envelope.get("state")
        if not isinstance(data, dict):
            raise InvalidStateError('"state" must be an object')
        if version > self.STATE_VERSION:
            raise InvalidStateError(
                f"{self.id}: saved by a newer app (state version {version}, this app reads up to {self.STATE_VERSION})"
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

    def from_observation(self, observation: Any, rng: Rng) -> StateT:
        """A full state consistent with ``observation``: see :meth:`State.from_observation`."""
        return self.state_class.from_observation(self, observation, rng)

    def sample_hidden(self, state: StateT, player: int, rng: Rng) -> StateT:
        """A state that looks the same to ``player`` with everything hidden from them re-dealt.

        ``state.observation(player)`` equals ``result.observation(player)``. ``state`` is not
        changed. It is :meth:`from_observation` of ``player``'s observation.
        """
        return state.sample_hidden(player, rng)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(Generic[ActionT, EventT, ObservationT, PublicObservationT]):
    """The state of one game. Subclasses declare ``FIELDS`` and implement the hooks.

    Required: ``__init__(game, num_players, options, rng)`` (an empty table), ``new``
    (classmethod: the first deal), ``from_observation`` (classmethod), ``current_players``,
    ``legal_actions``, ``_check_action``, ``_apply``, ``is_terminal``, ``returns``, ``winners``,
    ``observation``, ``public_observation``. Optional: ``_validate`` (checks across saved fields,
    raises ``InvalidStateError``), ``check_invariants`` (raises ``AssertionError``; run after
    every load and by the conformance suite after every action).
    """

    #: the saved fields after :data:`COMMON_FIELDS`, in the order they are loaded
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    #: attributes computed from the saved fields (not saved) that are lists: :meth:`clone` copies them
    DERIVED_LISTS: ClassVar[tuple[str, ...]] = ()
    #: attributes set in ``__init__`` from the player count and never changed (Dog's colours):
    #: clones share them
    FIXED: ClassVar[tuple[str, ...]] = ()
    #: the action types this game knows: :meth:`apply_action` refuses any other (rule ``CORE``,
    #: naming them) before ``_check_action``. Empty: ``_check_action`` refuses unknown types itself
    #: (Dog, whose phase is checked first).
    ACTION_TYPES: ClassVar[tuple[str, ...]] = ()
    _dump_plan: ClassVar[tuple[tuple[str, str, Callable[[Any, Any], Any]], ...]] = ()
    #: ``(seen_as, attr, dump of one entry)`` of each SEAT field, for :meth:`observation`
    _seat_plan: ClassVar[tuple[tuple[str, str, Callable[[Any, Any], Any]], ...]] = ()

    game: Game[Any]
    num_players: int
    options: dict[str, Any]
    rng: Rng
    #: :meth:`remember_legal`'s memory: ``(player, the dicts handed out, private copies of them)`` or None
    _listed: tuple[int, list[Any], list[JsonDict]] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = COMMON_FIELDS + cls.FIELDS
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__}: a field is declared twice in {names}")
        cls._dump_plan = tuple((f.name, f.attr, f.spec.dumper()) for f in fields)
        cls._seat_plan = tuple(
            (f.seen_as, f.attr, cast(PerPlayer, f.spec).item.dumper()) for f in fields if f.owner == SEAT
        )

    @classmethod
    def fields(cls) -> tuple[Field, ...]:
        """Every saved field, :data:`COMMON_FIELDS` first."""
        return COMMON_FIELDS + cls.FIELDS

    # ---- construction and saves --------------------------------------------------------------

    def __init__(self, game: Game[Any], num_players: int, options: dict[str, Any], rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self._listed = None

    @classmethod
    def new(cls, game: Game[Any], num_players: int, seed: int, options: dict[str, Any]) -> Self:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def from_dict(cls, game: Game[Any], data: Any) -> Self:
        """Build and validate a state from :meth:`to_dict` output.

        Every field is checked against its declared type and bounds in declaration order, then
        ``_validate`` checks the fields against each other.

        Raises:
            InvalidStateError: naming the path of the first wrong value.
        """
        expect(isinstance(data, dict), "state", "expected an object")
        names = {f.name for f in cls.fields()}
        missing = names - set(data)
        expect(not missing, "state", f"missing field(s) {sorted(missing)}")
        extra = set(data) - names
        expect(not extra, "state", f"unknown field(s) {sorted(extra)}")
        n = Int(game.min_players, game.max_players).load(data["num_players"], "state.num_players", None)
        shell = cls.__new__(cls)
        shell.game, shell.num_players = game, n
        options = Options().load(data["options"], "state.options", shell)
        rng = RngState().load(data["rng"], "state.rng", shell)
        state = cls(game, n, options, rng)
        for f in cls.FIELDS:
            setattr(state, f.attr, f.spec.load(data[f.name], "state." + f.name, state))
        state._validate()
        return state  # Game.state_from_json then checks the invariants

    def _validate(self) -> None:
        """Checks across the loaded fields; raise ``InvalidStateError`` naming the field."""

    def to_dict(self) -> JsonDict:
        """A JSON-safe dict holding the whole state (hidden cards and rng included)."""
        out: JsonDict = {}
        for name, attr, dump in self._dump_plan:
            out[name] = dump(getattr(self, attr), self)
        return out

    def to_json(self) -> str:
        """The whole state as canonical JSON text (sorted keys, no spaces), for saves and hashes."""
        return json.dumps(
            {"format": FORMAT, "game": self.game.id, "version": self.game.STATE_VERSION, "state": self.to_dict()},
            sort_keys=True,
            separators=(",", ":"),
        )

    def clone(self) -> Self:
        """An independent deep copy (bots call it in playouts): every declared field copied by its
        spec (:data:`DERIVED_LISTS` too), immutable values and the options shared; the memory of
        :meth:`remember_legal` starts empty.

        The copying function is generated once per state class, at its first clone, from the
        class's declarations alone (as :mod:`dataclasses` generates ``__init__``), never from an
        instance: the attributes are those of :meth:`attribute_names`. One assignment per
        attribute, with each copy written out inline, so it runs as fast as a hand-written one.
        """
        clone = _clone_function(type(self), type(self).attribute_names())
        type(self).clone = clone  # type: ignore[method-assign,assignment]  # later calls go straight to it
        return cast(Self, clone(self))

    @classmethod
    def attribute_names(cls) -> list[str]:
        """Every attribute a state of this class has, from its declarations: the common ones
        (``game``, ``_listed``), the saved fields (:data:`COMMON_FIELDS` and :data:`FIELDS`),
        :data:`DERIVED_LISTS` and :data:`FIXED`. The conformance suite checks that instances
        have exactly these."""
        names = ["game", "_listed", *(f.attr for f in cls.fields()), *cls.DERIVED_LISTS, *cls.FIXED]
        return list(dict.fromkeys(names))

    # ---- the contract ------------------------------------------------------------------------

    def current_players(self) -> list[int]:  # pragma: no cover
        """Seats (0-based) that must act now; several for simultaneous choices; [] when terminal."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[ActionT]:  # pragma: no cover
        """Every action ``player`` may take now ([] if they are not to act)."""
        raise NotImplementedError

    def remember_legal(self, player: int, actions: list[ActionT]) -> list[ActionT]:
        """Remember ``actions`` as every legal action of ``player`` in this state; return them.

        For a game's ``legal_actions`` whose rules checks cost about as much as the listing (its
        actions' values must be JSON scalars: the copies kept are shallow): the next
        :meth:`apply_action` accepts an action equal to one of them, value types included
        (:func:`same_action`: ``True`` is not ``1``), without calling ``_check_action``. The memory
        holds private copies (a caller changing a returned dict changes nothing here; a dict
        handed out and passed back is found by identity, then compared with its copy) and is
        forgotten as soon as the state may change: by :meth:`apply_action`, in a :meth:`clone`,
        and by the game's ``_apply``, which must call :meth:`forget_legal` first (bots' playouts
        go through :meth:`apply_trusted`, which calls it directly).
        """
        self._listed = (player, actions[:], list(map(dict.copy, cast(list[JsonDict], actions))))
        return actions

    def forget_legal(self) -> None:
        """Forget what :meth:`remember_legal` remembered (the state is about to change)."""
        self._listed = None

    def _may_act(self, player: int) -> bool:
        """Whether seat ``player`` (a valid seat) is one of :meth:`current_players`.

        :meth:`apply_action` asks it for every action: games override it with an O(1) answer.
        """
        return player in self.current_players()

    def apply_action(self, player: int, action: Mapping[str, Any]) -> list[EventT]:
        """Apply ``player``'s ``action`` and return the events it caused, in order.

        ``action`` is untrusted (it may come from JSON): anything is checked before use (once: an
        action the game listed for ``player`` in this very state, :meth:`remember_legal`, is
        known legal), and the state keeps no reference to it.

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
                raise IllegalActionError("CORE", f'an action must be a dict with a string "type", got {action!r}')
        listed = self._listed
        self._listed = None
        if listed is None or listed[0] != player or type(action) is not dict or not _among(action, *listed[1:]):
            if not self._may_act(player):
                raise IllegalActionError("CORE", f"it is not player {player}'s turn to act")
            if self.ACTION_TYPES and action["type"] not in self.ACTION_TYPES:
                known = ", ".join(map(repr, self.ACTION_TYPES))
                raise IllegalActionError(
                    "CORE", f"unknown action type {action['type']!r} ({self.game.id} knows {known})"
                )
            self._check_action(player, action)
        return self._apply(player, action)  # type: ignore[arg-type]  # checked: one of ActionT (no cast call)

    def apply_trusted(self, player: int, action: ActionT) -> list[EventT]:
        """Apply an action the caller knows to be legal here, without checking it; return its
        events. The trusted door beside :meth:`apply_action` (python-chess's ``Board.push``
        beside ``push_uci``; OpenSpiel's ``ApplyAction`` beside ``ApplyActionWithLegalityCheck``),
        for callers that hold an action from this state's :meth:`legal_actions` (bots, replays
        of a checked log, tournaments) or one made by a generator the engine's tests prove legal
        (the bots' quick playout moves).

        An action that is not legal here leaves the state in an undefined shape: anything from
        outside (a player, a save, another phone) goes through :meth:`apply_action`.
        """
        return self._apply(player, action)

    def _check_action(self, player: int, action: JsonDict) -> None:  # pragma: no cover
        """Raise :class:`IllegalActionError` (naming the ruling) unless ``action`` is legal."""
        raise NotImplementedError

    def _apply(self, player: int, action: ActionT) -> list[EventT]:  # pragma: no cover
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

    def observation(self, player: int) -> ObservationT:
        """JSON-safe dict of what ``player`` may see, nothing more: :meth:`public_observation` (a
        fresh dict) with ``viewer`` set to ``player`` and, for each :data:`SEAT` field in
        declaration order, a copy of the player's own entry under the field's ``seen_as`` key.
        Every game's observation is this; one that shows more overrides it.

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        self.check_player(player)
        obs = cast(JsonDict, self.public_observation())
        obs["viewer"] = player
        for key, attr, dump in self._seat_plan:
            obs[key] = dump(getattr(self, attr)[player], self)
        return cast(ObservationT, obs)

    def public_observation(self) -> PublicObservationT:  # pragma: no cover
        """JSON-safe dict of what the whole table sees."""
        raise NotImplementedError

    def check_player(self, player: int) -> None:
        """Raise ``ValueError`` unless ``player`` is a seat of this game (for ``observation``)."""
        if type(player) is not int or not 0 <= player < self.num_players:
            raise ValueError(f"no such player {player!r}")

    # ---- hidden information ------------------------------------------------------------------

    @classmethod
    def from_observation(cls, game: Game[Any], observation: ObservationT, rng: Rng) -> Self:  # pragma: no cover
        """A full state consistent with a seat's ``observation``: everything hidden from that seat
        (other hands, secret choices, the deck order) dealt at random from the cards it cannot
        have seen, using the public memory; the state's own rng is drawn from ``rng``.

        ``result.observation(viewer) == observation`` (:meth:`sample_hidden` relies on it).
        """
        raise NotImplementedError

    def sample_hidden(self, player: int, rng: Rng) -> Self:
        """A state that looks the same to ``player`` with everything hidden from them re-dealt:
        :meth:`from_observation` of ``observation(player)``."""
        return self.from_observation(self.game, self.observation(player), rng)

    def reveals_hidden(self, player: int, action: ActionT, samples: int = 2) -> bool:
        """Whether ``player``'s legal ``action`` would let the table or ``player`` see anything that
        is hidden from ``player`` now: another seat's cards or secret choice (the last secret pick
        of a round reveals them all), or a card drawn from the deck. A move that reveals nothing
        can be taken back fairly ("Undo my move" at a shared phone); one that does cannot.

        Found by applying ``action`` to this state and to ``samples`` re-deals of everything hidden
        from ``player`` (:meth:`sample_hidden`, which also draws the re-deal's future randomness
        afresh) and comparing the events, the public observation and ``player``'s observation
        afterwards: they differ exactly when the move shows something hidden. This state is not
        changed.

        >>> from pycore import load_game
        >>> state = load_game("six_nimmt").new_initial_state(3, 7)
        >>> [state.reveals_hidden(p, state.legal_actions(p)[0]) for p in (0, 1)]
        [False, False]
        >>> for p in (0, 1):
        ...     _ = state.apply_action(p, state.legal_actions(p)[0])
        >>> state.reveals_hidden(2, state.legal_actions(2)[0])  # the last pick turns every card over
        True
        """

        def seen(st: State[Any, Any, Any, Any]) -> str:
            events = st.apply_action(player, dict(cast(JsonDict, action)))
            return json.dumps([events, st.public_observation(), st.observation(player)], sort_keys=True)

        real = seen(self.clone())
        for k in range(samples):
            try:
                other = seen(self.sample_hidden(player, Rng(0x5EED + 7919 * k)))
            except IllegalActionError:
                return True  # legal only because of something hidden from the player: never quietly
            if other != real:
                return True
        return False

    def vary_unseen(self, player: int | None, rng: Rng) -> Self:
        """A copy in which every saved value ``player`` does not own is replaced by another value of
        the same shape (``player`` ``None``: every value but the public ones).

        The copy may break the rules (card conservation ...); it exists to test that
        ``observation(player)`` (or ``public_observation()``) reads nothing it should not: it must
        give the same observation as this state.
        """
        other = self.clone()
        for f in self.fields():
            if f.owner == PUBLIC:
                continue
            value = getattr(other, f.attr)
            if f.owner == HIDDEN:
                setattr(other, f.attr, f.spec.vary(value, rng, other))
                continue
            assert isinstance(f.spec, PerPlayer)
            setattr(other, f.attr, [v if p == player else f.spec.item.vary(v, rng, other) for p, v in enumerate(value)])
        return other

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if an internal invariant (e.g. card conservation) is broken."""

    def __str__(self) -> str:
        return self.to_json()


# ---- helpers shared by the games' validators -------------------------------------------------


def same_action(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """``a == b`` with every value of the same type, in lists and dicts too (JSON-safe values).

    >>> same_action({"type": "pick", "card": 1}, {"card": 1, "type": "pick"})
    True
    >>> same_action({"type": "pick", "card": True}, {"type": "pick", "card": 1})
    False
    """
    return a == b and _same_types(a.values(), map(b.__getitem__, a))


def _same_types(xs: Iterable[Any], ys: Iterable[Any]) -> bool:
    """Pairs of equal JSON values have the same types all the way down."""
    for x, y in zip(xs, ys):
        kind = type(x)
        if kind is not type(y):
            return False
        if kind is list and not _same_types(x, y):
            return False
        if kind is dict and not same_action(x, y):
            return False
    return True


def _among(action: Mapping[str, Any], given: list[Any], copies: list[JsonDict]) -> bool:
    """``action`` is one of the listed actions (:func:`same_action`): ``copies`` are private copies
    of the dicts ``given`` out. The usual caller passes back one of those very dicts: it is found
    by identity and is listed if it still holds the very values of its copy (:func:`_unchanged`; a
    dict changed since it was listed is not, even to an equal value of another type)."""
    for i, a in enumerate(given):
        if a is action:
            return _unchanged(copies[i], action)
    for a in copies:
        if a == action:
            return _same_types(a.values(), map(action.__getitem__, a))
    return False


def _unchanged(copy: JsonDict, action: Mapping[str, Any]) -> bool:
    """``action`` has exactly the keys of ``copy``, its shallow copy, each bound to the very same
    value object: nothing was set, added or removed since the copy (values are JSON scalars)."""
    if len(action) != len(copy):
        return False
    get = action.get
    for key, value in copy.items():
        if get(key, _ABSENT) is not value:
            return False
    return True


_ABSENT = object()


def check_action_keys(rule: str, action: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """Raise :class:`IllegalActionError` if ``action`` has keys outside ``allowed`` (plus "type")."""
    for key in action:
        if key != "type" and key not in allowed:
            extra = sorted(set(action) - set(allowed) - {"type"}, key=repr)
            raise IllegalActionError(rule, f"unknown key(s) {extra} in action {dict(action)!r}")


def require_int(rule: str, action: Mapping[str, Any], key: str, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``action[key]`` if it is an int within ``lo..hi``; else raise IllegalActionError."""
    value = action.get(key)
    if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
        raise IllegalActionError(rule, f"action needs an int {key!r}, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise IllegalActionError(rule, f"{key}={value} is out of range {lo}..{hi}")
    return int(value)
