/**
 * What lets a phone open the card stack again without a connection: Potato's web manifest and service worker at
 * its paths (`/pocket/manifest.webmanifest`, `/pocket/sw.js`, scope `/pocket`). The worker keeps the page, its
 * built files and the few reads the card stack starts from (who is logged in, the study, the task); the batch of
 * cards and the answers waiting to be sent are kept by the page itself (see the renderer's pocket feature). Both
 * files are public: a browser fetches a manifest without cookies, and neither carries anything of a user's.
 */
import type { Services } from '../../compose.js';
import { POCKET_CACHE } from '../../../shared/pocket-offline.js';
import { route, type RouteSpec } from '../route.js';

/**
 * The worker's source. It is plain browser JavaScript, kept here as text so the server can answer it at Potato's
 * path with the header that lets it control `/pocket` as well as `/pocket/`. Pages and the reads it keeps are
 * fetched from the network first (a fresh copy whenever there is a connection); built files have hashed names, so
 * a kept one is never stale. The batch of cards is never kept here: an old batch would offer cards already answered.
 */
const WORKER = `'use strict';
const CACHE = ${JSON.stringify(POCKET_CACHE)};
const SHELL = '/pocket/';
const KEPT_READS = ['/api/session', '/api/study', '/api/phase', '/pocket/api/task'];

// the page that registered the worker was loaded without it: what opening it again needs is fetched once here
self.addEventListener('install', (event) => event.waitUntil(keepPage().finally(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(keptFirst(request));
  else if (KEPT_READS.includes(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
});

async function keepPage() {
  const cache = await caches.open(CACHE);
  const shell = await fetch(SHELL, { headers: { accept: 'text/html' } });
  if (shell.status !== 200) return;
  const page = await shell.clone().text();
  await cache.put(SHELL, shell);
  const files = [...page.matchAll(/(?:src|href)="(\\/assets\\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.allSettled([...files, ...KEPT_READS].map(async (path) => {
    const response = await fetch(path);
    if (response.status === 200) await cache.put(path, response);
  }));
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // a redirect (to the login page, or from /pocket to the card stack) is passed on, never kept, and only a
    // page is kept as the page: a JSON read opened in the tab is not
    const page = (response.headers.get('content-type') || '').startsWith('text/html');
    if (response.status === 200 && response.type === 'basic' && (key !== SHELL || page))
      await cache.put(key, response.clone());
    return response;
  } catch (offline) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw offline;
  }
}

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}
`;

export function pocketOfflineRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/pocket/manifest.webmanifest',
      summary: "The card stack's web manifest (name, start URL and scope /pocket, icons); 404 unless pocket.enabled",
      access: 'public',
      responds: { types: ['application/manifest+json'] },
      handle({ ctx }) {
        s.pocket.requireEnabled();
        const name = s.pocket.task().task_name;
        ctx.type = 'application/manifest+json';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = JSON.stringify({
          name,
          short_name: name.length > 12 ? 'Annotate' : name,
          start_url: '/pocket',
          scope: '/pocket',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#ffffff',
          theme_color: '#ffffff',
          // the app's icon (build/make-icons.mjs), without which a phone adds a bookmark instead of an app
          icons: [192, 512].map((n) => ({ src: `/icon-${n}.png`, sizes: `${n}x${n}`, type: 'image/png' })),
        });
        return undefined;
      },
    }),
    route({
      method: 'GET',
      path: '/pocket/sw.js',
      summary: "The card stack's service worker, which lets a phone open it again offline; 404 unless pocket.enabled",
      access: 'public',
      responds: { types: ['application/javascript'] },
      handle({ ctx }) {
        s.pocket.requireEnabled();
        ctx.type = 'application/javascript; charset=utf-8';
        // the worker sits at /pocket/sw.js; this lets it control /pocket itself, Potato's scope
        ctx.set('Service-Worker-Allowed', '/pocket');
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = WORKER;
        return undefined;
      },
    }),
  ];
}
