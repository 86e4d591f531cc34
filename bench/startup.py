"""Start-up in Chromium: a bare Pyodide boot vs the Hotseat app, cold, second, later and offline.

Usage::

    .venv/bin/python bench/startup.py            # 5 runs of each
    .venv/bin/python bench/startup.py --runs 9
    .venv/bin/python bench/startup.py --runs 3 --no-floor --site NEW/build/site --variant before=OLD/build/site
                                                 # a change side by side with the build before it

What one run does (Debian Chromium through Playwright, headless, a *fresh persistent profile*
per page kind, no request routing, tools/serve.py on 127.0.0.1 serving a snapshot of
build/site; see bench/_browser.py):

* **bare** — bench/bare.html served as index.html of its own origin beside the same pyodide/
  folder: ``loadPyodide()`` then ``runPython('1')``. *cold*: first visit on the fresh profile;
  *warm1*: second visit (HTTP cache; the server answers revalidations with 304); *warm*: third
  visit (steady state: V8 has cached the compiled WebAssembly by then). A bare page has no
  service worker, so it cannot start offline.
* **pyscript** — the PyScript floor: bench/pyscript_floor.html with the site's pyscript/ and
  pyodide/, no [files], a one-line script that sets data-ready; cold and warm as for bare. It
  splits the app's overhead over bare into PyScript's part and the app's own part.
* **app?sw=0** — the app with its service worker switched off (index.html honours ``?sw=0``):
  cold and warm through the HTTP cache, as bare; splits the worker's cost from the app's own.
* **app** — build/site (or ``--site``; each ``--variant NAME=DIR`` is measured the same way in
  the same run): *cold*: first visit on the fresh profile; then the service worker (registered
  by the app once it is ready) installs its precache and the app makes its memory snapshot;
  *warm1*: the second start, the first served by the worker and restored from the snapshot;
  *warm*: the one after (steady state, as every later start); *offline*: the server is stopped
  and the context set offline, then one more visit. In the table these are the cold / second /
  later / offline starts.

Times are ms from navigation start (``performance.now()`` in the page): **ready** = the
home screen accepts a tap (``<body data-ready>``, set by the Python UI; for bare, runPython
done); the phases split a start at the end of the wasm, of the standard library and of the
app's archives (fetched by snapshot.mjs beside Pyodide's own files, unpacked before main.py),
**FCP** = first-contentful-paint of the static shell (Performance API). **CPU** = user +
system time of every Chromium process of the profile (browser, renderer, network, GPU...) from
just before the navigation until ready was seen: the work of a start, which a busy machine
disturbs far less than the wall time. Medians over the runs (min–max beside); the app/bare
ratios compare medians measured in the same run of this script, and a paired per-run ratio
is shown as a check. Target: warm app ≤ 0.75 × warm bare, **judged on CPU time**
(steady-state visits; the first warm visits are shown too); the wall-time ratio is shown beside.
With the memory snapshot (web/snapshot.mjs) the app's first visit makes the snapshot once the
service worker has installed (the run waits for it: its size, time and CPU are printed) and every
later start restores it: the "snapshot" column says which start restored it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

import _browser as B
import _cpu

# Warm app start to a playable home screen vs a bare Pyodide boot, CPU: at least 25% faster than
# bare (the app starts from Pyodide's memory snapshot; before it, the goal was <= 1.15).
TARGET_WARM_RATIO = 0.75
# The app's Python files: its archives (fetched by snapshot.mjs beside Pyodide's own files; a
# wheel and zips in older builds) and main.py.
APP_FILE_SUFFIXES = (".whl", ".zip", ".xz", ".py")
VISITS = ("cold", "warm1", "warm", "offline")


def phases(load: dict) -> dict:
    """Milestones of one load from its Resource Timing entries (ms; None when absent)."""
    start = {}
    end = {}
    for path, t0, t1 in load.get("resources", []):
        start.setdefault(path, t0)
        end[path] = t1
    files = [t for p, t in end.items() if p.endswith(APP_FILE_SUFFIXES) and p != "/main.py"]
    asked = [t for p, t in start.items() if p.endswith(APP_FILE_SUFFIXES) and p != "/main.py"]
    return {
        "pyodide_asked": start.get("/pyodide/pyodide.mjs"),
        "wasm_end": end.get("/pyodide/pyodide.asm.wasm"),
        "stdlib_end": end.get("/pyodide/python_stdlib.zip.gz") or end.get("/pyodide/python_stdlib.zip"),
        "files_asked": min(asked) if asked else None,
        "files_end": max(files) if files else None,
        "ready": load["ready"],
    }


# (label, start milestone, end milestone): spans of the boot from py:progress events and marks
SPANS = (
    ("to interp", None, "Loading interpreter"),
    ("loadPyodide", "Loading interpreter", "Loaded interpreter"),
    ("PyScript py", "Loaded interpreter", "hotseat:main"),
    ("app imports", "hotseat:main", "hotseat:imported"),
    ("1st render", "hotseat:imported", "ready"),
    ("after interp", "Loaded interpreter", "ready"),
)


def spans(load: dict) -> dict:
    """Durations (ms) of the boot's phases, see SPANS; None when a milestone is missing."""
    at = {"ready": load["ready"]}
    for name, t in load.get("progress", []):
        at.setdefault(name, t)
    out = {}
    for label, a, b in SPANS:
        t0 = 0.0 if a is None else at.get(a)
        t1 = at.get(b)
        out[label] = None if t0 is None or t1 is None else t1 - t0
    return out


SETTLE_S = 0.0  # --settle: seconds of CPU measured after each ready


def run_plain(pw, url):
    """Cold then warm (HTTP cache) visit of a page without a service worker."""
    ctx, d = B.launch(pw)
    try:
        page = B.page_of(ctx)
        cold = B.load_and_wait_ready(page, url, profile_dir=d, settle_s=SETTLE_S)
        warm1 = B.load_and_wait_ready(page, url, profile_dir=d, settle_s=SETTLE_S)
        warm = B.load_and_wait_ready(page, url, profile_dir=d, settle_s=SETTLE_S)
        return {"cold": cold, "warm1": warm1, "warm": warm}
    finally:
        B.close(ctx, d)


def run_app(pw, server):
    """Cold visit; the service worker's install and the memory snapshot the first visit makes;
    the second start (warm1: restores the snapshot), a later one (warm) and one offline."""
    ctx, d = B.launch(pw)
    try:
        page = B.page_of(ctx)
        cold = B.load_and_wait_ready(page, server.url, profile_dir=d, settle_s=SETTLE_S)
        t0 = time.perf_counter()
        B.wait_sw_installed(page)
        install_s = time.perf_counter() - t0
        # the first visit makes the memory snapshot once the service worker has installed: wait for it
        c0 = B.chromium_cpu_ms(d)
        snapshot = B.wait_snapshot_made(page)
        if snapshot:
            snapshot["wait_cpu_ms"] = B.chromium_cpu_ms(d) - c0
        warm1 = B.load_and_wait_ready(page, server.url, profile_dir=d, settle_s=SETTLE_S)
        warm = B.load_and_wait_ready(page, server.url, profile_dir=d, settle_s=SETTLE_S)
        server.stop()
        ctx.set_offline(True)
        try:
            offline = B.load_and_wait_ready(page, server.url, profile_dir=d, settle_s=SETTLE_S)
        finally:
            ctx.set_offline(False)
            server.start()
        return {
            "cold": cold,
            "warm1": warm1,
            "warm": warm,
            "offline": offline,
            "sw_wait_s": install_s,
            "snapshot": snapshot,
        }
    finally:
        B.close(ctx, d)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Start-up: bare Pyodide vs the app in Chromium.")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", metavar="FILE", help="also write the raw runs as JSON")
    ap.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="LABEL=DIR",
        help="also measure another build of the site (e.g. `tools/build_site.py --out DIR "
        "--source-only`) as page kind 'app:LABEL', cold/warm/offline like the app, "
        "in the same runs (repeatable)",
    )
    ap.add_argument("--site", metavar="DIR", help="measure this built site as 'app' (default build/site)")
    ap.add_argument(
        "--no-floor", action="store_true", help="skip the pyscript floor and app?sw=0 pages (shorter A/B runs)"
    )
    ap.add_argument(
        "--settle",
        type=float,
        default=0.0,
        metavar="S",
        help="also measure the CPU of the S seconds after each ready (work left for later)",
    )
    args = ap.parse_args(argv)
    global SETTLE_S
    SETTLE_S = args.settle
    variants = []
    for v in args.variant:
        label, _, d = v.partition("=")
        if not label or not d or not (B.Path(d) / "sw.js").is_file():
            ap.error(f"--variant {v!r}: want LABEL=DIR with a built site in DIR")
        variants.append((label, B.Path(d)))
    if args.site:
        B.SITE = B.Path(args.site).resolve()

    from playwright.sync_api import sync_playwright

    app_dir, bare_dir = B.snapshot()
    floor_dir = B.snapshot_pyscript_floor()
    variants = [(label, B.snapshot_variant(label, d)) for label, d in variants]
    runs = []
    print(
        f"{B.chromium_version()}; {args.runs} runs; snapshot of {B.SITE} in {app_dir.relative_to(B.ROOT)}", flush=True
    )
    with (
        B.Server(app_dir) as app_srv,
        B.Server(bare_dir) as bare_srv,
        B.Server(floor_dir) as floor_srv,
        sync_playwright() as pw,
    ):
        var_srvs = [(label, B.Server(d).start()) for label, d in variants]
        try:
            for i in range(args.runs):
                jobs = [("bare", lambda: run_plain(pw, bare_srv.url)), ("app", lambda: run_app(pw, app_srv))]
                jobs += [(f"app:{label}", lambda srv=srv: run_app(pw, srv)) for label, srv in var_srvs]
                if not args.no_floor:
                    jobs += [
                        ("pyscript", lambda: run_plain(pw, floor_srv.url)),
                        ("app?sw=0", lambda: run_plain(pw, app_srv.url + "?sw=0")),
                    ]
                # alternate the order so a noisy neighbour does not always hit the same kind
                if i % 2:
                    jobs.reverse()
                run = {kind: job() for kind, job in jobs}
                runs.append(run)
                print(
                    f"  run {i + 1}: "
                    + "; ".join(
                        f"{kind} " + "/".join(f"{run[kind][v]['ready']:,.0f}" for v in VISITS if v in run[kind]) + " ms"
                        for kind in run
                    )
                    + "  (cold/warm1/warm[/offline]; controlled warm/offline: "
                    + ", ".join(
                        f"{run[k]['warm']['controlled']}/{run[k]['offline']['controlled']}"
                        for k in run
                        if "offline" in run[k]
                    )
                    + ")",
                    flush=True,
                )
        finally:
            for _, srv in var_srvs:
                srv.stop()

    kinds = list(runs[0])
    order = ["bare", "pyscript", "app?sw=0", "app"] + [k for k in kinds if k.startswith("app:")]
    kinds = [k for k in order if k in kinds]
    rows = [(k, v) for k in kinds for v in VISITS if v in runs[0][k]]
    med = {}
    print()
    cpu = {}
    settle = f"+{args.settle:g} s CPU" if args.settle else ""
    print(
        f"{'page':<12} {'visit':<8} {'ready median':>12} {'min':>7} {'max':>7} {'FCP median':>11} "
        f"{'CPU median':>10} {'CPU min–max':>13} {settle:>10} {'snapshot':>9}  (ms, {args.runs} runs; {_cpu.load()})"
    )
    for kind, visit in rows:
        ready = [r[kind][visit]["ready"] for r in runs]
        fcp = [r[kind][visit]["fcp"] for r in runs]
        med[kind, visit] = B.median(ready)
        cpu[kind, visit] = B.median([r[kind][visit].get("cpu_ms") for r in runs])
        cpus = [r[kind][visit].get("cpu_ms") for r in runs if r[kind][visit].get("cpu_ms") is not None]
        print(
            f"{kind:<12} {visit:<8} {B.fmt_ms(B.median(ready)):>12} {B.fmt_ms(min(ready)):>7} "
            f"{B.fmt_ms(max(ready)):>7} {B.fmt_ms(B.median(fcp)):>11} {B.fmt_ms(cpu[kind, visit]):>10} "
            f"{(B.fmt_ms(min(cpus)) + '–' + B.fmt_ms(max(cpus))) if cpus else 'n/a':>13} "
            f"{B.fmt_ms(B.median([r[kind][visit].get('settle_cpu_ms') for r in runs])) if args.settle else '':>10} "
            f"{'/'.join(sorted({str(r[kind][visit].get('snapshot') or '-') for r in runs})):>9}"
        )
    print(
        "(CPU = user+system time of all the profile's Chromium processes from navigation to ready;"
        " robust to a busy machine"
        + (f"; +{args.settle:g} s CPU = the same in the {args.settle:g} s after ready" if args.settle else "")
        + "; snapshot = the memory-snapshot loader's state)"
    )
    for kind in kinds:
        made = [r[kind].get("snapshot") for r in runs if r[kind].get("snapshot")]
        if made:
            ok = [m for m in made if m["status"] == "stored"]
            line = f"{kind}: memory snapshot made during the cold (first) visit in {len(ok)} of {len(made)} runs"
            if ok:
                line += (
                    f": {B.median([m['bytes'] for m in ok]) / 2**20:.1f} MB, "
                    f"{B.fmt_ms(B.median([m['ms'] for m in ok]))} ms in its worker (wall), "
                    f"{B.fmt_ms(B.median([m['wait_cpu_ms'] for m in ok]))} ms CPU while waiting for it"
                )
            print(line + "".join(f"; {m['status']}: {m['detail'][:200]}" for m in made if m["status"] != "stored"))
    types = sorted({t for r in runs for k, _ in rows for t in r[k][_].get("cpu_by_type", {})})
    if types:
        print(f"{'CPU median by process':<21} " + " ".join(f"{t:>11}" for t in types))
        for kind, visit in rows:
            vals = [B.median([r[kind][visit].get("cpu_by_type", {}).get(t, 0.0) for r in runs]) for t in types]
            print(f"{kind + ' ' + visit:<21} " + " ".join(f"{B.fmt_ms(v):>11}" for v in vals))
    print(f"{'bare':<12} {'offline':<8} {'n/a':>12}  (no service worker: a bare page cannot start offline)")

    print()
    print(f"where the time goes (medians, ms from navigation start; Resource Timing; {_cpu.load()}):")
    print(
        f"{'page':<12} {'visit':<8} {'asks pyodide.mjs':>16} {'wasm loaded':>11} {'stdlib loaded':>13} "
        f"{'asks app files':>14} {'app files loaded':>16} {'ready':>7}"
    )
    for kind, visit in rows:
        ph = [phases(r[kind][visit]) for r in runs]
        cols = [
            B.median([p[k] for p in ph])
            for k in ("pyodide_asked", "wasm_end", "stdlib_end", "files_asked", "files_end", "ready")
        ]
        app = kind.startswith("app")
        print(
            f"{kind:<12} {visit:<8} {B.fmt_ms(cols[0]):>16} {B.fmt_ms(cols[1]):>11} {B.fmt_ms(cols[2]):>13} "
            f"{B.fmt_ms(cols[3]) if app else '-':>14} {B.fmt_ms(cols[4]) if app else '-':>16} {B.fmt_ms(cols[5]):>7}"
        )
    print(
        "(bare: ready = runPython('1') done. app: the loader asks for its archives beside Pyodide's files and\n"
        " unpacks them inside loadPyodide, after Pyodide has booted; then PyScript, the imports, the first render)"
    )

    print()
    print(f"boot phases (medians, ms; PyScript's py:progress events and main.py's performance marks; {_cpu.load()}):")
    print(f"{'page':<12} {'visit':<8} " + " ".join(f"{label:>12}" for label, _, _ in SPANS))
    for kind, visit in rows:
        sp = [spans(r[kind][visit]) for r in runs]
        print(
            f"{kind:<12} {visit:<8} "
            + " ".join(f"{B.fmt_ms(B.median([x[label] for x in sp])):>12}" for label, _, _ in SPANS)
        )
    print(
        "(to interp: navigation to loadPyodide() called; loadPyodide: Pyodide's boot (a restored snapshot from\n"
        " the second start) and the app's archives unpacked; PyScript py: PyScript's own Python set-up and\n"
        " main.py's start; app imports: `from hotseat import app`; 1st render: app.start() to data-ready)"
    )

    print()
    print(f"{'ratio (medians)':<46} {'CPU':>6} {'wall':>6} {'goal':>7}  met (on CPU time)   ({_cpu.load()})")
    ratios = []
    for app in [k for k in kinds if k == "app" or k.startswith("app:")]:
        ratios += [
            (f"{app} warm / bare warm", (app, "warm"), ("bare", "warm"), TARGET_WARM_RATIO),
            (f"{app} warm1 / bare warm1 (1st warm visit)", (app, "warm1"), ("bare", "warm1"), None),
            (f"{app} cold / bare cold", (app, "cold"), ("bare", "cold"), None),
            (f"{app} offline / bare warm", (app, "offline"), ("bare", "warm"), None),
        ]
    if "pyscript" in kinds:
        ratios += [
            ("pyscript floor warm / bare warm", ("pyscript", "warm"), ("bare", "warm"), None),
            ("app warm / pyscript floor warm", ("app", "warm"), ("pyscript", "warm"), None),
            ("app?sw=0 warm / pyscript floor warm", ("app?sw=0", "warm"), ("pyscript", "warm"), None),
            ("app warm (SW) / app?sw=0 warm", ("app", "warm"), ("app?sw=0", "warm"), None),
        ]
    for label, a, b, goal in ratios:
        v = med[a] / med[b]
        c = cpu[a] / cpu[b] if cpu.get(a) and cpu.get(b) else None
        met = "" if goal is None else ("n/a" if c is None else "yes" if c <= goal else "NO")
        print(
            f"{label:<46} {'n/a' if c is None else f'{c:.2f}':>6} {v:6.2f} {f'<= {goal:.2f}' if goal else '':>7}  {met}"
        )
    # paired per-run ratios as a robustness check
    for app in [k for k in kinds if k == "app" or k.startswith("app:")]:
        paired = sorted(r[app]["warm"]["cpu_ms"] / r["bare"]["warm"]["cpu_ms"] for r in runs)
        wpaired = sorted(r[app]["warm"]["ready"] / r["bare"]["warm"]["ready"] for r in runs)
        print(
            f"{app + ' warm / bare warm, per-run ratios: CPU':<46} {B.median(paired):6.2f} "
            f"({paired[0]:.2f}–{paired[-1]:.2f}); wall {B.median(wpaired):.2f} "
            f"({wpaired[0]:.2f}–{wpaired[-1]:.2f})"
        )
    fcp = B.median([r["app"]["cold"]["fcp"] for r in runs])
    print(
        f"first paint of the static shell (app cold FCP median): {B.fmt_ms(fcp)} ms; "
        f"home screen accepts a tap (app warm ready median): {B.fmt_ms(med['app', 'warm'])} ms"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(runs, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
