"""The settings sheet opened from the menu button (☰), built with :mod:`hotseat.markup`: Home
(and "Abandon game"), the language, sound, vibration, the screen kept on, the narrator's voice and
speed, the theme, the animation, the players list and the backup row. A pure function of plain
values (:mod:`hotseat.sheets` feeds it); every value is escaped by :func:`~hotseat.markup.h`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .formats import format_number
from .i18n import N_
from .i18n import gettext as _
from .markup import AttrValue, Markup, h
from .widgets import button

if TYPE_CHECKING:
    from .settings import Settings


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
    :func:`hotseat.screens.abandon_dialog`). Every choice sends
    ``{"shell": "setting", "name": <setting>, "value": <new value>}``; nothing on it depends on
    whose turn it is, so it may cover any screen.
    """
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
