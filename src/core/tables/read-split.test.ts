import { describe, expect, it } from 'vitest';
import { fys, offsetMismatches, tablesOf, values } from '../../testing/table-docs';
import { readTables } from './read';

const PROSE = 'Revenue in the Americas grew 11% due to higher volumes and pricing across all product lines, partly offset by currency.';

describe('readTables: statements', () => {
  const table = (title: string, rows = 'Line item | 1 | 2') => tablesOf(`${title}\n\n(in millions) | 2022 | 2021\n${rows}`).tables[0];

  it('recognises US and IFRS titles', () => {
    expect(table('Consolidated Statement of Financial Position').statement).toBe('balance sheet');
    expect(table('Consolidated Statements of Operations').statement).toBe('income statement');
    expect(table('Consolidated Statements of Comprehensive Income').statement).toBe('comprehensive income');
    expect(table('Statements of Comprehensive Income').statement).toBe('comprehensive income');
    expect(table('Consolidated Statements of Cash Flows').statement).toBe('cash flow statement');
    expect(table("Consolidated Statements of Changes in Shareholders' Equity").statement).toBe('equity statement');
    expect(table('Consolidated Statement of Changes in Equity').statement).toBe('equity statement');
  });

  it('recognises a statement by its rows without a title', () => {
    const cash = table(
      '',
      'Net income | 10 | 9\nDepreciation and amortization | 3 | 2\nNet cash provided by operating activities | 13 | 11\nNet cash used in investing activities | (4) | (3)',
    );
    expect(cash.statement).toBe('cash flow statement');
    const income = tablesOf('Net sales | 100 | 90\nCost of sales | 60 | 50\nGross profit | 40 | 40\nNet income | 10 | 5').tables[0];
    expect(income.statement).toBe('income statement');
    expect(income.title).toBe('');
  });

  it('leaves a table with neither title nor typical rows unrecognised', () => {
    expect(table('Revenue by region', 'Americas | 100 | 90\nEurope | 50 | 45').statement).toBeUndefined();
  });

  it('does not take a contents line "Consolidated Balance Sheets | 56" for a title', () => {
    const { tables } = tablesOf(`Index to Consolidated Financial Statements

Consolidated Balance Sheets | 56
Consolidated Statements of Operations | 57
Consolidated Statements of Cash Flows | 58`);
    expect(tables).toHaveLength(1);
    expect(tables[0].statement).toBeUndefined();
    expect(tables[0].rows.map((r) => r.label)).toEqual(['Consolidated Balance Sheets', 'Consolidated Statements of Operations', 'Consolidated Statements of Cash Flows']);
  });
});

describe('readTables: tables split and continued', () => {
  it('ends a table at prose', () => {
    const { text, tables } = tablesOf(`Revenue by region

Region | 2023 | 2022
Americas | 100 | 90
Europe | 50 | 45

${PROSE}

Operating income by region

Region | 2023 | 2022 | 2021
Americas | 10 | 9 | 8`);
    expect(tables).toHaveLength(2);
    expect(tables[0].rows.map((r) => r.label)).toEqual(['Americas', 'Europe']);
    expect(text.slice(tables[0].start, tables[0].end)).not.toContain('grew');
    expect(tables[1].title).toBe('Operating income by region');
    expect(fys(tables[1])).toEqual([2023, 2022, 2021]);
    expect(tables[1].start).toBeGreaterThan(text.indexOf(PROSE));
  });

  it('continues a statement cut by a long heading line on the same page: periods, unit, title and statement carry over', () => {
    const heading = 'Supplemental information on noncash investing and financing activities, including property acquired under finance leases and accrued capital expenditures.';
    const { text, tables } = tablesOf(`Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021
Net income | 100 | 90
Depreciation and amortization | 10 | 9

${heading}

Purchases of property and equipment | (20) | (18)
Dividends paid | (5) | (4)`);
    expect(tables).toHaveLength(2);
    const [first, rest] = tables;
    expect(rest.rows.map((r) => r.label)).toEqual(['Purchases of property and equipment', 'Dividends paid']);
    expect(rest.columns).toEqual(first.columns);
    expect(fys(rest)).toEqual([2022, 2021]);
    expect(rest.scale).toBe(1e6);
    expect(rest.unitText).toBe('(In millions)');
    expect(rest.title).toBe('Consolidated Statements of Cash Flows');
    expect(rest.statement).toBe('cash flow statement');
    expect(values(rest, 'Purchases of property and equipment')).toEqual([-20, -18]);
    expect(rest.start).toBeGreaterThan(text.indexOf(heading));
  });

  it('continues a statement on the next page, with each row’s page', () => {
    const { text, tables } = tablesOf(
      'Consolidated Statements of Cash Flows\n\n(In millions) | 2022 | 2021\nNet income | 100 | 90',
      'Net cash used in financing activities | (5) | (4)\nCash and cash equivalents at end of year | 75 | 68',
    );
    expect(tables).toHaveLength(2);
    expect(tables.map((t) => t.page)).toEqual([1, 2]);
    expect(tables[1].rows.map((r) => r.page)).toEqual([2, 2]);
    expect(tables[1].statement).toBe('cash flow statement');
    expect(fys(tables[1])).toEqual([2022, 2021]);
    expect(tables[1].scale).toBe(1e6);
    expect(offsetMismatches(text, tables)).toEqual([]);
  });

  it('does not continue a table of another width, or one with its own header, or an unrecognised one across pages', () => {
    const wider = tablesOf('Revenue by region\n\n2023 | 2022\nAmericas | 100 | 90\n\n' + PROSE + '\n\nUnits | 1 | 2 | 3').tables;
    expect(wider[1].columns.every((c) => !c.period)).toBe(true);
    expect(wider[1].title).toBe('');
    const ownHeader = tablesOf('Revenue by region\n\n2023 | 2022\nAmericas | 100 | 90\n\n' + PROSE + '\n\nHeadcount\n\n2021 | 2020\nAmericas | 5 | 4').tables;
    expect(fys(ownHeader[1])).toEqual([2021, 2020]);
    expect(ownHeader[1].title).toBe('Headcount');
    const nextPage = tablesOf('Revenue by region\n\n2023 | 2022\nAmericas | 100 | 90', 'Europe | 50 | 45').tables;
    expect(nextPage).toHaveLength(2);
    expect(nextPage[1].columns.every((c) => !c.period)).toBe(true);
  });
});

describe('readTables: table boundaries', () => {
  it('starts a new table at a header row after data rows', () => {
    const { tables } = tablesOf('2023 | 2022\nRevenue | 10 | 9\n2021 | 2020\nRevenue | 8 | 7');
    expect(tables).toHaveLength(2);
    expect(fys(tables[0])).toEqual([2023, 2022]);
    expect(fys(tables[1])).toEqual([2021, 2020]);
  });

  it('reads nothing from text without rows', () => {
    expect(tablesOf('Just a title', PROSE).tables).toEqual([]);
    expect(readTables('', [])).toEqual([]);
  });

  it('reads a document without pages', () => {
    const text = 'Revenue by region\n\n2023 | 2022\nAmericas | 100 | 90';
    const [t] = readTables(text, []);
    expect(t.page).toBeUndefined();
    expect(t.rows[0].page).toBeUndefined();
    expect(fys(t)).toEqual([2023, 2022]);
  });
});
