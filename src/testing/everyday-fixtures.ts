/**
 * Made-up tables that are not financial statements, for the figure tests: a lab report and a price
 * list, neither with fiscal-year columns (as e2e/figures-tables.spec.ts reads them from HTML and
 * Markdown, rows written as "label | cell | …").
 */
import { readTables } from '../core/tables';
import type { DocumentTables } from '../core/compute';
import { docOf } from './table-docs';

export const LAB_REPORT = `Lipid panel

Test | Result | Units | Reference range
Total cholesterol | 5.9 | mmol/L | < 5.0
HDL cholesterol | 1.6 | mmol/L | > 1.0
LDL cholesterol | 3.6 | mmol/L | < 3.0
Triglycerides | 1.5 | mmol/L | < 1.7`;

export const PRICE_LIST = `Fernbrook Garden Centre

Item | Unit | Price (EUR)
Terracotta pot, 30 cm | each | 14.50
Peat-free compost, 40 litre bag | bag | 6.95
Galvanised watering can, 10 litre | each | 23.00`;

/** One page's tables as a document. */
export function everydayDocs(page: string, docId = 'everyday'): DocumentTables[] {
  const doc = docOf(page);
  return [{ docId, tables: readTables(doc.text, doc.pages) }];
}
