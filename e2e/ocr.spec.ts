import { test, expect, type Page } from '@playwright/test';
import { addFiles, ask, collectPageErrors, documentRows, fixture, openApp, search, waitForAnswer, waitForJobs } from './helpers';

/** Every request the page and its workers make, by URL. */
function collectRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));
  return urls;
}

async function expectHit(page: Page, query: string, text: RegExp, pages: string, ocr: boolean) {
  await search(page, query);
  const hit = page.getByTestId('hit').filter({ hasText: text }).first();
  await expect(hit).toBeVisible();
  await expect(hit.locator('.where')).toContainText(pages);
  if (ocr) await expect(hit.getByTestId('ocr-badge')).toHaveText(/^OCR \d{2,3}%$/);
  else await expect(hit.getByTestId('ocr-badge')).toHaveCount(0);
}

test('a scanned PDF and an image are read by OCR, page by page, and found by Search marked as OCR', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page);
  const requests = collectRequests(page);
  await openApp(page);
  await addFiles(page, fixture('scanned.pdf'));
  const job = page.getByTestId('job').filter({ hasText: 'scanned.pdf' });
  await expect(job).toContainText(/OCR page [12] \/ 2/);
  await waitForJobs(page);
  await expect(job).toHaveAttribute('data-status', 'done');

  await addFiles(page, fixture('image.png'));
  await waitForJobs(page);
  await expect(page.getByTestId('job').filter({ hasText: 'image.png' })).toHaveAttribute('data-status', 'done');
  await expect(documentRows(page)).toHaveCount(2);

  // Words of the first and of the second scanned page, with their page numbers.
  await expectHit(page, 'breakwater Kestrel', /breakwater/i, 'p. 1', true);
  await expectHit(page, 'foghorn telescopes', /foghorn/i, 'p. 2', true);
  await expectHit(page, 'cinnamon rolls', /cinnamon/i, 'p. 1', true);

  // Tesseract's worker, core and language data came from this origin, and nothing else was asked for.
  expect(requests.filter((u) => /\/vendor\/tesseract-lang\/eng\.traineddata\.gz$/.test(u))).not.toHaveLength(0);
  expect(requests.filter((u) => new URL(u).origin !== new URL(baseURL!).origin && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('in a mixed PDF only the page without a text layer is read by OCR', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('mixed.pdf'));
  const job = page.getByTestId('job').filter({ hasText: 'mixed.pdf' });
  await expect(job).toContainText('OCR page 1 / 1');
  await waitForJobs(page);
  await expect(job).toHaveAttribute('data-status', 'done');
  // A page read by OCR is information, not a warning.
  const row = documentRows(page).filter({ hasText: 'mixed.pdf' });
  await expect(row.getByTestId('document-notes')).toContainText('1 page had no text layer and was read by OCR (page 2)');
  await expect(row).not.toContainText('⚠');
  await expectHit(page, 'apple trees pruned', /apple trees/i, 'p. 1', false);
  await expectHit(page, 'Willowmere pear harvest', /Willowmere/i, 'p. 2', true);

  // The inspector marks the OCR chunk too.
  await page.getByRole('tab', { name: 'Library' }).click();
  await documentRows(page)
    .first()
    .getByRole('button', { name: /inspect/i })
    .click();
  await expect(
    page
      .getByTestId('chunk')
      .filter({ hasText: /Willowmere/ })
      .getByTestId('ocr-badge'),
  ).toBeVisible();
  await expect(
    page
      .getByTestId('chunk')
      .filter({ hasText: /apple trees/ })
      .getByTestId('ocr-badge'),
  ).toHaveCount(0);

  // And an answer's sources say which of them OCR read.
  await ask(page, 'How many tonnes did the pear harvest at Willowmere reach?');
  expect(await waitForAnswer(page)).toBe('done');
  const sources = page.getByTestId('sources').locator('li');
  await expect(sources.filter({ hasText: 'p. 2' }).first().getByTestId('ocr-badge')).toHaveText(/^OCR \d{2,3}%$/);
});

test('a scan or image with nothing readable is refused with a clear message', async ({ page }) => {
  await openApp(page);
  for (const [file, message] of [
    ['blank-scan.pdf', /blank-scan\.pdf: .*no readable text.*even by OCR/i],
    ['blank.png', /blank\.png: .*no readable text.*even by OCR/i],
  ] as const) {
    await addFiles(page, fixture(file));
    await waitForJobs(page);
    const job = page.getByTestId('job').filter({ hasText: file });
    await expect(job).toHaveAttribute('data-status', 'failed');
    await expect(job).toContainText(message);
  }
  await expect(documentRows(page)).toHaveCount(0);
});

test('cancelling during OCR adds nothing', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('scanned.pdf'));
  const job = page.getByTestId('job').filter({ hasText: 'scanned.pdf' });
  await expect(job).toContainText(/OCR page 1 \/ 2/);
  await job.getByRole('button', { name: 'Cancel' }).click();
  await waitForJobs(page);
  await expect(job).toHaveAttribute('data-status', 'cancelled');
  await expect(documentRows(page)).toHaveCount(0);
});
