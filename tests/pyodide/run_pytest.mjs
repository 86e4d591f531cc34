// Run the engine tests and the conformance suite inside Pyodide (the runtime players use), under
// Node, with the npm `pyodide` package (node_modules/pyodide, 314.0.2). Exits with pytest's code.
//
//   node tests/pyodide/run_pytest.mjs                 # engine tests + conformance suite
//   node tests/pyodide/run_pytest.mjs tests/test_dog.py -x   # any pytest arguments instead
//
// Needs: dist/hotseat_pycore-*.whl (`make wheel`) and build/pyodide-deps/site (`bash
// tests/pyodide/prepare.sh`; run here automatically when missing). The engine is imported from
// the wheel, unpacked inside Pyodide, never from the source tree. Sizes: HOTSEAT_CONFORMANCE_GAMES
// (default 20 here) and HOTSEAT_FUZZ_EXAMPLES (default 60 here) scale the conformance suite, and
// HOTSEAT_PLAYER_COUNTS (default "ends" here: each game's smallest and largest count; "all"),
// HOTSEAT_HIDDEN_GAMES (default 1 here, 2 in CPython: games the hidden-information test re-deals along);
// HOTSEAT_VIEW_TAPS (default 300 here, 1500 in CPython) sizes the view tests' random-tap walks;
// HOTSEAT_BOT_TESTS (default "few" here, "all" in CPython) the bots' strength and property tests.
// After pytest it replays the reference games (seeds/reference/) and prints their hashes next to
// the stored CPython ones.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DEPS = path.join(ROOT, "build/pyodide-deps/site");
// HOTSEAT_WHEEL=path/to/some.whl tests another wheel than the newest in dist/
const DIST = process.env.HOTSEAT_WHEEL ? path.dirname(path.resolve(process.env.HOTSEAT_WHEEL)) : path.join(ROOT, "dist");

function newestWheel() {
  if (process.env.HOTSEAT_WHEEL) return path.basename(process.env.HOTSEAT_WHEEL);
  const wheels = existsSync(DIST)
    ? readdirSync(DIST).filter((f) => /^hotseat_pycore-.*-py3-none-any\.whl$/.test(f))
    : [];
  if (!wheels.length) {
    console.error("run_pytest.mjs: no dist/hotseat_pycore-*.whl; run `make wheel` first");
    process.exit(2);
  }
  wheels.sort((a, b) => statSync(path.join(DIST, b)).mtimeMs - statSync(path.join(DIST, a)).mtimeMs);
  return wheels[0];
}

if (!existsSync(path.join(DEPS, "_pytest"))) {
  const r = spawnSync("bash", [path.join(ROOT, "tests/pyodide/prepare.sh")], { stdio: "inherit", cwd: ROOT });
  if (r.status !== 0) process.exit(r.status ?? 2);
}
const wheel = newestWheel();
const userArgs = process.argv.slice(2);
const env = {
  HOTSEAT_CONFORMANCE_GAMES: process.env.HOTSEAT_CONFORMANCE_GAMES ?? "20",
  HOTSEAT_FUZZ_EXAMPLES: process.env.HOTSEAT_FUZZ_EXAMPLES ?? "60",
  // each game's smallest and largest player count (CPython's run checks every count)
  HOTSEAT_PLAYER_COUNTS: process.env.HOTSEAT_PLAYER_COUNTS ?? "ends",
  // the hidden-information test along the first of CPython's two games per count
  HOTSEAT_HIDDEN_GAMES: process.env.HOTSEAT_HIDDEN_GAMES ?? "1",
  // the view tests' walks of random taps: their flow is the same Python as in CPython's run
  HOTSEAT_VIEW_TAPS: process.env.HOTSEAT_VIEW_TAPS ?? "300",
  // the bots' tests: the first games and states of each seeded series (CPython's run takes all)
  HOTSEAT_BOT_TESTS: process.env.HOTSEAT_BOT_TESTS ?? "few",
  HOTSEAT_HYPOTHESIS_PROFILE: process.env.HOTSEAT_HYPOTHESIS_PROFILE ?? "ci",
};

const started = Date.now();
const pyodide = await loadPyodide();
const out = (stream) => ({ write: (buf) => { stream.write(buf); return buf.length; }, isatty: false });
pyodide.setStdout(out(process.stdout));
pyodide.setStderr(out(process.stderr));

// /hotseat/tests, /hotseat/seeds and /hotseat/web are the repo's folders; /dist holds the wheel; /deps pytest.
pyodide.FS.mkdirTree("/hotseat");
pyodide.mountNodeFS("/hotseat/tests", path.join(ROOT, "tests"));
pyodide.mountNodeFS("/hotseat/seeds", path.join(ROOT, "seeds"));
pyodide.mountNodeFS("/hotseat/web", path.join(ROOT, "web")); // the UI package the view tests import
pyodide.mountNodeFS("/hotseat/tools", path.join(ROOT, "tools")); // the build's helpers (pygraph runs in Pyodide too)
pyodide.mountNodeFS("/dist", DIST);
pyodide.mountNodeFS("/deps", DEPS);
pyodide.globals.set("WHEEL", "/dist/" + wheel);
pyodide.globals.set("USER_ARGS", pyodide.toPy(userArgs));
pyodide.globals.set("ENV", pyodide.toPy(env));

const code = await pyodide.runPythonAsync(`
import os, sys, time, zipfile
sys.dont_write_bytecode = True          # write no __pycache__ into the mounted tests folder
os.environ.update(ENV)
zipfile.ZipFile(WHEEL).extractall("/engine")
# the engine from the wheel first; then what pyproject.toml's pytest pythonpath gives CPython (the
# repo root for tests.*, web/ for the UI package): pycore is not mounted there, so it stays the wheel's
sys.path[:0] = ["/engine", "/deps", "/hotseat", "/hotseat/web"]
os.chdir("/hotseat")

import pycore, pytest
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}; pycore {pycore.__version__} "
      f"from {os.path.dirname(pycore.__file__)} ({os.path.basename(WHEEL)}); pytest {pytest.__version__}")
print("sizes:", {k: v for k, v in ENV.items()})
assert pycore.__file__.startswith("/engine/"), "the engine must come from the wheel"

tests = sorted("tests/" + f for f in os.listdir("tests") if f.startswith("test_") and f.endswith(".py"))
args = list(USER_ARGS) or tests + ["tests/conformance"]
t0 = time.time()
code = int(pytest.main(["-p", "no:cacheprovider", "--rootdir=/hotseat", "-q", "-rfE", "--durations=5", *args]))
print(f"pytest exit code {code} after {time.time() - t0:.1f} s in Pyodide")

if not USER_ARGS:
    sys.path.insert(0, "/hotseat/tests")
    from conformance import reference
    if reference.main() != 0 and code == 0:
        code = 1
code
`);
console.log(`run_pytest.mjs: done in ${((Date.now() - started) / 1000).toFixed(1)} s, exit code ${code}`);
process.exit(code);
