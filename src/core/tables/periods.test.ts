import { describe, expect, it } from 'vitest';
import { columnPeriods, quarterIn } from './periods';
import { fiscalYearOf } from '../text';

describe('fiscalYearOf', () => {
  it('is the calendar year without a date, or for a date outside early January', () => {
    expect(fiscalYearOf(2022)).toBe(2022);
    expect(fiscalYearOf(2022, 12, 31)).toBe(2022);
    expect(fiscalYearOf(2019, 5, 26)).toBe(2019);
    expect(fiscalYearOf(2023, 2, 3)).toBe(2023);
  });

  it('counts a 52–53-week year ending in early January as the year before', () => {
    expect(fiscalYearOf(2021, 1, 2)).toBe(2020);
    expect(fiscalYearOf(2022, 1, 1)).toBe(2021);
    expect(fiscalYearOf(2016, 1, 7)).toBe(2015);
  });

  it('keeps a year ending in late January as its own (Best Buy: fiscal 2017 ended January 28, 2017)', () => {
    expect(fiscalYearOf(2016, 1, 8)).toBe(2016);
    expect(fiscalYearOf(2017, 1, 28)).toBe(2017);
    expect(fiscalYearOf(2015, 1, 31)).toBe(2015);
  });

  it('keeps the year for January without a day', () => {
    expect(fiscalYearOf(2021, 1)).toBe(2021);
  });
});

describe('columnPeriods: years, dates and durations', () => {
  it('lines up an annual header row of years with the columns, taking the date and duration from the title', () => {
    expect(columnPeriods(['3M Company Consolidated Statement of Income Years ended December 31', '(Millions, except per share amounts) | 2022 | 2021 | 2020'], 3)).toEqual([
      { fy: 2022, label: 'Dec 31, 2022', months: 12 },
      { fy: 2021, label: 'Dec 31, 2021', months: 12 },
      { fy: 2020, label: 'Dec 31, 2020', months: 12 },
    ]);
  });

  it('reads a bare year row without a label cell', () => {
    expect(columnPeriods(['2019 | 2018'], 2)).toEqual([
      { fy: 2019, label: '2019' },
      { fy: 2018, label: '2018' },
    ]);
  });

  it('joins the month and day of one header row with the years of the next (a balance sheet: no duration)', () => {
    expect(columnPeriods(['May 26, | May 27,', '2019 | 2018'], 2)).toEqual([
      { fy: 2019, label: 'May 26, 2019' },
      { fy: 2018, label: 'May 27, 2018' },
    ]);
  });

  it('reads dates and years from one plain line', () => {
    expect(columnPeriods(['At December 31, 2019 At December 31, 2018'], 2)).toEqual([
      { fy: 2019, label: 'Dec 31, 2019' },
      { fy: 2018, label: 'Dec 31, 2018' },
    ]);
  });

  it('splits quarterly columns into "Three months ended | Six months ended" groups', () => {
    expect(columnPeriods(['Three months ended | Six months ended', 'June 30, | June 30,', '2023 | 2022 | 2023 | 2022'], 4)).toEqual([
      { fy: 2023, label: 'Jun 30, 2023', months: 3 },
      { fy: 2022, label: 'Jun 30, 2022', months: 3 },
      { fy: 2023, label: 'Jun 30, 2023', months: 6 },
      { fy: 2022, label: 'Jun 30, 2022', months: 6 },
    ]);
  });

  it('gives every column the one duration stated', () => {
    const periods = columnPeriods(['Three Months Ended June 30,', '2023 | 2022'], 2);
    expect(periods.map((p) => p?.months)).toEqual([3, 3]);
    expect(columnPeriods(['Nine months ended September 30, 2023 | Nine months ended September 30, 2022'], 2).map((p) => [p?.fy, p?.months])).toEqual([
      [2023, 9],
      [2022, 9],
    ]);
    expect(columnPeriods(['Quarter ended | March 31, 2023 | March 31, 2022'], 2).map((p) => p?.months)).toEqual([3, 3]);
  });

  it('reads numeric and hyphenated durations', () => {
    expect(columnPeriods(['6 months ended June 30,', '2023 | 2022'], 2).map((p) => p?.months)).toEqual([6, 6]);
    expect(columnPeriods(['Twelve-month period ended', '2023 | 2022'], 2).map((p) => p?.months)).toEqual([12, 12]);
  });
});

describe('columnPeriods: fiscal years and columns without a period', () => {
  it('sets the fiscal year by each column’s date (Best Buy: fiscal years ending late January)', () => {
    expect(columnPeriods(['Fiscal Years Ended | January 28, 2017 | January 30, 2016 | January 31, 2015'], 3)).toEqual([
      { fy: 2017, label: 'Jan 28, 2017', months: 12 },
      { fy: 2016, label: 'Jan 30, 2016', months: 12 },
      { fy: 2015, label: 'Jan 31, 2015', months: 12 },
    ]);
  });

  it('counts a year ending January 2, 2021 as fiscal 2020', () => {
    expect(columnPeriods(['As of | January 2, 2021 | December 28, 2019'], 2)).toEqual([
      { fy: 2020, label: 'Jan 2, 2021' },
      { fy: 2019, label: 'Dec 28, 2019' },
    ]);
  });

  it('leaves a "% Change" column without a period', () => {
    expect(columnPeriods(['(in millions) | 2023 | 2022 | % Change'], 3)).toEqual([{ fy: 2023, label: '2023' }, { fy: 2022, label: '2022' }, undefined]);
  });

  it('takes the last years when a line names more years than there are columns', () => {
    expect(columnPeriods(['2018 2019 2020 2021 2022'], 3).map((p) => p?.fy)).toEqual([2020, 2021, 2022]);
  });

  it('prefers the nearest aligned pipe row over years elsewhere in the header', () => {
    expect(columnPeriods(['Five-year summary 2015–2019', '(in millions) | 2019 | 2018'], 2).map((p) => p?.fy)).toEqual([2019, 2018]);
  });

  it('does not read amounts, percentages or money as years', () => {
    expect(columnPeriods(['Revenue of $2,019 and 2020% growth'], 2)).toEqual([undefined, undefined]);
  });

  it('gives no periods without years', () => {
    expect(columnPeriods(['Segment | Revenue | Profit'], 2)).toEqual([undefined, undefined]);
    expect(columnPeriods([], 3)).toEqual([undefined, undefined, undefined]);
  });
});

describe('quarter columns', () => {
  it('reads "Q2 FY24", "Q3 2023" and "Second quarter of fiscal 2024" as fiscal quarters of three months', () => {
    expect(quarterIn('Q2 FY24')).toEqual({ fy: 2024, quarter: 2, months: 3, label: 'Q2 FY24' });
    expect(quarterIn('Q3 2023')).toMatchObject({ fy: 2023, quarter: 3 });
    expect(quarterIn('Second quarter of fiscal 2024')).toMatchObject({ fy: 2024, quarter: 2 });
    expect(quarterIn('Quarterly dividend')).toBeUndefined();
  });

  it('lines a header row of quarters up with the columns', () => {
    const periods = columnPeriods(['($ in millions) | Q2 FY24 | Q2 FY23 | Q1 FY24'], 3);
    expect(periods.map((p) => [p?.fy, p?.quarter])).toEqual([
      [2024, 2],
      [2023, 2],
      [2024, 1],
    ]);
  });

  it('spreads each date over its group of sub-columns ("Avg. | Min | Max" repeated)', () => {
    const periods = columnPeriods(['Three months ended | June 30, 2023 | June 30, 2022', '(in millions) | Avg. | Min | Max | Avg. | Min | Max'], 6);
    expect(periods.map((p) => p?.fy)).toEqual([2023, 2023, 2023, 2022, 2022, 2022]);
    expect(periods.map((p) => p?.label)).toEqual(['Jun 30, 2023 Avg.', 'Jun 30, 2023 Min', 'Jun 30, 2023 Max', 'Jun 30, 2022 Avg.', 'Jun 30, 2022 Min', 'Jun 30, 2022 Max']);
    expect(periods.every((p) => p?.months === 3)).toBe(true);
  });

  it('takes durations and dates from the heading rows, not a caption sentence, and skips change columns for dates', () => {
    const lines = [
      'The following table shows net sales by category for the three- and nine-month periods ended July 1, 2023 and June 25, 2022 (dollars in millions):',
      'Three Months Ended | Nine Months Ended',
      'July 1, | June 25, | July 1, | June 25,',
      '2023 | 2022 | Change | 2023 | 2022 | Change',
    ];
    const periods = columnPeriods(lines, 6);
    expect(periods.map((p) => p && [p.label, p.months])).toEqual([['Jul 1, 2023', 3], ['Jun 25, 2022', 3], undefined, ['Jul 1, 2023', 9], ['Jun 25, 2022', 9], undefined]);
  });
});
