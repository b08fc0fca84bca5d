// spielstand's service worker: the app's pages and assets are kept after the first visit,
// so that the app opens without a network (showing the last page seen, and the results
// waiting to be sent). The API, the live stream and the embedded pages are never kept.
"use strict";
const VERSION = new URL(self.location).searchParams.get("v") || "0";
const CACHE = "spielstand-" + VERSION;
const ASSETS = ["/app/app.css?v=" + VERSION, "/app/app.js?v=" + VERSION];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (ASSETS.includes(url.pathname + url.search)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
    return;
  }
  const page = url.pathname === "/" || url.pathname.startsWith("/app/") || url.pathname.startsWith("/n/");
  if (request.mode === "navigate" && page) {
    // The network first: a page is current when it can be; the last one seen otherwise.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request).then((kept) => kept || caches.match("/"))),
    );
  }
});
