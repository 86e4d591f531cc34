"""6 nimmt! round summary: the bullheads of the round and, on request, the cards each player took.

The cards come from the engine's ``place`` events (their ``taken`` lists), kept by the session
through the view's ``round_log`` hook for the whole round and saved with the game.
"""

from __future__ import annotations

import json

import pytest
from ui_helpers import cards_shown, storage_fixture, tap_game, taps  # noqa: F401 (storage_fixture is the storage fixture)

from hotseat import session_save
from hotseat.controller import Controller
from hotseat.saves import SaveError, slot_key
from hotseat.session import Session
from pycore.games.six_nimmt import bullheads

SAVE_KEY = slot_key("six_nimmt")

SEATS = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy", "Di")]


def play_round(session: Session) -> list[list[int]]:
    """Play one round with the lowest legal action; return the cards each player took, as the
    engine's own ``place`` events report them."""
    took = [[] for _ in session.seats]
    while True:
        p = session.state.current_players()[0]
        events = session.apply(p, session.state.legal_actions(p)[0])
        for e in events:
            if e["type"] == "place":
                took[e["player"]] += e["taken"]
        if any(e["type"] == "round_end" for e in events):
            tap_game(session, {"shell": "skip"})
            return took


def test_summary_lists_the_cards_each_player_took_and_they_add_up_to_the_bullheads(storage):
    c = Controller(storage, bot_hook=None)
    s = Session("six_nimmt", SEATS, 7, {}, bot_hook=None)
    c.games.start(s)
    took = play_round(s)
    assert s.phase == "summary"
    end = next(e for e in s.events if e["type"] == "round_end")
    assert [sum(bullheads(x) for x in t) for t in took] == end["bullheads"]
    markup = c.render()
    # closed by default: the table of bullheads, and the button
    assert {"shell": "details"} in taps(markup) and cards_shown(markup) == []
    assert "Show the cards taken" in markup
    c.tap({"shell": "details"})
    markup = c.render()
    assert sorted(cards_shown(markup)) == sorted(x for t in took for x in t)
    for p, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        if took[p]:
            block = markup.split(f'<th scope="row">{name}</th>')[1].split("</tr>", 2)[1]
            assert sorted(cards_shown(block)) == sorted(took[p])
            assert f"took {len(took[p])} card" in block
    # a reload on the summary keeps the log (it is in the save)
    c2 = Controller(storage, bot_hook=None)
    c2.tap({"shell": "resume", "game": "six_nimmt"})
    assert c2.session.phase == "summary"
    c2.tap({"shell": "details"})
    assert sorted(cards_shown(c2.render())) == sorted(x for t in took for x in t)
    # the next round starts a new round log; the move log keeps the whole game (the story), and a
    # reload there shows no summary and keeps none of the finished round's rows
    moves = len(json.loads(storage[SAVE_KEY])["log"]["moves"])
    c2.tap({"shell": "continue"})
    assert c2.session.round_events == [] and len(json.loads(storage[SAVE_KEY])["log"]["moves"]) == moves > 10
    c3 = Controller(storage, bot_hook=None)
    c3.tap({"shell": "resume", "game": "six_nimmt"})
    assert c3.session.phase == "curtain" and c3.session.round_events == []


def test_round_log_keeps_only_taken_rows_and_survives_a_save():
    s = Session("six_nimmt", SEATS, 7, {}, bot_hook=None)
    play_round(s)
    assert s.round_events and all(e["type"] == "place" and e["taken"] for e in s.round_events)
    again = session_save.from_json(session_save.to_json(s))
    assert again.round_events == s.round_events


def test_a_save_of_the_first_format_is_read_without_its_stored_events():
    """Format version 1 stored the round's events as they were (unchecked): they are dropped
    unread; the game goes on from its state, and the round summary those events fed is skipped."""
    s = Session("six_nimmt", SEATS, 7, {}, bot_hook=None)
    play_round(s)
    data = json.loads(session_save.to_json(s))
    old = {k: v for k, v in data.items() if k != "log"}
    old.update(
        version=1,
        events=[{"type": "round_end", "bullheads": ["<img src=x onerror=alert(1)>"]}],
        round_events=[{"type": "place", "player": 0, "taken": ["<b>"]}],
        summary_due=True,
    )
    again = session_save.from_dict(old)
    assert again.phase == "curtain" and again.round_events == [] and again.events == []
    assert again.state.to_json() == s.state.to_json()


def test_a_log_that_is_not_the_games_own_is_a_save_error():
    s = Session("six_nimmt", SEATS, 7, {}, bot_hook=None)
    play_round(s)
    data = json.loads(session_save.to_json(s))
    assert len(data["log"]["moves"]) > 10
    bad = json.loads(json.dumps(data))
    bad["log"]["moves"][3]["action"] = {"type": "pick", "card": 999}
    with pytest.raises(SaveError, match=r"log.moves\[3\]: .* is not a legal move"):
        session_save.from_dict(bad)
    # a legal card, but not one of this hand; a seat that does not exist; a seat whose pick is in
    moves = data["log"]["moves"]
    other = next(m for m in moves[4:] if m["player"] != moves[3]["player"])
    for action, player, message in (
        (other["action"], moves[3]["player"], r"log.moves\[3\]: .* is not a legal move"),
        (moves[3]["action"], len(SEATS), r"log.moves\[3\]: seat 4 is not to act there"),
        (moves[1]["action"], moves[1]["player"], r"log.moves\[3\]: seat \d is not to act there"),
    ):
        bad = json.loads(json.dumps(data))
        bad["log"]["moves"][3] = {"player": player, "action": action}
        with pytest.raises(SaveError, match=message):
            session_save.from_dict(bad)
    short = json.loads(json.dumps(data))
    short["log"]["moves"].pop()
    with pytest.raises(SaveError, match="does not lead to its game state"):
        session_save.from_dict(short)
    extra = dict(data, round_events=[])
    with pytest.raises(SaveError, match=r"unknown key\(s\) \['round_events'\]"):
        session_save.from_dict(extra)
