import { test, expect } from '@playwright/test';
import { addFiles, collectPageErrors, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

test('text on a page turned by /Rotate 90, printed sideways or skewed is read, and search finds it on its page', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, fixture('rotated.pdf'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
  // Not mistaken for a scan.
  await expect(page.getByTestId('documents')).not.toContainText(/scanned|no text layer/i);

  for (const [query, words, pageNo] of [
    ['harbour dredging revenue', /Harbour dredging/, 2],
    ['ocean tugs pilot launches', /Ocean tugs/, 3],
    ['deckhand headcount', /Deckhand headcount/, 4],
  ] as const) {
    await search(page, query);
    const hit = page.getByTestId('hit').first();
    await expect(hit).toContainText(words);
    await expect(hit).toContainText(new RegExp(`pp?\\. (\\d+–)?${pageNo}(?!\\d)|pp\\. ${pageNo}–`));
  }
  expect(errors).toEqual([]);
});
