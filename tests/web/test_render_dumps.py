"""Everything the app draws, step by step, is byte-identical to the stored render dumps
(:mod:`render_dump`: seeded scripts of every game at a shared phone, one person among bots, and
a host with phones). A change meant to alter the screens records them again with its reason."""

from __future__ import annotations

import pytest
from render_dump import SCRIPTS, Run, difference


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_the_screens_of_a_script_are_the_stored_ones(name):
    records = Run(SCRIPTS[name]).play()
    problem = difference(name, records)
    assert problem is None, problem
    # and no screen of it is the shell's notice of an exception caught while drawing or tapping
    failed = [step for step, markup in records if "Something went wrong" in markup]
    assert failed == [], failed


def test_a_changed_screen_is_caught_and_named(monkeypatch):
    """The check can fail: one word changed on the curtain is a difference from the first curtain on
    (at a shared phone, the one after Start), with the two screens' lines side by side."""
    import hotseat.screens

    real = hotseat.screens.curtain
    monkeypatch.setattr(hotseat.screens, "curtain", lambda *a, **k: real(*a, **k).replace("Show", "Shew"))
    problem = difference("six_nimmt-shared", Run(SCRIPTS["six_nimmt-shared"]).play())
    assert problem is not None and "records differ" in problem
    stored_line = next(line for line in problem.splitlines() if line.strip().startswith("stored:"))
    assert stored_line.endswith('d0 tap {"shell": "start"}')
    assert "Show my cards" in problem and "Shew my cards" in problem
