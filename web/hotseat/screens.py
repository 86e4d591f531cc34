"""The shared screens, as HTML strings: home, setup, curtain, game frame, summary, game over, rules.

Pure functions of plain values (no session, no browser); :mod:`hotseat.controller` feeds them.
Every tappable element carries ``data-tap`` (:func:`~hotseat.views.base.tap_attr`); every text
input carries ``data-field`` (the app sends all field values with each tap under ``"fields"``).
"""

from __future__ import annotations

import re

from .i18n import gettext as _
from .views.base import esc, tap_attr

_MENU_ICON = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18M3 12h18M3 18h18" '
    'stroke="currentColor" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>'
)

OPTION_LABELS = {
    "target_score": "Target score",
    "rounds": "Number of rounds",
    "tactical": "Tactical variant",
}

KIND_LABELS = {
    "human": "Human",
    "bot:easy": "Bot · easy",
    "bot:normal": "Bot · normal",
    "bot:hard": "Bot · hard",
}


def option_label(name: str) -> str:
    return _(OPTION_LABELS.get(name, name.replace("_", " ").capitalize()))


def option_doc(doc: str) -> str:
    """An option's doc for players: the ruling ids in parentheses are for developers."""
    return re.sub(r"\s*\((?:[A-Z]+-\d+(?:,\s*)?)+\)", "", doc)


def frame(body: str, status: str = "", screen: str = "", rules_game: str | None = None, menu: bool = True) -> str:
    """A whole screen: header (menu button, status line, rules button) and ``body``."""
    left = (
        f'<button type="button" class="icon" aria-label="{esc(_("Menu"))}"{tap_attr({"shell": "menu"})}>{_MENU_ICON}</button>'
        if menu
        else '<span class="icon-space"></span>'
    )
    right = (
        f'<button type="button" class="icon" aria-label="{esc(_("Rules"))}"{tap_attr({"shell": "rules", "game": rules_game})}>?</button>'
        if rules_game
        else '<span class="icon-space"></span>'
    )
    header = ""
    if menu or rules_game or status:
        header = f'<header class="bar">{left}<p class="status" role="status">{esc(status)}</p>{right}</header>'
    return f'<div class="screen" data-screen="{esc(screen)}">{header}<div class="body">{body}</div></div>'


def home(games: list[dict], save: dict | None, save_error: str | None) -> str:
    """The home screen: Continue (if a saved game), the unreadable-save notice, the game list.

    ``games``: ``[{"id", "name", "min", "max"}]``; ``save``: ``{"game", "names", "detail"}``.
    """
    parts = ['<div class="home"><h1 class="logo">Hotseat</h1>',
             f'<p class="tagline">{esc(_("Tabletop games for one phone, passed around the table."))}</p>']
    if save_error is not None:
        parts.append(
            '<section class="notice bad" role="alert">'
            f'<h2>{esc(_("Your saved game could not be read"))}</h2>'
            f'<p>{esc(_("Reason: {reason}").format(reason=save_error))}</p>'
            f'<p>{esc(_("It is kept as it is. Discard it only if you want to start fresh."))}</p>'
            f'<button type="button" class="danger"{tap_attr({"shell": "discard"})}>{esc(_("Discard saved game"))}</button>'
            "</section>"
        )
    if save is not None:
        parts.append(
            '<section class="notice">'
            f'<h2>{esc(_("Saved game"))}</h2><p><b>{esc(save["game"])}</b> · {esc(", ".join(save["names"]))}</p>'
            f'<p class="note">{esc(save["detail"])}</p>'
            f'<button type="button" class="primary"{tap_attr({"shell": "resume"})}>{esc(_("Continue"))}</button>'
            "</section>"
        )
    parts.append(f'<h2 class="section">{esc(_("New game"))}</h2><ul class="games">')
    for g in games:
        players = _("{a}–{b} players").format(a=g["min"], b=g["max"])
        parts.append(
            f'<li><button type="button" class="game"{tap_attr({"shell": "new", "game": g["id"]})}>'
            f'<span class="gname">{esc(g["name"])}</span><span class="note">{esc(players)}</span></button>'
            f'<button type="button" class="icon"{tap_attr({"shell": "rules", "game": g["id"]})} '
            f'aria-label="{esc(_("Rules of {game}").format(game=g["name"]))}">?</button></li>'
        )
    parts.append("</ul></div>")
    return frame("".join(parts), status="", screen="home", menu=False)


def setup(game, setup_state: dict, bot_kinds: list[str]) -> str:
    """Setup: player count, names, seat kinds, the game's options with their docs.

    ``setup_state``: ``{"game", "n", "names", "kinds", "opts", "error"}``; ``bot_kinds``: the
    bot seat kinds that can be chosen (empty while ``pycore.bots`` does not exist).
    """
    n = setup_state["n"]
    parts = [f'<div class="setup"><h1>{esc(game.name)}</h1>']
    count_label = _("Players")
    parts.append(
        f'<section class="field count"><h2>{esc(count_label)}</h2><div class="stepper">'
        f'<button type="button" aria-label="{esc(_("Fewer players"))}"{tap_attr({"shell": "count", "delta": -1})}'
        f'{" disabled" if n <= game.min_players else ""}>−</button>'
        f'<output aria-live="polite">{n}</output>'
        f'<button type="button" aria-label="{esc(_("More players"))}"{tap_attr({"shell": "count", "delta": 1})}'
        f'{" disabled" if n >= game.max_players else ""}>+</button></div></section>'
    )
    parts.append(f'<section class="field seats"><h2>{esc(_("Seats"))}</h2><ol>')
    for i in range(n):
        kind = setup_state["kinds"][i]
        kind_btn = ""
        if bot_kinds:
            kind_btn = (
                f'<button type="button" class="kind"{tap_attr({"shell": "kind", "seat": i})}>'
                f"{esc(_(KIND_LABELS.get(kind, kind)))}</button>"
            )
        parts.append(
            f'<li><input type="text" maxlength="40" autocomplete="off" aria-label="{esc(_("Name of player {n}").format(n=i + 1))}" '
            f'data-field="name-{i}" value="{esc(setup_state["names"][i])}">{kind_btn}</li>'
        )
    parts.append("</ol>")
    if not bot_kinds:
        parts.append(f'<p class="note">{esc(_("Every seat is a human player in this game."))}</p>')
    parts.append("</section>")
    if game.options:
        parts.append(f'<section class="field options"><h2>{esc(_("Options"))}</h2>')
        for name, opt in game.options.items():
            value = setup_state["opts"].get(name)
            label = esc(option_label(name))
            doc = f'<p class="note">{esc(_(option_doc(opt.doc)))}</p>'
            if isinstance(opt.default, bool):
                on = bool(value)
                parts.append(
                    f'<div class="opt"><button type="button" class="toggle" role="switch" aria-checked="{"true" if on else "false"}"'
                    f'{tap_attr({"shell": "opt", "name": name, "value": not on})}><span>{label}</span>'
                    f'<span class="switch">{esc(_("On") if on else _("Off"))}</span></button>{doc}</div>'
                )
            elif opt.choices is not None:
                buttons = "".join(
                    f'<button type="button" aria-pressed="{"true" if c == value else "false"}"'
                    f'{tap_attr({"shell": "opt", "name": name, "value": c})}>{esc(c)}</button>'
                    for c in opt.choices
                )
                parts.append(f'<div class="opt"><span class="label">{label}</span><div class="seg">{buttons}</div>{doc}</div>')
            else:
                shown = "" if value is None else str(value)
                bounds = (f' min="{opt.minimum}"' if opt.minimum is not None else "") + (
                    f' max="{opt.maximum}"' if opt.maximum is not None else "")
                placeholder = esc(_("off")) if opt.default is None else ""
                parts.append(
                    f'<div class="opt"><label><span class="label">{label}</span>'
                    f'<input type="number" inputmode="numeric"{bounds} data-field="opt-{esc(name)}" '
                    f'value="{esc(shown)}" placeholder="{placeholder}"></label>{doc}</div>'
                )
        parts.append("</section>")
    if setup_state.get("error"):
        parts.append(f'<p class="error" role="alert">{esc(setup_state["error"])}</p>')
    parts.append(
        f'<div class="actions"><button type="button" class="primary big"{tap_attr({"shell": "start"})}>'
        f'{esc(_("Start game"))}</button></div></div>'
    )
    return frame("".join(parts), status=_("New game"), screen="setup", rules_game=game.id)


def curtain(name: str, public_html: str) -> str:
    """"Pass the phone to NAME" with "Show my cards"; ``public_html`` is the public table only."""
    return (
        '<div class="curtain">'
        f'<div class="pass"><p class="pass-to">{esc(_("Pass the phone to"))}</p><p class="pass-name">{esc(name)}</p>'
        f'<button type="button" class="primary big"{tap_attr({"shell": "show"})}>{esc(_("Show my cards"))}</button>'
        f'<p class="note">{esc(_("Only {name} should look at the screen after this tap.").format(name=name))}</p></div>'
        f'<div class="public">{public_html}</div></div>'
    )


def pending_bar(label: str) -> str:
    """Undo / Confirm for a chosen but unconfirmed action."""
    return (
        f'<div class="pendingbar" role="group" aria-label="{esc(label)}"><p>{esc(label)}</p>'
        f'<button type="button" class="secondary"{tap_attr({"shell": "undo"})}>{esc(_("Undo"))}</button>'
        f'<button type="button" class="primary"{tap_attr({"shell": "confirm"})}>{esc(_("Confirm"))}</button></div>'
    )


def skip_button() -> str:
    """"Skip animation" during a paced reveal: a bar fixed to the bottom of the screen, above
    everything a view draws (even a full-screen effect such as Bunny Bunny Moose Moose's BAM!)."""
    return (f'<div class="skipbar"><button type="button" class="secondary"{tap_attr({"shell": "skip"})}>'
            f'{esc(_("Skip animation"))}</button></div>')


def summary(summary_html: str) -> str:
    """The round summary with Continue."""
    return (
        f'<div class="round-summary">{summary_html}<div class="actions">'
        f'<button type="button" class="primary big"{tap_attr({"shell": "continue"})}>{esc(_("Next round"))}</button></div></div>'
    )


def game_over(names: list[str], scores: list[str], order: list[int], winners: list[int], summary_html: str = "") -> str:
    """Winners (ties share the win), the final standings, Rematch and Home."""
    won = [names[p] for p in winners]
    if len(won) == 1:
        headline = _("{name} wins!").format(name=won[0])
    else:
        headline = _("{names} share the win!").format(names=", ".join(won[:-1]) + " " + _("and") + " " + won[-1])
    rows = []
    for p in order:
        crown = f'<span class="win">{esc(_("winner"))}</span>' if p in winners else ""
        rows.append(f'<li class="{"winner" if p in winners else ""}"><span class="who">{esc(names[p])}</span>{crown}'
                    f'<span class="pts">{esc(scores[p])}</span></li>')
    return (
        f'<div class="game-over"><h1>{esc(headline)}</h1><ol class="standings">{"".join(rows)}</ol>{summary_html}'
        '<div class="actions">'
        f'<button type="button" class="primary big"{tap_attr({"shell": "rematch"})}>{esc(_("Rematch"))}</button>'
        f'<button type="button" class="secondary"{tap_attr({"shell": "menu"})}>{esc(_("Home"))}</button></div></div>'
    )


def rules_overlay(html_fragment: str) -> str:
    """The rules on top of the current screen; ``html_fragment`` is trusted app content."""
    return (
        f'<div class="overlay" role="dialog" aria-modal="true" aria-label="{esc(_("Rules"))}"><div class="sheet">'
        f'<button type="button" class="icon close" aria-label="{esc(_("Close"))}"{tap_attr({"shell": "close"})}>×</button>'
        f'<div class="rules">{html_fragment}</div>'
        f'<div class="actions"><button type="button" class="primary"{tap_attr({"shell": "close"})}>{esc(_("Close"))}</button></div>'
        "</div></div>"
    )


def replace_dialog(save: dict, new_game: str) -> str:
    """"Replace the saved game of GAME (round N; names)?" with Keep and Replace.

    ``save``: the home screen's save summary (``game``, ``names``, ``round``); ``new_game``: the
    name of the game about to be set up.
    """
    names = ", ".join(save["names"])
    if save.get("round") is not None:
        detail = _("round {n}; {names}").format(n=save["round"], names=names)
    else:
        detail = names
    question = _("Replace the saved game of {game} ({detail})?").format(game=save["game"], detail=detail)
    note = _("Starting {game} will delete it for good. Keep it to go on playing it later.").format(game=new_game)
    return (
        f'<div class="overlay dialog" role="alertdialog" aria-modal="true" aria-labelledby="dlg-q"><div class="sheet">'
        f'<h2 id="dlg-q">{esc(question)}</h2><p>{esc(note)}</p>'
        '<div class="actions">'
        f'<button type="button" class="secondary"{tap_attr({"shell": "keep"})}>{esc(_("Keep"))}</button>'
        f'<button type="button" class="danger"{tap_attr({"shell": "replace"})}>{esc(_("Replace"))}</button>'
        "</div></div></div>"
    )


def toast(message: str, info: bool = False) -> str:
    """A line at the bottom of the screen: an error (``role="alert"``) or, with ``info``, a calm note."""
    if info:
        return f'<p class="toast info" role="status">{esc(message)}</p>'
    return f'<p class="toast" role="alert">{esc(message)}</p>'
