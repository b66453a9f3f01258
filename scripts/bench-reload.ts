/**
 * Reload-to-searchable in headless Chromium with a large library of synthetic filings
 * (scripts/bench-reload-seed.ts: random 512-d unit vectors named as USE-lite's).
 *
 * The library is stored once in a persistent Chromium profile under .cache, one per size and
 * port (kept between runs: delete the folder to start afresh; a fresh context is off the record,
 * and Chromium refused the 1,000,000-chunk import there as "storage full" at 1.2 GB), either
 *  - `--via seed` (default): written straight into IndexedDB in the page by the app's own store
 *    code, one filing per transaction, the records exactly those an import writes; or
 *  - `--via import`: export archives of 50 filings imported through the app's Import button.
 * Then the page is reloaded `--reloads` times (default 3); each time a search is typed as soon as
 * the Search tab can be used, and the bench reads, from navigation start: when the library was
 * open (the app's readyAt), when the first hit appeared, and when results by meaning replaced
 * the keyword ones.
 *   npm run build && npx tsx scripts/bench-reload.ts [--docs 50] [--per-doc 2000] [--port 4185] [--via seed|import]
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { encodeArchive } from '../src/core/backup';
import { withDefaults } from '../src/core/settings';
import { median } from '../src/core/eval';
import { startPreview } from './preview-server';
import { BENCH_QUESTIONS, lcg } from './synthetic-filings';
import { filing } from './bench-reload-seed';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '50' },
    'per-doc': { type: 'string', default: '2000' },
    port: { type: 'string', default: '4185' },
    via: { type: 'string', default: 'seed' },
    reloads: { type: 'string', default: '3' },
    query: { type: 'string', default: 'capital expenditure goodwill impairment' },
  },
});
const docs = Number(values.docs);
const perDoc = Number(values['per-doc']);
const via = values.via === 'import' ? 'import' : 'seed';
const BATCH = 50;

/** Resident memory of every Chromium process, and of the largest one, in GB. */
function chromiumMemory(): string {
  try {
    const rows = execSync('ps -o rss= -C chromium')
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .filter((n) => n > 0);
    return `${(rows.reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(2)} GB in all, largest process ${(Math.max(...rows) / 2 ** 20).toFixed(2)} GB`;
  } catch {
    return 'unknown';
  }
}

async function rowCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('[data-testid=document-row]').length);
}

/** Writes archives of at most BATCH filings (reusing ones already written) and imports them through the UI. */
async function importArchives(page: Page): Promise<void> {
  mkdirSync('.cache', { recursive: true });
  const archives: string[] = [];
  let t = performance.now();
  for (let from = 1; from <= docs; from += BATCH) {
    const path = join('.cache', `bench-reload-${perDoc}-${from}.sieve`);
    // An archive of a full batch is reused from an earlier run (its filings are the same but for the random vectors).
    if (!existsSync(path) || docs - from + 1 < BATCH) {
      const rand = lcg(5 + from);
      const bundles = Array.from({ length: Math.min(BATCH, docs - from + 1) }, (_, i) => filing(from + i, perDoc, rand));
      writeFileSync(path, await encodeArchive({ settings: withDefaults(undefined), bundles }, { appVersion: 'bench' }));
    }
    archives.push(path);
  }
  console.log(`${archives.length} archives ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  let expected = 0;
  for (const path of archives) {
    expected = Math.min(docs, expected + BATCH);
    await page.getByTestId('import-input').setInputFiles(path);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=document-row]').length === n, expected, { timeout: 1_800_000, polling: 500 });
    console.log(`  ${expected} filings imported, ${((performance.now() - t) / 1000).toFixed(1)} s; Chromium ${chromiumMemory()}`);
  }
}

/** Stores the filings straight into IndexedDB from a page of the app's origin that runs no app. */
async function seed(page: Page, url: string): Promise<void> {
  const bundled = await build({
    entryPoints: ['scripts/bench-reload-seed.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'benchSeed',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'error',
  });
  const script = bundled.outputFiles[0].text;
  const seedUrl = new URL('__bench-seed.html', url).href;
  await page.route(seedUrl, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>seed</title><script>${script.replace(/<\/script/g, '<\\/script')}</script>` }),
  );
  await page.goto(seedUrl);
  const t = performance.now();
  const step = 25;
  for (let from = 1; from <= docs; from += step) {
    const to = Math.min(docs, from + step - 1);
    await page.evaluate(([a, b, n]) => (window as unknown as { benchSeed: { seedFilings(a: number, b: number, n: number): Promise<number> } }).benchSeed.seedFilings(a, b, n), [
      from,
      to,
      perDoc,
    ] as const);
    const usage = await page.evaluate(async () => ((await navigator.storage.estimate()).usage ?? 0) / 2 ** 30);
    console.log(`  ${to} filings stored, ${((performance.now() - t) / 1000).toFixed(1)} s; ${usage.toFixed(2)} GB used; Chromium ${chromiumMemory()}`);
  }
  await page.unroute(seedUrl);
}

interface Reload {
  /** From navigation start, ms. */
  open: number;
  /** The library's own open (in its worker: reading storage and building the indexes), ms. */
  loadMs: number;
  firstHit: number;
  byMeaning?: number;
  keywordFirst: boolean;
  clickToHit: number;
}

/** Reloads and searches as soon as the Search tab can be used. */
async function reloadAndSearch(page: Page): Promise<Reload> {
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Search' }).click({ timeout: 300_000 });
  await page.getByLabel('Search query').fill(values.query!);
  const s = performance.now();
  await page.getByRole('button', { name: 'Search', exact: true }).click({ timeout: 300_000 });
  await page.getByTestId('hit').first().waitFor({ timeout: 300_000 });
  const clickToHit = performance.now() - s;
  const firstHit = await page.evaluate(() => (window as unknown as { __benchFirstHit: number }).__benchFirstHit);
  const keywordFirst =
    (await page
      .getByTestId('search-note')
      .getAttribute('data-model-pending', { timeout: 1000 })
      .catch(() => null)) === 'true';
  let byMeaning: number | undefined;
  try {
    await page.getByTestId('search-summary').filter({ hasText: 'fused score' }).waitFor({ timeout: 120_000 });
    byMeaning = await page.evaluate(() => performance.now());
  } catch {
    // Reported as missing.
  }
  const { readyAt: open, loadMs } = await page.evaluate(() => (window as unknown as { __sieveStore: { get(): { readyAt: number; loadMs: number } } }).__sieveStore.get());
  return { open, loadMs, firstHit, byMeaning, keywordFirst, clickToHit };
}

// IndexedDB belongs to an origin, so the stored library goes with the port it was stored under.
const profile = join('.cache', `bench-reload-profile-${docs}x${perDoc}-${via}-port${values.port}`);
const marker = join(profile, 'bench-seeded.json');
const { url, stop } = await startPreview(Number(values.port));
const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, serviceWorkers: 'block' });
try {
  const page = context.pages()[0] ?? (await context.newPage());
  // When the first search hit appears, from navigation start.
  await context.addInitScript(() => {
    const w = window as unknown as { __benchFirstHit?: number };
    const observer = new MutationObserver(() => {
      if (w.__benchFirstHit === undefined && document.querySelector('[data-testid=hit]')) {
        w.__benchFirstHit = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const seeded = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as { docs: number; perDoc: number }) : undefined;
  if (seeded?.docs === docs && seeded.perDoc === perDoc) {
    console.log(`${docs} filings × ${perDoc} chunks already stored in ${profile}`);
  } else {
    console.log(`storing ${docs} filings × ${perDoc} chunks = ${(docs * perDoc).toLocaleString('en')} chunks via ${via} in ${profile}`);
    if (via === 'seed') {
      await seed(page, url);
      await page.goto(url);
    } else {
      await page.goto(url);
      await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
      await importArchives(page);
    }
    writeFileSync(marker, JSON.stringify({ docs, perDoc }));
  }
  await page.goto(url);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=document-row]').length === n, docs, { timeout: 600_000, polling: 500 });
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 300_000 });
  console.log(`library listed: ${await rowCount(page)} filings; Chromium ${chromiumMemory()}`);

  const runs: Reload[] = [];
  for (let r = 0; r < Number(values.reloads); r++) {
    const run = await reloadAndSearch(page);
    runs.push(run);
    console.log(
      `  reload ${r + 1}: open ${run.open.toFixed(0)} ms (library's own ${run.loadMs.toFixed(0)} ms), first hit ${run.firstHit.toFixed(0)} ms (${run.keywordFirst ? 'by keywords' : 'by meaning'}), ` +
        `by meaning ${run.byMeaning?.toFixed(0) ?? '—'} ms, click to hit ${run.clickToHit.toFixed(0)} ms; Chromium ${chromiumMemory()}`,
    );
  }
  const line = (name: string, xs: number[]) => console.log(`${name}: median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  line(
    'library open (from navigation start)',
    runs.map((r) => r.open),
  );
  line(
    "the library's own open (in its worker)",
    runs.map((r) => r.loadMs),
  );
  line(
    'reload to searchable: first search hit (from navigation start)',
    runs.map((r) => r.firstHit),
  );
  const meaning = runs.map((r) => r.byMeaning).filter((x) => x !== undefined);
  if (meaning.length) line('results by meaning (from navigation start)', meaning);
  line(
    'first search, click to first hit',
    runs.map((r) => r.clickToHit),
  );
  await hybridInChromium(page);
} finally {
  await context.close();
  stop();
}

/**
 * Hybrid retrieval in the page's library worker once the vectors are in: the bench questions,
 * three rounds after a warm-up, timed by the search's own traces (BM25 + dense + fusion, the
 * same stages as bench:retrieval in Node).
 */
async function hybridInChromium(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 300_000 });
  const times = await page.evaluate(async (questions) => {
    type Store = { questions: { search(q: string, o: object): Promise<void> }; get(): { search?: { traces: Array<{ stage: string; ms: number }>; warning?: string } } };
    const store = (window as unknown as { __sieveStore: Store }).__sieveStore;
    const out: Array<{ total: number; bm25: number; dense: number; warning?: string }> = [];
    for (let round = 0; round < 4; round++) {
      for (const q of questions) {
        await store.questions.search(q, {});
        const s = store.get().search!;
        // No helper functions in here: the bundler would wrap them in a name helper the page lacks.
        const by: Record<string, number> = {};
        for (const t of s.traces) by[t.stage] = (by[t.stage] ?? 0) + t.ms;
        if (round > 0) out.push({ total: (by.bm25 ?? 0) + (by.dense ?? 0) + (by.fusion ?? 0), bm25: by.bm25 ?? 0, dense: by.dense ?? 0, warning: s.warning });
      }
    }
    return out;
  }, BENCH_QUESTIONS);
  const warned = times.find((t) => t.warning);
  if (warned) console.log(`note: a search said "${warned.warning}"`);
  const line = (name: string, xs: number[]) =>
    console.log(`${name}: median ${median(xs).toFixed(1)} ms, p90 ${xs.sort((a, b) => a - b)[Math.floor(0.9 * (xs.length - 1))].toFixed(1)} ms`);
  line(
    `hybrid retrieval in Chromium (${times.length} searches, BM25 + dense + fusion)`,
    times.map((t) => t.total),
  );
  line(
    '  BM25',
    times.map((t) => t.bm25),
  );
  line(
    '  dense',
    times.map((t) => t.dense),
  );
}
