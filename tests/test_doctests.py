"""The examples in pycore's docstrings run (as python-chess runs its documentation's examples).

Every module of the ``pycore`` package is imported and its doctests are run with :mod:`doctest`;
in the Pyodide run that is the installed wheel's copy.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pycore

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(pycore.__path__, "pycore.") if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", ["pycore", *MODULES])
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (printed above)"


def test_the_rules_modules_have_examples() -> None:
    """The small pure rule functions carry runnable examples (``bullheads``, ``row_for``, ``may_follow`` ...)."""
    for name in (
        "pycore.games.six_nimmt",
        "pycore.games.bad_bunnies",
        "pycore.games.dog.cards",
        "pycore.games.dog.board",
        "pycore.games.bunny_moose",
        "pycore.core",
        "pycore.spec",
        "pycore.rng",
        "pycore.registry",
    ):
        tests = doctest.DocTestFinder().find(importlib.import_module(name))
        assert sum(len(t.examples) for t in tests) >= 2, f"{name} has no docstring examples"
