"""The player's taps, typed: parsed once at the page's edge, as :func:`hotseat.net.protocol.parse`
parses a phone's messages.

Pure Python (no browser). A tappable element carries ``data-tap``: a JSON object whose ``shell``
key names what the tap means to the app (``{"shell": "new", "game": "six_nimmt"}``) or, without
``shell``, a game's own tap whose meaning is its view's (``{"pick": 41}``). The browser glue hands
that object, plus ``"fields"`` (the value of every ``data-field`` input on screen, by name), to
:meth:`hotseat.controller.Controller.tap`, which calls :func:`parse_tap` once; from there on each
page and desk reads typed fields, never a dict's keys.

:func:`parse_tap` checks what it reads: an object that is not a dict, a ``shell`` it does not know,
or a known one with a missing or mistyped key raises :class:`TapError` (nothing changes; the
controller reports it). Keys a tap does not use are ignored. What a value means on screen (a game
that is listed, a seat that exists, a legal move) is left to the page that takes the tap.

Each class is one kind of tap (its ``shell`` value in brackets):

* the sheets and the header, over any page: :class:`MenuButton` (``settings``), :class:`Rules`
  (``rules``), :class:`CloseSheet` (``close``), :class:`Setting` (``setting``), :class:`Keeping`
  (``backup``, ``restore``, ``hint_ok``), :class:`OpenPlayers` (``players``), :class:`Home`
  (``menu``), :class:`Back` (``back``), :class:`Abandon` (``abandon``);
* a question's answer: :class:`Answer` (``keep``, ``replace``, ``restore_yes``, ``close_table``,
  ``drop_oldest``, ``pl_yes``; ``abandon`` is :class:`Abandon`);
* home: :class:`Resume` (``resume``), :class:`NewGame` (``new``), :class:`Recover` (``recover``),
  :class:`SavedFile` (``download``, ``delete_aside``, ``discard``);
* the recovery screen: :class:`Recovery` (``keep_save``, ``delete_save``; ``download`` is
  :class:`SavedFile`); "open in another window": :class:`TakeOver` (``take_over``);
* setup: :class:`Count` (``count``), :class:`SeatKind` (``kind``), :class:`GameOption`
  (``opt``), :class:`Chip` (``chip``), :class:`TableScreen` (``table``), :class:`Start`
  (``start``);
* the game screen: :class:`ShowCards` (``show``), :class:`TakeBack` (``take_back``),
  :class:`Flow` (``undo``, ``confirm``, ``continue``, ``details``, ``skip``), :class:`Rematch`
  (``rematch``), :class:`Story` (``story``), :class:`GameTap` (no ``shell``: the view's payload);
* the players list: :class:`PlayerTap` (``pl_rename``, ``pl_save``, ``pl_cancel``,
  ``pl_forget``, ``pl_clear``);
* the phones (strip, pairing and away sheets, a guest's screens): :class:`Phones` (``net``).

Every tap also carries :attr:`TapBase.fields` (left out of equality and of ``repr``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

#: a setting's or an option's value as a button carries it
Value = bool | int | float | str


class TapError(ValueError):
    """A tap :func:`parse_tap` refused: not a dict, an unknown ``shell``, or a missing or mistyped
    key (the message names which). Nothing was done with it."""


@dataclass(frozen=True, kw_only=True)
class TapBase:
    """What every tap carries: ``fields``, the values typed on screen (``data-field`` name ->
    text; ``name-0``, ``opt-rounds``, ``pl-name``, ``net-code`` …; anything but text left out)."""

    fields: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)


# ---- the sheets, the header, the questions ---------------------------------------------------


@dataclass(frozen=True)
class MenuButton(TapBase):
    """The menu button (☰): it opens (or closes) the settings sheet over any page."""


@dataclass(frozen=True)
class Rules(TapBase):
    """The rules sheet of ``game`` (``None``: the game on screen); the same again closes it."""

    game: str | None = None


@dataclass(frozen=True)
class CloseSheet(TapBase):
    """Close the rules and settings sheets."""


@dataclass(frozen=True)
class Setting(TapBase):
    """One setting of the settings sheet set to ``value`` (the settings check both)."""

    name: str
    value: Value


@dataclass(frozen=True)
class Keeping(TapBase):
    """The settings sheet's "Save a backup" / "Restore a backup", or the home hint's "OK"."""

    do: Literal["backup", "restore", "hint_ok"]


@dataclass(frozen=True)
class OpenPlayers(TapBase):
    """The players list (from home or the settings sheet)."""


@dataclass(frozen=True)
class Home(TapBase):
    """Home (the ``menu`` key): the page on screen stays saved."""


@dataclass(frozen=True)
class Back(TapBase):
    """A screen's own Back button: what the phone's Back does."""


@dataclass(frozen=True)
class Abandon(TapBase):
    """ "Abandon game" on the settings sheet, and the abandon question's answer."""


@dataclass(frozen=True)
class Answer(TapBase):
    """An answer to the question open over the screen (``keep`` closes any of them)."""

    answer: Literal["keep", "replace", "restore_yes", "close_table", "drop_oldest", "pl_yes"]


# ---- home, recovery, another window ---------------------------------------------------------


@dataclass(frozen=True)
class Resume(TapBase):
    """Continue the game in progress of ``game``."""

    game: str


@dataclass(frozen=True)
class NewGame(TapBase):
    """A new game of ``game`` (its setup, or first the "replace" question)."""

    game: str


@dataclass(frozen=True)
class Recover(TapBase):
    """The recovery screen of the save that cannot be opened (by ``game`` or by ``key``)."""

    game: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class SavedFile(TapBase):
    """``download`` a save as a file (a set-aside one by ``key``; on the recovery screen its own),
    ``delete_aside`` a set-aside save, ``discard`` the newest set-aside save (earlier versions)."""

    do: Literal["download", "delete_aside", "discard"]
    key: str | None = None


@dataclass(frozen=True)
class Recovery(TapBase):
    """The recovery screen's Keep (``keep_save``) and Delete (``delete_save``)."""

    do: Literal["keep_save", "delete_save"]


@dataclass(frozen=True)
class TakeOver(TapBase):
    """ "Play here instead": this window takes the game from another."""


# ---- setup ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Count(TapBase):
    """One seat more (``delta`` 1) or less (-1)."""

    delta: Literal[-1, 1]


@dataclass(frozen=True)
class SeatKind(TapBase):
    """Seat ``seat`` becomes ``kind`` (a person here, a bot level, a player's own phone)."""

    seat: int
    kind: str


@dataclass(frozen=True)
class GameOption(TapBase):
    """The game's option ``name`` set to ``value``."""

    name: str
    value: Value | None = None


@dataclass(frozen=True)
class Chip(TapBase):
    """A recent name's chip: it fills a free seat."""

    name: str


@dataclass(frozen=True)
class TableScreen(TapBase):
    """The switch "This screen is the table" turned ``on`` (True) or off (False)."""

    on: bool


@dataclass(frozen=True)
class Start(TapBase):
    """ "Start game"."""


# ---- the game screen -------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowCards(TapBase):
    """ "Show my cards" on the hand-off curtain."""


@dataclass(frozen=True)
class TakeBack(TapBase):
    """ "Undo my move" on the hand-off curtain after a move at a shared phone."""


@dataclass(frozen=True)
class Flow(TapBase):
    """The turn flow's own buttons: Undo and Confirm of a pending pick, Next round, the round
    summary's details, Skip animation."""

    do: Literal["undo", "confirm", "continue", "details", "skip"]


@dataclass(frozen=True)
class Rematch(TapBase):
    """ "Rematch" after the game."""


@dataclass(frozen=True)
class Story(TapBase):
    """The story: ``open``, ``close``, ``replay`` (after the game), ``step`` to step ``to``."""

    do: Literal["open", "close", "replay", "step"]
    to: int = 0


@dataclass(frozen=True)
class GameTap(TapBase):
    """A tap on the game itself: ``payload`` is its ``data-tap`` object (no ``shell`` key; the
    view's :meth:`~hotseat.views.base.GameView.on_tap` says which action it makes)."""

    payload: Mapping[str, Any]


# ---- the players list, the phones ------------------------------------------------------------


@dataclass(frozen=True)
class PlayerTap(TapBase):
    """The players list: ``rename`` ``name`` (its field opens), ``save`` the rename (the
    ``pl-name`` field), ``cancel`` it, ``forget`` ``name`` or ``clear`` its statistics (each asks
    first)."""

    do: Literal["rename", "save", "cancel", "forget", "clear"]
    name: str | None = None


@dataclass(frozen=True)
class Phones(TapBase):
    """A tap on the phones' strip or sheets, or on a guest's screens (``do``: ``join``,
    ``invite``, ``answer``, ``leave`` …; ``seat`` and ``kind`` where the button names them; the
    pairing code typed in the ``net-code`` field)."""

    do: str
    seat: int | None = None
    kind: str | None = None

    @property
    def code(self) -> str:
        """The pairing code typed or pasted (``""``: none)."""
        return self.fields.get("net-code", "")


Tap = (
    MenuButton
    | Rules
    | CloseSheet
    | Setting
    | Keeping
    | OpenPlayers
    | Home
    | Back
    | Abandon
    | Answer
    | Resume
    | NewGame
    | Recover
    | SavedFile
    | Recovery
    | TakeOver
    | Count
    | SeatKind
    | GameOption
    | Chip
    | TableScreen
    | Start
    | ShowCards
    | TakeBack
    | Flow
    | Rematch
    | Story
    | GameTap
    | PlayerTap
    | Phones
)

#: the taps on the game screen that its turn flow takes (the view's and the flow's buttons)
FlowTap = Flow | GameTap

# ---- parsing ---------------------------------------------------------------------------------

_T = TypeVar("_T")


def _get(raw: Mapping[str, Any], key: str, kind: type[_T] | tuple[type, ...], default: Any = ...) -> Any:
    """``raw[key]`` if it is of ``kind`` (a bool is no int here); missing: ``default`` if given."""
    if key not in raw or (raw[key] is None and default is None):
        if default is ...:
            raise TapError(f"{raw.get('shell')!r}: {key!r} is missing")
        return default
    value = raw[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise TapError(f"{raw.get('shell')!r}: {key!r} is {value!r}")
    if not isinstance(value, kinds):
        raise TapError(f"{raw.get('shell')!r}: {key!r} is {type(value).__name__}, not {kinds[0].__name__}")
    return value


def _one_of(raw: Mapping[str, Any], key: str, allowed: tuple[Any, ...]) -> Any:
    value = raw.get(key)
    if isinstance(value, bool) or value not in allowed:
        raise TapError(f"{raw.get('shell')!r}: {key!r} is {value!r}, not one of {allowed!r}")
    return value


_VALUE = (bool, int, float, str)

#: ``shell`` -> how its tap is made from the raw dict and the fields
_SHELL: dict[str, Callable[[Mapping[str, Any], dict[str, str]], Tap]] = {
    "settings": lambda r, f: MenuButton(fields=f),
    "rules": lambda r, f: Rules(_get(r, "game", str, None), fields=f),
    "close": lambda r, f: CloseSheet(fields=f),
    "setting": lambda r, f: Setting(_get(r, "name", str), _get(r, "value", _VALUE), fields=f),
    "backup": lambda r, f: Keeping("backup", fields=f),
    "restore": lambda r, f: Keeping("restore", fields=f),
    "hint_ok": lambda r, f: Keeping("hint_ok", fields=f),
    "players": lambda r, f: OpenPlayers(fields=f),
    "menu": lambda r, f: Home(fields=f),
    "back": lambda r, f: Back(fields=f),
    "abandon": lambda r, f: Abandon(fields=f),
    "keep": lambda r, f: Answer("keep", fields=f),
    "replace": lambda r, f: Answer("replace", fields=f),
    "restore_yes": lambda r, f: Answer("restore_yes", fields=f),
    "close_table": lambda r, f: Answer("close_table", fields=f),
    "drop_oldest": lambda r, f: Answer("drop_oldest", fields=f),
    "pl_yes": lambda r, f: Answer("pl_yes", fields=f),
    "resume": lambda r, f: Resume(_get(r, "game", str), fields=f),
    "new": lambda r, f: NewGame(_get(r, "game", str), fields=f),
    "recover": lambda r, f: Recover(_get(r, "game", str, None), _get(r, "key", str, None), fields=f),
    "download": lambda r, f: SavedFile("download", _get(r, "key", str, None), fields=f),
    "delete_aside": lambda r, f: SavedFile("delete_aside", _get(r, "key", str), fields=f),
    "discard": lambda r, f: SavedFile("discard", fields=f),
    "keep_save": lambda r, f: Recovery("keep_save", fields=f),
    "delete_save": lambda r, f: Recovery("delete_save", fields=f),
    "take_over": lambda r, f: TakeOver(fields=f),
    "count": lambda r, f: Count(_one_of(r, "delta", (-1, 1)), fields=f),
    "kind": lambda r, f: SeatKind(_get(r, "seat", int), _get(r, "kind", str), fields=f),
    "opt": lambda r, f: GameOption(_get(r, "name", str), _get(r, "value", _VALUE, None), fields=f),
    "chip": lambda r, f: Chip(_get(r, "name", str), fields=f),
    "table": lambda r, f: TableScreen(_get(r, "on", bool), fields=f),
    "start": lambda r, f: Start(fields=f),
    "show": lambda r, f: ShowCards(fields=f),
    "take_back": lambda r, f: TakeBack(fields=f),
    "undo": lambda r, f: Flow("undo", fields=f),
    "confirm": lambda r, f: Flow("confirm", fields=f),
    "continue": lambda r, f: Flow("continue", fields=f),
    "details": lambda r, f: Flow("details", fields=f),
    "skip": lambda r, f: Flow("skip", fields=f),
    "rematch": lambda r, f: Rematch(fields=f),
    "story": lambda r, f: Story(_one_of(r, "do", ("open", "close", "replay", "step")), _get(r, "to", int, 0), fields=f),
    "pl_rename": lambda r, f: PlayerTap("rename", _get(r, "name", str), fields=f),
    "pl_save": lambda r, f: PlayerTap("save", fields=f),
    "pl_cancel": lambda r, f: PlayerTap("cancel", fields=f),
    "pl_forget": lambda r, f: PlayerTap("forget", _get(r, "name", str), fields=f),
    "pl_clear": lambda r, f: PlayerTap("clear", _get(r, "name", str), fields=f),
    "net": lambda r, f: Phones(_get(r, "do", str), _get(r, "seat", int, None), _get(r, "kind", str, None), fields=f),
}

#: the ``shell`` keys :func:`parse_tap` knows
SHELL_KEYS = frozenset(_SHELL)


def parse_tap(raw: object) -> Tap:
    """The typed tap of ``raw``: a tapped element's ``data-tap`` object plus ``"fields"``.

    ``fields`` (optional) keeps only its text values (name -> text); a ``shell`` of ``None`` (or
    none at all) makes a :class:`GameTap` of the rest of the object.

    Raises:
        TapError: ``raw`` is not a dict, its ``shell`` is unknown (or not text), or a key its kind
            needs is missing or of the wrong type (see the module docstring). Nothing changes.
    """
    if not isinstance(raw, dict):
        raise TapError(f"a tap is an object, not {type(raw).__name__}")
    given = raw.get("fields")
    fields = (
        {k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(given, dict) else {}
    )
    shell = raw.get("shell")
    if shell is None:
        return GameTap({k: v for k, v in raw.items() if k not in ("shell", "fields")}, fields=fields)
    make = _SHELL.get(shell) if isinstance(shell, str) else None
    if make is None:
        raise TapError(f"unknown tap {shell!r}")
    return make(raw, fields)
