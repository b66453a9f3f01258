import { describe, expect, it } from 'vitest';
import type { Chunk } from '../types';
import { extractiveAnswer, firstQuote } from './extractive';
import { hasFigure, isColumnHeaderRow, isHeadingOrContentsLine, quoteUnits, textBefore } from './extractive-units';

const CONTENTS = ['Table of Contents', 'Note 7. Property, Plant and Equipment… | 81', 'Item 8. Financial Statements and Supplementary Data | 47'].join('\n');
const TABLE = [
  '(Millions) | 2018 | 2017',
  'Assets',
  'Current assets',
  'Cash and cash equivalents | $2,853 | $3,053',
  'Total current assets | 13,709 | 14,277',
  'Property, plant and equipment | 24,873 | 24,914',
  'Less: Accumulated depreciation | (16,135) | (16,048)',
  'Property, plant and equipment - net | $8,738 | $8,866',
  'Total assets | $36,500 | $37,987',
];
/** A 10-K-like chunk: contents entries, headings, then the balance sheet. */
const BALANCE_SHEET = `${CONTENTS}\n\n3M Company and Subsidiaries\nConsolidated Balance Sheet\nAt December 31\n${TABLE.join('\n')}`;
const PPE_NET = '(Millions) | 2018 | 2017\nProperty, plant and equipment - net | $8,738 | $8,866';

describe('isHeadingOrContentsLine', () => {
  it('recognizes headings, contents entries, dotted leaders and captions', () => {
    for (const line of [
      'Table of Contents',
      'TABLE OF CONTENTS',
      'Note 7. Property, Plant and Equipment… | 81',
      'Item 8. Financial Statements and Supplementary Data | 47',
      'Item 8. Financial Statements and Supplementary Data 47',
      'Risk Factors ........ 12',
      'Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
      'Item 7A.',
      'Consolidated Balance Sheet',
      'NOTE 7. PROPERTY, PLANT AND EQUIPMENT',
      'Liquidity and capital resources',
      'Current assets:',
      // A paper's or a manual's numbered headings.
      '2. Overview: Example Forecast Run',
      '3.2 Surge Handling',
      '1. Introduction',
    ]) {
      expect(isHeadingOrContentsLine(line), line).toBe(true);
    }
  });

  it('keeps sentences, figure rows and short clauses', () => {
    for (const line of [
      'Property, plant and equipment - net | $8,738 | $8,866',
      'Employees | 54',
      'The ferry leaves the harbour at noon.',
      'Net sales increased 5% to $32.8 billion',
      'Note 7 describes the leases in detail.',
      'The ferry is blue',
      '2. Net sales rose 5% in the year',
      '3 ferries left the harbour at noon.',
      '2 Apple designs and sells smartphones, tablets and wearables',
      '10 Hudson Yards, New York, New York',
      '31 December',
      '5 Employees, of whom most work in Ireland',
    ]) {
      expect(isHeadingOrContentsLine(line), line).toBe(false);
    }
  });
});

describe('isColumnHeaderRow and hasFigure', () => {
  it('tells column header rows from data rows', () => {
    expect(isColumnHeaderRow('(Millions) | 2018 | 2017')).toBe(true);
    expect(isColumnHeaderRow('| December 31, 2022 | December 31, 2021')).toBe(true);
    expect(isColumnHeaderRow('Year Ended | 2019 | 2018 | 2017')).toBe(true);
    expect(isColumnHeaderRow('Property, plant and equipment - net | $8,738 | $8,866')).toBe(false);
    expect(isColumnHeaderRow('Name | Position')).toBe(false);
    expect(isColumnHeaderRow('Sales rose in 2018.')).toBe(false);
  });

  it('counts amounts, not years, dates, references or footnote marks', () => {
    expect(hasFigure('Property, plant and equipment - net | $8,738 | $8,866')).toBe(true);
    expect(hasFigure('Net sales rose 5% in 2018.')).toBe(true);
    expect(hasFigure('As of December 31, 2018, see Note 7 and Item 8.')).toBe(false);
    expect(hasFigure('The apiary holds forty hives [2] across the orchard.')).toBe(false);
    expect(hasFigure('Note 7 | 2018 | 2017')).toBe(false);
    expect(hasFigure('3M filed its 10-K for the 4th time.')).toBe(false);
    expect(hasFigure('Sales were $5m higher.')).toBe(true);
  });
});

describe('quoteUnits', () => {
  it('makes each table row a unit under its header row and leaves headings out', () => {
    const units = quoteUnits(BALANCE_SHEET);
    expect(units.every((u) => u.row)).toBe(true);
    expect(units.map((u) => u.text)).toEqual(TABLE.filter((l) => l.includes(' | ')).slice(1));
    expect(units.every((u) => u.header === '(Millions) | 2018 | 2017')).toBe(true);
  });

  it('ends a table at a paragraph break or a line of prose', () => {
    const text = '(Millions) | 2018 | 2017\nCash | $1 | $2\n\nDebt | $3 | $4\nThe company repaid part of its debt during the year.\nLeases | $5 | $6';
    expect(quoteUnits(text).map((u) => u.header)).toEqual(['(Millions) | 2018 | 2017', undefined, undefined, undefined]);
  });
});

describe('extractiveAnswer on tables', () => {
  it('quotes the asked-for row of a balance sheet with its column header, never a contents line or heading', () => {
    const r = extractiveAnswer("What was 3M's net property, plant and equipment in 2018?", [{ n: 1, text: BALANCE_SHEET, score: 0.8 }]);
    expect(r.sentences[0]).toMatchObject({ source: 1, text: PPE_NET });
    expect(r.text.startsWith(`${PPE_NET} [1]`)).toBe(true);
    expect(r.text).not.toMatch(/Note 7|Item 8|Table of Contents|Consolidated Balance Sheet|3M Company/);
    expect(r.sentences.length).toBeLessThanOrEqual(3);
  });

  it('reads an abbreviation in the question as the words it stands for', () => {
    const r = extractiveAnswer('What was the net PP&E in 2018?', [{ n: 1, text: BALANCE_SHEET, score: 0.8 }]);
    expect(r.sentences[0].text).toBe(PPE_NET);
  });

  it('finds the header row in the text before a source that starts inside a table', () => {
    const text = TABLE.slice(6).join('\n');
    const before = `Consolidated Balance Sheet\n${TABLE.slice(0, 6).join('\n')}\n`;
    const q = 'What was net property, plant and equipment?';
    expect(extractiveAnswer(q, [{ n: 1, text, score: 1, before }]).sentences[0].text).toBe(PPE_NET);
    // After a paragraph break the table above is another one: no header.
    const after = extractiveAnswer(q, [{ n: 1, text, score: 1, before: `${before}\n` }]);
    expect(after.sentences[0].text).toBe('Property, plant and equipment - net | $8,738 | $8,866');
  });

  it('prefers rows with figures for an amount question, even from a less relevant source', () => {
    const r = extractiveAnswer('What is the total amount of cash and cash equivalents?', [
      { n: 1, text: 'Cash and cash equivalents consist of bank deposits and money market funds; the total amount varies.', score: 1 },
      { n: 2, text: TABLE.join('\n'), score: 0.3 },
    ]);
    expect(r.sentences[0]).toMatchObject({ source: 2, text: '(Millions) | 2018 | 2017\nCash and cash equivalents | $2,853 | $3,053' });
    const prose = r.sentences.findIndex((s) => s.source === 1);
    const figureRows = r.sentences.filter((s) => s.source === 2).length;
    expect(prose === -1 || prose >= figureRows).toBe(true);
  });

  it('quotes a second row of the same table without repeating its header', () => {
    const r = extractiveAnswer('How much were total assets in 2017?', [{ n: 1, text: TABLE.join('\n'), score: 0.8 }]);
    expect(r.text).toBe('(Millions) | 2018 | 2017\nTotal assets | $36,500 | $37,987 [1]\nTotal current assets | 13,709 | 14,277 [1]');
  });

  it('does not quote the same row twice when sources overlap', () => {
    const text = TABLE.join('\n');
    const r = extractiveAnswer('What was net property, plant and equipment?', [
      { n: 1, text, score: 0.9 },
      { n: 2, text, score: 0.9 },
    ]);
    const texts = r.sentences.map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.filter((t) => t.includes('equipment - net'))).toHaveLength(1);
  });

  it('puts each citation mark after its unit, pointing at the unit’s source', () => {
    const r = extractiveAnswer('What was net property, plant and equipment in 2018 and why did it fall?', [
      { n: 1, text: 'Net property, plant and equipment fell in 2018 as depreciation exceeded capital spending.', score: 0.7 },
      { n: 2, text: BALANCE_SHEET, score: 0.9 },
    ]);
    expect(r.citations.length).toBe(r.sentences.length);
    r.citations.forEach((c, i) => {
      expect(c.sources).toEqual([r.sentences[i].source]);
      expect(r.text.slice(c.start, c.end)).toBe(`[${r.sentences[i].source}]`);
      expect(r.text.slice(0, c.start).trimEnd().endsWith(r.sentences[i].text)).toBe(true);
    });
    expect(r.sentences.map((s) => s.source)).toContain(1);
    expect(r.sentences.map((s) => s.text)).toContain(PPE_NET);
    expect(r.text).toContain(`${PPE_NET} [2]`);
  });
});

describe('firstQuote', () => {
  it('skips headings and contents entries and shows a row under its header', () => {
    expect(firstQuote({ text: BALANCE_SHEET })).toBe('(Millions) | 2018 | 2017\nCash and cash equivalents | $2,853 | $3,053');
    expect(firstQuote({ text: 'Table of Contents\nRisk Factors' })).toBeUndefined();
  });
});

describe('extractiveAnswer on prose', () => {
  it('still quotes the best sentence of a prose question and skips the heading', () => {
    const r = extractiveAnswer('When does the ferry leave the harbour?', [
      { n: 1, text: 'Island Ferry Services\n\nKelp grows fast. The ferry leaves the harbour at noon. Tickets cost 12 dollars.', score: 0.9 },
    ]);
    expect(r.sentences[0]).toMatchObject({ source: 1, text: 'The ferry leaves the harbour at noon.' });
    expect(r.text).toBe('The ferry leaves the harbour at noon. [1]');
  });

  it('lets a word that says how important ("main", "key") count less than what is asked about', () => {
    const r = extractiveAnswer('What are the main risks?', [
      { n: 1, text: '(In millions) | 2023 | 2022\nMain floor table games drop | $2,872 | $425\nMain floor table games win | $626 | $105', score: 0.9 },
      { n: 2, text: 'Our business is subject to risks from economic downturns and from the regulation of gaming.', score: 0.8 },
    ]);
    expect(r.sentences[0]).toMatchObject({ source: 2 });
  });
});

function chunk(docId: string, index: number, text: string, start: number): Chunk {
  return { id: `${docId}#${index}`, docId, index, text, start, end: start + text.length, sectionPath: [], sentenceStart: 0, sentenceEnd: 0 };
}

describe('textBefore', () => {
  it('rebuilds the text before a chunk, with line and paragraph breaks and overlaps cut', () => {
    const doc = 'Intro paragraph.\n\n(Millions) | 2018\nCash | $1\nDebt | $2';
    const a = chunk('d', 0, 'Intro paragraph.', 0);
    const b = chunk('d', 1, '(Millions) | 2018\nCash | $1', 18);
    const c = chunk('d', 2, 'Debt | $2', doc.indexOf('Debt'));
    expect(textBefore([a, b, c], 'd#2')).toBe('Intro paragraph.\n\n(Millions) | 2018\nCash | $1\n');
    expect(textBefore([a, b, c], 'd#0')).toBe('');
    expect(textBefore([a, b, c], 'd#2', 12)).toBe('8\nCash | $1\n');
    // An overlapping predecessor is cut where the chunk starts.
    const overlap = chunk('d', 2, 'Cash | $1\nDebt | $2', doc.indexOf('Cash'));
    expect(textBefore([a, b, overlap], 'd#2')).toBe('Intro paragraph.\n\n(Millions) | 2018\n');
  });
});
