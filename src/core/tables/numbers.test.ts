import { describe, expect, it } from 'vitest';
import { cellValue, isYear } from './numbers';

describe('cellValue', () => {
  it('reads plain numbers, thousands separators and decimals', () => {
    expect(cellValue('19,232')).toEqual({ value: 19232, percent: false, numeric: true });
    expect(cellValue('1,679.7')).toEqual({ value: 1679.7, percent: false, numeric: true });
    expect(cellValue('1,234,567')).toEqual({ value: 1234567, percent: false, numeric: true });
    expect(cellValue('42')).toEqual({ value: 42, percent: false, numeric: true });
    expect(cellValue('.75')).toEqual({ value: 0.75, percent: false, numeric: true });
  });

  it('reads currency signs, with or without a space after them', () => {
    expect(cellValue('$34,229').value).toBe(34229);
    expect(cellValue('$ 16,865.2').value).toBe(16865.2);
    expect(cellValue('$  16,865.2').value).toBe(16865.2);
    expect(cellValue('€1,200').value).toBe(1200);
    expect(cellValue('£3.5').value).toBe(3.5);
    expect(cellValue('$10.18')).toEqual({ value: 10.18, percent: false, numeric: true });
  });

  it('reads parentheses as negative', () => {
    expect(cellValue('(2,724)').value).toBe(-2724);
    expect(cellValue('(389)').value).toBe(-389);
    expect(cellValue('$(5)').value).toBe(-5);
    expect(cellValue('($5)').value).toBe(-5);
    expect(cellValue('$ (1,577.3)').value).toBe(-1577.3);
  });

  it('reads a leading minus (hyphen or minus sign) as negative', () => {
    expect(cellValue('-3.2').value).toBe(-3.2);
    expect(cellValue('−4').value).toBe(-4);
    expect(cellValue('-$12').value).toBe(-12);
    expect(cellValue('$-12').value).toBe(-12);
  });

  it('marks percentages, negative ones included', () => {
    expect(cellValue('12.5%')).toEqual({ value: 12.5, percent: true, numeric: true });
    expect(cellValue('12.5 %')).toEqual({ value: 12.5, percent: true, numeric: true });
    expect(cellValue('(12.5)%')).toEqual({ value: -12.5, percent: true, numeric: true });
    expect(cellValue('(12.5%)')).toEqual({ value: -12.5, percent: true, numeric: true });
    expect(cellValue('-0.4%')).toEqual({ value: -0.4, percent: true, numeric: true });
  });

  it('reads points, basis points and multiples as numbers that are not percentages', () => {
    expect(cellValue('3 pts')).toEqual({ value: 3, percent: false, numeric: true });
    expect(cellValue('25 bps')).toEqual({ value: 25, percent: false, numeric: true });
    expect(cellValue('1.2x')).toEqual({ value: 1.2, percent: false, numeric: true });
  });

  it('reads dashes as an empty numeric cell', () => {
    for (const dash of ['—', '–', '-', '−', '——', '—%']) {
      expect(cellValue(dash).value, dash).toBeNull();
      expect(cellValue(dash).numeric, dash).toBe(true);
    }
    expect(cellValue('—%').percent).toBe(true);
    expect(cellValue('—').percent).toBe(false);
  });

  it('reads text as not numeric', () => {
    for (const text of ['n/m', 'NM', 'Net sales', 'g/dL', '12.0-15.5', 'May 26,', 'January 28, 2017', '%', '', 'N/A', '10^3/uL']) {
      expect(cellValue(text), text).toEqual({ value: null, percent: false, numeric: false });
    }
  });

  it('tolerates surrounding and inner whitespace', () => {
    expect(cellValue('  1,000  ').value).toBe(1000);
    expect(cellValue('$\u00a016,865.2').value).toBe(16865.2);
  });

  it('does not read malformed thousands groups as numbers', () => {
    expect(cellValue('1,23').numeric).toBe(false);
    expect(cellValue('12,3456').numeric).toBe(false);
  });
});

describe('isYear', () => {
  it('accepts 1980–2099 only', () => {
    expect(isYear('2022')).toBe(true);
    expect(isYear(' 1999 ')).toBe(true);
    expect(isYear('1980')).toBe(true);
    expect(isYear('2099')).toBe(true);
    expect(isYear('1979')).toBe(false);
    expect(isYear('2100')).toBe(false);
    expect(isYear('2,022')).toBe(false);
    expect(isYear('FY2022')).toBe(false);
    expect(isYear('20221')).toBe(false);
  });
});
