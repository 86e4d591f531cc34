"""The Bunny Bunny Moose Moose table laid out, one screen per phase: the bet, the poem and the
cards turned (narrator or app), the hunter's BAM!, the poses (:mod:`.pose`), the scores and the
trail (:mod:`.scores`). Nothing in this game is private: the table is the same for everyone.

* Narrator mode (BM-8, option ``narrator = player``): the narrator holds the phone. The bet comes
  first (BM-6). Then the poem line to read is shown with its bold ending; "Turn the card" reveals
  the next card, drawn large with each side labelled in words, so the narrator can show it across
  the table. The six stacks (BM-4) are shown small below, the stack just covered marked.
* App-narrator mode (option ``narrator = app``): the phone stands facing the players. After
  "Start the poem" the app reveals a card per line by itself at the chosen tempo (the view's
  ``auto_play``), each with its sound and a short vibration (the "flip" cue of
  :meth:`BunnyMooseView.cue`, played by :mod:`hotseat.fx`). "Pause" stops it.
* The hunter (BM-4): a full-screen "BAM!" (a paced event) with a thump.
"""

from __future__ import annotations

from pycore.games.bunny_moose import NUM_STACKS, HunterEvent  # BM-4

from ...markup import Markup, fragment, h
from ...widgets import button
from .drawing import card_svg
from .parts import big_card, dot, last_card, note, poem_line, row_html
from .pose import pose_html
from .scene import BunnyMooseScene
from .scores import scored_html, standings_html
from .taps import on_trail, paused


def table_html(scene: BunnyMooseScene) -> Markup:
    """The screen of the phase (or the BAM! while the hunter is being revealed)."""
    obs, ctx = scene.obs, scene.ctx
    if ctx.step is not None:
        for event in scene.events[: ctx.step]:
            if event["type"] == "hunter":
                return _bam_html(scene, event)
    phase = obs["phase"]
    if phase == "bet":
        body = _bet_html(scene)
    elif phase == "reveal":
        body = _reveal_html(scene)
    elif phase == "poses":
        body = pose_html(scene)
    else:
        body = scored_html(scene)
    # a new screen (phase, round, player on turn, scores/trail) starts at the top (hotseat.fx)
    scroll = f"{phase}-{obs['round']}-{ctx.viewer}-{on_trail(ctx)}"
    return fragment(
        h("div", {"class": "bm", "data-phase": phase}, h("i", {"hidden": True, "data-scroll-key": scroll}), body)
    )


def _bet_html(scene: BunnyMooseScene) -> Markup:
    """BM-6: the narrator bets on another player first (buttons with their names)."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    narrator = obs["narrator"]
    parts = [
        note(
            t("{name} narrates this round.").format(name=ctx.names[narrator]),
            " ",
            t("First, bet on a player: whatever their animal scores, your figure of the same animal moves the same."),
        )
    ]
    bets = [a for a in scene.legal if a["type"] == "bet"]
    if bets:
        buttons = [
            button((dot(a["player"]), ctx.names[a["player"]]), {"bm": "bet", "player": a["player"]}, "secondary")
            for a in bets
        ]
        parts.append(h("h2", None, t("Bet on")))
        parts.append(h("div", {"class": "bm-bets"}, buttons))
    else:
        parts.append(note(t("Waiting for {name} to bet.").format(name=ctx.names[narrator])))
    parts.append(standings_html(scene))
    return fragment(parts)


def _reveal_html(scene: BunnyMooseScene) -> Markup:
    """BM-4, BM-8: the line to read and the card just turned; the app narrator's start, beat
    and pause."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    app = obs["mode"] == "app"
    drawn = obs["drawn"]
    card, stack = last_card(obs)
    can_reveal = any(a["type"] == "reveal" for a in scene.legal)
    parts = []
    if obs["bet"] is not None:
        parts.append(
            note(
                t("{narrator} bet on {player}.").format(
                    narrator=ctx.names[obs["narrator"]], player=ctx.names[obs["bet"]]
                )
            )
        )
    if app and drawn == 0:
        parts.append(
            note(
                t(
                    "Stand the phone up where everybody can see it. Hands on heads! "
                    "The app reads the poem and turns a card on every line; when the hunter comes: freeze."
                )
            )
        )
        parts.append(poem_line(obs, 0, t))
        tempo = {"slow": t("slow"), "normal": t("normal"), "fast": t("fast")}[obs["tempo"]]
        parts.append(h("p", {"class": "bm-tempo"}, t("Tempo: {tempo}").format(tempo=tempo)))
        if can_reveal:
            parts.append(button(t("Start the poem"), {"bm": "reveal"}, "primary big", data_next="start"))
        parts.append(row_html(obs, t))
        return fragment(parts)
    if app:
        # the line just read, with its card (and the voice reading it)
        parts.append(poem_line(obs, drawn - 1, t, say=True))
    if card is not None and stack is not None:  # both or neither
        first = drawn <= NUM_STACKS  # the first pass fills the row: a hunter there has no effect
        where = t("Stack {n} of 6").format(n=stack + 1)
        if card["kind"] == "hunter":
            where = t("Stack {n}: a hunter in the first pass has no effect").format(n=stack + 1)
        parts.append(big_card(card, t, where, first))
    if app:
        on_hold = paused(ctx)
        if can_reveal:
            label = t("Go on") if on_hold else t("Pause")
            parts.append(
                h("div", {"class": "actions"}, button(label, {"bm": "resume" if on_hold else "pause"}, "secondary"))
            )
    else:
        parts.append(poem_line(obs, drawn, t, small=card is not None))
        if can_reveal:
            # turned card after card: kept in the window (the card above grows the page)
            parts.append(button(t("Turn the card"), {"bm": "reveal"}, "primary big", data_next=f"turn-{drawn}"))
        else:
            parts.append(note(t("{name} reads the poem.").format(name=ctx.names[obs["narrator"]])))
    parts.append(row_html(obs, t, new_stack=stack))
    return fragment(parts)


def _bam_html(scene: BunnyMooseScene, event: HunterEvent) -> Markup:
    """BM-4: the hunter after the first pass: a full-screen BAM! with a thump; freeze."""
    obs, t = scene.obs, scene.t
    return fragment(
        h(
            "div",
            {"class": "bm-bam", "role": "alert"},
            card_svg(event["card"], t, first_pass=False),
            h("b", None, t("BAM!")),
            h("p", None, t("Freeze! Nobody moves.")),
        ),
        h("i", {"hidden": True, "data-say": t("BAM!"), "data-fx-key": f"bam{obs['round']}"})
        if obs["mode"] == "app"
        else None,
    )
