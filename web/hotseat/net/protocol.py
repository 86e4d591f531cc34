"""The messages between the host phone and a guest phone: versioned JSON, validated on arrival.

Every message is one JSON object sent as one data-channel text message, at most
:data:`MAX_MESSAGE_BYTES` bytes of UTF-8 from the host and :data:`MAX_GUEST_MESSAGE_BYTES` from a
guest (its largest, an ``act``, stays near 1,100); a longer text is refused by its length alone,
and a text within the bound is read in time linear in its length whatever it holds
(:func:`hotseat.bounded.loads`). Two keys never change meaning in any version, so any
app can read them from any other: ``"v"`` — the sender's :data:`PROTOCOL_VERSION` — and ``"t"`` —
the message type. The rest of each type is fixed below (:data:`GUEST_MESSAGES`,
:data:`HOST_MESSAGES`, declared with the engine's :class:`pycore.spec.Spec` family, as saves are);
:func:`parse` refuses anything else with a :class:`ProtocolError`, and a
refused message is never half-used: the caller ignores it and reports the reason.

Guest to host::

    {"v": 2, "t": "hello", "room": R, "app": "0.1.0", "token": T | null}   # first, on every link
    {"v": 2, "t": "act", "n": 7, "action": {"type": "pick", "card": 37}}   # n: the guest's counter
    {"v": 2, "t": "sync"}                                                  # send me my view again
    {"v": 2, "t": "next"}                             # this player tapped Next round on the summary
    {"v": 2, "t": "ping", "n": 3}
    {"v": 2, "t": "bye"}

Host to guest::

    {"v": 2, "t": "welcome", "room": R, "seat": 1, "token": T, "game": "six_nimmt",
     "options": {...}, "names": [...], "kinds": [...], "app": "0.1.0", "epoch": E}
    {"v": 2, "t": "view", "epoch": E, "n": 12, "match": 1, "ack": 7, "fresh": true, "obs": {...},
     "legal": [...], "acting": [0, 2], "events": [...], "round_events": [...], "summary": false,
     "over": false, "away": [2], "returns": [], "winners": []}
    {"v": 2, "t": "rejected", "n": 7, "reason": "illegal", "text": "That move is not allowed now."}
    {"v": 2, "t": "update", "need": 2, "app": "0.2.0"}     # the guest's app is too old
    {"v": 2, "t": "refused", "reason": "room", "text": "..."}
    {"v": 2, "t": "pong", "n": 3}
    {"v": 2, "t": "bye", "reason": "closed"}
    {"v": 2, "t": "pause"}           # the host stepped away (Home): the link stays, the game waits

An app that does not know ``pause`` refuses it (reason ``"type"``) and keeps its screen: the next
view comes as before when the host is back. ``next`` is taken only while the host's round summary
shows (the view's ``summary``); one that comes later, or again, changes nothing. A host that does
not know it refuses it, and its summary waits for a tap at the host as before.

Order: ``epoch`` names one start of the host's table (a reload starts a new one; the welcome
says which; Home and Continue keep it: the links stay open, ``pause`` is sent, and the views go
on numbered after it); within an epoch the views are numbered by ``n``, and a guest takes in only
a view of its welcome's epoch with a number above the last one it took in.
``match`` counts the games played at this table (a rematch is the next one). Every ``act`` is
answered: ``ack`` in a view is the ``n`` of the last action of this seat the host has taken in on
this link (applied or refused; both sides count from 0 again at each welcome), and a refused one
also gets ``rejected`` with its ``n`` (also when the host could not save the move). Actions that
come while the host's screen is busy are held and taken in, in the order sent, once it is free
(one beyond the few a link may have held is refused at once as ``busy``, its ``n`` left out of
``ack``). An action is taken in once: an ``n`` the host has answered already is a repeat,
answered with the seat's view again (never applied or refused a second time), and one it holds
is ignored; a guest numbers each action above every ``n`` the host has answered on the link. A
guest waits for its move only until a view acknowledges it.

What a guest may learn (the privacy rule, enforced here in one place: :func:`view_message`):
its own ``observation(seat)``, its own legal actions, the seats the table waits for, and the
events of each action (every game's events are public: none names a hidden card). Never the
state, another seat's observation, the seed or the random generator.

Versions: a guest whose ``hello`` is older than :data:`MIN_GUEST_VERSION` gets ``update`` and the
link is closed; a message newer than this app's version raises :class:`ProtocolError` with reason
``"newer"`` (the receiver then asks its player to update). ``update``'s keys are frozen, so even
an app many versions older reads it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pycore import InvalidStateError
from pycore.spec import Bool, Int, ListOf, Nullable, Number, Record, Text, expect

from .. import bounded

#: this app's protocol version (bump when a message's keys or meaning change)
PROTOCOL_VERSION = 2
#: the oldest guest the host still talks to (older ones are told to update)
MIN_GUEST_VERSION = 2
#: the largest message, in bytes of UTF-8 (below the SDP's max-message-size of 65,536)
MAX_MESSAGE_BYTES = 60_000
#: the largest message a guest may send, in bytes of UTF-8 (an act with the largest action is
#: below 1,100): the host reads no more from a phone
MAX_GUEST_MESSAGE_BYTES = 4_000
#: nesting limit of a message's JSON (a 6 nimmt! view is 4 deep, Dog's 5)
MAX_DEPTH = 12
#: the largest action a guest may send, in bytes of compact JSON (real ones are < 100)
MAX_ACTION_BYTES = 1_000

_B64URL = re.compile(r"[A-Za-z0-9_-]+")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_REASON = re.compile(r"[a-z][a-z_]{0,31}")


class ProtocolError(ValueError):
    """A message that is refused. ``reason``: ``"json"`` (not a JSON object, duplicate keys,
    NaN, too deep), ``"size"``, ``"version"`` (no usable ``v``), ``"newer"`` (sent by a newer
    app), ``"type"`` (unknown ``t`` for this direction), ``"field"`` (a missing, unknown or
    invalid key; the message names it)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


# ---- the keys of each message, declared with the engine's Spec family -------------------------


class _Action(Record):
    """A guest's action: an object with a text ``"type"``, small (the engine checks the rest)."""

    def __init__(self) -> None:
        super().__init__({"type": Text()}, extra=True)

    def load(self, value: Any, where: str, st: Any) -> dict[str, Any]:
        action = super().load(value, where, st)
        size = len(json.dumps(action, separators=(",", ":")))
        expect(size <= MAX_ACTION_BYTES, where, f"longer than {MAX_ACTION_BYTES} bytes ({size})")
        return action


def _b64id(length: int) -> Text:
    return Text(length, length, _B64URL, "base64url")


ROOM = _b64id(6)
EPOCH = _b64id(6)
TOKEN = _b64id(22)
#: the largest counter (view and action numbers)
MAX_SEQ = 2**31 - 1
SEQ = Int(0, MAX_SEQ)
SEAT = Int(0, 31)
APP = Text(0, 40)
REASON = Text(1, 32, _REASON, "a-z and _")
TEXT = Text(0, 300)
#: an object whose contents the engine or the views read (options, an observation, an event)
OBJECT = Record({}, extra=True)

#: what a guest may send: type -> its keys (every key is required; ``null`` only where allowed)
GUEST_MESSAGES: dict[str, Record] = {
    "hello": Record({"room": ROOM, "app": APP, "token": Nullable(TOKEN)}),
    "act": Record({"n": SEQ, "action": _Action()}),
    "sync": Record({}),
    "next": Record({}),
    "ping": Record({"n": SEQ}),
    "bye": Record({}),
}

#: what the host may send
HOST_MESSAGES: dict[str, Record] = {
    "welcome": Record(
        {
            "room": ROOM,
            "seat": SEAT,
            "token": TOKEN,
            "game": Text(1, 32, _GAME_ID, "a-z, 0-9 and _"),
            "options": OBJECT,
            "names": ListOf(Text(0, 40), 0, 32),
            "kinds": ListOf(Text(0, 16), 0, 32),
            "app": APP,
            "epoch": EPOCH,
        }
    ),
    "view": Record(
        {
            "epoch": EPOCH,
            "n": SEQ,
            "match": SEQ,
            "ack": SEQ,
            "fresh": Bool(),
            "obs": OBJECT,
            "legal": ListOf(OBJECT, 0, 4096),
            "acting": ListOf(SEAT, 0, 32),
            "events": ListOf(OBJECT, 0, 4096),
            "round_events": ListOf(OBJECT, 0, 4096),
            "summary": Bool(),
            "over": Bool(),
            "away": ListOf(SEAT, 0, 32),
            "returns": ListOf(Number(), 0, 32),
            "winners": ListOf(SEAT, 0, 32),
        }
    ),
    "rejected": Record({"n": SEQ, "reason": REASON, "text": TEXT}),
    "update": Record({"need": Int(1, 2**31 - 1), "app": APP}),
    "refused": Record({"reason": REASON, "text": TEXT}),
    "pong": Record({"n": SEQ}),
    "bye": Record({"reason": REASON}),
    "pause": Record({}),
}

DIRECTIONS = {"guest": GUEST_MESSAGES, "host": HOST_MESSAGES}


# ---- reading ----------------------------------------------------------------------------------


def loads(text: Any, most: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    """The JSON object in ``text``, strictly: no duplicate keys, no NaN/Infinity, size (at most
    ``most`` bytes of UTF-8), nesting depth and number literals bounded *before* the parse
    (:func:`hotseat.bounded.loads`: a nesting bomb would kill Pyodide's interpreter inside the
    parser), in time linear in the text.

    Raises:
        ProtocolError: reason ``"size"`` or ``"json"``.
    """
    if isinstance(text, str) and (len(text) > most or len(text.encode("utf-8", "surrogatepass")) > most):
        raise ProtocolError("size", f"a message may have at most {most} bytes")
    try:
        data = bounded.loads(text, most, MAX_DEPTH, unique_keys=True)
    except bounded.BoundsError as exc:
        raise ProtocolError("json", f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("json", "a message must be a JSON object")
    return data


def version_of(data: dict[str, Any]) -> int:
    """The frozen ``"v"`` key. Raises :class:`ProtocolError` (``"version"``) when it is unusable."""
    v = data.get("v")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ProtocolError("version", "a message needs a protocol version 'v' (a whole number from 1)")
    return v


def parse(text: Any, sender: str) -> dict[str, Any]:
    """Read and validate one message from ``sender`` (``"guest"`` or ``"host"``).

    Returns the message as a dict with exactly the keys of its type plus ``"v"`` and ``"t"``.
    A ``hello`` from a guest older than :data:`MIN_GUEST_VERSION` is returned as just
    ``{"v", "t"}`` (the host answers it with ``update``: see :func:`needs_update`); ``update`` is
    read from any version; any other message must be of this version.

    Raises:
        ProtocolError: the reason and what is wrong (see the class).
    """
    schema = DIRECTIONS[sender]
    data = loads(text, MAX_GUEST_MESSAGE_BYTES if sender == "guest" else MAX_MESSAGE_BYTES)
    v = version_of(data)
    t = data.get("t")
    if v > PROTOCOL_VERSION:
        raise ProtocolError("newer", f"the other phone speaks protocol {v}; this one {PROTOCOL_VERSION}: update it")
    if not isinstance(t, str) or t not in schema:
        raise ProtocolError("type", f"unknown message type {t!r} from a {sender}")
    if v < MIN_GUEST_VERSION and (sender, t) == ("guest", "hello"):
        return {"v": v, "t": t}  # an app too old to play with: the host answers with update
    if v < PROTOCOL_VERSION and (sender, t) != ("host", "update"):
        raise ProtocolError("version", f"protocol {v} is too old for this app ({PROTOCOL_VERSION})")
    body = {key: value for key, value in data.items() if key not in ("v", "t")}
    try:
        return {"v": v, "t": t, **schema[t].check(body, t)}
    except InvalidStateError as exc:
        raise ProtocolError("field", str(exc)) from None


def needs_update(hello: dict[str, Any]) -> bool:
    """True when a guest's parsed ``hello`` comes from an app older than :data:`MIN_GUEST_VERSION`."""
    return bool(hello["v"] < MIN_GUEST_VERSION)


# ---- writing ----------------------------------------------------------------------------------


def dumps(t: str, sender: str, **fields: Any) -> str:
    """One message of type ``t`` from ``sender``, as compact JSON, checked against its schema.

    Raises:
        ValueError: unknown type, missing/unknown/invalid keys, or too large (a bug in the caller;
            nothing is sent).
    """
    message = {"v": PROTOCOL_VERSION, "t": t, **fields}
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    parse(text, sender)  # the same rules as the receiver: never send what the other side refuses
    return text


def view_message(
    state: Any,
    seat: int,
    n: int,
    events: list[dict[str, Any]],
    round_events: list[dict[str, Any]],
    summary: bool,
    away: list[int],
    fresh: bool = True,
    epoch: str = "AAAAAA",
    match: int = 0,
    ack: int = 0,
) -> str:
    """The ``view`` message for the guest in ``seat``: the ONLY way game facts reach a guest.

    ``state`` is the engine's state (never sent); the guest gets ``state.observation(seat)``, its
    legal actions (``[]`` unless the table waits for it), ``current_players()`` (public),
    ``events`` of the last action and ``round_events`` (public by every game's contract),
    whether the round summary is showing, whether the game is over (then also the final
    ``returns()`` and ``winners()``, public at the end) and which seats' phones are away
    (public). ``epoch`` and ``n`` order the views (the guest drops an older one), ``match``
    counts the games at this table, ``ack`` is the last action of this seat taken in;
    ``fresh``: the view follows a new action (``False`` when it is sent again: a phone joined,
    asked for it, or another went away), so the guest plays its events only once.
    """
    acting = list(state.current_players())
    legal = state.legal_actions(seat) if seat in acting else []
    over = bool(state.is_terminal())
    return dumps(
        "view",
        "host",
        epoch=epoch,
        n=n,
        match=match,
        ack=ack,
        fresh=bool(fresh),
        obs=state.observation(seat),
        legal=legal,
        acting=acting,
        events=list(events),
        round_events=list(round_events),
        summary=bool(summary),
        over=over,
        away=sorted(away),
        returns=list(state.returns()) if over else [],
        winners=list(state.winners()) if over else [],
    )


def canonical(value: Any) -> str:
    """Compact JSON with sorted keys: equal only for values of the same JSON types.

    >>> canonical({"card": 1}) == canonical({"card": True}), canonical({"b": 1, "a": 2})
    (False, '{"a":2,"b":1}')
    """
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False, allow_nan=False)


def match_legal(action: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The legal action equal to a guest's ``action`` as JSON (types included: ``true`` is not
    ``1``), or None. The host applies the engine's own object, never the received one."""
    want = canonical(action)
    for candidate in legal:
        if canonical(candidate) == want:
            return candidate
    return None
