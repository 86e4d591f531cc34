// Hotseat's service worker (source). service-worker/build-sw.mjs fills in the precache manifest
// (every file of build/site with a content-hash revision, from workbox-build's getManifest) and
// bundles this file with the Workbox modules it imports into build/site/sw.js: no CDN, no
// importScripts, nothing fetched from another host.
import { clientsClaim } from "workbox-core/clientsClaim.mjs";
import { setCacheNameDetails } from "workbox-core/setCacheNameDetails.mjs";
import { addPlugins } from "workbox-precaching/addPlugins.mjs";
import { cleanupOutdatedCaches } from "workbox-precaching/cleanupOutdatedCaches.mjs";
import { createHandlerBoundToURL } from "workbox-precaching/createHandlerBoundToURL.mjs";
import { precacheAndRoute } from "workbox-precaching/precacheAndRoute.mjs";
import { NavigationRoute } from "workbox-routing/NavigationRoute.mjs";
import { registerRoute } from "workbox-routing/registerRoute.mjs";
import { CacheFirst } from "workbox-strategies/CacheFirst.mjs";

setCacheNameDetails({ prefix: "hotseat" });

// A new worker takes over at once; the page keeps running the code it booted with.
self.skipWaiting();
clientsClaim();

// Reuse what the page has just downloaded. The worker is registered after the app booted, so
// every big file (Pyodide's 9.6 MB wasm...) is already in the HTTP cache. Workbox fetches each
// precache entry that has a revision with cache: "reload", i.e. downloads all of it a second
// time. Ask with cache: "no-cache" instead: a conditional request that the server answers with
// 304 when the file is unchanged (the revisions in the manifest still decide WHEN a file is
// fetched again, and the server is always asked, so no stale copy is taken).
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      request.cache === "reload"
        ? new Request(request.url, { cache: "no-cache", credentials: "same-origin", integrity: request.integrity })
        : request,
  },
]);

// Cache-first for every precached file; "./" is index.html; query strings are ignored.
precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
});
// Delete precaches left by older Workbox versions (same-version updates are swapped in place:
// changed revisions are re-fetched, entries no longer in the manifest are deleted on activate).
cleanupOutdatedCaches();

// Any other navigation inside the scope gets the app shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html")));

// Anything same-origin that is not precached (there should be nothing): cache on first use.
registerRoute(
  ({ sameOrigin, request }) => sameOrigin && request.method === "GET",
  new CacheFirst({ cacheName: "hotseat-runtime" }),
);
