import { describe, expect, it } from 'vitest';
import { segmentSentences } from './segment';

const texts = (text: string) => segmentSentences(text).map((s) => s.text);

describe('segmentSentences: sentence ends and abbreviations', () => {
  it('splits ordinary prose at sentence ends', () => {
    expect(texts('Revenue grew. Costs fell! Why? Margins improved.')).toEqual(['Revenue grew.', 'Costs fell!', 'Why?', 'Margins improved.']);
  });

  it('gives exact, trimmed offsets and consecutive indexes', () => {
    const text = '  First one.   Second one.  \n\n  Third  ';
    const sentences = segmentSentences(text);
    expect(sentences.map((s) => s.index)).toEqual([0, 1, 2]);
    for (const s of sentences) {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      expect(s.text).toBe(s.text.trim());
    }
    expect(sentences.map((s) => s.text)).toEqual(['First one.', 'Second one.', 'Third']);
  });

  it.each([
    ['Mr. Smith met Dr. Jones at St. Mary.'],
    ['Costs rose, e.g. Freight and i.e. Fuel, this year.'],
    ['See Fig. 3 and Figs. 4 to 6 for the trend.'],
    ['Cash vs. Debt was approx. 40% of assets.'],
    ['Apple Inc. reported revenue of $1.2 billion.'],
    ['Growth was 3.5% versus 2.75% a year ago.'],
    ['Shares of Acme Corp. Class A rose.'],
    ['The U.S. Treasury bond yield fell.'],
    ['The deal closed on Jan. 5, 2024 after review.'],
    ['It ranked No. 1 in the region.'],
    ['J. R. Smith signed the report.'],
    ['Payments to Widget Co. Ltd. Holdings ended.'],
    ["Item 7. Management's Discussion and Analysis"],
    ['Part II. Item 8. Financial Statements'],
    ['Note 12. Income Taxes'],
    ['1. Introduction'],
    ['7A. Quantitative and Qualitative Disclosures'],
    ['1.1 Overview of the business'],
    ['The meeting starts at 9 a.m. Eastern time.'],
  ])('does not split %j', (text) => {
    expect(texts(text)).toEqual([text]);
  });

  it('still splits after an abbreviation that ends a sentence before a typical opener', () => {
    expect(texts('We sold the unit to Acme Corp. The deal closed in May.')).toEqual(['We sold the unit to Acme Corp.', 'The deal closed in May.']);
    expect(texts('Most sales were in the U.S. In 2023 exports grew.')).toEqual(['Most sales were in the U.S.', 'In 2023 exports grew.']);
  });

  it('splits after a plain number or a "No." that is not followed by a number', () => {
    expect(texts('The total was 7. Next year will differ.')).toEqual(['The total was 7.', 'Next year will differ.']);
    expect(texts('Did it pass? No. The vote failed.')).toEqual(['Did it pass?', 'No.', 'The vote failed.']);
  });

  it('keeps closing quotes with their sentence', () => {
    expect(texts('He said "Stop." Then he left.')).toEqual(['He said "Stop."', 'Then he left.']);
  });
});

describe('segmentSentences: lines, tables, empty ranges and long text', () => {
  it('never merges across a newline, even without punctuation', () => {
    expect(texts('Overview\nThe company makes widgets\n- first item\n- second item')).toEqual(['Overview', 'The company makes widgets', '- first item', '- second item']);
    expect(texts('Sales grew by approx.\n40 percent')).toEqual(['Sales grew by approx.', '40 percent']);
  });

  it('always splits at paragraph breaks', () => {
    expect(texts('Mr.\n\nSmith')).toEqual(['Mr.', 'Smith']);
  });

  it('never splits a table row', () => {
    const row = 'Revenue. Net | 1.2 | 3. Total | N/A. Other';
    expect(texts(`Results\n${row}\nEnd.`)).toEqual(['Results', row, 'End.']);
  });

  it('skips empty and punctuation-only ranges', () => {
    expect(segmentSentences('')).toEqual([]);
    expect(segmentSentences(' \n\n \t \n')).toEqual([]);
    expect(texts('---\n\nText here.\n\n* * *')).toEqual(['Text here.']);
  });

  it('handles Windows line endings by trimming the carriage return', () => {
    expect(texts('One.\r\nTwo.\r\n')).toEqual(['One.', 'Two.']);
  });

  it('finds the same sentences in a very long line as in short ones', () => {
    const sentence = 'Dr. Lee of Acme Inc. said sales rose 3.5% in the U.S. market. ';
    const sentences = texts(sentence.repeat(500));
    expect(sentences).toHaveLength(500);
    expect(new Set(sentences)).toEqual(new Set([sentence.trim()]));
  });

  // Speed is measured by benchmarks, not here: these check that time grows linearly with the
  // text. For 8× the text a linear pass takes about 8× the time and a quadratic one 64×; the
  // bound, 24, sits between them, so only a change in kind fails it, not a busy machine. Each
  // size is timed five times and the fastest run kept: interference only ever adds time.
  const growth = (make: (n: number) => string, check: (n: number, out: unknown[]) => void) => {
    const time = (n: number) => {
      const text = make(n);
      const runs = [0, 1, 2, 3, 4].map(() => {
        const t0 = performance.now();
        check(n, segmentSentences(text));
        return performance.now() - t0;
      });
      return Math.min(...runs);
    };
    time(50_000); // warm up: the first run pays for compilation
    return time(400_000) / Math.max(0.5, time(50_000));
  };
  const LINEAR_BOUND = 24;

  it('segments text in time linear in its length', () => {
    const paragraph =
      'Apple Inc. reported net sales of $1.2 billion, up 3.5% vs. last year. Mr. Cook said growth ' +
      "was broad-based. Item 7. Management's Discussion follows.\nRevenue | 1,200 | 1,150\n" +
      '- Services grew 12%\n- Products grew 2%\n\n';
    const make = (n: number) => paragraph.repeat(Math.ceil(n / paragraph.length));
    expect(growth(make, (n, out) => expect(out.length).toBe(6 * Math.ceil(n / paragraph.length)))).toBeLessThan(LINEAR_BOUND);
  });

  it('stays linear on a pathological line full of abbreviations', () => {
    expect(
      growth(
        (n) => 'Dr. '.repeat(n / 4),
        (_, out) => expect(out).toHaveLength(1),
      ),
    ).toBeLessThan(LINEAR_BOUND);
  });
});
