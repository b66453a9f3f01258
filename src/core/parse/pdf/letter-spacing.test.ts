import { describe, expect, it } from 'vitest';
import { buildLines } from './lines';
import { isHeadingLike, isWordTail, joinSplitTails } from './letter-spacing';
import { item, page } from '../../../testing/synthetic-pdf';
import type { PdfPage, PdfTextItem } from './source';

/** Runs on one baseline, each starting `gapEm` ems after the previous one ends (10 pt type). */
function runs(parts: Array<[text: string, gapEm: number]>, y = 100): PdfTextItem[] {
  let x = 72;
  return parts.map(([text, gap]) => {
    x += gap * 10;
    const it = item(text, x, y);
    x += it.width;
    return it;
  });
}

const lineTexts = (items: PdfTextItem[]) => buildLines({ ...page(1, []), items } as PdfPage).map((l) => l.text);

describe('letter-spaced words split into runs: tails joined', () => {
  it('joins a word’s last letter or two set after a small gap', () => {
    expect(
      lineTexts(
        runs([
          ['Consolidated Statements of Cash Flow', 0],
          ['s', 0.2],
        ]),
      ),
    ).toEqual(['Consolidated Statements of Cash Flows']);
    expect(
      lineTexts(
        runs([
          ['Total Equit', 0],
          ['y', 0.18],
          [' and debt', 0],
        ]),
      ),
    ).toEqual(['Total Equity and debt']);
    expect(
      lineTexts(
        runs([
          ['Operati', 0],
          ['ng results', 0.2],
        ]),
      ),
    ).toEqual(['Operating results']);
    expect(
      lineTexts(
        runs([
          ['relates to our subsidiar', 0],
          ['y.', 0.2],
        ]),
      ),
    ).toEqual(['relates to our subsidiary.']);
    // An abbreviation is not a tail: "s.r.o.", "S.A."
    expect(
      lineTexts(
        runs([
          ['NIKE Slovakia', 0],
          ['s.r.o.', 0.2],
        ]),
      ),
    ).toEqual(['NIKE Slovakia s.r.o.']);
  });
});

describe('letter-spaced words split into runs: words and spaces kept apart', () => {
  it('keeps real short words apart: "a", "I", "of", the Spanish "y"', () => {
    expect(
      lineTexts(
        runs([
          ['The company is', 0],
          ['a', 0.2],
          ['leader', 0.2],
        ]),
      ),
    ).toEqual(['The company is a leader']);
    expect(
      lineTexts(
        runs([
          ['Revenue', 0],
          ['of', 0.2],
          ['the year', 0.2],
        ]),
      ),
    ).toEqual(['Revenue of the year']);
    expect(
      lineTexts(
        runs([
          ['Part', 0],
          ['I', 0.2],
        ]),
      ),
    ).toEqual(['Part I']);
    expect(
      lineTexts(
        runs([
          ['Plan', 0],
          ['y', 0.2],
          ['Acuerdo', 0.2],
        ]),
      ),
    ).toEqual(['Plan y Acuerdo']);
  });

  it('keeps a word space in prose: a gap as wide as a space is not tracking', () => {
    expect(
      lineTexts(
        runs([
          ['the notes list items a, b and', 0],
          ['c', 0.3],
        ]),
      ),
    ).toEqual(['the notes list items a, b and c']);
    expect(
      lineTexts(
        runs([
          ['the notes list items a, b and', 0],
          ['c', 0.2],
        ]),
      ),
    ).toEqual(['the notes list items a, b and c']);
    expect(
      lineTexts(
        runs([
          ['it was paid in full by the bank', 0],
          ['s', 0.3],
        ]),
      ),
    ).toEqual(['it was paid in full by the bank s']);
  });
});

describe('letter-spaced headings split inside one run', () => {
  it('joins the tails in a heading-like line, lower or upper case', () => {
    expect(lineTexts(runs([['Consolidated Statements of Cash Flow s', 0]]))).toEqual(['Consolidated Statements of Cash Flows']);
    expect(lineTexts(runs([['Statements of Stockholders’ Equit y', 0]]))).toEqual(['Statements of Stockholders’ Equity']);
    expect(joinSplitTails('CONSOLIDATED STATEMENTS OF CASH FLOW S')).toBe('CONSOLIDATED STATEMENTS OF CASH FLOWS');
    expect(joinSplitTails('TOTAL EQUIT Y')).toBe('TOTAL EQUITY');
  });

  it('leaves headings whose short words are real alone', () => {
    for (const text of [
      '/s/ JONATHAN S. HALKYARD',
      'C.P.W. MEXICO S. de R.L. de C.V.',
      'NIKE Czech s.r.o.',
      'F.C. Internazionale Merchandising s.r.l.',
      'PART II',
      'ITEM 1A. RISK FACTORS',
      'Plan y Acuerdo de Adjudicación',
      'Schedule A',
      'Balance Sheet as of December 31',
      'Notes to the Statements of Income',
    ]) {
      expect(joinSplitTails(text)).toBe(text);
    }
  });

  it('leaves prose alone', () => {
    const prose = 'Reductions in flights by major airlines as a result of higher fuel prices can impact the number of visitors to Las Vega s and more.';
    expect(isHeadingLike(prose)).toBe(false);
    expect(joinSplitTails(prose)).toBe(prose);
  });
});

describe('isWordTail', () => {
  it('takes one or two lower-case letters that are not a word of their own', () => {
    expect(['s', 'y', 'ng', 'es', 'ty'].map(isWordTail)).toEqual([true, true, true, true, true]);
    expect(['a', 'I', 'of', 'in', 'de', 'e', 'o', 'S', 'abc', '1'].map(isWordTail)).toEqual(new Array(10).fill(false));
  });
});
