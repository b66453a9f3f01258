import { test, expect, type Page } from '@playwright/test';
import { addFiles, collectPageErrors, fixture, openApp, waitForAnswer, waitForJobs } from './helpers';

/** Defects a tester found by probing (issue 22), each checked as a user meets it. */

test('a long question stays in sight in the question box, Enter asks it, and the quoted answer’s attribution claims nothing it cannot', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  await page.getByRole('tab', { name: 'Ask' }).click();
  const box = page.getByLabel('Question', { exact: true });
  const question = 'Looking at the report as a whole, and leaving aside any one-off items it mentions, what does it say about the results for the year?';
  await box.fill(question);
  // The box grows to show every line: nothing scrolls out of sight.
  const { scrollHeight, clientHeight } = await box.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(clientHeight).toBeGreaterThanOrEqual(scrollHeight - 1);
  expect(clientHeight).toBeGreaterThan(60);
  await box.press('Enter');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(box).toHaveValue(question);
  // A quoted answer's attribution figures are not offered as reassurance: it says which sources it quotes, in a user's words.
  const attribution = page.getByTestId('attribution');
  await expect(attribution).toContainText(/^The answer quotes \d+ of the \d+ sources? below/);
  await expect(attribution).not.toContainText('completeness');
  await expect(page.getByTestId('source-use').first()).not.toContainText('%');
});

test('choosing a language model is one step, and at 1400 pixels the tagline keeps to one line beside its badge', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const offer = page
    .getByTestId('site-models')
    .locator('li')
    .filter({ hasText: /language model/i })
    .first();
  await offer.getByRole('button', { name: /^Use/ }).click();
  // No Save settings needed: it is saved and loads at once.
  await expect(offer).toContainText('In use');
  await expect(page.getByTestId('settings-state')).not.toHaveAttribute('data-state', 'unsaved');
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const tagline = page.locator('.top h1 small');
  const lineHeight = await tagline.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3);
  expect((await tagline.boundingBox())!.height).toBeLessThan(lineHeight * 1.6);
  await page.screenshot({ path: '/tmp/shots/probing-llm-badge-1400.png' });
  expect(errors).toEqual([]);
});

/** The embedding cache as IndexedDB holds it: entry count, and journal records. */
async function cacheState(page: Page): Promise<{ entries: number; journal: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('sieve-knowledge-base');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['embeddings', 'meta'], 'readonly');
          const entries = tx.objectStore('embeddings').count();
          const journal = tx.objectStore('meta').count(IDBKeyRange.bound('cache-journal:', 'cache-journal:\uffff'));
          tx.oncomplete = () => {
            db.close();
            resolve({ entries: entries.result, journal: journal.result });
          };
        };
      }),
  );
}

/** Writes cache entries and their journal record as an add does before its document is stored, `ageMs` ago. */
async function leaveCacheEntries(page: Page, keys: string[], ageMs: number) {
  await page.evaluate(
    ({ keys, ageMs }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sieve-knowledge-base');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['embeddings', 'meta'], 'readwrite');
          for (const k of keys) tx.objectStore('embeddings').put(new Float32Array(4).fill(0.5), k);
          tx.objectStore('meta').put(keys, `cache-journal:${String(Date.now() - ageMs).padStart(15, '0')}:e2e${ageMs}`);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { keys, ageMs },
  );
}

test('cache entries an interrupted add left are removed once it is clearly over, and a recent add’s are kept', async ({ page }) => {
  await openApp(page);
  const before = await cacheState(page);
  await leaveCacheEntries(page, ['e2e-old-1', 'e2e-old-2', 'e2e-old-3'], 2 * 60 * 60 * 1000);
  await leaveCacheEntries(page, ['e2e-recent-1'], 60 * 1000);
  expect(await cacheState(page)).toEqual({ entries: before.entries + 4, journal: before.journal + 2 });
  // The next start sweeps the records older than an hour, and their entries.
  await page.reload();
  await openApp(page);
  await expect.poll(() => cacheState(page)).toEqual({ entries: before.entries + 1, journal: before.journal + 1 });
});
