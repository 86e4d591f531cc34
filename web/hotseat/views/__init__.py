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
    scoreboard(obs, ctx) -> list[str]    # one score text per seat for the game-over standings
                                         #   (default: str(returns)); ranking uses returns()
    event_messages(events, names, t) -> list[str]  # short feedback lines
    auto_play(obs, ctx) -> (ms, action) | None     # (added) the app acts by itself for the seat
                                     #   on turn after ms (Bunny Bunny Moose Moose app narrator)

Sound and vibration (added): an element ``<i data-fx="tone:660:120 vibrate:60" data-fx-key="k">``
in the rendered HTML makes the browser glue (:mod:`hotseat.fx`) play it once per new key.

Shell taps (dicts with a "shell" key, handled by the shell, never by views): menu, rules,
close, new, resume, discard, count, kind, opt, start, show, undo, confirm, skip, continue,
rematch. Pass-and-play and bots: see ``hotseat.session``.
"""
