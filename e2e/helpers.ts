import { expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string) => join(FIXTURES, name);

/** Collects the page's uncaught errors from now on; a test ends with `expect(errors).toEqual([])`. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

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

/** Asks a question on the Ask tab. */
export async function ask(page: Page, question: string) {
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByLabel('Question', { exact: true }).press('Enter');
}

/** Waits for the current question to finish (done, failed or cancelled) and returns its status. */
export async function waitForAnswer(page: Page, timeout = 150_000): Promise<string | null> {
  const status = page.getByTestId('ask-status');
  await expect(status).not.toHaveAttribute('data-status', 'running', { timeout });
  return status.getAttribute('data-status');
}

/** Chooses the bundled random-weight causal LM (test/models/sieve/tiny-causal-lm) and waits until it is loaded. */
export async function chooseTinyLlm(page: Page) {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /^transformers\.js text-generation model/ }).check();
  await page.getByLabel('LLM model name').fill('sieve/tiny-causal-lm');
  await page.getByLabel('LLM weights from').selectOption('local');
  await expect(page.getByLabel('LLM models folder URL')).toHaveValue('/models/');
  await page.getByLabel('LLM runs on').selectOption('wasm');
  await page.getByLabel('LLM weight precision').selectOption('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'ready');
}

/** Changes one number of the question pipeline in Settings and saves. */
export async function setPipelineNumber(page: Page, label: string, value: number) {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel(label, { exact: true }).fill(String(value));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(String(value));
}
