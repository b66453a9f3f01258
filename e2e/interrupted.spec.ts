import { test, expect, type Page } from '@playwright/test';
import { statSync } from 'node:fs';
import { addFiles, collectPageErrors, fixture, openApp, waitForJobs } from './helpers';

test('a reload mid-ingest leaves a notice naming the file, which can be dismissed', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  const job = page.getByTestId('job').filter({ hasText: 'report.pdf' });
  await expect(job).toHaveAttribute('data-status', /queued|running/);
  await page.reload();
  await openApp(page);

  const notice = page.getByTestId('interrupted-notice');
  await expect(notice).toContainText('1 file was still being added when the page closed: report.pdf.');
  await expect(notice.getByRole('button', { name: 'Add them again' })).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(0);

  // Still there after another reload until dismissed; then gone for good.
  await page.reload();
  await openApp(page);
  await expect(notice).toContainText('report.pdf');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await openApp(page);
  await expect(page.getByRole('tab', { name: 'Library' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('adding the file again clears the notice, and the footer says whether storage is persistent', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  await expect(page.getByTestId('job').filter({ hasText: 'report.pdf' })).toHaveAttribute('data-status', /queued|running/);
  await page.reload();
  await openApp(page);
  const notice = page.getByTestId('interrupted-notice');
  await expect(notice).toContainText('report.pdf');

  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('persistence')).toHaveText(
    /^(Stored persistently: the browser will not clear it|Not persistent: the browser may clear it when the disk runs low)$/,
  );
});

/**
 * Records a page that has gone left for files it was adding (as app/pending-ingests.ts writes
 * them): one that closed normally marks them closed on pagehide; one that crashed cannot.
 */
async function leaveRecords(page: Page, records: Array<{ name: string; size: number; startedAt: number; closed?: boolean }>) {
  await page.evaluate((rs) => {
    const all = rs.map((r, i) => ({ key: `gone:${i}`, page: 'gone', type: 'application/pdf', closed: true, ...r }));
    localStorage.setItem('sieve:pending-ingests', JSON.stringify(all));
  }, records);
  await page.reload();
  await openApp(page);
}

test('a file interrupted three times is named once', async ({ page }) => {
  await openApp(page);
  const size = statSync(fixture('report.pdf')).size;
  await leaveRecords(
    page,
    [1, 2, 3].map((i) => ({ name: 'report.pdf', size, startedAt: Date.now() - i * 60_000 })),
  );
  await expect(page.getByTestId('interrupted-notice')).toContainText('1 file was still being added when the page closed: report.pdf.');
});

test('a file whose page stopped without closing (a crash, as when a tab runs out of memory) is named as maybe too large', async ({ page }) => {
  await openApp(page);
  await leaveRecords(page, [{ name: 'huge.docx', size: 349_000, startedAt: Date.now() - 60_000, closed: false }]);
  await expect(page.getByTestId('interrupted-notice')).toContainText(
    'The page stopped while adding huge.docx; it may be too large to read here (split it, or save as PDF or CSV, before adding again).',
  );
});

test('a file stored just before its page closed is not reported as interrupted', async ({ page }) => {
  await openApp(page);
  const startedAt = Date.now() - 1000;
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await leaveRecords(page, [{ name: 'report.pdf', size: statSync(fixture('report.pdf')).size, startedAt }]);
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await expect(page.getByTestId('interrupted-notice')).toHaveCount(0);
  // and its record is gone for good
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sieve:pending-ingests'))).toBeNull();
});
