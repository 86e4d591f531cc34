"""A 6 nimmt! card drawn: its number and its bullheads as small heads (SN-1), coloured by value
like the printed cards (1 plain, 2 blue, 3 orange, 5 red, 7 purple: the ``bh<n>`` classes)."""

from __future__ import annotations

from collections.abc import Mapping

from pycore.games.six_nimmt import bullheads  # the printed cards (SN-1)

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


def card_html(card: int, t: Translate, extra_class: str = "", tap: Mapping[str, object] | None = None) -> Markup:
    """One card: its number, and its bullheads as heads; a ``<button>`` when ``tap`` is given."""
    heads = bullheads(card)
    label = ngettext("{card}, {n} bullhead", "{card}, {n} bullheads", heads).format(card=card, n=heads)
    inner = (h("span", {"class": "heads"}, [BULL] * heads), h("span", {"class": "num"}, str(card)))
    classes = ["card", f"bh{heads}", "n3" if card >= 100 else None, extra_class]
    if tap is not None:
        return button(inner, tap, classes, aria_label=label)
    return h("span", {"class": classes, "role": "img", "aria-label": label}, inner)
