// Hotseat's Pyodide loader for PyScript: unpacks the app's Python archives; a normal boot the first
// time, then a start from Pyodide's memory snapshot.
//
// pyscript.toml names this module as the interpreter (interpreter = "./snapshot.mjs"); PyScript
// imports it instead of pyodide/pyodide.mjs and calls its loadPyodide(options) and reads its
// version, exactly as it does with Pyodide's own module (polyscript's interpreter/pyodide.js).
//
// * Every start: the archives (FILES: the engine and the UI package as tar.xz, which PyScript's
//   [files] cannot unpack) are fetched as soon as this module loads, beside Pyodide's own
//   downloads, and unpacked with Pyodide's unpackArchive before loadPyodide returns, so they are
//   in place before PyScript runs main.py. The standard library (STDLIB: a stored zip, gzipped
//   whole) is inflated by the browser's DecompressionStream and handed to Pyodide as stdLibURL.
// * Starts of a version of the app without a snapshot: the normal boot. Once the service worker
//   has installed (the app is precached for offline play: on the first visit, as soon as its
//   precache is complete; on later visits at once), the home screen is up (<body data-ready>)
//   and the page has been idle a moment, a worker (snapshot-worker.mjs) boots a
//   second Pyodide off the main thread with `_makeSnapshot`, unpacks the app's two archives as
//   this loader does, imports the modules the running app had imported (but not the UI's
//   or PyScript's own, which touch the page) and the engine's games, and stores
//   `makeMemorySnapshot()` in Cache Storage under the exact Pyodide version and the app's content
//   hash (APP_KEY, written by tools/build_site.py), deleting older snapshots.
// * Later starts: loadPyodide({_loadSnapshot}) restores that memory instead of initialising Python
//   and importing the standard library again; `random` is reseeded at once (the snapshot holds the
//   generator state the worker left, the same on every start; new games draw their seeds from it).
// * The normal boot whenever there is no snapshot for this exact version, Pyodide refuses it
//   (another build), it fails, or the last start from it never reached the home screen (a mark in
//   localStorage, set before a restore and cleared at ready): the snapshot is then deleted.
//
// `_makeSnapshot`, `makeMemorySnapshot` and `_loadSnapshot` are Pyodide's private, experimental
// API (314.0.x); bench/README.md has the measurements that justify using it.
import { loadPyodide as loadPlain, version } from "./pyodide/pyodide.mjs";

export { version };

const APP_KEY = "@APP_KEY@"; // tools/build_site.py: hash of Pyodide, PyScript, the archives, these files
const FILES = "@FILES@"; // tools/build_site.py: the archives as [[url, folder, unpackArchive format], ...]
const SNAPSHOTS = "@SNAPSHOTS@"; // tools/build_site.py: false in a --no-snapshot build (every start plain)
const STDLIB = "@STDLIB@"; // tools/build_site.py: "./pyodide/python_stdlib.zip.gz", or null: Pyodide's own zip
const CACHE = "hotseat-snapshot";
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL(`./snapshot/${version}/${APP_KEY}`, import.meta.url).href;
const RESTORING = "hotseat.snapshot-restoring"; // localStorage mark of a restore not yet ready
const IDLE_MS = 1500; // after ready, before the worker starts: let the first taps go first

// started at once: the archives download while Pyodide's own files do
const archives = FILES.map(([url]) =>
  fetch(new URL(url, import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`Hotseat: ${url}: HTTP ${res.status}`);
    return res.arrayBuffer();
  }),
);
const stdlib = STDLIB && inflatedURL(new URL(STDLIB, import.meta.url));
for (const p of [...archives, stdlib]) p && p.catch(() => {}); // reported where awaited

/** A blob: URL of the gzip file at `url`, inflated (what Pyodide fetches as its stdLibURL). */
async function inflatedURL(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Hotseat: ${url}: HTTP ${res.status}`);
  const blob = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).blob();
  return URL.createObjectURL(blob);
}

/** Unpack the app's archives into `py`'s file system, in FILES order. */
async function unpack(py, buffers = archives) {
  for (const [i, [, folder, format]] of FILES.entries()) {
    py.unpackArchive(new Uint8Array(await buffers[i]), format, { extractDir: folder });
  }
}

// The loader's state, for bench/startup.py and the e2e tests: status is "plain" (normal boot),
// "restored", "making", "stored" or "failed" (detail says why); `done` (set when a snapshot will
// be made) settles with the final status; key is APP_KEY.
const state = { status: "none", detail: "", done: null, key: APP_KEY };
globalThis.hotseatSnapshot = state;

function whenReady(fn) {
  const ready = () => document.body && document.body.hasAttribute("data-ready");
  if (ready()) return fn();
  new MutationObserver((_, obs) => {
    if (ready()) { obs.disconnect(); fn(); }
  }).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}

async function dropSnapshots() {
  try { await caches.delete(CACHE); } catch { /* no Cache Storage: nothing to drop */ }
}

async function readSnapshot() {
  if (!("caches" in globalThis)) return null;
  if (localStorage.getItem(RESTORING) === APP_KEY) {
    // the last start from this snapshot never reached the home screen: never use it again
    localStorage.removeItem(RESTORING);
    await dropSnapshots();
    state.detail = "the last start from the snapshot did not reach the home screen";
    return null;
  }
  try {
    const hit = await (await caches.open(CACHE)).match(SNAPSHOT_URL);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

// Sets the mark of a restore under way; false when localStorage refuses it (full): then no restore,
// since a restore that failed could not be told from one that worked at the next start.
function markRestoring() {
  try {
    localStorage.setItem(RESTORING, APP_KEY);
    return true;
  } catch {
    state.detail = "localStorage is full: no mark for a restore, so a normal start";
    return false;
  }
}

export async function loadPyodide(options = {}) {
  const opts = { ...options, indexURL: INDEX_URL };
  if (stdlib) opts.stdLibURL = await stdlib;
  const snapshot = SNAPSHOTS ? await readSnapshot() : null;
  const unmarked = snapshot && !markRestoring(); // kept for a later start; no new one made now
  if (snapshot && !unmarked) {
    try {
      const py = await loadPlain({ ...opts, _loadSnapshot: snapshot });
      py.runPython("import random; random.seed()");
      await unpack(py);
      state.status = "restored";
      whenReady(() => localStorage.removeItem(RESTORING));
      return py;
    } catch (err) {
      console.warn("Hotseat: the start from the memory snapshot failed, starting normally", err);
      localStorage.removeItem(RESTORING);
      await dropSnapshots();
      state.detail = String(err && err.message || err);
    }
  }
  const py = await loadPlain(opts);
  await unpack(py);
  state.status = "plain";
  if (SNAPSHOTS && !unmarked && navigator.serviceWorker) {
    // after the precache (so the first visit's downloads come first), at the page's next idle moment
    state.done = new Promise((resolve) =>
      whenReady(() =>
        navigator.serviceWorker.ready
          .then(() => idle(IDLE_MS))
          .then(() => makeSnapshot(py))
          .then(resolve, (err) => {
            Object.assign(state, { status: "failed", detail: String((err && err.message) || err) });
            resolve(state.status);
          }),
      ),
    );
  }
  return py;
}

// Resolves after `ms` and then the page's next idle period (where the browser tells it), so the
// snapshot's work never delays a tap.
function idle(ms) {
  return new Promise((resolve) =>
    setTimeout(() => (globalThis.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve()), ms),
  );
}

function makeSnapshot(py) {
  if (!("caches" in globalThis) || typeof Worker === "undefined") return Promise.resolve(state.status);
  // the modules the app has imported by now: the worker imports those it can
  const names = py.runPython("import sys; sorted(sys.modules)");
  const modules = names.toJs();
  names.destroy();
  state.status = "making";
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const finish = (result) => {
      Object.assign(state, result);
      worker.terminate();
      resolve(state.status);
    };
    worker.onmessage = ({ data }) => finish(data);
    worker.onerror = (e) => finish({ status: "failed", detail: String(e.message || e) });
    worker.postMessage({ indexURL: INDEX_URL, url: SNAPSHOT_URL, cache: CACHE, files: FILES, modules, stdlib: STDLIB,
                         base: new URL("./", import.meta.url).href });
  });
}
