import { describe, expect, it } from 'vitest';
import type { StatementKind } from '../tables';
import { lexiconEntry, type LexiconEntry } from './lexicon';
import { labelMatch, quantitiesIn, quantityIn, rowScore, termsOf } from './match';
import { cleanLabel, contentWords, normalise, stem } from './match-text';

function entry(id: string): LexiconEntry {
  const e = lexiconEntry(id);
  if (!e) throw new Error(`no entry ${id}`);
  return e;
}

function score(id: string, label: string, statement?: StatementKind, path: string[] = []): number {
  return rowScore(entry(id), { label, path }, statement);
}

describe('normalising', () => {
  it('spells out PP&E and its variants, joins "non-", and drops punctuation', () => {
    expect(normalise('Net PP&E')).toBe('net property plant and equipment');
    expect(normalise('PPNE')).toBe('property plant and equipment');
    expect(normalise('ppe')).toBe('property plant and equipment');
    expect(normalise('Property, plant & equipment — net')).toBe('property plant and equipment net');
    expect(normalise("Stockholders' equity (deficit)")).toBe('stockholders equity deficit');
    expect(normalise('Non-current borrowings')).toBe('noncurrent borrowings');
    expect(normalise('Depreciation and amortisation')).toBe('depreciation and amortization');
  });

  it('cleans a label of qualifiers, footnotes, operators and ", net of" tails', () => {
    expect(cleanLabel('Net cash provided by (used in) operating activities')).toBe('net cash provided by operating activities');
    expect(cleanLabel('Operating income (loss) (1)')).toBe('operating income');
    expect(cleanLabel('Less: Accumulated depreciation')).toBe('accumulated depreciation');
    expect(cleanLabel('Accounts receivable, net of allowance of $29')).toBe('accounts receivable net');
  });

  it('stems plurals only', () => {
    expect(['revenues', 'liabilities', 'taxes', 'losses', 'sales', 'business', 'basis', 'eps'].map(stem)).toEqual([
      'revenue',
      'liability',
      'tax',
      'loss',
      'sale',
      'business',
      'basis',
      'eps',
    ]);
    expect(contentWords('Purchases of property and equipment')).toEqual(['purchase', 'property', 'equipment']);
  });
});

describe('quantityIn', () => {
  it.each([
    ['net PP&E', 'ppe_net'],
    ['total current assets', 'total_current_assets'],
    ['total assets', 'total_assets'],
    ['cash from operations', 'operating_cash_flow'],
    ['cash and cash equivalents', 'cash'],
    ['What is the FY2018 capital expenditure amount (in USD millions) for 3M?', 'capital_expenditure'],
    ["What is Adobe's FY2015 operating income?", 'operating_income'],
    ['total current liabilities', 'total_current_liabilities'],
    ['diluted EPS', 'eps_diluted'],
    ['basic earnings per share', 'eps_basic'],
    ['dividends per share', 'dividends_per_share'],
    ['long-term debt', 'long_term_debt'],
    ['current portion of long-term debt', 'current_debt'],
    ["shareholders' equity", 'total_equity'],
    ['income before income taxes', 'income_before_tax'],
    ['sales and marketing expense', 'sales_marketing'],
    ['cost of sales', 'cost_of_revenue'],
  ])('%s → %s', (phrase, id) => {
    expect(quantityIn(phrase)?.id).toBe(id);
  });

  it('is undefined when no line item is named', () => {
    expect(quantityIn('Who is the chief executive officer?')).toBeUndefined();
    expect(quantityIn('')).toBeUndefined();
  });

  it('lists every quantity a ratio names, in order', () => {
    expect(quantitiesIn('operating cash flow divided by capex').map((h) => h.entry.id)).toEqual(['operating_cash_flow', 'capital_expenditure']);
    expect(quantitiesIn('cash to total current liabilities').map((h) => h.entry.id)).toEqual(['cash', 'total_current_liabilities']);
  });
});

describe('rowScore: synonyms printed in statements', () => {
  it.each([
    [
      'capital_expenditure',
      [
        'Purchases of property, plant and equipment',
        'Payments for property and equipment',
        'Additions to property and equipment',
        'Capital expenditures',
        'Purchase of property and equipment',
      ],
    ],
    [
      'ppe_net',
      [
        'Property, plant and equipment, net',
        'Property and equipment, net',
        'Land, buildings and equipment, net',
        'Property and equipment, net of accumulated depreciation of $1,204',
      ],
    ],
    [
      'operating_cash_flow',
      ['Net cash provided by operating activities', 'Net cash from operating activities', 'Cash provided by operations', 'Net cash provided by (used in) operating activities'],
    ],
    ['revenue', ['Net sales', 'Total revenues', 'Total net revenues', 'Net revenues', 'Revenue']],
    ['cost_of_revenue', ['Cost of sales', 'Cost of goods sold', 'Cost of revenues', 'Cost of products sold']],
    ['operating_income', ['Operating profit', 'Income from operations', 'Operating income (loss)']],
    ['net_income', ['Net earnings', 'Net income attributable to Apple Inc.', 'Net earnings attributable to Procter & Gamble shareholders', 'Profit for the year']],
    ['accounts_receivable', ['Receivables', 'Trade receivables', 'Accounts receivable, net']],
    ['dividends_paid', ['Cash dividends paid', 'Dividends paid to shareholders', 'Payments of dividends']],
    ['depreciation_amortization', ['Depreciation and amortization', 'Depreciation, depletion and amortization', 'Depreciation']],
  ])('%s matches its printed labels', (id, labels) => {
    for (const label of labels) expect(score(id, label), label).toBeGreaterThanOrEqual(0.98);
  });

  it('scores 1 for an exact label and less for a partial one', () => {
    expect(score('total_current_assets', 'Total current assets')).toBe(1);
    const contained = score('revenue', 'Product revenue');
    expect(contained).toBeGreaterThan(0.6);
    expect(contained).toBeLessThan(0.9);
    const partial = score('interest_expense', 'Interest on finance leases');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(0.4);
    expect(score('goodwill', 'Inventories')).toBe(0);
  });

  it('prefers a row starting with "Total" for preferTotal entries', () => {
    expect(score('revenue', 'Total net revenues')).toBeGreaterThan(score('revenue', 'Net revenues'));
    expect(score('revenue', 'Total net revenues', 'income statement')).toBeGreaterThan(score('revenue', 'Net revenues', 'income statement'));
  });

  it('reads a bare row under its heading', () => {
    expect(score('eps_diluted', 'Diluted', undefined, ['Earnings per share:'])).toBeGreaterThan(0.9);
    expect(score('eps_diluted', 'Basic', undefined, ['Earnings per share:'])).toBeLessThan(0.5);
    expect(score('weighted_average_shares_diluted', 'Diluted', undefined, ['Weighted average shares outstanding:'])).toBeGreaterThan(0.9);
    expect(score('total_current_assets', 'Total', undefined, ['Current assets'])).toBeGreaterThan(0.9);
    expect(score('eps_diluted', 'Diluted')).toBeLessThan(0.5);
  });
});

describe('rowScore: exclusions', () => {
  it.each([
    ['revenue', 'Cost of revenue'],
    ['revenue', 'Deferred revenue'],
    ['revenue', 'Unearned revenue'],
    ['revenue', 'Total cost of revenues'],
    ['cash', 'Net cash provided by operating activities'],
    ['cash', 'Cash and cash equivalents, beginning of period'],
    ['total_assets', 'Total current assets'],
    ['total_assets', 'Total other assets'],
    ['total_liabilities', "Total liabilities and shareholders' equity"],
    ['total_liabilities', 'Total current liabilities'],
    ['total_equity', "Total liabilities and stockholders' equity"],
    ['net_income', 'Net income attributable to noncontrolling interest'],
    ['net_income', 'Less: Net income attributable to non-controlling interests'],
    ['net_income', 'Net income per share'],
    ['net_income', 'Diluted net income per share'],
    ['capital_expenditure', 'Proceeds from sale of property, plant and equipment'],
    ['ppe_net', 'Purchases of property and equipment'],
    ['ppe_net', 'Less: accumulated depreciation'],
    ['long_term_debt', 'Current portion of long-term debt'],
    ['accounts_receivable', 'Allowance for doubtful accounts'],
    ['depreciation_amortization', 'Cost of sales (exclusive of depreciation and amortization)'],
    ['operating_cash_flow', 'Net cash used in investing activities'],
    ['operating_cash_flow', 'Adjustments to reconcile net income to net cash provided by operating activities:'],
  ])('%s does not match "%s"', (id, label) => {
    expect(score(id, label)).toBe(0);
    expect(score(id, label, entry(id).statement)).toBe(0);
  });

  it('keeps a label the entry prints even when it holds an exclude word', () => {
    expect(score('long_term_debt', 'Long-term debt, excluding current portion')).toBe(1);
    expect(score('accounts_receivable', 'Trade and other receivables, net')).toBe(1);
  });
});

describe('rowScore: the statement', () => {
  it('adds a bonus in the entry’s statement, capped at 1', () => {
    const label = 'Purchases of property, plant and equipment and intangible assets';
    const none = score('capital_expenditure', label);
    expect(none).toBeLessThan(0.9);
    expect(score('capital_expenditure', label, 'cash flow statement')).toBeCloseTo(none + 0.1, 10);
    expect(score('net_income', 'Net income', 'income statement')).toBe(1);
  });

  it('discounts another statement, but not one the entry is also printed in', () => {
    expect(score('net_income', 'Net income', 'cash flow statement')).toBe(1);
    expect(score('cash', 'Cash and cash equivalents', 'segment table')).toBeCloseTo(0.85, 10);
    expect(score('depreciation_amortization', 'Depreciation and amortization', 'income statement')).toBe(1);
    expect(score('capital_expenditure', 'Capital expenditures', 'cash flow statement')).toBeGreaterThan(score('capital_expenditure', 'Capital expenditures', 'segment table'));
  });

  it('ranks the balance sheet row over the cash flow statement’s end-of-period row', () => {
    expect(score('cash', 'Cash and cash equivalents', 'balance sheet')).toBeGreaterThan(score('cash', 'Cash and cash equivalents at end of year', 'cash flow statement'));
  });

  it('stays in [0, 1]', () => {
    for (const s of ['balance sheet', 'income statement', 'cash flow statement', 'equity statement', undefined] as Array<StatementKind | undefined>) {
      for (const label of ['Total revenues', 'Revenue', 'Product revenue', 'Other', '']) {
        const v = score('revenue', label, s);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('labelMatch and termsOf', () => {
  it('scores word overlap of content words, plurals stemmed', () => {
    expect(labelMatch('restructuring charges', 'Restructuring charge')).toBe(1);
    expect(labelMatch('restructuring charges', 'Restructuring and other charges')).toBeCloseTo(0.8, 10);
    expect(labelMatch('restructuring charges', 'Goodwill')).toBe(0);
    expect(labelMatch('', 'Goodwill')).toBe(0);
  });

  it('lists an entry’s normalised terms once each', () => {
    const terms = termsOf(entry('ppe_net'));
    expect(terms).toContain('property plant and equipment net');
    expect(new Set(terms).size).toBe(terms.length);
  });
});
