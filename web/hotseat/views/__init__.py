"""Game views: one module per game, ``hotseat/views/<game_id>.py`` — the view contract as built.

The shell (``hotseat.controller`` + ``hotseat.session``) draws the shared screens (home, setup,
curtain, pending bar, round summary frame, game over, rules overlay) and asks the game's view
module for everything game-specific. A view is pure Python: it builds HTML strings from an
observation dict and a :class:`~hotseat.views.base.ViewContext`, never from the ``State``, and
never imports ``pycore`` game internals. Escape every text with :func:`~hotseat.views.base.esc`,
mark tappable elements with :func:`~hotseat.views.base.tap_attr`, send every user-facing string
through ``ctx.t`` (gettext). Buttons are real ``<button type="button">`` elements, >= 44 px.

ViewContext (``hotseat/views/base.py``)::

    viewer: int | None   # seat whose private view is on screen; None = public view
    names: list[str]     # seat names
    legal: list[dict]    # legal actions of viewer now ([] if not acting / viewer None / reveal)
    local: dict          # UI scratch for multi-tap choices; cleared after each applied action
    events: list[dict]   # events of the last applied action
    t: callable          # gettext
    pending: dict|None   # (added) viewer's chosen, unconfirmed action: highlight it, offer no taps
    step: int|None       # (added) paced reveal: obs is the observation from BEFORE the action and
                         #   the view must show it with events[:step] played onto it; None = normal
    acting: list[int]    # (added) state.current_players() (public: who the table waits for)
    kinds: list[str]     # (added) seat kinds: "human" | "bot:easy" | "bot:normal" | "bot:hard"
    round_events: list  # (added) events of this round kept by the view's round_log hook

Required functions of a view module::

    render(obs, ctx) -> str          # the table as ctx.viewer sees it (hand only if viewer set)
    on_tap(obs, ctx, tap) -> dict | None
        # tap = parsed data-tap dict (without "shell"; the shell also adds "fields").
        # Return an engine action (must be in ctx.legal), or None after updating ctx.local
        # (the shell re-renders). Actions not in ctx.legal are refused with a message.
    rules_html(t) -> str             # rules summary (fallback when rules/<id>.html is missing)
    status_line(obs, ctx) -> str     # one line for the header: whose turn / what happens

Optional functions (the shell has a default when absent)::

    needs_confirm(action) -> bool    # keep it pending with Undo/Confirm (default: when
                                     #   len(current_players()) > 1, i.e. simultaneous phases)
    confirm_label(action, t) -> str  # the question on the Undo/Confirm bar
    pace_ms(event) -> int            # ms each event stays on screen in the paced reveal
                                     #   (0 = passes at once; default 700 for every event)
    ends_round(events) -> bool       # the shell then shows the round summary screen
    round_summary_html(obs, ctx) -> str  # ctx.events holds the round's last events; also shown
                                         #   on the game-over screen
    round_log(event) -> bool         # (added) keep this event in ctx.round_events until the
                                     #   round summary closes (saved; e.g. 6 nimmt! rows taken)
    scoreboard(obs, ctx) -> list[str]    # one score text per seat for the game-over standings
                                         #   (default: str(returns)); ranking uses returns()
    event_messages(events, names, t) -> list[str]  # short feedback lines
    auto_play(obs, ctx) -> (ms, action) | None     # (added) the app acts by itself for the seat
                                     #   on turn after ms (Bunny Bunny Moose Moose app narrator)

Sound and vibration (added): an element ``<i data-fx="tone:660:120 vibrate:60" data-fx-key="k">``
in the rendered HTML makes the browser glue (:mod:`hotseat.fx`) play it once per new key.

Shell taps (dicts with a "shell" key, handled by the shell, never by views): menu, rules,
close, new, resume, discard, count, kind, opt, start, show, undo, confirm, skip, continue,
rematch, keep, replace (the "Replace the saved game?" question), details (toggles
``ctx.local["details"]`` on the round summary and game-over screens). The browser glue adds ``"fields"`` (values of every ``data-field`` input) to each tap.

Pass-and-play as built (``hotseat.session``; deviations from /tmp/hs/VIEWS.md marked *):

* Curtain: when the next human to act is not the human holding the phone (the last one shown
  their private view) and ``game.hidden_information``; never between a human and themselves;
  never when the table has exactly one human (*: that human's view is then on screen all the
  time, bot turns and reveals included); always after a reload (the holder is unknown). The
  curtain screen shows the public table (``render(public_observation(), viewer=None)``) under
  "Pass the phone to NAME" / "Show my cards".
* * Order in simultaneous phases: humans first, round the table starting after the holder, then
  bots. Non-simultaneous phases follow ``current_players()``.
* Pending: ``needs_confirm(action)`` (or, by default, a simultaneous phase) keeps the action
  pending; only Confirm applies it. An unconfirmed pick is not saved.
* * Reveal: after every applied action whose events have a total ``pace_ms`` > 0, the shell
  replays them on the public view (or the sole human's view): ``render(before_obs, ctx)`` with
  ``ctx.step`` = 0..len(events), then the current observation. Taps are ignored meanwhile except
  "skip".
* * Round summary: after the reveal, if ``ends_round(events)``; a "continue" tap closes it (the
  flag is saved, so a reload shows it again). Game over: ``state.is_terminal()``; winners from
  ``state.winners()`` (ties share), standings ordered by ``state.returns()``, texts from
  ``scoreboard``; Rematch keeps seats and options with a new seed.
* Bots (issue 7): seat kinds ``bot:easy|normal|hard`` are offered in setup only for games in
  ``pycore.bots.BOT_GAMES``; a bot sees only ``observation(seat)`` and ``legal_actions(seat)``;
  it thinks through ``pycore.bots.Search.step`` in 12 ms slices (the page draws in between); the
  bot's turn shows "NAME is thinking…" for at least 700 ms (250 ms for a hidden simultaneous
  pick). Bot modules are imported in idle time after the setup screen paints.
* Saves (``localStorage["hotseat.save"]``, after every applied action): ``{"format":
  "hotseat-session", "version": 1, "game", "seed", "options", "seats", "state" (state JSON),
  "summary_due", "events", "round_events", "bot_rng"}`` ("round_events" may be absent in older
  saves). An unreadable save is moved unchanged to
  ``hotseat.unreadable`` and reported with its reason on the home screen until "Discard".
* * ``body[data-screen]`` names the screen: home, setup, curtain, turn, reveal, bot, summary,
  over (tests wait on it); ``body[data-ready]`` is set once taps work.
"""
