"""Game views: one per game, ``hotseat.views.<game_id>`` with its view object ``VIEW``.

The contract (what the shell asks a view, its context, the defaults) is written once, in
:mod:`hotseat.views.base`; the typed observation a view reads in :mod:`hotseat.views.scene`; a
choice in progress in :mod:`hotseat.views.choices`.
"""
