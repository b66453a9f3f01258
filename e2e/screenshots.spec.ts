import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { collectPageErrors } from './helpers';
import { SIZES, tourEveryTab } from './tour';

/**
 * The screenshot suite: every tab, in a state worth looking at, at 1400 × 900 and 390 × 844.
 * Each stop is saved twice under test-results/screenshots/ (SIEVE_SCREENSHOTS moves them): the
 * window as a user first sees it, and the whole page. Playwright clears test-results/ when a run
 * starts, not when it ends, so CI keeps the last run's as artefacts. They are for a person to
 * look at; the test itself fails only when a stop cannot be reached or the page throws.
 */
const DIR = process.env.SIEVE_SCREENSHOTS ?? 'test-results/screenshots';

for (const size of SIZES) {
  test(`screenshots of every tab at ${size.width} × ${size.height}`, async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectPageErrors(page);
    mkdirSync(DIR, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    const taken: string[] = [];
    await tourEveryTab(page, async (stop) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = `${stop}-${size.width}`;
      await page.screenshot({ path: `${DIR}/${name}.png` });
      await page.screenshot({ path: `${DIR}/${name}-full.png`, fullPage: true });
      taken.push(name);
    });
    expect(taken).toEqual(
      ['library', 'search', 'source-viewer', 'ask', 'inspector', 'walkthrough-1', 'walkthrough-4', 'walkthrough-6', 'walkthrough-8', 'lab', 'settings'].map(
        (s) => `${s}-${size.width}`,
      ),
    );
    expect(errors).toEqual([]);
  });
}
