import { describe, expect, it } from 'vitest';
import { cellFound, findCell, nearestRows, MIN_ROW_SCORE } from './find-cell';
import { tablesOf } from '../../testing/table-docs';

const docOf = (docId: string, ...pages: string[]) => ({ docId, tables: tablesOf(...pages).tables });

const INCOME = `Consolidated Statements of Operations

(In millions) | 2022 | 2021
Net revenues | 5,240 | 4,810
Cost of revenues | 3,120 | 2,950
Operating income | 910 | 755
Net income | 695 | 569`;

const CASH_FLOW = `Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021
Net income | 702 | 575
Depreciation and amortization | 210 | 190
Net cash provided by operating activities | 1,020 | 880`;

/** An MD&A table before the statements, repeating revenue with another (adjusted) value. */
const MDA = `Results of Operations

(In millions) | 2022 | 2021
Net revenues | 5,300 | 4,850
Cost of revenues | 3,120 | 2,950
Gross profit | 2,180 | 1,900
Operating income | 915 | 760`;

describe('findCell: which table', () => {
  it('between equally good rows takes the earlier table, unless the question names the other’s statement', () => {
    const docs = [docOf('k', INCOME, CASH_FLOW)];
    expect(findCell(docs, 'net_income', 2022)).toMatchObject({ value: 695e6, statement: 'income statement', cell: { page: 1 } });
    expect(findCell(docs, 'net_income', 2022, { statements: ['cash flow statement'] })).toMatchObject({ value: 702e6, statement: 'cash flow statement', cell: { page: 2 } });
  });

  it('prefers the primary consolidated statement over an earlier MD&A table repeating the row', () => {
    const docs = [docOf('k', MDA, INCOME)];
    const found = findCell(docs, 'revenue', 2022)!;
    expect(found.value).toBe(5240e6);
    expect(found.tableTitle).toBe('Consolidated Statements of Operations');
    expect(found.cell.page).toBe(2);
  });

  it('reads across documents, giving the document of the cell', () => {
    const docs = [docOf('mda', MDA), docOf('statements', INCOME)];
    expect(findCell(docs, 'revenue', 2021)).toMatchObject({ value: 4810e6, cell: { docId: 'statements', raw: '4,810' } });
  });

  it('finds nothing for a year no column has, or a quantity no row matches', () => {
    const docs = [docOf('k', INCOME)];
    expect(findCell(docs, 'revenue', 2020)).toBeUndefined();
    expect(findCell(docs, 'goodwill', 2022)).toBeUndefined();
    expect(findCell(docs, 'not_a_quantity', 2022)).toBeUndefined();
  });
});

describe('findCell: which column', () => {
  const QUARTERLY = `Condensed Consolidated Statements of Operations

(In thousands) | Three Months Ended September 30, | Nine Months Ended September 30,
 | 2022 | 2021 | 2022 | 2021
Revenues | 41,200 | 38,900 | 119,700 | 110,300
Operating income | 5,100 | 4,400 | 14,900 | 12,100`;

  it('a quarter asked takes the three-month column, nine months the nine-month one, a year neither', () => {
    const docs = [docOf('q', QUARTERLY)];
    expect(findCell(docs, 'revenue', 2022, { months: 3 })).toMatchObject({ value: 41_200_000, cell: { raw: '41,200' } });
    expect(findCell(docs, 'revenue', 2021, { months: 3 })?.value).toBe(38_900_000);
    expect(findCell(docs, 'revenue', 2022, { months: 9 })?.value).toBe(119_700_000);
    expect(findCell(docs, 'revenue', 2022)).toBeUndefined();
  });

  it('a balance sheet’s point-in-time column serves any period asked', () => {
    const docs = [docOf('b', 'Consolidated Balance Sheets\n\n(In millions) | 2022 | 2021\nTotal assets | 4,950 | 4,610')];
    expect(findCell(docs, 'total_assets', 2022, { months: 3 })?.value).toBe(4950e6);
  });
});

describe('findCell: which row', () => {
  const BALANCE = `Consolidated Balance Sheets

(In millions) | 2022 | 2021
Cash and cash equivalents | 612 | 540
Short-term investments | — | 150
Accounts receivable, net | 705 | 660 | 7%
Total current assets | 2,457 | 2,220`;

  it('skips a row with more cells than the table has columns', () => {
    const docs = [docOf('b', BALANCE)];
    expect(docs[0].tables[0].columns).toHaveLength(2);
    expect(findCell(docs, 'accounts_receivable', 2022)).toBeUndefined();
    // the same row in a table of its own width is read
    const other = docOf('c', 'Consolidated Balance Sheets\n\n(In millions) | 2022 | 2021\nAccounts receivable, net | 705 | 660');
    expect(findCell([...docs, other], 'accounts_receivable', 2022)).toMatchObject({ value: 705e6, cell: { docId: 'c' } });
  });

  it('reads a dash as 0, keeping the cell as printed', () => {
    const docs = [docOf('b', BALANCE)];
    expect(findCell(docs, 'short_term_investments', 2022)).toMatchObject({ value: 0, cell: { raw: '—' } });
    expect(findCell(docs, 'short_term_investments', 2021)?.value).toBe(150e6);
  });

  it('reads a cell with text, not a number, as nothing', () => {
    const docs = [docOf('b', 'Consolidated Balance Sheets\n\n(In millions) | 2022 | 2021\nTotal assets | 4,950 | 4,610\nInventories | n/a | 1,020')];
    expect(findCell(docs, 'inventory', 2022)).toBeUndefined();
    expect(findCell(docs, 'inventory', 2021)?.value).toBe(1020e6);
  });

  it('gives the row’s offsets and its text, and a score of at least MIN_ROW_SCORE', () => {
    const { text, tables } = tablesOf(BALANCE);
    const found = findCell([{ docId: 'b', tables }], 'cash', 2021)!;
    expect(found.score).toBeGreaterThanOrEqual(MIN_ROW_SCORE);
    expect(text.slice(found.cell.start, found.cell.end)).toBe('540');
    expect(text.slice(found.cell.rowStart, found.cell.rowEnd)).toBe('Cash and cash equivalents | 612 | 540');
    expect(found.cell.rowText).toBe('Cash and cash equivalents | 612 | 540');
  });
});

describe('nearestRows', () => {
  it('lists rows by how well they match, best first, and none that share no word', () => {
    const docs = [docOf('k', INCOME, CASH_FLOW)];
    const near = nearestRows(docs, 'operating_cash_flow', 2);
    expect(near.map((r) => r.label)).toEqual(['Net cash provided by operating activities', expect.any(String)]);
    expect(near[0]).toMatchObject({ docId: 'k', page: 2 });
    expect(near[0].score).toBeGreaterThanOrEqual(near[1].score);
    expect(nearestRows(docs, 'goodwill')).toEqual([]);
  });
});

describe('findCell: quarter columns', () => {
  it('reads the quarter asked from columns that name their quarters', () => {
    const docs = [
      { docId: 'r', tables: tablesOf('Condensed Consolidated Statements of Earnings\n($ in millions) | Q2 FY24 | Q2 FY23 | Q1 FY24\nRevenue | 9,583 | 10,329 | 9,467').tables },
    ];
    expect(findCell(docs, 'revenue', 2024, { months: 3, quarter: 2 })?.value).toBe(9_583_000_000);
    expect(findCell(docs, 'revenue', 2024, { months: 3, quarter: 1 })?.value).toBe(9_467_000_000);
    expect(findCell(docs, 'revenue', 2024, { months: 3 })).toBeUndefined();
  });
});

describe('cellFound: a row printed without a label', () => {
  it('is named by what it was read as, and says it had no label', () => {
    const table = tablesOf(INCOME).tables[0];
    const row = { ...table.rows[0], label: '' };
    expect(cellFound('k', table, row, 0, { quantity: 'revenue', fy: 2022, score: 1 }).label).toBe('Revenue (a row without a label)');
    expect(cellFound('k', table, row, 0, { quantity: 'cell', fy: 2022, score: 1 }).label).toBe('A row without a label');
    expect(cellFound('k', table, table.rows[0], 0, { quantity: 'revenue', fy: 2022, score: 1 }).label).toBe('Net revenues');
  });
});

describe('cellFound: a margin in dollars is an amount', () => {
  it('scales "Gross margin | $21,368" like its table, but not a margin percentage or a per-share amount', () => {
    const t = tablesOf(`Gross Margin (in millions)

 | 2021 | 2020
Gross margin | $21,368 | $18,281
Gross margin percentage | 11.13% | 11.20%
Earnings per share | $11.27 | $9.02`).tables[0];
    const read = (label: string) =>
      cellFound(
        'd',
        t,
        t.rows.find((r) => r.label === label)!,
        0,
        { quantity: 'x', fy: 2021, score: 1 },
      ).value;
    expect(read('Gross margin')).toBe(21368e6);
    expect(read('Gross margin percentage')).toBe(11.13);
    expect(read('Earnings per share')).toBe(11.27);
  });
});
