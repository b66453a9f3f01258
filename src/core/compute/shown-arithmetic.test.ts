import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { figureText } from './answer-text';
import { computeFigure } from './compute';
import { evaluate, parseExpression } from './expr';
import { askedFigure } from './question';

/** A small seeded generator, so a failure names the case that broke. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** A statement pair with random amounts, in millions. */
function filing(rnd: () => number) {
  const amount = (lo: number, hi: number) => Math.round(lo + rnd() * (hi - lo));
  const v = {
    revenue: [amount(500, 90_000), amount(500, 90_000)],
    operating: [amount(1, 20_000), amount(1, 20_000)],
    ca: [amount(100, 50_000), amount(100, 50_000)],
    cl: [amount(100, 50_000), amount(100, 50_000)],
  };
  const text = `Consolidated Statements of Operations
(In millions) | 2023 | 2022
Revenue | $${grouped(v.revenue[0])} | $${grouped(v.revenue[1])}
Operating income | ${grouped(v.operating[0])} | ${grouped(v.operating[1])}`;
  const balance = `Consolidated Balance Sheets
(In millions) | 2023 | 2022
Total current assets | ${grouped(v.ca[0])} | ${grouped(v.ca[1])}
Total current liabilities | ${grouped(v.cl[0])} | ${grouped(v.cl[1])}`;
  return [{ docId: 'd', tables: tablesOf(text, balance).tables }];
}

/** "FY2023: 3,120 ÷ ((1,140 + 1,020) ÷ 2) = 2.89x" → the arithmetic as shown, and the result as shown. */
function shownLine(line: string): { expression: string; result: number; decimals: number } {
  const body = line.replace(/^FY\d{4}: /, '').replace(/\s*\(no row for .*$/, '');
  const at = body.lastIndexOf(' = ');
  const result = body.slice(at + 3).replace(/[$,x%]|\s*(?:million|billion|days)\b/g, '');
  return {
    expression: body.slice(0, at).replace(/,/g, '').replace(/÷/g, '/').replace(/×/g, '*').replace(/−/g, '-'),
    result: Number(result),
    decimals: (result.split('.')[1] ?? '').length,
  };
}

const QUESTIONS = [
  'What is the FY2023 current ratio?',
  'What was the FY2023 operating margin?',
  'What is the FY2023 asset figure? Define the asset figure as total current assets + total current liabilities - operating income.',
  'What is the FY2023 combined figure? Define the combined figure as (revenue - operating income) / total current liabilities.',
];

describe('the arithmetic an answer shows agrees with the result it shows', () => {
  it('over 200 random filings and four kinds of formula', () => {
    const rnd = random(20261128);
    let checked = 0;
    for (let i = 0; i < 50; i++) {
      const docs = filing(rnd);
      for (const question of QUESTIONS) {
        const figure = computeFigure(askedFigure(question)!, docs);
        expect(figure.value, `case ${i}: ${question}`).toBeDefined();
        for (const line of figureText(figure, question, () => 1).computation) {
          const { expression, result, decimals } = shownLine(line);
          const value = evaluate(parseExpression(expression), () => undefined);
          // The shown result is the shown arithmetic, rounded to the places it is shown with.
          expect(Math.abs(value - result), `case ${i}: "${line}"`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
          checked++;
        }
      }
    }
    expect(checked).toBe(200);
  });
});
