import { describe, expect, it } from 'vitest';
import { parsePdfSource } from './parse';
import { page, prose, source, type SyntheticLine } from '../../../testing/synthetic-pdf';

describe('parsePdfSource: running headers and footers', () => {
  const pages = [1, 2, 3, 4, 5].map((n) =>
    page(n, [
      { y: 40, text: 'ACME HOLDINGS ANNUAL REPORT', size: 9 },
      ...prose(100, [`Body text of page ${n} describes the quarter in some detail and`, `continues on a second line that ends the paragraph here.`]),
      { y: 400, text: 'Dollars in thousands' },
      { y: 740, text: `Printed 2024-0${n}-01 for shareholders`, size: 8 },
      { y: 760, text: String(n + 10), size: 9 },
    ]),
  );
  const doc = parsePdfSource(source(pages), 'acme.pdf');

  it('removes lines repeated near the top or bottom of most pages, digits aside', () => {
    expect(doc.text).not.toContain('ACME HOLDINGS');
    expect(doc.text).not.toContain('Printed');
    expect(doc.warnings).toContain("Removed running header 'ACME HOLDINGS ANNUAL REPORT' from 5 pages");
    expect(doc.warnings).toContain("Removed running footer 'Printed 2024-#-01 for shareholders' from 5 pages");
  });

  it('removes bare page numbers and says so', () => {
    for (const n of [11, 12, 13, 14, 15]) expect(doc.text).not.toMatch(new RegExp(`(^|\\n)${n}(\\n|$)`));
    expect(doc.warnings).toContain('Removed page numbers from 5 pages');
  });

  it('keeps repeated lines in the body of the page', () => {
    expect(doc.text.split('Dollars in thousands').length - 1).toBe(5);
  });

  it('does not strip headers from short documents where repetition means little', () => {
    const two = parsePdfSource(source(pages.slice(0, 2)), 'two.pdf');
    expect(two.text).toContain('ACME HOLDINGS ANNUAL REPORT');
  });
});

describe('parsePdfSource: lines and paragraphs', () => {
  it('rebuilds lines from runs in x order, with spaces only where there are gaps', () => {
    const p = page(1, [
      {
        y: 100,
        cells: [
          ['world.', 132],
          ['Hello', 72],
        ],
      },
      {
        y: 200,
        cells: [
          ['Sea', 72],
          ['weed', 87],
          ['farm', 112],
        ],
      },
    ]);
    const doc = parsePdfSource(source([p]), 'a.pdf');
    expect(doc.text).toBe('Hello world.\n\nSeaweed farm');
  });

  it('joins the lines of a paragraph with spaces and separates paragraphs with a blank line', () => {
    const p = page(1, [
      ...prose(100, ['The first paragraph starts on this line and it', 'carries on over a second line of the same width.']),
      ...prose(140, ['A second paragraph follows after a larger gap and', 'it too has two lines of ordinary body text in it.']),
    ]);
    const doc = parsePdfSource(source([p]), 'a.pdf');
    expect(doc.text).toBe(
      'The first paragraph starts on this line and it carries on over a second line of the same width.\n\n' +
        'A second paragraph follows after a larger gap and it too has two lines of ordinary body text in it.',
    );
  });

  it('starts a new paragraph at a first-line indent even without extra spacing', () => {
    const p = page(1, [
      ...prose(100, ['This paragraph has two full lines of text set at the', 'left margin and its last line ends with a full stop.']),
      { y: 126, x: 90, text: 'An indented line begins the next paragraph of the text' },
      { y: 139, text: 'and this line carries on with that second paragraph.' },
    ]);
    expect(parsePdfSource(source([p]), 'a.pdf').text.split('\n\n')).toHaveLength(2);
  });

  it('removes line-break hyphenation but keeps real hyphens', () => {
    const p = page(1, [
      ...prose(100, [
        'The plant expanded its manu-',
        'facturing capacity, signed long-',
        'term contracts with data-',
        'driven buyers and reports non-',
        'GAAP measures for Form 10-',
        'K filings every single year.',
      ]),
      ...prose(200, ['Buyers prefer data-driven suppliers.']),
    ]);
    const text = parsePdfSource(source([p]), 'a.pdf').text;
    expect(text).toContain('its manufacturing capacity');
    expect(text).toContain('signed long-term contracts');
    expect(text).toContain('with data-driven buyers');
    expect(text).toContain('reports non-GAAP measures');
    expect(text).toContain('Form 10-K filings');
  });

  it('normalises whitespace inside runs', () => {
    const p = page(1, [{ y: 100, text: '  Net\u00a0sales   rose  \t sharply ' }]);
    expect(parsePdfSource(source([p]), 'a.pdf').text).toBe('Net sales rose sharply');
  });
});

describe('parsePdfSource: tables', () => {
  const row = (y: number, cells: string[], bold = false): SyntheticLine => ({
    y,
    bold,
    cells: cells.map((c, i) => [c, [72, 300, 400][i]] as [string, number]),
  });
  const p = page(1, [
    ...prose(100, ['Revenue grew in every region during the year, as the', 'table below shows in thousands of dollars per region.']),
    row(140, ['Region', '2024', '2023'], true),
    { y: 154, text: 'Revenue by region:' },
    row(168, ['North', '1,200', '1,100']),
    row(182, ['South', '800', '950']),
    {
      y: 196,
      cells: [
        ['Total', 72],
        ['$', 300],
        ['2,000', 320],
        ['$', 400],
        ['2,050', 420],
      ],
    },
    ...prose(230, ['The North region benefited from two new stores that', 'opened in the spring and traded well all summer long.']),
  ]);
  const doc = parsePdfSource(source([p]), 'table.pdf');

  it('keeps each row on its own line with cells joined by " | "', () => {
    expect(doc.text).toContain('Region | 2024 | 2023\nRevenue by region:\nNorth | 1,200 | 1,100\nSouth | 800 | 950\nTotal | $2,000 | $2,050');
  });

  it('separates the table from the paragraphs around it', () => {
    const blocks = doc.text.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[1].split('\n')).toHaveLength(5);
    expect(blocks[2]).toMatch(/^The North region/);
  });
});

describe('parsePdfSource: two-column pages', () => {
  const left = ['The left column opens the story of the', 'farm and how its first lines were set in', 'the cold water of the sound in spring.'];
  const right = ['The right column continues with the way', 'the harvest is dried, packed and sold to', 'the chefs and feed makers who buy it.'];
  const p = page(
    1,
    left.map((text, i) => ({
      y: 100 + i * 13,
      cells: [
        [text, 50],
        [right[i], 320],
      ] as Array<[string, number]>,
    })),
  );

  it('reads the left column before the right one', () => {
    const text = parsePdfSource(source([p]), 'cols.pdf').text;
    expect(text).toBe(`${left.join(' ')}\n\n${right.join(' ')}`);
  });
});
