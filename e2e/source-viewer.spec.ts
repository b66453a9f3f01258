import { test, expect, type Locator, type Page } from '@playwright/test';
import { addFiles, ask, collectPageErrors, documentRows, fixture, openApp, search, waitForAnswer, waitForJobs } from './helpers';
import { collectRequests, expectOverText, expectPageDrawn, marks, noSidewaysScroll, shot } from './source-viewer-helpers';

async function openTheHyphenatedHit(page: Page) {
  // Search → the hit that holds the line-break-hyphenated "manu- / facturing".
  await search(page, 'manufacturing kelp flakes kelp salt winter');
  const hit = page.getByTestId('hit').filter({ hasText: 'manufacturing of kelp flakes' }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('p. 1');
  const chunkId = await hit.getAttribute('data-chunk-id');
  const opener = hit.getByTestId('open-source');
  await opener.click();
  return { hit, opener, chunkId: chunkId! };
}

async function checkThePassageOnPageOne(page: Page, viewer: Locator, chunkId: string) {
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute('data-chunk', chunkId);
  await expect(viewer.getByRole('heading', { level: 2 })).toContainText('Brightwater');
  await expectPageDrawn(viewer, 1);
  await expect(viewer.getByTestId('page-number')).toHaveValue('1');
  await expect(viewer.getByTestId('page-count')).toHaveText('of 3');
  const note = viewer.getByTestId('source-note');
  await expect(note).toHaveAttribute('data-placement', 'found');
  await expect(note).toContainText('The cited passage is highlighted.');
  // The highlights cover the two lines around the hyphen: baselines at 792 − 571.6 and 792 − 558.6 points.
  const found = await marks(viewer);
  expect(found.length).toBeGreaterThan(0);
  for (const baseline of [220.4, 233.4]) expect(found.some((m) => m.y < baseline && m.y + m.height > baseline - 5)).toBe(true);
  // Nothing lands on the running header (y ≈ 40) or the footer (y ≈ 752).
  expect(found.every((m) => m.y > 60 && m.y + m.height < 740 && m.x >= 71 && m.x + m.width <= 72 + 410)).toBe(true);
  await expectOverText(page);
  await expect(viewer.getByTestId('highlight').first()).toBeInViewport();
  await shot(page, 'pdf-1400x900');
}

async function turnPages(viewer: Locator) {
  const note = viewer.getByTestId('source-note');
  // Page navigation: next, previous, and a typed page number.
  await viewer.getByTestId('page-next').click();
  await expectPageDrawn(viewer, 2);
  await expect(viewer.getByTestId('page-number')).toHaveValue('2');
  await expect(note).toHaveAttribute('data-placement', 'elsewhere');
  await expect(note).toContainText('it is on page 1 of the document');
  await expect(viewer.getByTestId('highlight')).toHaveCount(0);
  await expect(viewer.getByTestId('page-prev')).toBeEnabled();
  await viewer.getByTestId('page-number').fill('3');
  await viewer.getByTestId('page-number').press('Enter');
  await expectPageDrawn(viewer, 3);
  await expect(viewer.getByTestId('page-next')).toBeDisabled();
  await viewer.getByRole('button', { name: 'Go to page 1' }).click();
  await expectPageDrawn(viewer, 1);
  await expect(viewer.getByTestId('page-prev')).toBeDisabled();
  await expect(note).toHaveAttribute('data-placement', 'found');
  await expect(viewer.getByTestId('highlight').first()).toBeVisible();
}

async function checkBackToTheSearch(viewer: Locator, hit: Locator, opener: Locator) {
  // The back link returns to the search, focus back on the button that opened it.
  await expect(viewer.getByTestId('source-back')).toHaveText('← Back to the search results');
  await viewer.getByTestId('source-back').click();
  await expect(viewer).toHaveCount(0);
  await expect(hit).toBeVisible();
  await expect(opener).toBeFocused();
}

async function openACitationAndASource(page: Page, viewer: Locator) {
  const note = viewer.getByTestId('source-note');
  // Ask (retrieval-only) → a citation opens its chunk on its page; Escape returns to the answer.
  await ask(page, 'How many tonnes of wet kelp did the farms harvest in 2023?');
  expect(await waitForAnswer(page)).toBe('done');
  const citation = page.getByTestId('answer').getByTestId('citation').first();
  await expect(citation).toBeVisible();
  const cited = await citation.getAttribute('data-chunk');
  await citation.click();
  await expect(viewer).toHaveAttribute('data-chunk', cited!);
  await expect(viewer.getByTestId('source-back')).toHaveText('← Back to the answer');
  await expect(viewer.getByTestId('source-back')).toBeFocused();
  await expect(viewer.getByTestId('source-page')).toHaveAttribute('data-page', /\d/);
  await expect(note).toHaveAttribute('data-placement', 'found');
  await expectOverText(page);
  const passage = ((await viewer.getByTestId('source-passage').textContent()) ?? '').trim();
  expect(passage.length).toBeGreaterThan(10);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(citation).toBeFocused();
  await expect(page.getByTestId('answer')).toBeVisible();

  // A Sources entry opens the viewer too.
  await page.getByTestId('source').first().click();
  await expect(viewer).toBeVisible();
  await expect(note).toHaveAttribute('data-placement', 'found');
}

async function checkAtPhoneSize(page: Page, viewer: Locator) {
  // At phone size: full width, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.getByTestId('highlight').first()).toBeVisible();
  await noSidewaysScroll(page);
  const pageBox = (await viewer.getByTestId('source-page').boundingBox())!;
  expect(pageBox.width).toBeGreaterThan(330);
  expect(pageBox.x + pageBox.width).toBeLessThanOrEqual(390);
  await expectOverText(page);
  await viewer.getByTestId('highlight').first().scrollIntoViewIfNeeded();
  await shot(page, 'pdf-390x844');
  // Zoomed in, the page pans inside its own frame; the viewer still does not scroll sideways.
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('zoom')).toHaveText('200%');
  await expect.poll(async () => (await viewer.getByTestId('source-page').boundingBox())!.width).toBeGreaterThan(700);
  const frame = await viewer.locator('.source-page-frame').evaluate((f) => ({ scroll: f.scrollWidth, client: f.clientWidth }));
  expect(frame.scroll).toBeGreaterThan(frame.client);
  expect(await viewer.evaluate((v) => v.scrollWidth <= v.clientWidth)).toBe(true);
  await expect(viewer.getByTestId('highlight').first()).toBeInViewport();
  await expectOverText(page);
  await shot(page, 'pdf-390x844-zoomed');
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect(viewer.getByTestId('zoom')).toHaveText('Fit width');
  await page.keyboard.press('Escape');
}

test('a search hit and a citation open the PDF page with the passage highlighted; pages turn; back returns', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const requests = collectRequests(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await addFiles(page, fixture('report.pdf'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);

  const { hit, opener, chunkId } = await openTheHyphenatedHit(page);
  const viewer = page.getByTestId('source-viewer');
  await checkThePassageOnPageOne(page, viewer, chunkId);
  await turnPages(viewer);
  await checkBackToTheSearch(viewer, hit, opener);
  await openACitationAndASource(page, viewer);
  await checkAtPhoneSize(page, viewer);

  // Everything came from this origin: the page was drawn from the stored file.
  expect(requests.filter((u) => new URL(u).origin !== new URL(baseURL!).origin && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a passage read by OCR cannot be placed on its page, and says so; a text document shows its text with the passage marked', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await addFiles(page, [fixture('mixed.pdf'), fixture('notes.md')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);

  // Page 2 of mixed.pdf is a scan: its text came from OCR, and the page has no text layer to match.
  await search(page, 'Willowmere pear harvest');
  const hit = page
    .getByTestId('hit')
    .filter({ hasText: /Willowmere/ })
    .first();
  await expect(hit).toContainText('p. 2');
  await hit.getByTestId('open-source').click();
  const viewer = page.getByTestId('source-viewer');
  await expectPageDrawn(viewer, 2);
  const note = viewer.getByTestId('source-note');
  await expect(note).toHaveAttribute('data-placement', 'not-found');
  await expect(note).toContainText('This passage could not be placed on the page; it is on page 2 of the document.');
  await expect(note).toContainText('no text layer');
  await expect(viewer.getByTestId('highlight')).toHaveCount(0);
  await expect(viewer.getByTestId('source-passage')).toContainText('Willowmere');
  await shot(page, 'not-placed-1400x900');

  // Its text-layer page places a passage of its own.
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await search(page, 'apple trees pruned');
  const apple = page
    .getByTestId('hit')
    .filter({ hasText: /apple trees/ })
    .first();
  await apple.getByTestId('open-source').click();
  await expectPageDrawn(viewer, 1);
  await expect(note).toHaveAttribute('data-placement', 'found');
  await page.keyboard.press('Escape');

  // A Markdown document: its stored text, the passage marked and scrolled into view, shown as text.
  await search(page, 'varroa mites oxalic acid');
  const bees = page
    .getByTestId('hit')
    .filter({ hasText: /oxalic/ })
    .first();
  const beesText = ((await bees.locator('.text').textContent()) ?? '').slice(-40).trim();
  await bees.getByTestId('open-source').click();
  await expect(viewer.getByTestId('source-text')).toBeVisible();
  await expect(viewer.getByTestId('page-canvas')).toHaveCount(0);
  await expect(viewer.getByTestId('source-note')).toHaveAttribute('data-placement', 'found');
  const mark = viewer.getByTestId('highlight');
  await expect(mark).toHaveCount(1);
  await expect(mark).toContainText(beesText);
  await expect(mark).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await mark.scrollIntoViewIfNeeded();
  await expect(mark).toBeInViewport();
  await shot(page, 'text-390x844');
  await viewer.getByTestId('source-back').click();
  await expect(viewer).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('offline', () => {
  // The rest of the suite blocks service workers (playwright.config.ts); this test needs the one that makes the app work offline.
  test.use({ serviceWorkers: 'allow' });

  test('with the network off, a PDF page is drawn from the stored original and the passage highlighted', async ({ page, context }) => {
    test.setTimeout(240_000);
    const errors = collectPageErrors(page);
    await openApp(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 120_000 }).toBe('activated');
    await addFiles(page, fixture('report.pdf'));
    await waitForJobs(page);
    await expect(documentRows(page)).toHaveCount(1);

    await context.setOffline(true);
    await page.reload();
    await openApp(page);
    await search(page, 'solar dryer Tidepool plant cloudy days');
    const hit = page.getByTestId('hit').filter({ hasText: 'solar dryer' }).first();
    await expect(hit).toContainText('p. 3');
    await hit.getByTestId('open-source').click();
    const viewer = page.getByTestId('source-viewer');
    await expectPageDrawn(viewer, 3);
    await expect(viewer.getByTestId('source-note')).toHaveAttribute('data-placement', 'found');
    await expectOverText(page);
    expect(errors).toEqual([]);
  });
});
