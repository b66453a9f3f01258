/** Helpers for the end-to-end tests of figures computed from table cells (the figure card in the Ask view). */
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ask, waitForAnswer } from './helpers';

/** Screenshots of the answered question (SIEVE_SCREENSHOTS moves them, as for e2e/screenshots.spec.ts). */
const SHOTS = process.env.SIEVE_SCREENSHOTS ?? 'test-results/screenshots';

/** Writes generated fixtures into a fresh temporary folder and returns their paths by file name. */
export function writeFixtures(files: Array<{ fileName: string; bytes: Uint8Array | string }>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'sieve-figures-'));
  const paths: Record<string, string> = {};
  for (const f of files) {
    paths[f.fileName] = join(dir, f.fileName);
    writeFileSync(paths[f.fileName], f.bytes);
  }
  return paths;
}

/** What the figure stage of the pipeline table says it did (why no figure, when there is none). */
export async function figureStageDetail(page: Page): Promise<string> {
  const row = page.locator('[data-testid="stage-row"][data-stage="figure"]');
  if ((await row.count()) === 0) return '(no figure stage row)';
  return ((await row.locator('td.detail').textContent()) ?? '').trim();
}

/**
 * Asks a question, waits until it is answered, and returns the figure card (failing with the
 * figure stage's detail and the answer when there is none). `shot` names a screenshot of the
 * answered question taken first, whatever it shows.
 */
export async function askForFigure(page: Page, question: string, shot?: string): Promise<Locator> {
  await ask(page, question);
  expect(await waitForAnswer(page)).toBe('done');
  if (shot) await answerShot(page, shot);
  const card = page.getByTestId('figure');
  if ((await card.count()) === 0) {
    const answer =
      (await page
        .getByTestId('answer')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => '')) ?? '';
    const why = `no figure card for "${question}"; figure stage: ${await figureStageDetail(page)}; answer: ${answer.slice(0, 300)}`;
    expect(card, why).toHaveCount(1, { timeout: 1 });
  }
  await expect(card).toBeVisible();
  return card;
}

/** The headline matches; when it does not, the failure names what the figure stage did. The card is final once the answer is done: no long wait. */
export async function expectHeadline(page: Page, card: Locator, expected: RegExp) {
  const headline = card.getByTestId('figure-headline');
  const actual = ((await headline.textContent()) ?? '').trim();
  const why = expected.test(actual) ? 'headline' : `headline "${actual}"; figure stage: ${await figureStageDetail(page)}`;
  await expect(headline, why).toHaveText(expected, { timeout: 5_000 });
}

/** The figure card comes first: above the answer text and the sources, when they are shown. */
export async function expectFigureFirst(page: Page, card: Locator) {
  const top = (await card.boundingBox())!.y;
  for (const id of ['answer', 'sources']) {
    const other = page.getByTestId(id).first();
    if ((await other.count()) === 0 || !(await other.isVisible())) continue;
    expect((await other.boundingBox())!.y, `${id} below the figure card`).toBeGreaterThan(top);
  }
}

/** Opens "How Sieve computed it" and checks one of its lines reads `line` exactly ("FY2023: 4,812 ÷ 3,105 = 1.55", no leading "= "). */
export async function expectComputation(card: Locator, line: string) {
  const details = card.getByTestId('figure-computation');
  await expect(details).toBeVisible();
  await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  await expect(details.getByText(line, { exact: true })).toHaveCount(1);
}

/** The input button whose label is `label`, and the list item it sits in. */
export function figureInput(card: Locator, label: string): { button: Locator; item: Locator } {
  const button = card.getByTestId('figure-input').filter({ hasText: label });
  // `has` is queried inside each item, so it starts from the page, not from the card.
  return { button, item: card.locator('li').filter({ has: card.page().getByTestId('figure-input').filter({ hasText: label }) }) };
}

/** Screenshots of the answered question at the window's size, the figure card in view: `figure-<name>-<width>.png` and the whole page. */
export async function figureShots(page: Page, card: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()!.width;
  await page.evaluate(() => window.scrollTo(0, 0));
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/figure-${name}-${width}.png` });
  await page.screenshot({ path: `${SHOTS}/figure-${name}-${width}-full.png`, fullPage: true });
}

/** A screenshot of the window as it is, `answer-<name>-<width>.png`. */
export async function answerShot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/answer-${name}-${page.viewportSize()!.width}.png` });
}

/** Nothing of the page reaches past the window's right edge (at phone size). */
export async function expectNoSidewaysScroll(page: Page, card: Locator) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page scroll width').toBeLessThanOrEqual(width);
  const right = await card.evaluate((c) => Math.max(c.getBoundingClientRect().right, ...[...c.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
  expect(right, 'rightmost edge of the figure card').toBeLessThanOrEqual(width);
}
