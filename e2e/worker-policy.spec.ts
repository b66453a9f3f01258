import { test, expect } from '@playwright/test';
import { openApp } from './helpers';
import { MODEL_HOST_URL, probe } from './policy-probe';

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
    const worker = await started;
    const outcome = await probe(worker);
    expect(outcome, url).toEqual({ sent: 'blocked', violations: expect.arrayContaining(['connect-src']) });
    // Neither downloads models, so neither may reach the model hosts either.
    expect(await probe(worker, MODEL_HOST_URL), url).toEqual({ sent: 'blocked', violations: expect.arrayContaining(['connect-src']) });
  }
  // The library's worker loads a reranker when one is chosen: the model hosts are no violation there (the request
  // fails here only because this machine has no network to them).
  expect((await probe(library, MODEL_HOST_URL)).violations).toEqual([]);
});

test('only the page and the workers that download models may reach the model hosts', async ({ request }) => {
  const hub = 'https://huggingface.co';
  for (const path of ['/sw.js', '/vendor/tesseract/worker.min.js', '/vendor/llama-host/host.js']) {
    const policy = (await request.get(path)).headers()['content-security-policy'];
    expect(policy, path).toMatch(/connect-src 'self'/);
    expect(policy, path).not.toContain(hub);
  }
  expect((await request.get('/')).headers()['content-security-policy']).toContain(hub);
});

test('scripts, WASM and models are served with the policy and the isolation headers', async ({ request }) => {
  for (const path of ['/vendor/tesseract/worker.min.js', '/vendor/llama-host/host.js', '/vendor/llama/sieve-llama.wasm', '/models/manifest.json']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toContain("default-src 'self'");
    expect(res.headers()['cross-origin-embedder-policy'], path).toBe('require-corp');
  }
});
