"""Sound and vibration at the key moments of every game (hotseat.cues, the views' ``cue``): which
cue each engine event plays, one sound per screen of a paced reveal, "your turn" only for a person
at this phone whose turn begins, nothing again after a reload, and the same on a phone of its own.

:class:`Ear` does what ``hotseat.fx.play`` does with the markers of each drawn screen (a key is
played once; of a screen's new cues the strongest and "your turn": ``narration.choose``).
"""

from __future__ import annotations

import random
import re

import pytest
from test_net_controller import play_a_step, two_phones
from ui_helpers import MemoryStorage, first_legal_bot, tap_game

import pycore
from hotseat import cues, narration
from hotseat.controller import Controller
from hotseat.game_screen import GameScreen
from hotseat.seats import HUMAN
from hotseat.session import Phase, Session, load_view
from hotseat.views.base import standard_cue


def table_markers(s: Session):
    """The cue markers of the host's game screen (the one game screen's, with this table's cue)."""
    return GameScreen(s).cues(cues.table_cue(s))


MARKER_RE = re.compile(r'<i hidden data-cue="([^"]+)" data-fx-key="([^"]+)"></i>')
NAMES = ["Ann", "Ben", "Cat", "Dee"]


class Ear:
    """Hears the markers of each drawn screen as :func:`hotseat.fx.play` plays them."""

    def __init__(self) -> None:
        self.keys: set[str] = set()

    def hear(self, markup: str) -> list[str]:
        new = []
        for name, key in MARKER_RE.findall(markup):
            assert name in narration.CUES, name
            if key not in self.keys:
                self.keys.add(key)
                new.append(name)
        return [name for name, _delay in narration.choose(new)]


def seats(kinds: list[str]) -> list[dict]:
    return [{"name": NAMES[i], "kind": k} for i, k in enumerate(kinds)]


def acting_person(s: Session) -> int | None:
    """The person at this phone the screen turns to now (a curtain that is not a hidden hand, or
    their turn screen), else None."""
    if s.phase is Phase.CURTAIN and not s.curtain.hidden:
        seat = s.curtain.seat
    elif s.phase is Phase.TURN:
        seat = s.actor
    else:
        return None
    return seat if seat is not None and s.seats[seat]["kind"] == HUMAN else None


def play_out(s: Session, rng: random.Random, steps: int = 20_000):
    """Play ``s`` to its end as a table would (Show my cards, random legal moves, bots, reveals
    step by step, Next round), hearing every screen: yields what each screen played (``s`` is
    then on that screen)."""
    ear = Ear()
    for _ in range(steps):
        yield ear.hear(str(table_markers(s)))
        if s.phase is Phase.OVER:
            return
        if s.phase is Phase.CURTAIN:
            tap_game(s, {"shell": "show"})
        elif s.phase is Phase.TURN:
            s.apply(s.actor, rng.choice(s.state.legal_actions(s.actor)))
        elif s.phase is Phase.SUMMARY:
            tap_game(s, {"shell": "continue"})
        else:
            s.tick()
    raise AssertionError("the game did not end")


#: the cues each game's events must reach in a few random games, besides "win"/"over"
KEY_MOMENTS = {
    "six_nimmt": {"card", "take", "flip", "pick", "round", "deal"},
    "bad_bunnies": {"card", "pass", "pick", "round", "deal"},
    "dog": {"move", "start", "home", "goal", "swap", "pick", "deal", "pass"},
    "bunny_moose": {"flip", "bam", "pick", "round"},
}


@pytest.mark.parametrize("game_id", sorted(KEY_MOMENTS))
def test_each_game_declares_the_cues_of_its_key_moments(game_id):
    game = pycore.load_game(game_id)
    view = load_view(game_id)
    found = set()
    for seed in range(4 if game_id != "dog" else 2):
        state = game.new_initial_state(4, seed, game.resolve_options({}))
        rng = random.Random(seed)
        while not state.is_terminal():
            p = rng.choice(state.current_players())
            for event in state.apply_action(p, rng.choice(state.legal_actions(p))):
                name = view.cue(event, None)
                assert name is None or name in narration.CUES, (event, name)
                found.add(name)
                if event["type"] == "game_over":
                    winner, loser = event["winners"][0], next(q for q in range(4) if q not in event["winners"])
                    assert (view.cue(event, winner), view.cue(event, loser)) == ("win", "over")
    assert KEY_MOMENTS[game_id] | {"win"} <= found, KEY_MOMENTS[game_id] - found


def test_the_cues_every_game_shares():
    assert standard_cue({"type": "deal", "round": 2}, None) == "deal"
    assert standard_cue({"type": "round_end", "round": 1}, 3) == "round"
    assert standard_cue({"type": "game_over", "winners": [0, 2]}, 2) == "win"
    assert standard_cue({"type": "game_over", "winners": [0, 2]}, 1) == "over"
    assert standard_cue({"type": "game_over", "winners": [0, 2]}, None) == "win"  # the table's screen
    # a Dog round ends with a new deal, not with a winner
    assert load_view("dog").cue({"type": "round_end", "round": 1}, None) is None


def test_a_paced_reveal_sounds_each_step_once_and_a_curtain_calls_the_next_player():
    s = Session("six_nimmt", seats(["human"] * 3), 5)
    ear = Ear()
    assert ear.hear(str(table_markers(s))) == []  # the first curtain: no move made yet
    tap_game(s, {"shell": "show"})
    s.apply(0, s.state.legal_actions(0)[0])
    assert s.phase is Phase.CURTAIN and s.curtain.seat == 1
    assert ear.hear(str(table_markers(s))) == ["pick", "your_turn"]  # Ann picked; pass it to Ben
    tap_game(s, {"shell": "show"})
    assert ear.hear(str(table_markers(s))) == []  # Ben showed his cards: already called
    s.apply(1, s.state.legal_actions(1)[0])
    tap_game(s, {"shell": "show"})
    s.apply(2, s.state.legal_actions(2)[0])
    assert s.phase is Phase.REVEAL
    heard = [ear.hear(str(table_markers(s)))]  # step 0: the table before the cards are turned
    while s.phase is Phase.REVEAL:
        s.tick()
        heard.append(ear.hear(str(table_markers(s))))
    places = [e for e in s.events if e["type"] == "place"]
    during = [h for h in heard[:-1] if h]
    assert heard[0] == [] and during[0] == ["flip"]  # the cards turned (outranking Cat's pick)
    placed = [h for h in heard if "card" in h or "take" in h]
    assert len(placed) == len(places)  # one sound per card laid, each on its own step
    for h, e in zip(placed, places, strict=True):
        assert h[0] == ("take" if e["taken"] else "card")
    # after the reveal the next player is called: behind the curtain, or on the public table for
    # a row to take (SN-5); never with a hand on screen
    assert s.viewer is None and s.phase in (Phase.CURTAIN, Phase.TURN) and heard[-1][-1:] == ["your_turn"]


def test_a_reveal_skipped_to_its_end_is_one_sound_not_a_heap():
    view = load_view("six_nimmt")
    for seed in range(20):
        s = Session("six_nimmt", seats(["human"] + ["bot:easy"] * 3), seed, bot_hook=first_legal_bot)
        ear = Ear()
        s.apply(0, s.state.legal_actions(0)[-1])
        while s.phase is Phase.BOT:
            s.tick()
        assert s.phase is Phase.REVEAL
        ear.hear(str(table_markers(s)))
        tap_game(s, {"shell": "skip"})
        if s.phase is not Phase.TURN:  # a bot chooses a row first: another seed
            continue
        heard = ear.hear(str(table_markers(s)))
        names = [view.cue(e, 0) for e in s.events]
        assert names.count("card") + names.count("take") == 4
        strongest = "take" if "take" in names else "flip"
        assert heard == [strongest, "your_turn"]
        return
    raise AssertionError("every seed had a row choice")


@pytest.mark.parametrize(
    "game_id, kinds, seed",
    [
        ("six_nimmt", ["human", "bot:easy", "human", "bot:easy"], 2),
        ("bad_bunnies", ["bot:easy", "human", "bot:easy"], 4),
        ("dog", ["human", "bot:easy", "bot:easy", "bot:easy"], 1),
        ("bunny_moose", ["human", "human", "human"], 6),
    ],
)
def test_your_turn_sounds_once_when_a_persons_turn_begins_and_never_for_a_bot(game_id, kinds, seed):
    s = Session(game_id, seats(kinds), seed, bot_hook=first_legal_bot)
    called: set[int] = set()  # the moves after which the person to act was called
    turns = 0
    for heard in play_out(s, random.Random(seed)):
        person = acting_person(s)
        last = s.log.history[-1].player if s.log.history else None
        expected = person is not None and person != last and s.moves_applied > 0 and s.moves_applied not in called
        assert ("your_turn" in heard) is expected, (s.phase, person, last, heard)
        if expected:
            called.add(s.moves_applied)
            turns += 1
        if s.phase in (Phase.BOT, Phase.REVEAL, Phase.SUMMARY, Phase.OVER):
            assert "your_turn" not in heard
    assert turns >= 5


def test_a_seven_goes_on_without_calling_its_player_again():
    # a Dog game with one person among bots until that person is in the middle of a 7
    for seed in range(40):
        s = Session("dog", seats(["human", "bot:easy", "bot:easy", "bot:easy"]), seed, bot_hook=first_legal_bot)
        rng = random.Random(seed)
        for heard in play_out(s, rng, steps=3000):
            seven = s.state.observation(0).get("seven") is not None
            if s.phase is Phase.TURN and seven and s.log.history[-1].player == 0:
                assert "your_turn" not in heard  # a further step of the same 7
                return
    raise AssertionError("no 7 played in steps by the person")


def test_a_game_over_sounds_win_for_the_winner_and_over_for_the_others():
    for seed in range(30):
        table = seats(["human", "bot:easy", "bot:easy"])
        s = Session("bad_bunnies", table, seed, {"target_score": 12}, bot_hook=first_legal_bot)
        *_, heard = play_out(s, random.Random(seed))
        winners = s.state.public_observation()["winners"]
        assert heard[:1] == (["win"] if 0 in winners else ["over"])
        if 0 not in winners:
            break
    else:
        raise AssertionError("the person won every game")
    shared = Session("bad_bunnies", seats(["human"] * 3), 1, {"target_score": 12})
    *_, heard = play_out(shared, random.Random(1))
    assert heard[:1] == ["win"]  # the table's screen celebrates whoever won


def test_a_game_opened_from_its_save_sounds_nothing_until_the_next_move():
    storage = MemoryStorage()
    c = Controller(storage, bot_hook=None, seed_fn=lambda: 11)
    c.tap({"shell": "new", "game": "bad_bunnies"})
    c.tap({"shell": "start", "fields": {"name-0": "Ann", "name-1": "Ben"}})
    s = c.session
    rng = random.Random(2)
    while s.phase is not Phase.SUMMARY:  # to the end of the first round
        if s.phase is Phase.CURTAIN:
            tap_game(s, {"shell": "show"})
        s.apply(s.viewer, rng.choice(s.state.legal_actions(s.viewer)))
    assert "round" in Ear().hear(str(c.render()))  # the screen of the move just made carries its cues
    again = Controller(storage, bot_hook=None)
    again.tap({"shell": "resume", "game": "bad_bunnies"})
    assert again.session.phase is Phase.SUMMARY and again.session.events  # the last move's events, replayed
    assert MARKER_RE.search(str(again.render())) is None
    again.tap({"shell": "continue"})
    again.tap({"shell": "show"})
    t = again.session
    t.apply(t.viewer, t.state.legal_actions(t.viewer)[0])
    assert MARKER_RE.search(str(again.render()))


def test_hidden_cards_behind_the_curtain_call_nobody():
    s = Session("dog", seats(["human"] * 4), 3)
    ear = Ear()
    tap_game(s, {"shell": "show"})
    s.apply(s.viewer, s.state.legal_actions(s.viewer)[0])  # a card given: Ben's turn to give
    tap_game(s, {"shell": "show"})
    assert s.phase is Phase.TURN and s.viewer == 1
    s.curtain.hide_private_view()  # the phone is locked with Ben's cards on screen
    assert s.phase is Phase.CURTAIN and s.curtain.hidden
    assert "your_turn" not in Ear().hear(str(table_markers(s)))
    assert "your_turn" not in ear.hear(str(table_markers(s)))


def test_a_phone_at_another_phones_table_hears_its_turn_and_the_moves():
    air, host, _storage, ann, bob = two_phones(seed=3)
    ears = {id(c): Ear() for c in (host, ann, bob)}
    heard: dict[int, list[str]] = {id(c): [] for c in (host, ann, bob)}
    rng = random.Random(5)
    for _ in range(400):
        air.run(host, ann, bob)
        for c in (host, ann, bob):
            heard[id(c)] += ears[id(c)].hear(str(c.render()))
        if host.session.state.public_observation()["turn"] > 3:
            break
        play_a_step((host, ann, bob), rng)
    for c in (host, ann, bob):
        got = heard[id(c)]
        # every seat picks each turn: called for turns 2 and 3 at least (turn 1 began before any move)
        assert got.count("your_turn") >= 2, got
        assert {"flip", "pick"} & set(got) and ({"card", "take"} & set(got)), got


def test_a_move_taken_back_and_made_again_sounds_again():
    s = Session("six_nimmt", seats(["human"] * 3), 7)
    ear = Ear()
    tap_game(s, {"shell": "show"})
    me = s.viewer
    tap_game(s, {"pick": s.state.legal_actions(me)[0]["card"]})
    assert ear.hear(str(table_markers(s))) == ["pick", "your_turn"]
    tap_game(s, {"shell": "take_back"})  # "Undo my move": Ann's turn again, behind her curtain
    assert s.phase is Phase.CURTAIN and s.curtain.seat == me
    assert ear.hear(str(table_markers(s))) == []  # the one who tapped Undo is there: no call
    tap_game(s, {"shell": "show"})
    assert s.phase is Phase.TURN and s.viewer == me
    assert ear.hear(str(table_markers(s))) == []  # her own cards: no call
    tap_game(s, {"pick": s.state.legal_actions(me)[1]["card"]})
    assert ear.hear(str(table_markers(s))) == ["pick", "your_turn"]  # the new pick, Ben called again


def test_a_cue_key_holds_nothing_secret_and_tells_tables_apart():
    """A key is the table's number on this page, the moves made here and the event: never the
    seed (from which every deal follows), the same for a redraw, another for another table."""
    seed = 78_716_073_502_192
    keys = []
    for _table in range(2):
        s = Session("six_nimmt", seats(["human"] + ["bot:easy"] * 3), seed, bot_hook=first_legal_bot)
        s.apply(0, s.state.legal_actions(0)[0])
        while s.phase is Phase.BOT:
            s.tick()
        tap_game(s, {"shell": "skip"})  # the reveal at its end: every card laid is on screen
        markup = str(table_markers(s))
        assert markup == str(table_markers(s))  # a redraw: the same keys
        found = re.findall(r'data-fx-key="([^"]*)"', markup)
        assert found and str(seed) not in markup
        assert all(re.fullmatch(rf"m\d+-{s.moves_applied}-(\d+|turn)", k) for k in found), found
        keys.append(found[0].split("-")[0])
    assert keys[0] != keys[1]
