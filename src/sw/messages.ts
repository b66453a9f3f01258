/** Messages between the page and the service worker. */

/** Page → waiting service worker: take over now (the user asked for the new version). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Service worker → pages: a cache it keeps changed (files stored or deleted), so the storage figures are stale. */
export const CACHE_CHANGED = 'SIEVE_CACHE_CHANGED';
