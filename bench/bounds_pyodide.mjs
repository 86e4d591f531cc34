// Pyodide side of bench/bounds.py: runs the SAME bench/bounds.py worker inside Pyodide under Node.
//
// Usage (started by bench/bounds.py, which talks to it over stdin/stdout):
//   node bench/bounds_pyodide.mjs        # then one JSON request per stdin line, e.g.
//   {"op": "prepare", "bound": "message", "kind": "bsq", "what": "read", "size": 2000}
// Each answer is one JSON line. The driver times each request by the CPU time of this process's
// main thread (where Pyodide runs), read from /proc; nothing is timed here. The app's package
// (web/hotseat) and bench/ are mounted read-only into Pyodide's file system as they are.

import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const { loadPyodide } = await import(pathToFileURL(join(ROOT, "node_modules/pyodide/pyodide.mjs")).href);

const py = await loadPyodide({ indexURL: join(ROOT, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/hotseat/web");
py.FS.mkdirTree("/hotseat/bench");
py.mountNodeFS("/hotseat/web", join(ROOT, "web"));
py.mountNodeFS("/hotseat/bench", join(ROOT, "bench"));
py.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/hotseat/web", "/hotseat/bench"]
import bounds as bench_bounds
`);
const handle = py.globals.get("bench_bounds").handle_json;

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  console.log(handle(line));
}
process.exit(0);
