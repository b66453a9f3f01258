/**
 * A lexicon of standard financial statement line items: for each, how a question names it and
 * how a statement prints it. Built from accounting references, never from a question set:
 *
 * - the US GAAP Financial Reporting Taxonomy (FASB), whose standard element labels are the
 *   canonical US names ("Payments to Acquire Property, Plant, and Equipment" for
 *   us-gaap:PaymentsToAcquirePropertyPlantAndEquipment), and the dei taxonomy for cover-page items;
 * - IFRS: IAS 1 (the line items of IAS 1.54 and 1.82, expenses by function in 1.103), IAS 7
 *   (operating, investing and financing cash flows, 7.16 / 7.17 / 7.31), IAS 33 (earnings per share)
 *   and the standards named on each entry;
 * - the presentation variants companies print for the same element ("Net sales", "Total net
 *   revenues", "Property and equipment, net", "Net cash provided by (used in) operating activities").
 *
 * Each entry's `source` names the references it comes from. The entries themselves are in
 * lexicon-income.ts, lexicon-balance.ts and lexicon-cash-flow.ts, one file per statement, written
 * compactly (`'a; b; c'`) and split here.
 */
import type { StatementKind } from '../tables';
import { BALANCE_SHEET_ITEMS } from './lexicon-balance';
import { CASH_FLOW_ITEMS } from './lexicon-cash-flow';
import { INCOME_STATEMENT_ITEMS } from './lexicon-income';

/** The statements a line item normally lives in. */
export type LineItemStatement = 'balance sheet' | 'income statement' | 'cash flow statement';

export interface LexiconEntry {
  /** snake_case id ("capital_expenditure"); the metric table refers to entries by it. */
  readonly id: string;
  /** How a question says it ("capex", "purchases of PP&E"). */
  readonly names: readonly string[];
  /** How a statement prints it ("Purchases of property, plant and equipment"). */
  readonly labels: readonly string[];
  /** The statement it normally lives in. */
  readonly statement: LineItemStatement;
  /** Other statements it is often printed in, where it gets no bonus but no penalty either (D&A on the income statement). */
  readonly alsoIn?: readonly StatementKind[];
  /** Words or phrases that disqualify a row ("cost" for revenue: "Cost of revenue"). A row printed exactly as one of the labels is never excluded. */
  readonly exclude?: readonly string[];
  /** Prefer a row starting with "Total" when several match ("Total net revenues" over "Product revenues"); a leading "Total" is optional in an exact match. */
  readonly preferTotal?: boolean;
  /** The references it comes from, in words. */
  readonly source: string;
}

/** An entry as the data files write it: lists as one string, items separated by ';'. */
export interface LineItemSpec {
  id: string;
  statement: LineItemStatement;
  alsoIn?: StatementKind[];
  preferTotal?: boolean;
  names: string;
  labels: string;
  exclude?: string;
  source: string;
}

function list(s: string | undefined): string[] {
  return (s ?? '')
    .split(';')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

function entryOf(spec: LineItemSpec): LexiconEntry {
  const exclude = list(spec.exclude);
  return {
    id: spec.id,
    names: list(spec.names),
    labels: list(spec.labels),
    statement: spec.statement,
    ...(spec.alsoIn ? { alsoIn: spec.alsoIn } : {}),
    ...(exclude.length ? { exclude } : {}),
    ...(spec.preferTotal ? { preferTotal: true } : {}),
    source: spec.source,
  };
}

/** Every line item: income statement, balance sheet, then cash flow statement. */
export const LEXICON: readonly LexiconEntry[] = [...INCOME_STATEMENT_ITEMS, ...BALANCE_SHEET_ITEMS, ...CASH_FLOW_ITEMS].map(entryOf);

const BY_ID = new Map(LEXICON.map((e) => [e.id, e]));

/** The entry with this id, if there is one. */
export function lexiconEntry(id: string): LexiconEntry | undefined {
  return BY_ID.get(id);
}
