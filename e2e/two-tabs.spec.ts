import { test, expect, type Page } from '@playwright/test';
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
