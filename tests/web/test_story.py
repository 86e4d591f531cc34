"""The game's story (hotseat.story, Session.log, the views' story_lines) and the replay after the game.

Real games of every game, played with random legal moves through :class:`Session`; the story is
checked against the engine's own record (the actions of the move log) and against what stays
hidden (hands, picks not yet revealed, secret choices).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from ui_helpers import storage_fixture  # noqa: F401 (the storage fixture)

from hotseat import move_log, saves, session_save, story
from hotseat.controller import Controller
from hotseat.markup import h
from hotseat.pages import GamePage
from hotseat.saves import SaveError
from hotseat.session import Session

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
#: the secret, simultaneous choice of each game: kept out of every event until the table sees it
SECRET_ACTIONS = {"six_nimmt": "pick", "bad_bunnies": ("keep", "redraw"), "dog": "give", "bunny_moose": "pose"}


def seats(n: int) -> list[dict]:
    return [{"name": NAMES[i], "kind": "human"} for i in range(n)]


def story_text(s: Session) -> str:
    return "\n".join(str(line) for chapter in s.story() for _i, line in chapter.lines)


def play(s: Session, rnd: random.Random, moves: int | None = None) -> None:
    """Random legal moves until the game ends (or ``moves`` moves)."""
    done = 0
    while not s.state.is_terminal() and (moves is None or done < moves):
        p = s.state.current_players()[0]
        s.apply(p, rnd.choice(s.state.legal_actions(p)))
        done += 1


def test_every_card_played_in_a_six_nimmt_game_is_in_the_story_with_who_played_it_and_every_row_taken():
    s = Session("six_nimmt", seats(4), 11, {}, bot_hook=None)
    play(s, random.Random(3))
    assert s.state.is_terminal()
    text = story_text(s)
    picks = [(m["player"], m["action"]["card"]) for m in s.log.moves if m["action"]["type"] == "pick"]
    assert len(picks) == 4 * 10 * len(s.story())  # every turn of every round, from the engine's own log
    played_lines = [line for line in text.split("\n") if line.startswith("Cards played: ")]
    told = [(name, int(card)) for line in played_lines for name, card in re.findall(r"(Ann|Bob|Cy|Di) (\d+)", line)]
    assert sorted(told) == sorted((NAMES[p], c) for p, c in picks)
    for p, card in picks:  # where each card went: onto a row, or it took one
        assert re.search(rf"{NAMES[p]}'s {card} (goes to row [1-4]\.|takes row [1-4] \()", text), card
    takes = [e for m in s.log.history for e in m.events if e["type"] == "place" and e["taken"]]
    assert takes and all(f"{NAMES[e['player']]}'s {e['card']} takes row {e['row'] + 1} (" in text for e in takes)
    chapters = s.story()
    assert [c.number for c in chapters] == list(range(1, len(chapters) + 1)) and all(c.finished for c in chapters)
    assert all(any(str(line).startswith(f"Round {c.number} scored: ") for _i, line in c.lines) for c in chapters)
    winners = [NAMES[p] for p in s.state.winners()]
    assert text.endswith(f"{winners[0]} wins!") if len(winners) == 1 else text.endswith(" win!")


def test_a_six_nimmt_story_during_a_turn_never_names_a_card_in_a_hand_or_a_pick_not_yet_revealed():
    s = Session("six_nimmt", seats(5), 29, {}, bot_hook=None)
    rnd = random.Random(8)
    checked = 0
    while not s.state.is_terminal():
        # the picks made and not yet revealed (``picks``, by seat); the revealed ones waiting to be
        # placed (``pending``, while a row is chosen) are the table's
        picks = {c for c in s.state.picks if c is not None}
        hidden = {c for hand in s.state.hands for c in hand} | picks
        # this round's chapter (each deal reshuffles all 104 cards: earlier rounds told other hands)
        now = s.story()[-1]
        now_text = "\n".join(str(line) for _i, line in now.lines) if not now.finished else ""
        numbers = {int(x) for x in re.findall(r"\d+", now_text)}
        # numbers that are not cards: rows, bullheads, totals, rounds (public, and small)
        public = (
            {r + 1 for r in range(4)}
            | {s.state.round}
            | {
                v
                for m in s.log.history
                for e in m.events
                for key in ("bullheads", "scores", "round")
                if key in e
                for v in (e[key] if isinstance(e[key], list) else [e[key]])
            }
        )
        assert not (hidden & numbers) - public, sorted((hidden & numbers) - public)
        if picks:
            checked += 1
        p = s.state.current_players()[0]
        s.apply(p, rnd.choice(s.state.legal_actions(p)))
    assert checked > 50  # many of the checks had picks waiting for the reveal


def _secret_moment(game_id: str, n: int, seed: int) -> tuple[Session, int, list[dict]]:
    """A session where a seat has a secret choice to make (two different ones possible) and at
    least one other seat still has to choose after it: nothing reveals the choice yet."""
    kinds = SECRET_ACTIONS[game_id]
    rnd = random.Random(seed)
    s = Session(game_id, seats(n), seed, {}, bot_hook=None)
    for _ in range(5000):
        acting = s.state.current_players()
        if len(acting) > 1:
            p = acting[0]
            legal = [a for a in s.state.legal_actions(p) if a["type"] in kinds]
            if len({json.dumps(a, sort_keys=True) for a in legal}) > 1:
                return s, p, legal
        p = acting[0]
        s.apply(p, rnd.choice(s.state.legal_actions(p)))
        if s.state.is_terminal():
            break
    raise AssertionError(f"no secret choice found in {game_id}")


@pytest.mark.parametrize(
    "game_id,n", [("six_nimmt", 4), ("bad_bunnies", 3), ("dog", 4), ("dog", 2), ("bunny_moose", 4)]
)
def test_a_secret_choice_changes_nothing_in_the_story_until_the_table_sees_it(game_id, n):
    """Two different secret choices (a 6 nimmt! pick, a Bad Bunnies keep or new hand, a Dog gift,
    a Bunny Bunny Moose Moose pose), the rest equal: the stories are the same, word for word, and
    the choice is in neither — until the move that reveals it."""
    for seed in (1, 2):
        s, p, legal = _secret_moment(game_id, n, seed)
        a, b = legal[0], legal[-1]
        told = []
        for action in (a, b):
            copy = session_save.from_json(session_save.to_json(s))
            copy.apply(p, action)
            assert len(copy.state.current_players()) >= 1 and not copy.state.is_terminal()
            told.append(story_text(copy))
        assert told[0] == told[1]
        assert told[0].startswith(story_text(s)) or not story_text(s)


@pytest.mark.parametrize("game_id,n", [("six_nimmt", 3), ("bad_bunnies", 2), ("dog", 4), ("bunny_moose", 3)])
def test_the_whole_game_survives_a_save_and_the_story_is_the_same_after_a_reload(game_id, n):
    s = Session(game_id, seats(n), 5, {}, bot_hook=None)
    play(s, random.Random(2))
    assert s.state.is_terminal() and not s.log.begins_later
    again = session_save.from_json(session_save.to_json(s))

    def told(x):
        return [(c.number, c.lines, c.finished) for c in x.story()]

    assert told(again) == told(s)
    assert len(s.story()) >= 2 and s.story()[-1].lines  # more than one round, and the last one is told
    assert len(session_save.to_json(s)) < saves.MAX_SAVE_CHARS


def test_a_full_log_drops_its_oldest_rounds_and_the_save_still_loads_with_this_rounds_summary(monkeypatch):
    monkeypatch.setattr(move_log, "MAX_LOG_MOVES", 60)
    s = Session("six_nimmt", seats(4), 7, {}, bot_hook=None)  # a round is 40 picks + row choices
    play(s, random.Random(4), moves=170)
    assert len(s.log.moves) <= 60 and len(s.log.history) == len(s.log.moves)
    assert s.log.begins_later
    first = s.story()[0].number
    assert first == s.log.first_round() > 1  # the log starts where a round began
    assert s.story()[0].lines[0][1].startswith("Cards played: ")
    again = session_save.from_json(session_save.to_json(s))
    ends = [i for i, m in enumerate(s.log.history) if any(e["type"] == "round_end" for e in m.events)]
    last_end = max(ends, default=-1)
    this_round = [e for m in s.log.history[last_end + 1 :] for e in m.events if e["type"] == "place" and e["taken"]]
    assert this_round and again.round_events == this_round and again.log.begins_later
    assert [c.lines for c in again.story()] == [c.lines for c in s.story()]


def test_older_saves_still_load_and_their_story_starts_later():
    """A format 2 save of the earlier design (the log restarted at each round) and a format 1 save
    (no log): both load; the story tells what their log holds and says it starts later."""
    s = Session("six_nimmt", seats(4), 7, {}, bot_hook=None)
    rnd = random.Random(5)
    play(s, rnd, moves=60)  # into round 2
    data = json.loads(session_save.to_json(s))
    start = next(i for i, m in enumerate(s.log.history) if s.view.story_round(m.events) is not None) + 1
    state = s.game.state_from_json(data["log"]["start"])
    for move in data["log"]["moves"][:start]:
        state.apply_action(move["player"], move["action"])
    data["log"] = {"start": state.to_json(), "moves": data["log"]["moves"][start:]}
    older = session_save.from_dict(data)
    assert older.log.begins_later and [c.number for c in older.story()] == [2]
    assert older.story()[0].lines == [(i - start, line) for i, line in s.story()[1].lines]
    v1 = {k: v for k, v in json.loads(session_save.to_json(s)).items() if k != "log"}
    v1["version"] = 1
    oldest = session_save.from_dict(v1)
    assert oldest.log.begins_later and oldest.log.history == [] and oldest.story()[0].lines == []
    play(oldest, rnd, moves=10)
    assert oldest.story()[0].lines and oldest.story()[0].number == 2


def test_a_log_too_long_or_not_the_games_own_is_refused():
    s = Session("six_nimmt", seats(3), 7, {}, bot_hook=None)
    play(s, random.Random(1), moves=45)
    data = json.loads(session_save.to_json(s))
    too_long = json.loads(json.dumps(data))
    too_long["log"]["moves"] = too_long["log"]["moves"] * 200
    with pytest.raises(SaveError, match=r"log.moves: expected at most 3000 entries, got 9000"):
        session_save.from_dict(too_long)
    other = json.loads(json.dumps(data))
    other["log"]["start"] = Session("six_nimmt", seats(3), 8, {}, bot_hook=None).state.to_json()
    with pytest.raises(SaveError):
        session_save.from_dict(other)


def _controller_at_game_over(storage, game_id: str, n: int) -> Controller:
    c = Controller(storage, bot_hook=None)
    c.tap({"shell": "new", "game": game_id})
    s = Session(game_id, seats(n), 3, {}, bot_hook=None)
    c.page = GamePage(s)
    play(s, random.Random(6))
    while s.phase != "over":
        s.tick()
    return c


def test_the_story_sheet_opens_from_the_game_screen_is_the_same_for_every_viewer_and_pauses_the_game(storage):
    c = Controller(storage, bot_hook=None)
    s = Session("six_nimmt", seats(3), 3, {}, bot_hook=None)
    c.page = GamePage(s)
    play(s, random.Random(6), moves=20)
    assert '"do":"open"' in str(c.render()).replace("&#34;", '"')  # the header button
    sheets = []
    for viewer in (0, 1, None):
        s.viewer = viewer
        c.tap({"shell": "story", "do": "open"})
        page = str(c.render())
        sheets.append(page[page.index('<div class="overlay story"') :])
        assert c.delay_ms() is None and c.back_target() == "story"
        c.back()
        assert c.page.story is None
    assert sheets[0] == sheets[1] == sheets[2]
    assert "Cards played: " in sheets[0] and "Replay the game" not in sheets[0]
    c.tap({"shell": "story", "do": "replay"})  # no replay before the game is over
    assert c.page.story is None


def test_the_replay_after_the_game_steps_through_every_move_with_lines_and_refuses_bad_steps(storage):
    c = _controller_at_game_over(storage, "six_nimmt", 3)
    over = str(c.render())
    assert "Replay the game" in over
    c.tap({"shell": "story", "do": "replay"})
    first = str(c.render())
    assert 'data-screen="replay"' in first and "Round 1 · step 1 of " in first
    total = int(re.search(r"step 1 of (\d+)", first).group(1))
    s = c.session
    assert total == sum(
        1 for m in s.log.history if any(e["type"] in ("reveal", "place", "round_end", "row_choice") for e in m.events)
    )
    for bad in (-1, total, "2", True, None, 1.0):
        c.tap({"shell": "story", "do": "step", "to": bad})
        assert c.page.story.step == 0
    seen_rounds = set()
    step = 0
    while True:
        page = str(c.render())
        seen_rounds.add(int(re.search(r"Round (\d+) · step", page).group(1)))
        if "Round" in page and "scored</h2>" in page:
            assert "sn-summary" in page  # the round's result at its last step
        nxt = re.search(
            r'data-tap="\{&#34;do&#34;:&#34;step&#34;,&#34;shell&#34;:&#34;story&#34;,'
            r'&#34;to&#34;:(\d+)\}">Next<',
            page,
        )
        if nxt is None or int(nxt.group(1)) >= total:  # the last step: Next is disabled
            assert nxt is None or "disabled" in page[page.index("replay-nav") : page.index(">Next<")]
            break
        step = int(nxt.group(1))
        c.tap({"shell": "story", "do": "step", "to": step})
        assert c.page.story.step == step
    assert step == total - 1 and seen_rounds == set(range(1, len(s.story()) + 1))
    c.tap({"shell": "story", "do": "close"})
    assert c.page.story is None and "Rematch" in str(c.render())


@pytest.mark.parametrize("game_id,n", [("bad_bunnies", 3), ("dog", 4), ("bunny_moose", 3)])
def test_every_game_tells_its_story_and_replays(storage, game_id, n):
    c = _controller_at_game_over(storage, game_id, n)
    s = c.session
    chapters = s.story()
    assert len(chapters) >= 2 and all(c_.lines for c_ in chapters)
    c.tap({"shell": "story", "do": "open"})
    sheet = str(c.render())
    assert "Replay the game" in sheet and sheet.count("<details") == len(chapters)
    c.tap({"shell": "story", "do": "replay"})
    c.tap({"shell": "story", "do": "step", "to": 3})
    assert 'data-step="3"' in str(c.render())


def test_the_replay_is_quiet_its_cues_and_narrator_lines_are_not_played_again(storage):
    # a replayed table that carries effects (a narrator's line, a cue) is put under data-quiet,
    # which hotseat.fx.play skips
    table = h("div", None, h("i", {"hidden": True, "data-say": "BAM!"}), h("i", {"hidden": True, "data-cue": "take"}))
    markup = str(story.replay_body(0, 2, 1, ["Ann poses."], table))
    start = markup.index('<div class="replay-table" data-quiet>')
    assert markup.index('data-say="BAM!"') > start and markup.index('data-cue="take"') > start
    # and a whole replay after a game: no effect outside the quiet table at any step
    c = _controller_at_game_over(storage, "bunny_moose", 3)
    c.tap({"shell": "story", "do": "open"})
    c.tap({"shell": "story", "do": "replay"})
    for step in range(len(c.page.story_steps())):
        c.tap({"shell": "story", "do": "step", "to": step})
        markup = str(c.render())
        assert not re.search(r"data-(say|cue|fx)=", markup[: markup.index('<div class="replay-table" data-quiet>')])
