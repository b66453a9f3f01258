import { test, expect, type Route } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, collectPageErrors, documentRows, fixture, search, waitForJobs } from './helpers';

/**
 * Issue 13: a document is searchable by keyword as soon as it is parsed, while its vectors are
 * computed; its row and its search results say it is still embedding (and open where they came
 * from), and the results are renewed when it has been added.
 */
test('a document being embedded is found by keyword at once, marked as still embedding, then replaced by the added document', async ({ page }) => {
  const errors = collectPageErrors(page);
  // The embedding model's files are held back, so the ingest waits in its embedding step.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/vendor/use-lite/**', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Opening your knowledge base…')).toHaveCount(0);

  await addFiles(page, fixture('notes.md'));
  const job = page.getByTestId('job');
  await expect(job.getByTestId('job-searchable')).toHaveText('Searchable by keyword now; search by meaning when embedding finishes.');
  await expect(job).toHaveAttribute('data-status', 'running');

  await search(page, 'how many hives are in the apiary');
  const hit = page.getByTestId('hit').first();
  await expect(hit).toContainText('14 hives');
  await expect(hit.getByTestId('hit-embedding')).toHaveText('still embedding · keyword match');
  // Its text opens where the hit came from even before it is stored.
  await hit.getByTestId('open-source').click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toHaveAttribute('data-status', 'ready');
  await expect(viewer).toContainText('14 hives');
  await viewer.getByTestId('source-back').click();
  await expect(viewer).toHaveCount(0);

  release();
  await waitForJobs(page);
  // The results are renewed from the added document: no mark, and its page can be opened.
  await expect(page.getByTestId('hit').first().getByTestId('hit-embedding')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('hit').first()).toContainText('14 hives');
  await expect(page.getByTestId('hit').first().getByTestId('open-source')).toBeVisible();
  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(documentRows(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('"searchable by keyword now" holds against embedded documents: the best keyword match leads while it embeds', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Opening your knowledge base…')).toHaveCount(0);
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  // A long log whose every line matches the query's words: embedding it takes a while.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const log = join(dir, 'farm-log.txt');
  writeFileSync(log, Array.from({ length: 3000 }, (_, i) => `Entry ${i}: the kelp harvest at the north farm reached ${i % 90} tonnes by day ${i % 30}.`).join('\n'));
  await addFiles(page, log);
  await expect(page.getByTestId('job').getByTestId('job-searchable')).toBeVisible();
  await search(page, 'kelp harvest tonnes north farm');
  const first = page.getByTestId('hit').first();
  await expect(first).toContainText('farm-log.txt');
  await expect(first.getByTestId('hit-embedding')).toHaveText('still embedding · keyword match');
  await waitForJobs(page);
});
