"""``localStorage`` glue (browser only): the storage object :class:`hotseat.controller.Controller` uses.

Every call is guarded: a browser that refuses storage (private mode, quota) must not stop the
game; the failure is remembered in :attr:`LocalStorage.last_error` for the UI.
"""

from __future__ import annotations


class LocalStorage:
    """``get(key) -> str | None``, ``set(key, text)``, ``remove(key)`` over ``window.localStorage``."""

    def __init__(self, window) -> None:
        self._window = window
        self.last_error: str | None = None

    def _store(self):
        return self._window.localStorage

    def get(self, key: str) -> str | None:
        try:
            value = self._store().getItem(key)
        except Exception as exc:  # storage disabled: behave as empty
            self.last_error = str(exc)
            return None
        return value if isinstance(value, str) else None  # JS null arrives as None or jsnull

    def set(self, key: str, text: str) -> None:
        try:
            self._store().setItem(key, text)
        except Exception as exc:
            self.last_error = str(exc)

    def remove(self, key: str) -> None:
        try:
            self._store().removeItem(key)
        except Exception as exc:
            self.last_error = str(exc)
