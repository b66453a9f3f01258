import { test, expect } from '@playwright/test';
import { addFiles, documentRows, fixture, openApp, waitForJobs } from './helpers';

test('changing the chunker marks documents outdated and re-indexing applies it', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  const row = documentRows(page).first();
  const before = await row.locator('td').nth(4).textContent();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Fixed size').check();
  await page.getByLabel('Size (characters)').fill('80');
  await page.getByLabel('Overlap').fill('10');
  await page.getByRole('button', { name: 'Save settings' }).click();

  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(row).toContainText('Outdated');
  await page.getByRole('button', { name: 'Re-index 1' }).click();
  await waitForJobs(page);
  await expect(row).toContainText('Indexed');
  await expect(row.locator('td').nth(4)).not.toHaveText(before!);

  await page.reload();
  await openApp(page);
  await expect(documentRows(page).first()).toContainText('Indexed');
  await page.getByRole('button', { name: /^Inspect chunks of / }).click();
  await expect(page.getByTestId('inspector')).toContainText('fixed-size chunks');
});
