import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longPdf } from '../scripts/fixtures/long-pdf';
import { addFiles, collectPageErrors, documentRows, openApp, waitForJobs } from './helpers';

// Enough pages that reading them takes several seconds, generated here (~0.2 s) rather than stored.
const PAGES = 3000;

/** Adds the long PDF and waits until its pages are being read (the progress bar has moved). */
async function addWhileReading(page: Page, name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'sieve-long-'));
  const path = join(dir, name);
  writeFileSync(path, longPdf(PAGES));
  await addFiles(page, path);
  const job = page.getByTestId('job').filter({ hasText: name });
  await expect(job).toContainText('Parsing');
  await expect(job.getByRole('progressbar')).toHaveAttribute('value', /^[1-9]\d*$/);
  // Still well short of the end, so what follows happens while pages are being read.
  await expect(job.getByRole('progressbar')).not.toHaveAttribute('value', /^(100|[5-9]\d)$/);
  return job;
}

test('a long PDF being read still lets Cancel and a search through within a second', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);

  const first = await addWhileReading(page, 'long-a.pdf');
  const clicked = Date.now();
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toHaveAttribute('data-status', 'cancelled', { timeout: 1000 });
  const cancelMs = Date.now() - clicked;
  await expect(first).toContainText('nothing was added');
  console.log(`cancel while reading ${PAGES} pages: ${cancelMs} ms from click to cancelled`);

  const second = await addWhileReading(page, 'long-b.pdf');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByLabel('Search query').fill('pears');
  const searched = Date.now();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // No document is in the library yet, so the answer is "no matches"; what matters is that it comes.
  await expect(page.getByText('No chunk matches “pears”.')).toBeVisible({ timeout: 1000 });
  const searchMs = Date.now() - searched;
  console.log(`search while reading ${PAGES} pages: ${searchMs} ms from click to answer`);

  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(second).toHaveAttribute('data-status', 'running');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toHaveAttribute('data-status', 'cancelled', { timeout: 1000 });
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
