import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { collectPageErrors, openApp } from './helpers';
import { SIZES, pastTheEdge, sideways, tourEveryTab } from './tour';

/** Buttons on the page that share their accessible name with another (a screen reader could not tell them apart). */
async function sameNamedButtons(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const seen = new Map<string, number>();
  for (const m of snapshot.matchAll(/- button "([^"]*)"/g)) seen.set(m[1], (seen.get(m[1]) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name, n]) => `${n} buttons named "${name}"`);
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

for (const size of SIZES) {
  test(`every tab at ${size.width} × ${size.height}: no serious or critical axe violation, no two buttons named alike, and nothing scrolls sideways`, async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    const found: Record<string, string[]> = {};
    await tourEveryTab(page, async (stop) => {
      const problems = await seriousViolations(page);
      problems.push(...(await sameNamedButtons(page)));
      if ((await sideways(page)) > 0) problems.push(`scrolls sideways: ${(await pastTheEdge(page)).join('; ')}`);
      if (problems.length) found[stop] = problems;
    });
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  });
}

test('the tabs follow the ARIA tabs pattern: one tab stop, arrows, Home and End, and a labelled panel', async ({ page }) => {
  await openApp(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(7);
  const library = page.getByRole('tab', { name: 'Library' });
  await expect(library).toHaveAttribute('aria-selected', 'true');
  // Only the selected tab is in the Tab order.
  await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveAttribute('aria-labelledby', (await library.getAttribute('id'))!);
  await expect(library).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!);

  await library.focus();
  await page.keyboard.press('ArrowRight');
  const askTab = page.getByRole('tab', { name: 'Ask' });
  await expect(askTab).toBeFocused();
  await expect(askTab).toHaveAttribute('aria-selected', 'true');
  await expect(library).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel', { name: 'Ask' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Settings' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(library).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(library).toBeFocused();
  await expect(library).toHaveAttribute('aria-selected', 'true');
  expect(collectPageErrors(page)).toEqual([]);
});

test('plot points are reached with the keyboard and read out: one Tab stop per plot, arrows move between points', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await page.getByRole('button', { name: 'Add the sample document and start' }).click();
  const walk = page.getByTestId('walkthrough');
  const plot = walk.getByRole('group', { name: /^Similarity between consecutive sentences/ });
  await expect(plot).toBeVisible({ timeout: 120_000 });
  // One point of the plot is in the Tab order; the others are reached with the arrow keys.
  await expect(plot.locator('[tabindex="0"]')).toHaveCount(1);
  const first = plot.getByRole('img', { name: /^Sentences 1 to 2: cosine \d\.\d{3}/ });
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(plot.getByRole('img', { name: /^Sentences 2 to 3: cosine/ })).toBeFocused();
  await page.keyboard.press('End');
  const last = await plot.locator('circle').count();
  await expect(plot.getByRole('img', { name: new RegExp(`^Sentences ${last} to ${last + 1}:`) })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await expect(plot.locator('[tabindex="0"]')).toHaveCount(1);
});
