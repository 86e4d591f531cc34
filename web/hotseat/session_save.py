"""The save of one game at this phone (a :class:`~hotseat.session.Session`), apart from its play.

One declared schema (:data:`SESSION_SCHEMA`, format version :data:`SAVE_VERSION`) and the four
ways across it:

* :func:`to_dict` / :func:`to_json` — a JSON-safe save: game id, seed, options, seats, the game
  state's JSON, the move log (its start state and every move since), whether the round summary is
  still due, the bots' generator, the phones' table when it has phones, and ``"table": true`` when
  this screen is the table in the middle (:attr:`~hotseat.session.Session.table_screen`; absent,
  as in every earlier save, it is not). A pick chosen but not
  confirmed is not kept; the events of the round are not stored but recomputed on load.
* :func:`from_dict` / :func:`from_json` — every field checked (the text bounded in size and
  nesting before it is parsed), the game state and the log's start by the engine, every logged
  move replayed by the engine (:func:`replay`: each must be legal where it stands, and the log
  must lead to the saved state); the round's events and the story come from that replay.
* :func:`peek` — the game id and seat names of a save, checked as far as can be done without the
  game's engine: what the home screen lists.

Everything read is untrusted input: any failure is one :class:`~hotseat.saves.SaveError` whose
message names the field or says what is wrong.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pycore
from pycore.core import State
from pycore.rng import Rng
from pycore.spec import Bool, Choice, Int, ListOf, Record, Spec, Text, expect, shown

from .bot_turns import BotHook, is_bot
from .bounded import ascii_int
from .move_log import MAX_LOG_MOVES
from .names import NameError_, check_name
from .saves import MAX_SAVE_CHARS, SaveError, check, read_json
from .seats import SEAT_KINDS, STAND_IN_KINDS, bots_for
from .session import Session
from .story import Move
from .views import load_view

SAVE_FORMAT = "hotseat-session"
SAVE_VERSION = 2

_IDENT = re.compile(r"[A-Za-z0-9_-]+")


def check_net(net: Any, num_seats: int) -> dict[str, Any]:
    """Validate a save's ``net`` (``{"room": 6 base64url, "tokens": {"seat": 22 base64url},
    "match": games played at this table, "keys": {"seat": what was kept of that phone's answer}}``
    (:func:`hotseat.net.signal.answer_keys`); ``match`` and ``keys`` are absent in earlier saves).

    Raises:
        SaveError: naming the bad part.
    """
    if not isinstance(net, dict) or not {"room", "tokens"} <= set(net) <= {"room", "tokens", "match", "keys"}:
        raise SaveError("its phones' table is malformed")
    match = net.get("match", 0)
    if not isinstance(match, int) or isinstance(match, bool) or not 0 <= match < 2**31:
        raise SaveError("its phones' table has an invalid game count")
    room, tokens = net["room"], net["tokens"]
    if not isinstance(room, str) or len(room) != 6 or not _IDENT.fullmatch(room):
        raise SaveError("its phones' table has an invalid room")
    if not isinstance(tokens, dict):
        raise SaveError("its phones' tokens are malformed")
    for seat, token in tokens.items():
        number = ascii_int(seat, 2)
        if number is None or number >= num_seats or str(number) != seat:
            raise SaveError(f"its phones' tokens name a seat that does not exist ({seat!r})")
        if not isinstance(token, str) or len(token) != 22 or not _IDENT.fullmatch(token):
            raise SaveError(f"its phones' token for seat {seat} is invalid")
    keys = net.get("keys", {})
    if not isinstance(keys, dict) or not set(keys) <= set(tokens):
        raise SaveError("its phones' kept answers name a seat with no phone")
    if keys:  # the phone side is imported only for a save that has phones' answers
        from .net.signal import SignalError, read_answer_keys
    for seat, kept in keys.items():
        try:
            read_answer_keys(kept)
        except SignalError:
            raise SaveError(f"its phones' kept answer for seat {seat} is invalid") from None
    return {"room": room, "tokens": dict(tokens), "match": match, **({"keys": dict(keys)} if keys else {})}


class _Scalars(Spec):
    """An object of at most 16 plain values (text of at most 100 characters, whole numbers,
    true/false, null) under short names: game options, whose meaning the engine checks."""

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        expect(isinstance(value, dict), where, f"expected an object, got {shown(value)}")
        expect(len(value) <= 16, where, f"expected at most 16 entries, got {len(value)}")
        for key, v in value.items():
            expect(len(key) <= 40, where, f"name too long: {shown(key)}")
            ok = v is None or isinstance(v, (bool, int)) or (isinstance(v, str) and len(v) <= 100)
            ok = ok and not (isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53)
            expect(ok, f"{where}.{key}", f"expected a short text, a whole number, true/false or null, got {shown(v)}")
        return dict(value)


class _Name(Text):
    """A player's name: cleaned (:func:`hotseat.names.clean_name`), visible, at most 40 characters."""

    def load(self, value: Any, where: str, st: Any) -> str:
        try:
            return check_name(super().load(value, where, st))
        except NameError_ as exc:
            raise pycore.InvalidStateError(f"{where}: {exc}") from None


class _Seat(Record):
    """A seat: its name and kind, and ``"phone": true`` for a phone's seat played at the host
    while the phone is away (:meth:`hotseat.phone_seats.PhoneSeats.stand_in`; never with the kind
    ``"guest"``)."""

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        seat = super().load(value, where, st)
        expect(
            not seat.get("phone") or seat["kind"] in STAND_IN_KINDS,
            where,
            "a phone's seat is played at the host only by a person or a bot",
        )
        return seat


class _Net(Spec):
    """The phones' table of a save (:func:`check_net`, whose SaveError says in the player's words
    what is wrong; its seats are checked against the seats later)."""

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        return check_net(value, 16)


#: The one declared schema of a session save (format version 2), in the engine's
#: :class:`pycore.spec.Spec` family. Game states are JSON texts checked by the engine
#: (``state_from_json``); actions (any object) by equality with a legal action.
SESSION_SCHEMA = Record(
    {
        "format": Choice(SAVE_FORMAT),
        "version": Choice(SAVE_VERSION),
        "revision": Int(0, 2**53),
        "game": Choice(*pycore.GAMES),
        "seed": Int(0, 2**53),
        "options": _Scalars(),
        "seats": ListOf(
            _Seat({"name": _Name(1, 200), "kind": Choice(*SEAT_KINDS), "phone": Choice(True)}, optional=("phone",)),
            1,
            16,
        ),
        "state": Text(2, MAX_SAVE_CHARS),
        "log": Record(
            {
                "start": Text(2, MAX_SAVE_CHARS),
                "moves": ListOf(Record({"player": Int(0, 15), "action": Record({}, extra=True)}), 0, MAX_LOG_MOVES),
            }
        ),
        "summary_due": Bool(),
        "bot_rng": Int(0, 2**64 - 1),
        "net": _Net(),
        "table": Bool(),
    },
    optional=("revision", "log", "net", "table"),
)


# ---- writing --------------------------------------------------------------------------------------


def to_dict(session: Session) -> dict[str, Any]:
    """The JSON-safe save of ``session``, following :data:`SESSION_SCHEMA` (the store adds
    ``revision``). A pending, unconfirmed pick is not kept; the events of this round are not
    stored but recomputed from the move log on load."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": session.game_id,
        "seed": session.seed,
        "options": dict(session.options),
        "seats": [dict(s) for s in session.seats],
        "state": session.state.to_json(),
        "log": {"start": session.log.start, "moves": list(session.log.moves)},
        "summary_due": session.summary_due,
        "bot_rng": session.bots.rng.state,
        **({"net": session.net} if session.net is not None else {}),
        **({"table": True} if session.table_screen else {}),
    }


def to_json(session: Session) -> str:
    """:func:`to_dict` as compact JSON with sorted keys (the text the store writes)."""
    return json.dumps(to_dict(session), separators=(",", ":"), sort_keys=True)


# ---- reading back ---------------------------------------------------------------------------------


def _checked(data: Any) -> dict[str, Any]:
    """``data`` checked against :data:`SESSION_SCHEMA`; a save of format version 1 (one save for
    all games) is read in the version 2 layout: its stored events dropped unread (the round
    summary they fed is skipped), the log starting at the state."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("it is not a Hotseat saved game")
    if data.get("version") == 1:
        data = {k: v for k, v in data.items() if k not in ("events", "round_events")}
        data.update(version=SAVE_VERSION, summary_due=False)
        data.setdefault("options", {})
        data.setdefault("bot_rng", 0)
    if data.get("version") != SAVE_VERSION:
        raise SaveError(
            f"it was saved in format version {shown(data.get('version'))}; this app reads versions 1 and {SAVE_VERSION}"
        )
    checked: dict[str, Any] = check(SESSION_SCHEMA, data)
    return checked


def engine_state(game: pycore.Game[Any], text: str, where: str) -> State[Any, Any, Any, Any]:
    """A game state from its saved JSON text, bounded before parsing and validated by the engine.

    Raises:
        SaveError: ``its game WHERE is invalid: ...``.
    """
    try:
        read_json(text)  # size and depth before the engine's own parse
    except SaveError as exc:
        raise SaveError(f"its game {where} is invalid: {exc}") from None
    try:
        state: State[Any, Any, Any, Any] = game.state_from_json(text)
    except pycore.InvalidStateError as exc:
        raise SaveError(f"its game {where} is invalid: {exc}") from None
    except Exception as exc:  # an engine validator that missed a case: still a save that cannot be read
        raise SaveError(f"its game {where} is invalid ({type(exc).__name__}: {exc})") from None
    return state


def replay(game: pycore.Game[Any], log: dict[str, Any], state: State[Any, Any, Any, Any]) -> list[list[dict[str, Any]]]:
    """The events of each logged move (``log``: ``{"start": state JSON, "moves": [{"player",
    "action"}, ...]}``), replayed by the engine from the log's start through its checked door.

    Each move goes to ``apply_action``, which refuses a seat that is not to act and any action
    that is not one of ``legal_actions`` there (the engine contract the conformance suite fuzzes),
    without listing every legal action first: a round of Dog replays five times as fast.

    Raises:
        SaveError: a move's seat is not to act where it stands, its action is not legal there, or
            the moves do not lead to ``state``.
    """
    current = engine_state(game, log["start"], "log start")
    events_by_move = []
    for i, move in enumerate(log["moves"]):
        player, action = move["player"], move["action"]
        try:
            events_by_move.append(current.apply_action(player, action))
        except pycore.IllegalActionError:
            where = f"log.moves[{i}]"
            if player >= current.num_players or player not in current.current_players():
                raise SaveError(f"{where}: seat {player} is not to act there") from None
            raise SaveError(f"{where}: {shown(action)} is not a legal move there") from None
    if current.to_json() != state.to_json():
        raise SaveError("its move log does not lead to its game state")
    return events_by_move


def from_dict(data: Any, bot_hook: BotHook | None = None) -> Session:
    """Resume a saved session; the next human sees the curtain first.

    ``data`` is checked against :data:`SESSION_SCHEMA` (a save of format version 1 is read too);
    the game state and the log's start by the engine; every logged move must be a legal action and
    the log must lead to the saved state (:func:`replay`); the events of this round come from
    replaying it.

    Raises:
        SaveError: the one error for any save that cannot be resumed; the message names the
            field or says what is wrong.
    """
    data = _checked(data)
    game_id = data["game"]
    game = pycore.load_game(game_id)
    seats = data["seats"]
    if not game.min_players <= len(seats) <= game.max_players:
        raise SaveError(f"seats: {game.name} is for {game.min_players}-{game.max_players} players, got {len(seats)}")
    if any(is_bot(s["kind"]) for s in seats) and not bots_for(game_id, bot_hook):
        raise SaveError("it has bot seats, and bots are not available for this game in this version")
    state = engine_state(game, data["state"], "state")
    if state.num_players != len(seats):
        raise SaveError(f"it has {len(seats)} seats but the game state has {state.num_players} players")
    log = data.get("log") or {"start": data["state"], "moves": []}
    try:
        view = load_view(game_id)
    except ImportError:
        raise SaveError(f"this app has no table screen for {game.name} yet") from None
    events_by_move = replay(game, log, state)
    summary_due = data["summary_due"] and bool(events_by_move)  # nothing to sum up without the move
    # this round's moves: after the last move that ended a round (the summary still due is this round's)
    ends = [i for i, events in enumerate(events_by_move) if view.ends_round(events)]
    if summary_due and ends and ends[-1] == len(events_by_move) - 1:
        ends.pop()
    this_round = events_by_move[ends[-1] + 1 :] if ends else events_by_move
    round_events = [e for events in this_round for e in events if view.round_log(e)]
    try:
        session = Session(
            game_id,
            seats,
            data["seed"],
            data["options"],
            state=state,
            bot_hook=bot_hook,
            summary_due=summary_due,
            events=events_by_move[-1] if summary_due else [],
            round_events=round_events,
            log=(log["start"], log["moves"]),
            history=[Move(move["player"], events) for move, events in zip(log["moves"], events_by_move)],
            table_screen=data.get("table", False),
        )
    except ValueError as exc:
        raise SaveError(str(exc)) from None
    net = data.get("net")  # absent without phones
    if net is not None:
        session.net = check_net(net, len(seats))
    session.bots.rng = Rng.from_state(data["bot_rng"])
    return session


def from_json(text: Any, bot_hook: BotHook | None = None) -> Session:
    """Like :func:`from_dict` from the saved text, bounded in size and nesting before it is
    parsed (:func:`hotseat.saves.read_json`); raises :class:`SaveError` and nothing else."""
    return from_dict(read_json(text), bot_hook=bot_hook)


def peek(text: str) -> tuple[str, list[str]]:
    """The game id and seat names of a save's text, checked as far as can be done without the
    game's engine (bounded JSON, the session fields of :data:`SESSION_SCHEMA`): for the home screen.

    Raises:
        SaveError: the text cannot be a save (a full read can still fail later).
    """
    data = _checked(read_json(text))
    return data["game"], [s["name"] for s in data["seats"]]
