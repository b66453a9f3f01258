import { describe, expect, it } from 'vitest';
import { computeFigure } from './compute';
import { askedFigure } from './question';
import { costValue, rowSigns } from './signs';
import { readTables } from '../tables';
import { docOf } from '../../testing/table-docs';

/** A deterministic generator (mulberry32), so a failing statement can be printed and rerun. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const printed = (v: number) => (v < 0 ? `(${Math.abs(v).toLocaleString('en-US')})` : v.toLocaleString('en-US'));

/**
 * The ways filings print the tax line, each with how a true expense (positive) or benefit
 * (negative) appears in it. A row that keeps one sign says nothing about it: the conventions
 * that print every year alike are only generated with one sign throughout.
 */
const CONVENTIONS = [
  { label: 'Provision for (benefit from) income taxes', print: (tax: number) => tax, signed: true },
  { label: 'Income tax (expense) benefit', print: (tax: number) => -tax, signed: true },
  { label: 'Benefit (provision) for income taxes', print: (tax: number) => -tax, signed: true },
  { label: 'Income tax expense (benefit)', print: (tax: number) => tax, signed: true },
  { label: 'Income taxes', print: (tax: number) => tax, signed: true },
  // A statement that prints its costs negative: its other cost rows say so.
  { label: 'Income tax expense', print: (tax: number) => -tax, signed: true, costsNegative: true },
  { label: 'Provision for income taxes', print: (tax: number) => tax, signed: false },
  { label: 'Income tax expense', print: (tax: number) => -tax, signed: false },
] as const;

function statement(rnd: () => number) {
  const years = [2022, 2021, 2020];
  const convention = CONVENTIONS[Math.floor(rnd() * CONVENTIONS.length)];
  const pretax = years.map(() => Math.round((rnd() - 0.3) * 9000) || 17);
  const sign = rnd() < 0.5 ? 1 : -1;
  // Signed conventions mix expenses and benefits; the others keep one kind in every year.
  const tax = pretax.map((p) => {
    const size = Math.round(Math.abs(p) * (0.02 + rnd() * 0.3)) + 1;
    return convention.signed ? (rnd() < 0.5 ? size : -size) : sign * size;
  });
  const page = `Consolidated Statements of Operations

(In millions) | ${years.join(' | ')}
Revenue | ${years.map(() => '$20,000').join(' | ')}
Cost of revenue | ${years.map(() => ('costsNegative' in convention ? '(9,000)' : '9,000')).join(' | ')}
Operating expenses | ${years.map(() => ('costsNegative' in convention ? '(4,000)' : '4,000')).join(' | ')}
Income (loss) before income taxes | ${pretax.map(printed).join(' | ')}
${convention.label} | ${tax.map((t) => printed(convention.print(t))).join(' | ')}
Net income (loss) | ${pretax.map((p, i) => printed(p - tax[i])).join(' | ')}`;
  return { page, years, pretax, tax, convention };
}

describe('a cost’s sign, read one way for every period of its row', () => {
  it('computes each year’s effective tax rate with the sign the statement means, for random statements in every convention', () => {
    const rnd = random(20261202);
    for (let n = 0; n < 200; n++) {
      const s = statement(rnd);
      // An all-benefit row printed without a word saying so is read as expenses: that reading is the documented default.
      if (!/\(/.test(s.convention.label) && s.tax.every((t) => t < 0)) continue;
      const doc = docOf(s.page);
      const docs = [{ docId: 'f', tables: readTables(doc.text, doc.pages) }];
      const asked = askedFigure(`What was the effective tax rate in FY2020 to FY2022?`)!;
      const figure = computeFigure({ ...asked, aggregate: 'spread', years: [2020, 2022] }, docs);
      const rates = Object.fromEntries(figure.steps.map((step) => [step.fy, step.value]));
      s.years.forEach((fy, i) => {
        const want = (s.tax[i] / s.pretax[i]) * 100;
        expect(rates[fy], `${s.page}\nFY${fy}`).toBeCloseTo(want, 6);
      });
    }
  });

  it('reads the label’s parenthesised word as what a negative figure is, and a row of one sign as its size', () => {
    expect(costValue(-743, 'Provision for (benefit from) income taxes', 'one')).toBe(-743);
    expect(costValue(-200, 'Income tax (expense) benefit', 'one')).toBe(200);
    expect(costValue(150, 'Income tax (expense) benefit', 'mixed')).toBe(-150);
    expect(costValue(-1577, 'Purchases of property and equipment', 'one')).toBe(1577);
    expect(costValue(-31, 'Income taxes', 'mixed')).toBe(-31);
    expect(costValue(-1200, 'Income tax expense', 'mixed, costs negative')).toBe(1200);
    expect(costValue(300, 'Income tax expense', 'mixed, costs negative')).toBe(-300);
    // A parenthesis that qualifies the line item is no sign word.
    expect(costValue(-5400, 'Cost of revenue (exclusive of depreciation and amortization costs)', 'one')).toBe(5400);
  });

  it('reads a cash flow statement’s mixed row with outflows negative', () => {
    const doc = docOf(`Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021
Purchases of property and equipment | (1,577) | 40`);
    const [table] = readTables(doc.text, doc.pages);
    expect(table.statement).toBe('cash flow statement');
    expect(rowSigns(table, table.rows[0])).toBe('mixed, costs negative');
  });

  it('counts only the columns that have a period (a change column is not a year)', () => {
    const doc = docOf(`Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021 | Change
Capital expenditures | (500) | (520) | 20`);
    const [table] = readTables(doc.text, doc.pages);
    expect(
      rowSigns(
        table,
        table.rows.find((r) => r.label === 'Capital expenditures')!,
      ),
    ).toBe('one');
  });
});
