import { test, expect, type Locator, type Page } from '@playwright/test';
import { amount, HALVARD, printed, statementPdf, TAMSIN, type StatementCompany } from '../scripts/fixtures/statement-filings';
import { addFiles, collectPageErrors, documentRows, openApp, waitForJobs } from './helpers';
import { expectOverText, expectPageDrawn, marks } from './source-viewer-helpers';
import { answerShot, askForFigure, expectComputation, expectHeadline, expectFigureFirst, expectNoSidewaysScroll, figureInput, figureShots, writeFixtures } from './figure-helpers';

/**
 * Figures computed from table cells, retrieval-only: two made-up 10-K filings
 * (scripts/fixtures/statement-filings.ts, generated here), each with a consolidated balance sheet
 * and a statement of operations for 2023 and 2022 "(In millions)", the same row labels in both.
 * A question that defines a ratio gets the figure first, as a card, with each input cell a button
 * that opens the PDF page with that table row highlighted.
 */

/** The balance sheet is page 3 of each filing. */
const BALANCE_SHEET_PAGE = 3;
/**
 * Baselines of the two rows read, in points from the top of the page (the fixture's layout: the
 * table's header row at 792 − 623.4, one row every 14 points): Total current assets is the 7th row
 * after the header, Total current liabilities the 16th.
 */
const BASELINE = { 'Total current assets': 266.6, 'Total current liabilities': 392.6 } as const;
type InputLabel = keyof typeof BASELINE;

function currentRatio(c: StatementCompany): { value: string; assets: string; liabilities: string } {
  const assets = printed(c.balanceSheet, 'Total current assets', 2023);
  const liabilities = printed(c.balanceSheet, 'Total current liabilities', 2023);
  return { value: (amount(assets) / amount(liabilities)).toFixed(2), assets, liabilities };
}

const question = (c: StatementCompany) =>
  `What is ${c.short}' FY2023 current ratio? The current ratio is defined as total current assets / total current liabilities. Round to two decimal places.`;

async function addFilings(page: Page) {
  const paths = writeFixtures([HALVARD, TAMSIN].map((c) => ({ fileName: c.fileName, bytes: statementPdf(c) })));
  await addFiles(page, Object.values(paths));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  for (const c of [HALVARD, TAMSIN]) await expect(documentRows(page).filter({ hasText: c.fileName })).toContainText(c.short);
}

/** Asks for the company's current ratio and checks the card: headline, computation and the two inputs as printed. */
async function asksForTheRatio(page: Page, c: StatementCompany): Promise<Locator> {
  const expected = currentRatio(c);
  const card = await askForFigure(page, question(c));
  // Capitalised, as the metric's own name "Current ratio" is, though the question writes "the current ratio".
  await expectHeadline(page, card, new RegExp(`^Current ratio, FY2023: ${expected.value.replace('.', '\\.')}$`));
  await expect(card.getByTestId('figure-headline')).toHaveText(`Current ratio, FY2023: ${expected.value}`);
  await expectFigureFirst(page, card);
  await expectComputation(card, `FY2023: ${expected.assets} ÷ ${expected.liabilities} = ${expected.value}`);
  await expect(card.getByTestId('figure-input')).toHaveCount(2);
  for (const [label, raw] of [
    ['Total current assets', expected.assets],
    ['Total current liabilities', expected.liabilities],
  ]) {
    const { button, item } = figureInput(card, label);
    await expect(button).toHaveCount(1);
    // The cell as printed, with the table's unit in words.
    await expect(item).toContainText(`${raw} million`);
    await expect(item).toContainText(`FY2023 · page ${BALANCE_SHEET_PAGE}`);
  }
  return card;
}

/**
 * Clicks an input and checks the viewer: the company's filing, drawn at the balance sheet's page,
 * the row (not the whole chunk) highlighted over its printed text; Escape returns to the card.
 */
async function opensItsRow(page: Page, card: Locator, c: StatementCompany, label: InputLabel, shot?: string) {
  const { button } = figureInput(card, label);
  const raw = printed(c.balanceSheet, label, 2023);
  await button.click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading', { level: 2 })).toContainText(c.short);
  await expectPageDrawn(viewer, BALANCE_SHEET_PAGE);
  await expect(viewer.getByTestId('page-number')).toHaveValue(String(BALANCE_SHEET_PAGE));
  await expect(viewer.getByTestId('source-passage')).toContainText(`${label} | ${raw} | ${printed(c.balanceSheet, label, 2022)}`);
  const note = viewer.getByTestId('source-note');
  await expect(note).toHaveAttribute('data-placement', 'found');
  await expect(note).toContainText('The cited passage is highlighted.');
  const found = await marks(viewer);
  const baseline = BASELINE[label];
  expect(found.length, `highlights of ${label}`).toBeGreaterThan(0);
  // Every mark sits on the row's own line: from its glyphs' tops to just below its baseline.
  for (const m of found) {
    expect(m.y, `${label}: mark top ${m.y} against baseline ${baseline}`).toBeGreaterThan(baseline - 14);
    expect(m.y + m.height, `${label}: mark bottom ${m.y + m.height} against baseline ${baseline}`).toBeLessThan(baseline + 6);
  }
  // ... and spans the row from its label to its values.
  expect(Math.min(...found.map((m) => m.x))).toBeLessThan(80);
  expect(Math.max(...found.map((m) => m.x + m.width))).toBeGreaterThan(420);
  await expectOverText(page);
  // The cell read (FY2023, the first value column) is boxed on its own inside the row.
  const cell = viewer.getByTestId('cell-highlight');
  await expect(cell).toHaveCount(1);
  const cellX = Number(await cell.getAttribute('data-x'));
  const cellY = Number(await cell.getAttribute('data-y'));
  expect(cellY, `${label}: cell on the row's line`).toBeGreaterThan(baseline - 14);
  expect(cellX, `${label}: cell right of the label`).toBeGreaterThan(Math.min(...found.map((m) => m.x)) + 100);
  expect(cellX, `${label}: cell in the FY2023 column, not the FY2022 one`).toBeLessThan(Math.max(...found.map((m) => m.x + m.width)) - 60);
  await expect(viewer.getByTestId('highlight').first()).toBeInViewport();
  if (shot) await answerShot(page, shot);
  await expect.soft(viewer.getByTestId('source-back')).toHaveText('← Back to the answer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect.soft(button, 'focus back on the input that opened the viewer').toBeFocused();
  await expect(card).toBeVisible();
}

test('a ratio the question defines is computed from the named filing; each input opens its row highlighted on the balance sheet page', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');
  await addFilings(page);

  const card = await asksForTheRatio(page, HALVARD);
  await expect(page.getByTestId('extractive-note')).toContainText('Computed by Sieve from the table cells listed');
  for (const label of Object.keys(BASELINE) as InputLabel[]) await opensItsRow(page, card, HALVARD, label, `viewer-${label.split(' ').pop()}`);
  await figureShots(page, card, 'current-ratio');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await figureShots(page, card, 'current-ratio');
  await expectNoSidewaysScroll(page, card);
  // At phone size an input still opens its row on the page.
  await opensItsRow(page, card, HALVARD, 'Total current liabilities', 'viewer-liabilities');

  // The other filing, same labels, different numbers: its figure and rows are its own.
  await page.setViewportSize({ width: 1400, height: 900 });
  const other = await asksForTheRatio(page, TAMSIN);
  await opensItsRow(page, other, TAMSIN, 'Total current assets');
  expect(errors).toEqual([]);
});
