import { test, expect } from '@playwright/test';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFiles, collectPageErrors, fixture, openApp, waitForJobs } from './helpers';

test('the chunk inspector opens on the first document, and no chunk is a fragment', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  // A report whose table cells stand on lines of their own ("low", "high"), as filings' tables often do.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const grid = join(dir, 'risk-grid.md');
  writeFileSync(
    grid,
    '# Risk grid\n\nThe board reviews every risk each quarter and scores it by likelihood.\n\nlow\n\nSupply chain delays affected two plants in the spring.\n\nhigh\n\nCurrency moves cut reported revenue by two percent.\n\nlow\n',
  );
  await addFiles(page, [fixture('notes.md'), grid]);
  await waitForJobs(page);
  await page.getByRole('tab', { name: 'Chunk inspector' }).click();
  // no choice needed: the first document is shown
  await expect(page.getByTestId('inspector-summary')).toBeVisible();
  expect(await page.getByTestId('chunk').count()).toBeGreaterThan(0);

  const picker = page.getByLabel('Document');
  await picker.selectOption((await picker.locator('option', { hasText: 'risk-grid.md' }).getAttribute('value'))!);
  await expect(page.getByTestId('inspector-summary')).toBeVisible();
  const texts = await page.locator('[data-testid="chunk"] > p').allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t.trim().length, `a chunk of "${t}"`).toBeGreaterThanOrEqual(8);
  expect(errors).toEqual([]);
});
