import { describe, expect, it } from 'vitest';
import { LEXICON, lexiconEntry } from './lexicon';
import { quantityIn, rowScore } from './match';

/** The ids the metric table refers to. */
const REQUIRED = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_income',
  'net_income',
  'income_before_tax',
  'income_tax_expense',
  'interest_expense',
  'depreciation_amortization',
  'total_assets',
  'total_current_assets',
  'total_current_liabilities',
  'total_liabilities',
  'total_equity',
  'cash',
  'short_term_investments',
  'accounts_receivable',
  'inventory',
  'accounts_payable',
  'ppe_net',
  'long_term_debt',
  'current_debt',
  'operating_cash_flow',
  'capital_expenditure',
  'dividends_paid',
  'shares_outstanding',
  'eps_diluted',
  'sga_expense',
  'research_development',
];

describe('the lexicon', () => {
  it('has every id the metric table uses', () => {
    for (const id of REQUIRED) expect(lexiconEntry(id), id).toBeDefined();
  });

  it('has unique snake_case ids', () => {
    const ids = LEXICON.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });

  it('gives every entry names, labels, a statement and a source', () => {
    for (const e of LEXICON) {
      expect(e.names.length, e.id).toBeGreaterThan(0);
      expect(e.labels.length, e.id).toBeGreaterThan(0);
      expect(['balance sheet', 'income statement', 'cash flow statement']).toContain(e.statement);
      expect(e.source.length, e.id).toBeGreaterThan(10);
      for (const s of [...e.names, ...e.labels, ...(e.exclude ?? [])]) expect(s, e.id).toBe(s.trim());
    }
  });

  it('cites the US GAAP taxonomy or IFRS for every standard line item', () => {
    for (const e of LEXICON.filter((x) => x.id !== 'free_cash_flow')) expect(e.source, e.id).toMatch(/US GAAP taxonomy: [A-Z]\w+/);
    expect(lexiconEntry('capital_expenditure')?.source).toMatch(/PaymentsToAcquirePropertyPlantAndEquipment.*IAS 7\.16\(a\)/);
  });

  it('is unknown for an id it lacks', () => {
    expect(lexiconEntry('ebitda_margin')).toBeUndefined();
  });
});

describe('the lexicon is consistent with its matching', () => {
  it('scores each label printed as it is written at least 0.98 for its own entry (no exclude hits its own labels)', () => {
    for (const e of LEXICON) for (const label of e.labels) expect(rowScore(e, { label, path: [] }), `${e.id}: ${label}`).toBeGreaterThanOrEqual(0.98);
  });

  it('reads each name and each label as its own entry', () => {
    for (const e of LEXICON) for (const t of [...e.names, ...e.labels]) expect(quantityIn(t)?.id, t).toBe(e.id);
  });

  it('scores no label of one entry as an exact match for another', () => {
    for (const e of LEXICON)
      for (const o of LEXICON) {
        if (o === e) continue;
        for (const label of o.labels) expect(rowScore(e, { label, path: [] }), `${e.id} ← ${o.id}: ${label}`).toBeLessThan(0.9);
      }
  });
});

describe('synonyms in the lexicon', () => {
  const cases: Array<[string, string[]]> = [
    ['capital_expenditure', ['capital expenditures', 'capex', 'capital spending', 'purchases of PP&E']],
    ['ppe_net', ['PP&E', 'PPNE', 'net PP&E', 'fixed assets']],
    ['operating_cash_flow', ['cash from operations', 'operating cash flow', 'net cash provided by operating activities', 'cash provided by operations']],
    ['revenue', ['revenue', 'sales', 'net sales', 'total revenues']],
    ['cost_of_revenue', ['COGS', 'cost of sales', 'cost of goods sold', 'cost of revenues', 'cost of products sold']],
    ['operating_income', ['operating income', 'operating profit', 'income from operations']],
    ['net_income', ['net income', 'net earnings', 'profit for the year']],
    ['accounts_receivable', ['accounts receivable', 'receivables', 'trade receivables']],
    ['dividends_paid', ['dividends paid', 'cash dividends paid', 'payments of dividends']],
    ['depreciation_amortization', ['D&A', 'depreciation and amortization', 'depreciation, depletion and amortization', 'depreciation']],
    ['sga_expense', ['SG&A', 'selling, general and administrative expenses']],
    ['research_development', ['R&D', 'research and development']],
  ];
  it.each(cases)('%s is named by its synonyms', (id, phrases) => {
    for (const p of phrases) expect(quantityIn(p)?.id, p).toBe(id);
  });
});
