// Pyodide side of bench/engine.py: runs the SAME bench/engine.py inside Pyodide under Node.
//
// Usage (normally started by bench/engine.py, which talks to it over stdin/stdout):
//   node bench/engine_pyodide.mjs            # then one JSON config per stdin line:
//   {"game": "six_nimmt", "players": 4, "seed0": 1000, "games": 300}
// Each answer is one JSON line (run_config's result plus node_cpu_seconds, the Node process's CPU
// time for the call). The first line printed is
//   {"hello": true, "pyodide": <version>, "python": <version>, "engine": <where pycore came from>}
//
// The engine comes from the built wheel dist/hotseat_pycore-*.whl (unpacked into site-packages
// with pyodide.unpackArchive). If the wheel is missing or older than a file under pycore/, the
// source tree pycore/ is copied in instead (so both runtimes always run the same code) and
// "engine" says so. Options: --wheel PATH forces a wheel, --source forces pycore/.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const { loadPyodide } = await import(pathToFileURL(join(ROOT, "node_modules/pyodide/pyodide.mjs")).href);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (name !== "__pycache__") walk(p, out);
    } else if (!name.endsWith(".pyc")) out.push(p);
  }
  return out;
}

function pickEngine(argv) {
  const i = argv.indexOf("--wheel");
  if (i >= 0) return { wheel: argv[i + 1] };
  if (argv.includes("--source")) return { source: true, why: "--source" };
  const dist = join(ROOT, "dist");
  let wheels = [];
  try {
    wheels = readdirSync(dist).filter((f) => /^hotseat_pycore-.*-py3-none-any\.whl$/.test(f));
  } catch {}
  if (!wheels.length) return { source: true, why: "no wheel in dist/" };
  const wheel = join(dist, wheels.sort().at(-1));
  const wheelTime = statSync(wheel).mtimeMs;
  const newer = walk(join(ROOT, "pycore")).filter((f) => statSync(f).mtimeMs > wheelTime);
  if (newer.length) return { source: true, why: `wheel older than ${relative(ROOT, newer[0])}` };
  return { wheel };
}

const py = await loadPyodide({ indexURL: join(ROOT, "node_modules/pyodide") + "/" });
const engine = pickEngine(process.argv.slice(2));
let engineDesc;
if (engine.wheel) {
  const buf = readFileSync(engine.wheel);
  py.unpackArchive(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), "wheel");
  engineDesc = relative(ROOT, engine.wheel);
} else {
  const sp = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const f of walk(join(ROOT, "pycore"))) {
    const dest = join(sp, relative(ROOT, f));
    py.FS.mkdirTree(dirname(dest));
    py.FS.writeFile(dest, readFileSync(f));
  }
  engineDesc = `source tree pycore/ (${engine.why})`;
}
py.FS.mkdirTree("/bench");
py.FS.writeFile("/bench/bench_engine.py", readFileSync(join(ROOT, "bench/engine.py")));
py.runPython("import sys; sys.path.insert(0, '/bench'); import bench_engine");
const runConfig = py.globals.get("bench_engine").run_config_json;
const pyVersion = py.runPython("import sys; sys.version.split()[0]");
// Warm-up: V8 starts Pyodide's WebAssembly on its baseline compiler and optimizes the hot
// functions in the background; play random 6 nimmt! for a few seconds so the timed runs see the
// steady state (BENCH_WARMUP_S, default 4).
const warmupS = Number(process.env.BENCH_WARMUP_S ?? 4);
for (let k = 0, t0 = performance.now(); performance.now() - t0 < warmupS * 1000; k++)
  runConfig(JSON.stringify({ game: "six_nimmt", players: 4, seed0: 900000 + 100 * k, games: 10 }));
console.log(JSON.stringify({ hello: true, pyodide: py.version, python: pyVersion, engine: engineDesc }));

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const c0 = process.cpuUsage();
  const result = JSON.parse(runConfig(line));
  const c = process.cpuUsage(c0);
  result.node_cpu_seconds = (c.user + c.system) / 1e6; // the whole Node process, JIT threads included
  console.log(JSON.stringify(result));
}
process.exit(0);
