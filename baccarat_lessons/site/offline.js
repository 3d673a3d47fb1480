// The browser edition's service worker: the site kept in the browser's own store.
//
// On install it stores every file of this build (the list below, written by the build); from then
// on each of those is answered from the store (Python's WebAssembly from the HTTP cache first, see
// below), so a second visit fetches nothing and the site works with the network off. A new build writes a new list, hence a new worker, which stores the new
// build and deletes the old one's store when it takes over.
const BUILD = "{{BUILD}}";
const FILES = {{FILES}};
const STORE = `baccarat-lessons-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STORE).then((store) => store.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("baccarat-lessons-") && name !== STORE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  // Python's WebAssembly is taken from the browser's HTTP cache first (where the site-serve headers keep it
  // for good), and from the store only when that fails (offline, or evicted): the browser keeps its
  // compiled code only for a module that came from its HTTP cache, and compiling it again cost a second
  // visit about 0.45 s on this machine (2.41-2.44 s in three warm visits of four, against 1.95-2.02 s in
  // all four, to a playable table; 5 December, benchmarks/README.md).
  if (url.pathname.endsWith(".wasm")) {
    event.respondWith(fetch(event.request).catch(() => caches.open(STORE).then((store) => store.match(url.origin + url.pathname))));
    return;
  }
  // The page itself is asked for with its query (a staged link): the stored page serves them all.
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.origin + url.pathname;
  event.respondWith(caches.open(STORE).then((store) => store.match(key))
    .then((stored) => stored || fetch(event.request)));
});
