"""Hotseat's entry point for PyScript: boot the Python UI (see hotseat/app.py).

The two performance marks split the start-up for bench/startup.py: imports of the UI package
and the engine (bytecode built by tools/build_site.py), then the first render.
"""

from pyscript import window

window.performance.mark("hotseat:main")
from hotseat import app  # noqa: E402

window.performance.mark("hotseat:imported")
app.start()
