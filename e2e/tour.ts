import { expect, type Page } from '@playwright/test';
import { addFiles, ask, documentRows, fixture, openApp, search, waitForAnswer, waitForJobs } from './helpers';

/** The two window sizes every screen is judged at: a laptop and a phone. */
export const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The elements that reach past the window's right edge (what makes a page scroll sideways), a few named. */
export const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && !el.closest('[hidden]'))
        out.push(`${el.tagName.toLowerCase()}.${String((el as HTMLElement).className)} right ${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Walks a new user's tour of every tab, each in a state worth looking at, and calls `visit` at each
 * stop: Library with two documents, Search with results, the source viewer over a PDF page, Ask with
 * an answer and its Pipeline panel, the Chunk inspector on the PDF, Lab with the sample questions loaded,
 * Walk-through (its grades step and its last step), and Settings.
 */
export async function tourEveryTab(page: Page, visit: (stop: string) => Promise<void>) {
  await openApp(page);
  await addFiles(page, [fixture('report.pdf'), fixture('notes.md')]);
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(2);
  await visit('library');

  await search(page, 'manufacturing kelp flakes kelp salt winter');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await visit('search');

  await page.getByTestId('hit').filter({ hasText: 'manufacturing of kelp flakes' }).first().getByTestId('open-source').click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer.getByTestId('page-canvas')).toBeVisible();
  await expect(viewer.getByTestId('highlight').first()).toBeVisible();
  await visit('source-viewer');
  await viewer.getByTestId('source-back').click();
  await expect(viewer).toHaveCount(0);

  await ask(page, 'When are the varroa mites treated, and how many hives are there?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByRole('region', { name: 'Pipeline' })).toBeVisible();
  // One candidate's details open in place.
  await page
    .getByTestId('pipeline-row')
    .first()
    .getByRole('button', { name: /^Details for candidate/ })
    .click();
  await visit('ask');

  await page.getByRole('tab', { name: 'Library' }).click();
  await page.getByRole('button', { name: 'Inspect chunks of report.pdf' }).click();
  await expect(page.getByRole('tab', { name: 'Chunk inspector' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('svg.simplot')).toBeVisible();
  await visit('inspector');

  // The walk-through adds the sample document; the lab then has it and its questions.
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await page.getByRole('button', { name: 'Add the sample document and start' }).click();
  await waitForJobs(page);
  const walk = page.getByTestId('walkthrough');
  const next = walk.getByRole('button', { name: 'Next →' });
  await expect(walk.getByTestId('walk-step')).toContainText('Step 1 of 8');
  await expect(walk.locator('svg')).toBeVisible();
  await visit('walkthrough-1');
  await next.click();
  await next.click();
  await walk.getByRole('button', { name: 'Ask it' }).click();
  await expect(walk.getByTestId('walk-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await next.click();
  await expect(walk.getByTestId('walk-candidates')).toBeVisible();
  await visit('walkthrough-4');
  await next.click();
  await next.click();
  await expect(walk.getByTestId('grade-histogram')).toBeVisible();
  await visit('walkthrough-6');
  await next.click();
  await next.click();
  await expect(walk.getByTestId('walk-end')).toBeVisible();
  await visit('walkthrough-8');

  await page.getByRole('tab', { name: 'Lab' }).click();
  const lab = page.getByTestId('lab');
  await lab.getByRole('button', { name: 'Sample questions (lighthouses)' }).click();
  await expect(lab.getByTestId('lab-questions-loaded')).toBeVisible();
  await lab.getByRole('checkbox', { name: /Lighthouses/ }).check();
  await lab.getByRole('checkbox', { name: /Brightwater/ }).uncheck();
  await lab.getByRole('checkbox', { name: 'Sweep fixed sizes' }).check();
  await lab.getByLabel('Sweep sizes').fill('200, 400');
  await lab.getByLabel('Sweep overlaps').fill('0, 0.25');
  await lab.getByRole('button', { name: /^Compare \d+ chunkings$/ }).click();
  await expect(lab.getByTestId('lab-results')).toBeVisible({ timeout: 60_000 });
  await visit('lab');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await visit('settings');
}
