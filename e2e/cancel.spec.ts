import { test, expect } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, documentRows, openApp, waitForJobs } from './helpers';

test('cancelling a file while it is embedding adds nothing, even after a reload', async ({ page }) => {
  await openApp(page);
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const long = join(dir, 'long.md');
  const sentences = Array.from({ length: 3000 }, (_, i) => `Ledger entry ${i} records ${i * 7} crates of pears shipped to depot ${i % 13}.`);
  writeFileSync(long, `# Ledger\n\n${sentences.join(' ')}\n`);
  await addFiles(page, long);

  const job = page.getByTestId('job').filter({ hasText: 'long.md' });
  // The library is no longer "empty" once a file is on its way in.
  await expect(page.getByText('Your library is empty')).toHaveCount(0);
  await expect(job).toContainText('Embedding');
  // A count of sentences, then a rate and the time left; the elapsed time ticks every second.
  const detail = job.getByTestId('job-progress');
  await expect(detail).toContainText(/[\d,]+ \/ [\d,]+ sentences/);
  const before = await detail.textContent();
  await page.waitForTimeout(1100);
  expect(await detail.textContent()).not.toBe(before);
  await job.getByRole('button', { name: 'Cancel' }).click();
  await waitForJobs(page);
  await expect(job).toHaveAttribute('data-status', 'cancelled');
  await expect(job).toContainText('nothing was added');
  await expect(documentRows(page)).toHaveCount(0);

  await page.reload();
  await openApp(page);
  await expect(documentRows(page)).toHaveCount(0);
  await expect(page.getByText('Your library is empty')).toBeVisible();
});
