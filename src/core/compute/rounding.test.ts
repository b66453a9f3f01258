import { describe, expect, it } from 'vitest';
import { formatValue, roundingAsked, roundTo } from './rounding';

describe('roundingAsked', () => {
  it.each([
    ['What is the FY2019 fixed asset turnover ratio? Round your answer to two decimal places.', { decimals: 2 }],
    ['Round your answer to one decimal place.', { decimals: 1 }],
    ['Please round to 3 decimal places', { decimals: 3 }],
    ['Give the answer with 2 decimals', { decimals: 2 }],
    ['Answer with no decimal places', { decimals: 0 }],
    ['Round to the nearest whole number.', { decimals: 0 }],
    ['rounded to the nearest integer', { decimals: 0 }],
    ['to the nearest tenth', { decimals: 1 }],
    ['to the nearest hundredth', { decimals: 2 }],
    ['Answer in units of percents and round to one decimal place.', { decimals: 1, unit: 'percent' }],
    ['What is the gross margin in percent?', { unit: 'percent' }],
    ['Express it as a percentage.', { unit: 'percent' }],
    ['What is the FY2018 capital expenditure amount (in USD millions) for 3M?', { unit: 'millions' }],
    ['Answer in USD millions.', { unit: 'millions' }],
    ['What was total debt (in USD billions)? Round to two decimal places.', { decimals: 2, unit: 'billions' }],
    ['Answer in USD thousands.', { unit: 'thousands' }],
    ['What was net income, in millions?', { unit: 'millions' }],
    ['What was revenue (USD in millions)?', { unit: 'millions' }],
    ['Answer in $ billions', { unit: 'billions' }],
    ['What is the dividend per share in USD?', { unit: 'units' }],
    ['Rounded to the nearest million', { decimals: 0, unit: 'millions' }],
    ['What is the FY2019 operating margin for 3M?', {}],
    ['', {}],
  ])('%s', (question, asked) => {
    expect(roundingAsked(question)).toEqual(asked);
  });

  it('takes the last unit named when a question names several', () => {
    expect(roundingAsked('What is capex as a % of revenue? Answer in USD millions.').unit).toBe('millions');
    expect(roundingAsked('Using figures in USD millions, answer in units of percents.').unit).toBe('percent');
  });

  it('does not read a stated amount as an asked scale', () => {
    expect(roundingAsked('Revenue grew to $3 billion in 2019; what is the growth?')).toEqual({});
    expect(roundingAsked('How many billions of dollars did it spend?')).toEqual({});
  });
});

describe('roundTo', () => {
  it('rounds half away from zero, exactly in decimal', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.0049, 2)).toBe(1);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(34.55, 1)).toBe(34.6);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(roundTo(1e25, 2)).toBe(1e25);
  });
});

describe('formatValue', () => {
  it('writes ratios, times, days and percents', () => {
    expect(formatValue(1.5456, 'ratio')).toBe('1.55');
    expect(formatValue(4.5, 'times')).toBe('4.50x');
    expect(formatValue(-3.7, 'days')).toBe('-3.70 days');
    expect(formatValue(34.56, 'percent')).toBe('34.6%');
    expect(formatValue(34.56, 'percent', 2)).toBe('34.56%');
    expect(formatValue(1234.5, 'ratio', 1)).toBe('1,234.5');
  });

  it('writes money in the asked scale, with thousands separators', () => {
    expect(formatValue(1_577_000_000, 'millions')).toBe('$1,577 million');
    expect(formatValue(400_000_000, 'billions')).toBe('$0.40 billion');
    expect(formatValue(-1_577_400_000, 'millions', 1)).toBe('-$1,577.4 million');
    expect(formatValue(12_345_000, 'thousands')).toBe('$12,345 thousand');
    expect(formatValue(3.456, 'units')).toBe('$3.46');
    expect(formatValue(12_345, 'units')).toBe('$12,345');
  });

  it('chooses the scale for a currency metric', () => {
    expect(formatValue(1_577_000_000, 'currency')).toBe('$1.58 billion');
    expect(formatValue(157_700_000, 'currency')).toBe('$158 million');
    expect(formatValue(-2_500_000, 'currency')).toBe('-$2.50 million');
    expect(formatValue(950, 'currency')).toBe('$950');
  });

  it('never shows a small value as 0 unless asked to', () => {
    expect(formatValue(0.004, 'percent')).toBe('0.004%');
    expect(formatValue(0.004, 'percent', 1)).toBe('0.0%');
    expect(formatValue(0, 'percent')).toBe('0.0%');
    expect(formatValue(-0.001, 'ratio', 2)).toBe('0.00');
  });

  it('writes a value that is not finite as it is', () => {
    expect(formatValue(NaN, 'ratio')).toBe('NaN');
  });
});
