"""The shared screens, built with :mod:`hotseat.markup`: the game frame, curtain, summary, game
over, rules, the recovery and "open in another window" screens, the dialogs and toasts. The home
screen is :mod:`hotseat.home_screen`'s, the setup screen :mod:`hotseat.setup_screen`'s, the
settings sheet :mod:`hotseat.settings_sheet`'s.

Pure functions of plain values (no session, no browser); :mod:`hotseat.controller` feeds them.
Every function returns :class:`~hotseat.markup.Markup`: names, reasons and every other value are
escaped by :func:`~hotseat.markup.h`, so none of them can become an element or an attribute.
Every tappable element carries ``data-tap`` (a dict, sent as JSON); every text input carries
``data-field`` (the app sends all field values with each tap under ``"fields"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .formats import format_list
from .i18n import around, ngettext
from .i18n import gettext as _
from .markup import Markup, fragment, h, trusted
from .widgets import button as button  # screens.button: the shared button, re-exported

_MENU_ICON = trusted(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18M3 12h18M3 18h18" '
    'stroke="currentColor" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>'
)


def no_phones_note() -> Markup:
    """Why this browser offers no play on the players' own phones (it cannot connect phones)."""
    return h(
        "p",
        {"class": "note no-phones-why"},
        _("This browser cannot connect phones. To play on your own phones, open Hotseat in Safari, Chrome or Firefox."),
    )


def frame(
    body: Markup,
    status: str = "",
    screen: str = "",
    rules_game: str | None = None,
    menu: bool = True,
    private: bool = False,
    tools: Markup | None = None,
    table: bool = False,
) -> Markup:
    """A whole screen: header (menu button, status line, ``tools`` such as the story button, rules
    button) and ``body``.

    The menu button (☰) opens the settings sheet (:func:`hotseat.settings_sheet.settings_sheet`),
    which has Home on top.

    ``private``: the screen shows one player's private view (``data-private``): the page's
    hide-on-hidden fallback (index.html) blanks such a screen at once when the page is hidden.
    ``table``: this screen is the table in the middle (class ``table-screen`` on the screen's root,
    for its large layout).
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
        {"class": ["screen", "table-screen" if table else None], "data-screen": screen, "data-private": private},
        header,
        h("div", {"class": "body"}, body),
    )


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
