import { describe, expect, it } from 'vitest';
import { buildLines } from './lines';
import { parsePdfSource } from './parse';
import { isPageNumber, removeRunningLines, runningKey } from './running';
import { page, source } from '../../../testing/synthetic-pdf';

describe('isPageNumber', () => {
  it('recognises the usual page number forms', () => {
    for (const s of ['7', '123', 'Page 4', 'page 4 of 12', '- 9 -', 'F-12', 'xiv', 'iv']) expect(isPageNumber(s)).toBe(true);
  });

  it('leaves years, amounts and words alone', () => {
    for (const s of ['2018', '1,234', 'Total', 'civil', '$12']) expect(isPageNumber(s)).toBe(false);
  });
});

describe('runningKey', () => {
  it('ignores digits and case so numbered headers match across pages', () => {
    expect(runningKey('Annual Report 2023 | Page 4')).toBe(runningKey('ANNUAL REPORT 2023 | page 17'));
  });
});

describe('removeRunningLines: never empties a document', () => {
  const only = (n: number, text: string, y = 40) => ({ page: n, height: 792, lines: buildLines(page(n, [{ y, text }])) });

  it('keeps the lines when they are all a short document has', () => {
    const pages = [1, 2, 3].map((n) => only(n, 'Confidential board memo'));
    const { pages: out, warnings } = removeRunningLines(pages);
    expect(out.map((p) => p.lines.map((l) => l.text))).toEqual([['Confidential board memo'], ['Confidential board memo'], ['Confidential board memo']]);
    expect(warnings).toEqual([]);
  });

  it('keeps a one-page document whose only line looks like a page number', () => {
    const { pages: out } = removeRunningLines([only(1, 'Page 1 of 1', 760)]);
    expect(out[0].lines.map((l) => l.text)).toEqual(['Page 1 of 1']);
  });

  it('still removes running lines when other text remains', () => {
    const bodies = ['Revenue rose.', 'Costs fell.', 'Margins widened.'];
    const pages = bodies.map((text, i) => ({
      page: i + 1,
      height: 792,
      lines: buildLines(
        page(i + 1, [
          { y: 40, text: 'Confidential board memo' },
          { y: 100, text },
        ]),
      ),
    }));
    expect(removeRunningLines(pages).pages.map((p) => p.lines.map((l) => l.text))).toEqual(bodies.map((b) => [b]));
  });

  it('lets a short document made only of its header lines parse', () => {
    const doc = parsePdfSource(source([1, 2, 3].map((n) => page(n, [{ y: 40, text: 'Confidential board memo' }]))), 'memo.pdf');
    expect(doc.text).toContain('Confidential board memo');
  });
});
