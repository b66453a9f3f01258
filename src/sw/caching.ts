/**
 * What the service worker caches at run time, and under which key: pure functions, unit-tested
 * in caching.test.ts. The app shell (the build's JS, CSS, HTML, icons) is precached by Workbox;
 * the big runtime files are not, and are cached the first time they are used:
 *
 * - `/vendor/…` (the WASM runtimes, the bundled USE-lite model): keyed by the file's content
 *   hash at build time, so a new build that changes a file gets the new one (ONNX Runtime's
 *   .wasm must match the JS that loads it) and the old copy is deleted.
 * - `/models/…` (self-hosted models): keyed by the sha256 that `/models/manifest.json` lists
 *   for the file, so a regenerated model is never served stale. GGUF files are left out:
 *   wllama keeps its own copy in the origin-private file system.
 * - Model hosts (Hugging Face, GitHub raw files) are not cached by the service worker: every
 *   engine already keeps what it downloads from them (transformers.js and WebLLM in the Cache
 *   API, wllama in the private file system); a second copy would double gigabytes.
 */

export const VENDOR_CACHE = 'sieve-vendor';
export const MODEL_CACHE = 'sieve-models';
export const MODEL_MANIFEST_CACHE = 'sieve-models-manifest';
/** Build chunks too big to precache (WebLLM's library): hashed names, so cached as they are. */
export const ASSET_CACHE = 'sieve-assets';

/** The query parameter a revision is kept in, in cache keys only (never sent to the server). */
export const REVISION_PARAM = '__sieve_rev';

export const MODEL_MANIFEST_PATH = '/models/manifest.json';

/** Folders under /vendor/ fetched into the cache once the service worker is active: the default embedder (USE-lite on TF.js), which must work offline after one visit. */
const WARM_VENDOR_DIRS = ['use-lite', 'tfjs'];

/** Paths (from the site root, no leading slash) → revision. */
export type Revisions = Record<string, string>;

type RouteKind = 'vendor' | 'model' | 'model-manifest' | 'asset' | null;

/** Which runtime cache a same-origin GET belongs to (null: none; the network answers). */
export function routeKind(url: URL, origin: string, hasRange: boolean): RouteKind {
  if (url.origin !== origin || hasRange) return null;
  const path = url.pathname;
  if (path === MODEL_MANIFEST_PATH) return 'model-manifest';
  if (path.startsWith('/vendor/')) return 'vendor';
  if (path.startsWith('/models/')) return /\.gguf$/i.test(path) ? null : 'model';
  if (path.startsWith('/assets/')) return 'asset';
  return null;
}

/** The cache key for `url`: the URL with its revision, when one is known. */
export function revisionedKey(url: string, revisions: Revisions): string {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  const rev = revisions[decodeURIComponent(u.pathname.slice(1))];
  if (rev) u.searchParams.set(REVISION_PARAM, rev);
  return u.href;
}

/**
 * Whether a cache entry should go: its path has a revision now and the entry's is another one,
 * or (with `dropUnknown`, for /vendor/, whose every file has a revision) the path is gone.
 */
export function isStale(key: string, revisions: Revisions, dropUnknown = false): boolean {
  const u = new URL(key);
  const rev = revisions[decodeURIComponent(u.pathname.slice(1))];
  if (rev === undefined) return dropUnknown;
  return u.searchParams.get(REVISION_PARAM) !== rev;
}

/** Revisions of self-hosted model files from /models/manifest.json: `models/<id>/<path>` → sha256. */
export function modelRevisions(manifest: unknown): Revisions {
  const out: Revisions = {};
  const models = (manifest as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return out;
  for (const m of models) {
    if (!m || typeof m.id !== 'string' || !Array.isArray(m.files)) continue;
    for (const f of m.files) {
      if (f && typeof f.path === 'string' && typeof f.sha256 === 'string') out[`models/${m.id}/${f.path}`] = f.sha256.slice(0, 16);
    }
  }
  return out;
}

/** The vendor files to fetch once the service worker is active (root-relative URLs). */
export function warmVendorUrls(revisions: Revisions, dirs: string[] = WARM_VENDOR_DIRS): string[] {
  return Object.keys(revisions)
    .filter((path) => dirs.some((d) => path.startsWith(`vendor/${d}/`)))
    .sort()
    .map((path) => `/${path}`);
}
