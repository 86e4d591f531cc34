"""Hotseat's entry point for PyScript: boot the Python UI (see hotseat/app.py)."""

from hotseat import app

app.start()
