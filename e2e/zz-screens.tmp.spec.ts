import { test, expect } from '@playwright/test';
import { addFiles, ask, fixture, openApp, waitForAnswer, waitForJobs } from './helpers';

for (const [w, h] of [
  [1400, 900],
  [390, 844],
]) {
  test(`screens ${w}`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: w, height: h });
    await openApp(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: /^Use SmolLM2/ }).click();
    await page.screenshot({ path: `/tmp/shots2/settings-${w}.png` });
    await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'ready', { timeout: 180_000 });
    await page.getByRole('tab', { name: 'Library' }).click();
    await addFiles(page, fixture('notes.md'));
    await waitForJobs(page);
    await addFiles(page, fixture('notes.md'));
    await expect(page.locator('[data-testid="job"][data-status="duplicate"]')).toBeVisible();
    await page.screenshot({ path: `/tmp/shots2/library-${w}.png`, fullPage: true });
    await ask(page, 'How many hives does the orchard apiary hold, and when is the honey harvested each year by the beekeepers of the valley?');
    await waitForAnswer(page, 480_000);
    await page.screenshot({ path: `/tmp/shots2/answer-${w}.png` });
    await page.getByRole('tab', { name: 'Chunk inspector' }).click();
    await page.screenshot({ path: `/tmp/shots2/inspector-${w}.png` });
  });
}
