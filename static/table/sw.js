// The table page's service worker: the page and its files come from the
// network when there is one and from the cache when there is none, so a
// reload without network still opens the table (its unsent results are in
// localStorage). The table API is never cached: the page handles it offline.
const CACHE = "table-page-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))));
});

function networkFirst(request) {
  return fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreVary: true }).then(
    (found) => found || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;
  if (event.request.mode === "navigate" || url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(event.request));
  }
});
