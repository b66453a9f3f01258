import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addFiles, documentRows, fixture, openApp, search, waitForJobs } from './helpers';

test('ingests a PDF and a Markdown file, searches them, survives a reload, and deletes one', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://localhost') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url());
  });
  await openApp(page);
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready');

  await addFiles(page, [fixture('report.pdf'), fixture('notes.md')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await expect(page.getByTestId('documents')).toContainText('report.pdf');
  await expect(page.getByTestId('documents')).toContainText('notes.md');
  // Removing its running header and footer is routine: information folded into the row, no ⚠, no banner.
  const pdfRow = documentRows(page).filter({ hasText: 'report.pdf' });
  await expect(pdfRow.getByTestId('document-notes').locator('summary')).toHaveText('2 notes');
  await expect(pdfRow.getByTestId('document-warnings')).toHaveCount(0);
  await expect(pdfRow).not.toContainText('⚠');
  await expect(page.locator('.notice').filter({ hasText: /Removed running/ })).toHaveCount(0);

  // Keyword and meaning both contribute; every hit shows where it came from and its scores.
  await search(page, 'kelp harvest tonnes');
  const hits = page.getByTestId('hit');
  await expect(hits.first()).toBeVisible();
  await expect(hits.first().locator('mark').first()).toBeVisible();
  await expect(hits.first()).toContainText('BM25');
  await expect(hits.first()).toContainText('vector');
  await expect(hits.first()).toContainText('fused');
  await expect(page.locator('[data-testid="hit"]').filter({ hasText: 'p. ' }).first()).toBeVisible();

  // The knowledge base is back after a reload, with no re-ingest.
  await page.reload();
  await openApp(page);
  await expect(documentRows(page)).toHaveCount(2);
  await search(page, 'kelp harvest tonnes');
  await expect(page.getByTestId('hit').first()).toBeVisible();

  // Chunk inspector: the similarity plot with the θ line and the chunks.
  await page.getByRole('tab', { name: 'Library' }).click();
  await documentRows(page).filter({ hasText: 'notes.md' }).getByRole('button', { name: 'Inspect chunks of notes.md' }).click();
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page.locator('svg.simplot .threshold')).toHaveCount(1);
  await expect(page.getByTestId('chunk').first()).toBeVisible();

  // Delete the PDF: it is gone from the list, from search, and after a reload.
  await page.getByRole('tab', { name: 'Library' }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete report.pdf' }).click();
  // The row goes at once (the delete finishes behind it).
  await expect(documentRows(page)).toHaveCount(1, { timeout: 500 });
  await expect(page.getByTestId('deleting')).toHaveCount(0);
  await page.reload();
  await openApp(page);
  await expect(documentRows(page)).toHaveCount(1);
  await expect(page.getByTestId('documents')).not.toContainText('report.pdf');
  await search(page, 'kelp harvest tonnes');
  await expect(page.getByTestId('hit').filter({ hasText: 'report.pdf' })).toHaveCount(0);

  expect(external).toEqual([]);
});

test('adds pasted text', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Title').fill('Kitchen notes');
  await page.getByLabel('Paste text').fill('The sourdough starter needs feeding every twelve hours. Rye flour makes it more active.');
  await page.getByRole('button', { name: 'Add text' }).click();
  await waitForJobs(page);
  await expect(documentRows(page).filter({ hasText: 'Kitchen notes' })).toHaveCount(1);
  await search(page, 'sourdough feeding');
  await expect(page.getByTestId('hit').first()).toContainText('sourdough');
});

test('adds Word and HTML files dropped on the page', async ({ page }) => {
  await openApp(page);
  const files = [
    { name: 'memo.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: [...readFileSync(fixture('memo.docx'))] },
    { name: 'page.html', type: 'text/html', data: [...readFileSync(fixture('page.html'))] },
  ];
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([new Uint8Array(f.data)], f.name, { type: f.type }));
    return dt;
  }, files);
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await expect(documentRows(page).filter({ hasText: 'memo.docx' })).toContainText('docx');
  await expect(documentRows(page).filter({ hasText: 'page.html' })).toContainText('html');
});

test('after Delete everything the footer reads the storage again: the library part shrinks', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  const use = page.getByTestId('storage-use');
  await expect(use).toContainText(/library/);
  const libraryBytes = async () => {
    const m = /\((\d+(?:\.\d+)?) (bytes|KB|MB|GB) library/.exec((await use.textContent()) ?? '');
    return m ? Number(m[1]) * { bytes: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[m[2] as 'KB'] : NaN;
  };
  const before = await libraryBytes();
  expect(before).toBeGreaterThan(0);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  await expect.poll(libraryBytes).toBeLessThan(before);
});

test('the same file added twice: said so, then skipped or kept as a second copy', async ({ page }) => {
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);

  await addFiles(page, fixture('report.pdf'));
  const twice = page.locator('[data-testid="job"][data-status="duplicate"]');
  await expect(twice.getByTestId('job-duplicate')).toContainText(/report\.pdf: this file is already in your library as .*\(report\.pdf, added /);
  await twice.getByRole('button', { name: 'Skip it' }).click();
  await expect(twice).toHaveCount(0);
  await expect(documentRows(page)).toHaveCount(1);

  await addFiles(page, fixture('report.pdf'));
  await page.locator('[data-testid="job"][data-status="duplicate"]').getByRole('button', { name: 'Add a second copy' }).click();
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
});
