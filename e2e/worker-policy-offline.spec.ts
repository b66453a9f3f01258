import { test, expect } from '@playwright/test';
import { openApp } from './helpers';
import { probe } from './policy-probe';

// The rest of the suite blocks service workers (playwright.config.ts); this test is about the responses it serves.
test.use({ serviceWorkers: 'allow' });

/**
 * A worker script the service worker answers from its cache keeps the headers it was cached with,
 * so the policy still binds the worker offline: checked on the response and by a probe.
 */
test('a worker started from the service worker’s cache is bound by the policy too', async ({ page, context }) => {
  await openApp(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 120_000 }).toBe('activated');
  const url = '/vendor/tesseract/worker.min.js';
  // First use caches it; wait for the entry, then go offline so only the cache can answer.
  expect(await page.evaluate(async (u) => (await fetch(u)).status, url)).toBe(200);
  await expect
    .poll(() => page.evaluate(async (u) => (await (await caches.open('sieve-vendor')).keys()).some((r) => new URL(r.url).pathname === u), url), { timeout: 15_000 })
    .toBe(true);
  await context.setOffline(true);

  const served = page.waitForResponse((r) => r.url().endsWith(url) && r.fromServiceWorker());
  const started = page.waitForEvent('worker', (w) => w.url().endsWith(url));
  await page.evaluate((u) => {
    (window as unknown as { probeWorker?: Worker }).probeWorker = new Worker(u);
  }, url);
  const headers = (await served).headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['cross-origin-embedder-policy']).toBe('require-corp');
  const outcome = await probe(await started);
  expect(outcome).toEqual({ sent: 'blocked', violations: expect.arrayContaining(['connect-src']) });
  await context.setOffline(false);
});
