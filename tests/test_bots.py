"""Bots: legal choices, blindness to hidden cards, easy's sense, hard's strength, the sliced API."""

from __future__ import annotations

import pytest

import pycore
from pycore.bots import BOT_GAMES, LEVELS, Search, bot_module, choose_action
from pycore.games.six_nimmt import row_for
from pycore.rng import Rng
from pycore.tournament import main as tournament_main
from pycore.tournament import play_game, run

# player counts tried per game: the smallest, a middle one and the largest
PLAYER_COUNTS = {"six_nimmt": (2, 4, 10), "bad_bunnies": (2, 3, 6), "dog": (2, 3, 4)}


def random_states(game_id: str, count: int, seed: int):
    """``count`` states from random legal play (several player counts), with a seat to act."""
    game = pycore.load_game(game_id)
    rng = Rng(seed)
    out = []
    for i in range(count):
        n = PLAYER_COUNTS[game_id][i % 3]
        state = game.new_initial_state(n, seed * 1000 + i)
        for _ in range(rng.randbelow(120)):
            if state.is_terminal():
                break
            p = rng.choice(state.current_players())
            legal = [a for a in state.legal_actions(p) if a["type"] != "undo"]
            state.apply_action(p, rng.choice(legal))
        if not state.is_terminal():
            out.append(state)
    return out


def ask(game, state, p, level, seed, iterations=3):
    return choose_action(game, state.observation(p), state.legal_actions(p), Rng(seed), time_budget=None, level=level, iterations=iterations)


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_every_level_returns_a_legal_action(game_id):
    game = pycore.load_game(game_id)
    for k, state in enumerate(random_states(game_id, 18, 11)):
        for p in state.current_players():
            legal = state.legal_actions(p)
            for level in LEVELS:
                action = ask(game, state, p, level, 100 + k)
                assert action in legal, (level, action)
            # the action applies without error
            state.clone().apply_action(p, ask(game, state, p, "hard", k))


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_choice_unchanged_when_hidden_cards_are_redealt(game_id):
    game = pycore.load_game(game_id)
    for k, state in enumerate(random_states(game_id, 12, 23)):
        for p in state.current_players():
            redealt = game.sample_hidden(state, p, Rng(999 + k))
            assert redealt.observation(p) == state.observation(p)
            for level in LEVELS:
                assert ask(game, state, p, level, 7 + k) == ask(game, redealt, p, level, 7 + k), level


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_determinize_gives_a_valid_world_that_looks_the_same(game_id):
    game = pycore.load_game(game_id)
    module = bot_module(game_id)
    for k, state in enumerate(random_states(game_id, 15, 5)):
        for p in state.current_players():
            obs = state.observation(p)
            world = module.determinize(game, obs, Rng(k))
            world.check_invariants()
            assert world.observation(p) == obs


def test_bot_module_refuses_games_without_bots():
    with pytest.raises(ValueError, match="no bots"):
        bot_module("bunny_moose")
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        Search(game, state.observation(0), state.legal_actions(0), Rng(1), level="expert")
    with pytest.raises(ValueError, match="time_budget or an iterations"):
        Search(game, state.observation(0), state.legal_actions(0), Rng(1), level="hard", time_budget=None)


# ---- easy never throws away a winning move ---------------------------------------------------


def test_easy_six_nimmt_takes_the_cheapest_row():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(3, 4)
    # make a row choice due: rows ending high, one cheap row (SN-5)
    state.rows = [[55, 60], [61], [66, 70, 77], [80, 90]]  # bullheads 10, 1, 11, 4
    used = {c for r in state.rows for c in r}
    state.deck = [c for c in range(1, 105) if c not in used and c not in (2, 3, 4) and all(c not in h for h in state.hands)]
    for p in range(3):
        state.hands[p] = [c for c in state.hands[p] if c not in used]
    # put low cards in the hands so player 0 plays 2 and must choose
    state.hands = [[2] + [c for c in state.hands[0] if c > 4][:9], [3] + [c for c in state.hands[1] if c > 4][:9], [4] + [c for c in state.hands[2] if c > 4][:9]]
    for p, card in enumerate((2, 3, 4)):
        state.apply_action(p, {"type": "pick", "card": card})
    assert state.phase == "choose_row" and state.chooser == 0
    for seed in range(40):
        assert ask(game, state, 0, "easy", seed) == {"type": "choose_row", "row": 1}


def test_easy_bad_bunnies_lays_its_last_card():
    from pycore.games.bad_bunnies import may_follow

    game = pycore.load_game("bad_bunnies")
    state = game.new_initial_state(3, 2)
    state.apply_action(0, next(a for a in state.legal_actions(0) if a.get("announce")))
    p = state.turn
    # leave player p one plain card that fits (BB-3; not a joker, BB-6): laying it wins (BB-5 b)
    fitting = next(n for n in range(2, 14) if n != 7 and n != state.pile[-1] and may_follow(n, state.pile[-1], state.announce, state.double) and n in state.draw)
    state.draw.extend(state.hands[p])
    state.draw.remove(fitting)
    state.hands[p] = [fitting]
    state.check_invariants()
    win = {"type": "play", "card": fitting}
    assert state.legal_actions(p) == [win, {"type": "pass"}]
    for seed in range(40):
        assert ask(game, state, p, "easy", seed) == win


def test_easy_dog_enters_the_last_figure():
    game = pycore.load_game("dog")
    state = game.new_initial_state(4, 3)
    for p in range(4):  # everybody gives a card: phase "play"
        state.apply_action(p, state.legal_actions(p)[0])
    # team 0+2: player 0 all home, player 2 three home (deep) and one 2 fields before its start field
    pos = [64, 65, 66, 67, -1, -1, -1, -1, 30, 73, 74, 75, -1, -1, -1, -1]
    state._set_positions(pos)
    state.turn = 2
    # player 2 holds a 3 (30 -> goal field 72 wins, DOG-6, DOG-10) among other cards
    hand = state.hands[2]
    state.deck.extend(hand)
    state.hands[2] = []
    for card in ("3", "8", "12"):
        state.deck.remove(card)
        state.hands[2].append(card)
    state.check_invariants()
    legal = state.legal_actions(2)
    win = {"type": "play", "card": "3", "figure": 8, "to": 72}
    assert win in legal and len(legal) >= 3
    for seed in range(30):
        assert ask(game, state, 2, "easy", seed) == win


# ---- hard's strength, reproducibility, slicing -----------------------------------------------


def test_hard_beats_random_six_nimmt():
    seats = ["hard", "random", "random", "random"]
    res = run("six_nimmt", seats, 30, 5, {"rounds": 1}, iterations=8)
    mean = [sum(s[p] for s in res["scores"]) / 30 for p in range(4)]
    # seeded result (30 one-round games): hard 6.6 bullheads a round, the random seats 13.7-16.4
    assert mean[0] < 0.6 * (sum(mean[1:]) / 3) and mean[0] < min(mean[1:]), mean


def test_hard_beats_random_bad_bunnies():
    seats = ["random", "hard", "random"]
    res = run("bad_bunnies", seats, 8, 3, {"target_score": 25, "random_starter": True}, iterations=6)
    wins = [sum(w[p] for w in res["wins"]) for p in range(3)]
    assert wins[1] >= 7, wins


def test_hard_team_beats_random_team_dog():
    seats = ["hard", "random", "hard", "random"]
    res = run("dog", seats, 3, 2, None, iterations=3)
    assert [w[0] for w in res["wins"]] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_sliced_search_gives_the_blocking_answer(game_id):
    game = pycore.load_game(game_id)
    state = random_states(game_id, 3, 41)[-1]
    p = state.current_players()[0]
    obs, legal = state.observation(p), state.legal_actions(p)
    blocking = Search(game, obs, legal, Rng(5), "hard", time_budget=None, iterations=6).run()
    search = Search(game, obs, legal, Rng(5), "hard", time_budget=None, iterations=6)
    steps = 0
    action = None
    while action is None:
        action = search.step(0.01)
        steps += 1
    assert action == blocking
    assert search.step(10) == blocking and search.done
    if len(legal) > 1:
        assert steps > 1  # tiny slices really slice


def test_hard_respects_its_time_budget():
    game = pycore.load_game("six_nimmt")
    state = game.new_initial_state(4, 8)
    search = Search(game, state.observation(0), state.legal_actions(0), Rng(1), "hard", time_budget=0.05)
    search.run()
    assert search.worlds >= 1
    assert search.elapsed < 0.05 + 0.25  # at most one world (10 playouts) past the budget


def test_row_lookup_agrees_with_the_engine():
    from pycore.bots.six_nimmt import row_lookup
    from bisect import bisect_left

    rng = Rng(3)
    for _ in range(200):
        cards = list(range(1, 105))
        rng.shuffle(cards)
        rows = [sorted(cards[i * 3 : i * 3 + 1 + rng.randbelow(3)]) for i in range(4)]
        lasts, index = row_lookup(rows)
        on_table = {c for r in rows for c in r}
        for c in range(1, 105):
            if c in on_table:
                continue
            k = bisect_left(lasts, c)
            assert (index[k - 1] if k else None) == row_for(rows, c)


def test_bot_games_always_end_and_tournament_prints(capsys):
    for game_id, seats in (("six_nimmt", ["normal", "easy", "random"]), ("bad_bunnies", ["easy", "normal"]), ("dog", ["easy", "normal", "easy", "normal"])):
        scores, winners, actions = play_game(game_id, seats, 17)
        assert winners and actions < pycore.load_game(game_id).max_game_length
    assert tournament_main(["six_nimmt", "--seats", "normal,random,random", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 normal" in out and "win share" in out and "decision time normal" in out
