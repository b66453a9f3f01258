import { test, expect } from '@playwright/test';
import { JUNE_TEN_Q, juneTenQPdf, MANUAL_ENTRIES, manualEntriesHtml, MANUAL_PAGE, manualPageHtml } from '../scripts/fixtures/calendar-fixtures';
import { addFiles, ask, collectPageErrors, documentRows, openApp, waitForAnswer, waitForJobs } from './helpers';
import { answerShot, askForFigure, expectHeadline, expectNoSidewaysScroll, figureInput, writeFixtures } from './figure-helpers';

/**
 * A fiscal calendar read from the document, and a table that is no financial statement, as a
 * user meets them (retrieval-only): a made-up 10-Q of a company whose fiscal year ends on June 30
 * (scripts/fixtures/calendar-fixtures.ts), so its quarter ended December 31, 2022 is Q2 of fiscal
 * 2023; and an HTML manual page whose attribute table has a Default column.
 */
test.setTimeout(180_000);

test('"Q2 of FY2023" over a June year-end 10-Q is answered from the quarter ended December 31, 2022, and says so; a manual’s attribute table is compared by the column asked', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  const paths = writeFixtures([
    { fileName: JUNE_TEN_Q.fileName, bytes: juneTenQPdf() },
    { fileName: MANUAL_PAGE.fileName, bytes: manualPageHtml() },
  ]);
  await addFiles(page, Object.values(paths));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  // The card reads the quarter by the company's own calendar, not as calendar Q4 2022.
  await expect(documentRows(page).filter({ hasText: JUNE_TEN_Q.fileName })).toContainText('Q2 2023');

  // Not declined as a quarter the filing does not cover: the figure, for the fiscal quarter named, from the December 31, 2022 column.
  const card = await askForFigure(page, `What was ${JUNE_TEN_Q.short}’s revenue in Q2 of FY2023?`, 'june-10q');
  await expectHeadline(page, card, /Q2 FY2023: \$1,412 million$/);
  const { item } = figureInput(card, 'Revenue');
  await expect(item).toContainText('$1,412 million');
  await expect(item).toContainText(/Q2 FY2023, three months ended Dec(?:ember|\.)? 31, 2022 · page 2/);
  await expect(page.getByTestId('answer').first()).not.toContainText(/does not cover/);

  // The manual's table: the row with the largest default first, the table and the column read named.
  await ask(page, 'Which connection attribute has the largest default?');
  expect(await waitForAnswer(page)).toBe('done');
  const answer = page.getByTestId('answer').first();
  // Read as a statement's rows (a column of figures): such comparisons are right 13 of 20 times on fresh sets, under the bar, so the
  // winner is offered as what Sieve found, not stated.
  await expect(answer).toContainText(
    /^Sieve cannot vouch that this is what was asked \(findings of this kind are often wrong\)\. What it found:\s+keepalives_idle: the highest, 7200 \(Default\)/,
  );
  await expect(answer).toContainText(/Sieve compared 4 rows of “[^”]*Connection[^”]*”, column Default\./);
  await answerShot(page, 'manual-table');
  // At phone size the answer fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, answer);
  await answerShot(page, 'manual-table');
  expect(errors).toEqual([]);
});

test('a manual’s parameter entries, each under its own heading: the field asked of the entry named is read, cited, and named; the entries are compared by a field', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  const paths = writeFixtures([{ fileName: MANUAL_ENTRIES.fileName, bytes: manualEntriesHtml() }]);
  await addFiles(page, Object.values(paths));
  await waitForJobs(page);

  await ask(page, 'What is the default BatchSize?');
  expect(await waitForAnswer(page)).toBe('done');
  const answer = page.getByTestId('answer').first();
  // A new kind of finding, not yet measured on fresh data: offered as what Sieve found, the value first in it, cited.
  await expect(answer).toContainText(
    /^Sieve cannot vouch that this is what was asked \(findings of this kind have not been measured yet\)\. What it found:\s+BatchSize: default 32 \[\d+\]\./,
  );
  await expect(answer).toContainText('Sieve read the entry “BatchSize” under “Module parameters”, field “default”.');
  await expect(page.locator('[data-testid="stage-row"][data-stage="entry"] .detail')).toContainText('BatchSize');
  await answerShot(page, 'manual-entry');

  // The entries as one table: compared by the column the question names (such comparisons are stated: 10 of 11 right on fresh sets).
  await ask(page, 'Which module parameter has the largest default?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(answer).toContainText(/^Port: the highest, 7514 \(default\) \[\d+\]\. Next: QueueDepth, 64 \(default\)/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, answer);
  await answerShot(page, 'manual-entry');
  expect(errors).toEqual([]);
});
