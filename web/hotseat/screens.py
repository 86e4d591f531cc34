"""The shared screens, built with :mod:`hotseat.markup`: home, setup, curtain, game frame, summary,
game over, rules, the recovery screen and the dialogs.

Pure functions of plain values (no session, no browser); :mod:`hotseat.controller` feeds them.
Every function returns :class:`~hotseat.markup.Markup`: names, reasons and every other value are
escaped by :func:`~hotseat.markup.h`, so none of them can become an element or an attribute.
Every tappable element carries ``data-tap`` (a dict, sent as JSON); every text input carries
``data-field`` (the app sends all field values with each tap under ``"fields"``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .i18n import N_, around, format_list, ngettext
from .i18n import gettext as _
from .markup import AttrValue, Child, Markup, fragment, h, join, trusted
from .widgets import button as button  # screens.button: the shared button, re-exported

if TYPE_CHECKING:
    from pycore import Game

    from .settings import Settings

_MENU_ICON = trusted(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18M3 12h18M3 18h18" '
    'stroke="currentColor" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>'
)

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


def no_phones_note() -> Markup:
    """Why this browser offers no play on the players' own phones (it cannot connect phones)."""
    return h(
        "p",
        {"class": "note no-phones-why"},
        _("This browser cannot connect phones. To play on your own phones, open Hotseat in Safari, Chrome or Firefox."),
    )


def option_label(name: str) -> str:
    return _(OPTION_LABELS.get(name, name.replace("_", " ").capitalize()))


def option_doc(doc: str) -> str:
    """An option's doc for players: the ruling ids in parentheses are for developers."""
    return re.sub(r"\s*\((?:[A-Z]+-\d+(?:,\s*)?)+\)", "", doc)


def frame(
    body: Markup,
    status: str = "",
    screen: str = "",
    rules_game: str | None = None,
    menu: bool = True,
    private: bool = False,
    tools: Markup | None = None,
) -> Markup:
    """A whole screen: header (menu button, status line, ``tools`` such as the story button, rules
    button) and ``body``.

    The menu button (☰) opens the settings sheet (:func:`settings_sheet`), which has Home on top.

    ``private``: the screen shows one player's private view (``data-private``): the page's
    hide-on-hidden fallback (index.html) blanks such a screen at once when the page is hidden.
    """
    left = (
        button(_MENU_ICON, {"shell": "settings"}, "icon", aria_label=_("Menu and settings"))
        if menu
        else h("span", {"class": "icon-space"})
    )
    right = (
        button("?", {"shell": "rules", "game": rules_game}, "icon", aria_label=_("Rules"))
        if rules_game
        else h("span", {"class": "icon-space"})
    )
    header = None
    if menu or rules_game or status:
        if tools is not None:
            right = h("span", {"class": "bar-tools"}, tools, right)
        header = h(
            "header",
            {"class": ["bar", "with-tools" if tools is not None else None]},
            left,
            h("p", {"class": "status", "role": "status"}, status),
            right,
        )
    return h(
        "div",
        {"class": "screen", "data-screen": screen, "data-private": private},
        header,
        h("div", {"class": "body"}, body),
    )


def _detail_line(detail: str | None) -> Markup | None:
    """A game in progress's line on the home screen (its round, who plays next). While it is still
    being read (``None``: the saves are replayed after the first paint) its place is kept by an
    empty line, so Continue does not move under a finger when the line arrives; an unreadable
    save (``""``) has none."""
    if detail is None:
        return h("p", {"class": "note", "aria-hidden": "true", "data-detail": "reading"}, "\u00a0")
    return h("p", {"class": "note"}, detail) if detail else None


def home(
    games: Sequence[dict[str, Any]],
    saves: Sequence[dict[str, Any]],
    aside: Sequence[dict[str, Any]] = (),
    joinable: bool = False,
    players_button: bool = False,
    hint: Markup | None = None,
    phones: bool = True,
    rejoin: tuple[str, str | None] | None = None,
) -> Markup:
    """The home screen: the games in progress (Continue per game), the game list, set-aside saves.

    ``games``: ``[{"id", "name", "min", "max"}]``; ``saves``: one per game with a save,
    ``{"game": id | None, "key": storage key, "name": game name, "names": [str], "error": reason | None}``
    (an error: the save cannot be opened; its button opens the recovery screen); ``aside``: the set-aside
    unreadable saves, ``{"key", "reason"}``, oldest first; ``players_button``: a "Players" button (the
    players remembered on this phone); ``hint``: a card under the games in progress
    (:func:`hotseat.keeping.hint`); ``phones``: this browser can connect phones (else "Join a
    table" is shown disabled, with :func:`no_phones_note`); ``rejoin``: ``(game name, seat name or
    None)`` of the table whose seat this phone keeps as a player's own phone ("Rejoin <game>").
    """
    parts: list[Markup] = [
        h("h1", {"class": "logo"}, "Hotseat"),
        h("p", {"class": "tagline"}, _("Tabletop games for one phone, passed around the table.")),
    ]
    if saves:
        items = []
        for save in saves:
            if save.get("error") is not None:
                items.append(
                    h(
                        "li",
                        {"class": "bad"},
                        h("p", {"class": "gname"}, save["name"]),
                        h("p", {"class": "note"}, _("This saved game cannot be opened.")),
                        button(
                            _("What can I do?"),
                            {"shell": "recover", "game": save["game"], "key": save["key"]},
                            "danger",
                        ),
                    )
                )
            else:
                items.append(
                    h(
                        "li",
                        None,
                        h("p", {"class": "gname"}, save["name"]),
                        h("p", {"class": "note names"}, join(", ", save["names"])),
                        _detail_line(save.get("detail")),
                        button(_("Continue"), {"shell": "resume", "game": save["game"]}, "primary"),
                    )
                )
        parts.append(
            h(
                "section",
                {"class": "notice saved"},
                h("h2", None, _("Games in progress")),
                h("ul", {"class": "inprogress"}, items),
            )
        )
    if hint is not None:
        parts.append(hint)
    parts.append(h("h2", {"class": "section"}, _("New game")))
    rows = []
    for g in games:
        players = _("{a}–{b} players").format(a=g["min"], b=g["max"])
        rows.append(
            h(
                "li",
                None,
                button(
                    [h("span", {"class": "gname"}, g["name"]), h("span", {"class": "note"}, players)],
                    {"shell": "new", "game": g["id"]},
                    "game",
                ),
                button(
                    "?",
                    {"shell": "rules", "game": g["id"]},
                    "icon",
                    aria_label=_("Rules of {game}").format(game=g["name"]),
                ),
            )
        )
    parts.append(h("ul", {"class": "games"}, rows))
    if players_button:
        parts.append(
            h("div", {"class": "actions players-link"}, button(_("Players"), {"shell": "players"}, "secondary"))
        )
    if joinable:  # this phone as a player's own phone at another phone's table (hotseat.net)
        join_tap = {"shell": "net", "do": "join"}
        if rejoin is not None:
            game_name, seat_name = rejoin
            kept = (
                _("This phone keeps {name}'s seat at a table of {game}: scan the host's code to get the cards back.")
                if seat_name
                else _("This phone keeps a seat at a table of {game}: scan the host's code to get the cards back.")
            )
            rows_join = [
                h("h2", {"class": "section"}, _("Your table")),
                h("p", {"class": "note"}, kept.format(name=seat_name, game=game_name)),
                button(_("Rejoin {game}").format(game=game_name), join_tap, "primary rejoin", disabled=not phones),
                button(_("Join another table"), join_tap, "secondary", disabled=not phones),
            ]
        else:
            rows_join = [
                h("h2", {"class": "section"}, _("Play on your own phone")),
                h("p", {"class": "note"}, _("Another phone hosts the game: scan its code to take your seat.")),
                button(_("Join a table"), join_tap, "secondary", disabled=not phones),
            ]
        parts.append(h("section", {"class": "join"}, rows_join, None if phones else no_phones_note()))
    if aside:
        entries = [
            h(
                "li",
                None,
                h("p", {"class": "note"}, _("Reason: {reason}").format(reason=a["reason"])),
                h(
                    "div",
                    {"class": "actions"},
                    button(_("Download"), {"shell": "download", "key": a["key"]}, "secondary"),
                    button(_("Delete"), {"shell": "delete_aside", "key": a["key"]}, "danger"),
                ),
            )
            for a in aside
        ]
        parts.append(
            h(
                "section",
                {"class": "notice bad aside"},
                h("h2", None, _("Saved games that could not be opened")),
                h("p", None, _("They are kept as they were. Download one to keep a copy, or delete it.")),
                h("ol", None, entries),
            )
        )
    return frame(h("div", {"class": "home"}, parts), status="", screen="home")


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


def setup(
    game: Game[Any],
    setup_state: dict[str, Any],
    bot_kinds: list[str],
    chips: Sequence[str] = (),
    seat_kinds: Sequence[str] = (),
    no_phones: bool = False,
) -> Markup:
    """Setup: player count, names, seat kinds, the game's options with their docs.

    ``setup_state``: ``{"game", "n", "names", "kinds", "opts", "error"}``; ``bot_kinds``: the
    bot seat kinds that can be chosen (empty while ``pycore.bots`` does not exist); ``seat_kinds``:
    every kind a seat can take, in the order shown (a person here first, the bots, a player's own
    phone); ``chips``: recent names offered as one-tap chips under the seats (``{"shell": "chip",
    "name": ...}``); ``no_phones``: the game could be played on the players' own phones but this
    browser cannot connect phones (each seat shows "Own phone" disabled, and the reason). "Start
    game" stays at the bottom of the screen while the page scrolls.
    """
    n = setup_state["n"]
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
    seats = []
    for i in range(n):
        kind = setup_state["kinds"][i]
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
                        "value": setup_state["names"][i],
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
            value = setup_state["opts"].get(name)
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
    if setup_state.get("error"):
        parts.append(h("p", {"class": "error", "role": "alert"}, setup_state["error"]))
    parts.append(h("div", {"class": "actions startbar"}, button(_("Start game"), {"shell": "start"}, "primary big")))
    return frame(h("div", {"class": "setup"}, parts), status=_("New game"), screen="setup", rules_game=game.id)


def curtain(name: str, public: Markup, hidden: bool = False, take_back: str | None = None) -> Markup:
    """ "Pass the phone to NAME" with "Show my cards"; ``public`` is the public table only.

    ``hidden``: NAME holds the phone already and their cards were hidden (the page was hidden:
    phone locked, app switched; or the whole table watched a public screen): it says "Cards
    hidden for NAME" instead.
    ``take_back``: the name of the player who just moved and may still take it back ("Undo my
    move", until NAME shows their cards).
    """
    undo = None
    if take_back is not None:
        undo = button(
            _("Undo my move"),
            {"shell": "take_back"},
            "secondary",
            aria_label=_("Undo my move ({name})").format(name=take_back),
        )
    # the name is set apart in big letters; the words around it come from one message, so that
    # they fit it ("Passa il telefono ad Anna", "Cartes cachées pour Hugo")
    message = _("Cards hidden for {name}") if hidden else _("Pass the phone to {name}")
    lead, tail = around(message, "name", name=name)
    return h(
        "div",
        {"class": "curtain"},
        h(
            "div",
            {"class": "pass"},
            h("p", {"class": "pass-to"}, lead.strip()),
            h("p", {"class": "pass-name"}, name),
            h("p", {"class": "pass-to"}, tail.strip()) if tail.strip() else None,
            button(_("Show my cards"), {"shell": "show"}, "primary big"),
            h("p", {"class": "note"}, _("Only {name} should look at the screen after this tap.").format(name=name)),
            undo,
        ),
        h("div", {"class": "public"}, public),
    )


def pending_bar(label: str) -> Markup:
    """Undo / Confirm for a chosen but unconfirmed action."""
    return h(
        "div",
        {"class": "pendingbar", "role": "group", "aria-label": label},
        h("p", None, label),
        button(_("Undo"), {"shell": "undo"}, "secondary"),
        button(_("Confirm"), {"shell": "confirm"}, "primary"),
    )


def skip_button() -> Markup:
    """ "Skip animation" during a paced reveal: a bar fixed to the bottom of the screen, above
    everything a view draws (even a full-screen effect such as Bunny Bunny Moose Moose's BAM!)."""
    return h("div", {"class": "skipbar"}, button(_("Skip animation"), {"shell": "skip"}, "secondary"))


def summary(summary_html: Markup) -> Markup:
    """The round summary with Continue."""
    return h(
        "div",
        {"class": "round-summary"},
        summary_html,
        h("div", {"class": "actions"}, button(_("Next round"), {"shell": "continue"}, "primary big")),
    )


def game_over(
    names: list[str],
    scores: list[str],
    order: list[int],
    winners: list[int],
    summary_html: Markup | None = None,
    actions: Markup | None = None,
) -> Markup:
    """Winners (ties share the win; no winner: everyone shares it), the final standings in
    ``order``, the last round's summary, and ``actions`` (default: Rematch and Home)."""
    won = [names[p] for p in winners] or list(names)
    if len(won) == 1:
        headline = _("{name} wins!").format(name=won[0])
    else:
        headline = _("{names} share the win!").format(names=format_list(won))
    rows = [
        h(
            "li",
            {"class": "winner" if p in winners else None},
            h("span", {"class": "who"}, names[p]),
            h("span", {"class": "win"}, _("winner")) if p in winners else None,
            h("span", {"class": "pts"}, scores[p]),
        )
        for p in order
    ]
    return h(
        "div",
        {"class": "game-over"},
        h("h1", None, headline),
        h("ol", {"class": "standings"}, rows),
        summary_html,
        h(
            "div",
            {"class": "actions"},
            actions
            if actions is not None
            else fragment(
                button(_("Rematch"), {"shell": "rematch"}, "primary big"),
                button(_("Home"), {"shell": "menu"}, "secondary"),
            ),
        ),
    )


def rules_overlay(content: Markup) -> Markup:
    """The rules on top of the current screen."""
    return h(
        "div",
        {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": _("Rules")},
        h(
            "div",
            {"class": "sheet"},
            button("×", {"shell": "close"}, "icon close", aria_label=_("Close")),
            h("div", {"class": "rules"}, content),
            h("div", {"class": "actions"}, button(_("Close"), {"shell": "close"}, "primary")),
        ),
    )


def rules_page(text: str) -> Markup:
    """The text of ``rules/<game>.html`` as markup.

    That file is part of the app itself: made from ``seeds/`` by the build, served from the
    app's own origin and precached beside the code, so it has the trust of the code and is the
    one run-time text inserted as HTML. Nothing a player typed or storage held reaches it.
    """
    return Markup(text)


def replace_dialog(save: dict[str, Any], new_game: str) -> Markup:
    """ "Replace the saved game of GAME (round N; names)?" with Keep and Replace.

    ``save``: the save summary (``name``: the game's name, ``names``, ``round``: int or None);
    ``new_game``: the name of the game about to be set up.
    """
    names = ", ".join(save["names"])
    if save.get("round") is not None:
        detail = _("round {n}; {names}").format(n=save["round"], names=names)
    else:
        detail = names
    question = _("Replace the saved game of {game} ({detail})?").format(game=save["name"], detail=detail)
    note = _("Starting {game} will delete it for good. Keep it to go on playing it later.").format(game=new_game)
    return dialog(
        question,
        note,
        [button(_("Keep"), {"shell": "keep"}, "secondary"), button(_("Replace"), {"shell": "replace"}, "danger")],
    )


def abandon_dialog(game_name: str, phones: Sequence[str] = ()) -> Markup:
    """ "Abandon this game of GAME?" with Keep playing and Abandon (``{"shell": "abandon"}``);
    ``phones``: the names whose phone is connected (they are told the game ended)."""
    note = _("Its save is deleted: it cannot be continued.")
    if phones:
        note += " " + ngettext(
            "{names}'s phone is told that the game ended.",
            "The phones of {names} are told that the game ended.",
            len(phones),
        ).format(names=format_list(phones))
    return dialog(
        _("Abandon this game of {game}?").format(game=game_name),
        note,
        [
            button(_("Keep playing"), {"shell": "keep"}, "secondary"),
            button(_("Abandon"), {"shell": "abandon"}, "danger"),
        ],
        cover=bool(phones),
    )


def close_table_dialog(game_name: str, phones: Sequence[str]) -> Markup:
    """ "Close the table of GAME?": the host left a table whose ``phones`` (names) are still
    connected and tapped what would close it; Keep / "Close the table" (``{"shell":
    "close_table"}``). It says what the phones see and how they come back."""
    return dialog(
        _("Close the table of {game}?").format(game=game_name),
        ngettext(
            "{names}'s phone is still connected to it and waits. Closing the table disconnects it; "
            "the game stays saved, and when you continue it the phone gets its seat back by scanning your code.",
            "The phones of {names} are still connected to it and wait. Closing the table disconnects them; "
            "the game stays saved, and when you continue it each phone gets its seat back by scanning your code.",
            len(phones),
        ).format(names=format_list(phones)),
        [
            button(_("Keep the table"), {"shell": "keep"}, "secondary"),
            button(_("Close the table"), {"shell": "close_table"}, "danger"),
        ],
    )


def dialog(question: str, note: str | Markup | None, buttons: list[Markup], cover: bool = False) -> Markup:
    """A question on a sheet over the screen (``role="alertdialog"``); ``cover``: the screen
    under it is hidden, not dimmed (it is about the phones: someone else may be looking)."""
    return h(
        "div",
        {
            "class": ["overlay", "dialog", "cover" if cover else None],
            "role": "alertdialog",
            "aria-modal": "true",
            "aria-labelledby": "dlg-q",
        },
        h(
            "div",
            {"class": "sheet"},
            h("h2", {"id": "dlg-q"}, question),
            h("p", None, note) if note else None,
            h("div", {"class": "actions"}, buttons),
        ),
    )


def recovery(game_name: str | None, reason: str, can_download: bool = True) -> Markup:
    """ "This saved game cannot be opened: REASON" with Keep / Download / Delete.

    Keep leaves the save exactly where it is (home lists it); Download offers its text as a
    file; Delete removes it, on this explicit tap only.
    """
    title = _("This saved game cannot be opened: {reason}").format(reason=reason)
    body = h(
        "div",
        {"class": "recovery"},
        h("h1", None, game_name or _("Saved game")),
        h("p", {"class": "reason", "role": "alert"}, title),
        h(
            "p",
            {"class": "note"},
            _(
                "Nothing has been deleted. Keep it to try again later (a newer version of "
                "the app may open it), download a copy, or delete it."
            ),
        ),
        h(
            "div",
            {"class": "actions"},
            button(_("Keep"), {"shell": "keep_save"}, "primary"),
            button(_("Download"), {"shell": "download"}, "secondary") if can_download else None,
            button(_("Delete"), {"shell": "delete_save"}, "danger"),
        ),
    )
    return frame(body, _("Saved game"), screen="recovery", menu=False)


def elsewhere(game_name: str, changed: bool = False, replaced: bool = False) -> Markup:
    """ "This game is open in another window" with "Play here instead" (and Home).

    ``changed``: the save was changed by another window after this one read it (the move made
    here was not saved): the text says so. ``replaced``: another window stored another save of
    the game while it was on screen here (a restored backup, a move there): this window
    stopped writing it.
    """
    if replaced:
        text = _(
            "This game was changed in another window (a move there, a new game or a restored backup). "
            "This window stopped saving it: “Play here instead” opens the game as it is stored now."
        )
    elif changed:
        text = _("This game was changed in another window. Your last move here was not saved.")
    else:
        text = _("This game is open in another window.")
    body = h(
        "div",
        {"class": "elsewhere"},
        h("h1", None, game_name),
        h("p", {"role": "alert"}, text),
        h("p", {"class": "note"}, _("One game is played in one window at a time, so no move is lost.")),
        h(
            "div",
            {"class": "actions"},
            button(_("Play here instead"), {"shell": "take_over"}, "primary big"),
            button(_("Home"), {"shell": "menu"}, "secondary"),
        ),
    )
    return frame(body, _("Open in another window"), screen="elsewhere", menu=False)


def toast(message: str, info: bool = False) -> Markup:
    """A line at the bottom of the screen: an error (``role="alert"``) or, with ``info``, a calm note."""
    if info:
        return h("p", {"class": "toast info", "role": "status"}, message)
    return h("p", {"class": "toast", "role": "alert"}, message)


def last_resort(reason: str) -> Markup:
    """The page when even the recovery screen could not be drawn: plain text, one way home."""
    return fragment(
        h(
            "div",
            {"class": "screen", "data-screen": "failed"},
            h(
                "div",
                {"class": "body"},
                h("h1", None, _("Something went wrong")),
                h("p", None, reason),
                h("p", None, _("Your saved games are kept.")),
                button(_("Home"), {"shell": "menu"}, "primary big"),
            ),
        )
    )


#: the settings sheet's choices (the Settings values, hotseat.settings) and their labels
THEME_LABELS = {"system": N_("Like the phone"), "light": N_("Light"), "dark": N_("Dark")}
ANIMATION_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "off": N_("None")}
#: how much one tap on Slower / Faster changes the narrator's speed
VOICE_RATE_STEP = 0.25


def _sheet_row(title: str, control: Markup, note: str | None = None) -> Markup:
    return h(
        "div", {"class": "set-row"}, h("h3", None, title), control, h("p", {"class": "note"}, note) if note else None
    )


def _choice(label: str, name: str, value: object, current: object, **attrs: AttrValue) -> Markup:
    return button(
        label,
        {"shell": "setting", "name": name, "value": value},
        None,
        aria_pressed="true" if value == current else "false",
        **attrs,
    )


def _switch(label: str, name: str, on: bool) -> Markup:
    state = h("span", {"class": "switch", "aria-hidden": "true"}, _("On") if on else _("Off"))
    return button(
        [h("span", None, label), state],
        {"shell": "setting", "name": name, "value": not on},
        "toggle",
        role="switch",
        aria_checked="true" if on else "false",
    )


def settings_sheet(
    settings: Settings,
    languages: Sequence[tuple[str, str]],
    voices: Sequence[tuple[str, str]],
    home: bool = True,
    players: bool = False,
    rate_bounds: tuple[float, float] = (0.5, 2.0),
    backup: Markup | None = None,
    abandon: bool = False,
) -> Markup:
    """The settings sheet opened from the ☰ button, over the current screen.

    ``settings``: a :class:`hotseat.settings.Settings`; ``languages``: ``(code, its own name)``
    pairs (``"de"``, ``"Deutsch"``), each button marked with its ``lang`` so a screen reader reads
    it in that language; ``voices``: ``(voiceURI, name)`` of the on-device voices of the current
    language (the narrator's choice; ``""`` = the first one); ``home``: a Home button on top (not
    on the home screen itself); ``players``: a row opening the players list; ``backup``: the Backup
    row, drawn by the caller (:func:`hotseat.keeping.backup_row`); ``abandon``: "Abandon game" beside Home
    (``{"shell": "abandon"}``: a game under way, which it asks about first, see
    :func:`abandon_dialog`). Every choice sends
    ``{"shell": "setting", "name": <setting>, "value": <new value>}``; nothing on it depends on
    whose turn it is, so it may cover any screen.
    """
    from .i18n import format_number

    rows: list[Markup] = []
    if home:
        give_up = button(_("Abandon game"), {"shell": "abandon"}, "danger") if abandon else None
        rows.append(h("div", {"class": "set-home"}, button(_("Home"), {"shell": "menu"}, "secondary big"), give_up))
    langs = [_choice(_("Like the phone"), "language", "", settings.language)]
    langs += [_choice(name, "language", code, settings.language, lang=code) for code, name in languages]
    rows.append(
        _sheet_row(_("Language"), h("div", {"class": "seg langs", "role": "group", "aria-label": _("Language")}, langs))
    )
    rows.append(
        h(
            "div",
            {"class": "set-row"},
            _switch(_("Sound"), "sound", settings.sound),
            _switch(_("Vibration"), "vibration", settings.vibration),
            _switch(_("Keep the screen on during a game"), "wake_lock", settings.wake_lock),
        )
    )
    voice_buttons = [_choice(_("Automatic"), "voice", "", settings.voice)]
    voice_buttons += [_choice(name, "voice", uri, settings.voice) for uri, name in voices]
    low, high = rate_bounds
    rate = settings.voice_rate
    decimals = 0 if rate == int(rate) else 1 if round(rate * 10) == rate * 10 else 2
    speed = h(
        "div",
        {"class": "stepper"},
        button(
            "−",
            {"shell": "setting", "name": "voice_rate", "value": max(low, rate - VOICE_RATE_STEP)},
            None,
            aria_label=_("Slower"),
            disabled=rate <= low,
        ),
        h("output", {"aria-live": "polite"}, _("{rate}×").format(rate=format_number(rate, decimals))),
        button(
            "+",
            {"shell": "setting", "name": "voice_rate", "value": min(high, rate + VOICE_RATE_STEP)},
            None,
            aria_label=_("Faster"),
            disabled=rate >= high,
        ),
    )
    rows.append(
        _sheet_row(
            _("Narrator's voice"),
            h("div", {"class": "seg voices", "role": "group", "aria-label": _("Narrator's voice")}, voice_buttons),
            None if voices else _("This phone has no voice for this language: the poem is shown, not read."),
        )
    )
    rows.append(_sheet_row(_("Narrator's speed"), speed))
    rows.append(
        _sheet_row(
            _("Theme"),
            h(
                "div",
                {"class": "seg", "role": "group", "aria-label": _("Theme")},
                [_choice(_(label), "theme", value, settings.theme) for value, label in THEME_LABELS.items()],
            ),
        )
    )
    rows.append(
        _sheet_row(
            _("Animation"),
            h(
                "div",
                {"class": "seg", "role": "group", "aria-label": _("Animation")},
                [
                    _choice(_(label), "animation", value, settings.animation)
                    for value, label in ANIMATION_LABELS.items()
                ],
            ),
        )
    )
    if players:
        rows.append(h("div", {"class": "set-row"}, button(_("Players"), {"shell": "players"}, "secondary")))
    if backup is not None:
        rows.append(backup)
    return h(
        "div",
        {"class": "overlay settings", "role": "dialog", "aria-modal": "true", "aria-labelledby": "set-h"},
        h(
            "div",
            {"class": "sheet"},
            button("×", {"shell": "close"}, "icon close", aria_label=_("Close")),
            h("h2", {"id": "set-h"}, _("Settings")),
            rows,
            h("div", {"class": "actions"}, button(_("Close"), {"shell": "close"}, "primary")),
        ),
    )
