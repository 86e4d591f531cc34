"""The choices a Dog play offers now, on the board and as buttons: the figures that may move,
then, once one is chosen, its targets (fields, or the figures it may swap with, DOG-8); during a
7 the steps left after each (DOG-7). Made from the legal actions only: the view knows no rules.
"""

from __future__ import annotations

from pycore.games.dog import PlayAction, StepAction, steps_between

from ...i18n import ngettext
from ...markup import Markup
from ..choices import grouped
from .board import Marks, TapData, Target
from .narration import figure_label, target_text
from .parts import choice_button, heading, info
from .scene import DogScene, colour_of, player_of, position_of
from .taps import choice

Move = PlayAction | StepAction


def choice_marks(scene: DogScene, cands: list[Move]) -> tuple[Marks, list[Markup]]:
    """Board marks and option buttons for choosing a figure and then a target."""
    by_fig = grouped((a for a in cands if "figure" in a), lambda a: a["figure"])
    selected = choice(scene.ctx).fig
    if selected not in by_fig:
        selected = None
    if selected is None and len(by_fig) == 1:
        selected = next(iter(by_fig))
    figs: dict[int, TapData] = {f: {"do": acts[0]} if len(acts) == 1 else {"fig": f} for f, acts in by_fig.items()}
    if selected is None:
        return Marks(figs=figs), _figure_buttons(scene, by_fig, figs)
    targets, buttons = _target_options(scene, selected, by_fig[selected], figs)
    if len(by_fig) > 1:
        buttons.append(choice_button(scene.t("Another figure"), {"fig": None}))
    return Marks(figs=figs, selected=selected, targets=targets), buttons


def _figure_buttons(scene: DogScene, by_fig: dict[int, list[Move]], figs: dict[int, TapData]) -> list[Markup]:
    """One button per figure that may move: what it does, or how many choices it has."""
    obs, t, names, viewer = scene.obs, scene.t, scene.names, scene.ctx.viewer
    buttons = []
    for f, acts in by_fig.items():
        what = figure_label(obs, f, names, viewer, t)
        if len(acts) == 1:
            a = acts[0]
            if a["type"] == "play" and "with" in a:
                other = figure_label(obs, a["with"], names, viewer, t)
                text = t("Swap {what} with {other}").format(what=what, other=other)
            else:
                text = f"{what}: {target_text(obs, f, a['to'], t)}"
        else:
            text = ngettext("{what} ({k} choice)", "{what} ({k} choices)", len(acts)).format(what=what, k=len(acts))
        buttons.append(choice_button(text, figs[f], "primary"))
    return buttons


def _target_options(
    scene: DogScene, selected: int, acts: list[Move], figs: dict[int, TapData]
) -> tuple[list[Target], list[Markup]]:
    """The targets of the chosen figure (marked on the board; ``figs`` gains the figures it may
    swap with) and the buttons: a heading, then one per target (none for a 7: its steps are
    tapped on the board)."""
    obs, t, names, viewer = scene.obs, scene.t, scene.names, scene.ctx.viewer
    is_swap = any("with" in a for a in acts)
    # a 7's steps are chosen on the board only (a numbered field each): no list of buttons
    on_board = not is_swap and any(a["type"] == "step" or "7" in (a.get("card"), a.get("as")) for a in acts)
    targets: list[Target] = []
    buttons: list[Markup] = []
    for a in acts:
        if is_swap and a["type"] == "play":
            g = a["with"]
            figs[g] = {"do": a}
            label = t("Swap with {what}").format(what=figure_label(obs, g, names, viewer, t))
        else:
            label = target_text(obs, selected, a["to"], t)
            if a["type"] == "step" or a.get("card") == "7" or a.get("as") == "7":
                seven = obs.get("seven")
                left = seven["left"] if seven else 7
                n = steps_between(position_of(obs, selected), a["to"], colour_of(obs, player_of(obs, selected)))
                label += " · " + t("{k} left").format(k=left - n)
            x0 = position_of(obs, selected)
            short = "S" if x0 < 0 else str(steps_between(x0, a["to"], colour_of(obs, player_of(obs, selected))))
            targets.append(Target(a["to"], {"do": a}, label, short))
        if not on_board:
            buttons.append(choice_button(label, {"do": a}, "primary"))
    who = figure_label(obs, selected, names, viewer, t)
    head = t("Swap {what} with…").format(what=who) if is_swap else t("Move {what}").format(what=who)
    buttons.insert(0, heading(head))
    if on_board:
        buttons.insert(1, info(t("Tap a yellow field (the number: steps).")))
    return targets, buttons
