// Pyodide side of bench/engine.py: runs the SAME bench/engine.py inside Pyodide under Node.
//
// Usage (normally started by bench/engine.py, which talks to it over stdin/stdout):
//   node bench/engine_pyodide.mjs            # then one JSON request per stdin line, e.g.
//   {"op": "contract", "game": "six_nimmt", "players": 4, "seed0": 1000, "games": 300}
// Each answer is one JSON line: bench_engine.handle(request). The driver times each request by
// the CPU time of this process's main thread (where Pyodide runs), read from /proc; nothing is
// timed here. {"op": "hello"} answers the runtime and where the engine came from.
//
// The engine comes from the built wheel dist/hotseat_pycore-*.whl (unpacked into site-packages
// with pyodide.unpackArchive). If the wheel is missing or older than a file under pycore/, the
// source tree pycore/ is copied in instead (so both runtimes always run the same code) and
// "pycore" says so. Options: --wheel PATH forces a wheel, --source forces pycore/.

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
const handle = py.globals.get("bench_engine").handle_json;

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const result = JSON.parse(handle(line));
  if (JSON.parse(line).op === "hello") result.pycore = engineDesc;
  console.log(JSON.stringify(result));
}
process.exit(0);
