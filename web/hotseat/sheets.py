"""The sheets over any screen: the player's settings and a game's rules.

Pure Python (no browser). :class:`hotseat.controller.Controller` keeps one :class:`Sheets`
(``Controller.sheets``): the menu button opens the settings sheet, a rules button the rules of
its game; either closes with Close or Back. The browser glue fetches ``rules/<game_id>.html``
when :attr:`Sheets.rules_wanted` names a game and hands the text to :meth:`Sheets.rules_loaded`,
fills in :attr:`Sheets.voices` while the settings sheet is open, and installs a new language when
:attr:`Sheets.language_changed` says so (then :meth:`Sheets.language_installed`).
"""

from __future__ import annotations

from typing import Any

from . import keeping, screens, settings_sheet
from . import settings as settings_store
from .formats import language_name
from .i18n import LANGUAGES
from .i18n import gettext as _
from .markup import Markup, h
from .saves import Storage
from .views import load_view


class Sheets:
    """Attributes:
    settings: the player's settings (:mod:`hotseat.settings`), read once at start, validated.
    settings_open: the settings sheet (opened by the menu button) is over the screen.
    rules_for: game id whose rules sheet is open, or ``None``.
    rules_cache: each game's rules page as fetched (``None``: none could be fetched; the
        view's own summary is shown instead), in the current language.
    voices: the on-device voices of the current language, ``(voiceURI, name)``, for the sheet
        (the browser glue fills it in from ``speechSynthesis`` while the sheet is open).
    language_changed: the language setting changed: the browser glue installs the new
        language, then redraws.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.settings = settings_store.load(storage)
        self.settings_open = False
        self.rules_for: str | None = None
        self.rules_cache: dict[str, str | None] = {}
        self.voices: list[tuple[str, str]] = []
        self.language_changed = False

    @property
    def open(self) -> bool:
        """Whether a sheet covers the screen."""
        return self.rules_for is not None or self.settings_open

    def close(self) -> None:
        self.rules_for = None
        self.settings_open = False

    def open_settings(self) -> None:
        self.rules_for = None
        self.settings_open = True

    def change(self, name: Any, value: Any) -> bool:
        """Set one setting (``{"shell": "setting", "name": ..., "value": ...}`` from the settings
        sheet) and store the settings; the app applies them at the next draw. A name that is not
        a setting or a value it cannot take changes nothing and returns ``False``."""
        if not isinstance(name, str):
            return False
        try:
            self.settings = self.settings.updated(**{name: value})
        except (settings_store.SettingsError, TypeError):
            return False
        settings_store.save(self.storage, self.settings)
        if name == "language":
            self.language_changed = True
            self.rules_cache.clear()  # the rules pages of the old language
        return True

    def language_installed(self) -> None:
        """The browser glue has made the new language current (the next draw is in it)."""
        self.language_changed = False

    @property
    def rules_wanted(self) -> str | None:
        """A game id whose rules page should be fetched now (``rules/<id>.html``), else None."""
        if self.rules_for is not None and self.rules_for not in self.rules_cache:
            return self.rules_for
        return None

    def rules_loaded(self, game_id: str, html_text: str | None) -> None:
        self.rules_cache[game_id] = html_text if html_text and html_text.strip() else None

    def markup(self, home: bool, abandon: bool) -> Markup | None:
        """The open sheet (the rules over the settings), or ``None``. ``home``: the settings
        offer Home; ``abandon``: they offer to abandon the game on screen."""
        if self.rules_for is not None:
            return screens.rules_overlay(self._rules(self.rules_for))
        if not self.settings_open:
            return None
        languages = [(code, language_name(code)) for code in LANGUAGES]
        return settings_sheet.settings_sheet(
            self.settings,
            languages,
            self.voices,
            home=home,
            players=True,
            backup=keeping.backup_row(),
            abandon=abandon,
            rate_bounds=(settings_store.VOICE_RATE_MIN, settings_store.VOICE_RATE_MAX),
        )

    def _rules(self, game_id: str) -> Markup:
        cached = self.rules_cache.get(game_id)
        if cached:
            return screens.rules_page(cached)
        if game_id not in self.rules_cache:
            return h("p", {"class": "note"}, _("Loading the rules…"))
        return load_view(game_id).rules_html(_)
