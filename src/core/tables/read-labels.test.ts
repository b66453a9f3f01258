import { describe, expect, it } from 'vitest';
import { offsetMismatches, row, tablesOf, values } from '../../testing/table-docs';

describe('readTables: labels', () => {
  it('joins a label broken over two lines', () => {
    const { text, tables } = tablesOf(`Consolidated Statements of Earnings

(In Millions) | 2019 | 2018
Net sales | 16,865.2 | 15,740.4
Net earnings, including earnings attributable to redeemable and noncontrolling
interests | 1,786.2 | 2,163.0
Net earnings attributable to General Mills | 1,752.7 | 2,131.0`);
    const t = tables[0];
    expect(t.rows.map((r) => r.label)).toEqual([
      'Net sales',
      'Net earnings, including earnings attributable to redeemable and noncontrolling interests',
      'Net earnings attributable to General Mills',
    ]);
    expect(values(t, 'Net earnings, including earnings attributable to redeemable and noncontrolling interests')).toEqual([1786.2, 2163]);
    expect(row(t, 'Net earnings attributable to General Mills').path).toEqual([]);
    const joined = t.rows[1];
    expect(text.slice(joined.start, joined.end)).toBe('Net earnings, including earnings attributable to redeemable and noncontrolling\ninterests | 1,786.2 | 2,163.0');
    expect(offsetMismatches(text, tables)).toEqual([]);
  });

  it('puts rows under a colon heading after data rows, without joining a lowercase label to it', () => {
    const { tables } = tablesOf(`(in millions) | 2022 | 2021
Total assets | 500 | 400
Current liabilities:
accrued expenses | 5 | 4
Accounts payable | 50 | 40
Total current liabilities | 55 | 44
Long-term debt | 100 | 90`);
    const t = tables[0];
    expect(t.rows.map((r) => r.label)).toEqual(['Total assets', 'accrued expenses', 'Accounts payable', 'Total current liabilities', 'Long-term debt']);
    expect(row(t, 'Total assets').path).toEqual([]);
    expect(row(t, 'accrued expenses').path).toEqual(['Current liabilities']);
    expect(row(t, 'Accounts payable').path).toEqual(['Current liabilities']);
    expect(row(t, 'Long-term debt').path).toEqual([]);
  });

  it('joins a first row’s label broken over two lines just below the header row', () => {
    const { text, tables } = tablesOf(`Consolidated Statements of Earnings

(In Millions) | 2019 | 2018
Net earnings, including earnings attributable to redeemable and noncontrolling
interests | 1,786.2 | 2,163.0
Net sales | 5 | 4`);
    const t = tables[0];
    expect(t.rows.map((r) => [r.label, r.path])).toEqual([
      ['Net earnings, including earnings attributable to redeemable and noncontrolling interests', []],
      ['Net sales', []],
    ]);
    expect(text.slice(t.start, t.start + 12)).toBe('Net earnings');
  });
});

describe('readTables: headings rows sit under', () => {
  it('does not take a note or a dates row between the header rows and the first row for a heading', () => {
    const { tables } = tablesOf(`Management's discussion

Three months ended June 30, | Six months ended June 30,
2023 | 2022 | 2023 | 2022
(Unaudited)
Revenues | 1 | 2 | 3 | 4`);
    expect(row(tables[0], 'Revenues').path).toEqual([]);
    expect(tables[0].columns.map((c) => c.period?.months)).toEqual([3, 3, 6, 6]);
  });

  it('splits a capitalised section word off a heading, but not a short acronym', () => {
    const { tables } = tablesOf(`(in millions) | 2022 | 2021
LIABILITIES AND STOCKHOLDERS' EQUITY Current liabilities:
Accounts payable | 5 | 4
IT Services
Service revenue | 3 | 2`);
    expect(row(tables[0], 'Accounts payable').path).toEqual(["LIABILITIES AND STOCKHOLDERS' EQUITY", 'Current liabilities']);
    expect(row(tables[0], 'Service revenue').path).toEqual(['IT Services']);
  });

  it('reads a "2023 vs. 2022" column as a header, not a data row', () => {
    const { tables } = tablesOf('(in millions) | 2023 | 2022 | 2023 vs. 2022\nRevenue | 10 | 9 | 11%');
    expect(tables[0].rows.map((r) => r.label)).toEqual(['Revenue']);
    expect(tables[0].columns.map((c) => c.label)).toEqual(['2023', '2022', '2023 vs. 2022']);
  });

  it('moves to the next heading without a Total row', () => {
    const { tables } = tablesOf(`(in millions) | 2022 | 2021
Current assets
Cash | 10 | 9
Noncurrent assets
Goodwill | 7 | 6`);
    expect(row(tables[0], 'Cash').path).toEqual(['Current assets']);
    expect(row(tables[0], 'Goodwill').path).toEqual(['Noncurrent assets']);
  });

  it('reads percentages and text cells in rows', () => {
    const { tables } = tablesOf(`(in millions) | 2023 | 2022
Gross margin | 40.1% | (1.5)%
Change in sales | -3.2 | n/m`);
    expect(row(tables[0], 'Gross margin').cells.map((c) => [c.value, c.percent])).toEqual([
      [40.1, true],
      [-1.5, true],
    ]);
    expect(row(tables[0], 'Change in sales').cells.map((c) => [c.raw, c.value])).toEqual([
      ['-3.2', -3.2],
      ['n/m', null],
    ]);
  });
});

describe('readTables: tables that are not financial statements', () => {
  it('reads a lab report as rows with values and text cells', () => {
    const { text, tables } = tablesOf(`Complete Blood Count

Analyte | Result | Units | Reference range
Hemoglobin | 13.2 | g/dL | 12.0-15.5
Hematocrit | 39.5 | % | 35.5-44.9
WBC | 6.1 | 10^3/uL | 4.5-11.0
Platelets | 250 | 10^3/uL | 150-450`);
    expect(tables).toHaveLength(1);
    const t = tables[0];
    expect(t.title).toBe('Complete Blood Count');
    expect(t.statement).toBeUndefined();
    expect(t.scale).toBe(1);
    expect(t.columns).toHaveLength(3);
    expect(t.rows.map((r) => [r.label, r.cells[0].value])).toEqual([
      ['Hemoglobin', 13.2],
      ['Hematocrit', 39.5],
      ['WBC', 6.1],
      ['Platelets', 250],
    ]);
    expect(row(t, 'Hemoglobin').cells.map((c) => [c.raw, c.value])).toEqual([
      ['13.2', 13.2],
      ['g/dL', null],
      ['12.0-15.5', null],
    ]);
    expect(offsetMismatches(text, tables)).toEqual([]);
  });

  it('reads a price list', () => {
    const { tables } = tablesOf(`Price list

Item | Price
Espresso | $2.50
Cappuccino | $3.75
Tea | $2.00`);
    expect(tables).toHaveLength(1);
    expect(tables[0].title).toBe('Price list');
    expect(tables[0].rows.map((r) => [r.label, r.cells[0].value])).toEqual([
      ['Espresso', 2.5],
      ['Cappuccino', 3.75],
      ['Tea', 2],
    ]);
    expect(tables[0].statement).toBeUndefined();
  });

  it('keeps words printed before the values as notes, not as a value column', () => {
    const { text, tables } = tablesOf(`Fair value of debt investments

(In thousands) | Fair value level | June 30, 2023 | December 31, 2022
Money market funds | Level 1 | $2,195 | $12,009
Corporate bonds | Level 2 | 416,420 | 213,875
Total debt investments | $418,615 | $225,884`);
    const t = tables[0];
    expect(t.columns.map((c) => c.period?.fy)).toEqual([2023, 2022]);
    expect(values(t, 'Money market funds')).toEqual([2195, 12009]);
    expect(values(t, 'Corporate bonds')).toEqual([416420, 213875]);
    expect(row(t, 'Corporate bonds').notes).toEqual(['Level 2']);
    expect(row(t, 'Total debt investments').notes).toBeUndefined();
    expect(offsetMismatches(text, tables)).toEqual([]);
  });
});
