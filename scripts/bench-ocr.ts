/**
 * Time per page of OCR in headless Chromium, through the real app: adds a scanned PDF several
 * times and times each "OCR page k / n" stage of its job row (rendering the page and
 * recognising it). The first page of the first run also starts the engine (worker, WASM core,
 * language data) and is reported apart.
 *   npx tsx scripts/bench-ocr.ts [file.pdf] [--runs 5] [--port 4181]
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startPreview } from './preview-server';
import { addAndWait } from './app-driver';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '4181' } },
});
const file = positionals[0] ?? 'e2e/fixtures/scanned.pdf';
statSync(file);
const runs = Number(values.runs);
const { url, stop } = await startPreview(Number(values.port));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  // Every change of a job row's stage, with its time.
  await page.addInitScript(() => {
    const w = window as unknown as { __stages: Array<{ t: number; text: string }> };
    w.__stages = [];
    let last = '';
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=job][data-status=running] .stage')?.textContent ?? '';
      if (text !== last) w.__stages.push({ t: performance.now(), text: (last = text) });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(url);
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
  const perPage: number[] = [];
  /** Warm times by page number, for fixtures whose pages hold different amounts of text. */
  const byPage = new Map<number, number[]>();
  let cold = 0;
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => ((window as unknown as { __stages: unknown[] }).__stages.length = 0));
    await addAndWait(page, file, run + 1, 100);
    const stages = await page.evaluate(() => (window as unknown as { __stages: Array<{ t: number; text: string }> }).__stages);
    const timed = stages.flatMap((s, i) => {
      const n = /^OCR page (\d+)/.exec(s.text);
      return n && stages[i + 1] ? [{ page: Number(n[1]), ms: stages[i + 1].t - s.t }] : [];
    });
    if (timed.length === 0) throw new Error(`no OCR stage seen: ${stages.map((s) => s.text).join(' → ')}`);
    if (run === 0) cold = timed.shift()!.ms;
    for (const { page: n, ms } of timed) byPage.set(n, [...(byPage.get(n) ?? []), ms]);
    const times = timed.map((t) => t.ms);
    perPage.push(...times);
    console.error(`run ${run + 1}: ${times.map((t) => t.toFixed(0)).join(', ')} ms/page`);
  }
  const pages = [...byPage].sort(([a], [b]) => a - b).map(([n, ms]) => `page ${n} ${median(ms).toFixed(0)} ms`);
  console.log(
    `${file}: median ${median(perPage).toFixed(0)} ms/page over ${perPage.length} pages (render + recognise, engine warm; ${pages.join(', ')}); first page with engine start ${cold.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  stop();
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
