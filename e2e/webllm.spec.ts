import { test, expect } from '@playwright/test';
import { addFiles, ask, documentRows, fixture, openApp, waitForAnswer, waitForJobs } from './helpers';

// No GPU and no network here: WebLLM cannot load, and the app must say why and keep working.
test('a WebLLM model that cannot load fails clearly, and retrieval-only takes over', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('WebLLM (WebGPU)').check();

  const picker = page.getByLabel('WebLLM model');
  const unavailable = page.getByTestId('webllm-unavailable');
  await expect(picker.or(unavailable).first()).toBeVisible();
  // Wait until the list has been read (or found impossible to read).
  await expect(page.getByText('Reading the WebLLM model list…')).toHaveCount(0);
  let modelId: string;
  if ((await picker.evaluate((el) => el.tagName)) === 'SELECT') {
    const options = picker.locator('option');
    expect(await options.count()).toBeGreaterThan(0);
    await expect(options.first()).toContainText('GB of GPU memory');
    modelId = (await options.first().getAttribute('value'))!;
    await picker.selectOption(modelId);
  } else {
    await expect(unavailable).toContainText('WebGPU');
    modelId = await picker.inputValue();
  }
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'failed', { timeout: 150_000 });

  await page.getByRole('tab', { name: 'Ask' }).click();
  const box = page.getByTestId('llm-error');
  await expect(box).toBeVisible();
  await expect(box).toContainText(modelId);
  await expect(box).toContainText(/WebGPU|GPU|network|fetch|download|cache|load/i);
  await box.getByRole('button', { name: 'Choose another engine' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Ask' }).click();
  await box.getByRole('button', { name: 'Use retrieval-only' }).click();
  await expect(page.getByTestId('llm-status')).toHaveAttribute('data-state', 'none');
  await expect(page.getByTestId('llm-error')).toHaveCount(0);
  await expect(page.getByTestId('ask-mode')).toContainText('Retrieval-only (no language model)');

  await page.getByRole('tab', { name: 'Library' }).click();
  await addFiles(page, fixture('notes.md'));
  await waitForJobs(page);
  await expect(documentRows(page)).toHaveCount(1);
  await ask(page, 'How much did a jar of honey sell for?');
  expect(await waitForAnswer(page)).toBe('done');
  await expect(page.getByTestId('answer').getByTestId('citation').first()).toBeVisible();
  expect(await page.locator('[data-testid="pipeline-row"][data-verdict="kept"]').count()).toBeGreaterThan(0);
});
