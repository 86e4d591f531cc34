// Generate build/site/sw.js with Workbox: a precache of EVERY file in the site, each with a
// content-hash revision, so a reload with the network off boots the whole app.
//
// Usage: node service-worker/build-sw.mjs <site-dir>     (called by tools/build_site.py)
//
// - cache-first: precached files are answered from the cache; any other same-origin GET is
//   cached on first use (runtime cache "hotseat-runtime");
// - old precaches are deleted on activate (cleanupOutdatedCaches) and a new worker takes over
//   at once (skipWaiting + clientsClaim);
// - the Workbox runtime is inlined into sw.js: no CDN, no importScripts.
import { generateSW } from "workbox-build";
import { resolve } from "node:path";

const site = resolve(process.argv[2] || "build/site");

const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "sw.js.map", "workbox-*.js"],
  swDest: resolve(site, "sw.js"),
  cacheId: "hotseat",
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // pyodide.asm.wasm is 9.6 MB: raise the 2 MB default so it is precached too.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  // "./" and "./?anything" are the app shell; query strings never select other content.
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: "index.html",
  runtimeCaching: [
    {
      urlPattern: ({ sameOrigin, request }) => sameOrigin && request.method === "GET",
      handler: "CacheFirst",
      options: { cacheName: "hotseat-runtime" },
    },
  ],
});

for (const w of warnings) console.warn(`[build-sw] warning: ${w}`);
if (warnings.length) process.exit(1);
console.log(`[build-sw] sw.js precaches ${count} files, ${(size / 1e6).toFixed(2)} MB`);
