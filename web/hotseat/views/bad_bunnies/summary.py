"""The Bad Bunnies round summary (BB-5, BB-7): who won and how, the points (= cards on the pile),
how the round ended, the scores against the target."""

from __future__ import annotations

from pycore.games.bad_bunnies import Move

from ...i18n import ngettext
from ...markup import Markup, fragment, h
from ...widgets import summary_row, summary_table
from .narration import move_text
from .scene import BadBunniesScene


def round_summary_html(scene: BadBunniesScene) -> Markup:
    """Who won the round and how, the points (= cards on the pile, BB-7), scores against the target."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    end = next((e for e in scene.events if e["type"] == "round_end"), None)
    if end is None:
        return Markup()
    name = ctx.names[end["winner"]]
    if end["reason"] == "last_card":
        how = t("{name} laid their last card.").format(name=name)
    else:
        how = t("Everyone else passed, so {name}, who laid the last card, wins.").format(name=name)
    points = ngettext("+{n} point: {n} card on the pile", "+{n} points: {n} cards on the pile", end["points"]).format(
        n=end["points"]
    )
    target = obs.get("target_score")
    order = sorted(range(len(ctx.names)), key=lambda p: (-end["scores"][p], p))
    rows = [
        summary_row(ctx.names[p], f"+{end['points']}" if p == end["winner"] else None, end["scores"][p]) for p in order
    ]
    goal = (
        ngettext("First to {n} point wins the game.", "First to {n} points wins the game.", target).format(n=target)
        if target
        else ""
    )
    return h(
        "section",
        {"class": "summary bb-summary"},
        h("h2", None, t("{name} wins round {r}").format(name=name, r=end["round"])),
        h("p", None, how),
        h("p", None, h("b", None, points)),
        _ending_html(scene, end["reason"] == "last_card"),
        summary_table(t("This round"), t("Total"), rows),
        h("p", {"class": "note"}, goal),
    )


def _ending_html(scene: BadBunniesScene, last_card: bool) -> Markup | None:
    """The round's last moves; the very last one emptied a hand when ``last_card``."""
    moves: list[Move] = scene.obs.get("moves") or []
    if not moves:
        return None
    shown = moves[-6:]
    chips = [
        h(
            "li",
            {"class": "pass" if m["card"] is None else None},
            move_text(m, scene.names, scene.t, final=(last_card and i == len(shown) - 1)),
        )
        for i, m in enumerate(shown)
    ]
    return fragment(h("p", {"class": "note"}, scene.t("How it ended:")), h("ul", {"class": "bb-moves"}, chips))
