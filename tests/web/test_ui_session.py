"""The pass-and-play controller (web/hotseat/session.py) with the real 6 nimmt! engine."""

from __future__ import annotations

import json
import random

import pytest
from ui_helpers import cards_shown, first_legal_bot, storage_fixture, tap_game, taps  # noqa: F401 (storage_fixture is the storage fixture)

import pycore
from hotseat import session_save
from hotseat.pages import GamePage
from hotseat.saves import SaveError
from hotseat.session import Session

HUMANS3 = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "Cy", "kind": "human"}]


def pick_first(session: Session) -> int:
    """On a "turn" screen, pick the viewer's lowest card through the view's tap; return it."""
    card = session.state.legal_actions(session.viewer)[0]["card"]
    tap_game(session, {"pick": card})
    return card


def finish_reveal(session: Session) -> None:
    while session.phase == "reveal":
        session.tick()


def test_curtain_between_two_humans_and_not_before_the_first_show():
    s = Session("six_nimmt", HUMANS3, seed=3)
    assert (s.phase, s.curtain.seat, s.viewer) == ("curtain", 0, None)
    tap_game(s, {"shell": "show"})
    assert (s.phase, s.viewer, s.curtain.holder) == ("turn", 0, 0)
    pick_first(s)
    # Ann's pick is made at the tap: the phone goes to Bob through the curtain
    assert (s.phase, s.curtain.seat, s.viewer) == ("curtain", 1, None)
    tap_game(s, {"shell": "show"})
    pick_first(s)
    assert (s.phase, s.curtain.seat) == ("curtain", 2)


def _two_humans_with_row_choice_for_the_last_picker(low: int = 1) -> Session:
    """Bob (seat 1; ``low=0``: Ann) holds a 5 that is below every row: after he picks it he must
    choose a row."""
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(2, seed=11)
    data = json.loads(state.to_json())
    st = data["state"]
    cards = sorted(c for r in st["rows"] for c in r) + sorted(c for h in st["hands"] for c in h) + st["deck"]
    pool = [c for c in range(1, 105)]
    st["rows"] = [[30], [40], [50], [60]]
    st["hands"] = [[61, 62, 63, 64, 65, 66, 67, 68, 69, 70], [5, 71, 72, 73, 74, 75, 76, 77, 78, 79]]
    if low == 0:
        st["hands"].reverse()
    used = {c for r in st["rows"] for c in r} | {c for h in st["hands"] for c in h}
    st["deck"] = [c for c in pool if c not in used]
    assert len(cards) == 104
    loaded = game.state_from_json(json.dumps(data))
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    return Session("six_nimmt", seats, seed=11, state=loaded)


def screen_html(session: Session) -> str:
    """The whole game screen as the browser gets it (the page's game body)."""
    return str(GamePage(session).render_table())


def hand_cards_in(markup: str, session: Session) -> list[int]:
    """The cards of any seat's hand (not yet played) drawn in ``markup``."""
    hands = {c for p in range(len(session.seats)) for c in session.state.observation(p)["hand"]}
    return [c for c in cards_shown(markup) if c in hands]


def test_the_last_picker_takes_a_row_on_the_public_table_without_her_hand():
    """Bob picks last and his 5 is below every row (SN-5): right after the reveal the whole table
    watched, the row choice is drawn on the public table ("Bob, your card is lower than every
    row"), the rows only: no hand card is in the document from the reveal to the row taken."""
    s = _two_humans_with_row_choice_for_the_last_picker()
    tap_game(s, {"shell": "show"})  # Ann
    tap_game(s, {"pick": 61})
    assert (s.phase, s.curtain.seat) == ("curtain", 1)
    tap_game(s, {"shell": "show"})  # Bob
    tap_game(s, {"pick": 5})
    screens = []
    while s.phase == "reveal":
        screens.append(screen_html(s))
        s.tick()
    assert s.state.current_players() == [1]
    choice = screen_html(s)
    screens.append(choice)
    for markup in screens:
        assert hand_cards_in(markup, s) == []
    # Bob chooses on the public table: no viewer, no curtain, his rows' taps on screen
    assert (s.phase, s.viewer, s.actor, s.curtain.seat) == ("turn", None, 1, None)
    assert "Bob, your card is lower than every row: tap the row you take." in choice
    assert [t for t in taps(choice) if "row" in t] == [{"row": r} for r in range(4)]
    assert "handcards" not in choice and "data-private" not in choice
    tap_game(s, {"row": 3})  # row [60]: the row tap takes it
    finish_reveal(s)
    assert s.state.public_observation()["rows"][3] == [5]
    assert s.log.history[-1].player == 1  # Bob's move
    # next turn: the phone goes on round the table, to Ann, through the curtain
    assert (s.phase, s.curtain.seat) == ("curtain", 0)


def test_another_chooser_takes_a_row_on_the_public_table_too():
    """The lowest card is Ann's, Bob picked last and holds the phone: Ann taps her row on the
    public table, no hand-off screen first; Bob's hand comes back behind his curtain."""
    s = _two_humans_with_row_choice_for_the_last_picker(low=0)
    tap_game(s, {"shell": "show"})  # Ann
    tap_game(s, {"pick": 5})
    tap_game(s, {"shell": "show"})  # Bob
    tap_game(s, {"pick": 61})
    assert s.curtain.holder == 1
    finish_reveal(s)
    assert s.state.current_players() == [0]
    assert (s.phase, s.viewer, s.actor, s.curtain.seat) == ("turn", None, 0, None)
    assert hand_cards_in(screen_html(s), s) == []
    tap_game(s, {"pick": 62})  # a card tap is no row: refused, nothing changes
    assert s.state.current_players() == [0] and s.error
    tap_game(s, {"row": 0})
    finish_reveal(s)
    assert s.state.public_observation()["rows"][0] == [5]
    # next turn: round the table from Bob, who still held the phone: Ann, then Bob, each behind a curtain
    assert (s.phase, s.curtain.seat, s.viewer) == ("curtain", 0, None)
    tap_game(s, {"shell": "show"})
    pick_first(s)
    assert (s.phase, s.curtain.seat, s.viewer) == ("curtain", 1, None)
    tap_game(s, {"shell": "show"})
    assert (s.phase, s.viewer) == ("turn", 1)


#: tables at one shared phone, each game: (kinds, seeds, options)
SHARED_TABLES = {
    "six_nimmt": (["human", "human", "bot:easy"], 3, {"rounds": 1}),
    "bad_bunnies": (["human", "bot:easy", "human"], 4, None),
    "dog": (["human", "bot:easy", "human", "bot:easy"], 2, None),
    "bunny_moose": (["human", "human", "human"], 2, None),
}


@pytest.mark.parametrize("game_id", sorted(SHARED_TABLES))
def test_a_hand_never_follows_a_public_screen_without_its_curtain(game_id):
    """Every game at a phone people share, played out with random legal moves: a private view
    (a hand) never comes right after a screen the whole table watched (a reveal, a bot's turn, a
    round summary, a choice made on the public table) without its player's curtain; when that
    player held the phone already the curtain says "Cards hidden for NAME". No hand ever in a game
    without hidden cards (Bunny Bunny Moose Moose)."""
    kinds, seeds, options = SHARED_TABLES[game_id]
    seats = [{"name": f"P{i}", "kind": k} for i, k in enumerate(kinds)]
    held = 0
    for seed in range(seeds):
        s = Session(game_id, seats, seed=seed, options=options, bot_hook=first_legal_bot)
        rng = random.Random(seed)
        public = False
        for _ in range(30_000):
            if s.phase == "over":
                break
            if s.phase == "curtain":
                if public and s.curtain.seat == s.curtain.holder:
                    held += 1
                    assert s.curtain.holds_phone and "Cards hidden for" in screen_html(s)
                public = False
                tap_game(s, {"shell": "show"})
            elif s.phase == "turn":
                if s.curtain.private_on_screen:
                    assert not public, "a hand right after a public screen, without its curtain"
                else:  # a choice on the public table (or a game without hidden cards): the table watches it
                    assert s.viewer is None or not s.game.hidden_information
                    public = True
                s.submit(s.actor, rng.choice(s.state.legal_actions(s.actor)))
            elif s.phase == "summary":
                public = True
                tap_game(s, {"shell": "continue"})
            else:
                public = True
                s.tick()
        assert s.phase == "over"
    if game_id in ("bad_bunnies", "dog"):  # a person acts again after a bot's turn: their curtain
        assert held > 0


def test_one_human_with_bots_never_sees_a_curtain():
    seats = [{"name": "Me", "kind": "human"}] + [{"name": f"Bot {i}", "kind": "bot:normal"} for i in (1, 2, 3)]
    s = Session("six_nimmt", seats, seed=5, options={"rounds": 1}, bot_hook=first_legal_bot)
    phases = set()
    for _ in range(2000):
        if s.phase == "over":
            break
        phases.add(s.phase)
        assert s.viewer == 0  # the human's own view is always on screen
        if s.phase == "turn":
            legal = s.state.legal_actions(0)
            if legal[0]["type"] == "pick":
                tap_game(s, {"pick": legal[-1]["card"]})
                tap_game(s, {"shell": "confirm"})
            else:
                tap_game(s, {"row": 0})
        elif s.phase == "summary":
            tap_game(s, {"shell": "continue"})
        else:
            s.tick()
    assert s.phase == "over"
    assert "curtain" not in phases
    assert {"bot", "turn", "reveal"} <= phases


def test_bot_seats_are_refused_without_a_bot_hook():
    seats = [{"name": "Me", "kind": "human"}, {"name": "B", "kind": "bot:easy"}]
    with pytest.raises(ValueError, match="no bots"):
        Session("six_nimmt", seats, seed=1)


def test_a_pick_is_made_at_the_tap_and_undo_my_move_takes_it_back():
    s = Session("six_nimmt", HUMANS3, seed=3)
    tap_game(s, {"shell": "show"})
    before = s.state.to_json()
    hand = s.state.observation(0)["hand"]
    tap_game(s, {"pick": hand[2]})
    assert s.flow.pending is None and s.state.public_observation()["picked"] == [True, False, False]
    assert s.phase == "curtain" and s.take_back.offered()
    tap_game(s, {"shell": "take_back"})
    assert s.phase == "curtain" and s.curtain.seat == 0 and s.viewer is None and s.state.to_json() == before
    tap_game(s, {"shell": "show"})
    assert s.phase == "turn" and s.viewer == 0
    tap_game(s, {"pick": hand[4]})
    tap_game(s, {"shell": "show"})  # Bob shows his cards: Ann's pick stands
    assert s.state.public_observation()["picked"] == [True, False, False]
    assert s.state.observation(0)["my_pick"] == hand[4] and not s.take_back.offered()


def test_a_card_not_in_hand_is_refused_with_a_message():
    s = Session("six_nimmt", HUMANS3, seed=3)
    tap_game(s, {"shell": "show"})
    other = s.state.observation(1)["hand"][0]
    tap_game(s, {"pick": other})
    assert s.flow.pending is None and s.error


def act(session: Session) -> None:
    """Move the session on by one screen, as players would (lowest card, first row)."""
    if session.phase == "curtain":
        tap_game(session, {"shell": "show"})
    elif session.phase == "turn":
        if session.flow.pending is not None:
            tap_game(session, {"shell": "confirm"})
        elif session.state.legal_actions(session.actor)[0]["type"] == "pick":
            pick_first(session)
        else:
            tap_game(session, {"row": 0})
    elif session.phase == "summary":
        tap_game(session, {"shell": "continue"})
    else:
        session.tick()


def test_save_restore_round_trip_resumes_at_the_curtain():
    saved = []
    s = Session("six_nimmt", HUMANS3, seed=9, options={"target_score": 20})
    s.on_applied = lambda sess: saved.append(session_save.to_json(sess))
    while len(saved) < 5:  # five applied actions, then stop on whatever screen comes next
        act(s)
    assert saved[-1] == session_save.to_json(s)
    text = json.dumps(json.loads(saved[-1]))  # any JSON round trip
    r = session_save.from_json(text)
    assert r.state.to_json() == s.state.to_json()
    assert r.seats == s.seats and r.options == s.options and r.seed == s.seed
    assert r.options["target_score"] == 20
    # after a reload nobody is known to hold the phone: the next human gets the curtain
    acting = r.state.current_players()
    assert (r.phase, r.curtain.seat) == ("curtain", min(acting))
    # and the restored game plays on to the end
    for _ in range(3000):
        if r.phase == "over":
            break
        act(r)
    assert r.phase == "over" and r.state.winners()


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a Hotseat saved game"),
        ("[]", "not a Hotseat saved game"),
    ],
)
def test_unreadable_saves_raise_save_error_with_a_reason(text, reason):
    with pytest.raises(SaveError, match=reason):
        session_save.from_json(text)


def test_tampered_state_names_the_bad_field():
    s = Session("six_nimmt", HUMANS3, seed=9)
    data = session_save.to_dict(s)
    state = json.loads(data["state"])
    state["state"]["rows"][0] = [99, 3]  # a row must ascend
    data["state"] = json.dumps(state)
    with pytest.raises(SaveError, match=r"state.rows\[0\]"):
        session_save.from_dict(data)


def test_real_bots_fill_seats_and_the_curtain_never_shows_for_one_human():
    """pycore.bots through the default hook: sliced thinking, legal moves, no curtain."""
    from hotseat.session import default_bot_hook

    hook = default_bot_hook()
    assert hook is not None and "six_nimmt" in hook.games
    seats = [
        {"name": "Me", "kind": "human"},
        {"name": "E", "kind": "bot:easy"},
        {"name": "N", "kind": "bot:normal"},
        {"name": "N2", "kind": "bot:normal"},
    ]
    s = Session("six_nimmt", seats, seed=21, options={"rounds": 1}, bot_hook=hook)
    bot_moves = 0
    for _ in range(5000):
        if s.phase == "over":
            break
        assert s.phase != "curtain" and s.viewer == 0
        if s.phase == "bot":
            before = s.state.to_json()
            s.tick()
            if s.state.to_json() != before:
                bot_moves += 1
        elif s.phase == "turn" and s.state.legal_actions(0)[0]["type"] == "pick":
            tap_game(s, {"pick": s.state.legal_actions(0)[0]["card"]})
            tap_game(s, {"shell": "confirm"})
        elif s.phase == "turn":
            tap_game(s, {"row": 1})
        elif s.phase == "summary":
            tap_game(s, {"shell": "continue"})
        else:
            s.tick()
    assert s.phase == "over" and bot_moves >= 30
    # a resumed game keeps its bots
    r = session_save.from_json(session_save.to_json(s), bot_hook=hook)
    assert r.kinds == ["human", "bot:easy", "bot:normal", "bot:normal"]


def test_a_hard_bot_thinks_in_slices_and_humans_choose_first(monkeypatch):
    import hotseat.bot_turns as bot_turns
    from hotseat.session import default_bot_hook

    # slices of 5 ms: a hard decision's fixed work (about 0.1 s of CPython) spans many of them on
    # any machine, so the count below does not depend on the machine's speed
    monkeypatch.setattr(bot_turns, "BOT_SLICE_MS", 5)
    hook = default_bot_hook()
    seats = [{"name": "H", "kind": "bot:hard"}, {"name": "Me", "kind": "human"}]
    s = Session("six_nimmt", seats, seed=4, bot_hook=hook)
    assert (s.phase, s.viewer) == ("turn", 1)  # the human picks first, no waiting for the bot
    tap_game(s, {"pick": s.state.legal_actions(1)[0]["card"]})
    tap_game(s, {"shell": "confirm"})
    assert s.phase == "bot" and s.bot_seat == 0 and s.delay_ms() > 0
    slices = 0
    while s.phase == "bot":
        s.tick()  # one slice of ~5 ms of search (bench/bots.py measures the slices' times)
        slices += 1
        if s.phase == "bot":
            assert s.delay_ms() == 0
    assert slices > 5 and s.phase in ("reveal", "turn")  # the think was cut into many slices


def test_bots_think_ahead_while_the_person_chooses_and_play_their_cold_choice():
    """A bot's secret pick is thought out in slices while the human chooses; it is the pick the
    bot makes cold (no thinking ahead, or after a reload), whatever the human picks."""
    from hotseat.session import default_bot_hook

    hook = default_bot_hook()
    seats = [{"name": "Me", "kind": "human"}, {"name": "B1", "kind": "bot:hard"}, {"name": "B2", "kind": "bot:normal"}]

    def bot_picks(ahead: bool, card_index: int, reload: bool = False) -> tuple[list, int]:
        s = Session("six_nimmt", seats, seed=9, options={"rounds": 1}, bot_hook=hook)
        assert (s.phase, s.viewer) == ("turn", 0)
        if ahead:
            slices = 0
            while s.bots.pondering(s.phase):
                assert s.delay_ms() == 0  # the next slice comes right after the browser paints
                s.tick()
                slices += 1
            assert slices > 1 and s.delay_ms() is None and s.phase == "turn"  # done: waits for the tap
        tap_game(s, {"pick": s.state.legal_actions(0)[card_index]["card"]})  # the tap makes the move
        if reload:
            s = session_save.from_json(session_save.to_json(s), bot_hook=hook)
        ticks = 0
        while s.phase == "bot":
            s.tick()
            ticks += 1
        if ahead and not reload:
            assert ticks == 2  # each bot's pick was ready: one tick each, after its short pause
        played = s.state.public_observation()["played"]
        return [pc for pc in played if pc["player"] != 0], s.bots.rng.state

    cold = bot_picks(False, 0)
    assert bot_picks(True, 0) == cold
    assert bot_picks(True, 0, reload=True) == cold
    assert bot_picks(False, 0, reload=True) == cold
    assert bot_picks(True, 5) == cold  # another card of the human's: the same bot picks


def test_the_bots_hidden_picks_share_one_short_pause_at_any_table_size():
    """After the person's pick, the bots' hidden picks wait BOT_PICK_DELAY_MS in all (each bot
    seat its share), not a pause each: at ten players the person waited 8 x 250 + 700 ms before
    the reveal, whatever the bots thought. A visible bot move (a row to take) keeps BOT_DELAY_MS."""
    from hotseat.bot_turns import BOT_DELAY_MS, BOT_PICK_DELAY_MS
    from hotseat.session import default_bot_hook

    hook = default_bot_hook()
    for players in (4, 10):
        seats = [{"name": "Me", "kind": "human"}] + [{"name": f"B{k}", "kind": "bot:normal"} for k in range(1, players)]
        s = Session("six_nimmt", seats, seed=3, options={"rounds": 1}, bot_hook=hook)
        tap_game(s, {"pick": s.state.legal_actions(0)[0]["card"]})
        paused = []
        while s.phase == "bot":
            if s.bots.search is None:
                paused.append(s.delay_ms())
            s.tick()
        assert s.phase == "reveal" and len(paused) == players - 1
        assert sum(paused) <= BOT_PICK_DELAY_MS and min(paused) > 0, paused
    assert BOT_DELAY_MS > BOT_PICK_DELAY_MS  # a visible move is watched longer


def test_a_slice_of_thinking_changes_nothing_on_screen_and_is_not_drawn(storage):
    """The timer's tick says whether the screen changed: a slice of the bots' thinking ahead, or of
    the bot on turn that decided nothing, did not (the app then sets the next tick without building
    the screen again: at 4x CPU throttling that build made each slice a task of 50-100 ms)."""
    from hotseat.controller import Controller
    from hotseat.session import default_bot_hook

    seats = [{"name": "Me", "kind": "human"}, {"name": "B1", "kind": "bot:hard"}, {"name": "B2", "kind": "bot:hard"}]
    s = Session("six_nimmt", seats, seed=9, options={"rounds": 1}, bot_hook=default_bot_hook())
    assert s.bots.pondering(s.phase)
    assert s.tick() is False  # one slice of thinking ahead
    c = Controller(storage)
    c.tap({"shell": "new", "game": "six_nimmt"})
    c.page = GamePage(s)
    assert c.screen == "game" and c.games.pondering and c.tick() is False
    tap_game(s, {"pick": s.state.legal_actions(0)[0]["card"]})
    assert s.phase == "bot"
    changed = []
    while s.phase == "bot":
        changed.append(s.tick())
    assert changed[-1] is True and changed.count(True) == 2  # each bot's pick, when it was made
    assert s.phase == "reveal" and s.tick() is True  # a reveal's step


def test_bots_think_ahead_during_the_reveal_and_still_pick_cold():
    """While the last picks are revealed, the bots think out the
    next pick beside the reveal's timer (``pondering_aside``); the picks are the cold ones."""
    from hotseat.session import default_bot_hook

    hook = default_bot_hook()
    seats = [{"name": "Me", "kind": "human"}, {"name": "B1", "kind": "bot:hard"}, {"name": "B2", "kind": "bot:hard"}]

    def play(ahead: bool) -> tuple[list, int, int]:
        s = Session("six_nimmt", seats, seed=21, bot_hook=hook)
        aside = summary = ready = 0
        for _ in range(20_000):
            if s.phase == "over" or len(s.state.public_observation()["played"]) > 12:
                break
            if ahead and s.bots.pondering_aside(s.phase):
                assert s.phase == "reveal"
                s.bots.step_ahead()  # as the app does between the reveal's steps
                aside += 1
            elif s.phase == "turn" and s.actor == 0:
                legal = s.state.legal_actions(0)
                pick = legal[0]["type"] == "pick"
                if pick and s.state.public_observation()["played"]:
                    ready += not s.bots.pondering(s.phase)  # thought out during the reveal already
                tap_game(s, {"pick": legal[0]["card"]} if pick else {"row": legal[0]["row"]})
            elif s.phase == "summary":
                summary += 1
                tap_game(s, {"shell": "continue"})
            else:
                assert ahead or s.phase != "turn"
                if s.phase == "reveal" and not ahead:
                    tap_game(s, {"shell": "skip"})
                else:
                    s.tick()
        played = s.state.public_observation()["played"]
        return [pc for pc in played if pc["player"] != 0], s.bots.rng.state, (aside, ready)

    cold_picks, cold_rng, _ = play(False)
    picks, rng, (aside, ready) = play(True)
    assert aside > 5 and ready >= 3 and (picks, rng) == (cold_picks, cold_rng)


def test_bots_think_ahead_while_the_round_summary_is_read():
    from hotseat.bot_turns import BotTurns, Phase

    class Done:
        done = False

    bots = BotTurns.__new__(BotTurns)
    bots.ponder = Done()
    assert bots.pondering(Phase.SUMMARY) and not bots.pondering(Phase.OVER)
    assert bots.pondering_aside(Phase.REVEAL) and not bots.pondering_aside(Phase.SUMMARY)


def test_setup_offers_bot_seats_only_for_games_with_bots(storage):
    from hotseat.controller import Controller

    c = Controller(storage)  # the real pycore.bots
    assert c.tables.bot_kinds("six_nimmt") == ["bot:easy", "bot:normal", "bot:hard"]
    if "bunny_moose" in pycore.GAMES:
        assert c.tables.bot_kinds("bunny_moose") == []


def test_a_save_for_a_game_without_a_view_is_a_save_error(monkeypatch):
    import hotseat.session as session_module

    s = Session("six_nimmt", HUMANS3, seed=1)
    text = session_save.to_json(s)

    def no_view(game_id):
        raise ImportError(f"no module named hotseat.views.{game_id}")

    monkeypatch.setattr(session_module, "load_view", no_view)
    with pytest.raises(SaveError, match="no table screen for 6 nimmt!"):
        session_save.from_json(text)


def test_two_humans_and_two_bots_curtain_only_between_the_humans():
    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "B1", "kind": "bot:normal"},
        {"name": "Bob", "kind": "human"},
        {"name": "B2", "kind": "bot:easy"},
    ]
    s = Session("six_nimmt", seats, seed=13, options={"rounds": 1}, bot_hook=first_legal_bot)
    log = []
    for _ in range(4000):
        if s.phase == "over":
            break
        log.append((s.phase, s.curtain.seat, s.viewer, s.bot_seat))
        if s.phase in ("bot", "reveal", "summary"):
            assert s.viewer is None  # bots and reveals on the public view: no hand on screen
        act(s)
    assert s.phase == "over"
    curtains = [c for phase, c, _, _ in log if phase == "curtain"]
    assert curtains and set(curtains) <= {0, 2}
    # every turn: Ann and Bob each pass the phone once; the bots never get a curtain
    assert len(curtains) >= 20


def test_hiding_the_page_puts_the_same_player_behind_the_curtain():
    from hotseat.session import Phase

    s = Session("six_nimmt", HUMANS3, seed=3)
    tap_game(s, {"shell": "show"})
    pick_first(s)
    tap_game(s, {"shell": "show"})  # Bob's hand
    before = s.state.to_json()
    assert s.curtain.private_on_screen
    assert s.curtain.hide_private_view() is True
    assert (s.phase, s.curtain.seat, s.viewer, s.curtain.hidden) == (Phase.CURTAIN, 1, None, True)
    assert s.state.to_json() == before  # nothing applied, nothing lost
    assert not s.take_back.offered()  # "Cards hidden for Bob" is no hand-off: Ann's pick stands
    assert s.curtain.hide_private_view() is False  # a curtain has nothing private
    tap_game(s, {"shell": "show"})  # Bob again, not the next player
    assert (s.phase, s.viewer, s.curtain.hidden) == (Phase.TURN, 1, False)


def test_a_curtain_for_a_seat_that_does_not_exist_is_refused():
    s = Session("six_nimmt", HUMANS3, seed=3)
    for seat in (3, -1, True, "1"):
        with pytest.raises(ValueError, match="no seat"):
            s.curtain.up(seat)
    assert s.phase == "curtain" and s.curtain.seat == 0


def test_a_bot_cut_short_by_the_time_cap_is_told_to_the_table(storage):
    """A bot whose search the safety cap stopped (a device slower than the bots' fixed work was
    sized for) still plays its best move, and the table is told so once."""
    from hotseat.controller import Controller

    class CappedSearch:
        capped = True

        def __init__(self, legal):
            self.legal, self.slices = legal, 0

        def step(self, ms):
            self.slices += 1
            return self.legal[-1] if self.slices >= 3 else None

    class Hook:
        def __call__(self, game, obs, legal, rng, budget, level):
            return legal[-1]

        def start(self, game, obs, legal, rng, level, budget):
            return CappedSearch(legal)

    c = Controller(storage, bot_hook=Hook(), seed_fn=lambda: 5)
    c.tap({"shell": "new", "game": "six_nimmt"})
    while c.setup.n > 2:
        c.tap({"shell": "count", "delta": -1})
    c.tap({"shell": "kind", "seat": 1, "kind": "bot:easy"})
    assert c.setup.n == 2 and c.setup.kinds[:2] == ["human", "bot:easy"]
    c.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Robo"}})
    s = c.session
    card = s.state.legal_actions(0)[0]["card"]
    c.tap({"pick": card})
    c.tap({"shell": "confirm"})
    for _ in range(20):
        if s.phase != "bot":
            break
        assert c.message is None
        c.tick()
    assert s.state.observation(1)["hand"] and s.phase != "bot"
    assert c.message is not None and c.message.startswith("Robo thought as long as this phone allows")
    assert s.bots.capped is None  # told once


def test_undo_my_move_after_a_public_row_choice_brings_the_public_choice_back():
    """A player took a row on the public table (not right after their own pick, which turned the
    cards and stands); "Undo my move" on the next hand-off screen puts the row choice back on the
    public table, never behind the chooser's curtain with their hand."""
    for seed in range(40):
        s = Session("six_nimmt", HUMANS3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if (
                s.phase == "curtain"
                and s.take_back.mover is not None
                and s.log.moves[-1]["action"]["type"] == "choose_row"
            ):
                chooser = s.take_back.mover
                tap_game(s, {"shell": "take_back"})
                assert (s.phase, s.viewer, s.actor) == ("turn", None, chooser)
                assert s.state.legal_actions(chooser)[0]["type"] == "choose_row"
                assert hand_cards_in(screen_html(s), s) == [] and "handcards" not in screen_html(s)
                return
            if s.phase == "curtain":
                tap_game(s, {"shell": "show"})
            elif s.phase == "turn":
                s.submit(s.actor, rng.choice(s.state.legal_actions(s.actor)))
            elif s.phase == "summary":
                tap_game(s, {"shell": "continue"})
            else:
                s.tick()
    raise AssertionError("no seed with a row choice that may be taken back")
