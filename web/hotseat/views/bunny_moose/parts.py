"""Pieces of the Bunny Bunny Moose Moose screens: player colours, notes, the poem's
line, the row of six stacks, the card just turned, sound markers."""

from __future__ import annotations

from pycore.games.bunny_moose import NUM_STACKS, CardInfo, PublicObservation  # BM-4

from ... import poems
from ...markup import Child, Markup, h
from ..base import Translate
from .drawing import card_svg
from .narration import card_words

#: player colours (the box has six)
COLOURS = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00"]


def colour(p: int) -> str:
    """Player ``p``'s colour."""
    return COLOURS[p % len(COLOURS)]


def dot(p: int) -> Markup:
    """A dot in player ``p``'s colour."""
    return h("span", {"class": "bm-dot", "style": f"background:{colour(p)}"})


def note(*children: Child) -> Markup:
    """A line of explanation."""
    return h("p", {"class": "bm-note"}, children)


def poem_line(obs: PublicObservation, index: int, t: Translate, small: bool = False, say: bool = False) -> Markup:
    """Line ``index`` of the round's poem (:mod:`hotseat.poems`, in the current language), its
    ending in bold; ``say``: the app narrator's voice reads it too (``data-say``, played once per
    round and line by :mod:`hotseat.fx`)."""
    lines = poems.lines(obs["poem"] if obs["poem"] in poems.KINDS else "short")
    line = lines[index % len(lines)]
    n = t("Line {i} of {n}").format(i=index % len(lines) + 1, n=len(lines))
    key = f"say{obs['round']}-{index}"
    voice = h("i", {"hidden": True, "data-say": line.text, "data-fx-key": key}) if say else None
    return h(
        "section",
        {"class": ["bm-poem", "small" if small else None]},
        h("span", {"class": "n"}, n),
        h("p", None, line.words, " ", h("b", None, line.ending + line.after)),
        voice,
    )


def row_html(
    obs: PublicObservation, t: Translate, new_stack: int | None = None, marks: dict[int, int] | None = None
) -> Markup:
    """The six stacks' top cards (BM-4); ``marks``: stack -> times matched (for a result)."""
    slots = []
    first_pass = not obs["first_pass_done"]
    for i, card in enumerate(obs["top_cards"]):
        classes = ["bm-slot"]
        tag: str | Markup = t("stack {n}").format(n=i + 1)
        if i == new_stack:
            classes.append("new")
        if marks is not None:
            times = marks.get(i, 0)
            classes.append("hit2" if times == 2 else "hit" if times == 1 else "miss")
            if times:
                tag = h("span", {"class": "tag"}, t("2× hit") if times == 2 else t("✓ hit"))
        inner = card_svg(card, t, first_pass=first_pass) if card is not None else h("span", {"class": "empty"})
        slots.append(h("div", {"class": classes}, inner, h("span", None, tag)))
    return h("div", {"class": "bm-row"}, slots)


def big_card(card: CardInfo, t: Translate, where: str, first_pass: bool, new: bool = True) -> Markup:
    """The card just turned, large, with what it asks for in words and where it went."""
    return h(
        "div",
        {"class": ["bm-big", "new" if new else None]},
        card_svg(card, t, first_pass=first_pass),
        h("p", {"class": "words"}, card_words(card, t, first_pass)),
        h("p", {"class": "where"}, where),
    )


def last_card(obs: PublicObservation) -> tuple[CardInfo | None, int | None]:
    """The card placed last this round and its stack (None before the first reveal)."""
    placed = obs["placed"]
    if placed == 0:
        return None, None
    stack = (placed - 1) % NUM_STACKS
    return obs["top_cards"][stack], stack
