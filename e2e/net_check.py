"""What a guest phone receives keeps the secrets: the card-token rules of ``secret_check.py``
applied to every message on the wire.

:data:`WIRE_JS` (an init script for every context of a multi-phone test) records each text a page
sends or receives on a data channel, and for each text the page sends, the app's save at that
moment (the host saves before it sends: the save then holds the state the message was made from).

:func:`check_received` checks every message one guest received:

1. a ``view`` carries exactly ``observation(seat)`` of the host's state when it was sent, the
   seat's own legal actions (none when the table does not wait for it), and nothing else the
   schema does not name; its events are the engine's own: those of the last move (or none) and
   this round's, recomputed by replaying the move log of the host's save of that moment — never
   taken from the message itself, so an event that names a hidden card cannot pass;
2. **token counts** (:data:`secret_check.TOKEN_RE`: every number and card word): per token, the
   message may not carry more than the same message made from re-deals of everything hidden from
   that seat (``game.sample_hidden``, three of them, the minimum is the allowance) — a card of
   another hand anywhere in the message is one token more than the allowance;
3. 6 nimmt! (unique cards): no card of another seat's hand appears as a number in the message
   unless the same number is public anyway (a score, a row's card) — the message "holds no
   other player's card";
4. ``welcome`` and the other messages carry no card at all (their tokens are seat numbers,
   versions and counters, checked against what the schema allows).
"""

from __future__ import annotations

import json
import re
from collections import Counter

from secret_check import TOKEN_RE

import pycore
from hotseat import session_save
from hotseat.net import protocol
from pycore.rng import Rng

#: records [direction, channel number, text, save or null] in window.__hsWire
WIRE_JS = """(() => {
  if (window.__hsWireOn) return;
  window.__hsWireOn = true;
  window.__hsWire = [];
  window.__hsChannels = [];
  const save = () => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      // the game in progress (one game at a time here)
      if (k.startsWith('hotseat.game.')) return localStorage.getItem(k);
    }
    return null;
  };
  const number = (dc) => {
    let i = window.__hsChannels.indexOf(dc);
    if (i < 0) { window.__hsChannels.push(dc); i = window.__hsChannels.length - 1; }
    return i;
  };
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.__hsWire.push(['out', number(this), String(data), save()]);
    return send.call(this, data);
  };
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const dc = create.apply(this, args);
    number(dc);
    dc.addEventListener('message', (e) => window.__hsWire.push(['in', number(dc), String(e.data), null]));
    return dc;
  };
})()"""


def wire(page) -> list[list]:
    return json.loads(page.evaluate("JSON.stringify(window.__hsWire || [])"))


def tokens(text: str) -> Counter:
    return Counter(TOKEN_RE.findall(text.lower()))


def host_views(host_wire: list[list]) -> dict[tuple[str, int], tuple[dict, str]]:
    """``(epoch, n)`` -> (the host's save when it sent that view, the text sent), from the host's
    records."""
    out = {}
    for direction, _channel, text, save in host_wire:
        if direction != "out":
            continue
        msg = json.loads(text)
        if msg.get("t") == "view":
            assert save is not None, "the host sent a view before it had saved the game"
            out[msg["epoch"], msg["n"]] = (json.loads(save), text)
    return out


def check_received(
    game_id: str, seat: int, received: list[str], views: dict[tuple[str, int], tuple[dict, str]], redeals: int = 3
) -> dict:
    """Check every text guest ``seat`` received (see the module docstring); returns counts."""
    game = pycore.load_game(game_id)
    counts = Counter()
    for text in received:
        msg = protocol.parse(text, "host")  # the schema: no key it does not name
        counts[msg["t"]] += 1
        if msg["t"] != "view":
            assert "obs" not in msg and "hand" not in text, (
                f"LEAK — a {msg['t']} message carries game facts: {text[:200]}"
            )
            continue
        save, sent = views[msg["epoch"], msg["n"]]
        assert sent == text, "the guest received a view the host did not send as it is"
        check_view(game, save, seat, msg, text, redeals)
        counts["checked"] += 1
    return dict(counts)


def engine_events(save: dict) -> tuple[list[dict], list[dict]]:
    """The events of the last move and of this round, as the engine gives them: the host's save
    (``session_save.to_dict``) resumed, which replays its move log from the log's start."""
    session = session_save.from_dict(save, bot_hook=_no_bot)
    last = session.log.history[-1].events if session.log.history else []
    return _json(last), _json(session.round_events)


def _no_bot(*_args):  # the save is only replayed: no bot is asked for a move
    raise AssertionError("a bot was asked to move while a save was checked")


def _json(value):
    return json.loads(json.dumps(value))


def check_view(game, save: dict, seat: int, msg: dict, text: str, redeals: int = 3) -> None:
    """Checks 1-3 of the module docstring for one ``view`` message; ``save`` is the host's save
    (``session_save.to_dict``) when it sent the view."""
    state = game.state_from_json(save["state"])
    assert msg["obs"] == _json(state.observation(seat)), (
        f"LEAK or mismatch — the view is not seat {seat}'s observation of the host's state"
    )
    acting = state.current_players()
    assert msg["legal"] == (state.legal_actions(seat) if seat in acting else []), (
        "the view's legal actions are not the seat's"
    )
    last, round_events = engine_events(save)
    assert msg["events"] in ([], last), (
        f"LEAK or mismatch — the view's events to seat {seat} are not the engine's events of the last move"
    )
    assert msg["round_events"] == round_events, (
        f"LEAK or mismatch — the view's round events to seat {seat} are not the engine's of this round"
    )
    allowance = None
    for k in range(redeals):
        other = game.sample_hidden(state, seat, Rng(7919 * k + 17 + msg["n"]))
        again = protocol.view_message(
            other,
            seat,
            msg["n"],
            last if msg["events"] else [],
            round_events,
            msg["summary"],
            msg["away"],
            msg["fresh"],
            epoch=msg["epoch"],
            match=msg["match"],
            ack=msg["ack"],
        )
        allowance = tokens(again) if allowance is None else allowance & tokens(again)
    extra = tokens(text) - allowance
    assert not extra, f"LEAK — tokens in the view to seat {seat} beyond what it may see: {dict(extra)}"
    if game.id == "six_nimmt":
        public = {int(x) for x in re.findall(r"\d+", json.dumps(state.public_observation()))}
        public |= {int(x) for x in re.findall(r"\d+", json.dumps([msg["events"], msg["round_events"]]))}
        public |= set(range(state.num_players)) | {protocol.PROTOCOL_VERSION}  # seats, "v"
        own = set(state.observation(seat)["hand"])
        # the view's own counters and the host's start id count views and moves, not cards
        body = {k: v for k, v in msg.items() if k not in ("n", "epoch", "ack", "match")}
        numbers = {int(x) for x in re.findall(r"\d+", json.dumps(body))}
        others = {c for p in range(state.num_players) if p != seat for c in state.observation(p)["hand"]}
        leaked = (numbers & others) - public - own
        assert not leaked, f"LEAK — the view to seat {seat} holds cards of other hands: {sorted(leaked)}"
