"""The 6 nimmt! table: four rows, every score, the hand after the curtain, the paced reveal.

Built only from observations of ``pycore.games.six_nimmt`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`.

* Rows (SN-2, SN-4): every card shows its number and its bullheads, coloured by bullhead value
  like the printed cards (1 plain, 2 blue, 3 orange, 5 red, 7 purple); each row shows its
  bullhead total, and a full row (5 cards) is marked: the next card there takes it.
* Scores (SN-6): every player's bullheads (finished rounds + taken this round) always visible;
  who still has to pick, or who chooses a row, is marked.
* Hand (SN-3): only in a private view; tapping a card picks it (the shell keeps it pending with
  Undo/Confirm).
* Reveal (SN-3, SN-4): during ``ctx.step`` the picks are shown lowest first and placed one by
  one from the events; a taken row is announced with its bullheads.
* Row choice (SN-5): the chooser taps a row (each shows its bullhead total). When people share
  the phone that tap is the move's last one and the bar asks "Take row N?" (Undo / Confirm);
  alone among bots or on an own phone the row is only chosen and "Take row N (B bullheads)" takes it.
"""

from __future__ import annotations

from pycore.games.six_nimmt import HAND_SIZE, ROW_LIMIT, bullheads  # the printed cards (SN-1, SN-2)

from ..i18n import format_list, ngettext
from ..markup import Markup, fragment, h, trusted
from .base import BaseView, ViewContext

# A small bull's head (horns, face), drawn inline so nothing is fetched.
_BULL = trusted(
    '<svg class="bh" viewBox="0 0 20 16" aria-hidden="true" focusable="false">'
    '<path d="M1 1.5Q3 6 6.5 6.3L13.5 6.3Q17 6 19 1.5Q18.5 7.5 14.6 8.6L14.2 11.5Q13.8 15.2 10 15.2'
    'Q6.2 15.2 5.8 11.5L5.4 8.6Q1.5 7.5 1 1.5Z"/></svg>'
)


def card_html(card: int, t, extra_class: str = "", tap: dict | None = None) -> Markup:
    """One card: its number, and its bullheads as heads; a ``<button>`` when ``tap`` is given."""
    heads = bullheads(card)
    label = ngettext("{card}, {n} bullhead", "{card}, {n} bullheads", heads).format(card=card, n=heads)
    inner = (h("span", {"class": "heads"}, [_BULL] * heads), h("span", {"class": "num"}, str(card)))
    classes = ["card", f"bh{heads}", "n3" if card >= 100 else None, extra_class]
    if tap is not None:
        return h("button", {"type": "button", "class": classes, "aria-label": label, "data-tap": tap}, inner)
    return h("span", {"class": classes, "role": "img", "aria-label": label}, inner)


def _replay(obs: dict, events: list[dict], step: int) -> dict:
    """The table after the first ``step`` events, starting from ``obs`` (taken before them).

    Returns ``rows``, ``revealed`` (picks not placed yet), ``taken`` (bullheads per player taken
    in these events), ``new`` ((row, card) placed last), ``took`` (the row taken last, or None),
    ``last`` (the last event shown, or None).
    """
    n = obs["num_players"]
    rows = [list(r) for r in obs["rows"]]
    revealed = [dict(p) for p in obs.get("revealed", [])]
    taken = [0] * n
    new = None
    took = None
    last = None
    for event in events[:step]:
        kind = event.get("type")
        last = event
        if kind == "reveal":
            revealed = [dict(p) for p in event["picks"]]
        elif kind == "place":
            revealed = [p for p in revealed if p["card"] != event["card"]]
            if event["taken"]:
                rows[event["row"]] = [event["card"]]
                took = event["row"]
            else:
                rows[event["row"]].append(event["card"])
                took = None
            taken[event["player"]] += event["bullheads"]
            new = (event["row"], event["card"])
    return {"rows": rows, "revealed": revealed, "taken": taken, "new": new, "took": took, "last": last}


# ---- the table ------------------------------------------------------------------------------


def _scores_html(obs: dict, ctx: ViewContext, extra_taken: list[int]) -> Markup:
    t = ctx.t
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
                {"class": classes, "aria-label": label},
                h("span", {"class": "who"}, name),
                h("span", {"class": "pts"}, _BULL, h("b", None, str(total)), delta),
                mark,
            )
        )
    return h("ul", {"class": "scores", "aria-label": t("Bullheads taken")}, chips)


def _rows_html(obs: dict, ctx: ViewContext, rows: list[list[int]], new, took, choosing: bool) -> Markup:
    t = ctx.t
    picked_row = ctx.local.get("row")
    out = []
    for r, row in enumerate(rows):
        total = sum(bullheads(c) for c in row)
        cards = []
        for i in range(ROW_LIMIT):
            if i < len(row):
                cls = "new" if (new is not None and new == (r, row[i])) else ""
                cards.append(card_html(row[i], t, cls))
            else:
                cards.append(h("span", {"class": "slot"}))
        classes = ["row"]
        if len(row) >= ROW_LIMIT:
            classes.append("full")
        if took == r:
            classes.append("took")
        if choosing:
            classes.append("choosable")
            if picked_row == r:
                classes.append("chosen")
        label = ngettext("Row {n}: {b} bullhead", "Row {n}: {b} bullheads", total).format(n=r + 1, b=total)
        body = (
            h("span", {"class": "rowtot", "aria-label": label}, _BULL, h("b", None, str(total))),
            h("span", {"class": "rowcards"}, cards),
        )
        if choosing:
            out.append(h("button", {"type": "button", "class": classes, "data-tap": {"row": r}}, body))
        else:
            out.append(h("div", {"class": classes}, body))
    return h("section", {"class": "rows", "aria-label": t("Rows")}, out)


def _revealed_html(revealed: list[dict], ctx: ViewContext, chooser: int | None) -> Markup | None:
    if not revealed:
        return None
    t = ctx.t
    items = [
        h(
            "li",
            {"class": "chooser" if pick["player"] == chooser else None},
            card_html(pick["card"], t, "small"),
            h("span", {"class": "who"}, ctx.names[pick["player"]]),
        )
        for pick in revealed
    ]
    return h("section", {"class": "revealed", "aria-label": t("Cards to place, lowest first")}, h("ul", None, items))


def _event_line(last: dict | None, ctx: ViewContext) -> Markup | None:
    if last is None:
        return None
    for message in event_messages([last], ctx.names, ctx.t):
        return h("p", {"class": "event"}, message)
    return None


def _hand_html(obs: dict, ctx: ViewContext, hidden_cards: set[int]) -> Markup | None:
    t = ctx.t
    hand = [c for c in obs.get("hand", []) if c not in hidden_cards]
    if not hand and obs.get("my_pick") is None:
        return None
    legal_cards = {a["card"] for a in ctx.legal if a.get("type") == "pick"}
    pending = ctx.pending.get("card") if ctx.pending and ctx.pending.get("type") == "pick" else None
    cards = []
    for c in hand:
        if ctx.step is None and c in legal_cards and pending is None:
            cards.append(card_html(c, t, "big", {"pick": c}))
        else:
            cls = "big chosen" if c == pending else ("big dim" if pending is not None else "big")
            cards.append(card_html(c, t, cls))
    title = t("Your hand")
    note = None
    if obs.get("my_pick") is not None and ctx.step is None:
        note = h("p", {"class": "note"}, t("You picked {card}; waiting for the others.").format(card=obs["my_pick"]))
    return h(
        "section",
        {"class": "hand", "aria-label": title},
        h("h2", None, title),
        note,
        h("div", {"class": "handcards"}, cards),
    )


def taken_this_round(round_events: list[dict], n: int) -> list[list[int]]:
    """The cards each of ``n`` players took this round, in the order taken, from ``place`` events.

    >>> taken_this_round([{"type": "place", "player": 1, "taken": [3, 55]}], 2)
    [[], [3, 55]]
    """
    taken: list[list[int]] = [[] for _ in range(n)]
    for e in round_events:
        if e.get("type") == "place" and isinstance(e.get("player"), int) and 0 <= e["player"] < n:
            taken[e["player"]].extend(c for c in e.get("taken", []) if isinstance(c, int))
    return taken


def event_messages(events: list[dict], names: list[str], t) -> list[str]:
    """Short feedback lines for events worth announcing."""
    out = []
    for e in events:
        kind = e.get("type")
        if kind == "reveal":
            out.append(t("All cards are revealed."))
        elif kind == "row_choice":
            out.append(
                t("{name}'s {card} is lower than every row: {name} chooses a row.").format(
                    name=names[e["player"]], card=e["card"]
                )
            )
        elif kind == "place" and e.get("taken"):
            out.append(
                ngettext(
                    "{name} takes row {n}: {b} bullhead.", "{name} takes row {n}: {b} bullheads.", e["bullheads"]
                ).format(name=names[e["player"]], n=e["row"] + 1, b=e["bullheads"])
            )
        elif kind == "place":
            out.append(
                t("{name}'s {card} goes to row {n}.").format(name=names[e["player"]], card=e["card"], n=e["row"] + 1)
            )
    return out


class SixNimmtView(BaseView):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`)."""

    def render(self, obs: dict, ctx: ViewContext) -> Markup:
        """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None)."""
        t = ctx.t
        step = ctx.step
        if step is not None:
            table = _replay(obs, ctx.events, step)
        else:
            table = {
                "rows": obs["rows"],
                "revealed": obs.get("revealed", []),
                "taken": [0] * obs["num_players"],
                "new": None,
                "took": None,
                "last": None,
            }
        chooser = obs.get("chooser") if step is None else None
        choosing = step is None and any(a.get("type") == "choose_row" for a in ctx.legal)
        info = t("Round {r} · turn {turn} of {n}").format(r=obs["round"], turn=obs["turn"], n=HAND_SIZE)
        if obs.get("rounds"):
            info += " · " + ngettext("{n} round", "{n} rounds", obs["rounds"]).format(n=obs["rounds"])
        else:
            info += " · " + t("game ends at {n}").format(n=obs["target_score"])
        parts: list[Markup | None] = [
            _scores_html(obs, ctx, table["taken"]),
            h("p", {"class": "info"}, info),
            _revealed_html(table["revealed"], ctx, chooser),
        ]
        if step is not None:
            parts.append(_event_line(table["last"], ctx))
        if choosing:
            parts.append(h("p", {"class": "prompt"}, t("Your card is lower than every row: choose a row to take.")))
        elif step is None and obs["phase"] == "choose_row" and chooser is not None:
            prompt = t("{name} chooses a row to take.").format(name=ctx.names[chooser])
            parts.append(h("p", {"class": "prompt"}, prompt))
        parts.append(_rows_html(obs, ctx, table["rows"], table["new"], table["took"], choosing))
        if ctx.viewer is not None:
            hidden = set()
            if step is not None:
                hidden = {p["card"] for e in ctx.events if e.get("type") == "reveal" for p in e["picks"]}
            parts.append(_hand_html(obs, ctx, hidden))
        return h("div", {"class": ["sn-table", "revealing" if step is not None else None]}, parts)

    def on_tap(self, obs: dict, ctx: ViewContext, tap: dict) -> dict | None:
        """``{"pick": c}`` → the pick of card c (SN-3); ``{"row": r}`` → taking row r (SN-5): each
        is the move's named tap."""
        if "pick" in tap:
            return {"type": "pick", "card": tap["pick"]}
        if "row" in tap:
            return {"type": "choose_row", "row": tap["row"]}
        return None

    def status_line(self, obs: dict, ctx: ViewContext) -> str:
        """Whose turn it is / what is happening, for the header."""
        t = ctx.t
        if ctx.step is not None:
            return t("Revealing, lowest first…")
        phase = obs["phase"]
        if phase == "game_over":
            return t("Game over")
        if phase == "choose_row":
            name = ctx.names[obs["chooser"]]
            if ctx.viewer == obs["chooser"]:
                return t("{name}, choose a row to take").format(name=name)
            return t("{name} chooses a row").format(name=name)
        if ctx.viewer is not None and ctx.viewer in ctx.acting:
            if ctx.pending:
                return t("Confirm your card, {name}").format(name=ctx.names[ctx.viewer])
            return t("{name}, pick a card").format(name=ctx.names[ctx.viewer])
        waiting = [ctx.names[p] for p in ctx.acting]
        if not waiting:
            return ""
        return t("Waiting for {names}").format(names=format_list(waiting))

    def rules_html(self, t) -> Markup:
        """A short rules summary in the project's own words (fallback for rules/six_nimmt.html)."""
        items = [
            t("Everyone gets 10 cards; four rows start with one card each. A row holds at most five cards."),
            t(
                "Each turn, everyone picks one card in secret. "
                "Then all picks are shown and placed one by one, lowest first."
            ),
            t("A card goes to the row whose last card is the highest one below it."),
            t("If that row already has five cards, you take those five and your card starts the row."),
            t(
                "If your card is lower than every row's last card, "
                "you choose any row, take it, and your card starts it."
            ),
            t("Every card you take costs its bullheads. After 10 turns the round is scored."),
            t(
                "The game ends after the round in which someone reaches the target (66 unless changed). "
                "Fewest bullheads wins; ties share the win."
            ),
        ]
        return fragment(h("h2", None, t("6 nimmt!")), h("ol", None, [h("li", None, x) for x in items]))

    #: bullheads: fewer is better (SN-6)
    lower_score_wins = True

    def final_score(self, obs: dict, seat: int) -> int | None:
        """The bullheads ``seat`` took in the whole game."""
        return obs["scores"][seat]

    def confirm_label(self, action: dict, t) -> str:
        """The question on the Undo/Confirm bar for a pending pick."""
        if action.get("type") == "pick":
            return t("Play {card}?").format(card=action["card"])
        if action.get("type") == "choose_row":
            return t("Take row {n}?").format(n=action["row"] + 1)
        return t("Confirm your choice?")

    def pace_ms(self, event: dict) -> int:
        """How long each event stays on screen during the reveal (0 = passes at once)."""
        kind = event.get("type")
        if kind == "reveal":
            return 1400
        if kind == "place":
            return 1500 if event.get("taken") else 850
        if kind == "row_choice":
            return 900
        return 0

    def ends_round(self, events: list[dict]) -> bool:
        """True when the events scored a round (SN-6): the shell then shows the round summary."""
        return any(e.get("type") == "round_end" for e in events)

    def round_log(self, event: dict) -> bool:
        """Keep every taken row of the round (``place`` events with cards taken, SN-4/SN-5) for the
        round summary: the ``round_end`` event has only the bullhead totals."""
        return event.get("type") == "place" and bool(event.get("taken"))

    def round_summary_html(self, obs: dict, ctx: ViewContext) -> Markup:
        """Bullheads taken this round and the totals (SN-6); on request, under each player, the cards
        they took and from how many rows.

        Totals come from the ``round_end`` event; the cards from ``ctx.round_events`` (the ``place``
        events kept by :func:`round_log`). "Show the cards taken" (shell tap
        ``{"shell": "details"}``, which toggles ``ctx.local["details"]``) opens them: with ten players
        the list is long, and the table stays short by default. The button is offered only when every
        player's cards add up to their bullheads of the round (a save from before the log existed
        lacks the early turns).
        """
        t = ctx.t
        end = next((e for e in ctx.events if e.get("type") == "round_end"), None)
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
                h(
                    "tr",
                    {"class": "who-row" if details else None},
                    h("th", {"scope": "row"}, ctx.names[p]),
                    h("td", None, f"+{end['bullheads'][p]}"),
                    h("td", None, h("b", None, str(end["scores"][p]))),
                )
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
            toggle = h(
                "button",
                {
                    "type": "button",
                    "class": "secondary took-toggle",
                    "aria-expanded": "true" if details else "false",
                    "data-tap": {"shell": "details"},
                },
                label,
            )
        head = h("tr", None, h("th"), h("th", {"scope": "col"}, t("This round")), h("th", {"scope": "col"}, t("Total")))
        return h(
            "section",
            {"class": "summary sn-summary"},
            h("h2", None, title),
            h("table", None, h("thead", None, head), h("tbody", None, lines)),
            toggle,
            h("p", {"class": "note"}, t("Fewest bullheads wins.")),
        )

    def story_lines(self, events: list[dict], player: int, ctx: ViewContext, table: dict) -> list[str]:
        """Who played which card (the reveal, SN-3: a pick alone says nothing), where each card went,
        who took which row and its cards (SN-4, SN-5), each round's bullheads (SN-6), the winners."""
        t = ctx.t
        names = ctx.names
        out: list[str] = []
        for e in events:
            kind = e.get("type")
            if kind == "reveal":
                plays = format_list(
                    t("{name} {card}").format(name=names[pick["player"]], card=pick["card"]) for pick in e["picks"]
                )
                out.append(t("Cards played: {plays}.").format(plays=plays))
            elif kind == "row_choice":
                out.append(
                    t("{name}'s {card} is lower than every row: {name} chooses a row.").format(
                        name=names[e["player"]], card=e["card"]
                    )
                )
            elif kind == "place" and e.get("taken"):
                out.append(
                    ngettext(
                        "{name}'s {card} takes row {n} ({cards}): {b} bullhead.",
                        "{name}'s {card} takes row {n} ({cards}): {b} bullheads.",
                        e["bullheads"],
                    ).format(
                        name=names[e["player"]],
                        card=e["card"],
                        n=e["row"] + 1,
                        cards=format_list(str(c) for c in e["taken"]),
                        b=e["bullheads"],
                    )
                )
            elif kind == "place":
                out.append(
                    t("{name}'s {card} goes to row {n}.").format(
                        name=names[e["player"]], card=e["card"], n=e["row"] + 1
                    )
                )
            elif kind == "round_end":
                line = t("{name} +{b} → {total}")
                scores = format_list(
                    line.format(name=name, b=e["bullheads"][p], total=e["scores"][p]) for p, name in enumerate(names)
                )
                out.append(t("Round {n} scored: {scores}.").format(n=e["round"], scores=scores))
            elif kind == "game_over":
                winners = format_list(names[p] for p in e["winners"])
                out.append((t("{names} wins!") if len(e["winners"]) == 1 else t("{names} win!")).format(names=winners))
        return out

    def scoreboard(self, obs: dict, ctx: ViewContext) -> list[str]:
        """One score text per seat for the shell's shared screens (game over)."""
        out = []
        for p in range(len(ctx.names)):
            total = obs["scores"][p] + obs["round_bullheads"][p]
            out.append(ngettext("{n} bullhead", "{n} bullheads", total).format(n=total))
        return out


VIEW = SixNimmtView()
