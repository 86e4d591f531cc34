"""The examples in the game views' and shared widgets' docstrings run (every module of
``hotseat.views``, each game's package included, and ``hotseat.widgets``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

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
