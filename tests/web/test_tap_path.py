"""The modules a tap passes from the page to the engine, traced in CPython.

One 6 nimmt! card tap (a pick that needs no Confirm) at a table of three people sharing this
phone, made as the browser glue makes it (``Controller.tap`` with the ``data-tap`` object and the
fields). A profile hook stops at the engine's ``State.apply_action`` and reads the call stack
from there back to ``Controller.tap``: the modules it passes, in order (consecutive frames of
one module counted once). The tap is parsed once at the page's edge and handed to the page on
top, which hands it to its turn flow; the flow asks its source (the session) to apply the move.
No module may come twice: a tap never comes back to a module it passed.
"""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from table_world import start_table
from ui_helpers import MemoryStorage

from hotseat.controller import Controller
from hotseat.turn_flow import Phase

#: the path of a card tap, from the controller to the engine
PATH = ["hotseat.controller", "hotseat.pages", "hotseat.turn_flow", "hotseat.session", "pycore.core"]


def modules_to_engine(host: Controller, tap: dict[str, Any]) -> list[str]:
    """Make ``tap`` at ``host``; the modules on the call stack when the engine's
    ``State.apply_action`` starts on the session's state, from ``Controller.tap`` on (each run of
    frames of one module once). Fails unless the tap applies one move."""
    assert host.session is not None
    state = host.session.state
    stacks: list[list[str]] = []

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or frame.f_code.co_name != "apply_action":
            return
        if frame.f_globals.get("__name__") != "pycore.core" or frame.f_locals.get("self") is not state:
            return  # a copy's (the checks whether a move reveals something hidden)
        names: list[str] = []
        f: FrameType | None = frame
        while f is not None:
            names.append(f.f_globals.get("__name__", "?"))
            if f.f_code.co_name == "tap" and f.f_globals.get("__name__") == "hotseat.controller":
                break
            f = f.f_back
        stacks.append(names[::-1])

    sys.setprofile(hook)
    try:
        host.tap(tap)
    finally:
        sys.setprofile(None)
    assert len(stacks) == 1, f"one move applied, not {len(stacks)}"
    path: list[str] = []
    for name in stacks[0]:
        if not path or path[-1] != name:
            path.append(name)
    return path


def test_a_card_tap_passes_five_modules_none_twice():
    host = Controller(MemoryStorage(), bot_hook=None, seed_fn=lambda: 7)
    start_table(host, "six_nimmt", ["human"] * 3)
    session = host.session
    assert session is not None and session.phase is Phase.CURTAIN
    host.tap({"shell": "show", "fields": {}})
    assert session.phase is Phase.TURN and session.viewer == 0
    card = session.legal_actions(0)[0]["card"]
    path = modules_to_engine(host, {"pick": card, "fields": {}})
    assert path == PATH
    assert len(set(path)) == len(path)  # no module twice
    assert session.phase is not Phase.TURN or session.viewer != 0  # the move was made
