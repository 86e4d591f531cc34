"""Shared pytest set-up: Hypothesis profiles for the conformance suite.

``HOTSEAT_HYPOTHESIS_PROFILE`` picks one:

* ``ci`` (default): derandomized (the same examples every run, so CI is reproducible), no
  example database written into the tree, no deadline (Pyodide and loaded CI machines are slow).
* ``explore``: random examples, for hunting new faults locally.

Sizes of the conformance suite are set by ``HOTSEAT_CONFORMANCE_GAMES`` and
``HOTSEAT_FUZZ_EXAMPLES`` (see ``tests/conformance/harness.py``).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("explore", derandomize=False, database=None, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HOTSEAT_HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(config, items):
    """``HOTSEAT_TEST_ORDER=reversed``: the test files run in reversed order (tests within a file
    keep theirs). ``make test-engine`` runs the suite so, in pytest-xdist workers, so that no test
    can depend on another having run before it."""
    if os.environ.get("HOTSEAT_TEST_ORDER") != "reversed":
        return
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(str(item.path), []).append(item)
    items[:] = [item for path in reversed(list(files)) for item in files[path]]
