"""Pyodide's standard library cut to what the site's Python can import, stripped of its prose.

Called by tools/build_site.py (:func:`cut_stdlib`); the work runs inside Pyodide's own Python under
Node (node_modules/pyodide), because the standard library to read is Pyodide's (CPython 3.14),
whatever Python runs the build. The same file is imported there (:func:`job`), with
tools/pygraph.py and tools/pystrip.py.

What is kept (everything else of ``python_stdlib.zip`` is left out):

* every module Pyodide has imported once it has booted, and all of Pyodide's own packages
  (``pyodide``, ``_pyodide``);
* every standard-library module that the app's Python (the engine, the UI package, the vendored
  packages, PyScript's own package, ``main.py``) imports anywhere, function bodies included, and
  every module the JavaScript that runs Python (PyScript's core, Pyodide's loader, the snapshot
  loader) names in an ``import`` line;
* :data:`EXTRA_STDLIB`: the codecs ``codecs.lookup`` imports by name;
* and everything those import in turn, function bodies included (:func:`pygraph.closure`), except
  the function-level imports of :data:`NEVER`: what a function reaches only through a REPL, a
  command line, a process or a socket, none of which exists in the page.

Kept modules are stripped (tools/pystrip.py: docstrings blanked to ``''``, comments dropped, every
line in place). e2e/test_modules.py walks every screen of every game offline to check that nothing
the app runs is missing.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"

#: Pyodide's own packages, kept whole (its JavaScript imports from them by name)
PYODIDE_PACKAGES = ("pyodide", "_pyodide")

#: Standard-library modules kept although no import statement names them: the codecs that
#: ``codecs.lookup`` imports by name (``encodings.<name>``) for the Unicode encodings, ASCII,
#: Latin-1 and the escape codecs, with their aliases, and code page 437, which ``zipfile`` decodes
#: the names in an archive with (PyScript unpacks the app's archives with it). The other legacy
#: 8-bit and the East Asian code pages (most of ``encodings/``) are left out.
EXTRA_STDLIB = (
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_16_le",
    "encodings.utf_16_be",
    "encodings.utf_32",
    "encodings.utf_32_le",
    "encodings.utf_32_be",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "encodings.idna",
    "encodings.cp437",
)

#: Modules not followed where a standard-library function imports them (a module-level import is
#: followed all the same), each with the reason no function the page runs gets there.
NEVER = {
    "pydoc": "help() and the interactive REPL's documentation: the page has no REPL",
    "_pyrepl": "the interactive REPL",
    "pdb": "the debugger (breakpoint()): no terminal",
    "multiprocessing": "child processes: a browser has none",
    "concurrent.futures.process": "ProcessPoolExecutor: no child processes",
    "subprocess": "child processes",
    "urllib.request": "URLs fetched through sockets: Pyodide has none (the app uses JavaScript)",
    "http.client": "sockets",
    "http.server": "sockets",
    "socketserver": "sockets",
    "ftplib": "sockets",
    "smtplib": "sockets",
    "webbrowser": "opening a browser from Python",
    "argparse": "command lines (the modules' own `python -m` entry points)",
    "optparse": "command lines",
    "getopt": "command lines",
    "unittest": "test runs (doctest, the modules' self-tests)",
    "doctest": "test runs",
    "tkinter": "a desktop GUI",
    "turtle": "a desktop GUI",
}

#: an ``import x`` / ``from x import`` line inside JavaScript that runs Python
JS_IMPORT = re.compile(r"(?:from ([A-Za-z_][\w.]*) import|import ([A-Za-z_][\w.]*))")

# Node: boot Pyodide, note what it imported, mount the folders, run job() below.
JOB_JS = r"""
import { loadPyodide } from %(pyodide)s;
const args = JSON.parse(process.argv[1]);
const py = await loadPyodide();
const booted = py.runPython("import sys; sorted(sys.modules)").toJs();
for (const [mount, dir] of args.mounts) {
  py.FS.mkdirTree(mount);
  py.mountNodeFS(mount, dir);
}
py.globals.set("JOB_ARGS", JSON.stringify({ ...args, booted }));
const out = py.runPython(`
import sys
sys.path.insert(0, "/build/tools")
import stdlib_cut
stdlib_cut.job(JOB_ARGS)
`);
console.log(out);
"""


def js_imports(paths: list[Path]) -> list[str]:
    """The module names of the ``import`` lines in some JavaScript files (Python run from JS)."""
    names: set[str] = set()
    for path in paths:
        for m in JS_IMPORT.finditer(path.read_text(encoding="utf-8", errors="replace")):
            names.add(m.group(1) or m.group(2))
    return sorted(names)


def cut_stdlib(app_dirs: list[Path], dest: Path) -> dict:
    """Write ``dest`` (a zip, stored): Pyodide's ``python_stdlib.zip`` cut to what the Python under
    ``app_dirs`` (folders holding packages and modules, all of them the app's) can import.
    Returns the job's report: ``kept`` and ``all`` (module counts), ``bytes`` (of ``dest``)."""
    js = sorted(PYSCRIPT_DIST.glob("core-*.js")) + [
        PYODIDE_DIR / "pyodide.mjs",
        PYODIDE_DIR / "pyodide.asm.mjs",
        ROOT / "web" / "snapshot.mjs",
        ROOT / "web" / "snapshot-worker.mjs",
    ]
    dest.parent.mkdir(parents=True, exist_ok=True)
    mounts = [["/build/tools", str(ROOT / "tools")], ["/build/out", str(dest.parent)]]
    mounts += [[f"/build/app{k}", str(d)] for k, d in enumerate(app_dirs)]
    args = {
        "mounts": mounts,
        "apps": [m for m, _ in mounts[2:]],
        "dest": f"/build/out/{dest.name}",
        "jsImports": js_imports(js),
    }
    script = JOB_JS % {"pyodide": json.dumps((PYODIDE_DIR / "pyodide.mjs").as_uri())}
    res = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(args)], capture_output=True, text=True, cwd=ROOT
    )
    if res.returncode:
        tail = "\n".join(line[:300] for line in (res.stdout + res.stderr).splitlines()[-40:])
        sys.exit(f"cutting the standard library with Pyodide under Node failed:\n{tail}")
    return json.loads(res.stdout.strip().splitlines()[-1])


# ---- inside Pyodide ------------------------------------------------------------------------------


def job(args_json: str) -> str:
    """The work of :func:`cut_stdlib`, run by Pyodide's Python: returns the report as JSON."""
    import os
    import zipfile

    import pygraph
    from pystrip import strip

    args = json.loads(args_json)
    stdlib = zipfile.ZipFile(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")
    std = pygraph.Index(stdlib.namelist(), lambda rel: stdlib.read(rel).decode("utf-8"))
    std.platform = pygraph.PYODIDE_PLATFORM

    def available(name: str) -> bool:  # a module outside the index that Pyodide has: built in
        return name in sys.builtin_module_names

    wanted: set[str] = set(args["jsImports"]) | set(args["booted"]) | set(EXTRA_STDLIB)
    for root in args["apps"]:
        for dirpath, _dirs, files in os.walk(root):
            for f in files:
                if not f.endswith(".py"):
                    continue
                rel = Path(dirpath, f).relative_to(root).as_posix()
                mod = pygraph.module_of(rel)
                if mod is None:
                    continue
                source = Path(dirpath, f).read_text(encoding="utf-8")
                wanted |= pygraph.imports_of(source, mod.name, mod.package, True, std.platform).names
    for package in PYODIDE_PACKAGES:
        wanted |= {package, *std.under(package + ".")}
    roots = sorted(n for n in wanted if n in std or n.rpartition(".")[0] in std)
    kept, _outside = pygraph.closure(std, roots, lambda _n: True, available, never=NEVER)

    # stored, not deflated: tools/build_site.py gzips the whole zip (one stream compresses across
    # modules: a tenth smaller than deflating each module alone)
    with zipfile.ZipFile(args["dest"], "w", zipfile.ZIP_STORED) as out:
        folders: set[str] = set()
        for name in sorted(kept):
            rel = std.files[name].path
            for k in range(1, rel.count("/") + 1):
                folders.add("/".join(rel.split("/")[:k]) + "/")
        for folder in sorted(folders):
            info = zipfile.ZipInfo(folder, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o40755 << 16
            out.writestr(info, b"")
        for name in sorted(kept, key=lambda n: std.files[n].path):
            rel = std.files[name].path
            text = stdlib.read(rel).decode("utf-8")
            try:
                text = strip(text)
            except ValueError:
                pass  # kept as it is: stripping would have changed the program
            info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            out.writestr(info, text, compress_type=zipfile.ZIP_STORED)
    return json.dumps(
        {"kept": len(kept), "all": len(std.files), "bytes": os.path.getsize(args["dest"]), "kept_names": sorted(kept)}
    )
