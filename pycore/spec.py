"""How Hotseat declares the JSON it reads: the :class:`Spec` family, shared by the engine and the app.

A spec is the type and bounds of one JSON value. ``spec.load(value, where, state)`` returns a
fresh, checked copy or raises :class:`~pycore.errors.InvalidStateError` ``"WHERE: what is wrong"``
naming the path (``state.rows[2][0]: 105 is above 104``); a value is used only once the whole of
it has passed, so a refused one is never half-read. :meth:`Spec.check` reads a value outside any
state (its bounds are numbers then), for the app.

Who declares with it (it is public API):

* the engine (:mod:`pycore.core`): each state class lists its saved fields as
  :class:`~pycore.core.Field` (JSON name, spec, owner); saving, loading, cloning and the owners
  check come from that declaration;
* the app: its saves and backups (``hotseat.session_save``, ``hotseat.backup``) and the messages
  between phones (``hotseat.net.protocol``), each turning :class:`InvalidStateError` into its own
  error.

The family: the scalars :class:`Int`, :class:`Number`, :class:`Bool`, :class:`Text` and
:class:`Choice`; around them :class:`Nullable`, :class:`ListOf` (:class:`PerPlayer`),
:class:`Fixed` and :class:`Record` (keys required, ``optional``, or ``extra`` kept as they are);
for a state's fields also :class:`Frozen`, :class:`Custom`, :class:`Reshaped`, :class:`RngState`
and :class:`Options`. A rule of one's own is a subclass whose ``load`` calls :func:`expect`.

>>> Record({"n": Int(0, 9), "name": Text(1, 40)}, optional=("name",)).check({"n": 3})
{'n': 3}
>>> Record({"n": Int(0, 9)}).check({"n": 3, "seat": 2}, "act")
Traceback (most recent call last):
...
pycore.errors.InvalidStateError: act: unknown key(s) ['seat']
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .errors import InvalidStateError
from .rng import Rng

#: a bound: a number, or a function of the state being loaded (its ``num_players``, ``options``
#: and the fields declared before this one are set)
Bound = int | Callable[[Any], int]
Copier = Callable[[Any], Any]


def _at(bound: Bound, st: Any) -> int:
    return bound(st) if callable(bound) else bound


def _same(value: Any, st: Any) -> Any:
    return value


class Spec:
    """The type and bounds of one saved value; knows how to load, save, copy and vary it.

    ``load`` validates a JSON value (raising :class:`InvalidStateError` ``"PATH: what is wrong"``)
    and returns a fresh copy; ``dumper`` gives the function that makes a JSON-safe copy;
    ``copier`` gives the function
    :meth:`State.clone` copies the value with (``None``: immutable, shared); ``vary`` returns
    another value of the same shape (same lengths, ``None`` where it was ``None``), for the owners
    check.
    """

    #: a JSON scalar (int, bool, string or null): ``ok`` checks one without building error paths
    scalar = False

    def load(self, value: Any, where: str, st: Any) -> Any:  # pragma: no cover - every spec overrides it
        raise NotImplementedError

    def check(self, value: Any, where: str = "") -> Any:
        """``value`` loaded outside any state (a save, a message), named ``where`` in errors
        (``""``: the message alone). Raises :class:`InvalidStateError`."""
        return self.load(value, where, None)

    def ok(self, value: Any, st: Any) -> bool:
        """For scalar specs: ``value`` loads without error (a fast check; ``load`` says what is wrong)."""
        raise NotImplementedError  # pragma: no cover

    def all_ok(self, values: list[Any], st: Any) -> bool:
        """For scalar specs: every one of ``values`` loads without error."""
        ok = self.ok
        return all(ok(v, st) for v in values)

    def copier(self) -> Copier | None:
        return None

    def copy_code(self, src: str) -> str | None:
        """Python source of an expression copying the value ``src`` like :meth:`copier` does:
        ``src`` itself when it is immutable, ``None`` when only a call of the copier will do (the
        clone function :meth:`State.clone` generates inlines these)."""
        copy = self.copier()
        if copy is None:
            return src
        if copy is list.copy:
            return f"{src}[:]"
        if copy is dict.copy:
            return f"{src}.copy()"
        return None

    def dumper(self) -> Callable[[Any, Any], Any]:
        """The function ``(value, state) -> JSON-safe copy`` that :meth:`State.to_dict` saves it with."""
        copy = self.copier()
        if copy is None:
            return _same
        return lambda value, st: copy(value)

    def vary(self, value: Any, rng: Rng, st: Any) -> Any:
        return value


class Int(Spec):
    """An int (not a bool) within ``lo..hi`` inclusive.

    >>> Int(1, 30).load(41, "state.trail[3]", None)
    Traceback (most recent call last):
    ...
    pycore.errors.InvalidStateError: state.trail[3]: 41 is above 30
    """

    scalar = True

    def __init__(self, lo: Bound, hi: Bound) -> None:
        self.lo, self.hi = lo, hi

    def ok(self, value: Any, st: Any) -> bool:
        return type(value) is int and _at(self.lo, st) <= value <= _at(self.hi, st)

    def all_ok(self, values: list[Any], st: Any) -> bool:
        lo, hi = _at(self.lo, st), _at(self.hi, st)
        for v in values:
            if type(v) is not int or not lo <= v <= hi:
                return False
        return True

    def load(self, value: Any, where: str, st: Any) -> int:
        if type(value) is not int:
            expect(
                isinstance(value, int) and not isinstance(value, bool),
                where,
                f"expected a whole number, got {shown(value)}",
            )
        lo, hi = _at(self.lo, st), _at(self.hi, st)
        expect(value >= lo, where, f"{value} is below {lo}")
        expect(value <= hi, where, f"{value} is above {hi}")
        return int(value)

    def vary(self, value: Any, rng: Rng, st: Any) -> int:
        lo, hi = _at(self.lo, st), _at(self.hi, st)
        return lo + rng.randbelow(hi - lo + 1)


class Bool(Spec):
    """``true`` or ``false``."""

    scalar = True

    def ok(self, value: Any, st: Any) -> bool:
        return type(value) is bool

    def load(self, value: Any, where: str, st: Any) -> bool:
        expect(isinstance(value, bool), where, f"expected true or false, got {shown(value)}")
        return bool(value)

    def vary(self, value: Any, rng: Rng, st: Any) -> bool:
        return rng.randbelow(2) == 1


class Number(Spec):
    """A JSON number: an int or a finite float (not a bool)."""

    scalar = True

    def ok(self, value: Any, st: Any) -> bool:
        return type(value) is int or (type(value) is float and math.isfinite(value))

    def load(self, value: Any, where: str, st: Any) -> Any:
        if not self.ok(value, st):
            expect(False, where, f"expected a number, got {shown(value)}")
        return value


class Text(Spec):
    """A string of ``lo..hi`` characters (``hi`` ``None``: no bound); with ``pattern`` (a compiled
    regular expression) it matches the pattern whole, and ``alphabet`` names it in the message.

    >>> Text(6, 6, re.compile("[A-Za-z0-9_-]+"), "base64url").check("../etc", "room")
    Traceback (most recent call last):
    ...
    pycore.errors.InvalidStateError: room: expected base64url characters only, got '../etc'
    """

    scalar = True

    def __init__(
        self, lo: int = 0, hi: int | None = None, pattern: re.Pattern[str] | None = None, alphabet: str = ""
    ) -> None:
        self.lo, self.hi, self.pattern, self.alphabet = lo, hi, pattern, alphabet

    def ok(self, value: Any, st: Any) -> bool:
        return (
            type(value) is str
            and self.lo <= len(value)
            and (self.hi is None or len(value) <= self.hi)
            and (self.pattern is None or self.pattern.fullmatch(value) is not None)
        )

    def load(self, value: Any, where: str, st: Any) -> str:
        if not isinstance(value, str):
            expect(False, where, f"expected text, got {shown(value)}")
        n, lo, hi = len(value), self.lo, self.hi
        if lo == hi:
            expect(n == lo, where, f"expected {lo} characters, got {n}")
        expect(n >= lo, where, f"expected at least {lo} characters, got {n}")
        expect(hi is None or n <= hi, where, f"expected at most {hi} characters, got {n}")
        if self.pattern is not None and self.pattern.fullmatch(value) is None:
            expect(False, where, f"expected {self.alphabet} characters only, got {shown(value)}")
        return str(value)


class Choice(Spec):
    """One of a fixed set of JSON scalars (strings, ints or ``None``), compared strictly."""

    scalar = True

    def __init__(self, *values: Any) -> None:
        self.values = values
        self._keys = {(type(v), v) for v in values}
        self._types = {type(v) for v in values}

    def ok(self, value: Any, st: Any) -> bool:
        return type(value) in self._types and (type(value), value) in self._keys

    def load(self, value: Any, where: str, st: Any) -> Any:
        if not (isinstance(value, (str, int, type(None))) and (type(value), value) in self._keys):
            expect(False, where, f"expected one of {list(self.values)}, got {shown(value)}")
        return value

    def vary(self, value: Any, rng: Rng, st: Any) -> Any:
        return rng.choice(self.values)


class Nullable(Spec):
    """``null`` or a value of ``spec``."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.scalar = spec.scalar

    def ok(self, value: Any, st: Any) -> bool:
        return value is None or self.spec.ok(value, st)

    def load(self, value: Any, where: str, st: Any) -> Any:
        return None if value is None else self.spec.load(value, where, st)

    def copier(self) -> Copier | None:
        inner = self.spec.copier()
        if inner is None:
            return None
        return lambda v: None if v is None else inner(v)

    def copy_code(self, src: str) -> str | None:
        inner = self.spec.copy_code(src)
        if inner is None or inner == src:
            return inner
        return f"(None if {src} is None else {inner})"

    def vary(self, value: Any, rng: Rng, st: Any) -> Any:
        return None if value is None else self.spec.vary(value, rng, st)


class ListOf(Spec):
    """A list of ``item`` values, ``min_len..max_len`` long."""

    def __init__(self, item: Spec, min_len: Bound = 0, max_len: Bound | None = None) -> None:
        self.item, self.min_len, self.max_len = item, min_len, max_len

    def length(self, st: Any) -> tuple[int, int | None]:
        return _at(self.min_len, st), None if self.max_len is None else _at(self.max_len, st)

    def load(self, value: Any, where: str, st: Any) -> list[Any]:
        expect(isinstance(value, list), where, f"expected a list, got {type(value).__name__}")
        lo, hi = self.length(st)
        if lo == hi:
            expect(len(value) == lo, where, f"expected {lo} entries, got {len(value)}")
        else:
            expect(len(value) >= lo, where, f"expected at least {lo} entries, got {len(value)}")
            expect(hi is None or len(value) <= hi, where, f"expected at most {hi} entries, got {len(value)}")
        item = self.item
        if item.scalar and item.all_ok(value, st):
            return list(value)
        load = item.load
        return [load(v, f"{where}[{i}]", st) for i, v in enumerate(value)]

    def copier(self) -> Copier | None:
        inner = self.item.copier()
        if inner is None:
            return list.copy
        if inner is list.copy:
            return lambda v: [x[:] for x in v]
        return lambda v: [inner(x) for x in v]

    def copy_code(self, src: str) -> str | None:
        inner = self.item.copier()
        if inner is None:
            return f"{src}[:]"
        if inner is list.copy:
            return f"[x[:] for x in {src}]"
        return None

    def dumper(self) -> Callable[[Any, Any], Any]:
        inner = self.item.dumper()
        if inner is _same:
            return lambda value, st: value[:]
        return lambda value, st: [inner(x, st) for x in value]

    def vary(self, value: Any, rng: Rng, st: Any) -> list[Any]:
        return [self.item.vary(v, rng, st) for v in value]


class Frozen(Spec):
    """A value of ``spec`` that the state never changes in place (it is only replaced, or appended
    to a list whole): clones share it; loading and saving still copy it."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def load(self, value: Any, where: str, st: Any) -> Any:
        return self.spec.load(value, where, st)

    def dumper(self) -> Callable[[Any, Any], Any]:
        return self.spec.dumper()

    def vary(self, value: Any, rng: Rng, st: Any) -> Any:
        return self.spec.vary(value, rng, st)


class PerPlayer(ListOf):
    """One ``item`` per player (``num_players`` entries); entry ``p`` is player ``p``'s."""

    def __init__(self, item: Spec) -> None:
        super().__init__(item, lambda st: st.num_players, lambda st: st.num_players)


class Fixed(Spec):
    """A list of fixed length with one spec per position (e.g. ``[card, player]``)."""

    def __init__(self, *items: Spec) -> None:
        self.items = items

    def load(self, value: Any, where: str, st: Any) -> list[Any]:
        n = len(self.items)
        if not isinstance(value, list) or len(value) != n:
            expect(False, where, f"expected a list of {n} values, got {shown(value)}")
        if all(spec.scalar and spec.ok(v, st) for spec, v in zip(self.items, value)):
            return list(value)
        return [spec.load(v, f"{where}[{i}]", st) for i, (spec, v) in enumerate(zip(self.items, value))]

    def copier(self) -> Copier | None:
        copiers = [spec.copier() for spec in self.items]
        if all(c is None for c in copiers):
            return list.copy
        return lambda v: [x if c is None else c(x) for c, x in zip(copiers, v)]

    def vary(self, value: Any, rng: Rng, st: Any) -> list[Any]:
        return [spec.vary(v, rng, st) for spec, v in zip(self.items, value)]


class Record(Spec):
    """An object with the given keys, each of its own spec: every key required but those in
    ``optional`` (left out of the result when absent); ``extra``: other keys are allowed and kept
    as they are (a value checked elsewhere, e.g. an action by equality with a legal one)."""

    def __init__(self, fields: Mapping[str, Spec], optional: Iterable[str] = (), extra: bool = False) -> None:
        self.fields = dict(fields)
        self.optional = frozenset(optional)
        self.extra = extra

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        expect(isinstance(value, dict), where, f"expected an object, got {type(value).__name__}")
        missing = set(self.fields) - set(value) - self.optional
        expect(not missing, where, f"missing key(s) {sorted(missing)}")
        extra = set(value) - set(self.fields)
        if extra and not self.extra:
            expect(False, where, f"unknown key(s) {shown(sorted(extra))}")
        fields, at = self.fields, f"{where}." if where else ""
        if extra:  # the keys in the order given
            return {k: fields[k].load(x, at + k, st) if k in fields else x for k, x in value.items()}
        return {k: spec.load(value[k], at + k, st) for k, spec in fields.items() if k in value}

    def copier(self) -> Copier | None:
        if self.optional or self.extra:
            return copy.deepcopy
        copiers = {k: spec.copier() for k, spec in self.fields.items()}
        if all(c is None for c in copiers.values()):
            return dict.copy
        return lambda v: {k: v[k] if c is None else c(v[k]) for k, c in copiers.items()}

    def vary(self, value: Any, rng: Rng, st: Any) -> dict[str, Any]:
        fields = self.fields
        return {k: fields[k].vary(x, rng, st) if k in fields else x for k, x in value.items()}


class Custom(Spec):
    """A value checked by ``check(value, where)`` (raising :class:`InvalidStateError`) and copied
    with ``copy`` when loaded and saved; for values with rules of their own (a list of poses).
    ``clone``: the cheaper copy :meth:`State.clone` makes when the state never changes the inner
    parts in place (it replaces them), e.g. ``list.copy``."""

    def __init__(self, check: Callable[[Any, str], Any], copy: Copier, clone: Copier | None = None) -> None:
        self.rule, self.copy, self.clone = check, copy, clone

    def load(self, value: Any, where: str, st: Any) -> Any:
        return self.copy(self.rule(value, where))

    def copier(self) -> Copier | None:
        return self.clone or self.copy

    def dumper(self) -> Callable[[Any, Any], Any]:
        copy = self.copy
        return lambda value, st: copy(value)


class RngState(Spec):
    """The state's :class:`~pycore.rng.Rng`, saved as its one 64-bit integer."""

    def load(self, value: Any, where: str, st: Any) -> Rng:
        return Rng.from_state(Int(0, (1 << 64) - 1).load(value, where, st))

    def dumper(self) -> Callable[[Any, Any], Any]:
        return lambda value, st: value.state

    def copier(self) -> Copier | None:
        return copy_rng

    def copy_code(self, src: str) -> str | None:
        return f"copy_rng({src})"

    def vary(self, value: Any, rng: Rng, st: Any) -> Rng:
        return Rng(rng.next64())


def copy_rng(rng: Rng) -> Rng:
    other = Rng.__new__(Rng)
    other.state = rng.state
    return other


class Options(Spec):
    """The resolved options dict (shared by clones: nothing changes it during a game)."""

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        expect(isinstance(value, dict), where, "expected an object")
        try:
            return st.game.resolve_options(value)  # type: ignore[no-any-return]
        except ValueError as exc:
            raise InvalidStateError(f"{where}: {exc}") from None

    def dumper(self) -> Callable[[Any, Any], Any]:
        return lambda value, st: dict(value)


class Reshaped(Spec):
    """A value kept in one shape in the state and saved in another (e.g. Dog's figure positions:
    one flat list in the state, one list per player in the save). ``to_saved(value, st)`` and
    ``from_saved(value, st)`` convert; ``spec`` describes the saved shape."""

    def __init__(
        self,
        spec: Spec,
        to_saved: Callable[[Any, Any], Any],
        from_saved: Callable[[Any, Any], Any],
        copy: Copier | None,
    ) -> None:
        self.spec, self.to_saved, self.from_saved, self.copy = spec, to_saved, from_saved, copy

    def load(self, value: Any, where: str, st: Any) -> Any:
        return self.from_saved(self.spec.load(value, where, st), st)

    def copier(self) -> Copier | None:
        return self.copy

    def dumper(self) -> Callable[[Any, Any], Any]:
        return self.to_saved

    def vary(self, value: Any, rng: Rng, st: Any) -> Any:
        return self.from_saved(self.spec.vary(self.to_saved(value, st), rng, st), st)


def expect(cond: bool, where: str, what: str) -> None:
    """Raise :class:`InvalidStateError` ``"where: what"`` (``"what"`` for an empty ``where``)
    unless ``cond``; for ``from_dict`` and the specs."""
    if not cond:
        raise InvalidStateError(f"{where}: {what}" if where else what)


def shown(value: Any) -> str:
    """``repr(value)`` cut to 40 characters, for a message that quotes an untrusted value.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
