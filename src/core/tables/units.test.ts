import { describe, expect, it } from 'vitest';
import { statedScale, unscaledLabel } from './units';

describe('statedScale', () => {
  it('reads a parenthesised unit line', () => {
    expect(statedScale('(In millions, except per share data)')).toEqual({ scale: 1e6, text: '(In millions, except per share data)' });
    expect(statedScale('(in thousands)')).toEqual({ scale: 1e3, text: '(in thousands)' });
    expect(statedScale('(In Millions, Except Par Value)')).toEqual({ scale: 1e6, text: '(In Millions, Except Par Value)' });
    expect(statedScale('(Millions, except per share amounts)')).toEqual({ scale: 1e6, text: '(Millions, except per share amounts)' });
    expect(statedScale('(Dollars in billions)')).toEqual({ scale: 1e9, text: '(Dollars in billions)' });
  });

  it('reads a dollar sign inside the parentheses', () => {
    expect(statedScale('($ in thousands)')).toEqual({ scale: 1e3, text: '($ in thousands)' });
    expect(statedScale('($ in millions, except per share amounts)')).toEqual({ scale: 1e6, text: '($ in millions, except per share amounts)' });
  });

  it('reads an unparenthesised unit at the start of a line', () => {
    expect(statedScale('$ in millions, except per share amounts')).toEqual({ scale: 1e6, text: '$ in millions' });
    expect(statedScale('Dollars in billions')).toEqual({ scale: 1e9, text: 'Dollars in billions' });
    expect(statedScale('In millions')).toEqual({ scale: 1e6, text: 'In millions' });
    expect(statedScale('Amounts in thousands')).toEqual({ scale: 1e3, text: 'Amounts in thousands' });
  });

  it('finds the unit in the label cell of a header row', () => {
    expect(statedScale('(Millions, except per share amounts) | 2022 | 2021 | 2020')?.scale).toBe(1e6);
    expect(statedScale('(in thousands) | 2019 | 2018')?.text).toBe('(in thousands)');
  });

  it('finds a unit closing a title line', () => {
    expect(statedScale('Consolidated Statements of Income (in millions)')).toEqual({ scale: 1e6, text: '(in millions)' });
  });

  it('does not read a figure in prose as the unit', () => {
    expect(statedScale('In 2022 we issued $2 billion of notes due 2030.')).toBeUndefined();
    expect(statedScale('$2 billion of notes')).toBeUndefined();
    expect(statedScale('Revenue grew to 3 million units in thousands of stores')).toBeUndefined();
    expect(statedScale('Net sales increased $1.2 million, or 3%.')).toBeUndefined();
    expect(statedScale('Long-term debt (of which $2 billion in senior notes)')).toBeUndefined();
    expect(statedScale('Revolving credit facility ($1.5 billion in aggregate)')).toBeUndefined();
  });

  it('ignores parentheses that state no scale', () => {
    expect(statedScale('(Unaudited)')).toBeUndefined();
    expect(statedScale('(in percent)')).toBeUndefined();
    expect(statedScale('Consolidated Balance Sheets')).toBeUndefined();
    expect(statedScale('')).toBeUndefined();
  });
});

describe('unscaledLabel', () => {
  it('marks per-share amounts, ratios, margins, rates, percentages and headcounts', () => {
    for (const label of [
      'Earnings per share — diluted',
      'Net income per common share',
      'Distributions per unit',
      'Current ratio',
      'Gross margin',
      'Effective tax rate',
      'Change in %',
      'Percentage of net sales',
      'Number of employees',
      'Days sales outstanding (days)',
    ]) {
      expect(unscaledLabel(label), label).toBe(true);
    }
  });

  it('leaves money rows scaled', () => {
    for (const label of ['Net sales', 'Total current assets', 'Cost of sales', 'Shares repurchased', 'Interest expense']) {
      expect(unscaledLabel(label), label).toBe(false);
    }
  });
});
