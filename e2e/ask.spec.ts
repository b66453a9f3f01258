import { test, expect, type Page } from '@playwright/test';
import { addFiles, ask, chooseTinyLlm, collectPageErrors, documentRows, fixture, openApp, setPipelineNumber, waitForAnswer, waitForJobs } from './helpers';

async function addNotes(page: Page) {
  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
}

/** Clicks a citation or source, checks that the source viewer shows that chunk in its document, and goes on to the inspector. */
async function opensItsChunk(page: Page, open: ReturnType<Page['getByTestId']>) {
  const chunkId = await open.getAttribute('data-chunk');
  expect(chunkId).toBeTruthy();
  const row = page.locator(`[data-testid="pipeline-row"][data-chunk="${chunkId}"]`);
  const rowText = ((await row.getByTestId('row-text').textContent()) ?? '').replace(/…$/, '').trim();
  expect(rowText.length).toBeGreaterThan(0);
  await open.click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toHaveAttribute('data-chunk', chunkId!);
  await expect(viewer.getByTestId('source-passage')).toContainText(rowText.slice(0, 60));
  // notes.md has no pages: its text is shown with the passage marked.
  await expect(viewer.getByTestId('highlight')).toContainText(rowText.slice(0, 60));
  await viewer.getByRole('button', { name: 'Show its chunks in the inspector' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Chunk inspector' })).toHaveAttribute('aria-selected', 'true');
  const focused = page.getByTestId('focused-chunk');
  await expect(focused).toBeVisible();
  await expect(focused).toBeInViewport();
  await expect(focused).toHaveAttribute('data-chunk', chunkId!);
  await expect(focused).toContainText(rowText.slice(0, 60));
}

test('retrieval-only: the pipeline table fills and a citation opens its chunk in its document, then in the inspector', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');
  await addNotes(page);
  await ask(page, 'When are the varroa mites treated?');
  expect(await waitForAnswer(page)).toBe('done');

  await expect(page.getByTestId('ask-mode')).toContainText('Retrieval-only (no language model)');
  const rows = page.getByTestId('pipeline-row');
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await page.locator('[data-testid="pipeline-row"][data-verdict="kept"]').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('extractive-note')).toBeVisible();
  // the extractive answer quotes its sources: attribution says which, in a user's words
  await expect(page.getByTestId('attribution')).toContainText(/^The answer quotes [1-9]\d* of the \d+ sources? below/);
  await expect(page.getByTestId('source-use').first()).toHaveText(/^(quoted|says much the same|not quoted)$/);
  await expect(page.getByTestId('grade-histogram')).toContainText('μ =');
  // The entry lookup runs too (no manual entry is named here) before the sentence is read.
  await expect(page.getByTestId('stage-row')).toHaveCount(13);
  await expect(page.getByTestId('total-calls')).toHaveText('0');

  const answer = page.getByTestId('answer');
  await expect(answer).toContainText('oxalic acid');
  // "When …" asks for a date or a time: the month is read from the sentence (the reading stage answered, so no figure stage ran); a
  // span is not precise enough on fresh data to be stated, so the answer offers the sentence it was read from.
  await expect(answer).toHaveText(/^Sieve found no sentence it can vouch for\. The closest says “Varroa mites are treated with oxalic acid in December/);
  const citation = answer.getByTestId('citation').first();
  await expect(citation).toBeVisible();
  const source = await citation.getAttribute('data-source');
  await expect(page.locator(`[data-testid="pipeline-row"][data-source="${source}"]`)).toHaveAttribute('data-verdict', 'kept');
  await opensItsChunk(page, citation);
});

test('retrieval-only with relevant segments: runs of adjacent chunks become the sources, plotted along the document', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel(/Give the answer runs of adjacent chunks/).check();
  await page.getByLabel('Segment preset').selectOption('find-everything');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await addNotes(page);
  await ask(page, 'When are the varroa mites treated?');
  expect(await waitForAnswer(page)).toBe('done');

  await expect(page.locator('[data-testid="stage-row"][data-stage="segments"]')).toBeVisible();
  await expect(page.getByTestId('segment-plot')).toBeVisible();
  expect(await page.getByTestId('segments').locator('li').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('sources').locator('li').first()).toContainText('segment of');
  // a citation in the text names the same place as its source's line in the list
  const citation = page.getByTestId('answer').getByTestId('citation').first();
  const n = await citation.getAttribute('data-source');
  const line = (await page.locator(`[data-testid="sources"] li:has([data-source="${n}"]) .muted`).first().textContent())!.trim();
  expect(await citation.getAttribute('title')).toContain(line);
  await opensItsChunk(page, page.getByTestId('source').first());
});

test('with the tiny transformers.js model: grades, a streamed answer, stage usage, and sources that open', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await chooseTinyLlm(page);
  // Noise grades sit near each other: a zero floor keeps the best of them, so there are sources to open.
  await setPipelineNumber(page, 'Lowest grade a chunk may have and still be used', 0);
  // ChunkRAG's way: the model grades every candidate (off by default, where the model only works on the chosen passages).
  await page.getByLabel(/Let the LLM choose the passages/).check();
  // And it writes its checked sentences (off by default, where it only picks).
  await page.getByLabel('What the LLM writes').selectOption('reader');
  // The tiny random-weight cross-encoder orders the kept chunks.
  await page.getByLabel(/Order kept chunks with a reranker model/).check();
  await page.getByLabel('Reranker model name').fill('sieve/tiny-cross-encoder');
  await page.getByLabel('Reranker weights from').selectOption('local');
  await page.getByLabel('Reranker runs on').selectOption('wasm');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await addNotes(page);

  await ask(page, 'How many hives does the orchard apiary hold?');
  await expect(page.getByTestId('ask-status')).toHaveAttribute('data-status', 'running');
  expect(await waitForAnswer(page)).toBe('done');

  await expect(page.getByTestId('ask-mode')).toContainText('sieve/tiny-causal-lm');
  const rows = page.locator('[data-testid="pipeline-row"]:not([data-verdict="duplicate"])');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const base of await rows.getByTestId('grade-base').allTextContents()) expect(base).toMatch(/\d\.\d\d/);
  expect(((await page.getByTestId('answer').textContent()) ?? '').trim().length).toBeGreaterThan(0);

  await expect(page.locator('[data-testid="stage-row"][data-stage="answer"]')).toBeVisible();
  await expect(page.locator('[data-testid="stage-row"][data-stage="rerank"]')).toContainText('sieve/tiny-cross-encoder');
  expect(Number(await page.locator('[data-testid="stage-row"][data-stage="grade"]').getByTestId('stage-calls').textContent())).toBeGreaterThan(0);
  expect(Number(await page.locator('[data-testid="stage-row"][data-stage="answer"]').getByTestId('stage-generated').textContent())).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('total-calls').textContent())).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('total-generated').textContent())).toBeGreaterThan(0);

  const count = await page.getByTestId('source').count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await page.getByRole('tab', { name: 'Ask' }).click();
    await opensItsChunk(page, page.getByTestId('source').nth(i));
  }
  await expect(page.locator('.notice.error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('with the tiny model as retriever: the cost is shown first, then the model judges every chunk', async ({ page }) => {
  await openApp(page);
  await chooseTinyLlm(page);
  await page
    .getByRole('navigation', { name: 'Settings groups' })
    .getByRole('link', { name: /^Advanced/ })
    .click();
  await page.getByRole('combobox', { name: 'Let the language model read the chunks itself' }).selectOption('primary');
  await page.getByLabel('Judge by').selectOption('logprob');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await addNotes(page);
  await page.getByRole('tab', { name: 'Ask' }).click();
  await expect(page.getByTestId('judge-estimate')).toContainText(/the model will read all \d+ chunks of your 1 document/);
  await ask(page, 'How many hives does the orchard apiary hold?');
  expect(await waitForAnswer(page)).toBe('done');
  const judge = page.locator('[data-testid="stage-row"][data-stage="judge"]');
  await expect(judge).toBeVisible();
  expect(Number(await judge.getByTestId('stage-calls').textContent())).toBeGreaterThan(0);
  // every chunk of the document is a row, and every non-duplicate one was judged
  const rows = page.locator('[data-testid="pipeline-row"]:not([data-verdict="duplicate"])');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const reason of await rows.getByTestId('row-reason').allTextContents()) expect(reason).toMatch(/the LLM judged it/);
});

test('a streaming answer can be cancelled, and the app then answers retrieval-only', async ({ page }) => {
  await openApp(page);
  await chooseTinyLlm(page);
  // A long answer keeps the question running long enough to cancel it: the model writes over every kept chunk.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('What the LLM writes').selectOption('writer');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await setPipelineNumber(page, 'Longest answer (tokens)', 4096);
  await addNotes(page);

  await ask(page, 'What colour are the hives painted?');
  // The answer streams: text is there while the question is still running.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const status = document.querySelector('[data-testid="ask-status"]')?.getAttribute('data-status');
        const answer = document.querySelector('[data-testid="answer"]')?.textContent ?? '';
        return status === 'running' && answer.trim().length > 0 ? 'streaming' : status;
      }),
    )
    .toBe('streaming');
  await expect(page.getByTestId('ask-status')).toContainText('Writing the answer');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('ask-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('ask-status')).toHaveText('Cancelled.');
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeEnabled();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('None — retrieval-only').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');

  await ask(page, 'What colour are the hives painted?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('ask-mode')).toContainText('Retrieval-only');
  await expect(page.getByTestId('answer').getByTestId('citation').first()).toBeVisible();
  await expect(page.locator('.notice.error')).toHaveCount(0);
});
