"""Bytes: what a first visit transfers and what the service worker precaches, by origin of the file.

Usage::

    .venv/bin/python bench/bytes.py

First visit: Debian Chromium (Playwright, fresh *persistent* profile, no request routing) opens
a snapshot of build/site served by tools/serve.py on 127.0.0.1 until ``<body data-ready>``. The
page's bytes come from the DevTools protocol (``Network.loadingFinished.encodedDataLength``:
headers + body as received, per request), cross-checked with Resource Timing ``transferSize``.
After ready, the app registers its service worker, which downloads its precache; those requests
(made by the worker, seen by Playwright's context as service-worker requests) are counted
separately, with the 304 revalidations the HTTP cache turns them into.

Precache: the ``{url, revision}`` entries of the Workbox manifest in build/site/sw.js, sized from
the files on disk (plus sw.js itself, which the browser fetches but does not precache).

Groups: **Pyodide** (pyodide/), **PyScript** (pyscript/), and the app's own files: wheel
(wheels/), HTML, CSS, Python (*.py, hotseat.zip), config (pyscript.toml), icons, manifest, sw (sw.js),
rules (rules/), other. The gzip column is what a compressing static host would send (gzip -6 of
each file); tools/serve.py does not compress. Target (issue 8): the app's own first-visit bytes
≤ 300 KB.
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

import _browser as B  # noqa: E402

TARGET_OWN_BYTES = 300 * 1024
GROUPS = ["Pyodide", "PyScript", "wheel", "HTML", "CSS", "Python", "config", "icons", "manifest", "sw",
          "rules", "other"]
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
    if p == "/sw.js":
        return "sw"
    if p.endswith(".webmanifest"):
        return "manifest"
    if p.endswith(".html") or p.endswith("/"):
        return "HTML"
    if p.endswith(".css"):
        return "CSS"
    if p.endswith((".py", ".zip")):  # main.py, hotseat.zip (the UI package; loose .py files before)
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
    return len(gzip.compress(path.read_bytes(), 6))


def first_visit(site_dir: Path) -> dict:
    from playwright.sync_api import sync_playwright

    page_bytes: dict[str, int] = {}
    page_status: dict[str, int] = {}
    urls: dict[str, str] = {}
    before_ready: set[str] = set()
    sw_reqs: list = []
    with B.Server(site_dir) as srv, sync_playwright() as pw:
        ctx, d = B.launch(pw)
        try:
            page = B.page_of(ctx)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
            cdp.on("Network.responseReceived",
                   lambda e: page_status.__setitem__(e["requestId"], e["response"]["status"]))
            cdp.on("Network.loadingFinished",
                   lambda e: page_bytes.__setitem__(e["requestId"], int(e["encodedDataLength"])))
            ctx.on("requestfinished", lambda r: sw_reqs.append(r) if r.service_worker else None)
            timing = B.load_and_wait_ready(page, srv.url)
            before_ready.update(k for k in page_bytes)
            rt = page.evaluate(
                """() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
                     .map(e => [e.name, e.transferSize, e.encodedBodySize])"""
            )
            B.wait_sw_installed(page)
            time.sleep(1.0)
            sw = []
            for r in sw_reqs:
                try:
                    s = r.sizes()
                    resp = r.response()
                    sw.append([r.url, s["responseHeadersSize"] + s["responseBodySize"], resp.status if resp else None])
                except Exception as exc:  # a request that vanished with its worker
                    sw.append([r.url, 0, f"? {exc.__class__.__name__}"])
        finally:
            B.close(ctx, d)
    page = [[urls.get(k, "?"), n, page_status.get(k), k in before_ready] for k, n in page_bytes.items()]
    return {"timing": timing, "page": page, "resource_timing": rt, "sw": sw}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="First-visit bytes and precache size by group.")
    ap.add_argument("--json", metavar="FILE", help="also write the raw request list as JSON")
    args = ap.parse_args(argv)

    app_dir, _ = B.snapshot()
    visit = first_visit(app_dir)

    # first visit, by group (page requests up to data-ready; the rest after)
    fv = defaultdict(int)
    fv_after = defaultdict(int)
    nreq = defaultdict(int)
    for url, n, status, early in visit["page"]:
        path = urlsplit(url).path
        g = group_of(path)
        (fv if early else fv_after)[g] += n
        nreq[g] += 1
    rt = defaultdict(int)
    for name, transfer, _body in visit["resource_timing"]:
        rt[group_of(urlsplit(name).path)] += transfer or 0
    sw_bytes = defaultdict(int)
    sw_304 = 0
    for url, n, status in visit["sw"]:
        sw_bytes[group_of(urlsplit(url).path)] += n
        sw_304 += status == 304

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
    sw_file = app_dir / "sw.js"
    pre["sw"] += sw_file.stat().st_size
    pre_gz["sw"] += gz(sw_file)

    def kb(x):
        return f"{x / 1024:,.1f}"

    print(f"First visit: ready after {visit['timing']['ready']:,.0f} ms; {len(visit['page'])} page requests, "
          f"{len(visit['sw'])} service-worker requests ({sw_304} answered 304 by the server)")
    print(f"Precache manifest: {len(man)} files" + (f"; MISSING on disk: {missing}" if missing else ""))
    print()
    print(f"{'group':<9} {'reqs':>4} {'1st visit KB':>12} {'(RT KB)':>9} {'after ready':>11} {'SW install':>10} "
          f"{'precache KB':>11} {'gzip KB':>9}")
    tot = defaultdict(int)
    for g in GROUPS:
        row = (fv[g], rt[g], fv_after[g], sw_bytes[g], pre[g], pre_gz[g])
        if not any(row):
            continue
        print(f"{g:<9} {nreq[g]:>4} {kb(fv[g]):>12} {kb(rt[g]):>9} {kb(fv_after[g]):>11} {kb(sw_bytes[g]):>10} "
              f"{kb(pre[g]):>11} {kb(pre_gz[g]):>9}")
    for label, groups in (("app own", OWN), ("total", GROUPS)):
        s = [sum(d[g] for g in groups) for d in (fv, rt, fv_after, sw_bytes, pre, pre_gz)]
        print(f"{label:<9} {sum(nreq[g] for g in groups):>4} {kb(s[0]):>12} {kb(s[1]):>9} {kb(s[2]):>11} "
              f"{kb(s[3]):>10} {kb(s[4]):>11} {kb(s[5]):>9}")
    own = sum(fv[g] for g in OWN)
    print()
    print(f"{'target (issue 8)':<40} {'measured':>10} {'goal':>10}  met")
    print(f"{'app own first-visit bytes (to ready)':<40} {kb(own) + ' KB':>10} {'<= 300 KB':>10}  "
          f"{'yes' if own <= TARGET_OWN_BYTES else 'NO'}")
    sw_total = sum(sw_bytes.values())
    page_total = sum(fv.values()) + sum(fv_after.values())
    print(f"{'whole first visit incl. SW install':<40} {kb(page_total + sw_total) + ' KB':>10}  "
          f"(the worker's install moved {kb(sw_total)} KB, {100 * sw_total / max(1, page_total):.0f}% of the "
          f"page's own bytes; {sw_304} of {len(visit['sw'])} were 304s)")
    own_gz = sum(pre_gz[g] for g in OWN)
    print(f"(gzip would make the app's own files {kb(own_gz)} KB; the biggest own groups on the first visit: "
          + ", ".join(f"{g} {kb(fv[g])} KB" for g in sorted(OWN, key=lambda g: -fv[g])[:3]) + ")")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(visit, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
