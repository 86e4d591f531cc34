"""A Bad Bunnies card drawn: its number; the jokers (1, 7) gold and saying so (BB-1)."""

from __future__ import annotations

from collections.abc import Mapping

from pycore.games.bad_bunnies import BIG_JOKER, JOKERS, LITTLE_JOKER  # BB-1

from ...markup import Markup, h
from ...widgets import button
from ..base import Translate


def card_html(
    card: int,
    t: Translate,
    classes: str = "",
    tap: Mapping[str, object] | None = None,
    flip: str | None = None,
    came_from: str | None = None,
) -> Markup:
    """One card: its number; the jokers (1, 7) are gold and say so. A button when ``tap`` is given.
    It glides between two draws (js/motion.mjs) under the key ``flip`` (default ``c<card>``);
    ``came_from``: the key of what it comes out of when it was not on the last screen."""
    key = flip or f"c{card}"
    joker = card in JOKERS
    tag = h("span", {"class": "tag"}, t("joker")) if joker else None
    label = (
        t("{card}, little joker").format(card=card)
        if card == LITTLE_JOKER
        else (t("{card}, big joker").format(card=card) if card == BIG_JOKER else str(card))
    )
    cls = ["bb-card", "joker" if joker else None, classes]
    if tap is not None:
        # a button is named by what it shows ("1 joker"): a screen reader says what the eye reads
        return button((str(card), " ", tag) if tag is not None else str(card), tap, cls, data_flip=key)
    attrs = {"class": cls, "role": "img", "aria-label": label, "data-flip": key, "data-flip-from": came_from}
    return h("span", attrs, str(card), tag)
