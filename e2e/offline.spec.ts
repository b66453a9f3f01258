import { test, expect, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, addFiles, ask, collectPageErrors, documentRows, fixture, openApp, search, waitForAnswer, waitForJobs } from './helpers';

const SW_FILE = join(FIXTURES, '..', '..', process.env.SIEVE_E2E_OUT ?? 'dist', 'sw.js');

// The rest of the suite blocks service workers (playwright.config.ts); this test is about one.
test.use({ serviceWorkers: 'allow' });

test('after one visit the app loads, adds a file, searches and answers with the network off', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  // The service worker's own requests included, nothing leaves the origin.
  const elsewhere: string[] = [];
  context.on('request', (r) => {
    if (!/^(http:\/\/localhost:\d+\/|data:|blob:)/.test(r.url())) elsewhere.push(r.url());
  });

  // First visit: the service worker installs (precaching the app shell and fetching the bundled
  // embedding model into its cache) and takes control; a file is added while online.
  await openApp(page);
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 120_000 }).toBe('activated');
  // Chromium finds it installable (manifest, icons), but for the test's own private-mode profile.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
  const cached = await page.evaluate(async () => (await (await caches.open('sieve-vendor')).keys()).map((r) => new URL(r.url).pathname));
  expect(cached).toEqual(expect.arrayContaining(['/vendor/use-lite/model.json', '/vendor/use-lite/vocab.json', '/vendor/use-lite/group1-shard1of7']));
  // Neither the runtimes nor any model went into the precache.
  const precached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.includes('precache'));
    const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
    return urls.flat();
  });
  expect(precached).toContain('/index.html');
  expect(precached.filter((p) => p.startsWith('/vendor/') || p.startsWith('/models/'))).toEqual([]);

  // A self-hosted model's file is cached on first use, under the revision the models manifest gives it.
  const modelFile = '/models/sieve/tiny-embedder/config.json';
  expect(await page.evaluate(async (url) => (await fetch(url)).status, modelFile)).toBe(200);
  // The service worker writes its cache after answering: wait for the entry.
  const modelKeys = () => page.evaluate(async () => (await (await caches.open('sieve-models')).keys()).map((r) => r.url));
  await expect.poll(modelKeys, { timeout: 15_000 }).toEqual([expect.stringMatching(/\/models\/sieve\/tiny-embedder\/config\.json\?__sieve_rev=28f955d62d5ff98f$/)]);

  // Offline from here on: every request that reaches the network fails. (Chromium reports a
  // worker's script request as aborted, then gets it from the service worker: not a failure.)
  await context.setOffline(true);
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.url()}: ${r.failure()?.errorText}`);
  });
  const fromNetwork: string[] = [];
  page.on('response', (r) => {
    if (!r.fromServiceWorker()) fromNetwork.push(r.url());
  });
  await page.reload();
  await openApp(page);
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  await expect(documentRows(page)).toHaveCount(1);
  // Served by the service worker, the page keeps the isolation headers its threads need.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(async (url) => (await fetch(url)).status, modelFile)).toBe(200);
  await addFiles(page, fixture('harbour-notes.txt'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await expect(page.getByTestId('documents')).toContainText('harbour-notes.txt');

  await search(page, 'breakwater repairs barge crane');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await expect(page.getByTestId('hit').first()).toContainText('harbour-notes.txt');

  await ask(page, 'How many hives does the orchard have?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('ask-mode')).toContainText('Retrieval-only');
  await expect(page.getByTestId('answer')).toContainText('14 hives');

  expect(failed).toEqual([]);
  expect(fromNetwork).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
  await ocrNeedsOneVisitOnline(page);
});

/** OCR was never used online, so its engine was never downloaded: an image added offline says so. */
async function ocrNeedsOneVisitOnline(page: Page) {
  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('image.png'));
  await waitForJobs(page);
  await expect(page.locator('[data-testid="job"][data-status="failed"]').getByRole('alert')).toContainText(
    /image\.png: .*OCR.*downloaded the first time it is used \(about 7 MB\), and this page is offline\. Connect once/,
  );
}

test('a new version is announced, and only the tab whose user asks reloads onto it', async ({ page, context }) => {
  await openApp(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 120_000 }).toBe('activated');
  const other = await context.newPage();
  await openApp(other);
  await expect.poll(() => other.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')).toBe('activated');
  // A page that reloads loses this mark.
  for (const p of [page, other]) await p.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  // The server now has another build's service worker (the browser fetches a service worker's
  // script past context.route, so the built file itself changes, and is put back at the end).
  const original = readFileSync(SW_FILE, 'utf8');
  try {
    writeFileSync(SW_FILE, `${original}\n// the next version\n`);
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
    await newVersionIsAnnounced(page, other);
  } finally {
    writeFileSync(SW_FILE, original);
  }
});

async function newVersionIsAnnounced(page: Page, other: Page) {
  const marked = (p: Page) => p.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

  const notice = page.getByTestId('update-notice');
  await expect(notice).toContainText('A new version of Sieve is ready');
  await expect(other.getByTestId('update-notice')).toContainText('A new version of Sieve is ready');
  expect(await marked(page)).toBe(true);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => marked(page).catch(() => false)).toBe(false);
  await expect(page.getByRole('tab', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Opening your knowledge base…')).toHaveCount(0);
  await expect(notice).toHaveCount(0);

  // The other tab was not reloaded under its user: it says what happened and offers to.
  await expect(other.getByTestId('update-notice')).toContainText('Sieve was updated in another tab');
  expect(await marked(other)).toBe(true);
}
