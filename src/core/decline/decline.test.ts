import { describe, expect, it } from 'vitest';
import { absentName, absentPeriod, absentQuarter, declineText, mentionsAll, namesAsked, namesBeyond, properNames } from '.';

describe('properNames', () => {
  it('reads the names a question is about, not capitalised words that open a sentence, acronyms or months', () => {
    expect(properNames("What was Tesla's total revenue in 2022?")).toEqual(['Tesla']);
    expect(properNames('How many stores did Home Depot operate at the end of fiscal 2021?')).toEqual(['Home Depot']);
    expect(properNames("What was Delta Air Lines' operating margin in December 2021?")).toEqual(['Delta Air Lines']);
    expect(properNames('DSO is defined as: 365 * (average AR) / (FY2019 Revenue). Round your answer. What is the EBITDA of MGM?')).toEqual([]);
  });
});

describe('absentName', () => {
  const passages = ['Mary N. Dillon has been appointed President and Chief Executive Officer of Foot Locker, Inc.'];
  it('finds a name no document goes by and no passage prints', () => {
    expect(absentName("What was Tesla's total revenue in 2022?", ['Foot Locker', 'FL'], passages)).toBe('Tesla');
  });

  it('knows a name a document goes by, one written without its space, and a person named without a middle initial', () => {
    expect(absentName("What was Foot Locker's revenue?", ['Foot Locker', 'FL'], passages)).toBeUndefined();
    expect(absentName('Is the new CEO from a company similar to Footlocker?', ['Foot Locker'], passages)).toBeUndefined();
    expect(absentName('What will the company pay to Mary Dillon?', ['Foot Locker'], passages)).toBeUndefined();
    // An acronym spelled out as a list of its words, in any case: "RGB" for "red, green, blue"; not by words that merely run on.
    expect(
      absentName('Which file maps color names to RGB values?', ['ImageMagick'], ['This file maps a color name to its red, green, blue, and alpha intensities.']),
    ).toBeUndefined();
    expect(absentName('Which file maps color names to RGB values?', ['ImageMagick'], ['The red gem was blue.'])).toBe('RGB');
    // "Pharmaceuticals" does not tell a company apart: "Arena" printed is enough.
    expect(absentName('How much did it pay for Arena Pharmaceuticals?', [], ['The acquisition of Arena for $100 per share'])).toBeUndefined();
  });
});

describe('absentPeriod and the words of a decline', () => {
  it('declines a year no table reports, and says which years they do', () => {
    expect(absentPeriod([2012], [2022, 2021, 2020, 2027])).toEqual({ asked: [2012], reported: [2020, 2021, 2022, 2027] });
    expect(absentPeriod([2021], [2022, 2021, 2020])).toBeUndefined();
    expect(absentPeriod([2021], [])).toBeUndefined();
    expect(declineText({ kind: 'period', asked: [2012], reported: [2020, 2021, 2022], title: '3M · 10-K · FY2022' }).text).toBe(
      '3M · 10-K · FY2022 does not cover 2012: its tables report 2020–2022.',
    );
    expect(declineText({ kind: 'name', name: 'Tesla' }).text).toMatch(/^None of your documents is about Tesla/);
    expect(declineText({ kind: 'fact' }).text).toBe('I found nothing in your documents that states this.');
  });

  it('names beyond the documents’ own must be printed by a sentence that states a fact', () => {
    expect(namesBeyond('Which version of Java does ReportLab require?', ['ReportLab PDF Library User Guide'])).toEqual(['Java']);
    expect(mentionsAll('ReportLab requires Python versions 3.7+', ['Java'])).toBe(false);
    expect(mentionsAll('It is often compared to Tcl, Perl, Scheme or Java.', ['Java'])).toBe(true);
  });
});

describe('absentQuarter', () => {
  it('names the asked quarter and the quarters reported when none is the one asked', () => {
    const reported = [
      { fy: 2022, quarter: 2 },
      { fy: 2021, quarter: 2 },
    ];
    const gap = absentQuarter({ fy: 2022, quarter: 3 }, reported);
    expect(gap).toEqual({ asked: 'Q3 2022', reported: ['Q2 2021', 'Q2 2022'] });
    expect(declineText({ kind: 'quarter', ...gap!, title: 'Harbourline · 10-Q · Q2 2022' }).text).toBe(
      'Harbourline · 10-Q · Q2 2022 does not cover Q3 2022: its tables report the quarters Q2 2021 and Q2 2022.',
    );
    expect(absentQuarter({ fy: 2021, quarter: 2 }, reported)).toBeUndefined();
    // Nothing known of quarters: nothing said.
    expect(absentQuarter({ fy: 2022, quarter: 3 }, [])).toBeUndefined();
  });
});

describe('namesAsked and short forms', () => {
  it('reads acronyms as names where the question is about them, and names after any verb', () => {
    expect(namesAsked("What was AMD's data center segment revenue in Q4 2022?")).toContain('AMD');
    expect(namesAsked('How much did eBay pay to acquire Certilogo?')).toContain('Certilogo');
    expect(namesAsked('What was the EBITDA of MGM in FY2022?')).not.toContain('EBITDA');
    expect(namesAsked("If we exclude the impact of M&A, which segment dragged down 3M's growth?")).not.toContain('M&A');
    expect(namesAsked("What were J&J's sales?")).toContain('J&J');
  });

  it('reads a version of a named product as a name, and an acronym anywhere; never what the question calls the document, nor acronyms in a question in capitals', () => {
    expect(namesAsked('How does the manual recommend importing JSON files?')).toContain('JSON');
    expect(namesAsked('What SRID do the geometric types use by default?')).toContain('SRID');
    expect(namesAsked('Which fixes are in PostgreSQL 15.1?')).toContain('15.1');
    expect(namesAsked('In the PDF, what does it say about the HTML of Q2?')).toEqual([]);
    expect(namesAsked('WHAT IS THE LIMIT OF JSON?')).not.toContain('JSON');
    expect(namesAsked('Did margins rise 1.5 points or 2.5% in FY2023?')).toEqual([]);
    const notes = ['PostgreSQL 15.1 release notes: this release contains fixes from 15.0. Update to tzdata 2022f.'];
    expect(absentName('What is the release date of PostgreSQL 15.2?', ['PostgreSQL 15.1 release notes'], [], notes)).toBe('15.2');
    expect(absentName('What changed in PostgreSQL 15.1?', ['Release notes'], [], notes)).toBeUndefined();
    // An acronym the documents spell out is about them.
    expect(absentName('What did DPL announce in 2009?', ['Debian history'], [], ['Steve McIntyre was elected Debian Project Leader in April 2008.'])).toBeUndefined();
    expect(absentName('What did DPL announce in 2009?', ['Debian history'], [], ['Steve McIntyre led the project; the data protection law passed.'])).toBe('DPL');
    // Words of any case spell out only an acronym with a letter for "and": a chance run of initials in a long text does not.
    expect(absentName("What was AMD's revenue?", ['Intel'], [], ['prices rose as market demand fell'])).toBe('AMD');
    // In words of any case where an "and" is written as N or &: a user's own abbreviation of a phrase the documents print.
    const ppe = ['Property, plant and equipment — net 9,178'];
    expect(absentName('What is the FY2022 net PPNE of 3M?', ['3M 2022 10-K'], [], ppe)).toBeUndefined();
    expect(absentName('What is the net PP&E of 3M?', ['3M 2022 10-K'], [], ppe)).toBeUndefined();
    expect(absentName('What is the FY2022 net PPNE of 3M?', ['3M 2022 10-K'], [], ['Plant equipment, net 9,178'])).toBe('PPNE');
    expect(absentName('What SRID do the geometric types use?', ['PG geometric types'], ['Table 8.20 shows the geometric types.'], [])).toBe('SRID');
    // An identifier the documents never print.
    const limits = ['SQLite does not impose any length restrictions on the declared type; see SQLITE_MAX_COLUMN.'];
    expect(namesAsked('What is the default value of SQLITE_MAX_LENGTH?')).toContain('SQLITE_MAX_LENGTH');
    expect(absentName('What is the default value of SQLITE_MAX_LENGTH?', ['SQLite datatypes'], [], limits)).toBe('SQLITE_MAX_LENGTH');
    expect(absentName('What is the default value of sqlite_max_column?', ['SQLite datatypes'], [], limits)).toBeUndefined();
    expect(declineText({ kind: 'name', name: 'SRID' }).text).toMatch(/^None of your documents mentions SRID: .* prints or spells it out\.$/);
    expect(declineText({ kind: 'name', name: '15.2' }).text).toBe('None of your documents mentions version 15.2: no passage found prints it.');
  });

  it('declines an acronym or a name printed nowhere in the documents, and knows short forms of a document’s own name', () => {
    const texts = ['Intel reported fourth-quarter revenue of $14.0 billion; CCG revenue fell 36%.'];
    expect(absentName("What was AMD's data center segment revenue in Q4 2022?", ['Intel'], [], texts)).toBe('AMD');
    expect(absentName("What was CCG's revenue in Q4 2022?", ['Intel'], [], texts)).toBeUndefined();
    expect(absentName('How much did eBay pay to acquire Certilogo?', ['eBay Inc.'], [], ['eBay acquired TCGplayer.'])).toBe('Certilogo');
    expect(absentName("What were JnJ's sales in Q2 2023?", ['Johnson & Johnson'], [], [])).toBeUndefined();
    expect(absentName("What were J&J's sales in Q2 2023?", ['Johnson & Johnson'], [], [])).toBeUndefined();
    // A short acronym is a word of its own, not letters inside one ("amd" in "amended").
    expect(absentName("What was AMD's revenue?", ['Intel'], ['The plan was amended.'], [])).toBe('AMD');
  });
});
