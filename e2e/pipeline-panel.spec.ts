import { test, expect, type Page } from '@playwright/test';
import { addFiles, ask, collectPageErrors, documentRows, fixture, openApp, search, waitForAnswer, waitForJobs } from './helpers';

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The elements under `selector` that reach past the window's right edge (the panel's own share of sideways scrolling). */
const pastTheEdge = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel))
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > width + 1) out.push(`${el.tagName.toLowerCase()}.${(el as HTMLElement).className} right ${Math.round(r.right)}`);
      }
    return out.slice(0, 10);
  }, selector);

/** With SIEVE_SHOTS set, saves the whole page there, and window-sized pieces from `from` down (a phone's page is too tall to read whole). */
async function shot(page: Page, name: string, from?: string) {
  const dir = process.env.SIEVE_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  if (!from) return;
  const { width, height } = page.viewportSize()!;
  const top = await page
    .locator(from)
    .first()
    .evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let i = 0; i < 3 && top + i * height < bottom; i++)
    await page.screenshot({ path: `${dir}/${name}-${i + 1}.png`, fullPage: true, clip: { x: 0, y: top + i * height, width, height: Math.min(height, bottom - top - i * height) } });
}

/** The page cell holds a long page range ("pp. 112–113", set here on the first line) whole, clear of the text beside it. */
async function expectPageRangeFits(page: Page) {
  const cell = await page.evaluate(() => {
    const line = document.querySelector('[data-testid="pipeline-row"] .cand-line')!;
    const pages = line.querySelector<HTMLElement>('.cand-page')!;
    pages.textContent = 'pp. 112–113';
    const text = line.querySelector('.cand-snippet')!.getBoundingClientRect();
    return { clipped: pages.scrollWidth > pages.clientWidth, right: pages.getBoundingClientRect().right, textLeft: text.left };
  });
  expect(cell.clipped).toBe(false);
  expect(cell.right).toBeLessThanOrEqual(cell.textLeft);
}

async function askAboutBoth(page: Page) {
  await openApp(page);
  await addFiles(page, [fixture('report.pdf'), fixture('notes.md')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await ask(page, 'When are the varroa mites treated, and how many hives are there?');
  expect(await waitForAnswer(page)).toBe('done');
}

test('the Pipeline panel: one compact line per candidate, details in place, filters, no sideways scrolling at 1280 or 390 pixels', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await askAboutBoth(page);
  await shot(page, 'ask-1400', 'section.pipeline');
  await expectPageRangeFits(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const panel = page.getByRole('region', { name: 'Pipeline' });
  const rows = panel.getByTestId('pipeline-row');
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);
  // The histogram and the stage table come before the rows.
  const histogramTop = (await panel.getByTestId('grade-histogram').boundingBox())!.y;
  expect(histogramTop).toBeLessThan((await rows.first().boundingBox())!.y);
  await expect(panel.getByTestId('stage-row').first()).toBeVisible();
  // What a grade is made of, in plain words (no model here: the retrieval score and Sieve's check).
  await expect(panel.getByTestId('grade-words')).toHaveText(/^A grade \(0 to 1\) says how well a passage answers the question: its retrieval score/);

  // Compact: every line is at most two short lines high, with its verdict and reason in view and its details closed.
  for (const row of await rows.all()) {
    expect((await row.boundingBox())!.height).toBeLessThan(48);
    await expect(row.getByTestId('row-reason')).toBeVisible();
    await expect(row.getByTestId('row-details')).toBeHidden();
  }
  const kept = page.locator('[data-testid="pipeline-row"][data-verdict="kept"]').first();
  await expect(kept.getByTestId('row-reason')).toContainText(/^grade \d\.\d\d, needed \d\.\d\d/);
  expect(await sideways(page)).toBe(0);
  await shot(page, 'ask-1280');

  // Details open in place, named for their candidate: the full text, every score, the grades.
  const first = rows.first();
  const rank = (await first.locator('.cand-rank').innerText()).replace(/\D/g, '');
  const toggle = panel.getByRole('button', { name: `Details for candidate ${rank}`, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = first.getByTestId('row-details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('row-text')).toBeVisible();
  for (const label of ['BM25', 'Dense', 'Hybrid', 'Base grade', 'Critic', 'Final grade']) await expect(details.locator('dt', { hasText: label }).first()).toBeVisible();
  await expect(details.getByTestId('grade-base')).toHaveText(/\d\.\d\d/);
  expect(await sideways(page)).toBe(0);
  await shot(page, 'ask-1280-details');
  await toggle.click();
  await expect(details).toBeHidden();

  // Filters: kept, filtered, one reason, all.
  const filter = panel.getByTestId('row-filter');
  await filter.getByRole('radio', { name: /^Kept/ }).check();
  const keptCount = await page.locator('[data-testid="pipeline-row"][data-verdict="kept"]').count();
  expect(keptCount).toBeGreaterThan(0);
  await expect(rows).toHaveCount(keptCount);
  await filter.getByRole('radio', { name: /^Filtered/ }).check();
  for (const v of await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.verdict))) expect(['kept', 'pending']).not.toContain(v);
  // This question's candidates are filtered for two reasons (below the floor, below the threshold).
  const reasons = filter.locator('label.reason');
  expect(await reasons.count()).toBeGreaterThan(1);
  for (const reason of await reasons.all()) {
    const verdict = ((await reason.getAttribute('class')) ?? '').split(' ').pop()!;
    const count = Number((await reason.locator('.count').innerText()).trim());
    await reason.click();
    await expect(rows).toHaveCount(count);
    for (const v of await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.verdict))) expect(v).toBe(verdict);
  }
  await filter.getByRole('radio', { name: /^All/ }).check();
  await expect(rows).toHaveCount(total);

  // A phone: the lines become cards, and still nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  expect(await pastTheEdge(page, 'section.pipeline')).toEqual([]);
  await shot(page, 'ask-390', 'section.pipeline');
  await panel.getByRole('button', { name: `Details for candidate ${rank}`, exact: true }).click();
  expect(await pastTheEdge(page, 'section.pipeline')).toEqual([]);
  await shot(page, 'ask-390-details', '[data-testid="pipeline-row"] [aria-expanded="true"]');
  expect(errors).toEqual([]);
});

test('search hits name their document, page and section once, with their scores, at 1280 and 390 pixels', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openApp(page);
  await addFiles(page, [fixture('report.pdf'), fixture('notes.md')]);
  await waitForJobs(page);
  await search(page, 'varroa mites hives');
  const hits = page.getByTestId('hit');
  await expect(hits.first()).toBeVisible();
  for (const hit of await hits.all()) {
    // The place line names the document and its section once; the text has no header repeating them.
    const where = hit.locator('.where');
    const title = await where.locator('strong').innerText();
    const place = (await where.innerText()).replace(await where.locator('.file-name').innerText(), '');
    expect(place.split(title).length - 1).toBe(1);
    const section = where.locator('.section');
    if ((await section.count()) > 0) expect(place.split(await section.innerText()).length - 1).toBe(1);
    await expect(hit.getByTestId('chunk-header')).toHaveCount(0);
    await expect(hit).toContainText('fused');
  }
  expect(await sideways(page)).toBe(0);
  await shot(page, 'search-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pastTheEdge(page, 'ol.hits')).toEqual([]);
  await shot(page, 'search-390', 'ol.hits');
});

test("a duplicate's details link to the candidate it repeats, shown and focused even when the filter hid it", async ({ page }) => {
  await openApp(page);
  const text = 'The sourdough starter needs feeding every twelve hours. Rye flour makes it more active.';
  for (const title of ['Kitchen notes', 'Kitchen notes (copy)']) {
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Paste text').fill(text);
    await page.getByRole('button', { name: 'Add text' }).click();
    await waitForJobs(page);
  }
  // The same text twice is recognised as the same file: kept as a second copy on purpose.
  await page.locator('[data-testid="job"][data-status="duplicate"]').getByRole('button', { name: 'Add a second copy' }).click();
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await ask(page, 'How often does the sourdough starter need feeding?');
  expect(await waitForAnswer(page)).toBe('done');
  const panel = page.getByRole('region', { name: 'Pipeline' });
  const duplicate = panel.locator('[data-testid="pipeline-row"][data-verdict="duplicate"]');
  await expect(duplicate).toHaveCount(1);
  await expect(duplicate.getByTestId('row-reason')).toHaveText(/^repeats #\d+ \(\d+% similar\)$/);
  const repeated = (await duplicate.getByTestId('row-reason').innerText()).match(/#(\d+)/)![1];

  await panel
    .getByTestId('row-filter')
    .getByRole('radio', { name: /^duplicate 1/ })
    .check();
  await expect(panel.getByTestId('pipeline-row')).toHaveCount(1);
  const rank = (await duplicate.locator('.cand-rank').innerText()).replace(/\D/g, '');
  await panel.getByRole('button', { name: `Details for candidate ${rank}`, exact: true }).click();
  await duplicate.getByRole('button', { name: `Go to candidate ${repeated}, which candidate ${rank} repeats` }).click();
  await expect(panel.getByTestId('row-filter').getByRole('radio', { name: /^All/ })).toBeChecked();
  const target = panel.locator('[data-testid="pipeline-row"]:focus');
  await expect(target).toHaveCount(1);
  await expect(target.locator('.cand-rank')).toHaveText(new RegExp(`${repeated}$`));
  await expect(target).toBeInViewport();
});
