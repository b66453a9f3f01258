import { describe, expect, it } from 'vitest';
import { CAPITALISED_MONTH_PATTERN, dateLabel, fiscalYearOf, monthLabel, monthNumber, parseDate } from './dates';

describe('the one date reader', () => {
  it('reads a month from its name or abbreviation, and nothing else', () => {
    expect(['Jan.', 'sept', 'September', 'MAY', 'dec'].map(monthNumber)).toEqual([1, 9, 9, 5, 12]);
    expect(['Mayor', 'Janus', 'fiscal', ''].map(monthNumber)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads a printed date in either order, over a line break', () => {
    expect(parseDate('for the quarterly period ended July 1,\n2023')).toEqual({ year: 2023, month: 7, day: 1 });
    expect(parseDate('as of 28 Jan. 2017')).toEqual({ year: 2017, month: 1, day: 28 });
    expect(parseDate('in fiscal 2023')).toBeUndefined();
  });

  it('gives a 52/53-week year that ends in January’s first week to the year before', () => {
    expect(fiscalYearOf(2023, 1, 1)).toBe(2022);
    expect(fiscalYearOf(2023, 1, 28)).toBe(2023);
    expect(fiscalYearOf(2023, 12, 31)).toBe(2023);
    expect(monthLabel(2023 * 12 + 5)).toBe('June 2023');
    expect(dateLabel({ year: 2017, month: 1, day: 28 })).toBe('January 28, 2017');
  });

  it('matches capitalised names only in its case-sensitive form', () => {
    const re = new RegExp(`^(?:${CAPITALISED_MONTH_PATTERN})$`);
    expect(['January', 'Sept.', 'Sep', 'Dec.'].every((m) => re.test(m))).toBe(true);
    expect(re.test('january')).toBe(false);
  });
});
