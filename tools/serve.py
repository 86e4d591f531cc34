"""Serve build/site/ on 127.0.0.1 with the MIME types and headers the app needs.

Usage: python tools/serve.py [--port 8000] [--dir build/site] [--quiet]

--port 0 picks a free port.  Prints "Hotseat: http://127.0.0.1:PORT/" once listening (tests wait
for that line).  Every response carries Cache-Control: no-cache (the browser revalidates with
If-Modified-Since and gets 304s; after the first visit the service worker answers from its
precache anyway), and sw.js is never cached by HTTP.  Stdlib only.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
}


_STDOUT_LOCK = threading.Lock()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    status_lines = False

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.endswith("/sw.js"):
            self.send_header("Cache-Control", "no-cache, no-store, must-revalidate")
            self.send_header("Service-Worker-Allowed", "/")
        else:
            self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)

    def log_request(self, code="-", size="-") -> None:
        # --quiet still reports every error status, one line each (the e2e tests read them).
        if str(code).isdigit() and (self.status_lines or (self.quiet and int(code) >= 400)):
            with _STDOUT_LOCK:  # one whole line per request, even from parallel threads
                sys.stdout.write(f"HTTP {int(code)} {self.command} {self.path}\n")
                sys.stdout.flush()
        super().log_request(code, size)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built Hotseat site.")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--dir", default=str(ROOT / "build" / "site"))
    ap.add_argument("--quiet", action="store_true",
                    help="no access log; only 'HTTP <code> <method> <path>' lines for errors on stdout")
    ap.add_argument("--status-lines", action="store_true",
                    help="print 'HTTP <code> <method> <path>' on stdout for every request")
    args = ap.parse_args(argv)

    site = Path(args.dir)
    if not (site / "index.html").is_file():
        print(f"{site}/index.html missing: run `make site` first", file=sys.stderr)
        return 1
    Handler.quiet = args.quiet
    Handler.status_lines = args.status_lines
    handler = functools.partial(Handler, directory=str(site))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as httpd:
        port = httpd.server_address[1]
        print(f"Hotseat: http://{args.host}:{port}/  (serving {site}; Ctrl-C stops)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
