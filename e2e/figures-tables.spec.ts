import { test, expect, type Locator, type Page } from '@playwright/test';
import { LAB_REPORT, PRICE_LIST, PRICES, RESULTS } from '../scripts/fixtures/everyday-tables';
import { addFiles, collectPageErrors, documentRows, openApp, waitForJobs } from './helpers';
import { askForFigure, expectComputation, expectHeadline, expectFigureFirst, figureInput, figureShots, writeFixtures } from './figure-helpers';

/**
 * Figures from tables that are not financial statements, retrieval-only: a garden centre's price
 * list in Markdown and a blood test report in HTML (scripts/fixtures/everyday-tables.ts, written
 * here). Neither has fiscal-year columns or a 10-K line item; a question names rows by their own
 * labels, as a user would, and expects the figure card as for a filing: the value, how it was
 * computed, and each input opening its row marked in the document's text.
 */

const price = (item: string) => PRICES.find((p) => p[0] === item)![2];
const result = (name: string) => RESULTS.find((r) => r[0] === name)![1];
/** The price list's price column, as its header prints it. */
const PRICE_COLUMN = 'Price (EUR)';
/** Text as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function addDocuments(page: Page) {
  const paths = writeFixtures([
    { fileName: PRICE_LIST.fileName, bytes: PRICE_LIST.text },
    { fileName: LAB_REPORT.fileName, bytes: LAB_REPORT.text },
  ]);
  await addFiles(page, Object.values(paths));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
}

/** Clicks an input and checks the viewer shows the document's text with the input's row marked; Escape returns. */
async function opensItsRow(page: Page, card: Locator, label: string, row: string, title: string) {
  const { button } = figureInput(card, label);
  await expect(button).toHaveCount(1);
  await button.click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading', { level: 2 })).toContainText(title);
  await expect(viewer.getByTestId('source-note')).toHaveAttribute('data-placement', 'found');
  // The row itself is marked, not the whole chunk around it.
  await expect(viewer.getByTestId('highlight')).toHaveText(row);
  await expect(viewer.getByTestId('highlight')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');
  await addDocuments(page);
});

test('a price read from a Markdown price list by the item named', async ({ page }) => {
  const errors = collectPageErrors(page);
  const item = 'Galvanised watering can, 10 litre';
  const card = await askForFigure(page, 'What is the price of a galvanised watering can, 10 litre?', 'price-lookup');
  await expectHeadline(page, card, new RegExp(`^${escaped(`${item}, ${PRICE_COLUMN}: ${price(item)}`)}$`));
  await expectFigureFirst(page, card);
  // A value looked up by row and column is not precise enough on fresh data to be stated: the card says so.
  await expect(card.getByTestId('figure-weak').first()).toContainText('Not vouched for: answers of this kind (a value read from any table by its row and column names)');
  await expect(card.getByTestId('figure-input')).toHaveCount(1);
  // A price list has no fiscal years: the input names the column it was read from, not "FY0".
  const { item: line } = figureInput(card, item);
  await expect(line).toContainText(`${price(item)} ${PRICE_COLUMN}`);
  await expect(line).not.toContainText('FY0');
  await opensItsRow(page, card, item, `${item} | each | ${price(item)}`, 'Fernbrook Garden Centre');
  expect(errors).toEqual([]);
});

test('a total the question defines as the sum of two rows of a Markdown price list', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Sieve adds only what the question defines; each row is named by its label as printed.
  const items = ['Terracotta pot, 30 cm', 'Peat-free compost, 40 litre bag'];
  const total = (Number(price(items[0])) + Number(price(items[1]))).toFixed(2);
  expect(total).toBe('21.45');
  const card = await askForFigure(page, `What is the order total? The order total is defined as ${items[0]} + ${items[1]}.`, 'total-price');
  // A sum of prices in euros is a plain number: no "$".
  await expectHeadline(page, card, /^Order total: 21\.45$/);
  await expectFigureFirst(page, card);
  await expectComputation(card, `${price(items[0])} + ${price(items[1])} = 21.45`);
  await expect(card.getByTestId('figure-input')).toHaveCount(2);
  for (const item of items) {
    const unit = PRICES.find((p) => p[0] === item)![1];
    await expect(figureInput(card, item).item).toContainText(`${price(item)} ${PRICE_COLUMN}`);
    await opensItsRow(page, card, item, `${item} | ${unit} | ${price(item)}`, 'Fernbrook Garden Centre');
  }
  await figureShots(page, card, 'total-price');
  expect(errors).toEqual([]);
});

test('a ratio the question defines over two rows of an HTML lab report', async ({ page }) => {
  const errors = collectPageErrors(page);
  const [total, hdl] = [result('Total cholesterol'), result('HDL cholesterol')];
  expect([total, hdl]).toEqual(['5.9', '1.6']);
  const card = await askForFigure(
    page,
    "What is Ines Calloway's cholesterol ratio? The cholesterol ratio is defined as total cholesterol / HDL cholesterol. Round to two decimal places.",
    'cholesterol-ratio',
  );
  // 5.9 ÷ 1.6 = 3.6875: a lab report has no years, so no "FY".
  await expectHeadline(page, card, /^Cholesterol ratio: 3\.69$/);
  await expectFigureFirst(page, card);
  await expectComputation(card, '5.9 ÷ 1.6 = 3.69');
  await expect(card.getByTestId('figure-input')).toHaveCount(2);
  for (const name of ['Total cholesterol', 'HDL cholesterol']) {
    const row = RESULTS.find((r) => r[0] === name)!;
    await expect(figureInput(card, name).item).toContainText(`${row[1]} Result`);
    await opensItsRow(page, card, name, row.join(' | '), 'Lipid panel');
  }
  await figureShots(page, card, 'cholesterol-ratio');
  expect(errors).toEqual([]);
});
