"""The table part way through the paced reveal (SN-3, SN-4): what the first ``step`` events did."""

from __future__ import annotations

from dataclasses import dataclass

from pycore.games.six_nimmt import Event, PlayerCard, PublicObservation


@dataclass(frozen=True)
class TableAt:
    """The rows and picks as they stand after some events.

    Attributes:
        rows: the four rows' cards.
        revealed: picks shown and not placed yet, lowest first.
        taken: bullheads each player took in these events.
        new: ``(row, card)`` placed last, or ``None``.
        took: the row taken last (by the last placement), or ``None``.
        last: the last event shown, or ``None``.
    """

    rows: list[list[int]]
    revealed: list[PlayerCard]
    taken: list[int]
    new: tuple[int, int] | None = None
    took: int | None = None
    last: Event | None = None


def now(obs: PublicObservation) -> TableAt:
    """The table as ``obs`` shows it, with nothing being revealed."""
    return TableAt(rows=obs["rows"], revealed=obs.get("revealed", []), taken=[0] * obs["num_players"])


def replay(obs: PublicObservation, events: list[Event], step: int) -> TableAt:
    """The table after the first ``step`` of ``events``, starting from ``obs`` (taken before them)."""
    rows = [list(r) for r in obs["rows"]]
    revealed = [PlayerCard(player=p["player"], card=p["card"]) for p in obs.get("revealed", [])]
    taken = [0] * obs["num_players"]
    new = None
    took = None
    last = None
    for event in events[:step]:
        last = event
        if event["type"] == "reveal":
            revealed = [PlayerCard(player=p["player"], card=p["card"]) for p in event["picks"]]
        elif event["type"] == "place":
            revealed = [p for p in revealed if p["card"] != event["card"]]
            if event["taken"]:
                rows[event["row"]] = [event["card"]]
                took = event["row"]
            else:
                rows[event["row"]].append(event["card"])
                took = None
            taken[event["player"]] += event["bullheads"]
            new = (event["row"], event["card"])
    return TableAt(rows=rows, revealed=revealed, taken=taken, new=new, took=took, last=last)
