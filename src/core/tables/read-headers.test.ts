import { describe, expect, it } from 'vitest';
import { fys, row, tablesOf, values } from '../../testing/table-docs';

describe('readTables: column headers', () => {
  it('reads "At December 31, 2019 At December 31, 2018" as one plain line, and a colon heading above the first row as its path', () => {
    const { tables } = tablesOf(`CONSOLIDATED BALANCE SHEETS

(in thousands)

At December 31, 2019 At December 31, 2018

Current assets:
Cash | 10 | 20
Inventories | 5 | 6
Total current assets | 15 | 26
Goodwill | 7 | 8
Total assets | 22 | 34`);
    const t = tables[0];
    expect(t.columns.map((c) => c.period)).toEqual([
      { fy: 2019, label: 'Dec 31, 2019' },
      { fy: 2018, label: 'Dec 31, 2018' },
    ]);
    expect(t.scale).toBe(1e3);
    expect(t.statement).toBe('balance sheet');
    expect(t.title).not.toContain('Current assets');
    expect(row(t, 'Cash').path).toEqual(['Current assets']);
    expect(row(t, 'Total current assets').path).toEqual(['Current assets']);
    expect(row(t, 'Goodwill').path).toEqual([]);
  });

  it('reads a 10-Q’s "Three months ended | Six months ended" groups over four columns', () => {
    const { tables } = tablesOf(`Condensed Consolidated Statements of Operations (Unaudited)

(In millions, except per share data)

Three months ended | Six months ended
June 30, | June 30,
2023 | 2022 | 2023 | 2022
Revenues | 1,000 | 900 | 2,000 | 1,800
Cost of revenues | 600 | 500 | 1,200 | 1,000
Net income | 100 | 90 | 200 | 180`);
    expect(tables).toHaveLength(1);
    const t = tables[0];
    expect(t.columns.map((c) => [c.label, c.period?.fy, c.period?.months])).toEqual([
      ['Jun 30, 2023', 2023, 3],
      ['Jun 30, 2022', 2022, 3],
      ['Jun 30, 2023', 2023, 6],
      ['Jun 30, 2022', 2022, 6],
    ]);
    expect(t.statement).toBe('income statement');
    expect(t.title).toBe('Condensed Consolidated Statements of Operations (Unaudited)');
    expect(t.unitText).toBe('(In millions, except per share data)');
    expect(row(t, 'Revenues').path).toEqual([]);
    expect(values(t, 'Net income')).toEqual([100, 90, 200, 180]);
  });

  it('reads Best Buy’s "Fiscal Years Ended | January 28, 2017 | …" with late-January years as their own', () => {
    const { tables } = tablesOf(`Consolidated Statements of Earnings

($ in millions, except per share amounts)

Fiscal Years Ended | January 28, 2017 | January 30, 2016 | January 31, 2015
Revenue | $ 39,403 | $ 39,528 | $ 40,339
Cost of goods sold | 29,963 | 30,334 | 31,292
Gross profit | 9,440 | 9,194 | 9,047`);
    const t = tables[0];
    expect(fys(t)).toEqual([2017, 2016, 2015]);
    expect(t.columns.map((c) => c.period?.months)).toEqual([12, 12, 12]);
    expect(t.title).toBe('Consolidated Statements of Earnings');
    expect(t.unitText).toBe('($ in millions, except per share amounts)');
    expect(values(t, 'Revenue')).toEqual([39403, 39528, 40339]);
  });
});

describe('readTables: fiscal years and column labels', () => {
  it('counts a 52-week year ending January 2, 2021 as fiscal 2020', () => {
    const { tables } = tablesOf(`Consolidated Statements of Operations

(in millions) | January 2, 2021 | December 28, 2019
Net sales | 100 | 90`);
    expect(fys(tables[0])).toEqual([2020, 2019]);
    expect(tables[0].columns[0].label).toBe('Jan 2, 2021');
  });

  it('labels columns without periods by number, and leaves a change column without a period', () => {
    const plain = tablesOf('Net sales | 100 | 90').tables[0];
    expect(plain.columns).toEqual([{ label: 'column 1' }, { label: 'column 2' }]);
    const change = tablesOf('(in millions) | 2023 | 2022 | % Change\nNet sales | 110 | 100 | 10.0%').tables[0];
    expect(change.columns.map((c) => c.label)).toEqual(['2023', '2022', '% Change']);
    expect(row(change, 'Net sales').cells[2]).toMatchObject({ value: 10, percent: true });
  });
});

describe('readTables: units', () => {
  it('reads "$ in millions, except per share amounts" above the table', () => {
    const t = tablesOf('Selected Financial Data\n\n$ in millions, except per share amounts\n\n(Fiscal year) | 2022 | 2021\nRevenue | 5 | 4').tables[0];
    expect(t.scale).toBe(1e6);
    expect(t.unitText).toBe('$ in millions');
    expect(t.title).toBe('Selected Financial Data');
  });

  it('reads "Dollars in billions"', () => {
    expect(tablesOf('Dollars in billions\n\n2022 | 2021\nRevenue | 5.1 | 4.9').tables[0].scale).toBe(1e9);
  });

  it('reads "($ in thousands)" and keeps a unit that is part of a longer title in the title', () => {
    const t = tablesOf('Summary of Operations ($ in thousands)\n\n2022 | 2021\nRevenue | 5 | 4').tables[0];
    expect(t.scale).toBe(1e3);
    expect(t.unitText).toBe('($ in thousands)');
    expect(t.title).toBe('Summary of Operations ($ in thousands)');
  });

  it('does not read a figure in prose above the table as its unit', () => {
    const t = tablesOf('We issued $2 billion of notes\n\n2022 | 2021\nLong-term debt | 5,000 | 3,000').tables[0];
    expect(t.scale).toBe(1);
    expect(t.unitText).toBeUndefined();
  });

  it('reads a unit stated in a row label when the header states none', () => {
    const t = tablesOf('2022 | 2021\nRevenue (in thousands) | 5 | 4').tables[0];
    expect(t.scale).toBe(1e3);
  });
});
