/**
 * Storage is given back (issue 30 §1): what a failed or interrupted add wrote, what a deleted
 * document alone used, and the model files the library needs room from. Each test reads the
 * embedding cache's entries straight from IndexedDB, and the bytes in use from the browser.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

interface CacheState {
  /** Entries in the embedding cache. */
  entries: number;
  /** Entries no stored document's add used (left by a failed or interrupted add). */
  orphans: number;
  /** Bytes the browser says this site uses. */
  used: number;
}

/** Read in the page, with the library's own database opened at whatever version it has. */
function cacheState(page: Page): Promise<CacheState> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sieve-knowledge-base');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const read = <T>(store: string, all: 'getAllKeys' | 'getAll') =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store)[all]();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const keys = await read<string>('embeddings', 'getAllKeys');
    const owned = new Set((await read<{ keys: string[] }>('cacheKeys', 'getAll')).flatMap((r) => r.keys));
    db.close();
    const { usage = 0 } = await navigator.storage.estimate();
    return { entries: keys.length, orphans: keys.filter((k) => !owned.has(k)).length, used: usage };
  });
}

async function lowerQuota(page: Page, baseURL: string | undefined, bytes: number) {
  // Chromium applies a quota override only to an origin that has not touched storage yet.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin' as never, { origin: new URL(baseURL!).origin, quotaSize: bytes } as never);
}

async function add(page: Page, file: string) {
  await addFiles(page, file);
  await waitForJobs(page);
}

test('a file that fails for lack of space gives back what it wrote to the embedding cache', async ({ page, baseURL }) => {
  await lowerQuota(page, baseURL, 2_500_000);
  await openApp(page);
  await add(page, fixture('notes.md'));
  const before = await cacheState(page);
  expect(before.entries).toBeGreaterThan(0);
  expect(before.orphans).toBe(0);

  // Many sentences to embed, and a 3 MB original file that cannot be stored beside them.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const big = join(dir, 'big.html');
  const sentences = Array.from({ length: 60 }, (_, i) => `<p>Gauge ${i} on the valley weir read ${100 + i} millimetres of rain in week ${i + 1}.</p>`).join('');
  writeFileSync(big, `<html><body><!-- ${'x'.repeat(3_000_000)} -->${sentences}</body></html>`);
  await add(page, big);
  await expect(page.locator('[data-testid="job"][data-status="failed"]').getByRole('alert')).toContainText(/big\.html: .*storage is full/i);

  await expect.poll(async () => (await cacheState(page)).orphans).toBe(0);
  const after = await cacheState(page);
  expect(after.entries).toBeLessThanOrEqual(before.entries);
  expect(after.used).toBeLessThan(before.used + 200_000);
  await expect(documentRows(page)).toHaveCount(1);
});

test('deleting a document frees the cached embeddings only it used; the last one frees them all', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await openApp(page);
  await add(page, fixture('notes.md'));
  const notesOnly = await cacheState(page);
  await add(page, fixture('report.pdf'));
  const both = await cacheState(page);
  expect(both.entries).toBeGreaterThan(notesOnly.entries);

  await documentRows(page)
    .filter({ hasText: 'report.pdf' })
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(documentRows(page)).toHaveCount(1);
  await expect.poll(async () => (await cacheState(page)).entries).toBe(notesOnly.entries);

  await documentRows(page)
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(documentRows(page)).toHaveCount(0);
  await expect.poll(async () => (await cacheState(page)).entries).toBe(0);
  await expect(page.getByTestId('storage-parts')).not.toContainText('embedding cache');
});

test('what an add interrupted by a reload wrote is swept when the library opens again, though another file was stored after it', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await add(page, fixture('notes.md'));
  // A long file, interrupted by a reload once its embedding has written to the cache.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const long = join(dir, 'long.txt');
  writeFileSync(long, Array.from({ length: 4000 }, (_, i) => `Sentence ${i} says that lock ${i % 97} lifted ${i * 7} barges in shift ${i % 13}.`).join(' '));
  await addFiles(page, long);
  await expect.poll(async () => (await cacheState(page)).orphans, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.reload();
  await openApp(page);
  // The interrupted add is offered again on reload; it is not wanted here.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  if (await dismiss.count()) await dismiss.first().click();
  await add(page, fixture('report.pdf'));
  await page.reload();
  await openApp(page);
  await expect.poll(async () => (await cacheState(page)).orphans).toBe(0);
  await expect(documentRows(page)).toHaveCount(2);
});

test('the footer shows the library, the cache and model files apart, and Free space takes back the cache and model files', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await openApp(page);
  await add(page, fixture('notes.md'));
  const parts = page.getByTestId('storage-parts');
  await expect(parts).toContainText(/library/);
  await expect(parts).toContainText(/embedding cache/);

  // A model file kept by the service worker is counted apart.
  await page.evaluate(async () => {
    const cache = await caches.open('sieve-models');
    await cache.put('/models/filler.onnx', new Response(new Uint8Array(300_000)));
  });
  await add(page, fixture('report.pdf'));
  await expect(parts).toContainText(/KB model files/);
  const before = await cacheState(page);

  // Free space empties both; the documents stay and are still found.
  await page.getByRole('button', { name: 'Free space' }).click();
  await expect(parts).not.toContainText(/embedding cache|model files/);
  await expect(page.getByRole('button', { name: 'Free space' })).toHaveCount(0);
  const after = await cacheState(page);
  expect(after.entries).toBe(0);
  expect(after.used).toBeLessThan(before.used);
  expect(await page.evaluate(() => caches.has('sieve-models'))).toBe(false);
  await expect(documentRows(page)).toHaveCount(2);
  await search(page, 'hives honey harvest');
  await expect(page.getByTestId('hit').first()).toBeVisible();
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('under a 30 MB quota, with the service worker’s copies of the app’s runtime files stored, an 83 KB text file is added', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await lowerQuota(page, baseURL, 30_000_000);
    await openApp(page);
    // Installing, the service worker stores the app shell and the runtime files (/vendor/: WebAssembly and the bundled embedding model).
    const cached = () =>
      page.evaluate(async () => {
        let bytes = 0;
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
        }
        return bytes;
      });
    await expect.poll(cached, { timeout: 60_000 }).toBeGreaterThan(1_000_000);

    const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
    const text = join(dir, 'canal-log.txt');
    writeFileSync(text, Array.from({ length: 1200 }, (_, i) => `Day ${i + 1}: the lock keeper passed ${i % 17} boats and logged ${(i * 13) % 211} cm of water.`).join('\n'));
    await add(page, text);
    await expect(page.locator('[data-testid="job"][data-status="failed"]')).toHaveCount(0);
    await expect(documentRows(page).filter({ hasText: 'canal-log.txt' })).toHaveCount(1);
    await search(page, 'lock keeper boats');
    await expect(page.getByTestId('hit').first()).toContainText('canal-log');
    // The override is in force for writes (its estimate reports the disk instead: docs/reliability.md): 20 MB more is refused.
    const more = await page.evaluate(async () => {
      const cache = await caches.open('over-the-quota');
      try {
        for (let i = 0; i < 4; i++) await cache.put(`/filler-${i}`, new Response(new Uint8Array(5_000_000)));
        return 'stored';
      } catch (e) {
        return (e as DOMException).name;
      } finally {
        await caches.delete('over-the-quota');
      }
    });
    expect(more).toBe('QuotaExceededError');
  });
});
