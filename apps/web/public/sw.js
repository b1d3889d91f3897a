/* global self, caches */
/* The app's service worker: an offline page, the build's own files, and push notifications.
 *
 * What it keeps: the offline page (and its icon), fetched when it installs, and the build's files
 * under /assets/ (their names carry a hash of their content, and they are the same for everyone)
 * as they are fetched. Nothing else is ever kept: not pages, not the API (/trpc, /api, /auth), not
 * uploads, nor any response marked private or no-store, so no one's data stays in the browser.
 * A page that cannot load for want of a network gets the offline page instead.
 */
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL_FILES = [OFFLINE_PAGE, '/icons/icon-192.png', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: 'reload', credentials: 'omit' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL && name !== ASSETS).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** A response that may be kept: a whole, same-origin answer nobody marked private. */
function keepable(response) {
  const control = response.headers.get('cache-control') || '';
  return response.ok && response.type === 'basic' && !/private|no-store/i.test(control);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Pages always come from the network (never kept); only when there is none, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: SHELL })));
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then(async (cache) => {
        const kept = await cache.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (keepable(response)) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  if (SHELL_FILES.includes(url.pathname)) {
    // The offline page's own files: the network first, the kept copy when offline.
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname, { cacheName: SHELL })));
  }
  // Everything else (the API, uploads, pages' data) goes to the network untouched.
});

/** A push from the server (packages/api/src/notifications/web-push.ts): { title, body, url, tag, lang, dir }. */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Commonroom';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      renotify: typeof message.tag === 'string',
      lang: typeof message.lang === 'string' ? message.lang : undefined,
      dir: message.dir === 'rtl' || message.dir === 'ltr' ? message.dir : 'auto',
      data: { url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/' },
    }),
  );
});

/** A click on a notification: to the page it tells of, in an open window of the app when there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(target) : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
