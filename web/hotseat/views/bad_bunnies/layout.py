"""The Bad Bunnies table laid out: players, the pile and its rule, the moves, the hand, the call
buttons, pass, keep or redraw (BB-2 … BB-8).

* Players (BB-4, BB-7): every player's points towards the target, hand size, who is on turn and
  who is out of this round.
* The pile (BB-2, BB-3): the top card big, with one plain line saying what the next card must be,
  who laid it, how many cards (= points) the pile holds, and the round's moves so far.
* Hand (BB-3, BB-6): only in a private view; the cards that may be laid now are marked and
  tappable. A selected card opens the call buttons (Higher / Lower), or a single "Lay" button
  for a 1, a double or the last card. A last joker that may not be laid gets a note (BB-6).
* Pass (BB-4): a button; when a card could still be laid, it first asks for confirmation.
* Keep or redraw (BB-8): behind each player's curtain, two buttons; nobody else sees the choice.
"""

from __future__ import annotations

from pycore.games.bad_bunnies import HAND_SIZE, JOKERS, LITTLE_JOKER, Observation, PlayAction  # BB-3, BB-6, BB-8

from ...formats import format_list
from ...i18n import ngettext
from ...markup import Markup, h
from ...widgets import button, hand_section, players_list, seat_classes, seat_item, who
from .cards import card_html
from .narration import move_text, round_line, rule_line
from .scene import BadBunniesScene
from .taps import choice, playable


def table_html(scene: BadBunniesScene) -> Markup:
    """The table as ``ctx.viewer`` sees it (public when ``ctx.viewer`` is None: no hand at all)."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    phase = obs["phase"]
    info = ngettext(
        "Round {r} · first to {n} point wins", "Round {r} · first to {n} points wins", obs["target_score"]
    ).format(r=obs["round"], n=obs["target_score"])
    info += " · " + t("draw pile {d} · reserve {r}").format(d=obs["draw_count"], r=obs["reserve_count"])
    parts: list[Markup | None] = [_players_html(scene), h("p", {"class": "bb-info"}, info)]
    mine = scene.mine if ctx.viewer is not None else None
    if phase == "play":
        parts.append(_pile_html(scene))
        parts.append(_moves_html(scene))
        if mine is not None:
            parts.extend(_turn_html(scene, mine))
    elif phase == "choose":
        last = obs.get("last_round")
        if last:
            parts.append(_note(round_line(last, ctx.names, t)))
        if mine is not None and mine["hand"]:
            parts.append(_choose_html(scene, mine))
            parts.append(_hand_html(scene, mine, {}, None))
        else:
            waiting = [ctx.names[p] for p, c in enumerate(obs["choosing"]) if c]
            if waiting:
                still = ngettext(
                    "Keep or new hand? Still choosing: {names}",
                    "Keep or new hand? Still choosing: {names}",
                    len(waiting),
                ).format(names=format_list(waiting))
                parts.append(_note(still))
    else:
        last = obs.get("last_round")
        if last:
            parts.append(_note(round_line(last, ctx.names, t)))
    return h("div", {"class": "bb-table"}, parts)


def _turn_html(scene: BadBunniesScene, mine: Observation) -> list[Markup | None]:
    """The viewer's part of the play phase: a note, the call buttons, the hand, pass."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    plays = playable(scene)
    chosen = choice(ctx)
    selected = chosen.card if chosen.card in plays else None
    hand = mine["hand"]
    parts: list[Markup | None] = []
    if ctx.legal and obs.get("top") is not None and len(hand) == 1 and hand[0] in JOKERS and not plays:
        joker = t("Your last card is a joker: it may only be laid on a 1 or a 7, so you must pass.")
        parts.append(_note(joker, "warn"))
    elif ctx.legal and not plays:
        parts.append(_note(t("No card of yours fits: you must pass."), "warn"))
    elif ctx.legal and obs.get("top") is None:
        parts.append(_note(t("You start the round: lay any card, then call higher or lower.")))
    elif ctx.legal and selected is None and not chosen.confirm_pass:
        parts.append(_note(t("Tap a card marked ✓ to lay it.")))
    if selected is not None and ctx.legal:
        parts.append(_say_html(scene, mine, selected, plays[selected]))
    parts.append(_hand_html(scene, mine, plays, selected))
    if ctx.legal and selected is None:
        parts.append(_pass_html(scene, plays, chosen.confirm_pass))
    return parts


def _players_html(scene: BadBunniesScene) -> Markup:
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    target = obs["target_score"]
    items = []
    for p, name in enumerate(ctx.names):
        on_turn = obs["phase"] == "play" and obs["turn"] == p
        classes = seat_classes("bb-player", p, ctx.viewer, on_turn)
        size = obs["hand_sizes"][p]
        cards = ngettext("{n} card", "{n} cards", size).format(n=size)
        if obs["phase"] == "play" and obs["passed"][p]:
            classes.append("out")
            sub = t("out this round") + " · " + cards
        elif on_turn:
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
            seat_item(
                classes,
                label,
                who(name),
                h("span", {"class": "pts"}, str(score)),
                h("span", {"class": "bb-bar", "aria-hidden": "true"}, h("i", {"style": f"width:{width}%"})),
                h("span", {"class": "sub"}, sub),
                seat=p,
            )
        )
    return players_list("bb-players", t("Players"), items)


def _pile_html(scene: BadBunniesScene) -> Markup:
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    top = obs.get("top")
    head, detail = rule_line(top, obs.get("announce"), bool(obs.get("double")), t)
    if top is None:
        turn = obs.get("turn")
        starter = ctx.names[turn] if turn is not None else ""
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
    top_player = obs.get("top_player")
    by = t("laid by {name}").format(name=ctx.names[top_player]) if top_player is not None else ""
    pile = ngettext("pile: {n} card = {n} point", "pile: {n} cards = {n} points", count).format(n=count)
    # a new top card glides out of the hand it was laid from (the viewer's) or its player's box
    origin = None if top_player is None else f"c{top}" if top_player == ctx.viewer else f"seat{top_player}"
    return h(
        "section",
        {"class": "bb-pile", "aria-label": t("Discard pile")},
        card_html(top, t, cls, flip=f"pile{count}", came_from=origin),
        h(
            "div",
            None,
            h("p", {"class": "bb-rule", "data-rule": True}, head, h("small", None, detail)),
            h("p", {"class": "bb-by"}, f"{by} · {pile}"),
        ),
    )


def _moves_html(scene: BadBunniesScene, last: int = 8) -> Markup | None:
    moves = scene.obs.get("moves") or []
    if not moves:
        return None
    t = scene.t
    more = h("li", None, t("…")) if len(moves) > last else None
    items = [
        h("li", {"class": "pass" if m["card"] is None else None}, move_text(m, scene.names, t)) for m in moves[-last:]
    ]
    return h("ul", {"class": "bb-moves", "aria-label": t("This round so far")}, more, items)


def _note(text: str, extra: str | None = None) -> Markup:
    return h("p", {"class": ["bb-note", extra]}, text)


def _hand_html(
    scene: BadBunniesScene, mine: Observation, plays: dict[int, list[PlayAction]], selected: int | None
) -> Markup:
    t = scene.t
    hand = mine["hand"]
    acting = bool(scene.legal) and scene.obs["phase"] == "play"
    cards = []
    seen: set[int] = set()
    for c in hand:
        if acting and c in plays:
            cls = "ok sel" if (c == selected and c not in seen) else "ok"
            cards.append(card_html(c, t, cls, {"card": c}))
        elif acting:
            cards.append(card_html(c, t, "no"))
        else:
            cards.append(card_html(c, t))
        seen.add(c)
    title = t("Your cards ({n})").format(n=len(hand))
    return hand_section("bb-hand", t("Your hand"), title, cards, "bb-cards")


def _say_html(scene: BadBunniesScene, mine: Observation, card: int, actions: list[PlayAction]) -> Markup:
    """The call buttons for the selected ``card`` (BB-2), or one "Lay" button if nothing is called."""
    t = scene.t
    calls = {a.get("announce") for a in actions}
    if "higher" in calls:
        q = t("Lay your {card}, then say:").format(card=card)
        buttons = h(
            "div",
            {"class": "btns"},
            button(t("▲ Higher"), {"play": card, "announce": "higher"}, "primary"),
            button(t("▼ Lower"), {"play": card, "announce": "lower"}, "primary"),
        )
    else:
        top = scene.obs.get("top")
        if len(mine["hand"]) == 1:
            q = t("Lay your last card — you win the round!")
        elif card == LITTLE_JOKER:
            q = t("Lay your 1: nothing to call, the next player may lay any card.")
            if top == LITTLE_JOKER:
                q = t("Lay your 1 as a double: the next player needs a 1 or a 7.")
        else:
            q = t("Lay your {card} as a double: the next player needs a {card} or a 7.").format(card=card)
        lay = button(t("Lay the {card}").format(card=card), {"play": card}, "primary")
        buttons = h("div", {"class": "btns one"}, lay)
    cancel = button(t("Choose another card"), {"cancel": 1}, "secondary")
    return h("div", {"class": "bb-say", "role": "group"}, h("p", None, q), buttons, cancel)


def _pass_html(scene: BadBunniesScene, plays: dict[int, list[PlayAction]], asking: bool) -> Markup | None:
    t = scene.t
    if not any(a["type"] == "pass" for a in scene.legal):
        return None
    if asking:
        cards = ", ".join(str(c) for c in sorted(plays))
        q = t("You could still lay {cards}. Pass anyway? You sit out until the round ends.").format(cards=cards)
        return h(
            "div",
            {"class": "bb-say", "role": "alertdialog"},
            h("p", None, q),
            h(
                "div",
                {"class": "btns"},
                button(t("Yes, pass"), {"pass": "yes"}, "danger"),
                button(t("Keep playing"), {"cancel": 1}, "secondary"),
            ),
        )
    label = t("Pass (out for this round)") if plays else t("Pass — no card fits")
    cls = "secondary bb-pass" if plays else "primary bb-pass"
    return h("div", {"class": "actions"}, button(label, {"pass": 1}, cls))


def _choose_html(scene: BadBunniesScene, mine: Observation) -> Markup | None:
    """BB-8 behind the viewer's curtain: keep the cards (draw up to 7) or take a new hand."""
    t = scene.t
    k = len(mine["hand"])
    pending_action = scene.pending
    pending = pending_action["type"] if pending_action else None
    my_choice = mine.get("my_choice")
    if my_choice:
        chosen = t("You keep your cards.") if my_choice == "keep" else t("You take a new hand.")
        return h("p", {"class": "bb-note"}, chosen)
    if not any(a["type"] in ("keep", "redraw") for a in scene.legal):
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
        button((keep_title, h("small", None, keep_sub)), {"choose": "keep"} if pending is None else None, keep_cls),
        button(
            (redraw_title, h("small", None, redraw_sub)), {"choose": "redraw"} if pending is None else None, redraw_cls
        ),
    )
