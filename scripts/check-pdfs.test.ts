/**
 * The committed sample of broken and hostile PDFs (test/fixtures/broken-pdfs/, written by
 * `npx tsx scripts/fixtures/broken-pdfs.ts --sample`) through Sieve's PDF ingest path, each in a
 * child process under a time limit (check:pdfs's runner): every file yields text or an error
 * that names the file and the cause in words — never a raw runtime error, a dead process or a hang.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRawMessage, type CheckResult } from './check-pdfs/check';
import { runChecks } from './check-pdfs/runner';
import { PdfWriter, pdfString } from './fixtures/pdf-writer';

const DIR = fileURLToPath(new URL('../test/fixtures/broken-pdfs/', import.meta.url));
const PER_FILE_MS = 30_000;

type Expected = { status: 'ok'; pages: number } | { status: 'error'; code?: string; message: RegExp };

const EXPECTED: Record<string, Expected> = {
  'truncated--report-cut2839.pdf': { status: 'error', code: 'corrupt', message: /This PDF is damaged or incomplete/ },
  'truncated--encrypted-cut2712.pdf': { status: 'error', message: /damaged|encrypt/ },
  // pdf.js leaves a rejection of a damaged page's prefetch unhandled: it used to end the process.
  'fuzzed--long40-s69-delims8.pdf': { status: 'ok', pages: 27 },
  'xref--prev-loop.pdf': { status: 'ok', pages: 3 },
  'xref--offsets-shifted.pdf': { status: 'ok', pages: 3 },
  // Was "(Maximum call stack size exceeded)", then "its objects are nested too deeply to be read": pdf.js now
  // runs in a worker thread, whose larger stack holds the 20,000 nested arrays, and the page's text is read.
  'structure--deep-array-page.pdf': { status: 'ok', pages: 1 },
  // Was "None of its 0 pages has a text layer: it looks like a scanned document".
  'structure--count-negative.pdf': { status: 'error', code: 'corrupt', message: /damaged: it lists no pages that can be read/ },
  'structure--kids-self-cycle.pdf': { status: 'error', code: 'corrupt', message: /circular reference/ },
  'structure--count-billion.pdf': { status: 'ok', pages: 1 },
  'structure--outline-next-cycle.pdf': { status: 'ok', pages: 1 },
  'rotated--report-rotate45.pdf': { status: 'ok', pages: 3 },
  'encrypted--encrypt-unknown-version.pdf': { status: 'error', code: 'encrypted', message: /password|encrypt/ },
  // Was "Its only page has no text layer": the text is a FreeText box's and a comment's.
  'forms--annotations-only.pdf': { status: 'ok', pages: 1 },
  'not-pdf--png-bytes.pdf': { status: 'error', message: /image|not a PDF/ },
  'not-pdf--zero-length.pdf': { status: 'error', code: 'empty', message: /empty \(0 bytes\)/ },
};

describe('broken and hostile PDFs through the ingest path', () => {
  it('each committed sample gives text or a worded error naming the file, within the time limit', async () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.pdf'))
      .sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    const results = await runChecks(
      files.map((file) => ({ path: join(DIR, file), file })),
      { timeoutMs: PER_FILE_MS, jobs: 1 },
    );
    for (const result of results) {
      const expected = EXPECTED[result.file];
      const label = `${result.file}: ${result.status} ${result.message}`;
      expect(result.status, label).toBe(expected.status);
      expect(result.raw ?? false, label).toBe(false);
      expect(isRawMessage(result.message), label).toBe(false);
      if (expected.status === 'ok') {
        expect(result.pages, label).toBe(expected.pages);
        expect(result.chars, label).toBeGreaterThan(0);
      } else {
        expect(result.message.startsWith(`${result.file}: `), label).toBe(true);
        expect(result.message, label).toMatch(expected.message);
        if (expected.code) expect(result.code, label).toBe(expected.code);
      }
    }
  }, 180_000);
});

describe('the check:pdfs runner', () => {
  it('kills a file that overruns its time limit, reports it as a timeout, and goes on with a fresh process', async () => {
    // 200,000 nested q (save state) operators: pdf.js's text extraction is quadratic in the depth.
    const pdf = new PdfWriter();
    const catalog = pdf.reserve();
    const pages = pdf.reserve();
    const font = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
    const content = pdf.addStream('', `${'q '.repeat(200_000)}\nBT /F1 11 Tf 72 700 Td ${pdfString('Nested too deep')} Tj ET\n${'Q '.repeat(200_000)}`);
    const page = pdf.add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`);
    pdf.set(pages, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
    pdf.set(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
    const dir = mkdtempSync(join(tmpdir(), 'sieve-check-pdfs-'));
    writeFileSync(join(dir, 'nested.pdf'), pdf.build({ root: catalog }));

    const seen: CheckResult[] = [];
    const results = await runChecks(
      [
        { path: join(dir, 'nested.pdf'), file: 'nested.pdf' },
        { path: join(DIR, 'rotated--report-rotate45.pdf'), file: 'after.pdf' },
      ],
      { timeoutMs: 3_000, jobs: 1, onResult: (r) => seen.push(r) },
    );
    expect(results[0]).toMatchObject({ file: 'nested.pdf', status: 'timeout' });
    expect(results[0].ms).toBeGreaterThanOrEqual(3_000);
    expect(results[0].ms).toBeLessThan(10_000);
    expect(results[1]).toMatchObject({ file: 'after.pdf', status: 'ok', pages: 3 });
    expect(seen.map((r) => r.file)).toEqual(['nested.pdf', 'after.pdf']);
  }, 60_000);
});
