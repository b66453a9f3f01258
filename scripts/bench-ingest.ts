/**
 * Ingests one document in headless Chromium through the real app and prints where the time
 * and memory went.
 *   npm run bench:ingest -- <file> [--json out.json] [--reload-docs 10] [--port 4180] [--embedder <id>]
 * --embedder: use-lite (default) or a transformers.js model fetched by `npm run models`, which
 * the app then loads from /models/ as a user would choose it in Settings.
 * With --reload-docs N the file is added N times (later copies hit the embedding cache) and
 * the page is reloaded to time reload-to-ready with N documents stored.
 */
import { writeFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startPreview } from './preview-server';
import { addAndWait } from './app-driver';
import { EMBEDDER_OPTIONS, findLocalModel } from './embedder';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'string' },
    'reload-docs': { type: 'string' },
    port: { type: 'string', default: '4180' },
    query: { type: 'string', default: 'revenue' },
    ...EMBEDDER_OPTIONS,
  },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run bench:ingest -- <file.pdf> [--json out.json] [--reload-docs 10]');
  process.exit(2);
}
statSync(file);
const port = Number(values.port);
const { url, stop } = await startPreview(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'],
});
try {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
  const embedderId = values.embedder ?? 'use-lite';
  if (embedderId !== 'use-lite') {
    const { entry } = findLocalModel(embedderId, 'embedder');
    const embedder = {
      kind: 'transformers',
      modelId: entry.id,
      source: 'local',
      localBaseUrl: '/models/',
      device: 'auto',
      ...(entry.dtype ? { dtype: entry.dtype } : {}),
      ...(entry.pooling ? { pooling: entry.pooling } : {}),
    };
    const t = performance.now();
    await page.evaluate(
      (e) => (window as unknown as { __sieveStore: { models: { updateSettings(p: unknown): Promise<void> } } }).__sieveStore.models.updateSettings({ embedder: e }),
      embedder,
    );
    await page.waitForFunction(
      (id) => {
        const m = (window as unknown as { __sieveStore: { get(): { model: { state: string; id?: string; error?: string } } } }).__sieveStore.get().model;
        if (m.state === 'failed') throw new Error(m.error);
        return m.state === 'ready' && !!m.id?.includes(id);
      },
      entry.id,
      { timeout: 300_000, polling: 250 },
    );
    console.error(`${entry.id}: loaded in the app in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }

  const peak = trackPeakMemory(page);
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
  const drop = Date.now();
  const firstIngest = ingest(page, file, 1);
  const keywordSearchableMs = await searchableByKeyword(page, values.query!, drop);
  const result = await firstIngest;
  const fullyEmbeddedMs = Date.now() - drop;
  const memory = await peak.stop();
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

  const report: Record<string, unknown> = {
    file: basename(file),
    embedder: embedderId,
    pages: result.doc.pageCount,
    chars: result.doc.charCount,
    sentences: result.doc.sentenceCount,
    chunks: result.doc.chunkCount,
    dropToKeywordSearchableMs: round(keywordSearchableMs),
    dropToFullyEmbeddedMs: round(fullyEmbeddedMs),
    parseMs: round(result.timings.parseMs),
    prefetchedTexts: result.timings.prefetchedTexts,
    embedMs: round(result.timings.embedMs),
    chunkEmbedMs: round(result.timings.chunkEmbedMs),
    sentencesPerSec: round(result.doc.sentenceCount / ((result.timings.embedMs - result.timings.chunkEmbedMs) / 1000)),
    chunkMs: round(result.timings.chunkMs),
    indexMs: round(result.timings.indexMs),
    persistMs: round(result.timings.persistMs),
    totalMs: round(result.timings.totalMs),
    longestMainThreadTaskMs: round(Math.max(0, ...longTasks)),
    peakJsHeapMB: round(memory.peakMB),
    memoryNote: memory.note,
  };

  const n = Number(values['reload-docs'] ?? 0);
  if (n > 1) {
    for (let i = 2; i <= n; i++) await ingest(page, file, i);
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      await page.reload();
      await page.waitForFunction((count) => document.querySelectorAll('[data-testid=document-row]').length === count, n, { timeout: 60_000 });
      times.push(await page.evaluate(() => (window as unknown as { __sieveStore: { get(): { readyAt: number } } }).__sieveStore.get().readyAt));
    }
    report.reloadDocs = n;
    report.reloadToReadyMs = round(median(times));
    report.reloadToReadyRunsMs = times.map(round);
  }
  console.log(JSON.stringify(report, null, 2));
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
} finally {
  await browser.close();
  stop();
}

interface DocRecord {
  pageCount: number;
  charCount: number;
  sentenceCount: number;
  chunkCount: number;
}

async function ingest(page: Page, path: string, expectedDocs: number) {
  await addAndWait(page, path, expectedDocs);
  return page.evaluate(() => {
    const store = (window as unknown as { __sieveStore: { get(): { documents: DocRecord[] }; lastIngest: { timings: Record<string, number> } } }).__sieveStore;
    return { doc: store.get().documents.at(-1)!, timings: store.lastIngest.timings };
  });
}

/**
 * Milliseconds from the drop until a search for `query` returns a chunk of the document still
 * being embedded (found by keyword), measured from the Node side with 50 ms polling.
 */
async function searchableByKeyword(page: Page, query: string, drop: number): Promise<number> {
  type Store = {
    get(): { jobs: Array<{ searchable?: number; status: string; error?: string }>; search?: { hits: Array<{ embedding?: true }> } };
    questions: { search(q: string, o: object): Promise<void> };
  };
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __sieveStore: Store }).__sieveStore.get();
      const failed = s.jobs.find((j) => j.status === 'failed');
      if (failed) throw new Error(failed.error);
      return s.jobs.some((j) => j.searchable !== undefined);
    },
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  const ready = Date.now() - drop;
  const found = await page.evaluate(async (q) => {
    const store = (window as unknown as { __sieveStore: Store }).__sieveStore;
    await store.questions.search(q, {});
    return store.get().search?.hits.filter((h) => h.embedding).length ?? 0;
  }, query);
  if (found === 0) throw new Error(`the document was announced searchable, but a search for "${query}" found none of its chunks (pass --query with a word it contains)`);
  return ready;
}

/** Polls memory of the page and its workers (measureUserAgentSpecificMemory needs cross-origin isolation). */
function trackPeakMemory(page: Page) {
  let peak = 0;
  let note = 'performance.measureUserAgentSpecificMemory: page + workers';
  let running = true;
  const loop = (async () => {
    while (running) {
      const bytes = await page
        .evaluate(async () => {
          const p = performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }>; memory?: { usedJSHeapSize: number } };
          if (p.measureUserAgentSpecificMemory) return (await p.measureUserAgentSpecificMemory()).bytes;
          return -(p.memory?.usedJSHeapSize ?? 0);
        })
        .catch(() => 0);
      if (bytes < 0) note = 'performance.memory: main thread only';
      peak = Math.max(peak, Math.abs(bytes));
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { peakMB: peak / 1024 / 1024, note };
    },
  };
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function round(x: number) {
  return Math.round(x * 10) / 10;
}
