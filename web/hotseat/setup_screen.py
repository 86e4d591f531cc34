"""The setup screen, built with :mod:`hotseat.markup`: the switch "This screen is the table", the
seats (a name and a kind each), the game's options, the recent names and Start; and the words for
the options and seat kinds. A pure function of plain values (:mod:`hotseat.tables` feeds it from a
:class:`~hotseat.pages.SetupPage`); every value is escaped by :func:`~hotseat.markup.h`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .i18n import N_
from .i18n import gettext as _
from .markup import Child, Markup, h
from .screens import frame, no_phones_note
from .widgets import button

if TYPE_CHECKING:
    from pycore import Game

    from .setup_state import SetupState

OPTION_LABELS = {
    "target_score": N_("Target score"),
    "rounds": N_("Number of rounds"),
    "tactical": N_("Tactical variant"),
    "narrator": N_("Narrator"),
    "basic": N_("Basic"),
    "poem": N_("Poem"),
    "tempo": N_("Tempo"),
    "random_starter": N_("Random starter"),
}

#: the words of an option's choices on the setup buttons (the engine's values; the option's doc
#: quotes them as translated here)
OPTION_VALUES = {
    "player": N_("player"),
    "app": N_("app"),
    "short": N_("short"),
    "long": N_("long"),
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
}

KIND_LABELS = {
    "human": N_("Human"),
    "bot:easy": N_("Bot · easy"),
    "bot:normal": N_("Bot · normal"),
    "bot:hard": N_("Bot · hard"),
    "guest": N_("Own phone"),
}
#: the seat kind of a player's own phone (:data:`hotseat.seats.GUEST`)
GUEST_KIND = "guest"
#: a bot kind's level, under the word "Bot" on its button
BOT_LEVEL_WORDS = {"bot:easy": N_("easy"), "bot:normal": N_("normal"), "bot:hard": N_("hard")}


def option_label(name: str) -> str:
    return _(OPTION_LABELS.get(name, name.replace("_", " ").capitalize()))


def option_doc(doc: str) -> str:
    """An option's doc for players: the ruling ids in parentheses are for developers."""
    return re.sub(r"\s*\((?:[A-Z]+-\d+(?:,\s*)?)+\)", "", doc)


def kind_picker(seat: int, kind: str, kinds: Sequence[str], unavailable: Sequence[str] = ()) -> Markup:
    """One seat's kinds side by side, the seat's own pressed: one tap picks any of them
    (``{"shell": "kind", "seat": seat, "kind": k}``). A bot's button names its level under the
    word "Bot"; its accessible name is what it shows ("Bot easy"). ``unavailable``: kinds
    shown after them, disabled (a player's own phone in a browser that cannot connect phones)."""
    choices = []
    for k in [*kinds, *unavailable]:
        full = _(KIND_LABELS.get(k, k))
        level = BOT_LEVEL_WORDS.get(k)
        # "Bot" over the level; the space between keeps the accessible name "Bot easy", the words shown
        bot = [h("span", {"class": "kbot"}, _("Bot")), " ", h("span", None, _(level))] if level else None
        label: Child = full if bot is None else bot
        choices.append(
            button(
                label,
                {"shell": "kind", "seat": seat, "kind": k},
                None,
                aria_pressed="true" if k == kind else "false",
                disabled=k in unavailable,
            )
        )
    return h("div", {"class": "seg kinds", "role": "group", "aria-label": _("Seat {n}").format(n=seat + 1)}, choices)


def table_switch(offer: str) -> Markup:
    """The setup's switch "This screen is the table" (``offer``: ``"on"``, ``"off"`` or
    ``"suggested"``), a tap turns it over (``{"shell": "table", "on": bool}``)."""
    on = offer == "on"
    if on:
        note = _(
            "Every player plays on their own phone. This screen shows the table large, for all to see, never a hand."
        )
    elif offer == "suggested":
        note = _("Nobody plays at this screen: make it the table in the middle, large for all to see.")
    else:
        note = _("A tablet or laptop in the middle: every player on their own phone, the table large on this screen.")
    return h(
        "section",
        {"class": ["field", "opt", "table-choice", "suggested" if offer == "suggested" else None]},
        button(
            [
                h("span", None, _("This screen is the table")),
                h("span", {"class": "switch"}, _("On") if on else _("Off")),
            ],
            {"shell": "table", "on": not on},
            "toggle",
            role="switch",
            aria_checked="true" if on else "false",
        ),
        h("p", {"class": "note"}, note),
    )


def setup(
    game: Game[Any],
    setup_state: SetupState,
    bot_kinds: list[str],
    chips: Sequence[str] = (),
    seat_kinds: Sequence[str] = (),
    no_phones: bool = False,
    table: str | None = None,
) -> Markup:
    """Setup: player count, "This screen is the table", names, seat kinds, the game's options
    with their docs.

    ``setup_state``: the choices (:class:`hotseat.setup_state.SetupState`); ``bot_kinds``: the
    bot seat kinds that can be chosen (empty while ``pycore.bots`` does not exist); ``seat_kinds``:
    every kind a seat can take, in the order shown (a person here first, the bots, a player's own
    phone); ``chips``: recent names offered as one-tap chips under the seats (``{"shell": "chip",
    "name": ...}``); ``no_phones``: the game could be played on the players' own phones but this
    browser cannot connect phones (each seat shows "Own phone" disabled, and the reason); ``table``:
    the switch "This screen is the table" (:meth:`hotseat.pages.SetupPage.table_offer`: ``None``
    draws none, ``"on"``, ``"off"``, or ``"suggested"``: off, with a word that nobody plays at this
    screen). "Start game" stays at the bottom of the screen while the page scrolls.
    """
    n = setup_state.n
    parts: list[Markup] = [h("h1", None, game.name)]
    parts.append(
        h(
            "section",
            {"class": "field count"},
            h("h2", None, _("Players")),
            h(
                "div",
                {"class": "stepper"},
                button(
                    "−",
                    {"shell": "count", "delta": -1},
                    None,
                    aria_label=_("Fewer players"),
                    disabled=n <= game.min_players,
                ),
                h("output", {"aria-live": "polite"}, n),
                button(
                    "+",
                    {"shell": "count", "delta": 1},
                    None,
                    aria_label=_("More players"),
                    disabled=n >= game.max_players,
                ),
            ),
        )
    )
    if table is not None:
        parts.append(table_switch(table))
    seats = []
    for i in range(n):
        kind = setup_state.kinds[i]
        kind_btn = kind_picker(i, kind, seat_kinds, [GUEST_KIND] if no_phones else []) if bot_kinds else None
        seats.append(
            h(
                "li",
                None,
                h(
                    "input",
                    {
                        "type": "text",
                        "maxlength": 40,
                        "autocomplete": "off",
                        "aria-label": _("Name of player {n}").format(n=i + 1),
                        "data-field": f"name-{i}",
                        "value": setup_state.names[i],
                    },
                ),
                kind_btn,
            )
        )
    seat_note = None if bot_kinds else h("p", {"class": "note"}, _("Every seat is a human player in this game."))
    phones_note = no_phones_note() if no_phones else None
    chip_row = None
    if chips:
        chip_row = h(
            "div",
            {"class": "chips", "role": "group", "aria-label": _("Recent players")},
            [button(name, {"shell": "chip", "name": name}, "name-chip") for name in chips],
        )
    parts.append(
        h(
            "section",
            {"class": "field seats"},
            h("h2", None, _("Seats")),
            h("ol", None, seats),
            chip_row,
            seat_note,
            phones_note,
        )
    )
    if game.options:
        opts = []
        for name, opt in game.options.items():
            value = setup_state.opts.get(name)
            label = option_label(name)
            doc = h("p", {"class": "note"}, option_doc(_(opt.doc)))  # the catalogue's msgid keeps the ids
            if isinstance(opt.default, bool):
                on = bool(value)
                opts.append(
                    h(
                        "div",
                        {"class": "opt"},
                        button(
                            [h("span", None, label), h("span", {"class": "switch"}, _("On") if on else _("Off"))],
                            {"shell": "opt", "name": name, "value": not on},
                            "toggle",
                            role="switch",
                            aria_checked="true" if on else "false",
                        ),
                        doc,
                    )
                )
            elif opt.choices is not None:
                choices = [
                    button(
                        _(OPTION_VALUES[c]) if isinstance(c, str) and c in OPTION_VALUES else str(c),
                        {"shell": "opt", "name": name, "value": c},
                        None,
                        aria_pressed="true" if c == value else "false",
                    )
                    for c in opt.choices
                ]
                opts.append(
                    h(
                        "div",
                        {"class": "opt"},
                        h("span", {"class": "label"}, label),
                        h("div", {"class": "seg"}, choices),
                        doc,
                    )
                )
            else:
                field = h(
                    "input",
                    {
                        "type": "number",
                        "inputmode": "numeric",
                        "min": opt.minimum,
                        "max": opt.maximum,
                        "data-field": f"opt-{name}",
                        "value": "" if value is None else str(value),
                        "placeholder": _("off") if opt.default is None else "",
                    },
                )
                opts.append(
                    h("div", {"class": "opt"}, h("label", None, h("span", {"class": "label"}, label), field), doc)
                )
        parts.append(h("section", {"class": "field options"}, h("h2", None, _("Options")), opts))
    if setup_state.error:
        parts.append(h("p", {"class": "error", "role": "alert"}, setup_state.error))
    parts.append(h("div", {"class": "actions startbar"}, button(_("Start game"), {"shell": "start"}, "primary big")))
    return frame(h("div", {"class": "setup"}, parts), status=_("New game"), screen="setup", rules_game=game.id)
