"""The pieces of the Dog table: players and teams (DOG-9, DOG-10), the cards and the hand, the
centre of the board, prompts and buttons."""

from __future__ import annotations

from pycore.games.dog import FORWARD, GOAL_FIELDS, KINDS, Observation  # DOG-1, DOG-10

from ...i18n import N_, ngettext, sentence
from ...markup import Markup, h
from ...widgets import button, hand_section, players_list, seat_classes, seat_item, who
from ..base import Translate
from ..textfit import text_width
from .board import CentreLine, TapData
from .geometry import COLOUR_NAME, SHAPE_NAME, shape_svg
from .narration import card_name
from .scene import DogScene, colour_of, partner, team_play

#: a card kind's face: big text, small text (translated) under it
KIND_LABEL = {
    "1/11": ("1/11", N_("start")),
    "13": ("13", N_("start")),
    "4": ("±4", ""),
    "7": ("7", N_("split")),
    "swap": ("⇄", N_("swap")),
    "joker": ("★", N_("joker")),
}
#: the room a card's word may take, in hundredths of the card's inner width (``cqi``: all of it,
#: since the measure is of a wide face: in Chromium's own face on Debian the word took 82% of
#: it), and the word's letter spacing in em (style.css's ``.dg-card small``)
CAPTION_ROOM = 100
CAPTION_SPACING = 0.04
#: the cards that do more than step forward (drawn in red): start, ±4, split, swap, joker
SPECIAL = frozenset(KINDS) - frozenset(FORWARD)


def teams_html(scene: DogScene) -> Markup:
    """Figures home per team and who leads (DOG-10); alone: who leads towards 4 (DOG-11)."""
    obs, names, t = scene.obs, scene.names, scene.t
    home = list(obs["home"])
    if team_play(obs):
        (p1, p2), (q1, q2) = obs["teams"]
        need = GOAL_FIELDS * 2  # DOG-10: a team wins with both colours' goals full
        a, b = home[p1] + home[p2], home[q1] + home[q2]
        ta = t("{x} + {y}").format(x=names[p1], y=names[p2])
        tb = t("{x} + {y}").format(x=names[q1], y=names[q2])
        mark_a = " ▲" if a > b else ""
        mark_b = " ▲" if b > a else ""
        label = t("Team {a}: {x} of 8 home; team {b}: {y} of 8 home").format(a=ta, x=a, b=tb, y=b)
        return h(
            "p",
            {"class": "dg-teams", "aria-label": label},
            h("b", None, ta),
            f" {a}/{need}{mark_a} \u00a0·\u00a0 ",
            h("b", None, tb),
            f" {b}/{need}{mark_b}",
        )
    best = max(home)
    leaders = [names[p] for p in range(obs["num_players"]) if home[p] == best]
    text = t("First with 4 figures home wins.")
    if best > 0 and len(leaders) == 1:
        text += " " + t("{name} leads ({k}/4).").format(name=leaders[0], k=best)
    return h("p", {"class": "dg-teams"}, text)


def players_html(scene: DogScene) -> Markup:
    """Every player: name, number and shape, cards in hand, figures home, out or finished."""
    obs, ctx, t = scene.obs, scene.ctx, scene.t
    items = []
    for p, name in enumerate(ctx.names):
        c = colour_of(obs, p)
        classes = seat_classes("dg-player", p, ctx.viewer, obs["phase"] == "play" and obs["turn"] == p)
        size = obs["hand_sizes"][p]
        parts = [ngettext("{n} card", "{n} cards", size).format(n=size)]
        parts.append(t("{k}/{m} home").format(k=obs["home"][p], m=GOAL_FIELDS))
        if obs["phase"] == "play" and obs["out"][p]:
            classes.append("out")
            parts = [t("out this round"), parts[1]]
        elif obs["finished"][p] and (mate := partner(obs, p)) is not None:
            parts.append(t("moves {name}'s").format(name=ctx.names[mate]))
        elif obs["phase"] == "give":
            parts.append(t("has given") if obs["given"][p] else t("choosing…"))
        icon = h(
            "svg",
            {"viewbox": "-12 -12 24 24", "aria-hidden": "true", "focusable": "false"},
            shape_svg(c, 0, 0, 9.5, str(p + 1)),
        )
        label = t("{name}, player {k}, {colour} {shape}: {sub}").format(
            name=name, k=p + 1, colour=t(COLOUR_NAME[c]), shape=t(SHAPE_NAME[c]), sub=", ".join(parts)
        )
        items.append(
            seat_item(
                classes,
                label,
                icon,
                who(name),
                h("span", {"class": "sub"}, " · ".join(parts)),
                seat=p,
            )
        )
    return players_list("dg-players", t("Players"), items)


def card_html(kind: str, t: Translate, classes: str = "", tap: TapData | None = None) -> Markup:
    """A card of kind ``kind``: big and small face text, red for the special ones; a button when
    ``tap`` is given."""
    big, small = KIND_LABEL.get(kind, (kind, ""))
    cls = ["dg-card", "special" if kind in SPECIAL else None, classes]
    inner = (h("span", None, big), " ", caption(t(small))) if small else (h("span", None, big),)
    label = t("card {card}").format(card=card_name(kind, t))
    if tap is not None:  # a button is named by what it shows ("A 1/11"): what the eye reads is heard
        return button(inner, tap, cls, data_card=kind)
    return h("span", {"class": cls, "role": "img", "aria-label": label, "data-card": kind}, inner)


def caption(word: str) -> Markup:
    """A card's word under its value ("start", "split"), never wider than the card: its largest
    size that fits, as ``--fit`` in ``cqi`` (hundredths of the card's inner width), which
    style.css takes when it is below the word's own size. The word is measured as drawn: in
    capitals (German "ß" is "SS"), with its letter spacing."""
    em = text_width(word.upper(), 1.0, CAPTION_SPACING)
    return h("small", {"style": f"--fit:{CAPTION_ROOM / em:.1f}cqi"}, word)


def hand_html(
    scene: DogScene, mine: Observation | None, ok: set[str], taps: dict[str, TapData], selected: str | None
) -> Markup | None:
    """The viewer's hand: playable cards edged (``ok``, when any), the chosen one marked, the card
    received this round (DOG-3) marked until it is played; ``taps`` by card kind."""
    t = scene.t
    hand = mine["hand"] if mine is not None else []
    received = mine.get("received") if mine is not None else None
    got = received if scene.obs["phase"] == "play" and len(hand) == scene.obs.get("cards_dealt") else None
    cards = []
    seen = set()
    for c in hand:
        classes = []
        if ok:
            classes.append("ok" if c in ok else "no")
        if c == selected and c not in seen:
            classes.append("sel")
        if c == got and c not in seen:
            classes.append("got")
            got = None
        seen.add(c)
        cards.append(card_html(c, t, " ".join(classes), taps.get(c)))
    if not hand:
        return None
    return hand_section("dg-hand", t("Your hand"), t("Your cards ({n})").format(n=len(hand)), cards, "dg-cards")


def centre_lines(scene: DogScene) -> list[CentreLine]:
    """The lines in the middle of the board: the round and cards dealt, whose turn, the 7's steps
    left or the last card played; "Game over" at the end."""
    obs, t = scene.obs, scene.t
    if obs["phase"] == "over":
        return [CentreLine(t("Game over"), 20, "#f2c14e")]
    dealt = ngettext("Round {r} · {k} card", "Round {r} · {k} cards", obs["cards_dealt"]).format(
        r=obs["round"], k=obs["cards_dealt"]
    )
    lines = [CentreLine(dealt, 12, "#cfe0dc")]
    turn = obs.get("turn")
    seven = obs.get("seven")
    if obs["phase"] == "give":
        lines.append(CentreLine(t("Giving cards"), 17, "#f4f1e8"))
    elif turn is not None:
        lines.append(CentreLine(scene.names[turn], 19, "#f2c14e"))
        if seven:
            steps = ngettext("7: {k} step left", "7: {k} steps left", seven["left"]).format(k=seven["left"])
            lines.append(CentreLine(steps, 15, "#f4f1e8"))
        elif obs.get("discard"):
            last = t("last card: {card}").format(card=card_name(obs["discard"][-1], t))
            lines.append(CentreLine(last, 12, "#cfe0dc"))
    return lines


def choice_button(text: str, tap: TapData, cls: str = "secondary") -> Markup:
    """A button of the play's choices, its text starting with a capital."""
    return button(text[:1].upper() + text[1:], tap, cls)


def prompt(text: str, small: str | None = None, warn: bool = False) -> Markup:
    """What the player is to do now (``warn``: they cannot play)."""
    return h("p", {"class": ["dg-prompt", "warn" if warn else None]}, text, h("small", None, small) if small else None)


def heading(text: str) -> Markup:
    """The heading over the options of the chosen figure, a sentence from its first letter
    ("Deine Figur … ziehen": the figure's words may open the sentence in lower case)."""
    return h("h2", {"class": "dg-head"}, sentence(text))


def info(text: str) -> Markup:
    """A line of help or news under the board."""
    return h("p", {"class": "dg-info"}, text)


def opts(*buttons: Markup | list[Markup], next_key: str | None = None) -> Markup:
    """A group of option buttons; ``next_key``: they are what the player needs next, brought
    into the window when the key is new (``data-next``, :func:`hotseat.fx.play`)."""
    return h("div", {"class": "dg-opts", "data-next": next_key}, buttons)
