import { test, expect } from '@playwright/test';
import { addFiles, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

// The tiny model has random weights (test/models/sieve/tiny-embedder): this checks plumbing only.
test('a self-hosted transformers.js model can be chosen, loads from the app, and indexes a document', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel(/transformers\.js feature-extraction model/).check();
  await page.getByLabel('Embedding model name').fill('sieve/tiny-embedder');
  await page.getByLabel('Embedding weights from').selectOption('local');
  await expect(page.getByLabel('Embedding models folder URL')).toHaveValue('/models/');
  await page.getByLabel('Embedding runs on').selectOption('wasm');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('model-status')).toContainText('transformers:sieve/tiny-embedder');

  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
  await search(page, 'honey harvest');
  await expect(page.getByTestId('hit').first()).toContainText('vector');

  // The choice is kept across a reload.
  await page.reload();
  await openApp(page);
  await expect(page.getByTestId('model-status')).toContainText('transformers:sieve/tiny-embedder');
});
