import { test, expect } from '@playwright/test';
import { addFiles, chooseTinyLlm, collectPageErrors, documentRows, fixture, openApp, waitForJobs } from './helpers';

/**
 * LlamaChunk with the tiny random-weight model: its split probabilities are noise, so this
 * checks the plumbing (one forward pass per window over the LLM port, offsets back to text,
 * chunks that tile the document) in ingest and in the lab, not where the boundaries fall.
 */
test('with a transformers.js model loaded, LLM-boundary chunking works at ingest and in the lab', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openApp(page);

  // Without a model that can score splits, the option is unavailable and says why.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('radio', { name: 'LLM boundaries (LlamaChunk)' })).toBeDisabled();
  await expect(page.getByText(/LLM boundaries needs a language model that reads split-token probabilities/)).toBeVisible();

  await chooseTinyLlm(page);
  await page.getByRole('radio', { name: 'LLM boundaries (LlamaChunk)' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('harbour-notes.txt'));
  await waitForJobs(page);
  const row = documentRows(page).filter({ hasText: 'harbour-notes.txt' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Indexed');

  // The chunks tile the document: their texts, in order, hold every word of it.
  await row.getByRole('button', { name: /^Inspect chunks of / }).click();
  await expect(page.getByTestId('chunk').first()).toBeVisible();
  const texts = await page.getByTestId('chunk').locator('p').allInnerTexts();
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  const source = (await import('node:fs')).readFileSync(fixture('harbour-notes.txt'), 'utf8');
  expect(words(texts.join(' '))).toEqual(words(source));

  // The lab offers the LLM chunker now and reports it beside the others.
  await page.getByRole('tab', { name: 'Lab' }).click();
  const lab = page.getByTestId('lab');
  await lab.getByRole('checkbox', { name: 'LLM boundaries (LlamaChunk)' }).check();
  await lab
    .getByLabel('Lab questions')
    .fill(
      'When does the ferry timetable change? | The ferry timetable changes on the first of May.\nWhat did the engineers find? | the outer stones had shifted after the winter storms',
    );
  await lab.getByRole('button', { name: /^Compare 3 chunkings$/ }).click();
  const results = lab.getByTestId('lab-results');
  await expect(results).toBeVisible({ timeout: 120_000 });
  const llm = results.locator('[data-testid="lab-row"][data-label="llm"]');
  await expect(llm).not.toHaveClass(/unavailable/);
  expect(Number(await llm.locator('td').nth(1).textContent())).toBeGreaterThan(0);
  expect(Number(await llm.getByTestId('lab-retrieval').textContent())).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
