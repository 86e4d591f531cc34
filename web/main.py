"""Hotseat's entry point for PyScript: choose the language, boot the Python UI (see hotseat/app.py).

The language (hotseat/i18n.py) comes first: the remembered choice, else the browser's
``navigator.languages``; its catalogue is fetched while the UI package is imported, and
installed before the first screen is drawn, so that screen is already in that language.
The two performance marks split the start-up for bench/startup.py: imports of the UI package
and the engine (bytecode built by tools/build_site.py), then the first render.
"""

from pyscript import window

window.performance.mark("hotseat:main")
from hotseat import i18n, settings  # noqa: E402
from hotseat.storage import LocalStorage  # noqa: E402

language = i18n.choose(settings.load(LocalStorage(window)).language, list(window.navigator.languages or []))
catalogue = i18n.fetch_catalogue(window, language)
from hotseat import app  # noqa: E402

window.performance.mark("hotseat:imported")
# PyScript runs this file with top-level await
await i18n.activate(window, language, catalogue)  # noqa: F704, PLE1142
app.start()
