"""tools/pygraph.py: which modules a module imports, and what the standard-library cut follows."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import pygraph  # noqa: E402

SOURCES = {
    "app/__init__.py": "",
    "app/main.py": (
        "from typing import TYPE_CHECKING\n"
        "import json\n"
        "from . import views\n"
        "if TYPE_CHECKING:\n"
        "    import heavy\n"
        "def later():\n"
        "    import importlib\n"
        "    return importlib.import_module(f'{__package__}.games.{1}')\n"
    ),
    "app/views.py": "import sys\nif sys.platform == 'win32':\n    import winreg\nelse:\n    import posixpath\n",
    "app/games/__init__.py": "",
    "app/games/dog.py": "try:\n    import fast\nexcept ImportError:\n    import slow\n",
    "json.py": "def dumps():\n    import helper\n",
    "helper.py": "",
    "fast.py": "",
    "slow.py": "",
    "posixpath.py": "",
}


def index() -> pygraph.Index:
    idx = pygraph.Index(SOURCES, SOURCES.__getitem__)
    idx.platform = pygraph.PYODIDE_PLATFORM
    return idx


def test_imports_of_module_level_and_functions() -> None:
    src = SOURCES["app/main.py"]
    top = pygraph.imports_of(src, "app.main", False, False).names
    assert {"json", "app", "app.views", "typing", "typing.TYPE_CHECKING"} <= top
    assert "heavy" not in top and "importlib" not in top  # TYPE_CHECKING block, function body
    everywhere = pygraph.imports_of(src, "app.main", False, True).names
    assert {"importlib", "app.games.*"} <= everywhere and "heavy" not in everywhere


def test_platform_branches_follow_pyodide() -> None:
    names = pygraph.imports_of(SOURCES["app/views.py"], "app.views", False, True, pygraph.PYODIDE_PLATFORM).names
    assert "posixpath" in names and "winreg" not in names


def test_closure_follows_wildcards_fallbacks_and_never() -> None:
    kept, outside = pygraph.closure(index(), ["app.main"], lambda _n: True)
    assert {"app", "app.main", "app.views", "app.games", "app.games.dog", "json", "helper", "posixpath"} <= kept
    assert "slow" not in kept  # the fallback of an import that can be found (fast.py)
    assert "importlib" in outside
    kept, _ = pygraph.closure(index(), ["app.main"], lambda _n: True, lambda _n: False, never=["helper"])
    assert "helper" not in kept  # only a function of json imports it
    kept, _ = pygraph.closure(index(), ["app.main"], lambda _n: False)
    assert "app.games.dog" not in kept and "json" in kept
