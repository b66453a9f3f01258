/**
 * Questions asked while files are being added: times them in headless Chromium through the real
 * app, retrieval-only, while a drop of many files is read and embedded in the background.
 *   npm run bench:busy -- <file.pdf …> --drop <folder or file.pdf,…> --questions <questions.jsonl> [--limit 8] [--askings 24] [--pause 3000] [--port 4182]
 * The positional files are added first and waited for; the questions (FinanceBench's format,
 * `question` and `doc_name`) are those about them. Then every --drop file is dropped at once, and
 * once one of them is being embedded the questions are asked in turn, --askings times with
 * --pause ms between them (so that the askings fall in every stage of several files), while the
 * drop is still running. For each: the time from the Enter key to the first line of the
 * answer on the page, and to the end of the answer. Also each question asked idle, before the
 * drop, for the ratio. Each asking appends a number to its question ("… (2)"), so that none
 * finds its query's embedding cached from an earlier asking.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median } from '../src/core/eval';
import { startPreview } from './preview-server';
import { addAndWait } from './app-driver';

interface Timing {
  question: string;
  firstLineMs: number;
  doneMs: number;
  /** Files of the drop still queued or running when the answer ended. */
  busyJobs: number;
}

const { values, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    drop: { type: 'string' },
    questions: { type: 'string' },
    limit: { type: 'string', default: '8' },
    askings: { type: 'string', default: '24' },
    pause: { type: 'string', default: '3000' },
    json: { type: 'string' },
    port: { type: 'string', default: '4182' },
  },
});
if (files.length === 0 || !values.drop || !values.questions) {
  console.error('usage: npm run bench:busy -- <file.pdf …> --drop <folder or file.pdf,…> --questions <questions.jsonl> [--limit 8] [--json out.json] [--port 4182]');
  process.exit(2);
}
const dropFiles = dropList(values.drop).filter((f) => !files.includes(f));
const names = new Set(files.map((f) => basename(f, extname(f))));
const questions = readFileSync(values.questions, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { question: string; doc_name: string })
  .filter((q) => names.has(q.doc_name))
  .map((q) => q.question)
  .slice(0, Number(values.limit));
if (questions.length === 0) fail('no question is about the files added first');

let browser: Browser | undefined;
let stop = () => {};
try {
  const preview = await startPreview(Number(values.port));
  stop = preview.stop;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(preview.url);
  await page.waitForSelector('[data-testid=model-status][data-state=ready]', { timeout: 120_000 });
  for (const [i, f] of files.entries()) await addAndWait(page, f, i + 1);
  await page.getByRole('tab', { name: 'Ask' }).click();
  // Every asking numbers its question, so that none finds its query's embedding cached.
  await askTimed(page, `${questions[0]} (warm-up)`);
  const idle: Timing[] = [];
  for (const q of questions) idle.push(await askTimed(page, `${q} (1)`));

  await page.getByRole('tab', { name: 'Library' }).click();
  await page.getByTestId('file-input').setInputFiles(dropFiles);
  await page.waitForFunction(() => document.querySelector('[data-testid=job][data-status=running]')?.textContent?.includes('Embedding'), null, { timeout: 600_000 });
  await page.getByRole('tab', { name: 'Ask' }).click();
  const busy: Timing[] = [];
  // Spread over the drop's stages (reading, embedding, saving of several files) by a pause between askings.
  for (let k = 0; k < Number(values.askings); k++) {
    const q = questions[k % questions.length];
    const t = await askTimed(page, `${q} (${k + 2})`);
    if (t.busyJobs === 0) break;
    busy.push(t);
    console.error(`busy: first line ${Math.round(t.firstLineMs)} ms, done ${Math.round(t.doneMs)} ms, ${t.busyJobs} files still adding — ${q.slice(0, 60)}`);
    await new Promise((r) => setTimeout(r, Number(values.pause)));
  }
  const report = summarize(idle, busy);
  for (const [k, v] of Object.entries(report)) console.log(`${k.padEnd(36)} ${v}`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ ...report, idle, busy }, null, 2));
} catch (e) {
  console.error(`bench:busy failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  stop();
}

function dropList(arg: string): string[] {
  const list = arg.split(',').flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? readdirSync(p).map((f) => join(p, f)) : [p]));
  return list.filter((f) => /\.(pdf|md|txt|html|docx)$/i.test(f)).sort();
}

/** Asks one question; the time from Enter to the answer's first line, and to its end. */
async function askTimed(page: Page, question: string): Promise<Timing> {
  const box = page.getByLabel('Question', { exact: true });
  await box.fill(question);
  await page.evaluate(() => {
    const w = window as unknown as { __busy?: { t0?: number; first?: number; done?: number } };
    const t: { t0?: number; first?: number; done?: number } = {};
    w.__busy = t;
    let sawRunning = false;
    document.addEventListener('keydown', (e) => e.key === 'Enter' && (t.t0 = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (t.t0 === undefined) return;
      const status = document.querySelector('[data-testid=ask-status]')?.getAttribute('data-status');
      if (status === 'running') sawRunning = true;
      const answer = document.querySelector('[data-testid=answer]')?.textContent?.trim();
      if (sawRunning && t.first === undefined && answer) t.first = performance.now() - t.t0;
      if (sawRunning && status && status !== 'running') {
        t.done = performance.now() - t.t0;
        t.first ??= t.done;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await box.press('Enter');
  await page.waitForFunction(() => (window as unknown as { __busy: { done?: number } }).__busy.done !== undefined, null, { timeout: 300_000, polling: 50 });
  const t = await page.evaluate(() => (window as unknown as { __busy: { first: number; done: number } }).__busy);
  const busyJobs = await page.evaluate(
    () =>
      (window as unknown as { __sieveStore: { get(): { jobs: Array<{ status: string }> } } }).__sieveStore.get().jobs.filter((j) => j.status === 'running' || j.status === 'queued')
        .length,
  );
  return { question, firstLineMs: t.first, doneMs: t.done, busyJobs };
}

function summarize(idle: Timing[], busy: Timing[]) {
  const r = (x: number) => Math.round(x);
  const idleFirst = median(idle.map((t) => t.firstLineMs));
  const busyFirst = busy.length ? median(busy.map((t) => t.firstLineMs)) : NaN;
  return {
    'files added first / dropped': `${files.length} / ${dropFiles.length}`,
    'idle: first line ms (median)': r(idleFirst),
    'idle: whole answer ms (median)': r(median(idle.map((t) => t.doneMs))),
    'busy askings': busy.length,
    'busy: first line ms (median)': r(busyFirst),
    'busy: first line ms (max)': busy.length ? r(Math.max(...busy.map((t) => t.firstLineMs))) : NaN,
    'busy: whole answer ms (median)': busy.length ? r(median(busy.map((t) => t.doneMs))) : NaN,
    'busy / idle, first line': (busyFirst / idleFirst).toFixed(1),
  };
}

function fail(message: string): never {
  console.error(`bench:busy failed: ${message}`);
  process.exit(1);
}
