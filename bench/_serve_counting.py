"""tools/serve.py, counting the bytes it sends for each request (for bench/bytes.py).

Usage: python bench/_serve_counting.py --log FILE [tools/serve.py's options]

Exactly tools/serve.py (same handler: gzip, 304s, headers), except that every request appends
one JSON line to FILE: ``{"t": unix time at the request's start, "method", "path", "status",
"bytes": bytes written to the socket for it (status line + headers + body, as sent: gzip'd
when the server compressed), "headers": a few request headers that tell who asked}``. This is
what crossed the wire, whoever asked: the page, the service worker's install, the browser.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import serve

_LOG_LOCK = threading.Lock()
_LOG_PATH: str | None = None
#: request headers kept in the log (they tell a service worker's requests from the page's)
KEPT_HEADERS = ("Service-Worker", "Sec-Fetch-Dest", "Sec-Fetch-Mode", "Cache-Control", "Pragma", "Referer")


class _CountingWriter:
    """Wraps the handler's socket writer; counts the bytes written through it."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data) -> int:
        n = self.raw.write(data)
        self.count += len(data) if n is None else n
        return n

    def __getattr__(self, name):
        return getattr(self.raw, name)


class CountingHandler(serve.Handler):
    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def handle_one_request(self) -> None:
        self.wfile.count = 0
        started = time.time()
        self.requestline = ""
        super().handle_one_request()
        if not self.requestline or _LOG_PATH is None:
            return
        entry = {
            "t": started,
            "method": getattr(self, "command", None),
            "path": getattr(self, "path", None),
            "status": getattr(self, "_bench_status", None),
            "bytes": self.wfile.count,
            "headers": {k: self.headers.get(k) for k in KEPT_HEADERS if self.headers and self.headers.get(k)},
        }
        with _LOG_LOCK, open(_LOG_PATH, "a") as f:
            f.write(json.dumps(entry) + "\n")

    def send_response(self, code, message=None) -> None:
        self._bench_status = code
        super().send_response(code, message)


def main(argv: list[str]) -> int:
    global _LOG_PATH
    if "--log" not in argv:
        sys.exit("usage: _serve_counting.py --log FILE [serve.py options]")
    i = argv.index("--log")
    _LOG_PATH = argv[i + 1]
    serve.Handler = CountingHandler  # serve.main builds its handler from this module global
    return serve.main(argv[:i] + argv[i + 2 :])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
