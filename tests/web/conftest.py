"""CPython tests of the UI package web/hotseat (pure Python parts) against the real engine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "web", Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from ui_helpers import MemoryStorage  # noqa: E402


@pytest.fixture
def storage():
    return MemoryStorage()
