import { describe, expect, it } from 'vitest';
import { offsetMismatches, row, tablesOf, values } from '../../testing/table-docs';

const MMM_INCOME = `3M Company and Subsidiaries Consolidated Statement of Income Years ended December 31

(Millions, except per share amounts) | 2022 | 2021 | 2020
Net sales | $34,229 | $35,355 | $32,184
Operating expenses
Cost of sales | 19,232 | 18,795 | 16,605
Gain on business divestitures | (2,724) | — | (389)
Total operating expenses | 27,690 | 27,986 | 25,023
Operating income | 6,539 | 7,369 | 7,161
Earnings per share attributable to 3M common shareholders — diluted | $10.18 | $10.12 | $9.36`;

const GIS_BALANCE = `Consolidated Balance Sheets

GENERAL MILLS, INC. AND SUBSIDIARIES

(In Millions, Except Par Value)

May 26, | May 27,
2019 | 2018

ASSETS Current assets:

Cash and cash equivalents | $450.0 | $399.0
Receivables | 1,679.7 | 1,684.2
Total current assets | 4,186.5 | 4,123.7
Land, buildings, and equipment | 3,787.2 | 4,047.2
Goodwill | 13,995.8 | 14,065.0`;

describe('readTables: an income statement (3M)', () => {
  const { text, tables } = tablesOf(MMM_INCOME);
  const t = tables[0];

  it('reads one table of the data rows, recognised by its title', () => {
    expect(tables).toHaveLength(1);
    expect(t.statement).toBe('income statement');
    expect(t.title).toBe('3M Company and Subsidiaries Consolidated Statement of Income Years ended December 31');
    expect(t.page).toBe(1);
    expect(t.rows.map((r) => r.label)).toEqual([
      'Net sales',
      'Cost of sales',
      'Gain on business divestitures',
      'Total operating expenses',
      'Operating income',
      'Earnings per share attributable to 3M common shareholders — diluted',
    ]);
  });

  it('reads the unit from the header row’s label cell', () => {
    expect(t.scale).toBe(1e6);
    expect(t.unitText).toBe('(Millions, except per share amounts)');
  });

  it('gives each column its fiscal year and a twelve-month duration', () => {
    expect(t.columns).toEqual([
      { label: 'Dec 31, 2022', period: { fy: 2022, label: 'Dec 31, 2022', months: 12 } },
      { label: 'Dec 31, 2021', period: { fy: 2021, label: 'Dec 31, 2021', months: 12 } },
      { label: 'Dec 31, 2020', period: { fy: 2020, label: 'Dec 31, 2020', months: 12 } },
    ]);
  });

  it('reads values: currency signs, parentheses negative, a dash empty, per-share decimals', () => {
    expect(values(t, 'Net sales')).toEqual([34229, 35355, 32184]);
    expect(values(t, 'Gain on business divestitures')).toEqual([-2724, null, -389]);
    expect(values(t, 'Earnings per share attributable to 3M common shareholders — diluted')).toEqual([10.18, 10.12, 9.36]);
    expect(row(t, 'Net sales').cells.map((c) => c.column)).toEqual([0, 1, 2]);
  });

  it('puts rows under a heading line until a Total row', () => {
    expect(row(t, 'Net sales').path).toEqual([]);
    expect(row(t, 'Cost of sales').path).toEqual(['Operating expenses']);
    expect(row(t, 'Gain on business divestitures').path).toEqual(['Operating expenses']);
    expect(row(t, 'Total operating expenses').path).toEqual(['Operating expenses']);
    expect(row(t, 'Operating income').path).toEqual([]);
  });

  it('spans its rows, and every cell’s offsets point at its text', () => {
    expect(text.slice(t.start, t.start + 9)).toBe('Net sales');
    expect(text.slice(t.end - 5, t.end)).toBe('$9.36');
    expect(offsetMismatches(text, tables)).toEqual([]);
    const gain = row(t, 'Gain on business divestitures');
    expect(text.slice(gain.start, gain.end)).toBe('Gain on business divestitures | (2,724) | — | (389)');
  });
});

describe('readTables: a balance sheet with its years in two header rows (General Mills)', () => {
  const { text, tables } = tablesOf(GIS_BALANCE);
  const t = tables[0];

  it('reads the dates of one row and the years of the next', () => {
    expect(tables).toHaveLength(1);
    expect(t.columns.map((c) => c.period)).toEqual([
      { fy: 2019, label: 'May 26, 2019' },
      { fy: 2018, label: 'May 27, 2018' },
    ]);
  });

  it('takes the title lines, not the unit line or the column headers', () => {
    expect(t.statement).toBe('balance sheet');
    expect(t.title).toBe('Consolidated Balance Sheets · GENERAL MILLS, INC. AND SUBSIDIARIES');
    expect(t.scale).toBe(1e6);
    expect(t.unitText).toBe('(In Millions, Except Par Value)');
  });

  it('puts the first rows under the heading above them, split into its levels, until the Total row', () => {
    expect(row(t, 'Cash and cash equivalents').path).toEqual(['ASSETS', 'Current assets']);
    expect(row(t, 'Total current assets').path).toEqual(['ASSETS', 'Current assets']);
    expect(row(t, 'Goodwill').path).toEqual([]);
    expect(values(t, 'Cash and cash equivalents')).toEqual([450, 399]);
    expect(values(t, 'Receivables')).toEqual([1679.7, 1684.2]);
  });

  it('has cell offsets into the text', () => {
    expect(offsetMismatches(text, tables)).toEqual([]);
  });
});

describe('readTables: units', () => {
  it('a table that states no unit takes the unit of one that prints the same figures', () => {
    const { tables } = tablesOf(
      `CONSOLIDATED STATEMENTS OF INCOME (amounts in millions)

 | 2021 | 2020
Net sales | $192,052 | $163,220
Merchandise costs | 170,684 | 144,939`,
      `Gross Margin

 | 2021 | 2020
Net sales | $192,052 | $163,220
Gross margin | $21,368 | $18,281`,
      `Stores

 | 2021 | 2020
Warehouses | 815 | 795`,
    );
    expect(tables.map((t) => t.scale)).toEqual([1e6, 1e6, 1]);
  });

  it('a second block under its own header row, with no title or unit, takes the unit stated above the first', () => {
    const { tables } = tablesOf(`Business Segment Information

(Millions)

Net Sales | 2022 | 2021
Health Care | $8,421 | $8,597
Consumer | 5,298 | 5,513
Operating Performance | 2022 | 2021
Health Care | $1,815 | $2,037
Consumer | 994 | 1,162`);
    expect(tables.map((t) => [t.stub, t.scale])).toEqual([
      ['Net Sales', 1e6],
      ['Operating Performance', 1e6],
    ]);
  });
});
