import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nestedPdf } from '../scripts/fixtures/nested-pdf';
import { addFiles, collectPageErrors, documentRows, fixture, FIXTURES, openApp, search, waitForJobs } from './helpers';

/** Adds one good document so every bad input can be checked against a knowledge base that must stay intact. */
async function withOneDocument(page: Page) {
  await openApp(page);
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
}

async function expectIntact(page: Page) {
  await page.reload();
  await openApp(page);
  await expect(documentRows(page)).toHaveCount(1);
  await expect(page.getByTestId('documents')).toContainText('notes.md');
  await search(page, 'hives honey harvest');
  await expect(page.getByTestId('hit').first()).toBeVisible();
}

async function expectFailure(page: Page, file: string, message: RegExp) {
  await addFiles(page, file);
  await waitForJobs(page);
  // Said once, as an alert in the file's row, not again in a banner.
  const row = page.locator('[data-testid="job"][data-status="failed"]').last();
  await expect(row.getByRole('alert')).toContainText(message);
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
  await expect(page.locator('.notice').filter({ hasText: message })).toHaveCount(0);
}

test('every bad file gets a clear message naming the file and the cause, and the library stays intact', async ({ page }) => {
  await withOneDocument(page);
  const cases: Array<[string, RegExp]> = [
    [fixture('empty.txt'), /empty\.txt: .*empty/i],
    [fixture('blank.md'), /blank\.md: .*(empty|blank|no text)/i],
    [fixture('blank.png'), /blank\.png: .*no readable text.*even by OCR/i],
    [fixture('corrupt.pdf'), /corrupt\.pdf: .*(damaged|corrupt|not a valid|could not be read)/i],
    [fixture('encrypted.pdf'), /encrypted\.pdf: .*password/i],
    [fixture('blank-scan.pdf'), /blank-scan\.pdf: .*no readable text.*even by OCR/i],
    // A page tree whose /Count is -5: damage, not a scan for OCR to read.
    [
      join(FIXTURES, '..', '..', 'test', 'fixtures', 'broken-pdfs', 'structure--count-negative.pdf'),
      /structure--count-negative\.pdf: This PDF is damaged: it lists no pages that can be read\./,
    ],
  ];
  for (const [file, message] of cases) await expectFailure(page, file, message);

  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const huge = join(dir, 'huge.pdf');
  const fd = openSync(huge, 'w');
  ftruncateSync(fd, 100 * 1024 * 1024);
  closeSync(fd);
  await expectFailure(page, huge, /huge\.pdf: .*100\.0 MB.*up to 50\.0 MB/);

  // Disguised files: named for one type, holding another. The message says what they really are.
  const zip = join(dir, 'report.pdf');
  writeFileSync(zip, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('notes.txt'), Buffer.alloc(200, 7)]));
  await expectFailure(page, zip, /report\.pdf: this file is not a PDF: it is a zip archive/);
  const noise = join(dir, 'minutes.txt');
  writeFileSync(noise, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 17) % 256)));
  await expectFailure(page, noise, /minutes\.txt: this file is not text: it holds binary data/);

  await expect(documentRows(page)).toHaveCount(1);
  await expectIntact(page);
});

test('a full browser storage gives a quota message and leaves the library intact', async ({ page, context, baseURL }) => {
  // Chromium applies a quota override only to an origin that has not touched storage yet.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin' as never, { origin: new URL(baseURL!).origin, quotaSize: 2_500_000 } as never);
  await withOneDocument(page);

  // An HTML page whose few words index quickly but whose 3 MB original file must be stored too.
  const dir = mkdtempSync(join(tmpdir(), 'sieve-'));
  const big = join(dir, 'big.html');
  writeFileSync(big, `<html><body><!-- ${'x'.repeat(3_000_000)} --><p>The quarterly rainfall report for the valley.</p></body></html>`);
  await expectFailure(page, big, /big\.html: .*storage is full/i);
  await expect(documentRows(page)).toHaveCount(1);
  await cdp.send('Storage.overrideQuotaForOrigin' as never, { origin: new URL(baseURL!).origin } as never);
  await expectIntact(page);
});

test('an embedding model that will not load gives a clear message and keyword search still works', async ({ page }) => {
  await withOneDocument(page);
  await page.context().route('**/vendor/use-lite/model.json', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.reload();
  await openApp(page);
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'failed');
  await expect(page.getByRole('alert').filter({ hasText: /embedding model could not be loaded/i })).toBeVisible();
  await expectFailure(page, fixture('report.pdf'), /report\.pdf: .*embedding model could not be loaded.*404/i);
  await expect(documentRows(page)).toHaveCount(1);
  await page.context().unroute('**/vendor/use-lite/model.json');
  await expectIntact(page);
});

test('text that lives only in form fields and annotations is read and found', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, [fixture('form-only.pdf'), fixture('freetext-only.pdf')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  for (const [query, text] of [
    ['Marguerite Olsen master mariner', /Marguerite Olsen, master mariner/],
    ['tanker jetty quay', /Tanker Jetty/],
    ['silt above the sill', /no silt above the sill/],
    ['eastern groyne soundings', /eastern groyne averaged 7\.4 metres/],
  ] as const) {
    await search(page, query);
    await expect(page.getByTestId('hit').filter({ hasText: text }).first()).toBeVisible();
  }
  // A password field and a hidden field are not shown, so they are not read.
  await search(page, 'secret-4417 hidden reviewer remark');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await expect(page.getByTestId('hit').filter({ hasText: /secret-4417|hidden reviewer remark/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a page pdf.js is stuck on is skipped with a warning, and Cancel is answered within a second meanwhile', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await openApp(page);
  // Page 2 wraps its text in 200,000 nested q operators: pdf.js would take many minutes on it.
  const path = join(mkdtempSync(join(tmpdir(), 'sieve-')), 'dues.pdf');
  writeFileSync(path, nestedPdf(200_000));

  await addFiles(page, path);
  const first = page.getByTestId('job').filter({ hasText: 'dues.pdf' });
  // Page 1 is read; page 2 is under way.
  await expect(first.getByRole('progressbar')).toHaveAttribute('value', /^[1-9]\d*$/);
  await page.waitForTimeout(2_000);
  const clicked = Date.now();
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toHaveAttribute('data-status', 'cancelled', { timeout: 1000 });
  console.log(`cancel while pdf.js is stuck on a page: ${Date.now() - clicked} ms from click to cancelled`);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(0);

  await addFiles(page, path);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
  await expect(page.getByTestId('document-warnings')).toContainText('Page 2 could not be read in time; it was skipped');
  await search(page, 'harbour dues vessel class');
  await expect(
    page
      .getByTestId('hit')
      .filter({ hasText: /vessel class 3/ })
      .first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
