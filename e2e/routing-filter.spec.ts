import { test, expect, type Page } from '@playwright/test';
import { ask, collectPageErrors, documentRows, openApp, waitForAnswer, waitForJobs } from './helpers';

/** A short annual report whose cover names the registrant and the fiscal year. */
function filing(year: number, revenue: string) {
  // Blank lines keep the cover's lines apart (plain text joins wrapped lines).
  const text = `UNITED STATES

SECURITIES AND EXCHANGE COMMISSION

Washington, D.C. 20549

FORM 10-K

ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934

For the fiscal year ended December 2, ${year}

ADOBE SYSTEMS INCORPORATED

(Exact name of registrant as specified in its charter)

Results of operations
Total revenue for fiscal ${year} was ${revenue}. Subscription revenue grew as customers moved to Creative Cloud.
Digital Media and Digital Marketing were the two reportable segments in fiscal ${year}.
`;
  return { name: `ADBE 10K FY${String(year).slice(2)}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text) };
}

const HARBOUR = {
  name: 'harbour-log.md',
  mimeType: 'text/markdown',
  buffer: Buffer.from(`# Harbour log

The harbour master records every ferry that docks. The revenue from mooring fees was 12,000 pounds last season.
The ferry to Gull Island leaves at seven each morning.
`),
};

const FY15 = 'Adobe Systems Incorporated · 10-K · FY2015';
const FY16 = 'Adobe Systems Incorporated · 10-K · FY2016';

async function addLibrary(page: Page) {
  await page.getByTestId('file-input').setInputFiles([filing(2015, '$4.80 billion'), filing(2016, '$5.85 billion'), HARBOUR]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(3);
}

test('a question that names a document is kept to it, can search all instead, and the document filter narrows questions and searches', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addLibrary(page);

  // The library lists each document by its card: title, what its cover says, then the file name.
  const adobe16 = documentRows(page).filter({ hasText: 'ADBE 10K FY16.txt' });
  await expect(adobe16.locator('.title')).toHaveText(FY16);
  await expect(adobe16.getByTestId('document-about')).toHaveText(/Adobe Systems Incorporated: Form 10-K annual report for the fiscal year ended December 2, 2016/);

  // Routing: the question names Adobe and FY2016.
  await ask(page, 'What was Adobe’s total revenue in FY2016?');
  expect(await waitForAnswer(page)).toBe('done');
  const note = page.getByTestId('route-note').first();
  await expect(note).toContainText(`Kept to ${FY16} — the question names “Adobe” and asks about FY2016`);
  await expect(page.locator('[data-testid="stage-row"][data-stage="route"]')).toContainText('kept to 1 named · Adobe Systems Incorporated · 10-K · FY2016 (names “Adobe”');
  for (const doc of await page.locator('[data-testid="pipeline-row"]').getByTestId('row-doc').allTextContents()) expect(doc).toBe(FY16);

  // Undo: the same question over every document.
  await note.getByRole('button', { name: 'Search all documents instead' }).click();
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('route-note')).toHaveCount(0);
  await expect(page.getByTestId('ask-scope')).toHaveText('Searched: all documents, not only the ones named');
  await expect(page.locator('[data-testid="stage-row"][data-stage="route"]')).toContainText('turned off');

  // The filter: keep to the harbour log only.
  const filter = page.getByRole('button', { name: 'Documents to ask: All documents' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Documents to ask' });
  await panel.getByRole('checkbox', { name: new RegExp(FY15) }).uncheck();
  await panel.getByRole('checkbox', { name: new RegExp(FY16) }).uncheck();
  await expect(panel.getByRole('checkbox', { name: /Harbour log/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  const harbourOnly = page.getByRole('button', { name: 'Documents to ask: Harbour log' });
  await expect(harbourOnly).toBeFocused();

  await ask(page, 'What was the revenue from mooring fees?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('ask-scope')).toHaveText('Searched: Harbour log');
  for (const doc of await page.locator('[data-testid="pipeline-row"]').getByTestId('row-doc').allTextContents()) expect(doc).toBe('Harbour log');

  // The choice is kept across tabs and applies to Search too.
  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page.getByRole('button', { name: 'Documents to search: Harbour log' })).toBeVisible();
  await page.getByLabel('Search query').fill('revenue');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-scope')).toHaveText('Searched: Harbour log');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  for (const title of await page.getByTestId('hit').locator('.where strong').allTextContents()) expect(title).toBe('Harbour log');

  // A removed document drops out of the choice: all documents again.
  await page.getByRole('tab', { name: 'Library' }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete harbour-log.md' }).click();
  await expect(documentRows(page)).toHaveCount(2);
  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page.getByRole('button', { name: 'Documents to search: All documents' })).toBeVisible();

  // Searches are routed as well.
  await page.getByLabel('Search query').fill('Adobe revenue FY2015');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('route-note')).toContainText(`Kept to ${FY15}`);
  await page.getByRole('button', { name: 'Search all documents instead' }).click();
  await expect(page.getByTestId('search-scope')).toHaveText('Searched: all documents, not only the ones named');

  expect(errors).toEqual([]);
});
