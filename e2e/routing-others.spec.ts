import { test, expect, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { addFiles, ask, collectPageErrors, documentRows, openApp, waitForAnswer, waitForJobs } from './helpers';
import { generateFiling } from '../src/testing/generated-filings';
import { COMPANIES } from '../src/testing/generated-questions';

/**
 * Three quarterly reports of one made-up bank (src/testing/generated-filings.ts), as text files.
 * A question that names the bank but no period is kept to the latest report, the note says so,
 * and the other two are offered: choosing one asks the question of it alone.
 */

const REPORTS = [
  { fy: 2022, quarter: 2, title: 'Pemberton Bancorp, Inc. · 10-Q · Q2 2022' },
  { fy: 2023, quarter: 1, title: 'Pemberton Bancorp, Inc. · 10-Q · Q1 2023' },
  { fy: 2023, quarter: 2, title: 'Pemberton Bancorp, Inc. · 10-Q · Q2 2023' },
];

function writeReports(): string[] {
  const dir = join(tmpdir(), `sieve-routing-others-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return REPORTS.map((r, i) => {
    const path = join(dir, `report-${i + 1}.txt`);
    writeFileSync(path, generateFiling(COMPANIES.pemberton, '10-Q', r.fy, r.quarter).parsed.text);
    return path;
  });
}

async function shot(page: Page, name: string) {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/routing-others-${name}.png`, fullPage: false });
}

test('a question naming a company but no period uses its latest filing, says so, and offers the others', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, writeReports());
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(3);
  for (const r of REPORTS) await expect(documentRows(page).locator('.title', { hasText: r.title })).toHaveCount(1);

  await ask(page, 'What were Pemberton’s net sales?');
  expect(await waitForAnswer(page)).toBe('done');
  // The line under the question says where it was kept, not "Searched: all documents".
  await expect(page.getByTestId('ask-scope')).toHaveCount(0);
  const note = page.getByTestId('route-note').first();
  await expect(note).toContainText(`Kept to ${REPORTS[2].title}`);
  await expect(note).toContainText('gives no period, so the latest of their 3 documents was used');
  const others = page.getByTestId('route-others');
  // Latest first.
  await expect(others.getByRole('button')).toHaveText([REPORTS[1].title, REPORTS[0].title]);
  await shot(page, 'offered');
  // The kept passages are the latest report's only.
  for (const doc of await page.locator('[data-testid="pipeline-row"]').getByTestId('row-doc').allTextContents()) expect(doc.trim()).toBe(REPORTS[2].title);

  // Choosing another asks the same question of it alone.
  await others.getByRole('button', { name: REPORTS[0].title }).click();
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('ask-scope')).toHaveText(`Searched: ${REPORTS[0].title}`);
  await expect(page.getByTestId('route-others')).toHaveCount(0);
  const rows = page.locator('[data-testid="pipeline-row"]').getByTestId('row-doc');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const doc of await rows.allTextContents()) expect(doc.trim()).toBe(REPORTS[0].title);
  await shot(page, 'chosen');
  expect(errors).toEqual([]);
});
