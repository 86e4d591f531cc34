"""``localStorage`` glue (browser only): the storage object :class:`hotseat.controller.Controller` uses.

Reading never fails (a browser that refuses storage behaves as empty); a refused write raises
:class:`hotseat.saves.StorageError`, so the caller knows the original is still what is stored.
"""

from __future__ import annotations

from typing import Any

from .saves import StorageError


class LocalStorage:
    """``get(key) -> str | None``, ``set(key, text)``, ``remove(key)``, ``keys()`` over ``window.localStorage``."""

    def __init__(self, window: Any) -> None:
        self._window = window

    def _store(self) -> Any:
        return self._window.localStorage

    def get(self, key: str) -> str | None:
        try:
            value = self._store().getItem(key)
        except Exception:  # storage disabled: behave as empty
            return None
        return value if isinstance(value, str) else None  # JS null arrives as None or jsnull

    def set(self, key: str, text: str) -> None:
        """Store ``text``; :class:`StorageError` when the browser refuses (quota, disabled)."""
        try:
            self._store().setItem(key, text)
        except Exception as exc:
            raise StorageError(str(exc)) from None

    def remove(self, key: str) -> None:
        try:
            self._store().removeItem(key)
        except Exception:
            pass

    def keys(self) -> list[str]:
        try:
            store = self._store()
            return [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []
