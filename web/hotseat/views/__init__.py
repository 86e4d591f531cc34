"""Game views: one module per game, ``hotseat/views/<game_id>.py``, each with one view object ``VIEW``.

The shell (:mod:`hotseat.controller` + :mod:`hotseat.session`) draws the shared screens (home,
setup, curtain, pending bar, round summary frame, game over, rules overlay) and asks the game's
view for everything game-specific, through the methods of
:class:`~hotseat.views.base.GameView` and nothing else. ``VIEW`` is an instance of a
:class:`~hotseat.views.base.BaseView` subclass, which supplies the optional methods' defaults.

A view is pure Python: it builds HTML with :mod:`hotseat.markup` (``h``, ``fragment``; ``trusted``
only for constant SVG, so a value from a player, an observation or storage can only come out as
text) from an observation dict and a :class:`~hotseat.views.base.ViewContext`, never from the
engine's ``State``; its style is in ``web/style.css``; rule knowledge
(board geometry, hand sizes, card values) comes from the game's engine module or from the
observation, never from a copy in the view. Every user-facing string goes through ``ctx.t``
(gettext); buttons are real ``<button type="button">`` elements, at least 44 px.

ViewContext::

    viewer: int | None   # seat whose private view is on screen; None = public view
    names: list[str]     # seat names
    legal: list[dict]    # legal actions of viewer now ([] if not acting / viewer None / reveal)
    local: dict          # UI scratch for multi-tap choices; cleared after each applied action
    events: list[dict]   # events of the last applied action
    t: callable          # gettext
    pending: dict|None   # viewer's chosen, unconfirmed action: highlight it, offer no taps
    step: int|None       # paced reveal: obs is the observation from BEFORE the action and the
                         #   view shows it with events[:step] played onto it; None = normal
    acting: list[int]    # state.current_players() (public: who the table waits for)
    kinds: list[str]     # seat kinds: "human" | "bot:easy" | "bot:normal" | "bot:hard"
    round_events: list   # events of this round kept by the view's round_log

Required methods of a view::

    render(obs, ctx) -> Markup       # the table as ctx.viewer sees it (hand only if viewer set)
    on_tap(obs, ctx, tap) -> dict | None
        # tap = parsed data-tap dict (without "shell"; the shell also adds "fields").
        # Return an engine action (must be in ctx.legal), or None after updating ctx.local
        # (the shell re-renders). Actions not in ctx.legal are refused with a message.
    status_line(obs, ctx) -> str     # one line for the header: whose turn / what happens
    rules_html(t) -> Markup          # rules summary (fallback when rules/<id>.html is missing)

Optional methods (BaseView's default in brackets)::

    needs_confirm(action, ctx) -> bool   # keep it pending with Undo/Confirm [len(ctx.acting) > 1,
                                         #   i.e. in simultaneous phases]
    confirm_label(action, t) -> str      # the question on the Undo/Confirm bar ["Confirm your choice?"]
    pace_ms(event) -> int                # ms each event stays on screen in the paced reveal
                                         #   (0 = passes at once) [700]
    ends_round(events) -> bool           # the shell then shows the round summary screen [False]
    round_log(event) -> bool             # keep this event in ctx.round_events until the round
                                         #   summary closes (saved; e.g. 6 nimmt! rows taken) [False]
    round_summary_html(obs, ctx) -> Markup  # ctx.events holds the round's last events; also shown
                                         #   on the game-over screen [""]
    scoreboard(obs, ctx) -> list[str]    # one score text per seat for the game-over standings;
                                         #   the ranking uses returns() [no text]
    auto_play(obs, ctx) -> (ms, action) | None  # the app acts by itself for the seat on turn
                                         #   after ms (Bunny Bunny Moose Moose's app narrator) [None]

Sound and vibration: an element ``<i data-fx="tone:660:120 vibrate:60" data-fx-key="k">`` in the
rendered HTML makes the browser glue (:mod:`hotseat.fx`) play it once per new key.

Shell taps (dicts with a "shell" key, handled by the shell, never by views): menu, rules,
close, new, resume, discard, count, kind, opt, start, show, undo, confirm, skip, continue,
rematch, keep, replace (the "Replace the saved game?" question), details (toggles
``ctx.local["details"]`` on the round summary and game-over screens). The browser glue adds
``"fields"`` (values of every ``data-field`` input) to each tap.

How the shell uses the view (the rules themselves are in :mod:`hotseat.session`):

* Curtain: the curtain screen shows the public table (``render(public_observation(), ctx)``
  with ``ctx.viewer`` None) under "Pass the phone to NAME" / "Show my cards".
* Pending: ``needs_confirm(action, ctx)`` keeps the action pending; only Confirm applies it.
* Reveal: after every applied action whose events have a total ``pace_ms`` > 0, the shell
  replays them on the public view (or the sole human's view): ``render(before_obs, ctx)`` with
  ``ctx.step`` = 0..len(events), then the current observation. Taps are ignored meanwhile except
  "skip".
* Round summary: after the reveal, if ``ends_round(events)``; game over: ``state.is_terminal()``,
  standings ordered by ``state.returns()`` with the texts of ``scoreboard``.
* ``body[data-screen]`` names the screen: home, setup, curtain, turn, reveal, bot, summary,
  over (tests wait on it); ``body[data-ready]`` is set once taps work.
"""
