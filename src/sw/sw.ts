/// <reference lib="webworker" />
/**
 * Sieve's service worker (built by vite-plugin-pwa's injectManifest from this file). It makes
 * the app installable and usable offline after one visit: the app shell is precached, and the
 * runtime files and models are cached the first time they are used (see caching.ts for what
 * goes where and why). A new version waits until the page asks it to take over (the "new
 * version" notice, src/app/updates.ts): nothing reloads a page by itself.
 */
import { CACHE_CHANGED, SKIP_WAITING } from './messages';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  ASSET_CACHE,
  MODEL_CACHE,
  MODEL_MANIFEST_CACHE,
  MODEL_MANIFEST_PATH,
  VENDOR_CACHE,
  isStale,
  modelRevisions,
  revisionedKey,
  routeKind,
  warmVendorUrls,
  type Revisions,
} from './caching';
import { keepWithinBudget, MODEL_CACHE_SHARE, oneAtATime, roomFor, sizeOf } from './budget';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };
/** Every file under /vendor/ in this build → a hash of its content; defined by vite/pwa.ts. */
declare const __SIEVE_VENDOR_REVISIONS__: Revisions;
const vendorRevisions: Revisions = __SIEVE_VENDOR_REVISIONS__;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Any page of the app opens the precached shell (it is a single page).
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/(vendor|models)\//] }));

const only200 = new CacheableResponsePlugin({ statuses: [200] });

const vendorKeys: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => revisionedKey(request.url, vendorRevisions),
};

let modelRevs: Promise<Revisions> | undefined;
/** The revisions of /models/ files, from the manifest last seen (fetched if there is none; not remembered while it cannot be). */
function currentModelRevisions(): Promise<Revisions> {
  const revs = (modelRevs ??= (async () => {
    const cache = await caches.open(MODEL_MANIFEST_CACHE);
    let res = await cache.match(MODEL_MANIFEST_PATH);
    if (!res) {
      const fresh = await fetch(MODEL_MANIFEST_PATH);
      if (!fresh.ok) throw new Error(`HTTP ${fresh.status}`);
      await cache.put(MODEL_MANIFEST_PATH, fresh.clone());
      res = fresh;
    }
    return modelRevisions(await res.json());
  })());
  return revs.catch(() => {
    if (modelRevs === revs) modelRevs = undefined;
    return {};
  });
}

const modelKeys: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => revisionedKey(request.url, await currentModelRevisions()),
};

/** A new manifest: new revisions, and copies of files whose revision changed are dropped. */
const manifestUpdates: WorkboxPlugin = {
  cacheDidUpdate: async () => {
    modelRevs = undefined;
    await deleteStale(MODEL_CACHE, await currentModelRevisions(), false);
  },
};

async function deleteStale(cacheName: string, revisions: Revisions, dropUnknown: boolean) {
  const cache = await caches.open(cacheName);
  for (const req of await cache.keys()) {
    if (isStale(req.url, revisions, dropUnknown)) await cache.delete(req);
  }
}

/** Copies of model files stay within their share of the storage quota (budget.ts), so the library keeps room beside them. */
const budgetChecks = oneAtATime();
const modelBudget: WorkboxPlugin = {
  cacheDidUpdate: ({ cacheName, request }) =>
    budgetChecks(async () => {
      const { quota } = await self.navigator.storage.estimate();
      if (quota) await keepWithinBudget(await caches.open(cacheName), quota * MODEL_CACHE_SHARE, request.url);
    }),
};

/**
 * Tells the pages a cache changed (files stored or deleted), so their storage figures are read
 * again: once per burst (a page load stores many files), half a second after its last change.
 */
let announcing: ReturnType<typeof setTimeout> | undefined;
function announceCacheChange() {
  clearTimeout(announcing);
  announcing = setTimeout(() => {
    void self.clients.matchAll({ includeUncontrolled: true }).then((pages) => pages.forEach((p) => p.postMessage({ type: CACHE_CHANGED })));
  }, 500);
}
const cacheChanges: WorkboxPlugin = { cacheDidUpdate: async () => announceCacheChange() };

/** The app's runtime files are stored only while the site's storage stays within their share of the quota (budget.ts). */
const appBudget: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (roomFor(await sizeOf(response), await self.navigator.storage.estimate()) ? response : null),
};

const strategies = {
  vendor: new CacheFirst({ cacheName: VENDOR_CACHE, plugins: [only200, vendorKeys, appBudget, cacheChanges] }),
  model: new CacheFirst({ cacheName: MODEL_CACHE, plugins: [only200, modelKeys, modelBudget, cacheChanges] }),
  'model-manifest': new NetworkFirst({ cacheName: MODEL_MANIFEST_CACHE, plugins: [only200, manifestUpdates] }),
  asset: new CacheFirst({ cacheName: ASSET_CACHE, plugins: [only200, appBudget, cacheChanges, new ExpirationPlugin({ maxEntries: 30 })] }),
};

for (const kind of Object.keys(strategies) as Array<keyof typeof strategies>) {
  registerRoute(({ url, request }) => request.method === 'GET' && routeKind(url, self.location.origin, request.headers.has('range')) === kind, strategies[kind]);
}

/**
 * The default embedding model must work offline after the first visit, but that visit loads it
 * before this worker controls the page; so once this worker is active (the app shell stored
 * first), it fetches those files into the cache (from the HTTP cache, usually), one at a time and
 * only while the site stays within the app's share of the quota. Storage running out takes back
 * what this run stored: the library has the room. A failure here is not fatal: the files are
 * fetched on their next use.
 */
async function warmVendor() {
  const cache = await caches.open(VENDOR_CACHE);
  const stored: string[] = [];
  try {
    for (const path of warmVendorUrls(vendorRevisions)) {
      const url = new URL(path, self.location.origin).href;
      const key = revisionedKey(url, vendorRevisions);
      if (await cache.match(key)) continue;
      const res = await fetch(url);
      if (!res.ok) continue;
      if (!roomFor(await sizeOf(res), await self.navigator.storage.estimate())) break;
      await cache.put(key, res);
      stored.push(key);
    }
  } catch (e) {
    if (e instanceof DOMException && e.name === 'QuotaExceededError') for (const key of stored) await cache.delete(key);
    console.warn('Sieve: the embedding model could not be cached for offline use', e);
  }
  if (stored.length) announceCacheChange();
}

// The models manifest too, so Settings lists the site's models offline.
self.addEventListener('install', (event) => event.waitUntil(currentModelRevisions()));

self.addEventListener('activate', (event) => {
  // The first version takes control of the page that installed it at once, so what that page
  // loads from now on is cached; later versions wait for the page's say-so (SKIP_WAITING).
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      const cache = await caches.open(VENDOR_CACHE);
      if ((await cache.keys()).length === 0) {
        // The first visit: nothing to serve offline yet, and the installing page has its files already.
        await warmVendor();
        return;
      }
      // A new version: pages wait for nothing. Its files are fetched first and the old ones deleted after, so an
      // update taken offline keeps the runtime it had.
      void warmVendor()
        .then(() => deleteStale(VENDOR_CACHE, vendorRevisions, true))
        .then(announceCacheChange);
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});
