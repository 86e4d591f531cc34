"""The app's navigation, pure Python: which screen, what a tap does, what to draw.

:class:`Controller` owns the screens (home, setup, game, rules overlay) and the current
:class:`~hotseat.session.Session`. The browser glue (:mod:`hotseat.app`) only:

* puts :meth:`Controller.render` into ``<main id="app">``;
* calls :meth:`Controller.tap` with the parsed ``data-tap`` dict of a tapped element (plus
  ``"fields"``: the values of every ``data-field`` input on screen);
* calls :meth:`Controller.tick` after :meth:`Controller.delay_ms` milliseconds;
* fetches ``rules/<game_id>.html`` when :attr:`Controller.rules_wanted` names a game, and hands
  the text (or ``None``) to :meth:`Controller.rules_loaded`.
* calls :meth:`Controller.back` when the Back button pops the app's history entry (kept while
  :meth:`Controller.back_target` is not ``None``), and :meth:`Controller.page_restored` when the
  page comes back from the back/forward cache.

"New game" while an unfinished game is saved opens :attr:`Controller.dialog` ("Replace the saved
game of GAME (round N; names)?" with Keep / Replace): the save is never lost without a yes, and
it is overwritten only when the new game starts.

Phones (:mod:`hotseat.net`): :attr:`Controller.net` hosts a game that has seats of kind
``"guest"`` (their phones connect through the phones strip on the table's public screens), or
plays this phone as a guest of another (``screen == "guest"``, from "Join a table" at home). What
it needs from the browser it asks for in ``net.requests`` and ``net.outbox`` (the glue carries
them out) and the transport's reports come in through ``net.event``.

Storage is any object with ``get(key) -> str | None``, ``set(key, text)`` and ``remove(key)``
(:mod:`hotseat.storage` wraps ``localStorage``). The game is saved under :data:`SAVE_KEY` after
every applied action. A save that cannot be read is moved, unchanged, to the first free key
``hotseat.unreadable[.N]`` so it is never overwritten, and the home screen reports it with the
reason until the player taps "Discard".
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any, Callable

import pycore
from pycore.registry import GAME_INFO

from . import screens
from . import settings as settings_store
from .i18n import gettext as _
from .markup import Markup, fragment, h
from .session import BOT_LEVELS, GUEST, HUMAN, Phase, SaveError, Session, bots_for, default_bot_hook, load_view

SAVE_KEY = "hotseat.save"
BAD_KEY = "hotseat.unreadable"
#: the "Animation" setting -> how long paced screens stay (a reveal's steps, a bot's visible turn),
#: relative to the views' own times; "off" stops every moving animation (CSS) but keeps the steps
#: of a reveal, at the fast pace: their order is part of the game (6 nimmt!'s cards, lowest first)
PACE_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "off": 0.5}


def game_info(game_id: str) -> tuple[str, int, int]:
    """``(name, min_players, max_players)`` of a registered game (``pycore.registry.GAME_INFO``, so
    the home screen imports no game module; a game missing there is loaded to ask it)."""
    if game_id in GAME_INFO:
        return GAME_INFO[game_id]
    game = pycore.load_game(game_id)
    return game.name, game.min_players, game.max_players


def playable_games() -> list[str]:
    """Registered games that have a view module in this app (others are not listed yet)."""
    return [g for g in pycore.GAMES if importlib.util.find_spec(f"{__package__}.views.{g}") is not None]


class Controller:
    """See the module docstring.

    Attributes:
        screen: ``"home"``, ``"setup"`` or ``"game"``.
        session: the game on screen (``screen == "game"``).
        rules_for: game id whose rules overlay is open, or ``None``.
        save_error: why the stored save cannot be read (it is kept until "Discard").
    """

    def __init__(self, storage, bot_hook: Callable | None | str = "auto", seed_fn: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self._bot_hook = bot_hook  # "auto": pycore.bots, imported on first need (not at boot)
        self.seed_fn = seed_fn or (lambda: random.getrandbits(48))
        self.screen = "home"
        self.session: Session | None = None
        self.setup: dict | None = None
        self.rules_for: str | None = None
        self.rules_cache: dict[str, str | None] = {}
        self.save_info: dict | None = None
        self.save_error: str | None = None
        self.message: str | None = None
        #: a calm line for the player (not an error), e.g. "Your game is saved"; cleared by a tap
        self.notice: str | None = None
        #: a question on a sheet over the screen, e.g. ``{"kind": "replace", "game": id}``
        #: ("Replace the saved game?"); every other tap waits until it is answered
        self.dialog: dict | None = None
        #: game ids whose bot modules should be imported in idle time (see :meth:`warm_up`)
        self.warm: list[str] = []
        #: the player's settings (:mod:`hotseat.settings`), read once at start, validated
        self.settings = settings_store.load(storage)
        self._net = None  # see the net property
        self.check_save()

    @property
    def net(self):
        """Hosting for other phones, or this phone as a guest (a :class:`hotseat.net.side.NetSide`;
        see the module docstring). Made on first use: a game without phones never imports it."""
        if self._net is None:
            from .net.side import NetSide

            self._net = NetSide(self.storage)
        return self._net

    @property
    def net_started(self):
        """The phone side if it was ever used, else ``None`` (for the browser glue)."""
        return self._net

    # ---- saves -------------------------------------------------------------------------------

    def _bad_keys(self) -> list[str]:
        keys = []
        for n in range(1, 50):
            key = BAD_KEY if n == 1 else f"{BAD_KEY}.{n}"
            if self.storage.get(key) is None:
                break
            keys.append(key)
        return keys

    def check_save(self) -> None:
        """Read the stored save (for the home screen): its summary, or the reason it is unreadable."""
        self.save_info = None
        self.save_error = None
        text = self.storage.get(SAVE_KEY)
        if text is not None:
            try:
                session = Session.from_json(text, bot_hook=self.bot_hook)
            except Exception:  # SaveError, or any bug while reading: never lose the save
                # keep it, untouched, where no new game will overwrite it
                bad = self._bad_keys()
                self.storage.set(BAD_KEY if not bad else f"{BAD_KEY}.{len(bad) + 1}", text)
                self.storage.remove(SAVE_KEY)
            else:
                obs = session.state.public_observation()
                over = session.state.is_terminal()
                round_no = obs.get("round") if isinstance(obs.get("round"), int) and not over else None
                detail = _("Game over") if over else ""
                if round_no is not None:
                    detail = _("Round {n}").format(n=round_no)
                self.save_info = {"game": session.game.name, "game_id": session.game_id, "names": session.names,
                                  "detail": detail, "name": session.game.name,
                                  "unfinished": not over, "round": round_no}
        bad = self._bad_keys()
        if bad:
            try:
                Session.from_json(self.storage.get(bad[-1]), bot_hook=self.bot_hook)
                self.save_error = _("unknown")
            except SaveError as exc:
                self.save_error = str(exc)
            except Exception as exc:  # a bug in this app, not in the save: still say what happened
                self.save_error = f"{type(exc).__name__}: {exc}"

    def discard_unreadable(self) -> None:
        """Delete the most recent unreadable save (only on the player's explicit tap)."""
        bad = self._bad_keys()
        if bad:
            self.storage.remove(bad[-1])
        self.check_save()

    def persist(self, session: Session) -> None:
        self.storage.set(SAVE_KEY, session.to_json())
        if getattr(self.storage, "last_error", None):
            self.message = _("This browser refused to save the game; it will be lost if the page closes.")
            self.storage.last_error = None
        if self._net is not None and self._net.session is session:
            self._net.after_applied()  # saved first: the phones never see a move the save lacks

    def _start_session(self, session: Session, rematch: bool = False) -> None:
        session.on_applied = self.persist
        self.session = session
        self.screen = "game"
        self.warm.append(session.game_id)
        if rematch and self._net is not None and self._net.host is not None:
            self.net.rematch(session)  # the same phones play on
        elif session.guests or self._net is not None:
            self.net.host_session(session)
        self.persist(session)

    @property
    def bot_hook(self):
        if self._bot_hook == "auto":
            self._bot_hook = default_bot_hook()
        return self._bot_hook

    def seat_kinds(self, game_id: str) -> list[str]:
        """Seat kinds besides a human at this phone that setup offers: the bots, and a player's own
        phone (kind ``"guest"``) in games with hidden information."""
        phones = [GUEST] if pycore.load_game(game_id).hidden_information else []
        return self.bot_kinds(game_id) + phones

    def bot_kinds(self, game_id: str) -> list[str]:
        """Bot seat kinds setup offers for ``game_id`` (none when the game has no bots)."""
        return [f"bot:{level}" for level in BOT_LEVELS] if bots_for(game_id, self.bot_hook) else []

    # ---- settings ----------------------------------------------------------------------------

    def change_setting(self, name: Any, value: Any) -> bool:
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
        return True

    @property
    def wants_wake_lock(self) -> bool:
        """Whether the screen should stay on now: a game is on screen (its table, a curtain, a
        summary, its end) and "Keep the screen on" is set. Home and setup let the phone sleep."""
        return self.screen == "game" and self.session is not None and self.settings.wake_lock

    # ---- taps --------------------------------------------------------------------------------

    def tap(self, tap: dict) -> None:
        """Handle one tap (see the module docstring)."""
        self.message = None
        self.notice = None
        if not isinstance(tap, dict):
            return
        fields = tap.get("fields") or {}
        if self.screen == "setup" and self.setup is not None:
            self._read_fields(fields)
        shell = tap.get("shell")
        if self.dialog is not None:
            self._dialog_tap(shell)
            return
        if shell == "net":
            if tap.get("do") == "join" and self.screen == "home":
                self.net.start_join()
                self.screen = "guest"
            elif self.net.tap(tap) and self.screen == "guest":
                self.screen = "home"
                self.check_save()
            self.message = self.net.message
            self.net.poll()
            return
        if self.screen == "guest" and shell not in ("menu", "rules", "close", "setting"):
            self.net.guest_tap_game(tap)
            return
        if shell == "setting":
            self.change_setting(tap.get("name"), tap.get("value"))
        elif shell == "menu":
            if self.screen == "guest":
                self.net.leave_guest()
            elif self._net is not None:
                self._net.close_host()  # the phones see the table close; they rejoin on Continue
            self.rules_for = None
            self.session = None
            self.setup = None
            self.screen = "home"
            self.check_save()
        elif shell == "rules":
            game_id = tap.get("game") or (self.session.game_id if self.session else None)
            if game_id in pycore.GAMES:
                self.rules_for = game_id
        elif shell == "close":
            self.rules_for = None
        elif shell in ("discard", "delete_aside") and self.screen == "home":
            self.discard_unreadable()
        elif shell == "resume" and self.screen == "home":
            self._resume()
        elif shell == "new" and tap.get("game") in playable_games():
            if self.screen == "home" and self.save_info is not None and self.save_info["unfinished"]:
                # never lose an unfinished game silently: ask first (the save stays until the
                # new game actually starts)
                self.dialog = {"kind": "replace", "game": tap["game"]}
            else:
                self._open_setup(tap["game"])
        elif self.screen == "setup" and shell in ("count", "kind", "opt", "start"):
            self._setup_tap(shell, tap)
        elif shell == "rematch" and self.session is not None and self.session.phase is Phase.OVER:
            old = self.session
            self._start_session(Session(old.game_id, old.seats, self.seed_fn(), old.options, bot_hook=self.bot_hook),
                                rematch=True)
        elif self.screen == "game" and self.session is not None:
            self.session.tap(tap)
            if self.session.error:
                self.message = _(self.session.error)
            if self._net is not None:
                self._net.poll()

    def _dialog_tap(self, shell: str | None) -> None:
        """Answer the open dialog: "replace" goes on to the new game's setup, "keep" closes it."""
        dialog = self.dialog
        if shell == "keep":
            self.dialog = None
        elif shell == "replace" and dialog["kind"] == "replace":
            self.dialog = None
            self._open_setup(dialog["game"])

    def _resume(self) -> None:
        text = self.storage.get(SAVE_KEY)
        self._resume_text(text)

    def _resume_text(self, text) -> None:
        try:
            session = Session.from_json(text, bot_hook=self.bot_hook)
        except SaveError:
            self.check_save()
            return
        session.on_applied = self.persist
        self.session = session
        self.screen = "game"
        if session.guests or self._net is not None:
            self.net.host_session(session)

    # ---- the Back button ---------------------------------------------------------------------

    def back_target(self) -> str | None:
        """What the browser's (or Android's) Back button does now, or ``None`` to leave the app.

        In order: ``"dialog"`` closes the open question (as Keep would), ``"rules"`` closes the
        rules sheet, ``"undo"`` takes back a chosen but unconfirmed pick, ``"home"`` goes from
        setup or a game to the home screen (the game stays saved; Continue resumes it behind the
        curtain). ``None`` only on the home screen with nothing open: Back then leaves the app,
        which loses nothing.
        """
        if self.dialog is not None:
            return "dialog"
        if self.rules_for is not None:
            return "rules"
        if self.screen == "game" and self.session is not None:
            if self.session.phase is Phase.TURN and self.session.pending is not None:
                return "undo"
            return "home"
        if self.screen in ("setup", "guest"):
            return "home"
        return None

    def back(self) -> bool:
        """Do what :meth:`back_target` says; ``False`` when there was nothing to go back from."""
        target = self.back_target()
        self.message = None
        self.notice = None
        if target is None:
            return False
        if target == "dialog":
            self.dialog = None
        elif target == "rules":
            self.rules_for = None
        elif target == "undo":
            self.session.tap({"shell": "undo"})
        else:
            in_game = self.screen == "game"
            self.tap({"shell": "menu"})
            if in_game and self.save_info is not None and self.save_info["unfinished"]:
                self.notice = _("Your game is saved. Tap Continue to play on.")
        return True

    def page_restored(self) -> None:
        """The browser brought the page back from its back/forward cache (the player left the app,
        e.g. with Back, and came back with Forward): whoever holds the phone now, a private view
        must not be on screen (see :meth:`page_hidden`)."""
        self.page_hidden()

    def page_hidden(self) -> bool:
        """The page was hidden (phone locked, app switched): a private view goes behind the curtain
        for the same player, an unconfirmed pick is dropped (:meth:`Session.hide_private_view`).
        Returns whether anything private was on screen."""
        self.dialog = None
        if self.screen != "game" or self.session is None:
            return False
        return self.session.hide_private_view()

    # ---- setup -------------------------------------------------------------------------------

    def _open_setup(self, game_id: str) -> None:
        game = pycore.load_game(game_id)
        n = max(game.min_players, min(3, game.max_players))
        self.setup = {
            "game": game_id,
            "n": n,
            "names": [_("Player {n}").format(n=i + 1) for i in range(game.max_players)],
            "kinds": [HUMAN] * game.max_players,
            "opts": {name: opt.default for name, opt in game.options.items()},
            "raw": {},
            "error": None,
        }
        self.screen = "setup"
        self.warm.append(game_id)

    def _read_fields(self, fields: dict) -> None:
        st = self.setup
        for key, value in fields.items():
            if not isinstance(value, str):
                continue
            if key.startswith("name-") and key[5:].isdigit() and int(key[5:]) < len(st["names"]):
                st["names"][int(key[5:])] = value
            elif key.startswith("opt-"):
                st["raw"][key[4:]] = value
                st["opts"][key[4:]] = value

    def _setup_tap(self, shell: str, tap: dict) -> None:
        st = self.setup
        game = pycore.load_game(st["game"])
        st["error"] = None
        if shell == "count":
            delta = tap.get("delta")
            if delta in (-1, 1):
                st["n"] = max(game.min_players, min(game.max_players, st["n"] + delta))
        elif shell == "kind":
            seat = tap.get("seat")
            kinds = [HUMAN] + self.seat_kinds(st["game"])
            if isinstance(seat, int) and 0 <= seat < st["n"]:
                current = st["kinds"][seat]
                st["kinds"][seat] = kinds[(kinds.index(current) + 1) % len(kinds)] if current in kinds else HUMAN
        elif shell == "opt":
            name = tap.get("name")
            if name in game.options:
                st["opts"][name] = tap.get("value")
        elif shell == "start":
            self._start_from_setup(game)

    def _parse_options(self, game) -> dict:
        """The setup's option values as the engine wants them; ``ValueError`` with a player message."""
        options = {}
        for name, opt in game.options.items():
            value = self.setup["opts"].get(name, opt.default)
            if isinstance(value, str) and not (opt.choices is not None and value in opt.choices):
                text = value.strip()
                if text == "":
                    value = opt.default
                else:
                    try:
                        value = int(text)
                    except ValueError:
                        raise ValueError(_("{label}: enter a whole number").format(label=screens.option_label(name))) from None
            try:
                options[name] = opt.check(value)
            except ValueError:
                limits = ""
                if opt.minimum is not None and opt.maximum is not None:
                    limits = _(" ({a} to {b})").format(a=opt.minimum, b=opt.maximum)
                raise ValueError(_("{label}: this value is not allowed{limits}").format(
                    label=screens.option_label(name), limits=limits)) from None
        return options

    def _start_from_setup(self, game) -> None:
        st = self.setup
        try:
            options = self._parse_options(game)
        except ValueError as exc:
            st["error"] = str(exc)
            return
        seats = []
        for i in range(st["n"]):
            name = st["names"][i].strip()[:40] or _("Player {n}").format(n=i + 1)
            seats.append({"name": name, "kind": st["kinds"][i]})
        try:
            session = Session(st["game"], seats, self.seed_fn(), options, bot_hook=self.bot_hook)
        except ValueError as exc:
            st["error"] = str(exc)
            return
        self.setup = None
        self._start_session(session)

    def warm_up(self) -> None:
        """Import the view and bot modules of the games in :attr:`warm` (the app calls this in idle
        time, after the setup screen has painted, so neither the first frame of the table nor a
        bot's first turn pays for compiling them)."""
        games, self.warm = self.warm, []
        for game_id in games:
            load_view(game_id)
            prepare = getattr(self.bot_hook, "prepare", None)
            if prepare is not None and bots_for(game_id, self.bot_hook):
                prepare(game_id)

    # ---- time --------------------------------------------------------------------------------

    def delay_ms(self) -> int | None:
        """Milliseconds until :meth:`tick`, or ``None``. A reveal's steps and a bot's visible turn
        follow the "Animation" setting (:data:`PACE_SCALE`); a game's own beat (the app narrator's
        tempo, an option of the game) does not."""
        if self.screen == "game" and self.session is not None and self.rules_for is None:
            delay = self.session.delay_ms()
            if delay is not None and self.session.phase in (Phase.REVEAL, Phase.BOT):
                delay = round(delay * PACE_SCALE.get(self.settings.animation, 1.0))
            return delay
        if self.screen == "guest" and self.rules_for is None:
            return self.net.delay_ms()
        return None

    def tick(self) -> None:
        if self.screen == "game" and self.session is not None:
            self.session.tick()
            if self._net is not None:
                self._net.poll()  # a reveal that ended frees the table for the phones' actions
        elif self.screen == "guest":
            self.net.tick()

    # ---- rules -------------------------------------------------------------------------------

    @property
    def rules_wanted(self) -> str | None:
        """A game id whose rules page should be fetched now (``rules/<id>.html``), else None."""
        if self.rules_for is not None and self.rules_for not in self.rules_cache:
            return self.rules_for
        return None

    def rules_loaded(self, game_id: str, html_text: str | None) -> None:
        self.rules_cache[game_id] = html_text if html_text and html_text.strip() else None

    # ---- drawing -----------------------------------------------------------------------------

    def render(self) -> Markup:
        """The markup of the whole app for ``<main id="app">``."""
        if self.screen == "setup" and self.setup is not None:
            page = screens.setup(pycore.load_game(self.setup["game"]), self.setup, self.seat_kinds(self.setup["game"]))
        elif self.screen == "game" and self.session is not None:
            page = self._render_game()
        elif self.screen == "guest" and self.net.guest is not None:
            page = self.net.render_guest()
        else:
            page = self._render_home()
        extra = []
        if self.screen == "game" and self._net is not None and self._net.host is not None:
            if not self.session.private_on_screen:
                extra.append(self.net.strip())
            extra.append(self.net.sheet_markup())
        if self.message:
            extra.append(screens.toast(self.message))
        elif self.notice:
            extra.append(screens.toast(self.notice, info=True))
        if self.rules_for is not None:
            extra.append(screens.rules_overlay(self._rules_markup(self.rules_for)))
        if self.dialog is not None and self.dialog["kind"] == "replace" and self.save_info is not None:
            extra.append(screens.replace_dialog(self.save_info, game_info(self.dialog["game"])[0]))
        return fragment(page, extra)

    def _rules_markup(self, game_id: str) -> Markup:
        cached = self.rules_cache.get(game_id)
        if cached:
            return screens.rules_page(cached)
        if game_id not in self.rules_cache:
            return h("p", {"class": "note"}, _("Loading the rules…"))
        return load_view(game_id).rules_html(_)

    def _render_home(self) -> Markup:
        games = []
        for game_id in playable_games():
            name, low, high = game_info(game_id)
            games.append({"id": game_id, "name": name, "min": low, "max": high})
        saves = []
        if self.save_info is not None:
            saves.append({"game": self.save_info["game_id"], "name": self.save_info["game"],
                          "names": self.save_info["names"], "detail": self.save_info["detail"], "error": None})
        aside = [{"key": BAD_KEY, "reason": self.save_error}] if self.save_error is not None else []
        return screens.home(games, saves, aside, joinable=True)

    def _render_game(self) -> Markup:
        s = self.session
        view = s.view
        names = s.names
        if s.phase is Phase.CURTAIN:
            public_ctx = s.context(None, for_screen=False)
            public = view.render(s.state.public_observation(), public_ctx)
            name = names[s.curtain_for]
            body = screens.curtain(name, public, hidden=s.curtain_hidden)
            status = (_("{name}'s cards are hidden").format(name=name) if s.curtain_hidden
                      else _("Pass the phone to {name}").format(name=name))
            return screens.frame(body, status, screen=s.phase.value, rules_game=s.game_id)
        ctx = s.context()
        obs = s.screen_obs()
        private = s.private_on_screen
        if s.phase is Phase.OVER:
            scores = view.scoreboard(obs, ctx)
            returns = s.state.returns()
            order = sorted(range(len(names)), key=lambda p: (-returns[p], p))
            summary = view.round_summary_html(obs, ctx)
            body = screens.game_over(names, scores, order, s.winners(), summary)
            return screens.frame(body, _("Game over"), screen=s.phase.value, rules_game=s.game_id, private=private)
        if s.phase is Phase.SUMMARY:
            summary = view.round_summary_html(obs, ctx)
            return screens.frame(screens.summary(summary), _("Round over"), screen=s.phase.value, rules_game=s.game_id,
                                 private=private)
        body = view.render(obs, ctx)
        status = view.status_line(obs, ctx)
        if s.phase is Phase.TURN and s.pending is not None:
            label = view.confirm_label(s.pending["action"], _)
            body = fragment(body, screens.pending_bar(label))
        elif s.phase is Phase.BOT:
            status = _("{name} is thinking…").format(name=names[s.bot_seat])
        elif s.phase is Phase.WAIT:
            status = self.net.waiting_line() or status
        elif s.phase is Phase.REVEAL:
            body = fragment(body, screens.skip_button())
        return screens.frame(body, status, screen=s.phase.value, rules_game=s.game_id, private=private)
