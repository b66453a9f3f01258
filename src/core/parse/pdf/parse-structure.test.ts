import { describe, expect, it } from 'vitest';
import { isIngestError } from '../../errors';
import { parsePdfSource, parsePdfSourcePaced } from './parse';
import { page, prose, source } from '../../../testing/synthetic-pdf';

const sectionAt = (doc: ReturnType<typeof parsePdfSource>, needle: string) => {
  const at = doc.text.indexOf(needle);
  return doc.sections.find((s) => s.start <= at && at < s.end)?.path;
};

describe('parsePdfSource: headings and sections', () => {
  const body = (top: number, what: string) => prose(top, [`This paragraph explains ${what} in the detail that a`, `reader of the annual report would expect to find here.`]);
  const pages = [
    page(1, [
      { y: 60, text: 'Acme Holdings Annual Report', size: 20, bold: true },
      { y: 100, text: 'PART I', bold: true },
      { y: 125, text: 'Item 1. Business', bold: true },
      ...body(150, 'the business'),
      { y: 200, text: 'Products', size: 12, bold: true },
      ...body(225, 'the products'),
      { y: 275, text: 'Item 1A. Risk Factors', bold: true },
      ...body(300, 'the risks'),
    ]),
    page(2, [
      { y: 60, text: 'PART II', bold: true },
      { y: 85, text: "Item 7. Management's Discussion and Analysis", bold: true },
      ...body(110, 'the results'),
      { y: 160, text: 'Liquidity', size: 12, bold: true },
      ...body(185, 'the cash position'),
    ]),
  ];
  const doc = parsePdfSource(source(pages, '0000320187-18-000142'), 'acme-10k.pdf');

  it('finds headings from size, weight and filing patterns, nested by level', () => {
    expect(sectionAt(doc, 'the business')).toEqual(['PART I', 'Item 1. Business']);
    expect(sectionAt(doc, 'the products')).toEqual(['PART I', 'Item 1. Business', 'Products']);
    expect(sectionAt(doc, 'the risks')).toEqual(['PART I', 'Item 1A. Risk Factors']);
    expect(sectionAt(doc, 'the results')).toEqual(['PART II', "Item 7. Management's Discussion and Analysis"]);
    expect(sectionAt(doc, 'the cash position')).toEqual(['PART II', "Item 7. Management's Discussion and Analysis", 'Liquidity']);
  });

  it('keeps sections sorted and non-overlapping, each starting at its heading', () => {
    for (let i = 1; i < doc.sections.length; i++) expect(doc.sections[i].start).toBeGreaterThanOrEqual(doc.sections[i - 1].end);
    for (const s of doc.sections) expect(doc.text.slice(s.start).startsWith(s.path[s.path.length - 1])).toBe(true);
  });

  it('takes the first large heading as title when the metadata title is an id', () => {
    expect(doc.title).toBe('Acme Holdings Annual Report');
  });

  it('prefers a meaningful metadata title and falls back to the file name', () => {
    expect(parsePdfSource(source(pages, 'Acme 10-K 2024'), 'a.pdf').title).toBe('Acme 10-K 2024');
    const plain = page(1, body(100, 'nothing in particular'));
    expect(parsePdfSource(source([plain], 'Microsoft Word - draft7.docx'), 'notes.pdf').title).toBe('notes.pdf');
  });

  it('uses the outline instead when there is one, placing bookmarks at their headings', () => {
    const outline = [
      { title: 'Business', page: 1, y: 110, children: [{ title: 'Products', page: 1, y: 188, children: [] }] },
      { title: 'Results', page: 2, y: 75, children: [{ title: 'Liquidity', page: 2, y: 150, children: [] }] },
    ];
    const withOutline = parsePdfSource(source(pages, null, outline), 'a.pdf');
    expect(withOutline.sections.map((s) => s.path)).toEqual([['Business'], ['Business', 'Products'], ['Results'], ['Results', 'Liquidity']]);
    const products = withOutline.sections[1];
    expect(withOutline.text.slice(products.start).startsWith('Products')).toBe(true);
    expect(sectionAt(withOutline, 'the cash position')).toEqual(['Results', 'Liquidity']);
  });
});

describe('parsePdfSource: pages', () => {
  const pages = [
    page(1, prose(100, ['The first page tells how the company grew its sales of', 'kelp flakes, and it ends in the middle of a sentence about the'])),
    page(2, [...prose(100, ['second harvest of the year, which was the largest ever.', 'This line finishes the paragraph with a full stop here.'])]),
    page(3, []),
    page(4, prose(100, ['The fourth page begins a new paragraph of its own.'])),
  ];
  const doc = parsePdfSource(source(pages), 'pages.pdf');

  it('gives every page a contiguous range, empty for pages without text', () => {
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(doc.pages[0].start).toBe(0);
    for (let i = 1; i < doc.pages.length; i++) expect(doc.pages[i].start).toBe(doc.pages[i - 1].end);
    expect(doc.pages[3].end).toBe(doc.text.length);
    expect(doc.pages[2].start).toBe(doc.pages[2].end);
  });

  it("puts each page's text in its range", () => {
    const slice = (n: number) => doc.text.slice(doc.pages[n - 1].start, doc.pages[n - 1].end);
    expect(slice(1)).toContain('grew its sales');
    expect(slice(2)).toMatch(/^second harvest/);
    expect(slice(4)).toBe('The fourth page begins a new paragraph of its own.');
  });

  it('joins a paragraph cut by a page break', () => {
    expect(doc.text).toContain('a sentence about the second harvest of the year');
    expect(doc.text).toContain('full stop here.\n\nThe fourth page');
  });

  it('warns about pages without text', () => {
    expect(doc.warnings.some((w) => w.includes('page 3'))).toBe(true);
  });
});

describe('parsePdfSource: errors', () => {
  it('throws no-text when no page has any text', () => {
    let error: unknown;
    try {
      parsePdfSource(source([page(1, []), page(2, [])]), 'scan.pdf');
    } catch (e) {
      error = e;
    }
    expect(isIngestError(error) && error.code).toBe('no-text');
    expect((error as Error).message).toMatch(/^scan\.pdf: .*scanned.*OCR/);
  });
});

describe('parsePdfSourcePaced', () => {
  const pages = Array.from({ length: 40 }, (_, i) =>
    page(i + 1, [
      { y: 60, text: `Quarterly Ledger ${i + 1}`, size: 14, bold: true },
      ...prose(100, [`Depot ${i} received ${i * 3} crates of pears in the spring.`, 'The harbour office counted them twice.']),
    ]),
  );

  it('gives the same document as the straight parse, handing the thread back at least once a page', async () => {
    let paces = 0;
    const paced = await parsePdfSourcePaced(source(pages), 'ledger.pdf', async () => {
      paces++;
    });
    expect(paced).toEqual(parsePdfSource(source(pages), 'ledger.pdf'));
    expect(paces).toBeGreaterThanOrEqual(pages.length * 3);
  });

  it('stops at the first pace that throws (a cancel), without finishing the parse', async () => {
    let paces = 0;
    const cancel = new DOMException('cancelled', 'AbortError');
    await expect(
      parsePdfSourcePaced(source(pages), 'ledger.pdf', async () => {
        if (++paces === 5) throw cancel;
      }),
    ).rejects.toBe(cancel);
    expect(paces).toBe(5);
  });
});
