import { test, expect } from '@playwright/test';
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
