import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isIngestError, type IngestErrorCode } from '../../core/errors';
import type { Progress } from '../../core/types';
import { parsePdf, readPdf } from './node';
import { annotatedPdf } from '../../../scripts/fixtures/annotation-pdfs';
import { nestedPdf } from '../../../scripts/fixtures/nested-pdf';

const fixture = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../e2e/fixtures/${name}`, import.meta.url))));

async function failure(promise: Promise<unknown>): Promise<{ code: IngestErrorCode; message: string }> {
  try {
    await promise;
  } catch (e) {
    if (isIngestError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected an IngestError');
}

describe('readPdf / parsePdf on report.pdf', () => {
  it('reads positioned text, fonts, outline and title', async () => {
    const source = await readPdf(fixture('report.pdf'), 'report.pdf');
    expect(source.title).toBe('Brightwater Kelp Co. Annual Report 2023');
    expect(source.pages.map((p) => [p.page, p.width, p.height])).toEqual([
      [1, 612, 792],
      [2, 612, 792],
      [3, 612, 792],
    ]);
    const heading = source.pages[0].items.find((i) => i.text === 'Company Overview')!;
    expect(heading).toMatchObject({ bold: true, fontSize: 14 });
    expect(heading.y).toBeGreaterThan(0);
    expect(heading.y).toBeLessThan(200);
    expect(source.pages[0].items.find((i) => i.text.startsWith('Brightwater Kelp Co. farms'))).toMatchObject({ bold: false, fontSize: 10 });
    expect(source.outline.map((o) => [o.title, o.page])).toEqual([
      ['Company Overview', 1],
      ['Operations', 2],
      ['Outlook', 3],
    ]);
    expect(JSON.parse(JSON.stringify(source))).toEqual(source);
  });

  it('produces clean text with pages, sections and the running lines removed', async () => {
    const doc = await parsePdf(fixture('report.pdf'), 'report.pdf');
    expect(doc.kind).toBe('pdf');
    expect(doc.title).toBe('Brightwater Kelp Co. Annual Report 2023');
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    const pageText = (n: number) => doc.text.slice(doc.pages[n - 1].start, doc.pages[n - 1].end);
    expect(pageText(1)).toContain('harvested 12,400 tonnes of wet kelp');
    expect(pageText(1)).toContain('where manufacturing of kelp flakes');
    expect(pageText(2)).toContain('Site | 2023 | 2022\nNorth Reach | 4,210 | 3,980');
    expect(pageText(3)).toContain('The long-term goal');
    expect(doc.text).not.toMatch(/Page \d of 3/);
    expect(doc.text.match(/Brightwater Kelp Co\. - Annual Report/g)).toBeNull();
    expect(doc.warnings.filter((w) => w.startsWith('Removed running'))).toHaveLength(2);
    expect(doc.sections.map((s) => s.path)).toEqual([['Company Overview'], ['Operations'], ['Outlook']]);
    const outlook = doc.sections[2];
    expect(doc.text.slice(outlook.start, outlook.start + 7)).toBe('Outlook');
    expect(outlook.end).toBe(doc.text.length);
  });

  it('reports progress per page and leaves the caller’s bytes intact', async () => {
    const bytes = fixture('report.pdf');
    const seen: Progress[] = [];
    await readPdf(bytes, 'report.pdf', { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([1, 2, 3].map((done) => ({ stage: 'parsing', done, total: 3 })));
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('stops between pages when the signal is aborted', async () => {
    const controller = new AbortController();
    const result = failure(readPdf(fixture('report.pdf'), 'report.pdf', { signal: controller.signal, onProgress: () => controller.abort() }));
    expect((await result).code).toBe('cancelled');
  });

  it('stops a load under way when the signal is aborted', async () => {
    const controller = new AbortController();
    const result = failure(readPdf(fixture('report.pdf'), 'report.pdf', { signal: controller.signal }));
    controller.abort();
    expect((await result).code).toBe('cancelled');
  });
});

describe('readPdf on bad input', () => {
  it.each([
    ['scanned.pdf', 'no-text', /scanned.*OCR is not supported/],
    ['corrupt.pdf', 'corrupt', /damaged or incomplete/],
    ['encrypted.pdf', 'encrypted', /password-protected/],
  ] as const)('%s fails with %s', async (name, code, message) => {
    const error = await failure(readPdf(fixture(name), name));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
    expect(error.message).toMatch(message);
  });

  it('rejects empty files and files that are not PDFs', async () => {
    expect((await failure(readPdf(new Uint8Array(0), 'empty.pdf'))).code).toBe('empty');
    const html = new TextEncoder().encode('<html><body>not a pdf</body></html>');
    const error = await failure(readPdf(html, 'page.pdf'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/not a PDF/);
  });
});

describe('readPdf / parsePdf on rotated.pdf', () => {
  const pageText = (doc: Awaited<ReturnType<typeof parsePdf>>, n: number) => doc.text.slice(doc.pages[n - 1].start, doc.pages[n - 1].end);

  it('keeps the text of /Rotate 90, sideways and skewed pages, with its direction', async () => {
    const source = await readPdf(fixture('rotated.pdf'), 'rotated.pdf');
    expect(source.pages.map((p) => [p.page, p.width, p.height])).toEqual([
      [1, 612, 792],
      [2, 792, 612],
      [3, 612, 792],
      [4, 612, 792],
    ]);
    const angles = source.pages.map((p) => [...new Set(p.items.map((i) => i.angle ?? 0))]);
    expect(angles).toEqual([[0], [90], [-90], [-3]]);
    const heading = source.pages[1].items.find((i) => i.text === 'Landscape Segment Results')!;
    expect(heading.fontSize).toBeCloseTo(14);
    expect(heading.width).toBeGreaterThan(150);
  });

  it('reads every page in reading order, on its own page, and calls none scanned', async () => {
    const doc = await parsePdf(fixture('rotated.pdf'), 'rotated.pdf');
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pageText(doc, 1)).toContain('The segment tables follow on the landscape pages');
    expect(pageText(doc, 2)).toContain('Harbour dredging revenue grew on new port contracts in the south. Marine surveying margins narrowed');
    expect(pageText(doc, 2)).toContain('Segment | 2023 | 2022\nHarbour dredging | 8,420 | 7,310\nMarine surveying | 2,115 | 2,260');
    expect(pageText(doc, 3)).toContain('Tugboat utilisation stayed high across every northern harbour.');
    expect(pageText(doc, 3)).toContain('Vessel class | Owned | Chartered\nOcean tugs | 14 | 3\nPilot launches | 9 | 2');
    expect(pageText(doc, 4)).toContain('Deckhand headcount rose after the winter training programme ended.');
    expect(pageText(doc, 4)).toContain('Crew role | Staff | Vacancies\nDeckhands | 212 | 6\nEngineers | 58 | 1');
    expect(doc.sections.map((s) => s.path[0])).toEqual(['Tidewater Holdings Segment Review', 'Landscape Segment Results', 'Sideways Fleet Table', 'Skewed Crew Summary']);
    expect(doc.warnings.filter((w) => /scanned|no text/i.test(w))).toEqual([]);
  });
});

describe('text that lives only in annotations and form fields', () => {
  it('reads text fields, list and combo boxes, but not password or hidden fields', async () => {
    const source = await readPdf(fixture('form-only.pdf'), 'form-only.pdf');
    const texts = source.pages[0].items.map((i) => i.text);
    expect(texts).toEqual([
      'Harbour Pilot Licence Application',
      'Marguerite Olsen, master mariner',
      'MV Northern Tern',
      'Eleven years on the Skerry approaches.',
      'Piloted 640 tanker arrivals without incident.',
      // The list box shows every option; the combo box only its chosen one, by its display name.
      'Quay North',
      'Quay South',
      'Tanker Jetty',
      'Grade A unrestricted',
    ]);
    expect(source.pages[0].items.every((i) => i.annotation)).toBe(true);
    // Placed in their rectangles, top-down: the applicant field (y 690–710) is above the vessel field.
    const at = (t: string) => source.pages[0].items.find((i) => i.text === t)!;
    expect(at('Marguerite Olsen, master mariner')).toMatchObject({ x: 74, fontSize: 10 });
    expect(at('Marguerite Olsen, master mariner').y).toBeGreaterThan(792 - 710);
    expect(at('Marguerite Olsen, master mariner').y).toBeLessThan(at('MV Northern Tern').y);

    const doc = await parsePdf(fixture('form-only.pdf'), 'form-only.pdf');
    expect(doc.text).toContain('Marguerite Olsen, master mariner\n\nMV Northern Tern');
    expect(doc.text).not.toMatch(/secret-4417|hidden reviewer remark/);
  });

  it('reads FreeText boxes and comments on every page instead of calling the PDF a scan', async () => {
    const doc = await parsePdf(fixture('freetext-only.pdf'), 'freetext-only.pdf');
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2]);
    const pageText = (n: number) => doc.text.slice(doc.pages[n - 1].start, doc.pages[n - 1].end);
    expect(pageText(1)).toContain('Sill Survey Notes\n\nThe survey found no silt above the sill at low water.');
    expect(pageText(1)).toContain('Reviewer note: check the tonnage figure.');
    expect(pageText(2)).toContain('Soundings at the eastern groyne averaged 7.4 metres.');
    expect(doc.title).toBe('Sill Survey Notes');
  });

  it('leaves out a field value the page content already draws, and orders the rest with the page text', async () => {
    const content = [
      'BT /F1 14 Tf 72 740 Td (Pilotage Record) Tj ET',
      'BT /F1 10 Tf 72 700 Td (Vessel:) Tj ET',
      // A flattened copy of the field's value in the page content.
      'BT /F1 10 Tf 140 700 Td (MV Northern Tern) Tj ET',
      'BT /F1 10 Tf 72 600 Td (Signed at the harbour office.) Tj ET',
    ].join('\n');
    const pdf = annotatedPdf([
      {
        content,
        annots: [
          `<< /Subtype /Widget /FT /Tx /T (vessel) /V (MV Northern Tern) /Rect [140 695 400 712] /DA (/Helv 10 Tf 0 g) >>`,
          `<< /Subtype /Widget /FT /Tx /T (master) /V (Captain Ilse Brandt) /Rect [72 640 400 660] /DA (/Helv 10 Tf 0 g) >>`,
        ],
        fields: [0, 1],
      },
    ]);
    const doc = await parsePdf(pdf, 'record.pdf');
    expect(doc.text.match(/MV Northern Tern/g)).toHaveLength(1);
    const order = ['Pilotage Record', 'MV Northern Tern', 'Captain Ilse Brandt', 'Signed at the harbour office.'].map((t) => doc.text.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('a PDF that lists no pages', () => {
  const countNegative = () => new Uint8Array(readFileSync(fileURLToPath(new URL('../../../test/fixtures/broken-pdfs/structure--count-negative.pdf', import.meta.url))));

  it.each([false, true])('is reported as damaged (allowTextless: %s)', async (allowTextless) => {
    const error = await failure(readPdf(countNegative(), 'pages.pdf', { allowTextless }));
    expect(error).toEqual({ code: 'corrupt', message: 'pages.pdf: This PDF is damaged: it lists no pages that can be read.' });
  });
});

describe('a page pdf.js is stuck on', () => {
  // 40,000 levels: about 50 s of pdf.js's text extraction, far past the limits below.
  const stuck = nestedPdf(40_000);

  it('is skipped with a warning once it runs past the page time limit, and the other pages are read', async () => {
    const started = performance.now();
    const source = await readPdf(stuck, 'dues.pdf', { pageTimeLimitMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(source.pages.map((p) => [p.page, p.items.length > 0, p.timedOut ?? false])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, true, false],
    ]);
    expect(source.pages[1]).toMatchObject({ width: 612, height: 792 });
    const doc = await parsePdf(stuck, 'dues.pdf', { pageTimeLimitMs: 1_000 });
    expect(doc.text).toContain('Page 3 lists the harbour dues for vessel class 3.');
    expect(doc.warnings).toContain('Page 2 could not be read in time; it was skipped');
  }, 30_000);

  it('answers a cancel within a second while pdf.js is stuck', async () => {
    const controller = new AbortController();
    const result = failure(readPdf(stuck, 'dues.pdf', { signal: controller.signal, pageTimeLimitMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const aborted = performance.now();
    controller.abort();
    expect((await result).code).toBe('cancelled');
    expect(performance.now() - aborted).toBeLessThan(1_000);
  }, 30_000);

  it('fails with a worded error when every page runs out of time', async () => {
    const error = await failure(readPdf(nestedPdf(40_000, 1, 1), 'dues.pdf', { pageTimeLimitMs: 1_000 }));
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe('dues.pdf: This PDF could not be read in time: its only page took more than 1 s to read and was skipped.');
  }, 30_000);
});
