"""Browser glue (PyScript, main thread): ``web/js/net.mjs`` seen from Python.

The JavaScript module is imported on first use (never at start-up). It reports everything that
happens — a link opened, a message, a link closed, a QR code the camera read — through one
callback, which :class:`Net` passes on as ``on_event(link, kind, text)`` with plain Python
values (``link`` 0 for the camera). Methods that wait for the browser are coroutines.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyodide.code import run_js
from pyodide.ffi import create_proxy
from pyscript import document, window

MODULE = "js/net.mjs"


class Net:
    """The transport of this page. ``on_event(link: int, kind: str, text: str)``: see net.mjs's
    ``listen`` for the kinds ("open", "message", "state", "closed", "scan", "scan-error")."""

    def __init__(self, on_event: Callable[[int, str, str], None]) -> None:
        self.on_event = on_event
        self.js: Any = None  # net.mjs, once imported
        self._listener: Any = None

    async def load(self) -> Any:
        """Import net.mjs (once) and start listening to it; returns the module."""
        if self.js is None:
            url = str(window.URL.new(MODULE, document.baseURI).href)
            module = await run_js(f"import({json.dumps(url)})")
            self._listener = create_proxy(self._event)  # kept for the page's life
            module.listen(self._listener)
            self.js = module
        return self.js

    def _event(self, link: Any, kind: Any, text: Any) -> None:
        self.on_event(int(link), str(kind), str(text))

    async def offer(self, ufrag: str | None = None, pwd: str | None = None) -> tuple[int, str]:
        """Host: a new link; ``(link, offer SDP)``. With ``ufrag`` and ``pwd`` the offer takes
        these ICE credentials when the browser lets it."""
        js = await self.load()
        made = await js.offer(ufrag, pwd)
        return int(made.id), str(made.sdp)

    async def accept(self, link: int, answer_sdp: str) -> None:
        """Host: the guest's answer SDP for ``link``."""
        js = await self.load()
        await js.accept(link, answer_sdp)

    async def answer(self, offer_sdp: str, ufrag: str | None = None, pwd: str | None = None) -> tuple[int, str]:
        """Guest: a new link from the host's offer SDP; ``(link, answer SDP)``. With ``ufrag`` and
        ``pwd`` (this phone's ICE credentials at that table) the answer takes them when it can."""
        js = await self.load()
        made = await js.answer(offer_sdp, ufrag, pwd)
        return int(made.id), str(made.sdp)

    def send(self, link: int, text: str) -> bool:
        """Send on an open link; False when it is not open (nothing is queued)."""
        return self.js is not None and bool(self.js.send(link, text))

    def close(self, link: int) -> None:
        if self.js is not None:
            self.js.close(link)

    async def qr(self, text: str, level: str = "M") -> tuple[int, str]:
        """``(version, rows)`` of the QR code of ``text`` (rows: lines of 0/1, for :func:`hotseat.net.qr.qr_svg`)."""
        js = await self.load()
        code = await js.qr(text, level)
        return int(code.version), str(code.rows)

    async def start_scan(self, video: Any) -> bool:
        """Start the camera into the ``<video>`` element ``video``; codes arrive as "scan" events."""
        js = await self.load()
        return bool(await js.startScan(video))

    def stop_scan(self) -> None:
        if self.js is not None:
            self.js.stopScan()
