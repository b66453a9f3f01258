import { test, expect, type Locator, type Page } from '@playwright/test';
import { addFiles, collectPageErrors, fixture, openApp, waitForJobs } from './helpers';

/** The walk-through panel, its step caption and its Next button. */
function walkthrough(page: Page) {
  const walk = page.getByTestId('walkthrough');
  return { walk, step: walk.getByTestId('walk-step'), next: walk.getByRole('button', { name: 'Next →' }) };
}
type Walk = ReturnType<typeof walkthrough>;

async function startWithTheSample(page: Page): Promise<Walk> {
  // Walk-through: the sample document is added from public/samples.
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await page.getByRole('button', { name: 'Add the sample document and start' }).click();
  await waitForJobs(page);
  const w = walkthrough(page);
  await expect(w.step).toContainText('Step 1 of 8: Sentences and their similarities');
  await expect(w.walk.locator('svg')).toBeVisible();
  return w;
}

async function checkChunksAndAskTheQuestion({ walk, step, next }: Walk) {
  await next.click();
  await expect(step).toContainText('Chunks');
  await expect.poll(() => walk.getByTestId('walk-chunks').locator('li').count()).toBeGreaterThan(1);

  await next.click();
  await expect(step).toContainText('The question');
  // The question must be asked before the tour can go on, and the disabled Next says so.
  await expect(next).toBeDisabled();
  await expect(walk.getByTestId('walk-next-why')).toHaveText(/^Ask the question to go on/);
  await expect(next).toHaveAccessibleDescription(/Ask the question to go on/);
  const question = walk.getByLabel('Walk-through question');
  await expect(question.locator('option')).toHaveCount(5);
  await question.selectOption({ label: 'What did the Fresnel lens change?' });
  await walk.getByRole('button', { name: 'Ask it' }).click();
  await expect(walk.getByTestId('walk-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

async function checkCandidatesToSegments({ walk, step, next }: Walk) {
  await next.click();
  await expect(step).toContainText('Candidates');
  await expect.poll(() => walk.getByTestId('walk-candidates').locator('tbody tr').count()).toBeGreaterThan(0);
  await next.click();
  await expect(step).toContainText('Duplicates');
  await expect(walk.getByTestId('walk-duplicates')).toBeVisible();
  await next.click();
  await expect(step).toContainText('Grades and the threshold');
  await expect(walk.getByTestId('grade-histogram')).toBeVisible();
  // The picture agrees with the caption: green (kept) bars right of the threshold line, the others left of it.
  await expect(walk.locator('.walk-text')).toContainText('at or above it (green, right of the line) are kept');
  const geometry = await walk.getByTestId('grade-histogram').evaluate((fig) => ({
    line: Number(fig.querySelector('line.threshold')?.getAttribute('x1')),
    kept: [...fig.querySelectorAll('rect.bar.kept')].map((r) => Number(r.getAttribute('x'))),
    filtered: [...fig.querySelectorAll('rect.bar.filtered')].map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width'))),
  }));
  expect(geometry.kept.length).toBeGreaterThan(0);
  for (const x of geometry.kept) expect(x).toBeGreaterThanOrEqual(geometry.line);
  for (const right of geometry.filtered) expect(right).toBeLessThanOrEqual(geometry.line);
  await next.click();
  await expect(step).toContainText('Segments');
  await expect(walk.getByTestId('walk-segments')).toContainText(/chunks \d+–\d+ \(value/);
}

async function checkTheAnswerAndWhatComesNext(page: Page, { walk, step, next }: Walk) {
  await next.click();
  await expect(step).toContainText('The answer and what it used');
  // Retrieval-only: the answer quotes the document's passage on the Fresnel lens.
  await expect(walk.getByTestId('walk-answer')).toContainText('Fresnel lens');
  await expect(walk.getByTestId('attribution')).toContainText(/The answer quotes \d+ of the \d+ sources? below/);
  await expect(next).toBeDisabled();
  // The last step offers what to do next: the user's own question (on the Ask tab), or removing the sample.
  const end = walk.getByTestId('walk-end');
  await end.getByRole('button', { name: 'Try your own question' }).click();
  await expect(page.getByRole('tab', { name: 'Ask' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Question', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await expect(walk.getByTestId('walk-end').getByRole('button', { name: 'Remove the sample' })).toBeVisible();
}

/** Lab: the sample document with its sample questions, both sweeps. */
async function setUpBothSweeps(page: Page): Promise<Locator> {
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
  return lab;
}

async function checkLabResults(lab: Locator) {
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
}

/** The tour's last step removes the sample it added, and starts over. */
async function removeTheSample(page: Page, { walk }: Walk) {
  await page.getByRole('tab', { name: 'Walk-through' }).click();
  await walk.getByRole('button', { name: 'Remove the sample' }).click();
  await expect(walk.getByRole('button', { name: 'Add the sample document and start' })).toBeVisible();
  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(page.getByTestId('document-row')).toHaveCount(0);
}

test('the walk-through follows a sample question stage by stage, and the lab compares chunkings on the sample document', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openApp(page);

  const tour = await startWithTheSample(page);
  await checkChunksAndAskTheQuestion(tour);
  await checkCandidatesToSegments(tour);
  await checkTheAnswerAndWhatComesNext(page, tour);

  await checkLabResults(await setUpBothSweeps(page));

  await removeTheSample(page, tour);
  expect(errors).toEqual([]);
});

test('a .jsonl question file loaded in the lab shows as a count and a preview, not as raw JSON, and can still be edited as text', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await page.getByRole('tab', { name: 'Lab' }).click();
  const lab = page.getByTestId('lab');
  const lines = Array.from({ length: 41 }, (_, i) =>
    JSON.stringify({
      question: `How many hives are there in row ${i + 1}?`,
      doc_name: 'notes',
      evidence: [{ doc_name: 'notes', evidence_page_num: 0, evidence_text: 'The apiary holds 14 hives.' }],
    }),
  );
  await lab.getByLabel('Lab question file').setInputFiles({ name: 'bench.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(lines.join('\n')) });
  const loaded = lab.getByTestId('lab-questions-loaded');
  await expect(loaded).toContainText('41 questions loaded from bench.jsonl');
  await expect(loaded.getByRole('listitem')).toHaveCount(3);
  await expect(loaded.getByRole('listitem').first()).toContainText('How many hives are there in row 1? — The apiary holds 14 hives.');
  await expect(loaded).toContainText('…and 38 more.');
  await expect(lab.getByText('"doc_name"')).toHaveCount(0);
  await expect(lab.getByRole('button', { name: /^Compare \d+ chunkings$/ })).toBeEnabled();
  // Edit as text: the file's lines, editable.
  await loaded.getByRole('button', { name: 'Edit as text' }).click();
  await expect(lab.getByLabel('Lab questions')).toHaveValue(/row 41/);
  await expect(lab.getByTestId('lab-questions-loaded')).toHaveCount(0);
  expect(errors).toEqual([]);
});
