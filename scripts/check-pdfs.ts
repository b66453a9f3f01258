/**
 * Runs Sieve's PDF ingest path over every PDF under a folder (recursively), each file in a
 * child process with a time limit, and reports what a user would have seen for each.
 *
 *   npm run check:pdfs -- <dir> [--timeout-ms 60000] [--jobs 1] [--json out.json] [--fresh]
 *
 * --fresh starts a new process for every file (slower; by default a process serves up to 50
 * files). Prints a count per status (and per top-level sub-folder, when there are several),
 * every error message that is a raw runtime error rather than a cause in words, and every
 * timeout. Exits 1 when there is either: both are defects.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { CheckResult, CheckStatus } from './check-pdfs/check';
import { runChecks } from './check-pdfs/runner';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'timeout-ms': { type: 'string', default: '60000' },
    jobs: { type: 'string', default: '1' },
    json: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run check:pdfs -- <dir> [--timeout-ms 60000] [--jobs 1] [--json out.json] [--fresh]');
  process.exit(2);
}

async function pdfsUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.pdf$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const paths = await pdfsUnder(dir);
if (paths.length === 0) {
  console.error(`no .pdf files under ${dir}`);
  process.exit(2);
}
const timeoutMs = Number(values['timeout-ms']);
const jobs = Math.max(1, Number(values.jobs) || 1);
console.log(`Checking ${paths.length} PDFs under ${dir} (${jobs} process${jobs > 1 ? 'es' : ''}, ${timeoutMs} ms each)…`);

const t0 = performance.now();
let done = 0;
const results = await runChecks(
  paths.map((path) => ({ path, file: relative(dir, path) })),
  {
    timeoutMs,
    jobs,
    recycleAfter: values.fresh ? 1 : 50,
    onResult: (r) => {
      done++;
      if (!values.quiet)
        console.log(
          `[${done}/${paths.length}] ${r.status.padEnd(7)} ${String(r.ms).padStart(6)} ms  ${r.file}${r.status === 'ok' ? ` (${r.pages} pages, ${r.chars} chars)` : `: ${r.message}`}`,
        );
    },
  },
);

const STATUSES: CheckStatus[] = ['ok', 'error', 'timeout'];
const count = (rs: CheckResult[]) => STATUSES.map((s) => `${s} ${rs.filter((r) => r.status === s).length}`).join(', ');
console.log(`\n${results.length} PDFs in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${count(results)}`);

const groups = new Map<string, CheckResult[]>();
for (const r of results) {
  const group = r.file.includes(sep) ? r.file.split(sep)[0] : '.';
  groups.set(group, [...(groups.get(group) ?? []), r]);
}
if (groups.size > 1) {
  for (const [group, rs] of groups) console.log(`  ${group.padEnd(14)} ${String(rs.length).padStart(4)}: ${count(rs)}`);
}
const codes = new Map<string, number>();
for (const r of results) if (r.status === 'error') codes.set(r.code ?? '(not an IngestError)', (codes.get(r.code ?? '(not an IngestError)') ?? 0) + 1);
if (codes.size > 0) console.log(`Errors by code: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`);

const raw = results.filter((r) => r.raw);
const timeouts = results.filter((r) => r.status === 'timeout');
for (const r of raw) console.log(`RAW ERROR  ${r.file}: ${r.message}`);
for (const r of timeouts) console.log(`TIMEOUT    ${r.file}: ${r.message}`);

if (values.json) {
  await writeFile(values.json, JSON.stringify({ dir, timeoutMs, files: results }, null, 2) + '\n');
  console.log(`Wrote ${values.json}`);
}
process.exit(raw.length > 0 || timeouts.length > 0 ? 1 : 0);
