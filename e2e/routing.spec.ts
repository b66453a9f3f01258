import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addFiles, ask, collectPageErrors, documentRows, fixture, openApp, waitForAnswer, waitForJobs } from './helpers';

/**
 * Two 10-K filings of two robot makers (scripts/fixtures/filing-content.ts) written in much
 * the same words, with metadata titles that are only codes ("ACME 10K FY22"). Retrieval-only:
 * a question that names one company keeps that company's chunks only, and the extractive
 * answer quotes its balance sheet row under the table's column header row.
 */

const COMPANIES = {
  acme: { file: 'acme-10k-2022.pdf', title: 'Acme Robotics, Inc. · 10-K · FY2022', name: 'Acme', ppe: '8,738', ppe2021: '8,866' },
  borealis: { file: 'borealis-10k-2022.pdf', title: 'Borealis Motion Systems Corp. · 10-K · FY2022', name: 'Borealis', ppe: '5,412', ppe2021: '5,127' },
} as const;
type Company = (typeof COMPANIES)[keyof typeof COMPANIES];

const SHOTS = '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/routing-${name}.png` });
}

/** Asks for the company's net PP&E and checks the routing, the kept rows and the quoted row. */
async function asksAbout(page: Page, company: Company, other: Company) {
  await ask(page, `What was ${company.name}'s net property, plant and equipment in 2022?`);
  expect(await waitForAnswer(page)).toBe('done');
  await shot(page, company.name.toLowerCase());
  await expect(page.getByTestId('ask-mode')).toContainText('Retrieval-only');

  // The question names the company: routing keeps it to that filing.
  await expect(page.getByTestId('route-note').first()).toContainText(`Kept to ${company.title}`);

  // Every kept chunk is the company's own; the row's Document cell names its document.
  const kept = page.locator('[data-testid="pipeline-row"][data-verdict="kept"]');
  expect(await kept.count()).toBeGreaterThan(0);
  for (const doc of await kept.getByTestId('row-doc').allTextContents()) expect(doc.trim()).toBe(company.title);
  // ... and so is every candidate, kept or not.
  for (const doc of await page.locator('[data-testid="pipeline-row"]').getByTestId('row-doc').allTextContents()) expect(doc.trim()).not.toBe(other.title);

  // The answer is the figure read from the company's balance sheet row, its FY2022 column.
  const card = page.getByTestId('figure');
  await expect(card.getByTestId('figure-headline')).toContainText('FY2022');
  await expect(card.getByTestId('figure-headline')).toContainText(company.ppe);
  await expect(card.getByTestId('figure-input')).toHaveText('Property, plant and equipment - net');
  const text = (await card.textContent()) ?? '';
  expect(text).not.toContain(other.ppe);
  expect(text).not.toContain(company.ppe2021);
  // The input's source is a kept row of the company's own filing.
  const source = (await card.locator('li').first().textContent())?.match(/\[(\d+)\]/)?.[1];
  expect(source).toBeTruthy();
  const cited = page.locator(`[data-testid="pipeline-row"][data-source="${source}"]`);
  await expect(cited).toHaveAttribute('data-verdict', 'kept');
  await expect(cited.getByTestId('row-doc')).toHaveText(company.title);
}

test('a question naming one of two similar filings keeps that filing, and the answer reads its balance sheet row', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await openApp(page);
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');

  await addFiles(page, [fixture(COMPANIES.acme.file), fixture(COMPANIES.borealis.file)]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await shot(page, 'library');

  // The metadata titles are codes: the library titles each filing from its cover.
  for (const c of Object.values(COMPANIES)) {
    const row = documentRows(page).filter({ hasText: c.file });
    await expect(row.locator('.title')).toHaveText(c.title);
  }
  await expect(documentRows(page).filter({ hasText: COMPANIES.acme.file })).toContainText('Acme Robotics');
  await expect(documentRows(page).filter({ hasText: COMPANIES.borealis.file })).toContainText('Borealis Motion Systems');

  await asksAbout(page, COMPANIES.acme, COMPANIES.borealis);
  await asksAbout(page, COMPANIES.borealis, COMPANIES.acme);

  await expect(page.locator('.notice.error')).toHaveCount(0);
  expect(errors).toEqual([]);
});
