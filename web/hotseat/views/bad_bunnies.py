"""The Bad Bunnies table: the top card and what may follow it, the hand, play → call, pass, keep or redraw.

Built only from observations of ``pycore.games.bad_bunnies`` (its module docstring lists the
observation keys, actions and events) and the :class:`~hotseat.views.base.ViewContext`.

* Players (BB-4, BB-7): every player's points towards the target, hand size, who is on turn and
  who is out of this round.
* The pile (BB-2, BB-3): the top card big, with one plain line saying what the next card must be
  ("Higher than 9", "Double 4s — only a 4 or a 7", "After a 1: any card"), who laid it, how many
  cards (= points) the pile holds, and the round's moves so far.
* Hand (BB-3, BB-6): only in a private view; the cards that may be laid now are marked and
  tappable. Tapping one opens the call buttons (Higher / Lower), or a single "Lay" button for a 1,
  a double or the last card. A last joker that may not be laid gets a note (BB-6).
* Pass (BB-4): a button; when a card could still be laid, it first asks for confirmation.
* Keep or redraw (BB-8): behind each player's curtain, two buttons; the shell keeps the choice
  pending with Undo/Confirm, and nobody else sees it.
* Round summary (BB-5, BB-7): winner, how the round ended, points = cards on the pile, scores
  against the target.
"""

from __future__ import annotations

from pycore.games.bad_bunnies import BIG_JOKER, HAND_SIZE, JOKERS, LITTLE_JOKER  # BB-1, BB-2, BB-3

from ..i18n import format_list, ngettext
from ..markup import Markup, fragment, h
from .base import BaseView, ViewContext

# ---- small pieces ----------------------------------------------------------------------------


def card_html(card: int, t, classes: str = "", tap: dict | None = None) -> Markup:
    """One card: its number; the jokers (1, 7) are gold and say so. A button when ``tap`` is given."""
    joker = card in JOKERS
    tag = h("span", {"class": "tag"}, t("joker")) if joker else None
    label = (
        t("{card}, little joker").format(card=card)
        if card == LITTLE_JOKER
        else (t("{card}, big joker").format(card=card) if card == BIG_JOKER else str(card))
    )
    cls = ["bb-card", "joker" if joker else None, classes]
    if tap is not None:
        return h("button", {"type": "button", "class": cls, "aria-label": label, "data-tap": tap}, str(card), tag)
    return h("span", {"class": cls, "role": "img", "aria-label": label}, str(card), tag)


def rule_line(obs: dict, t) -> tuple[str, str]:
    """(headline, detail) saying what the next card must be (BB-3), in plain words.

    >>> from hotseat.i18n import gettext
    >>> rule_line({"top": 9, "announce": "higher", "double": False}, gettext)[0]
    'Higher than 9'
    >>> rule_line({"top": 4, "announce": None, "double": True}, gettext)[0]
    'Double 4s — only a 4 or a 7'
    """
    top = obs.get("top")
    if top is None:
        return t("Any card starts the round"), t("Then the starter calls higher or lower.")
    if obs.get("double"):
        return (
            t("Double {n}s — only a {n} or a 7").format(n=top),
            t("Another {n} keeps the double going; a 7 ends it.").format(n=top),
        )
    if obs.get("announce") is None:
        return t("After a 1: any card"), t("A 1 on it starts a double of 1s.")
    if obs["announce"] == "higher":
        head = t("Higher than {n}").format(n=top)
    else:
        head = t("Lower than {n}").format(n=top)
    if top == BIG_JOKER:
        detail = t("or a 7, or a 1")
    else:
        detail = t("or another {n} (double), a 1 or a 7").format(n=top)
    return head, detail


def move_text(move: dict, names: list[str], t, final: bool = False) -> str:
    """``Anna 9 ▲`` style text of one public move; ``final``: the card that emptied a hand."""
    name = names[move["player"]]
    if move["card"] is None:
        return t("{name} passed").format(name=name)
    if final:
        return t("{name} {card} · last card").format(name=name, card=move["card"])
    call = move["call"]
    if call == "higher":
        return t("{name} {card} ▲").format(name=name, card=move["card"])
    if call == "lower":
        return t("{name} {card} ▼").format(name=name, card=move["card"])
    if call == "double":
        return t("{name} {card} double").format(name=name, card=move["card"])
    if move["card"] == LITTLE_JOKER:
        return t("{name} 1 · any").format(name=name)
    return t("{name} {card}").format(name=name, card=move["card"])


def _players_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    target = obs["target_score"]
    items = []
    for p, name in enumerate(ctx.names):
        classes = ["bb-player"]
        if p == ctx.viewer:
            classes.append("me")
        if obs["phase"] == "play" and obs["turn"] == p:
            classes.append("turn")
        size = obs["hand_sizes"][p]
        cards = ngettext("{n} card", "{n} cards", size).format(n=size)
        if obs["phase"] == "play" and obs["passed"][p]:
            classes.append("out")
            sub = t("out this round") + " · " + cards
        elif obs["phase"] == "play" and obs["turn"] == p:
            sub = t("on turn") + " · " + cards
        elif obs["phase"] == "choose" and obs["choosing"][p]:
            sub = t("choosing…")
        elif obs["phase"] == "choose" and size:
            sub = t("has chosen")
        else:
            sub = cards
        score = obs["scores"][p]
        width = min(100, round(100 * score / target)) if target else 0
        label = ngettext(
            "{name}: {score} of {target} point, {sub}", "{name}: {score} of {target} points, {sub}", target
        ).format(name=name, score=score, target=target, sub=sub)
        items.append(
            h(
                "li",
                {"class": classes, "aria-label": label},
                h("span", {"class": "who"}, name),
                h("span", {"class": "pts"}, str(score)),
                h("span", {"class": "bb-bar", "aria-hidden": "true"}, h("i", {"style": f"width:{width}%"})),
                h("span", {"class": "sub"}, sub),
            )
        )
    return h("ul", {"class": "bb-players", "aria-label": t("Players")}, items)


def _pile_html(obs: dict, ctx: ViewContext) -> Markup:
    t = ctx.t
    head, detail = rule_line(obs, t)
    top = obs.get("top")
    if top is None:
        starter = ctx.names[obs["turn"]] if obs.get("turn") is not None else ""
        who = t("{name} lays the first card.").format(name=starter) if starter else ""
        return h(
            "section",
            {"class": "bb-pile empty", "aria-label": t("Discard pile")},
            h(
                "div",
                None,
                h("p", {"class": "bb-rule"}, head, h("small", None, detail)),
                h("p", {"class": "bb-by"}, who),
            ),
        )
    cls = "top double" if obs.get("double") else "top"
    count = obs["pile_count"]
    by = t("laid by {name}").format(name=ctx.names[obs["top_player"]]) if obs.get("top_player") is not None else ""
    pile = ngettext("pile: {n} card = {n} point", "pile: {n} cards = {n} points", count).format(n=count)
    return h(
        "section",
        {"class": "bb-pile", "aria-label": t("Discard pile")},
        card_html(top, t, cls),
        h(
            "div",
            None,
            h("p", {"class": "bb-rule", "data-rule": True}, head, h("small", None, detail)),
            h("p", {"class": "bb-by"}, f"{by} · {pile}"),
        ),
    )


def _moves_html(obs: dict, ctx: ViewContext, last: int = 8) -> Markup | None:
    moves = obs.get("moves") or []
    if not moves:
        return None
    t = ctx.t
    more = h("li", None, t("…")) if len(moves) > last else None
    items = [
        h("li", {"class": "pass" if m["card"] is None else None}, move_text(m, ctx.names, t)) for m in moves[-last:]
    ]
    return h("ul", {"class": "bb-moves", "aria-label": t("This round so far")}, more, items)


def _note(text: str, extra: str | None = None) -> Markup:
    return h("p", {"class": ["bb-note", extra]}, text)


def _playable(ctx: ViewContext) -> dict[int, list[dict]]:
    """Legal play actions of the viewer, by card."""
    out: dict[int, list[dict]] = {}
    for a in ctx.legal:
        if a.get("type") == "play":
            out.setdefault(a["card"], []).append(a)
    return out


def _hand_html(obs: dict, ctx: ViewContext, playable: dict[int, list[dict]], selected: int | None) -> Markup:
    t = ctx.t
    hand = obs.get("hand", [])
    acting = bool(ctx.legal) and obs["phase"] == "play"
    cards = []
    seen: set[int] = set()
    for c in hand:
        if acting and c in playable:
            cls = "ok sel" if (c == selected and c not in seen) else "ok"
            cards.append(card_html(c, t, cls, {"card": c}))
        elif acting:
            cards.append(card_html(c, t, "no"))
        else:
            cards.append(card_html(c, t))
        seen.add(c)
    title = t("Your cards ({n})").format(n=len(hand))
    return h(
        "section",
        {"class": "bb-hand", "aria-label": t("Your hand")},
        h("h2", None, title),
        h("div", {"class": "bb-cards"}, cards),
    )


def _button(cls: str, tap: dict | None, *children: str | Markup) -> Markup:
    return h("button", {"type": "button", "class": cls, "data-tap": tap}, children)


def _say_html(obs: dict, ctx: ViewContext, card: int, actions: list[dict]) -> Markup:
    """The call buttons for the selected ``card`` (BB-2), or one "Lay" button if nothing is called."""
    t = ctx.t
    calls = {a.get("announce"): a for a in actions}
    if "higher" in calls:
        q = t("Lay your {card}, then say:").format(card=card)
        buttons = h(
            "div",
            {"class": "btns"},
            _button("primary", {"play": card, "announce": "higher"}, t("▲ Higher")),
            _button("primary", {"play": card, "announce": "lower"}, t("▼ Lower")),
        )
    else:
        top = obs.get("top")
        if len(obs.get("hand", [])) == 1:
            q = t("Lay your last card — you win the round!")
        elif card == LITTLE_JOKER:
            q = t("Lay your 1: nothing to call, the next player may lay any card.")
            if top == LITTLE_JOKER:
                q = t("Lay your 1 as a double: the next player needs a 1 or a 7.")
        else:
            q = t("Lay your {card} as a double: the next player needs a {card} or a 7.").format(card=card)
        lay = _button("primary", {"play": card}, t("Lay the {card}").format(card=card))
        buttons = h("div", {"class": "btns one"}, lay)
    cancel = _button("secondary", {"cancel": 1}, t("Choose another card"))
    return h("div", {"class": "bb-say", "role": "group"}, h("p", None, q), buttons, cancel)


def _pass_html(obs: dict, ctx: ViewContext, playable: dict[int, list[dict]]) -> Markup | None:
    t = ctx.t
    if {"type": "pass"} not in ctx.legal:
        return None
    if ctx.local.get("confirm_pass"):
        cards = ", ".join(str(c) for c in sorted(playable))
        q = t("You could still lay {cards}. Pass anyway? You sit out until the round ends.").format(cards=cards)
        return h(
            "div",
            {"class": "bb-say", "role": "alertdialog"},
            h("p", None, q),
            h(
                "div",
                {"class": "btns"},
                _button("danger", {"pass": "yes"}, t("Yes, pass")),
                _button("secondary", {"cancel": 1}, t("Keep playing")),
            ),
        )
    label = t("Pass (out for this round)") if playable else t("Pass — no card fits")
    cls = "secondary bb-pass" if playable else "primary bb-pass"
    return h("div", {"class": "actions"}, _button(cls, {"pass": 1}, label))


def _round_result_line(obs: dict, ctx: ViewContext) -> str:
    last = obs.get("last_round")
    if not last:
        return ""
    t = ctx.t
    name = ctx.names[last["winner"]]
    if last["reason"] == "last_card":
        how = t("{name} laid their last card").format(name=name)
    else:
        how = t("everyone else passed, so {name} won").format(name=name)
    return ngettext(
        "Round {r}: {how} and scored {points} point.", "Round {r}: {how} and scored {points} points.", last["points"]
    ).format(r=last["round"], how=how, points=last["points"])


def _choose_html(obs: dict, ctx: ViewContext) -> Markup | None:
    """BB-8 behind the viewer's curtain: keep the cards (draw up to 7) or take a new hand."""
    t = ctx.t
    hand = obs.get("hand", [])
    k = len(hand)
    pending = ctx.pending.get("type") if ctx.pending else None
    if obs.get("my_choice"):
        chosen = t("You keep your cards.") if obs["my_choice"] == "keep" else t("You take a new hand.")
        return h("p", {"class": "bb-note"}, chosen)
    if not any(a.get("type") in ("keep", "redraw") for a in ctx.legal):
        return None
    keep_title = ngettext("Keep this card", "Keep these {k} cards", k).format(k=k)
    keep_sub = t("and draw {m} more").format(m=HAND_SIZE - k) if k < HAND_SIZE else t("your hand is full")
    redraw_title = t("New hand")
    redraw_sub = ngettext("throw this card away, draw 7 new cards", "throw these {k} away, draw 7 new cards", k).format(
        k=k
    )
    keep_cls = "primary" + (" chosen" if pending == "keep" else " dim" if pending else "")
    redraw_cls = "secondary" + (" chosen" if pending == "redraw" else " dim" if pending else "")
    return h(
        "section",
        {"class": "bb-choose", "aria-label": t("Keep or redraw")},
        h("p", {"class": "bb-note"}, t("Your choice is secret until everyone has chosen.")),
        _button(keep_cls, {"choose": "keep"} if pending is None else None, keep_title, h("small", None, keep_sub)),
        _button(
            redraw_cls, {"choose": "redraw"} if pending is None else None, redraw_title, h("small", None, redraw_sub)
        ),
    )


# ---- the view contract -----------------------------------------------------------------------


class BadBunniesView(BaseView):
    """The contract methods of this view (see :class:`~hotseat.views.base.GameView`)."""

    def render(self, obs: dict, ctx: ViewContext) -> Markup:
        """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None: no hand at all)."""
        t = ctx.t
        phase = obs["phase"]
        info = ngettext(
            "Round {r} · first to {n} point wins", "Round {r} · first to {n} points wins", obs["target_score"]
        ).format(r=obs["round"], n=obs["target_score"])
        info += " · " + t("draw pile {d} · reserve {r}").format(d=obs["draw_count"], r=obs["reserve_count"])
        parts: list[Markup | None] = [_players_html(obs, ctx), h("p", {"class": "bb-info"}, info)]
        private = ctx.viewer is not None and "hand" in obs
        if phase == "play":
            parts.append(_pile_html(obs, ctx))
            parts.append(_moves_html(obs, ctx))
            if private:
                playable = _playable(ctx)
                selected = ctx.local.get("card")
                if selected not in playable:
                    selected = None
                hand = obs.get("hand", [])
                if ctx.legal and obs.get("top") is not None and len(hand) == 1 and hand[0] in JOKERS and not playable:
                    parts.append(
                        _note(
                            t("Your last card is a joker: it may only be laid on a 1 or a 7, so you must pass."), "warn"
                        )
                    )
                elif ctx.legal and not playable:
                    parts.append(_note(t("No card of yours fits: you must pass."), "warn"))
                elif ctx.legal and obs.get("top") is None:
                    parts.append(_note(t("You start the round: lay any card, then call higher or lower.")))
                elif ctx.legal and selected is None and not ctx.local.get("confirm_pass"):
                    parts.append(_note(t("Tap a card marked ✓ to lay it.")))
                if selected is not None and ctx.legal:
                    parts.append(_say_html(obs, ctx, selected, playable[selected]))
                parts.append(_hand_html(obs, ctx, playable, selected))
                if ctx.legal and selected is None:
                    parts.append(_pass_html(obs, ctx, playable))
        elif phase == "choose":
            line = _round_result_line(obs, ctx)
            if line:
                parts.append(_note(line))
            if private and obs["hand"]:
                parts.append(_choose_html(obs, ctx))
                parts.append(_hand_html(obs, ctx, {}, None))
            else:
                waiting = [ctx.names[p] for p, c in enumerate(obs["choosing"]) if c]
                if waiting:
                    still = t("Keep or new hand? Still choosing: {names}").format(names=format_list(waiting))
                    parts.append(_note(still))
        else:
            line = _round_result_line(obs, ctx)
            if line:
                parts.append(_note(line))
        return h("div", {"class": "bb-table"}, parts)

    def on_tap(self, obs: dict, ctx: ViewContext, tap: dict) -> dict | None:
        """``{"card": c}`` selects a card; ``{"play": c, "announce": a}`` lays it; ``{"pass": 1}`` passes
        (after ``{"pass": "yes"}`` when a card still fits); ``{"choose": "keep"|"redraw"}`` (BB-8)."""
        if "card" in tap:
            ctx.local.pop("confirm_pass", None)
            ctx.local["card"] = tap["card"]
            return None
        if "cancel" in tap:
            ctx.local.pop("card", None)
            ctx.local.pop("confirm_pass", None)
            return None
        if "play" in tap:
            action = {"type": "play", "card": tap["play"]}
            if tap.get("announce") in ("higher", "lower"):
                action["announce"] = tap["announce"]
            return action
        if "pass" in tap:
            if tap["pass"] != "yes" and _playable(ctx):
                ctx.local["confirm_pass"] = True
                ctx.local.pop("card", None)
                return None
            return {"type": "pass"}
        if tap.get("choose") in ("keep", "redraw"):
            return {"type": tap["choose"]}
        return None

    def status_line(self, obs: dict, ctx: ViewContext) -> str:
        """Whose turn it is / what is happening, for the header."""
        t = ctx.t
        phase = obs["phase"]
        if phase == "game_over":
            return t("Game over")
        if phase == "choose":
            if ctx.viewer is not None and ctx.viewer in ctx.acting:
                if ctx.pending:
                    return t("Confirm your choice, {name}").format(name=ctx.names[ctx.viewer])
                return t("{name}: keep or new hand?").format(name=ctx.names[ctx.viewer])
            waiting = [ctx.names[p] for p in ctx.acting]
            return t("Waiting for {names}").format(names=format_list(waiting)) if waiting else ""
        turn = obs.get("turn")
        if turn is None:
            return ""
        if ctx.viewer == turn:
            return t("{name}, your turn").format(name=ctx.names[turn])
        return t("{name}'s turn").format(name=ctx.names[turn])

    def rules_html(self, t) -> Markup:
        """A short rules summary in the project's own words (fallback for rules/bad_bunnies.html)."""
        items = [
            t("110 cards numbered 1 to 13; the 1 is the little joker, the 7 the big joker. Everyone holds 7 cards."),
            t(
                "The starter lays any card. Whoever lays a card calls “higher” or “lower”: "
                "the next card must be higher or lower than it."
            ),
            t(
                "The same number instead is a double: nothing is called, and only that number or a 7 may follow "
                "until a 7 ends it. A 7 on a 7 is not a double."
            ),
            t(
                "A 1 fits on any single card and calls nothing: any card may follow it (a 1 on it is a double of 1s). "
                "It may not be laid on a double of another number."
            ),
            t("A 7 fits on anything, ends a double, and is called higher or lower."),
            t(
                "If you cannot lay a card you pass; you may also pass on purpose. "
                "Who passed is out until the round ends."
            ),
            t("Your last card may not be a 1 or a 7 unless the top card is a 1 or a 7."),
            t(
                "The round ends when someone lays their last card, or when all but one have passed: "
                "the last one to lay a card wins."
            ),
            t("The winner scores 1 point per card on the pile. First to 60 points (or the chosen target) wins."),
            t(
                "Before the next round, everyone with cards left secretly keeps them and draws up to 7, "
                "or throws them away and draws 7 new ones. The round's winner starts."
            ),
        ]
        return fragment(h("h2", None, t("Bad Bunnies")), h("ol", None, [h("li", None, x) for x in items]))

    def final_score(self, obs: dict, seat: int) -> int | None:
        """The points ``seat`` scored in the whole game (BB-7)."""
        return obs["scores"][seat]

    def confirm_label(self, action: dict, t) -> str:
        if action.get("type") == "keep":
            return t("Keep your cards and fill up to 7?")
        if action.get("type") == "redraw":
            return t("Throw your cards away and draw 7 new ones?")
        if action.get("type") == "play":
            announce = action.get("announce")
            if announce == "higher":
                return t("Play this card and say “higher”?")
            if announce == "lower":
                return t("Play this card and say “lower”?")
            return t("Play this card?")
        if action.get("type") == "pass":
            return t("Pass this turn?")
        return t("Confirm your choice?")

    def pace_ms(self, event: dict) -> int:
        """No paced reveal: every move stays readable in the move list and on the curtain."""
        return 0

    def ends_round(self, events: list[dict]) -> bool:
        """True when the events ended a round (BB-5): the shell then shows the round summary."""
        return any(e.get("type") == "round_end" for e in events)

    def round_summary_html(self, obs: dict, ctx: ViewContext) -> Markup:
        """Who won the round and how, the points (= cards on the pile, BB-7), scores against the target."""
        t = ctx.t
        end = next((e for e in ctx.events if e.get("type") == "round_end"), None)
        if end is None:
            return Markup()
        name = ctx.names[end["winner"]]
        if end["reason"] == "last_card":
            how = t("{name} laid their last card.").format(name=name)
        else:
            how = t("Everyone else passed, so {name}, who laid the last card, wins.").format(name=name)
        points = ngettext(
            "+{n} point: {n} card on the pile", "+{n} points: {n} cards on the pile", end["points"]
        ).format(n=end["points"])
        target = obs.get("target_score")
        rows = []
        order = sorted(range(len(ctx.names)), key=lambda p: (-end["scores"][p], p))
        for p in order:
            delta = f"+{end['points']}" if p == end["winner"] else None
            rows.append(
                h(
                    "tr",
                    None,
                    h("th", {"scope": "row"}, ctx.names[p]),
                    h("td", None, delta),
                    h("td", None, h("b", None, str(end["scores"][p]))),
                )
            )
        moves = obs.get("moves") or []
        ending = None
        if moves:
            shown = moves[-6:]
            last_card = end["reason"] == "last_card"
            chips = [
                h(
                    "li",
                    {"class": "pass" if m["card"] is None else None},
                    move_text(m, ctx.names, t, final=(last_card and i == len(shown) - 1)),
                )
                for i, m in enumerate(shown)
            ]
            ending = fragment(h("p", {"class": "note"}, t("How it ended:")), h("ul", {"class": "bb-moves"}, chips))
        title = t("{name} wins round {r}").format(name=name, r=end["round"])
        goal = (
            ngettext("First to {n} point wins the game.", "First to {n} points wins the game.", target).format(n=target)
            if target
            else ""
        )
        head = h("tr", None, h("th"), h("th", {"scope": "col"}, t("This round")), h("th", {"scope": "col"}, t("Total")))
        return h(
            "section",
            {"class": "summary bb-summary"},
            h("h2", None, title),
            h("p", None, how),
            h("p", None, h("b", None, points)),
            ending,
            h("table", None, h("thead", None, head), h("tbody", None, rows)),
            h("p", {"class": "note"}, goal),
        )

    def story_lines(self, events: list[dict], player: int, ctx: ViewContext, table: dict) -> list[str]:
        """Every card laid with its call (BB-4) and every pass, who won each round and the points
        (BB-5, BB-7), each player's keep-or-new-hand once the new round shows it (BB-8: a choice
        alone says nothing), the winner."""
        t = ctx.t
        names = ctx.names
        out: list[str] = []
        for e in events:
            kind = e.get("type")
            if kind == "play":
                call = "double" if e.get("double") else e.get("announce")
                move = {"player": e["player"], "card": e["card"], "call": call}
                out.append(move_text(move, names, t, final=e.get("cards_left") == 0))
            elif kind == "pass":
                out.append(move_text({"player": e["player"], "card": None, "call": None}, names, t))
            elif kind == "round_end":
                name = names[e["winner"]]
                if e["reason"] == "last_card":
                    how = t("{name} laid their last card").format(name=name)
                else:
                    how = t("everyone else passed, so {name} won").format(name=name)
                out.append(
                    ngettext(
                        "Round {r}: {how} and scored {points} point.",
                        "Round {r}: {how} and scored {points} points.",
                        e["points"],
                    ).format(r=e["round"], how=how, points=e["points"])
                )
            elif kind == "new_round":
                keep = [names[p] for p, c in enumerate(e.get("choices") or []) if c == "keep"]
                redraw = [names[p] for p, c in enumerate(e.get("choices") or []) if c == "redraw"]
                if keep:
                    out.append(t("Kept their cards: {names}.").format(names=format_list(keep)))
                if redraw:
                    out.append(t("Took a new hand: {names}.").format(names=format_list(redraw)))
            elif kind == "game_over":
                winners = format_list(names[p] for p in e["winners"])
                out.append((t("{names} wins!") if len(e["winners"]) == 1 else t("{names} win!")).format(names=winners))
        return out

    def story_round(self, events: list[dict]) -> int | None:
        """A new round begins with ``new_round`` (after the keep-or-new-hand choices, BB-8)."""
        return next((e["round"] for e in events if e.get("type") == "new_round"), None)

    def scoreboard(self, obs: dict, ctx: ViewContext) -> list[str]:
        """One score text per seat for the shell's game-over screen."""
        return [ngettext("{n} point", "{n} points", s).format(n=s) for s in obs["scores"]]


VIEW = BadBunniesView()
