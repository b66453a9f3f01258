import { test, expect } from '@playwright/test';
import { openApp } from './helpers';
import { probe } from './policy-probe';

test('every kind of worker is bound by the policy: an off-origin fetch is refused as a policy violation', async ({ page }) => {
  await openApp(page);
  // The app's own workers (the library's, from /assets/).
  await expect.poll(() => page.workers().some((w) => /library\.worker/.test(w.url()))).toBe(true);
  const library = page.workers().find((w) => /library\.worker/.test(w.url()))!;
  const own = await probe(library);
  expect(own.sent).toBe('blocked');
  expect(own.violations).toContain('connect-src');

  // Workers started from /vendor/: the OCR engine's and the llama.cpp host (classic scripts).
  for (const url of ['/vendor/tesseract/worker.min.js', '/vendor/llama-host/host.js']) {
    const started = page.waitForEvent('worker', (w) => w.url().endsWith(url));
    await page.evaluate((u) => {
      (window as unknown as { probeWorkers?: Worker[] }).probeWorkers ??= [];
      (window as unknown as { probeWorkers: Worker[] }).probeWorkers.push(new Worker(u));
    }, url);
    const outcome = await probe(await started);
    expect(outcome, url).toEqual({ sent: 'blocked', violations: expect.arrayContaining(['connect-src']) });
  }
});

test('scripts, WASM and models are served with the policy and the isolation headers', async ({ request }) => {
  for (const path of ['/vendor/tesseract/worker.min.js', '/vendor/llama-host/host.js', '/vendor/llama/sieve-llama.wasm', '/models/manifest.json']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toContain("default-src 'self'");
    expect(res.headers()['cross-origin-embedder-policy'], path).toBe('require-corp');
  }
});
