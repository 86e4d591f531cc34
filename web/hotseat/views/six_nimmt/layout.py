"""The 6 nimmt! table laid out: scores, the rows, the revealed picks, the hand (SN-2 … SN-6).

* Rows (SN-2, SN-4): every card shows its number and bullheads; each row its bullhead total; a
  full row (5 cards) is marked: the next card there takes it.
* Scores (SN-6): every player's bullheads (finished rounds + taken this round), who still has to
  pick, or who chooses a row.
* Hand (SN-3): only in a private view; a tap on a card picks it. A row to take is chosen on the
  public table at a phone people share (``ctx.viewer`` None, ``ctx.legal`` the chooser's rows).
* Reveal (SN-3, SN-4): during ``ctx.step`` the picks are shown lowest first and placed one by one.
"""

from __future__ import annotations

from pycore.games.six_nimmt import HAND_SIZE, ROW_LIMIT, PlayerCard, bullheads  # SN-1, SN-2

from ...i18n import ngettext
from ...markup import Markup, fragment, h
from ...widgets import button, hand_section, who
from ..base import ViewContext
from .cards import BULL, Goes, card_html
from .narration import event_messages, story_lines
from .reveal import TableAt, now, replay
from .scene import SixNimmtScene


def table_html(scene: SixNimmtScene) -> Markup:
    """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None)."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    step = ctx.step
    table = replay(obs, scene.events, step) if step is not None else now(obs)
    chooser = obs.get("chooser") if step is None else None
    choosing = step is None and any(a["type"] == "choose_row" for a in scene.legal)
    info = t("Round {r} · turn {turn} of {n}").format(r=obs["round"], turn=obs["turn"], n=HAND_SIZE)
    rounds = obs.get("rounds")
    if rounds:
        info += " · " + ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)
    else:
        info += " · " + t("game ends at {n}").format(n=obs["target_score"])
    parts: list[Markup | None] = [
        _scores_html(scene, table.taken),
        h("p", {"class": "info"}, info),
        _revealed_html(table.revealed, ctx, chooser, table.last is not None and table.last["type"] == "reveal"),
    ]
    if step is not None:
        parts.append(_event_line(table, ctx))
    if choosing and ctx.viewer is None and chooser is not None:  # chosen on the public table
        prompt = t("{name}, your card is lower than every row: tap the row you take.").format(name=ctx.names[chooser])
        parts.append(h("p", {"class": "prompt"}, prompt))
    elif choosing:
        parts.append(h("p", {"class": "prompt"}, t("Your card is lower than every row: choose a row to take.")))
    elif step is None and obs["phase"] == "choose_row" and chooser is not None:
        prompt = t("{name} chooses a row to take.").format(name=ctx.names[chooser])
        parts.append(h("p", {"class": "prompt"}, prompt))
    parts.append(_rows_html(table, ctx, choosing))
    if ctx.table_screen and step is None:
        parts.append(_story_html(scene))
    if ctx.viewer is not None:
        hidden = set()
        if step is not None:
            hidden = {p["card"] for e in scene.events if e["type"] == "reveal" for p in e["picks"]}
        parts.append(_hand_html(scene, hidden))
    return h("div", {"class": ["sn-table", "revealing" if step is not None else None]}, parts)


def _scores_html(scene: SixNimmtScene, extra_taken: list[int]) -> Markup:
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    chips = []
    phase = obs["phase"]
    for p, name in enumerate(ctx.names):
        this_round = obs["round_bullheads"][p] + extra_taken[p]
        total = obs["scores"][p] + this_round
        mark = None
        classes = ["chip"]
        if p == ctx.viewer:
            classes.append("me")
        if ctx.step is None and phase == "pick":
            if obs["picked"][p]:
                mark = h("span", {"class": "mark done", "title": t("has picked")}, "✓")
                classes.append("picked")
            else:
                classes.append("waiting")
        if ctx.step is None and phase == "choose_row" and obs["chooser"] == p:
            classes.append("waiting")
        delta = fragment(" ", h("span", {"class": "delta"}, f"+{this_round}")) if this_round else None
        label = ngettext("{name}: {total} bullhead", "{name}: {total} bullheads", total).format(name=name, total=total)
        chips.append(
            h(
                "li",
                {"class": classes, "aria-label": label, "data-flip": f"seat{p}"},
                who(name),
                h("span", {"class": "pts"}, BULL, h("b", None, str(total)), delta),
                mark,
            )
        )
    return h("ul", {"class": "scores", "aria-label": t("Bullheads taken")}, chips)


def _rows_html(table: TableAt, ctx: ViewContext, choosing: bool) -> Markup:
    t = ctx.t
    out = []
    for r, row in enumerate(table.rows):
        total = sum(bullheads(c) for c in row)
        cards = []
        for i in range(ROW_LIMIT):
            if i < len(row):
                cls = "new" if (table.new is not None and table.new == (r, row[i])) else ""
                cards.append(card_html(row[i], t, cls))
            else:
                cards.append(h("span", {"class": "slot"}))
        classes = ["row"]
        if len(row) >= ROW_LIMIT:
            classes.append("full")
        if table.took == r:
            classes.append("took")
        if choosing:
            classes.append("choosable")
        label = ngettext("Row {n}: {b} bullhead", "Row {n}: {b} bullheads", total).format(n=r + 1, b=total)
        body = (
            h("span", {"class": "rowtot", "aria-label": label}, BULL, h("b", None, str(total))),
            h("span", {"class": "rowcards"}, cards),
        )
        if choosing:
            out.append(button(body, {"row": r}, classes, data_flip_zone=f"row{r}"))
        else:
            out.append(h("div", {"class": classes, "data-flip-zone": f"row{r}"}, body))
    return h("section", {"class": "rows", "aria-label": t("Rows")}, out)


def _revealed_html(revealed: list[PlayerCard], ctx: ViewContext, chooser: int | None, just: bool) -> Markup | None:
    """The picks shown and not placed yet, lowest first, each over its player's name; ``just``:
    they were turned over on this step (each then grows into its own place, never flying in from
    its player's box across the lines above, js/motion.mjs; style.css ``.card.in``)."""
    if not revealed:
        return None
    t = ctx.t
    items = [
        h(
            "li",
            {"class": "chooser" if pick["player"] == chooser else None},
            card_html(pick["card"], t, "small in" if just else "small"),
            who(ctx.names[pick["player"]]),
        )
        for pick in revealed
    ]
    return h(
        "section",
        {"class": "revealed", "aria-label": t("Cards to place, lowest first"), "data-flip-zone": "picks"},
        h("ul", None, items),
    )


def _event_line(table: TableAt, ctx: ViewContext) -> Markup | None:
    if table.last is None:
        return None
    for message in event_messages([table.last], ctx.names, ctx.t):
        return h("p", {"class": "event"}, message)
    return None


def _story_html(scene: SixNimmtScene) -> Markup | None:
    """On the table in the middle: the last turn told (the cards played, where each went, the rows
    taken: :func:`.narration.story_lines` of ``ctx.events``) or, after a pick, which says nothing,
    the rows taken so far this round (``ctx.round_events``). Public events only."""
    t, names = scene.t, scene.names
    lines = story_lines(scene.events, names, t)
    head = t("Last turn")
    if not lines:
        lines = story_lines(scene.round_events, names, t)
        head = t("This round")
    if not lines:
        return None
    return fragment(
        h("h2", {"class": "ts-story-head"}, head),
        h("ol", {"class": "ts-story", "aria-label": head}, [h("li", None, line) for line in lines[-6:]]),
    )


def _hand_html(scene: SixNimmtScene, hidden_cards: set[int]) -> Markup | None:
    ctx, t, mine = scene.ctx, scene.t, scene.mine
    hand = [c for c in (mine["hand"] if mine is not None else []) if c not in hidden_cards]
    my_pick = mine["my_pick"] if mine is not None else None
    if not hand and my_pick is None:
        return None
    legal_cards = {a["card"] for a in scene.legal if a["type"] == "pick"}
    pending_action = scene.pending
    pending = pending_action["card"] if pending_action and pending_action["type"] == "pick" else None
    cards = []
    picking = ctx.step is None and pending is None and bool(legal_cards)
    for c in hand:
        if picking and c in legal_cards:
            # where the card goes if it were placed now (the public rows and this card only)
            cards.append(card_html(c, t, "big", {"pick": c}, Goes.on(scene.obs["rows"], c)))
        else:
            cls = "big chosen" if c == pending else ("big dim" if pending is not None else "big")
            cards.append(card_html(c, t, cls))
    title = t("Your hand")
    heading: Markup | str = title
    if picking:
        heading = fragment(h("span", None, title), " ", h("small", None, t("→ the row it goes to now")))
    note = None
    if my_pick is not None and ctx.step is None:
        note = h("p", {"class": "note"}, t("You picked {card}; waiting for the others.").format(card=my_pick))
    return hand_section("hand", title, heading, cards, "handcards", note)
