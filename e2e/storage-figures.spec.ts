/**
 * The storage footer's figures stay equal to what the browser reports (issue 37 §2): after the
 * page's own adds, deletes and frees, and after storage changed behind its back (a cache written
 * or deleted outside the app, as DevTools or another tab would), read again within the watch's poll.
 */
import { test, expect, type Page } from '@playwright/test';
import { addFiles, documentRows, fixture, openApp, waitForJobs } from './helpers';

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** The footer's "used" figure and the browser's own, in bytes; the footer's rounding (one decimal) is allowed for. */
async function figures(page: Page) {
  const text = await page.getByTestId('storage-use').innerText();
  const m = /Browser storage: ([\d.]+) (B|KB|MB|GB) used/.exec(text);
  if (!m) throw new Error(`no figure in the footer: ${text}`);
  const shown = Number(m[1]) * UNITS[m[2]];
  const rounding = (m[2] === 'B' ? 0.5 : 0.05) * UNITS[m[2]];
  const browser = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  return { shown, browser, rounding };
}

/** Whether the footer is within 5% of the browser's figure (or within its own rounding). */
const agrees = async (page: Page) => {
  const f = await figures(page);
  return Math.abs(f.shown - f.browser) <= Math.max(0.05 * f.browser, f.rounding);
};

test('the footer’s storage figures follow the browser’s after adds, cache changes behind the page, a delete and Free space', async ({ page }) => {
  test.setTimeout(120_000);
  page.on('dialog', (d) => void d.accept());
  await openApp(page);
  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, [fixture('notes.md'), fixture('report.pdf')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await expect.poll(() => agrees(page), { timeout: 15_000 }).toBe(true);

  // 3 MB stored in a cache without the app knowing: the footer catches up (the watch's poll, or focus).
  const before = (await figures(page)).shown;
  await page.evaluate(async () => (await caches.open('sieve-models')).put('/models/outside.onnx', new Response(new Uint8Array(3_000_000))));
  await expect.poll(async () => (await figures(page)).shown - before, { timeout: 20_000 }).toBeGreaterThan(2_000_000);
  await expect.poll(() => agrees(page), { timeout: 15_000 }).toBe(true);

  // Deleted the same way: the footer says what the browser says (Chromium keeps counting a deleted cache's bytes for a while).
  await page.evaluate(() => caches.delete('sieve-models'));
  await expect.poll(() => agrees(page), { timeout: 15_000 }).toBe(true);

  // The app's own changes.
  await page.getByRole('button', { name: 'Delete report.pdf' }).click();
  await expect(documentRows(page)).toHaveCount(1);
  await expect.poll(() => agrees(page), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Free space' }).click();
  await expect(page.getByTestId('storage-parts')).not.toContainText(/embedding cache/);
  await expect.poll(() => agrees(page), { timeout: 15_000 }).toBe(true);
});
