/** Driving the built app in Chromium from the benchmark scripts. */
import type { Page } from 'playwright-core';

/** Adds a file through the file picker and waits until the library lists `count` documents; a failed job throws its error. */
export async function addAndWait(page: Page, path: string, count: number, polling = 250): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(path);
  await page.waitForFunction(
    (count) => {
      const s = (window as unknown as { __sieveStore: { get(): { documents: unknown[]; jobs: Array<{ status: string; error?: string }> } } }).__sieveStore.get();
      const failed = s.jobs.find((j) => j.status === 'failed');
      if (failed) throw new Error(failed.error);
      return s.documents.length === count;
    },
    count,
    { timeout: 600_000, polling },
  );
}
