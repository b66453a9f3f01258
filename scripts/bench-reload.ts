/**
 * Reload-to-searchable in headless Chromium with a large library: writes N synthetic filings
 * (scripts/synthetic-filings.ts, random 512-d unit vectors named as USE-lite's) into an export
 * archive, imports it through the app's Import button, then reloads the page three times and
 * reads when the library was open (from navigation start), and how long the first search took.
 * The filings go in as archives of at most 50 (one archive is held in memory whole while it is
 * imported), one after another.
 *   npm run build && npx tsx scripts/bench-reload.ts [--docs 50] [--per-doc 2000] [--port 4185]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { encodeArchive } from '../src/core/backup';
import type { DocumentBundle } from '../src/core/kb/records';
import { withDefaults } from '../src/core/settings';
import { DEFAULT_CHUNKER } from '../src/core/types';
import { median } from '../src/core/eval/grader';
import { startPreview } from './preview-server';
import { lcg, randomUnitRows, syntheticFilings } from './synthetic-filings';

const { values } = parseArgs({
  options: { docs: { type: 'string', default: '50' }, 'per-doc': { type: 'string', default: '2000' }, port: { type: 'string', default: '4185' } },
});
const docs = Number(values.docs);
const perDoc = Number(values['per-doc']);
const DIM = 512;
const EMBEDDER = 'use-lite-512';
const rand = lcg(5);

function filing(k: number): DocumentBundle {
  const [{ chunks: raw }] = syntheticFilings(perDoc, perDoc, 2000 + k).documents;
  const docId = `filing-${k}`;
  let text = '';
  const chunks = raw.map((c) => {
    const start = text.length;
    text += c.text + '\n\n';
    return { ...c, id: `${docId}#${c.index}`, docId, start, end: start + c.text.length };
  });
  const name = `filing-${k}.txt`;
  return {
    document: {
      id: docId, name, kind: 'text', mime: 'text/plain', size: text.length, addedAt: k, title: chunks[0].header?.split(' › ')[0] ?? name,
      charCount: text.length, pageCount: 0, sentenceCount: 0, chunkCount: chunks.length, chunker: DEFAULT_CHUNKER, embedderId: EMBEDDER, warnings: [], indexVersion: 4,
    },
    file: { docId, bytes: new TextEncoder().encode(text).buffer as ArrayBuffer, mime: 'text/plain' },
    text: { docId, text, pages: [], sections: [], sentences: [], neighbourSims: new Float32Array(0) },
    chunks: { docId, chunks },
    vectors: { docId, embedderId: EMBEDDER, dim: DIM, data: randomUnitRows(chunks.length, DIM, rand) },
  };
}

const BATCH = 50;
mkdirSync('.cache', { recursive: true });
const archives: string[] = [];
let t = performance.now();
for (let from = 1; from <= docs; from += BATCH) {
  const bundles = Array.from({ length: Math.min(BATCH, docs - from + 1) }, (_, i) => filing(from + i));
  const archive = await encodeArchive({ settings: withDefaults(undefined), bundles }, { appVersion: 'bench' });
  const path = join('.cache', `bench-reload-${perDoc}-${from}.sieve`);
  writeFileSync(path, archive);
  archives.push(path);
}
console.log(`${docs} filings × ${perDoc} chunks = ${(docs * perDoc).toLocaleString('en')} chunks in ${archives.length} archives, written in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const { url, stop } = await startPreview(Number(values.port));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
  t = performance.now();
  let expected = 0;
  for (const path of archives) {
    expected = Math.min(docs, expected + BATCH);
    await page.getByTestId('import-input').setInputFiles(path);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=document-row]').length === n, expected, { timeout: 1_800_000, polling: 500 });
  }
  console.log(`import: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const ready: number[] = [];
  const firstSearch: number[] = [];
  for (let r = 0; r < 3; r++) {
    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=document-row]').length === n, docs, { timeout: 300_000 });
    ready.push(await page.evaluate(() => (window as unknown as { __sieveStore: { get(): { readyAt: number } } }).__sieveStore.get().readyAt));
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Search query').fill('capital expenditure goodwill impairment');
    const s = performance.now();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('hit').first().waitFor({ timeout: 120_000 });
    firstSearch.push(performance.now() - s);
    await page.getByRole('tab', { name: 'Library' }).click();
  }
  console.log(`reload to open and searchable (from navigation start): median ${median(ready).toFixed(0)} ms (${ready.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`first search after each reload, click to first hit: median ${median(firstSearch).toFixed(0)} ms (${firstSearch.map((x) => x.toFixed(0)).join(', ')})`);
} finally {
  await browser.close();
  stop();
}
