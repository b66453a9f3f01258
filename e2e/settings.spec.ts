import { expect, test } from '@playwright/test';
import { chooseTinyLlm, collectPageErrors, openApp } from './helpers';

test('settings in five groups, each control once, options that need a language model disabled until one is loaded', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();

  for (const group of ['Models', 'Chunking', 'Search', 'Question pipeline', 'Advanced']) {
    await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  }
  // the weights and the reranker show once (search and questions share them)
  await expect(page.getByLabel('Weight of keyword matches')).toHaveCount(1);
  await expect(page.getByLabel('Weight of similar meaning')).toHaveCount(1);
  await expect(page.getByLabel(/BM25 weight/)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /reranker|cross-encoder/i })).toHaveCount(1);
  // the paper's symbol is a hint beside a plain label
  const duplicate = page.getByLabel('Similarity at which a chunk counts as a duplicate', { exact: true });
  await expect(duplicate).toHaveValue('0.9');
  await expect(duplicate).toHaveAccessibleDescription(/λ_dup/);

  // Models: what is in use, what this site serves (with size), what can be downloaded (size and memory)
  const overview = page.getByTestId('models-overview');
  await expect(overview.locator('[data-role="llm"]')).toContainText('None');
  await expect(page.getByTestId('site-models')).toContainText(/Tiny test causal LM[\s\S]*MB from this site/);
  await expect(page.getByTestId('download-models').locator('li').first()).toContainText(/about \d+ MB download, about \d+ MB of memory/);

  // a model on offer is put to use with one click: saved at once, no Save needed
  await page.getByRole('button', { name: /^Use Tiny test cross-encoder .* as the reranker$/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Order kept chunks with a reranker model' })).toBeChecked();
  await expect(page.getByLabel('Reranker model name')).toHaveValue('sieve/tiny-cross-encoder');
  await expect(page.getByTestId('site-models')).toContainText('In use');
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await page.reload();
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Order kept chunks with a reranker model' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Order kept chunks with a reranker model' }).uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Order kept chunks with a reranker model' })).not.toBeChecked();

  // no language model: rewriting is off and disabled, and says why
  const rewrite = page.getByRole('checkbox', { name: 'Rewrite the question with the LLM before searching' });
  await expect(rewrite).toBeDisabled();
  await expect(rewrite).not.toBeChecked();
  await expect(page.getByText('Needs a language model, and none is loaded: choose one under Models.').first()).toBeVisible();
  await expect(page.getByLabel('Longest answer (tokens)', { exact: true })).toBeDisabled();

  await chooseTinyLlm(page);
  await expect(overview.locator('[data-role="llm"]')).toHaveAttribute('data-state', 'ready');
  await expect(rewrite).toBeEnabled();
  await expect(rewrite).toBeChecked();
  await expect(page.getByLabel('Longest answer (tokens)', { exact: true })).toBeEnabled();
  await expect(page.getByText('Needs a language model, and none is loaded: choose one under Models.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('one save and one reset, with what differs from the defaults, kept after a reload', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const save = page.getByRole('button', { name: 'Save settings' });
  const state = page.getByTestId('settings-state');
  const diff = page.getByTestId('settings-diff');
  await expect(diff).toContainText('Every setting is at its default');
  await expect(save).toBeDisabled();

  const floor = page.getByLabel('Lowest grade a chunk may have and still be used', { exact: true });
  await floor.fill('0.1');
  await page.getByLabel('Fixed size').check();
  await page.getByLabel('Chunk size (characters)').fill('300');
  await expect(state).toHaveAttribute('data-state', 'unsaved');
  await expect(diff).toContainText('3 settings differ from the defaults');
  await diff.locator('summary').click();
  await expect(diff.locator('[data-setting="threshold.floor"]')).toContainText('0.1 (default 0.3)');
  await expect(diff.locator('[data-setting="chunker.size"]')).toContainText('300 (default 500)');
  // the control says its default too
  await expect(floor).toHaveAccessibleDescription(/default: 0\.3/);

  // a value that cannot be saved is said in words and blocks saving
  await page.getByLabel('Overlap between chunks (characters)').fill('300');
  await expect(state).toHaveAttribute('data-state', 'invalid');
  await expect(state).toContainText('The overlap must be smaller than the chunk size.');
  await expect(save).toBeDisabled();
  await page.getByLabel('Overlap between chunks (characters)').fill('30');

  // one setting back to its default, from the list
  await page.getByRole('button', { name: 'use default for Lowest grade a chunk may have and still be used' }).click();
  await expect(floor).toHaveValue('0.3');
  await save.click();
  await expect(state).toHaveAttribute('data-state', 'saved');

  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Chunk size (characters)')).toHaveValue('300');
  await expect(page.getByLabel('Overlap between chunks (characters)')).toHaveValue('30');
  await expect(page.getByTestId('settings-diff')).toContainText('3 settings differ from the defaults');

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByTestId('settings-diff')).toContainText('Every setting is at its default');
  await expect(page.getByRole('radio', { name: /^Semantic/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('settings-state')).toHaveAttribute('data-state', 'saved');
});

test('a language model that fails to load: the promised message and buttons, in a layout that holds', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /GGUF \(llama\.cpp, WASM\)/ }).check();
  await page.getByTestId('gguf-url').fill('/models/nowhere/missing-model.Q4_K_M.gguf');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  // The "In use" row keeps the model's name readable beside a long failure message (it was one letter a line).
  const name = page.getByTestId('models-overview').locator('.loaded-models li').filter({ hasText: 'Language model' }).locator('.name');
  await expect(name).toHaveText('missing-model.Q4_K_M.gguf');
  const box = (await name.boundingBox())!;
  expect(box.width).toBeGreaterThan(150);
  expect(box.height).toBeLessThan(60);
  await page.getByRole('tab', { name: 'Ask' }).click();
  await expect(page.getByText(/The language model missing-model\.Q4_K_M\.gguf could not be loaded\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use retrieval-only' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose another engine' })).toBeVisible();
});
