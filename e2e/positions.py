"""Game positions for the browser tests, as the app stores them: engine state texts and session
saves built through the public save format.

A module of its own, not ``conftest``: CPython tests under ``tests/web`` import e2e test modules
(``test_long_names`` among them), and there ``conftest`` is ``tests/conftest.py``.
"""

from __future__ import annotations

import json

import pycore
from pycore.games.dog import full_deck


def dog_play_state(figures: list[list[int]], hands: list[list[str]], round_no: int, deal_order: bool = False) -> str:
    """The state text (``hotseat-state``) of four at Dog from seed 77 in the play phase of round
    ``round_no``: seat 0 on turn, seat 3 the dealer, no gifts, no one out, no seven under way;
    ``figures``: the fields of each seat's four figures (-1: in its kennel); ``hands``: each seat's
    cards. The draw pile holds every other card, in :func:`pycore.games.dog.full_deck`'s order or,
    with ``deal_order``, in the order the seed-77 game dealt them (its pile, then the hands).

    Raises:
        ValueError: a card of ``hands`` not in the deck, or a position the engine refuses.
    """
    game = pycore.load_game("dog")
    data = json.loads(game.new_initial_state(4, seed=77).to_json())["state"]
    deck = (
        data["deck"] + [card for hand in data["hands"] for card in hand] + data["discard"]
        if deal_order
        else full_deck()
    )
    for hand in hands:
        for card in hand:
            deck.remove(card)
    data.update(
        figures=figures,
        hands=hands,
        deck=deck,
        discard=[],
        phase="play",
        turn=0,
        gifts=[None] * 4,
        received=[None] * 4,
        out=[False] * 4,
        drawn=False,
        seven=None,
        winners=[],
        round=round_no,
        dealer=3,
    )
    text = json.dumps({"format": "hotseat-state", "game": "dog", "version": 1, "state": data})
    game.state_from_json(text)  # the engine accepts it
    return text


def saved_session(game_id: str, state_text: str, names: list[str], seed: int = 77) -> str:
    """A session save (``hotseat-session``, as the app keeps a game in progress under
    ``hotseat.save``) of ``game_id`` at ``state_text`` (its engine's state text), every seat human
    and named by ``names``, no options, nothing pending."""
    return json.dumps(
        {
            "format": "hotseat-session",
            "version": 1,
            "game": game_id,
            "seed": seed,
            "options": {},
            "seats": [{"name": n, "kind": "human"} for n in names],
            "state": state_text,
            "summary_due": False,
            "events": [],
            "bot_rng": 1,
        }
    )
