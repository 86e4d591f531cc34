"""The 6 nimmt! round summary (SN-6): bullheads of the round and totals, and the cards taken.

The kept ``place`` events (``ctx.round_events``) come back from the save, so they are read as
plain mappings and checked field by field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pycore.games.six_nimmt import bullheads  # SN-1

from ...i18n import ngettext
from ...markup import Markup, fragment, h
from ...widgets import button, summary_row, summary_table
from .cards import card_html
from .scene import SixNimmtScene


def taken_this_round(round_events: Sequence[Mapping[str, object]], n: int) -> list[list[int]]:
    """The cards each of ``n`` players took this round, in the order taken, from ``place`` events.

    >>> taken_this_round([{"type": "place", "player": 1, "taken": [3, 55]}], 2)
    [[], [3, 55]]
    """
    taken: list[list[int]] = [[] for _ in range(n)]
    for e in round_events:
        player, cards = e.get("player"), e.get("taken", [])
        if e.get("type") == "place" and isinstance(player, int) and 0 <= player < n and isinstance(cards, list):
            taken[player].extend(c for c in cards if isinstance(c, int))
    return taken


def round_summary_html(scene: SixNimmtScene) -> Markup:
    """Bullheads taken this round and the totals (SN-6); on request, under each player, the cards
    they took and from how many rows.

    Totals come from the ``round_end`` event; the cards from ``ctx.round_events`` (the ``place``
    events kept by the view's ``round_log``). "Show the cards taken" (shell tap
    ``{"shell": "details"}``, which toggles ``ctx.local["details"]``) opens them: with ten players
    the list is long, and the table stays short by default. The button is offered only when every
    player's cards add up to their bullheads of the round (a save from before the log existed
    lacks the early turns).
    """
    ctx, t = scene.ctx, scene.t
    end = next((e for e in scene.events if e["type"] == "round_end"), None)
    if end is None:
        return Markup()
    n = len(ctx.names)
    taken = taken_this_round(ctx.round_events, n)
    # complete when every player's cards add up to their bullheads of the round
    complete = all(sum(bullheads(c) for c in taken[p]) == end["bullheads"][p] for p in range(n))
    details = complete and bool(ctx.local.get("details"))
    lines = []
    order = sorted(range(n), key=lambda p: (end["scores"][p], p))
    for p in order:
        cards = taken[p]
        lines.append(
            summary_row(ctx.names[p], f"+{end['bullheads'][p]}", end["scores"][p], "who-row" if details else None)
        )
        if not details:
            continue
        if not cards:
            took = h("p", {"class": "note"}, t("took no cards"))
        else:
            rows = sum(1 for e in ctx.round_events if e.get("type") == "place" and e.get("player") == p)
            what = ngettext("took {k} card", "took {k} cards", len(cards)).format(k=len(cards))
            what += " " + ngettext("(from {r} row)", "(from {r} rows)", rows).format(r=rows)
            took = fragment(
                h("p", {"class": "note"}, what),
                h("div", {"class": "took-cards"}, [card_html(c, t, "small") for c in sorted(cards)]),
            )
        lines.append(h("tr", {"class": "took"}, h("td", {"colspan": 3}, took)))
    title = t("Round {n} scored").format(n=end["round"])
    toggle = None
    if complete and any(taken):
        label = t("Hide the cards") if details else t("Show the cards taken")
        expanded = "true" if details else "false"
        toggle = button(label, {"shell": "details"}, "secondary took-toggle", aria_expanded=expanded)
    return h(
        "section",
        {"class": "summary sn-summary"},
        h("h2", None, title),
        summary_table(t("This round"), t("Total"), lines),
        toggle,
        h("p", {"class": "note"}, t("Fewest bullheads wins.")),
    )
