import { expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string) => join(FIXTURES, name);

/** Opens the app on a fresh origin state and waits until the library is open. */
export async function openApp(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Opening your knowledge base…')).toHaveCount(0);
}

export async function addFiles(page: Page, files: string | string[]) {
  await page.getByTestId('file-input').setInputFiles(files);
}

/** Waits until no file is queued or being processed. */
export async function waitForJobs(page: Page) {
  await expect(page.locator('[data-testid="job"][data-status="running"], [data-testid="job"][data-status="queued"]')).toHaveCount(0, { timeout: 120_000 });
}

export function documentRows(page: Page) {
  return page.getByTestId('document-row');
}

export async function search(page: Page, query: string) {
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByLabel('Search query').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}
