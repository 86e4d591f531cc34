"""CLDR data for :mod:`hotseat.formats`, generated from Babel 2.18.0's locale data by
``python tools/i18n.py locale-data`` (do not edit; a test checks it is current).

Per language: its own name, the decimal sign and thousands separator of numbers, and the
patterns of a list ("A, B and C": ``start``, ``middle``, ``end``; ``2`` for two items).
"""

from typing import Any

LOCALE_DATA: dict[str, dict[str, Any]] = {'de': {'decimal': ',',
        'group': '.',
        'list': {'2': '{0} und {1}', 'end': '{0} und {1}', 'middle': '{0}, {1}', 'start': '{0}, {1}'},
        'name': 'Deutsch'},
 'en': {'decimal': '.',
        'group': ',',
        'list': {'2': '{0} and {1}', 'end': '{0}, and {1}', 'middle': '{0}, {1}', 'start': '{0}, {1}'},
        'name': 'English'},
 'es': {'decimal': ',',
        'group': '.',
        'list': {'2': '{0} y {1}', 'end': '{0} y {1}', 'middle': '{0}, {1}', 'start': '{0}, {1}'},
        'name': 'Español'},
 'fr': {'decimal': ',',
        'group': '\u202f',
        'list': {'2': '{0} et {1}', 'end': '{0} et {1}', 'middle': '{0}, {1}', 'start': '{0}, {1}'},
        'name': 'Français'},
 'it': {'decimal': ',',
        'group': '.',
        'list': {'2': '{0} e {1}', 'end': '{0} e {1}', 'middle': '{0}, {1}', 'start': '{0}, {1}'},
        'name': 'Italiano'}}
