"""Bytes: what a first visit transfers and what the service worker precaches, by origin of the file.

Usage::

    .venv/bin/python bench/bytes.py
    .venv/bin/python bench/bytes.py --site OTHER/build/site   # another build, e.g. before a change

First visit: Debian Chromium (Playwright, fresh *persistent* profile, no request routing) opens
a snapshot of build/site until ``<body data-ready>``, then waits until the app's service worker
is active. The server is tools/serve.py run through bench/_serve_counting.py, which logs the
bytes it writes for every request (status line + headers + body). **tools/serve.py compresses**
text and wasm files with gzip, as real static hosts do, so these are the bytes a phone downloads
(the 9.6 MB wasm travels as about 3.5 MB). The app's Python needs no help from the host: its two
archives are tar.xz files and the standard library a gzip file (python_stdlib.zip.gz), compressed
at build time and sent as they are (web/snapshot.mjs unpacks them), so every host sends these
bytes; a host that does not compress .wasm and .mjs sends about 7 MB more. Each request is put
in one column by its headers and time: the page's requests until ready, the page's later requests, the worker script
(``Service-Worker: script``), and the worker's precache install (``Referer: .../sw.js``).
Chromium's own count for the page's requests (DevTools ``Network.loadingFinished
.encodedDataLength``) is shown beside as a cross-check.

The install asks for every precache entry with ``cache: "no-cache"`` (service-worker/sw-src.js),
so the files the page has just loaded come back as ``304 Not Modified`` (about 240 bytes each)
and their bodies are copied from the browser's HTTP cache into the precache: the wasm costs
244 bytes of network but 9.6 MB of storage. Both are shown: "SW install" (network) and
"precached" (the bytes stored in Cache Storage, read back from the page after the install).

Precache files: the ``{url, revision}`` entries of the Workbox manifest in build/site/sw.js,
sized from the files on disk, and gzip -6 of each (what serve.py sends for compressible files;
the archives, the gzip file and the images go as they are: their own size).

Groups: **Pyodide** (pyodide/), **PyScript** (pyscript/), and the app's own files: wheel
(wheels/: the engine's archive), HTML, CSS, Python (main.py, hotseat.tar.xz: the UI package),
config (pyscript.toml), icons, manifest, sw (sw.js), rules (rules/), locale (the translation
catalogues, locale/<lang>.mo.xz: xz at build time, sent as they are), other (the loader
snapshot*.mjs, js/, vendor/). Targets: the app's own first-visit bytes to ready
≤ 300 KB; the whole first visit (to ready, after, sw.js and the worker's install) ≤ 5,000 KB.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _browser as B

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from serve import COMPRESSIBLE  # noqa: E402  (the suffixes serve.py sends gzip-compressed)

TARGET_OWN_BYTES = 300 * 1024
GROUPS = [
    "Pyodide",
    "PyScript",
    "wheel",
    "HTML",
    "CSS",
    "Python",
    "config",
    "icons",
    "manifest",
    "sw",
    "rules",
    "locale",
    "other",
]
OWN = GROUPS[2:]


def group_of(path: str) -> str:
    """Group of a site path like ``/pyodide/pyodide.asm.wasm`` or ``index.html``."""
    p = "/" + path.lstrip("/")
    if p.startswith("/pyodide/"):
        return "Pyodide"
    if p.startswith("/pyscript/"):
        return "PyScript"
    if p.startswith("/wheels/") or p.endswith(".whl"):
        return "wheel"
    if p.startswith("/icons/") or p.endswith((".png", ".ico", ".svg")):
        return "icons"
    if p.startswith("/rules/"):
        return "rules"
    if p.startswith("/locale/"):
        return "locale"
    if p == "/sw.js":
        return "sw"
    if p.endswith(".webmanifest"):
        return "manifest"
    if p.endswith(".html") or p.endswith("/"):
        return "HTML"
    if p.endswith(".css"):
        return "CSS"
    if p.endswith((".py", ".zip", ".xz")):  # main.py, hotseat.tar.xz (the UI package; a zip, loose .py before)
        return "Python"
    if p.endswith(".toml"):
        return "config"
    return "other"


def precache_manifest(site: Path) -> list[str]:
    """Site-relative URLs in the Workbox precache manifest of ``site``/sw.js."""
    text = (site / "sw.js").read_text()
    urls = re.findall(r'\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?', text)
    return [u.split("?")[0].lstrip("./") if not u.startswith("/") else u.lstrip("/") for u in urls]


def gz(path: Path) -> int:
    """Bytes serve.py sends for ``path``'s body: gzip -6 of a compressible file, else the file."""
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if path.suffix in COMPRESSIBLE else len(data)


CACHED_BYTES_JS = """async () => {
    const out = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
            const res = await cache.match(req);
            out.push([req.url, (await res.arrayBuffer()).byteLength]);
        }
    }
    return out;
}"""


def who_asked(entry: dict) -> str:
    """ "sw-script", "sw-install" (the worker's precache requests) or "page", from request headers."""
    h = entry.get("headers", {})
    if h.get("Service-Worker") == "script":
        return "sw-script"
    if urlsplit(h.get("Referer", "")).path.endswith("/sw.js"):
        return "sw-install"
    return "page"


def first_visit(site_dir: Path) -> dict:
    """One first visit on a fresh profile, until the service worker is active; raw figures."""
    from playwright.sync_api import sync_playwright

    page_bytes: dict[str, int] = {}
    urls: dict[str, str] = {}
    log = B.RESULTS / "bytes-server-log.jsonl"
    log.unlink(missing_ok=True)
    with B.Server(site_dir, log=log) as srv, sync_playwright() as pw:
        ctx, d = B.launch(pw)
        try:
            page = B.page_of(ctx)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
            cdp.on(
                "Network.loadingFinished", lambda e: page_bytes.__setitem__(e["requestId"], int(e["encodedDataLength"]))
            )
            timing = B.load_and_wait_ready(page, srv.url)
            t_ready = time.time()
            cdp_to_ready = {urls.get(k, "?"): n for k, n in page_bytes.items()}
            B.wait_sw_installed(page)
            time.sleep(1.0)
            cached = page.evaluate(CACHED_BYTES_JS)
        finally:
            B.close(ctx, d)
    served = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return {"timing": timing, "t_ready": t_ready, "served": served, "cdp_to_ready": cdp_to_ready, "cached": cached}


def main(argv=None) -> int:
    import _cpu

    ap = argparse.ArgumentParser(description="First-visit bytes and precache size by group.")
    ap.add_argument("--json", metavar="FILE", help="also write the raw request list as JSON")
    ap.add_argument("--site", metavar="DIR", help="measure this built site (default build/site)")
    args = ap.parse_args(argv)
    if args.site:
        B.SITE = B.Path(args.site).resolve()

    app_dir, _ = B.snapshot()
    visit = first_visit(app_dir)

    cols = ("to ready", "after ready", "sw.js", "SW install", "SW 304s")
    by = {c: defaultdict(int) for c in cols}
    nreq = defaultdict(int)
    sw_304 = sw_reqs = 0
    for e in visit["served"]:
        g = group_of(urlsplit(e["path"]).path)
        who = who_asked(e)
        if who == "sw-install":
            sw_reqs += 1
            by["SW install"][g] += e["bytes"]
            if e["status"] == 304:
                sw_304 += 1
                by["SW 304s"][g] += 1
        elif who == "sw-script":
            by["sw.js"][g] += e["bytes"]
        elif e["t"] <= visit["t_ready"]:
            by["to ready"][g] += e["bytes"]
            nreq[g] += 1
        else:
            by["after ready"][g] += e["bytes"]
    cdp = defaultdict(int)
    for url, n in visit["cdp_to_ready"].items():
        cdp[group_of(urlsplit(url).path)] += n
    stored = defaultdict(int)
    for url, n in visit["cached"]:
        stored[group_of(urlsplit(url).path)] += n

    # precache, by group, from the manifest and the files on disk
    man = precache_manifest(app_dir)
    pre = defaultdict(int)
    pre_gz = defaultdict(int)
    missing = []
    for u in man:
        f = app_dir / u
        if not f.is_file():
            missing.append(u)
            continue
        pre[group_of(u)] += f.stat().st_size
        pre_gz[group_of(u)] += gz(f)

    def kb(x):
        return f"{x / 1024:,.1f}"

    print(
        f"First visit ({_cpu.load()}): ready after {visit['timing']['ready']:,.0f} ms; "
        f"{len(visit['served'])} requests served; the service worker's install made {sw_reqs} "
        f"({sw_304} answered 304 Not Modified: the body came from the browser's HTTP cache)"
    )
    print(f"Precache manifest: {len(man)} files" + (f"; MISSING on disk: {missing}" if missing else ""))
    print()
    print(
        f"{'group':<9} {'reqs':>4} {'to ready KB':>11} {'(CDP KB)':>9} {'after KB':>8} {'sw.js KB':>8} "
        f"{'SW install KB':>13} {'304s':>4} {'precached KB':>12} {'files KB':>9} {'gzip KB':>8}"
    )
    rows = [
        (
            g,
            [
                nreq[g],
                by["to ready"][g],
                cdp[g],
                by["after ready"][g],
                by["sw.js"][g],
                by["SW install"][g],
                by["SW 304s"][g],
                stored[g],
                pre[g],
                pre_gz[g],
            ],
        )
        for g in GROUPS
    ]
    for label, groups in (("app own", OWN), ("total", GROUPS)):
        rows.append((label, [sum(v[i] for g, v in rows[: len(GROUPS)] if g in groups) for i in range(10)]))
    for g, v in rows:
        if not any(v):
            continue
        print(
            f"{g:<9} {v[0]:>4} {kb(v[1]):>11} {kb(v[2]):>9} {kb(v[3]):>8} {kb(v[4]):>8} {kb(v[5]):>13} "
            f"{v[6]:>4} {kb(v[7]):>12} {kb(v[8]):>9} {kb(v[9]):>8}"
        )
    print(
        "(bytes as the server sent them: status line + headers + body, gzip'd where it compressed;\n"
        " CDP = Chromium's count of the page's requests to ready, a cross-check; SW install = the worker's\n"
        " precache requests over the network; precached = what it stored in Cache Storage, read back after\n"
        " install; files = the precache manifest's files on disk; gzip = gzip -6 of each, as serve.py sends)"
    )
    own = sum(by["to ready"][g] for g in OWN)
    total = sum(sum(by[c].values()) for c in ("to ready", "after ready", "sw.js", "SW install"))
    print()
    print(f"{'target':<40} {'measured':>10} {'goal':>10}  met")
    print(
        f"{'app own first-visit bytes (to ready)':<40} {kb(own) + ' KB':>10} {'<= 300 KB':>10}  "
        f"{'yes' if own <= TARGET_OWN_BYTES else 'NO'}"
    )
    print(
        f"whole first visit over the network, SW install included: {kb(total)} KB; the install sent "
        f"{kb(sum(by['SW install'].values()))} KB over the network and stored {kb(sum(stored.values()))} KB "
        f"in the precache (Pyodide {kb(stored['Pyodide'])} KB of it, from the HTTP cache)"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(visit, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
