import { describe, expect, it } from 'vitest';
import { describeDocument, isCode, prettyFileName } from './card';

const COVER = [
  'UNITED STATES SECURITIES AND EXCHANGE COMMISSION',
  'Washington, D.C. 20549',
  'FORM 10-K',
  'ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934',
  'For the fiscal year ended December 1, 2017',
  'Commission File Number: 0-15175',
  'ADOBE SYSTEMS INCORPORATED',
  '(Exact name of registrant as specified in its charter)',
  'Title of each class | Trading Symbol(s) | Name of each exchange on which registered',
  'Common Stock, $0.0001 par value per share | ADBE | NASDAQ',
].join('\n\n');

function parsed(title: string, text: string) {
  return { title, text, pages: [{ page: 1, start: 0, end: text.length }] };
}

describe('describeDocument', () => {
  it('titles a filing from its cover when the metadata title is a code', () => {
    const card = describeDocument(parsed('ADBE 10K FY17', `${COVER}\n\nPART I`), 'adbe-10k-fy17.pdf');
    expect(card.title).toBe('Adobe Systems Incorporated · 10-K · FY2017');
    expect(card.about).toBe('Adobe Systems Incorporated: Form 10-K annual report for the fiscal year ended December 1, 2017');
    expect(card.period).toEqual({ kind: 'annual', year: 2017, ended: 'December 1, 2017' });
    expect(card.names).toEqual(expect.arrayContaining(['Adobe Systems Incorporated', 'ADBE']));
  });

  it('reads a quarterly period laid out as a table, and mends letter-spaced names', () => {
    const text =
      'FORM 10-Q\n\nFor the quarterly period ended | Commission file\nJune 30, 2022 | number 1-5805\n\nMGM R ESORTS I NTERNATIONAL\n\n(Exact name of registrant as specified in its charter)';
    const card = describeDocument(parsed('', text), 'q2.pdf');
    expect(card.title).toBe('MGM Resorts International · 10-Q · Q2 2022');
    expect(card.period).toMatchObject({ kind: 'quarter', year: 2022, quarter: 2 });
  });

  it('gives a 52-week year ending in early January to the year before', () => {
    const text = 'FORM 10-K\n\nFor the fiscal year ended January 2, 2016\n\nACME STORES, INC.\n\n(Exact name of registrant as specified in its charter)';
    expect(describeDocument(parsed('', text), 'a.pdf').period?.year).toBe(2015);
  });

  it('keeps a real title, and says what the first page says the document is', () => {
    const text = 'Tenancy Agreement\n\nFlat 3, 12 Harbour Road\n\nThis agreement is made between the landlord and the tenant.';
    const card = describeDocument(parsed('Tenancy Agreement', text), 'lease.pdf');
    expect(card.title).toBe('Tenancy Agreement');
    expect(card.about).toBe('Flat 3, 12 Harbour Road');
  });

  it('does not describe a paper by its author and address lines', () => {
    const text =
      'Trace-based Just-in-Time Type Specialization\n\nAndreas Gal Brendan Eich\n\nAdobe Corporation# {gal,eich}@adobe.com\n\nDynamic languages such as JavaScript are more difficult to compile.';
    const card = describeDocument(parsed('Trace-based Just-in-Time Type Specialization', text), 'tracemonkey.pdf');
    expect(card.about ?? '').not.toMatch(/@|[{}]/);
    expect(card.title).toBe('Trace-based Just-in-Time Type Specialization');
  });

  it('falls back to the first heading, then to a readable file name', () => {
    expect(describeDocument(parsed('DOC_2021_07.pdf', 'Annual Kelp Survey\n\nThe survey counted plots.'), 'DOC_2021_07.pdf').title).toBe('Annual Kelp Survey');
    expect(describeDocument(parsed('', 'the survey counted plots.'), 'kelp_survey-2021.txt').title).toBe('kelp survey-2021');
  });
});

describe('isCode and prettyFileName', () => {
  it('tells codes from titles', () => {
    expect(isCode('ADBE 10K FY17')).toBe(true);
    expect(isCode('AMAZON.COM, INC.')).toBe(false);
    expect(isCode('Annual report 2017')).toBe(false);
    expect(prettyFileName('ANNUAL_REPORT.pdf')).toBe('Annual Report');
  });
});

describe('describeDocument: the names a document gives itself', () => {
  const cover = (registrant: string) =>
    ['FORM 10-Q', 'For the quarterly period ended June 30, 2023', registrant.toUpperCase(), '(Exact name of registrant as specified in its charter)'].join('\n\n');

  it('takes the short names it defines and its exchange ticker, when they abbreviate its name', () => {
    const text = `${cover('Harbourline Freight Company')}\n\nHarbourline Freight Company (“Harbourline,” “HLF” or the “Company”) operates ferries. Our shares trade on the New York Stock Exchange (NYSE: HLF). We follow generally accepted accounting principles (“GAAP”) and our credit agreement (the “Credit Agreement”). Partner Ocean Tugs (NASDAQ: OTUG) supplies boats.`;
    const card = describeDocument(parsed('', text), 'hlf-10q.pdf');
    expect(card.names).toEqual(expect.arrayContaining(['Harbourline', 'HLF']));
    expect(card.names).not.toEqual(expect.arrayContaining(['GAAP']));
    for (const other of ['Company', 'the Company', 'Credit Agreement', 'OTUG']) expect(card.names).not.toContain(other);
  });

  it('reads a press release’s ticker from its title’s company', () => {
    const text =
      'Kelpwater Beauty Reports Second Quarter Results\n\nBOLINGBROOK — Kelpwater Beauty, Inc. (NASDAQ: KWB) today reported results for the second quarter of fiscal 2023.';
    expect(describeDocument(parsed('Kelpwater Beauty Reports Second Quarter Results', text), 'release.pdf').names).toContain('KWB');
  });
});

describe('describeDocument: results releases as companies head them', () => {
  const release = (headline: string, body: string) => describeDocument(parsed('', `NEWS RELEASE\n\n${headline}\n\n${body}`), 'release.pdf');

  it('reads the company and the quarter from headlines written several ways', () => {
    const q2 = release('Tarrow & Finch Reports Q2 2023 Results', 'NEW BRUNSWICK, N.J., July 20, 2023 — Tarrow & Finch (NYSE: TAF) today announced results.');
    expect(q2).toMatchObject({ company: 'Tarrow & Finch', form: 'earnings release', period: { kind: 'event', ended: 'July 20, 2023', covers: { year: 2023, quarter: 2 } } });
    const caps = release(
      'LINDQVIST RESORTS INTERNATIONAL REPORTS SECOND QUARTER 2023 FINANCIAL AND OPERATING RESULTS',
      'LAS VEGAS, August 2, 2023 — (NYSE: LRI) reported results.',
    );
    expect(caps).toMatchObject({ company: 'Lindqvist Resorts International', period: { covers: { year: 2023, quarter: 2 } } });
    const year = release('Marlowe Beauty Announces Fourth Quarter and Fiscal 2022 Results', 'March 9, 2023 — Marlowe Beauty, Inc. (NASDAQ: MRLB) today announced results.');
    expect(year).toMatchObject({ company: 'Marlowe Beauty', period: { covers: { year: 2022, quarter: 4 } } });
    expect(year.names).toContain('MRLB');
    const after = release('Dunmore Tools Announces Financial Results for the Third Quarter of Fiscal 2024', 'October 30, 2023 — Dunmore Tools reported.');
    expect(after).toMatchObject({ company: 'Dunmore Tools', period: { covers: { year: 2024, quarter: 3 } } });
  });

  it('does not take a sentence that mentions results for a release headline', () => {
    const notes = describeDocument(parsed('Team notes', 'Team notes\n\nThe team reports that results for the quarter were mixed.'), 'notes.txt');
    expect(notes.form).toBeUndefined();
    expect(notes.title).toBe('Team notes');
  });
});
