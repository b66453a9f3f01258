/**
 * Times questions end to end in headless Chromium through the real app, retrieval-only (the
 * default: no language model), and splits the time into the pipeline's stages.
 *   npm run bench:ask -- <file.pdf …> --questions <questions.jsonl> [--limit N] [--repeat 3] [--json out.json] [--port 4181]
 * The questions file is FinanceBench's format (one JSON object a line with `question` and
 * `doc_name`); only the questions whose doc_name is the base name of an added file are asked.
 * Each question is asked --repeat times. The very first asking includes warm-up and is reported
 * on its own; the other askings give median, p90 and max. Later askings of a question find its
 * embeddings cached, so the median of first askings is reported too.
 * End to end is from the Enter key in the Ask box until the ask-status element stops saying
 * "running" (the signal e2e's waitForAnswer uses), both measured inside the page.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median } from '../src/core/eval';
import { startPreview } from './preview-server';

const STAGES = ['rewrite', 'route', 'retrieve', 'dedupe', 'grade', 'threshold', 'judge', 'rerank', 'segments', 'figure', 'answer', 'attribution'];

interface Run {
  question: string;
  repeat: number;
  ms: number;
  /** The Pipeline panel's stage table: ms by stage (whole ms, as shown), and its Total row. */
  stages: Record<string, number>;
  uiTotalMs: number;
  mode?: string;
}

interface Store {
  get(): {
    documents: Array<{ chunkCount: number }>;
    jobs: Array<{ status: string; error?: string }>;
    question?: { status: string; error?: string; result?: { mode: string } };
  };
}

const { values, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    questions: { type: 'string' },
    limit: { type: 'string' },
    repeat: { type: 'string', default: '3' },
    json: { type: 'string' },
    port: { type: 'string', default: '4181' },
  },
});
if (files.length === 0 || !values.questions) {
  console.error('usage: npm run bench:ask -- <file.pdf …> --questions <questions.jsonl> [--limit N] [--repeat 3] [--json out.json] [--port 4181]');
  process.exit(2);
}
for (const f of files) if (!existsSync(f)) fail(`no such file: ${f}`);
const repeat = Number(values.repeat);
const limit = values.limit === undefined ? Infinity : Number(values.limit);
if (!(repeat >= 1 && limit >= 1)) fail('--repeat and --limit take a number, at least 1');
const questions = readQuestions(values.questions, files, limit);
if (questions.length === 0) fail(`no question in ${values.questions} has a doc_name among ${files.map(docName).join(', ')}`);
const port = Number(values.port);
let browser: Browser | undefined;
let failure: string | undefined;
let stop = () => {};
try {
  const preview = await startPreview(port);
  stop = preview.stop;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const report = await bench(await browser.newPage(), preview.url);
  printReport(report);
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
} catch (e) {
  failure = (e as Error).message;
} finally {
  await browser?.close();
  stop();
}
if (failure) fail(failure);

/** Opens the app, adds the files, asks every question --repeat times; the summary plus every run. */
async function bench(page: Page, url: string) {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
  const ingestStart = performance.now();
  const chunks = await ingestAll(page, files);
  console.error(`ingested ${files.length} document(s), ${chunks} chunks, in ${((performance.now() - ingestStart) / 1000).toFixed(1)} s`);

  await page.getByRole('tab', { name: 'Ask' }).click();
  const runs: Run[] = [];
  for (const [i, q] of questions.entries()) {
    for (let r = 0; r < repeat; r++) {
      const run = await askOnce(page, q, r);
      runs.push(run);
      console.error(`[${i + 1}/${questions.length} #${r + 1}] ${Math.round(run.ms)} ms (UI total ${run.uiTotalMs}) ${q.slice(0, 70)}`);
    }
  }
  if (pageErrors.length) console.error(`page errors: ${pageErrors.join('; ')}`);
  return { ...summarize(runs, files.length, chunks), runs };
}

function docName(file: string) {
  return basename(file, extname(file));
}

function readQuestions(path: string, docs: string[], limit: number): string[] {
  const names = new Set(docs.map(docName));
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as { question?: string; doc_name?: string };
      } catch {
        return fail(`${path}:${i + 1} is not JSON`);
      }
    });
  return rows
    .filter((r) => r.question && r.doc_name && names.has(r.doc_name))
    .map((r) => r.question!)
    .slice(0, limit);
}

/** Adds the files through the Library's file input, one after another, and waits for each document to be stored. */
async function ingestAll(page: Page, paths: string[]): Promise<number> {
  for (const [i, path] of paths.entries()) {
    await page.getByTestId('file-input').setInputFiles(path);
    await page
      .waitForFunction(
        (count) => {
          const s = (window as unknown as { __sieveStore: Store }).__sieveStore.get();
          const failed = s.jobs.find((j) => j.status === 'failed');
          if (failed) throw new Error(failed.error);
          return s.documents.length === count;
        },
        i + 1,
        { timeout: 600_000, polling: 250 },
      )
      .catch((e: Error) => {
        throw new Error(`ingest of ${basename(path)} failed: ${e.message.split('\n')[0]}`);
      });
  }
  return page.evaluate(() => (window as unknown as { __sieveStore: Store }).__sieveStore.get().documents.reduce((n, d) => n + d.chunkCount, 0));
}

/**
 * Types the question, presses Enter and waits for the answer. A watcher installed first takes
 * the Enter key's time and the time the status leaves "running" (after it was seen running, so
 * the previous question's "done" does not count), then reads the stage table.
 */
async function askOnce(page: Page, question: string, repeatIndex: number): Promise<Run> {
  const box = page.getByLabel('Question', { exact: true });
  await box.fill(question);
  await page.evaluate(() => {
    const w = window as unknown as { __ask?: { t0?: number; ms?: number; status?: string } };
    const ask: { t0?: number; ms?: number; status?: string } = {};
    w.__ask = ask;
    let sawRunning = false;
    document.addEventListener('keydown', (e) => e.key === 'Enter' && (ask.t0 = performance.now()), { capture: true, once: true });
    // Inline callbacks only: tsx names named functions with a helper the page lacks.
    const observer = new MutationObserver(() => {
      const status = document.querySelector('[data-testid=ask-status]')?.getAttribute('data-status');
      if (ask.t0 === undefined || !status) return;
      if (status === 'running') sawRunning = true;
      else if (sawRunning) {
        ask.ms = performance.now() - ask.t0;
        ask.status = status;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await box.press('Enter');
  await page
    .waitForFunction(() => (window as unknown as { __ask: { ms?: number } }).__ask.ms !== undefined, null, { timeout: 300_000, polling: 100 })
    .catch(() => {
      throw new Error(`question timed out: ${question}`);
    });
  const got = await page.evaluate(() => {
    const ask = (window as unknown as { __ask: { ms: number; status: string } }).__ask;
    const q = (window as unknown as { __sieveStore: Store }).__sieveStore.get().question;
    const stages: Record<string, number> = {};
    for (const row of document.querySelectorAll('[data-testid=stage-row]')) {
      const stage = row.getAttribute('data-stage')!;
      stages[stage] = (stages[stage] ?? 0) + Number(row.querySelectorAll('td')[1]?.textContent);
    }
    const total = Number(document.querySelector('[data-testid=stage-total] td')?.textContent);
    return { ...ask, error: q?.error, mode: q?.result?.mode, stages, total };
  });
  if (got.status !== 'done') throw new Error(`question ${got.status}: ${question}${got.error ? ` (${got.error})` : ''}`);
  return { question, repeat: repeatIndex, ms: got.ms, stages: got.stages, uiTotalMs: got.total, mode: got.mode };
}

function summarize(runs: Run[], documents: number, chunks: number) {
  const [first, ...rest] = runs;
  const warm = rest.length ? rest : runs;
  const e2e = warm.map((r) => r.ms);
  const fresh = rest.filter((r) => r.repeat === 0).map((r) => r.ms);
  const stages = STAGES.filter((s) => runs.some((r) => s in r.stages));
  return {
    questions: runs.length / repeat,
    repeat,
    documents,
    chunks,
    modes: [...new Set(runs.map((r) => r.mode ?? '?'))],
    firstQuestionMs: round(first.ms),
    firstQuestionStagesMs: first.stages,
    askings: warm.length,
    medianMs: round(median(e2e)),
    p90Ms: round(quantile(e2e, 0.9)),
    maxMs: round(Math.max(...e2e)),
    /** First asking of each question but the very first: no cached query embedding. */
    medianFirstAskingMs: fresh.length ? round(median(fresh)) : undefined,
    medianStageMs: Object.fromEntries(stages.map((s) => [s, round(median(warm.map((r) => r.stages[s] ?? 0)))])),
    medianUiTotalMs: round(median(warm.map((r) => r.uiTotalMs))),
  };
}

function printReport(r: ReturnType<typeof summarize>) {
  const line = (label: string, value: unknown) => console.log(`${label.padEnd(34)} ${value}`);
  line('questions × repeat', `${r.questions} × ${r.repeat}`);
  line('documents / chunks', `${r.documents} / ${r.chunks}`);
  line('answer mode', r.modes.join(', '));
  line(
    'first question (warm-up) ms',
    `${r.firstQuestionMs}  [${Object.entries(r.firstQuestionStagesMs)
      .map(([s, ms]) => `${s} ${ms}`)
      .join(', ')}]`,
  );
  line(`end to end ms over ${r.askings} askings`, `median ${r.medianMs}  p90 ${r.p90Ms}  max ${r.maxMs}`);
  if (r.medianFirstAskingMs !== undefined) line('  median, first asking of each', r.medianFirstAskingMs);
  line('median per stage ms (UI table)', '');
  for (const [s, ms] of Object.entries(r.medianStageMs)) line(`  ${s}`, ms);
  line('median UI total ms', r.medianUiTotalMs);
}

function fail(message: string): never {
  console.error(`bench:ask failed: ${message}`);
  process.exit(1);
}

/** Nearest-rank quantile. */
function quantile(xs: number[], q: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

function round(x: number) {
  return Math.round(x * 10) / 10;
}
