// Makes Hotseat's Pyodide memory snapshot off the page's main thread (see snapshot.mjs).
//
// Message in: {indexURL, url, cache, files: [[url, folder, format], ...], modules: [names], base,
// stdlib: the gzipped standard library's URL or null}.
// Message out: {status: "stored" | "failed", detail, bytes, modules (how many imported), ms}.
//
// The snapshot must not hold anything of this worker that the page would not have: so nothing of
// the UI (hotseat), of PyScript or of the page is imported here, only the standard library and
// Pyodide modules the app had loaded, the engine and markupsafe (pure Python). A module whose
// import fails here is left out; Pyodide refuses to make a snapshot that holds a JavaScript
// object it cannot find again by name in the page (then nothing is stored: the normal boot stays).

// top-level packages never imported here: the UI and PyScript (they touch the page), the page's
// own script, and the JavaScript bridges
const SKIP = new Set(["__main__", "main", "hotseat", "pyscript", "_pyscript", "polyscript", "js", "pyodide_js"]);

// as snapshot.mjs: the gzip file at `url` inflated, as a blob: URL for Pyodide's stdLibURL
async function inflatedURL(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return URL.createObjectURL(await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).blob());
}

onmessage = async ({ data }) => {
  const t0 = performance.now();
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", data.indexURL).href);
    const opts = { indexURL: data.indexURL, _makeSnapshot: true };
    if (data.stdlib) opts.stdLibURL = await inflatedURL(new URL(data.stdlib, data.base));
    const py = await loadPyodide(opts);
    for (const [url, folder, format] of data.files) {
      // as snapshot.mjs does on the page
      const res = await fetch(new URL(url, data.base));
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      py.unpackArchive(new Uint8Array(await res.arrayBuffer()), format, { extractDir: folder });
    }
    const names = data.modules.filter((m) => !SKIP.has(m.split(".")[0]));
    const run = py.runPython(`
def _hotseat_preimport(names):
    import importlib
    done = 0
    for name in names:
        try:
            importlib.import_module(name)
            done += 1
        except BaseException:
            pass
    import pycore
    for game_id in pycore.GAMES:
        pycore.load_game(game_id)
    return done
_hotseat_preimport`);
    const imported = run(names);
    run.destroy();
    py.runPython("del _hotseat_preimport");
    const snap = py.makeMemorySnapshot();
    const cache = await caches.open(data.cache);
    for (const req of await cache.keys()) await cache.delete(req); // snapshots of older versions
    await cache.put(data.url, new Response(snap, { headers: { "Content-Type": "application/octet-stream" } }));
    postMessage({ status: "stored", detail: "", bytes: snap.length, modules: imported, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ status: "failed", detail: String((err && err.stack) || err), ms: performance.now() - t0 });
  }
};
