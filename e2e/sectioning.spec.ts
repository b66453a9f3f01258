import { test, expect } from '@playwright/test';
import { addFiles, ask, chooseTinyLlm, collectPageErrors, documentRows, fixture, openApp, waitForAnswer, waitForJobs } from './helpers';

/**
 * The tiny random-weight model (test/models/sieve/tiny-causal-lm) writes noise, so this
 * checks the plumbing only: the headingless document goes to the model for sectioning, its
 * unusable reply is replaced by the heuristic and noted, and the model's one-sentence summary
 * becomes part of every chunk's header, shown apart from the chunk's text.
 */
test('with a language model loaded, a headingless document is sectioned through it and its chunk headers carry its summary', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await chooseTinyLlm(page);
  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('harbour-notes.txt'));
  await waitForJobs(page);
  const row = documentRows(page).filter({ hasText: 'harbour-notes.txt' });
  await expect(row).toHaveCount(1);

  const notes = row.getByTestId('document-notes');
  await notes.locator('summary').click();
  await expect(notes).toContainText(/Sectioning: lines 0–\d+: reply named no section start; used heuristic sectioning there/);

  await row.getByRole('button', { name: /^Inspect chunks of / }).click();
  const chunks = page.getByTestId('chunk');
  await expect.poll(() => chunks.count()).toBeGreaterThan(1);
  const count = await chunks.count();
  const paths = await chunks.getByTestId('chunk-header-path').allInnerTexts();
  const summaries = await chunks.getByTestId('chunk-header-summary').allInnerTexts();
  expect(paths).toEqual(new Array(count).fill('harbour-notes'));
  expect(summaries).toHaveLength(count);
  const summary = summaries[0].trim();
  expect(summary.length).toBeGreaterThanOrEqual(10);
  // One summary for the whole document, on every chunk, and never inside a chunk's own text.
  expect(new Set(summaries).size).toBe(1);
  for (const text of await chunks.locator('p').allInnerTexts()) expect(text).not.toContain(summary);
  expect(errors).toEqual([]);
});

/**
 * A two-column research paper without an outline: its title is read whole from two centred lines,
 * and each passage carries the section its own numbered heading opens, so the sources of an answer
 * say where each comes from (page and section), not one title fifteen times.
 */
test('a research paper keeps its whole title, and its answer’s sources name their own page and section', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, fixture('tide-paper.pdf'));
  await waitForJobs(page);
  await expect(documentRows(page).filter({ hasText: 'Gauge-Sparse Tide Forecasting for Small Harbours with Seasonal Residual Models' })).toHaveCount(1);
  await ask(page, 'How many readings were held out of the fit as storm surge?');
  expect(await waitForAnswer(page)).toBe('done');
  const places = await page.getByTestId('sources').locator('li .muted').allInnerTexts();
  expect(places.length).toBeGreaterThan(1);
  expect(places.some((p) => /p\. 2 · 3\. Seasonal Residual Models › 3\.2 Surge Handling/.test(p))).toBe(true);
  // Sources from different sections say so.
  expect(new Set(places.map((p) => p.replace(/^p\. \d+(?:–\d+)? · /, ''))).size).toBeGreaterThan(1);
  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`paper-answer-${size.width}.png`), fullPage: size.width > 1000 });
  }
  expect(errors).toEqual([]);
});
