/**
 * Made-up financial statements for the figure tests: Brindle Outdoor Gear, an invented company.
 * Each statement is one page string for the table-docs helpers (docOf, tablesOf).
 */
import { readTables } from '../core/tables';
import type { DocumentTables } from '../core/compute';
import type { PageSpan } from '../core/types';
import { docOf } from './table-docs';

/** Three years, in millions; the provision in parentheses; a per-share row. */
export const BRINDLE_INCOME = `Consolidated Statements of Operations

Brindle Outdoor Gear, Inc.

(In millions, except per share data) | 2022 | 2021 | 2020
Net revenues | $5,240 | $4,810 | $4,105
Cost of revenues | 3,120 | 2,950 | 2,610
Gross profit | 2,120 | 1,860 | 1,495
Selling, general and administrative | 1,210 | 1,105 | 990
Operating income | 910 | 755 | 505
Income before income taxes | 880 | 720 | 470
Provision for income taxes | (185) | (151) | (99)
Net income | $695 | $569 | $371
Diluted earnings per share | $3.48 | $2.85 | $1.86`;

/** Two year ends, in millions. */
export const BRINDLE_BALANCE = `Consolidated Balance Sheets

(In millions) | 2022 | 2021
Cash and cash equivalents | $612 | $540
Accounts receivable, net | 705 | 660
Inventories | 1,140 | 1,020
Total current assets | 2,457 | 2,220
Property and equipment, net | 1,380 | 1,290
Total assets | 4,950 | 4,610
Accounts payable | 480 | 455
Total current liabilities | 1,310 | 1,240
Long-term debt | 900 | 950
Total liabilities | 2,610 | 2,580
Total stockholders' equity | 2,340 | 2,030`;

/** Outflows printed in parentheses. */
export const BRINDLE_CASH_FLOW = `Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021 | 2020
Net cash provided by operating activities | 1,020 | 880 | 640
Purchases of property and equipment | (1,577) | (410) | (365)
Dividends paid | (120) | (100) | (90)`;

/** The three statements as one document (pages 1–3): its text, pages and tables, for computeFigure. */
export function brindleFiling(docId = 'brindle'): { text: string; pages: PageSpan[]; docs: DocumentTables[] } {
  const doc = docOf(BRINDLE_INCOME, BRINDLE_BALANCE, BRINDLE_CASH_FLOW);
  return { ...doc, docs: [{ docId, tables: readTables(doc.text, doc.pages) }] };
}

/** A balance sheet with the current portion of long-term debt on its own row; `totalDebt` adds a printed "Total debt" row. */
export function debtBalanceSheet(totalDebt?: [string, string]): DocumentTables[] {
  const page = `Consolidated Balance Sheets

(In millions) | 2022 | 2021
Cash and cash equivalents | $612 | $540
Total current assets | 2,457 | 2,220
Current portion of long-term debt | 120 | 100
Total current liabilities | 1,310 | 1,240
Long-term debt | 900 | 950${totalDebt ? `\nTotal debt | ${totalDebt[0]} | ${totalDebt[1]}` : ''}
Total assets | 4,950 | 4,610`;
  const doc = docOf(page);
  return [{ docId: 'debt', tables: readTables(doc.text, doc.pages) }];
}
