import { describe, expect, it } from 'vitest';
import { describeDocument } from './card';
import { endingMonth, fiscalPeriodOf, fiscalQuarterEnd, readCalendar, type FiscalCalendar } from './calendar';

/** A generated quarterly report: its cover, the statements' headers and the reference to the last annual report. */
function tenQ(o: { company: string; ended: string; yearToDate?: 'Six' | 'Nine'; lastYearEnd?: string; coverBreak?: boolean; opening?: string }): string {
  const cover = o.coverBreak ? `For the quarterly period ended\n\n${o.ended}` : `For the quarterly period ended ${o.ended}`;
  return [
    'UNITED STATES SECURITIES AND EXCHANGE COMMISSION',
    'FORM 10-Q',
    `☒ QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934`,
    cover,
    'OR',
    `${o.company.toUpperCase()}`,
    '(Exact name of registrant as specified in its charter)',
    o.opening ?? '',
    'CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)',
    o.yearToDate ? `Three Months Ended | ${o.yearToDate} Months Ended` : 'Three Months Ended',
    o.yearToDate ? `${o.ended} | ${o.ended}` : o.ended,
    'Revenue | 1,200 | 1,100 | 3,400 | 3,000',
    o.lastYearEnd ? `This report should be read with the Annual Report on Form 10-K for the fiscal year ended ${o.lastYearEnd}.` : '',
  ].join('\n\n');
}

/** The card of a generated report whose first page is its cover (up to the statements). */
function card(text: string) {
  return describeDocument({ title: '', text, pages: [{ page: 1, start: 0, end: text.indexOf('CONDENSED') }] }, 'q.pdf');
}

describe('fiscal calendars', () => {
  it('counts a period ending in the first week of a month in the month before', () => {
    expect(endingMonth('July 2, 2022')).toBe(2022 * 12 + 5);
    expect(endingMonth('July 8, 2022')).toBe(2022 * 12 + 6);
    expect(endingMonth('Jan. 1, 2023')).toBe(2022 * 12 + 11);
    expect(endingMonth('31 March 2021')).toBe(2021 * 12 + 2);
    expect(endingMonth('no date')).toBeUndefined();
  });

  it('numbers quarters from the fiscal year start, the year by its end or its start', () => {
    const june: FiscalCalendar = { endMonth: 6, naming: 'end' };
    expect(fiscalPeriodOf(endingMonth('December 31, 2022')!, june)).toEqual({ year: 2023, quarter: 2 });
    expect(fiscalPeriodOf(endingMonth('June 30, 2023')!, june)).toEqual({ year: 2023, quarter: 4 });
    expect(fiscalPeriodOf(endingMonth('November 30, 2022')!, june)).toEqual({ year: 2023 });
    const january: FiscalCalendar = { endMonth: 1, naming: 'end' };
    expect(fiscalPeriodOf(endingMonth('October 31, 2022')!, january)).toEqual({ year: 2023, quarter: 3 });
    expect(fiscalPeriodOf(endingMonth('October 31, 2022')!, { endMonth: 1, naming: 'start' })).toEqual({ year: 2022, quarter: 3 });
    expect(fiscalQuarterEnd(2023, 2, june)).toBe(endingMonth('December 31, 2022'));
    expect(fiscalQuarterEnd(2024, 2, january)).toBe(endingMonth('July 31, 2023'));
  });

  it('reads the year end from "fiscal year ended", else from six- and nine-month periods, else from a named quarter', () => {
    expect(readCalendar('the Annual Report for the fiscal year ended September 24, 2022')).toEqual({ endMonth: 9, naming: 'end' });
    expect(readCalendar('Nine Months Ended\nJuly 1, 2023 | June 25, 2022')).toEqual({ endMonth: 9, naming: 'end' });
    expect(readCalendar('Six Months Ended | December 31, 2022')).toEqual({ endMonth: 6, naming: 'end' });
    expect(readCalendar('results for its second quarter fiscal 2024 ended July 31, 2023')).toEqual({ endMonth: 1, naming: 'end' });
    expect(readCalendar('For the fiscal year ended January 28, 2023. Net sales grew in fiscal 2022, which ended January 28, 2023.')).toEqual({ endMonth: 1, naming: 'start' });
    expect(readCalendar('Revenue rose 5% in the quarter.')).toBeUndefined();
  });
});

describe('the card reads the fiscal calendar from the document itself', () => {
  it('a quarter ended December 31 of a June year-end company is Q2 of the fiscal year after', () => {
    const c = card(tenQ({ company: 'Bramble Software Inc', ended: 'December 31, 2022', yearToDate: 'Six', lastYearEnd: 'June 30, 2022' }));
    expect(c.title).toBe('Bramble Software Inc · 10-Q · Q2 2023');
    expect(c.calendar).toEqual({ endMonth: 6, naming: 'end' });
    expect(c.period).toMatchObject({ kind: 'quarter', year: 2023, quarter: 2, ended: 'December 31, 2022' });
  });

  it('a 52/53-week quarter ended July 2 is the second quarter', () => {
    const c = card(tenQ({ company: 'Larkspur Foods Corp', ended: 'July 2, 2022', yearToDate: 'Six', lastYearEnd: 'January 1, 2022' }));
    expect(c.period).toMatchObject({ year: 2022, quarter: 2 });
    // Even with nothing but the cover: it ends in the first week of July, so in June.
    expect(card(tenQ({ company: 'Larkspur Foods Corp', ended: 'July 2, 2022' })).period).toMatchObject({ year: 2022, quarter: 2 });
  });

  it('a quarter ended July 29 of a year ending early February is Q2 of the fiscal year named by its end', () => {
    const c = card(tenQ({ company: 'Tamarack Outfitters Inc', ended: 'July 29, 2023', yearToDate: 'Six', lastYearEnd: 'February 3, 2023' }));
    expect(c.calendar).toEqual({ endMonth: 1, naming: 'end' });
    expect(c.period).toMatchObject({ year: 2024, quarter: 2 });
  });

  it('the same quarter of a retailer that names its year by the start is Q2 of that year', () => {
    const opening = 'Fiscal 2023 ends on February 3, 2024. Our fiscal 2022 ended January 28, 2023.';
    const c = card(tenQ({ company: 'Tamarack Outfitters Inc', ended: 'July 29, 2023', yearToDate: 'Six', lastYearEnd: 'January 28, 2023', opening }));
    expect(c.calendar).toEqual({ endMonth: 1, naming: 'start' });
    expect(c.period).toMatchObject({ year: 2023, quarter: 2 });
  });

  it('a third quarter ended October 31 of a January year-end company is Q3 of the fiscal year after', () => {
    const c = card(tenQ({ company: 'Cumulus Cloud Inc', ended: 'October 31, 2022', yearToDate: 'Nine', lastYearEnd: 'January 31, 2022' }));
    expect(c.period).toMatchObject({ year: 2023, quarter: 3 });
  });

  it('a cover that prints its date on the line below the words, the month shortened', () => {
    const c = card(tenQ({ company: 'Heron Bank Corp', ended: 'Mar. 31, 2021', coverBreak: true }));
    expect(c.period).toMatchObject({ kind: 'quarter', year: 2021, quarter: 1, ended: 'March 31, 2021' });
  });
});
