import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { askedFigure, askedYears } from './question';
import { computeFigure } from './compute';
import { findCell } from './find-cell';

const INCOME_B = 'Consolidated Statements of Operations\n(In thousands) | 2022 | 2021\nRevenue | 90,000 | 80,000\nOperating income | 9,000 | 8,000';

describe('figures that must not be read', () => {
  it('never mixes two documents in one formula: each is computed on its own, the first that fills every input wins', () => {
    const a = { docId: 'a', tables: tablesOf('Consolidated Statements of Operations\n(In millions) | 2022 | 2021\nOperating income | 1,000 | 800').tables };
    const b = { docId: 'b', tables: tablesOf(INCOME_B).tables };
    const f = computeFigure(askedFigure('What was the FY2022 operating margin?')!, [a, b]);
    expect(f.value).toBeCloseTo(10, 5);
    expect(new Set(f.steps.flatMap((s) => s.inputs.map((i) => i.cell.docId)))).toEqual(new Set(['b']));
  });

  it('never reads a percentage as an amount', () => {
    const pct = { docId: 'p', tables: tablesOf('Consolidated Statements of Operations\n(In millions) | 2022 | 2021\nNet income | 8.0% | 7.5%').tables };
    expect(findCell([pct], 'net_income', 2022)).toBeUndefined();
  });

  it('never picks one of several columns of the same year that nothing tells apart', () => {
    const quarters = {
      docId: 'q',
      tables: tablesOf('Consolidated Statements of Operations\n(In millions) | 2022 | 2022 | 2022 | 2022\nOperating income | 200 | 250 | 300 | 350').tables,
    };
    expect(findCell([quarters], 'operating_income', 2022)).toBeUndefined();
  });

  it('reads a per-share row in units whatever the table says', () => {
    const t = {
      docId: 'e',
      tables: tablesOf('Consolidated Statements of Operations\n(In millions, except per share data) | 2022 | 2021\nDiluted earnings per share | $3.48 | $3.10').tables,
    };
    expect(findCell([t], 'eps_diluted', 2022)?.value).toBeCloseTo(3.48, 5);
  });
});

describe('years and questions read with care', () => {
  it('reads a year followed by a comma, and ignores the year of the filing cited', () => {
    expect(askedYears('As of December 31, 2021, what were total assets?').list).toEqual([2021]);
    expect(askedYears('What was net income in FY2021 according to the 2022 10-K?').list).toEqual([2021]);
    expect(askedYears('Revenue of 2,021 units in 2020').list).toEqual([2020]);
  });

  it('does not read a question about policy, strategy or how something works as a figure', () => {
    expect(askedFigure('How does the company recognize revenue?')).toBeUndefined();
    expect(askedFigure('What is the company’s strategy to grow net sales?')).toBeUndefined();
    expect(askedFigure('Does the company have any long-term debt covenants?')).toBeUndefined();
    expect(askedFigure('How did total debt change from FY2021 to FY2022?')).toBeDefined();
  });

  it('keeps a loss a loss in the computation shown', () => {
    const t = {
      docId: 'l',
      tables: tablesOf('Consolidated Statements of Operations\n(In millions) | 2022 | 2021\nRevenue | 10,000 | 9,000\nNet income (loss) | (500) | 300').tables,
    };
    const f = computeFigure(askedFigure('What was the FY2022 net profit margin?')!, [t]);
    expect(f.value).toBeCloseTo(-5, 5);
    expect(f.steps[0].shown).toBe('−500 ÷ 10,000 × 100');
  });
});
