import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, collectPageErrors, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

/** Searches and expects hits from both files, and no failure. */
async function searchWorks(page: Page) {
  await search(page, 'kelp harvest tonnes');
  const failed = page.getByText(/reading 'docId'/);
  // Hits, or the failure the issue reports (so a regression fails here at once, naming it).
  await expect(page.getByTestId('hit').or(failed).first()).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByTestId('hit').filter({ hasText: 'report.pdf' }).first()).toBeVisible();
}

// Issue 12: a delete and re-add in one tab, then an add in another tab whose view was stale,
// left a keyword index naming chunks that no longer exist, and every matching search failed.
test('two tabs adding and deleting the same library keep search working, also after a reload', async ({ page, context }) => {
  const tabA = page;
  const errorsA = collectPageErrors(tabA);
  await openApp(tabA);
  await expect(tabA.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  await addFiles(tabA, fixture('report.pdf'));
  await waitForJobs(tabA);
  await expect(documentRows(tabA)).toHaveCount(1);

  const tabB = await context.newPage();
  const errorsB = collectPageErrors(tabB);
  await openApp(tabB);
  await expect(tabB.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  await expect(documentRows(tabB)).toHaveCount(1);

  // Tab B deletes the PDF and adds it again.
  tabB.once('dialog', (d) => void d.accept());
  await tabB.getByRole('button', { name: 'Delete report.pdf' }).click();
  await expect(documentRows(tabB)).toHaveCount(0);
  await addFiles(tabB, fixture('report.pdf'));
  await waitForJobs(tabB);
  await expect(documentRows(tabB)).toHaveCount(1);

  // Tab A, opened before those changes, adds another file.
  await tabA.getByRole('tab', { name: 'Library' }).click();
  await addFiles(tabA, fixture('notes.md'));
  await waitForJobs(tabA);

  // Tab A searches; then again after a reload, which reads the index from storage.
  await expect(documentRows(tabA)).toHaveCount(2);
  await searchWorks(tabA);
  await tabA.reload();
  await openApp(tabA);
  await expect(documentRows(tabA)).toHaveCount(2);
  await searchWorks(tabA);

  // Tab B learnt of tab A's file from it: it lists both files and searches them.
  await tabB.getByRole('tab', { name: 'Library' }).click();
  await expect(documentRows(tabB)).toHaveCount(2);
  await expect(tabB.getByTestId('documents')).toContainText('report.pdf');
  await expect(tabB.getByTestId('documents')).toContainText('notes.md');
  await searchWorks(tabB);

  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
});

test('a delete in another tab reaches a tab busy adding a file within seconds: its list, its search and its citations', async ({ page, context }) => {
  const tabA = page;
  await openApp(tabA);
  await addFiles(tabA, [fixture('report.pdf'), fixture('notes.md')]);
  await waitForJobs(tabA);
  await search(tabA, 'kelp harvest tonnes');
  await expect(tabA.getByTestId('hit').filter({ hasText: 'report.pdf' }).first()).toBeVisible();

  // Tab A starts a long add: its library worker is busy with it for a while.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const long = join(dir, 'logbook.txt');
  writeFileSync(long, Array.from({ length: 3000 }, (_, i) => `Entry ${i}: the ferry crossed at ${i % 24} hours with ${i % 90} passengers and ${i % 7} cars aboard.`).join('\n'));
  await tabA.getByRole('tab', { name: 'Library' }).click();
  await addFiles(tabA, long);
  await expect(tabA.getByTestId('job').filter({ hasText: 'logbook.txt' })).toHaveAttribute('data-status', 'running');

  const tabB = await context.newPage();
  await openApp(tabB);
  tabB.once('dialog', (d) => void d.accept());
  await tabB.getByRole('button', { name: 'Delete report.pdf' }).click();
  await expect(documentRows(tabB)).toHaveCount(1);

  // Tab A, still adding, forgets report.pdf at once: its list, and its search hits are renewed without it.
  await expect(tabA.getByTestId('documents')).not.toContainText('report.pdf', { timeout: 5_000 });
  await expect(tabA.getByTestId('job').filter({ hasText: 'logbook.txt' })).toHaveAttribute('data-status', 'running');
  await tabA.getByRole('tab', { name: 'Search' }).click();
  await expect(tabA.getByTestId('hit').filter({ hasText: 'report.pdf' })).toHaveCount(0, { timeout: 5_000 });
  await search(tabA, 'kelp harvest tonnes');
  await expect(tabA.getByTestId('hit').filter({ hasText: 'report.pdf' })).toHaveCount(0);
  await waitForJobs(tabA);
});
