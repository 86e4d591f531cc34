"""Serve build/site/ on 127.0.0.1 with the MIME types and headers the app needs.

Usage: python tools/serve.py [--port 8000] [--dir build/site] [--quiet]

--port 0 picks a free port.  Prints "Hotseat: http://127.0.0.1:PORT/" once listening (tests wait
for that line).  Every response carries Cache-Control: no-cache (the browser revalidates with
If-Modified-Since and gets 304s; after the first visit the service worker answers from its
precache anyway), and sw.js is never cached by HTTP.  Text and wasm files go out gzip-compressed to clients that
accept it, as every real static host does (the 9.6 MB wasm travels as 3.5 MB).  Stdlib only.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
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
    ".xz": "application/x-xz",
    ".gz": "application/gzip",  # python_stdlib.zip.gz: gzip bytes as such (no Content-Encoding)
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
}


_STDOUT_LOCK = threading.Lock()

# Suffixes worth compressing (png, zip and whl are compressed already).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".py", ".toml", ".md", ".txt", ".svg"}
_GZIP_CACHE: dict[str, tuple[int, bytes]] = {}  # path -> (mtime_ns, gzipped bytes)


def gzipped(path: str, mtime_ns: int) -> bytes:
    """The gzip body of ``path``, compressed once per file version and kept in memory."""
    hit = _GZIP_CACHE.get(path)
    if hit is None or hit[0] != mtime_ns:
        with open(path, "rb") as f:
            hit = (mtime_ns, gzip.compress(f.read(), compresslevel=6, mtime=0))
        _GZIP_CACHE[path] = hit
    return hit[1]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    status_lines = False

    def send_head(self):
        """Like the stdlib's, but compressible files go out gzip-encoded when accepted."""
        path = self.translate_path(self.path)
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts_gzip and os.path.isfile(path) and Path(path).suffix in COMPRESSIBLE):
            return super().send_head()
        st = os.stat(path)
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}-gz"'
        last_modified = self.date_time_string(int(st.st_mtime))
        if self.headers.get("If-None-Match") == etag or (
            "If-None-Match" not in self.headers and self._not_modified_since(st.st_mtime)
        ):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", last_modified)
            self.end_headers()
            return None
        body = gzipped(path, st.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last_modified)
        self.end_headers()
        return io.BytesIO(body)

    def _not_modified_since(self, mtime: float) -> bool:
        value = self.headers.get("If-Modified-Since")
        if not value:
            return False
        try:
            since = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return since is not None and int(mtime) <= since.timestamp()

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
    ap.add_argument(
        "--quiet",
        action="store_true",
        help="no access log; only 'HTTP <code> <method> <path>' lines for errors on stdout",
    )
    ap.add_argument(
        "--status-lines", action="store_true", help="print 'HTTP <code> <method> <path>' on stdout for every request"
    )
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
