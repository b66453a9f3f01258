import { test, expect, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { addFiles, collectPageErrors, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

const QUERY = 'kelp harvest tonnes';

/** The search results as shown: chunk ids in order, with each hit's title, place and scores. */
async function searchResults(page: Page) {
  await search(page, QUERY);
  await expect(page.getByTestId('search-summary')).toContainText(QUERY);
  const hits = page.getByTestId('hit');
  await expect(hits.first()).toBeVisible();
  return hits.evaluateAll((els) => els.map((e) => ({ id: (e as HTMLElement).dataset.chunkId, text: (e as HTMLElement).innerText })));
}

async function documentList(page: Page) {
  await page.getByRole('tab', { name: 'Library' }).click();
  return documentRows(page).evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => (td as HTMLElement).innerText)));
}

const status = (page: Page) => page.getByTestId('backup-status');

test('the whole library exports to one file and imports into a fresh browser profile; a damaged copy is refused', async ({ page, browser }, testInfo) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, [fixture('notes.md'), fixture('report.pdf')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  const results = await searchResults(page);
  expect(results.length).toBeGreaterThan(1);
  const docs = await documentList(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export library' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sieve-library-\d{4}-\d{2}-\d{2}\.sieve$/);
  const exported = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(exported);
  await expect(status(page)).toHaveAttribute('data-status', 'done');
  await expect(status(page)).toContainText('Exported 2 documents');
  // The download went through a Blob URL, revoked later: no request left the page for it.
  expect(download.url()).toMatch(/^blob:/);

  // A fresh profile: nothing stored, nothing shared with the first.
  const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page2 = await fresh.newPage();
  const errors2 = collectPageErrors(page2);
  await openApp(page2);
  await expect(documentRows(page2)).toHaveCount(0);
  await page2.getByTestId('import-input').setInputFiles(exported);
  await expect(status(page2)).toHaveAttribute('data-status', 'done');
  await expect(status(page2)).toContainText('Imported 2 documents: 2 added, 0 replaced');
  await expect(status(page2)).toContainText('Its settings were imported too.');
  await expect(documentRows(page2)).toHaveCount(2);
  expect(await documentList(page2)).toEqual(docs);
  // Searching before the model is ready gives keyword results first; compare like with like.
  await expect(page2.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  expect(await searchResults(page2)).toEqual(results);

  // A copy with bytes flipped in the middle is refused, and changes nothing.
  const bytes = readFileSync(exported);
  const middle = Math.floor(bytes.length / 2);
  for (let i = middle; i < Math.min(bytes.length, middle + 256); i++) bytes[i] ^= 0x5a;
  const damaged = testInfo.outputPath('damaged.sieve');
  writeFileSync(damaged, bytes);
  await page2.getByRole('tab', { name: 'Library' }).click();
  await page2.getByTestId('import-input').setInputFiles(damaged);
  await expect(status(page2)).toHaveAttribute('data-status', 'failed');
  await expect(status(page2)).toContainText(/Import refused\. This file is damaged or was altered: .*Nothing was imported\./);
  expect(await documentList(page2)).toEqual(docs);
  // Searching before the model is ready gives keyword results first; compare like with like.
  await expect(page2.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  expect(await searchResults(page2)).toEqual(results);

  // And after a reload the imported library is still there, from this profile's own storage.
  await page2.reload();
  await openApp(page2);
  expect(await documentList(page2)).toEqual(docs);
  // Searching before the model is ready gives keyword results first; compare like with like.
  await expect(page2.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  expect(await searchResults(page2)).toEqual(results);

  await fresh.close();
  expect(errors).toEqual([]);
  expect(errors2).toEqual([]);
});
