import { describe, expect, it } from 'vitest';
import { docOf } from '../../testing/table-docs';
import { readLines } from './lines';

const kindOf = (line: string) => readLines(line, [])[0].kind;

describe('readLines', () => {
  it('splits text into lines with half-open offsets', () => {
    const text = 'Title\n\nNet sales | 10 | 9';
    const lines = readLines(text, []);
    expect(lines.map((l) => l.kind)).toEqual(['short', 'blank', 'row']);
    for (const l of lines) expect(text.slice(l.start, l.end)).toBe(l.text);
    expect(lines[0].page).toBeUndefined();
  });

  it('gives each line its page', () => {
    const { text, pages } = docOf('Page one | 1 | 2', 'Page two | 3 | 4\nMore | 5 | 6', 'Three');
    const lines = readLines(text, pages);
    expect(lines.filter((l) => l.kind !== 'blank').map((l) => [l.text, l.page])).toEqual([
      ['Page one | 1 | 2', 1],
      ['Page two | 3 | 4', 2],
      ['More | 5 | 6', 2],
      ['Three', 3],
    ]);
  });

  it('reads a row’s label and cells with offsets into the text', () => {
    const text = 'Intro\nGain on business divestitures | (2,724) | — |  (389)';
    const row = readLines(text, [])[1];
    expect(row.kind).toBe('row');
    expect(row.label).toBe('Gain on business divestitures');
    expect(row.cells!.map((c) => c.raw)).toEqual(['(2,724)', '—', '(389)']);
    for (const c of row.cells!) expect(text.slice(c.start, c.end)).toBe(c.raw);
  });

  it('drops dot leaders from a label, keeping an abbreviation’s full stop', () => {
    expect(readLines('Net cash provided by operating activities........ | 100 | 90', [])[0].label).toBe('Net cash provided by operating activities');
    expect(readLines('Total . . . . | 5 | 4', [])[0].label).toBe('Total');
    expect(readLines('Acme Inc. | 5 | 4', [])[0].label).toBe('Acme Inc.');
  });

  it('reads a row without a label', () => {
    const line = readLines('1,000 | 2,000', [])[0];
    expect(line.kind).toBe('row');
    expect(line.label).toBe('');
    expect(line.cells!.map((c) => c.raw)).toEqual(['1,000', '2,000']);
  });
});

describe('readLines: kinds of line', () => {
  it('reads rows of years and period words as header rows', () => {
    expect(kindOf('2019 | 2018')).toBe('header');
    expect(kindOf('(Millions, except per share amounts) | 2022 | 2021 | 2020')).toBe('header');
    expect(kindOf('2023 | 2022 | 2023 | 2022')).toBe('header');
    expect(kindOf('(in millions) | 2023 | 2022 | % Change')).toBe('header');
    expect(kindOf('Region | 2023 | 2022')).toBe('header');
    expect(kindOf('Fiscal 2023 | Fiscal 2022')).toBe('header');
    expect(kindOf('(in millions) | 2023 | 2022 | 2023 vs. 2022')).toBe('header');
    expect(kindOf('2023 | 2022 | 2023 compared to 2022')).toBe('header');
  });

  it('reads a row of words without figures as a header row', () => {
    expect(kindOf('Three months ended | Six months ended')).toBe('header');
    expect(kindOf('Analyte | Result | Units | Reference range')).toBe('header');
  });

  it('reads dates without a year, and a year among words, as short header lines (not rows)', () => {
    expect(kindOf('May 26, | May 27,')).toBe('short');
    expect(kindOf('Fiscal Years Ended | January 28, 2017 | January 30, 2016 | January 31, 2015')).toBe('short');
    expect(kindOf('Years ended December 31, | 2022 | Change | Percent')).toBe('short');
  });

  it('reads a labelled line with a measured value among text cells as a row', () => {
    const line = readLines('Hemoglobin | 13.2 | g/dL | 12.0-15.5', [])[0];
    expect(line.kind).toBe('row');
    expect(line.label).toBe('Hemoglobin');
    expect(line.cells!.map((c) => c.raw)).toEqual(['13.2', 'g/dL', '12.0-15.5']);
    expect(kindOf('Operating margin | 12.5% | n/m | n/m')).toBe('row');
  });

  it('reads a heading line as short and a long or sentence line as prose', () => {
    expect(kindOf('Current assets:')).toBe('short');
    expect(kindOf('Consolidated Balance Sheets')).toBe('short');
    expect(kindOf('Net earnings, including earnings attributable to redeemable and noncontrolling')).toBe('short');
    const sentence = 'Revenue in the Americas grew 11% due to higher volumes and pricing across all product lines, partly offset by currency.';
    expect(sentence.length).toBeGreaterThan(110);
    expect(kindOf(sentence)).toBe('prose');
    expect(kindOf('x'.repeat(221))).toBe('prose');
    expect(kindOf(`${'Heading words '.repeat(10)}without a full stop`)).toBe('short');
  });

  it('reads an empty or whitespace line as blank', () => {
    expect(readLines('a\n   \nb', []).map((l) => l.kind)).toEqual(['short', 'blank', 'short']);
  });
});
