"""After a round is scored (BM-5, BM-6): every poser's score spelled out, the narrator's bet,
the trail with every player's rabbit and moose sliding from their old field to the new (exact
positions shown even past either end of the 15 fields), the standings."""

from __future__ import annotations

from pycore.games.bunny_moose import START_FIELD, TRAIL_FIELDS  # BM-6

from ...markup import Markup, fragment, h
from ...widgets import button
from .drawing import figure_svg, pose_svg
from .narration import move_for, move_words, pose_words, result_lines, signed
from .parts import colour, dot, row_html
from .scene import BunnyMooseScene
from .taps import on_trail


def results_html(scene: BunnyMooseScene) -> Markup:
    """Every poser's score spelled out (BM-5): the pose, the row with the matched cards marked,
    the steps of the sum, how their figure moves; then the narrator's bet (BM-6)."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    parts = []
    results = obs.get("results") or []
    for p in obs["posers"]:
        r = results[p] if p < len(results) else None
        if r is None:
            continue
        marks = {m["stack"]: m["times"] for m in r["matches"]}
        cls = "pos" if r["score"] > 0 else "neg" if r["score"] < 0 else None
        pose = (obs.get("poses") or [None] * (p + 1))[p]
        steps = [h("li", None, line) for line in result_lines(r, obs, t, pose)]
        parts.append(
            h(
                "section",
                {"class": "bm-result", "style": f"--pc:{colour(p)}", "data-player": p, "data-score": r["score"]},
                h(
                    "header",
                    None,
                    pose_svg(pose) if pose else None,
                    h("b", None, ctx.names[p]),
                    h("span", {"class": ["score", cls]}, signed(r["score"])),
                ),
                h("p", {"class": "pose"}, pose_words(pose, t) if pose else None),
                row_html(obs, t, marks=marks),
                h("ol", None, steps),
                h("p", {"class": "pose"}, move_words(move_for(obs, p, False), t)),
            )
        )
    if obs["bet"] is not None:
        n = obs["narrator"]
        move = move_for(obs, n, True)
        bet = t("{narrator} (narrator) bet on {player}:").format(narrator=ctx.names[n], player=ctx.names[obs["bet"]])
        parts.append(h("p", {"class": "bm-note", "data-bet": obs["bet"]}, dot(n), f" {bet} {move_words(move, t)}"))
    return fragment(parts)


def trail_html(scene: BunnyMooseScene) -> Markup:
    """Every player's rabbit and moose on the trail (BM-6), sliding from the old field; positions
    beyond either end of the trail are shown in the end cells with their exact number."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    moves = obs.get("moves") or []
    lanes = []

    def x_of(pos: int) -> str:
        return f"{max(0, min(TRAIL_FIELDS + 1, pos)) * 100 / (TRAIL_FIELDS + 2):.3f}%"

    cells = fragment(
        h("i", {"class": "end"}, "<1"),
        [h("i", {"class": "start" if f == START_FIELD else None}, str(f)) for f in range(1, TRAIL_FIELDS + 1)],
        h("i", {"class": "end"}, f">{TRAIL_FIELDS}"),
    )
    for p, (rabbit, moose) in enumerate(obs["figures"]):
        figs = []
        for animal, pos in (("rabbit", rabbit), ("moose", moose)):
            start = pos
            for m in moves:
                if m["player"] == p and m["figure"] == animal:
                    start = m["from"]  # the field before this round's move
            moved = start != pos
            label = t("{name}'s {animal} on field {pos}").format(
                name=ctx.names[p], animal=t("rabbit") if animal == "rabbit" else t("moose"), pos=pos
            )
            figs.append(
                h(
                    "span",
                    {
                        "class": ["bm-fig", animal, "moved" if moved else None],
                        "style": f"left:{x_of(pos)};--from:{x_of(start)};--to:{x_of(pos)}",
                        "data-player": p,
                        "data-figure": animal,
                        "data-pos": pos,
                        "role": "img",
                        "aria-label": label,
                    },
                    figure_svg(animal, colour(p)),
                    h("span", None, str(pos)),
                )
            )
        lanes.append(
            h(
                "div",
                {"class": "bm-lane"},
                h("span", {"class": "who"}, ctx.names[p]),
                h("div", {"class": "bm-fields"}, cells),
                figs,
            )
        )
    return h("section", {"class": "bm-trail", "aria-label": t("The trail")}, lanes)


def standings_html(scene: BunnyMooseScene) -> Markup:
    """Where every player's rabbit and moose stand."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    items = []
    for p, (rabbit, moose) in enumerate(obs["figures"]):
        where = t("rabbit {r} · moose {m}").format(r=rabbit, m=moose)
        items.append(h("li", None, dot(p), f"{ctx.names[p]}: {where}"))
    return h("ul", {"class": "bm-players"}, items)


def scored_html(scene: BunnyMooseScene) -> Markup:
    """After scoring: the scores and "Move the figures", or the trail and "Next round"."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    can_continue = any(a["type"] == "continue" for a in scene.legal)
    if on_trail(ctx):
        parts = [
            h("h2", None, t("The trail after round {r}").format(r=obs["round"])),
            trail_html(scene),
            h(
                "p",
                {"class": "note"},
                t(
                    "Upper row: rabbits · lower row: moose. "
                    "Your rear figure counts at the end: keep both animals moving."
                ),
            ),
        ]
        if can_continue:
            parts.append(
                h(
                    "div",
                    {"class": "actions"},
                    button(t("Back to the scores"), {"bm": "scores"}, "secondary"),
                    button(t("Next round"), {"bm": "continue"}, "primary"),
                )
            )
        return fragment(parts)
    parts = [row_html(obs, t), results_html(scene)]
    if can_continue:
        parts.append(button(t("Move the figures"), {"bm": "trail"}, "primary big"))
    return fragment(parts)
