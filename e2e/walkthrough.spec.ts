import { test, expect } from '@playwright/test';
import { collectPageErrors, openApp, waitForJobs } from './helpers';

test('the walk-through follows a sample question stage by stage, and the lab compares chunkings on the sample document', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openApp(page);

  // Walk-through: the sample document is added from public/samples.
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await page.getByRole('button', { name: 'Add the sample document and start' }).click();
  await waitForJobs(page);
  const walk = page.getByTestId('walkthrough');
  const step = walk.getByTestId('walk-step');
  const next = walk.getByRole('button', { name: 'Next →' });
  await expect(step).toContainText('Step 1 of 8: Sentences and their similarities');
  await expect(walk.locator('svg')).toBeVisible();

  await next.click();
  await expect(step).toContainText('Chunks');
  await expect.poll(() => walk.getByTestId('walk-chunks').locator('li').count()).toBeGreaterThan(1);

  await next.click();
  await expect(step).toContainText('The question');
  // The question must be asked before the tour can go on.
  await expect(next).toBeDisabled();
  const question = walk.getByLabel('Walk-through question');
  await expect(question.locator('option')).toHaveCount(5);
  await question.selectOption({ label: 'What did the Fresnel lens change?' });
  await walk.getByRole('button', { name: 'Ask it' }).click();
  await expect(walk.getByTestId('walk-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  await next.click();
  await expect(step).toContainText('Candidates');
  await expect.poll(() => walk.getByTestId('walk-candidates').locator('tbody tr').count()).toBeGreaterThan(0);
  await next.click();
  await expect(step).toContainText('Duplicates');
  await expect(walk.getByTestId('walk-duplicates')).toBeVisible();
  await next.click();
  await expect(step).toContainText('Grades and the threshold');
  await expect(walk.getByTestId('grade-histogram')).toBeVisible();
  await next.click();
  await expect(step).toContainText('Segments');
  await expect(walk.getByTestId('walk-segments')).toContainText(/chunks \d+–\d+ \(value/);
  await next.click();
  await expect(step).toContainText('The answer and what it used');
  // Retrieval-only: the answer quotes the document's passage on the Fresnel lens.
  await expect(walk.getByTestId('walk-answer')).toContainText('Fresnel lens');
  await expect(walk.getByTestId('attribution')).toContainText(/uses \d+ of \d+ sources/);
  await expect(next).toBeDisabled();

  // Lab: the sample document with its sample questions, both sweeps.
  await page.getByRole('tab', { name: 'Lab' }).click();
  const lab = page.getByTestId('lab');
  await expect(lab.getByRole('checkbox', { name: /Lighthouses/ })).toBeChecked();
  await expect(lab.getByRole('checkbox', { name: 'LLM boundaries (LlamaChunk)' })).toBeDisabled();
  await lab.getByRole('button', { name: 'Sample questions (lighthouses)' }).click();
  // A loaded question file is shown as a count and a preview, not as raw JSON in the text box.
  const loaded = lab.getByTestId('lab-questions-loaded');
  await expect(loaded).toContainText('5 questions loaded from lighthouses.questions.jsonl');
  await expect(loaded.getByRole('listitem').first()).toContainText('What did the Fresnel lens change?');
  await expect(lab.getByLabel('Lab questions')).toHaveCount(0);
  await expect(lab.getByText('"evidence_text"')).toHaveCount(0);
  await lab.getByLabel('Budget in characters').fill('600');
  await lab.getByRole('checkbox', { name: 'Sweep fixed sizes' }).check();
  await lab.getByLabel('Sweep sizes').fill('200, 400');
  await lab.getByLabel('Sweep overlaps').fill('0, 0.25');
  await lab.getByRole('checkbox', { name: 'Sweep θ' }).check();
  await lab.getByLabel('Sweep θ values').fill('0.5, 0.8, 0.9');
  // The form survives a change of tab.
  await page.getByRole('tab', { name: 'Library' }).click();
  await page.getByRole('tab', { name: 'Lab' }).click();
  await expect(loaded).toContainText('5 questions loaded');
  await expect(lab.getByLabel('Sweep θ values')).toHaveValue('0.5, 0.8, 0.9');
  await lab.getByRole('button', { name: /^Compare \d+ chunkings$/ }).click();
  const results = lab.getByTestId('lab-results');
  await expect(results).toBeVisible({ timeout: 60_000 });
  await expect(results).toContainText('5 questions');

  const rows = results.getByTestId('lab-row');
  await expect(rows).toHaveCount(2);
  for (const label of ['fixed500/50', 'semantic P90']) {
    const row = results.locator(`[data-testid="lab-row"][data-label="${label}"]`);
    const retrieval = Number(await row.getByTestId('lab-retrieval').textContent());
    expect(retrieval).toBeGreaterThan(0);
    expect(retrieval).toBeLessThanOrEqual(1);
    expect(Number.parseFloat((await row.getByTestId('lab-signal').textContent()) ?? '')).toBeGreaterThan(0);
  }
  await expect(results.getByTestId('lab-best')).toHaveText(/^(fixed|semantic)/);
  await expect(results.getByTestId('lab-best-fixed')).toHaveText(/^fixed(200|400)\/(0|50|100)$/);
  await expect(results.getByTestId('lab-best-theta')).toHaveText(/^semantic θ0\.(5|8|9)$/);
  await expect(results.getByTestId('lab-scatter').locator('circle').first()).toBeVisible();
  await expect(results.getByTestId('lab-lengths')).toBeVisible();
  await expect(results.getByTestId('sweep-grid').locator('tbody tr')).toHaveCount(2);
  await expect(results.getByTestId('theta-plot')).toBeVisible();
  expect(errors).toEqual([]);
});
