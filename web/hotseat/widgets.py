"""Pieces of HTML that the shell's screens and the game views draw alike, written once.

Each returns :class:`~hotseat.markup.Markup` built with :func:`~hotseat.markup.h`, so every text
and attribute value is escaped. Style (class names) stays with the caller; what is shared is the
element structure, which the stylesheet and the tests rely on.

>>> button("Play", {"pick": 7}, "primary")
Markup('<button type="button" class="primary" data-tap="{&#34;pick&#34;:7}">Play</button>')
>>> button("Faster", {"step": 1}, aria_label="Faster", disabled=True)
Markup('<button type="button" aria-label="Faster" disabled data-tap="{&#34;step&#34;:1}">Faster</button>')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .markup import AttrValue, Child, Markup, h

#: a class attribute: one string, or names of which the falsy ones are skipped
Classes = str | Sequence[str | None] | None


def button(label: Child, tap: Mapping[str, object] | None, cls: Classes = None, **attrs: AttrValue) -> Markup:
    """A ``<button type="button">`` sending ``tap`` (none when ``tap`` is None); extra attributes
    by keyword (``aria_label=`` becomes ``aria-label``), placed before ``data-tap``."""
    named = {k.replace("_", "-"): v for k, v in attrs.items()}
    return h("button", {"type": "button", "class": cls, **named, "data-tap": tap}, label)


def hand_section(cls: str, label: str, title: Child, cards: Child, cards_cls: str, note: Child = None) -> Markup:
    """A player's hand: ``<section class=cls aria-label=label>`` with the heading ``title``, an
    optional ``note`` under it and the ``cards`` in a ``<div class=cards_cls>``. A card that
    leaves it for the table glides there (``data-flip-zone="hand"``, js/motion.mjs)."""
    return h(
        "section",
        {"class": cls, "aria-label": label, "data-flip-zone": "hand"},
        h("h2", None, title),
        note,
        h("div", {"class": cards_cls}, cards),
    )


def seat_classes(base: str, seat: int, viewer: int | None, on_turn: bool) -> list[str]:
    """The classes of a seat's box in a players list: ``base``, ``me`` for the viewer's own seat,
    ``turn`` when it is on turn.

    >>> seat_classes("bb-player", 1, 1, False)
    ['bb-player', 'me']
    """
    classes = [base]
    if seat == viewer:
        classes.append("me")
    if on_turn:
        classes.append("turn")
    return classes


#: the longest last word a name's box keeps whole when it has to cut the name ("2", "facile")
END_WORD = 8


def who(name: str) -> Markup:
    """A player's name in a box too narrow for long names (a chip, a seat's box): ``<span
    class="who">``. A name of more than one word whose last word is short is drawn in two parts,
    ``<span class="lead">`` and ``<span class="end">``, and the stylesheet cuts only the lead with
    an ellipsis: the end that tells names apart stays ("Bot fa… 2" and "Bot facile", never "Bot
    fac…" twice). The element's text is the whole name either way.

    >>> who("Ann")
    Markup('<span class="who">Ann</span>')
    >>> who("Easy bot 2")
    Markup('<span class="who split"><span class="lead">Easy bot</span><span class="end"> 2</span></span>')
    """
    lead, _space, end = name.rpartition(" ")
    if not lead or len(end) > END_WORD:
        return h("span", {"class": "who"}, name)
    return h("span", {"class": "who split"}, h("span", {"class": "lead"}, lead), h("span", {"class": "end"}, " " + end))


def players_list(cls: str, label: str, items: Iterable[Markup]) -> Markup:
    """The players list: ``<ul class=cls aria-label=label>`` of one ``<li>`` per seat (see
    :func:`seat_item`)."""
    return h("ul", {"class": cls, "aria-label": label}, list(items))


def seat_item(classes: Classes, label: str, *children: Child, seat: int | None = None) -> Markup:
    """One seat's box in a players list, read out as ``label``; ``seat``: the cards this seat
    lays may glide out of this box (``data-flip="seat<n>"``, js/motion.mjs)."""
    return h(
        "li", {"class": classes, "aria-label": label, "data-flip": None if seat is None else f"seat{seat}"}, children
    )


def summary_table(this_round: str, total: str, rows: Iterable[Markup]) -> Markup:
    """A round summary's table: a head row with the column titles ``this_round`` and ``total``
    over the ``rows`` of :func:`summary_row`."""
    head = h("tr", None, h("th"), h("th", {"scope": "col"}, this_round), h("th", {"scope": "col"}, total))
    return h("table", None, h("thead", None, head), h("tbody", None, list(rows)))


def summary_row(name: str, delta: str | None, total: int, cls: str | None = None) -> Markup:
    """One seat's row of :func:`summary_table`: the name, what the round added, the total in bold."""
    return h(
        "tr",
        {"class": cls},
        h("th", {"scope": "row"}, name),
        h("td", None, delta),
        h("td", None, h("b", None, str(total))),
    )


def rules_list(items: Iterable[str], title: str | None = None, ordered: bool = True) -> Markup:
    """A short rules summary: the optional heading ``title`` and the ``items`` as a list."""
    body = h("ol" if ordered else "ul", None, [h("li", None, x) for x in items])
    return h("h2", None, title) + body if title is not None else body
