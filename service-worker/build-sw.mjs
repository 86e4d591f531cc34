// Generate build/site/sw.js: Workbox precache of EVERY file in the site, each with a
// content-hash revision, so a reload with the network off boots the whole app.
//
// Usage: node service-worker/build-sw.mjs <site-dir>     (called by tools/build_site.py)
//
// 1. workbox-build's getManifest lists every file of the site with its revision (md5);
// 2. the manifest is put into service-worker/sw-src.js (our worker: cache-first precache,
//    skipWaiting + clientsClaim, cleanupOutdatedCaches, HTTP-cache reuse — see that file);
// 3. workbox-build's own bundler (the one generateSW uses for inlineWorkboxRuntime) inlines
//    the Workbox modules, so sw.js is one self-contained file: no CDN, no importScripts.
import { getManifest } from "workbox-build";
import { bundle } from "workbox-build/build/lib/bundle.js";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(process.argv[2] || "build/site");
const swDest = resolve(site, "sw.js");

const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js"],
  // pyodide.asm.wasm is 9.6 MB: raise the 2 MB default so it is precached too.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
});
for (const w of warnings) console.warn(`[build-sw] warning: ${w}`);
if (warnings.length) process.exit(1);

// Resolve "workbox-xxx/Module.mjs" to absolute paths, as workbox-build's own template does
// (the bundler runs on a temporary copy outside this tree).
const requireFromBuild = createRequire(createRequire(import.meta.url).resolve("workbox-build"));
const source = readFileSync(resolve(here, "sw-src.js"), "utf8")
  .replace(/from "(workbox-[a-z-]+)\/([A-Za-z]+\.mjs)"/g, (_, pkg, file) =>
    `from ${JSON.stringify(resolve(dirname(requireFromBuild.resolve(`${pkg}/package.json`)), file))}`)
  .replace("self.__WB_MANIFEST", JSON.stringify(manifestEntries));
if (source.includes("__WB_MANIFEST")) throw new Error("sw-src.js: manifest placeholder not replaced");

const files = await bundle({
  babelPresetEnvTargets: ["chrome >= 100", "firefox >= 100", "safari >= 15"],
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  swDest,
  unbundledCode: source,
});
for (const f of files) writeFileSync(resolve(dirname(swDest), f.name), f.contents);
console.log(`[build-sw] sw.js precaches ${count} files, ${(size / 1e6).toFixed(2)} MB`);
