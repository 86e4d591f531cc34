"""A 6 nimmt! card drawn: its number and its bullheads as small heads (SN-1), coloured by value
like the printed cards (1 plain, 2 blue, 3 orange, 5 red, 7 purple: the ``bh<n>`` classes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pycore.games.six_nimmt import bullheads, placement  # the printed cards (SN-1), SN-4, SN-5

from ...i18n import ngettext
from ...markup import Markup, h, trusted
from ...widgets import button
from ..base import Translate

#: a small bull's head (horns, face), drawn inline so nothing is fetched
BULL = trusted(
    '<svg class="bh" viewBox="0 0 20 16" aria-hidden="true" focusable="false">'
    '<path d="M1 1.5Q3 6 6.5 6.3L13.5 6.3Q17 6 19 1.5Q18.5 7.5 14.6 8.6L14.2 11.5Q13.8 15.2 10 15.2'
    'Q6.2 15.2 5.8 11.5L5.4 8.6Q1.5 7.5 1 1.5Z"/></svg>'
)


def card_html(
    card: int,
    t: Translate,
    extra_class: str = "",
    tap: Mapping[str, object] | None = None,
    goes: Goes | None = None,
    came_from: str | None = None,
) -> Markup:
    """One card: its number, and its bullheads as heads; a ``<button>`` when ``tap`` is given;
    with ``goes`` (where it would go now, :class:`Goes`) a tag saying so. The card glides when it
    changes place between two draws (``data-flip``, js/motion.mjs); ``came_from``: the
    ``data-flip`` of the player's box it comes out of when it was nowhere on the last screen."""
    heads = bullheads(card)
    label = ngettext("{card}, {n} bullhead", "{card}, {n} bullheads", heads).format(card=card, n=heads)
    inner: tuple[Markup, ...] = (h("span", {"class": "heads"}, [BULL] * heads), h("span", {"class": "num"}, str(card)))
    if goes is not None:
        tag, says = goes.tag(t)
        inner = (*inner, tag)
        label = f"{label}: {says}"
    classes = ["card", f"bh{heads}", "n3" if card >= 100 else None, extra_class]
    if tap is not None:
        return button(inner, tap, classes, aria_label=label, data_flip=f"c{card}")
    return h(
        "span",
        {"class": classes, "role": "img", "aria-label": label, "data-flip": f"c{card}", "data-flip-from": came_from},
        inner,
    )


@dataclass(frozen=True)
class Goes:
    """Where a hand card would go if it were placed on the rows as they are now
    (:func:`pycore.games.six_nimmt.placement`, SN-4 and SN-5): ``row`` (an index, ``None`` below
    every row), the last card of that row (``after``) and whether it ``takes`` the row."""

    row: int | None
    after: int | None
    takes: bool

    @classmethod
    def on(cls, rows: list[list[int]], card: int) -> Goes:
        """Where ``card`` goes on ``rows`` (the engine's placement)."""
        row, takes = placement(rows, card)
        return cls(row, None if row is None else rows[row][-1], takes)

    def tag(self, t: Translate) -> tuple[Markup, str]:
        """The tag drawn on the card and its words: ``→57`` (after the row that ends with 57),
        on red when the card is that row's sixth and takes it, ``↓`` on brown below every row."""
        if self.row is None or self.after is None:
            return _tag("low", "↓"), t("below every row: you take a row")
        n = self.row + 1
        if self.takes:
            says = t("the sixth card of row {n}: you take the row").format(n=n)
            return _tag("take", f"→{self.after}"), says
        says = t("goes to row {n}, after {card}").format(n=n, card=self.after)
        return _tag(None, f"→{self.after}"), says


def _tag(kind: str | None, shows: str) -> Markup:
    """The tag ``shows`` drawn by the stylesheet (``content: attr(data-goes)``): the card's name is
    its words (the aria-label), and the text on the card stays its number alone."""
    return h("span", {"class": ["goes", kind], "data-goes": shows, "aria-hidden": "true"})
