import { describe, expect, it } from 'vitest';
import { figuresIn, figuresKey } from '../text';
import { filterRedundant } from './redundancy';

const same = () => Float32Array.from([1, 0]);
const FY22 = 'Balance sheet | 2022 | Total assets | 8,738 | Total liabilities | 5,120';
const FY17 = 'Balance sheet | 2017 | Total assets | 6,402 | Total liabilities | 3,977';

describe('filterRedundant with texts', () => {
  it('keeps both of two identical vectors whose figures differ', () => {
    const r = filterRedundant([same(), same()], 0.9, [FY22, FY17]);
    expect(r.kept).toEqual([0, 1]);
    expect(r.duplicates).toEqual([undefined, undefined]);
    expect(r.keptForFigures).toEqual([1]);
  });

  it('drops identical vectors with the same figures as a duplicate', () => {
    const r = filterRedundant([same(), same()], 0.9, [FY22, `${FY22} (restated)`]);
    expect(r.kept).toEqual([0]);
    expect(r.duplicates[1]).toMatchObject({ of: 0 });
    expect(r.keptForFigures).toEqual([]);
  });

  it('keeps chunks that differ only in the year', () => {
    const r = filterRedundant([same(), same()], 0.9, ['Net income rose in fiscal 2019.', 'Net income rose in fiscal 2018.']);
    expect(r.kept).toEqual([0, 1]);
  });

  it('treats formatting differences of one figure as the same figure', () => {
    const r = filterRedundant([same(), same()], 0.9, ['Revenue was $8,738 million in FY17.', 'Revenue: 8738 (USD millions), FY2017']);
    expect(r.kept).toEqual([0]);
    expect(r.duplicates[1]?.of).toBe(0);
  });

  it('compares texts without figures, or a missing text, by vector alone', () => {
    expect(filterRedundant([same(), same()], 0.9, ['The ferry leaves at noon.', 'The ferry leaves at noon!']).kept).toEqual([0]);
    expect(filterRedundant([same(), same()], 0.9, [FY22, undefined]).kept).toEqual([0]);
    expect(filterRedundant([same(), same()], 0.9).kept).toEqual([0]);
  });

  it('takes as the original a kept item with the same figures over a more similar one without', () => {
    const a = Float32Array.from([1, 0]);
    const b = Float32Array.from([0.95, Math.sqrt(1 - 0.95 ** 2)]);
    const c = Float32Array.from([0.995, Math.sqrt(1 - 0.995 ** 2)]); // nearer a than b
    const r = filterRedundant([a, b, c], 0.9, [FY22, FY17, FY17]);
    expect(r.kept).toEqual([0, 1]);
    expect(r.duplicates[2]?.of).toBe(1);
    expect(r.keptForFigures).toEqual([1]);
  });
});

describe('figuresIn', () => {
  it('normalises separators, currency, decimals and short fiscal years', () => {
    expect([...figuresIn('$1.50 and 1.5, 8,738 and 8738, .5 and 0.5, FY17 and 2017')].sort()).toEqual(['0.5', '1.5', '2017', '8738']);
  });

  it('ignores footnote marks but keeps bracketed amounts in tables', () => {
    expect(figuresKey('Revenues(1) rose [2] to 40')).toBe('40');
    expect(figuresKey('Other | (80)')).toBe('80');
    expect(figuresKey('No figures here.')).toBe('');
  });
});
