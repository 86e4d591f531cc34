"""Hotseat's user interface: Python rendered to HTML strings, run by PyScript in the browser.

Everything here except :mod:`hotseat.app` and :mod:`hotseat.storage` is pure Python and is
unit-tested in CPython (tests/web/). See :mod:`hotseat.views` for the view contract.
"""
