"""The examples in the game views' and shared widgets' docstrings run (every module of
``hotseat.views``, each game's package included, and ``hotseat.widgets``); docs/ui-map.md names
every module of ``hotseat``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import hotseat.views

MODULES = sorted(info.name for info in pkgutil.walk_packages(hotseat.views.__path__, "hotseat.views."))


@pytest.mark.parametrize("name", ["hotseat.widgets", *MODULES])
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (printed above)"


def test_the_shared_pieces_have_examples() -> None:
    for name in ("hotseat.widgets", "hotseat.views.choices", "hotseat.views.words"):
        assert doctest.DocTestFinder().find(importlib.import_module(name)), name


def test_the_ui_map_names_every_module_and_only_modules_that_exist() -> None:
    """docs/ui-map.md names every module of web/hotseat in backticks (``net/side.py``; a package
    by its folder, ``views/dog/``), and every such path it names exists: the map cannot fall
    behind the code. Paths that start with ``pycore/``, ``tests/``, ``tools/`` or ``web/`` are
    read from the repository's root, the others from web/hotseat."""
    root = Path(__file__).resolve().parents[2]
    package = root / "web" / "hotseat"
    text = (root / "docs" / "ui-map.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w./-]+)`", text))
    wanted = set()
    for path in package.rglob("*.py"):
        rel = path.relative_to(package)
        if rel.name == "__init__.py":
            wanted.add(f"{rel.parent.as_posix()}/" if rel.parent.parts else "web/hotseat")
        else:
            wanted.add(rel.as_posix())
    missing = sorted(wanted - named)
    assert not missing, f"modules of web/hotseat that docs/ui-map.md does not name: {missing}"
    gone = []
    for name in named:
        if not (name.endswith(".py") or name.endswith("/")) or "<" in name:
            continue
        base = root if name.split("/")[0] in ("pycore", "tests", "tools", "web") else package
        if not (base / name).exists():
            gone.append(name)
    assert not gone, f"paths docs/ui-map.md names that do not exist: {sorted(gone)}"
