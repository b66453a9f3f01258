import { describe, expect, it } from 'vitest';
import { tableRow } from './table-row';

describe('tableRow', () => {
  it('joins cleaned cells with " | "', () => {
    expect(tableRow([' Net  sales ', '1,200', '\n1,150 '])).toBe('Net sales | 1,200 | 1,150');
  });

  it('drops empty cells by default and keeps their place on request', () => {
    expect(tableRow(['Widgets', '', '5'])).toBe('Widgets | 5');
    expect(tableRow(['Widgets', '', '5'], true)).toBe('Widgets |  | 5');
  });

  it('glues currency signs, percent signs and closing parentheses to their numbers', () => {
    expect(tableRow(['Revenue', '$', '1,200', '', '$', '(35', ')', 'up 4', '%'])).toBe('Revenue | $1,200 | $(35) | up 4%');
  });

  it('returns an empty string for a row without text', () => {
    expect(tableRow(['', ' ', '\u00a0'])).toBe('');
    expect(tableRow([])).toBe('');
  });
});
