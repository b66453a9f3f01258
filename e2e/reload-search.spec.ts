import { test, expect, type Route } from '@playwright/test';
import { addFiles, collectPageErrors, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

/**
 * Issue 13: after a reload the embedding model takes seconds to load again. Search must not
 * wait for it: keyword results at once, marked as such, replaced by results by meaning when the
 * model is ready. And the model's files are fetched once per page load, not once per worker.
 */
test('after a reload, search answers by keywords within 1 s and by meaning once the model has loaded', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);

  // Hold the model's files back until the keyword results have been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.context().route('**/vendor/use-lite/**', async (route: Route) => {
    requested.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Opening your knowledge base…')).toHaveCount(0);
  const ready = Date.now();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'loading');

  await search(page, 'how many hives are in the apiary');
  await expect(page.getByTestId('hit').first()).toBeVisible({ timeout: 1_000 });
  expect(Date.now() - ready).toBeLessThan(1_000);
  const note = page.getByTestId('search-note');
  await expect(note).toHaveText('Keyword results; results by meaning follow when the model has loaded.');
  await expect(note).toHaveAttribute('data-model-pending', 'true');
  await expect(page.getByTestId('search-summary')).toContainText('BM25 keyword score only');
  await expect(page.getByTestId('hit').first()).toContainText('14 hives');

  release();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  // The same search runs again by itself and its results replace the keyword ones.
  await expect(page.getByTestId('search-summary')).toContainText('fused score', { timeout: 10_000 });
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await expect(page.getByTestId('hit').first()).toContainText('hives');

  // One page load, one copy of each file, though two workers run the model.
  const modelJson = requested.filter((p) => p.endsWith('/model.json'));
  expect(modelJson).toHaveLength(1);
  expect(requested.filter((p) => /group1-shard\dof\d$/.test(p)).length).toBe(requested.filter((p, i, all) => /shard/.test(p) && all.indexOf(p) === i).length);
  expect(errors).toEqual([]);
});
