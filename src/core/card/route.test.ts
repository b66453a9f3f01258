import { describe, expect, it } from 'vitest';
import { routeQuestion } from './route';
import type { DocumentCard } from './types';

const card = (title: string, names: string[], period?: DocumentCard['period']): DocumentCard => ({ title, names, ...(period ? { period } : {}) });
const DOCS = [
  { docId: 'adbe15', card: card('Adobe Systems Incorporated · 10-K · FY2015', ['Adobe Systems Incorporated', 'ADBE'], { kind: 'annual', year: 2015 }) },
  { docId: 'adbe16', card: card('Adobe Systems Incorporated · 10-K · FY2016', ['Adobe Systems Incorporated', 'ADBE'], { kind: 'annual', year: 2016 }) },
  { docId: 'mmm', card: card('3M Company · 10-K · FY2022', ['3M Company', 'MMM'], { kind: 'annual', year: 2022 }) },
  { docId: 'gis', card: card('General Mills, Inc. · 10-K · FY2019', ['General Mills, Inc.', 'GENERALMILLS'], { kind: 'annual', year: 2019 }) },
  { docId: 'jpm22', card: card('JPMorgan Chase & Co. · 10-Q · Q2 2022', ['JPMorgan Chase & Co.'], { kind: 'quarter', year: 2022, quarter: 2 }) },
  { docId: 'jpm23', card: card('JPMorgan Chase & Co. · 10-Q · Q2 2023', ['JPMorgan Chase & Co.'], { kind: 'quarter', year: 2023, quarter: 2 }) },
  { docId: 'jnj', card: card('Johnson & Johnson · 8-K · August 30, 2023', ['Johnson & Johnson'], { kind: 'event', year: 2023 }) },
  { docId: 'lease', card: card('Tenancy Agreement', ['Tenancy Agreement', 'lease']) },
];

const routed = (q: string) => [...(routeQuestion(q, DOCS).docIds ?? [])].sort();

describe('routeQuestion', () => {
  it('leans to the company a question names, and to the period it asks about', () => {
    expect(routed("What is Adobe's operating margin in FY2016?")).toEqual(['adbe16']);
    expect(routed('Adobe operating margin')).toEqual(['adbe16']);
    expect(routed('What was 3M capex in 2022?')).toEqual(['mmm']);
    const r = routeQuestion("What is Adobe's operating margin in FY2016?", DOCS);
    expect(r.routed[0].why).toEqual(['names “Adobe”', 'asks about FY2016; it covers FY2016']);
  });

  it('takes the next filing after the asked year, which repeats it as a comparative', () => {
    expect(routed('Adobe revenue in FY2014?')).toEqual(['adbe15']);
  });

  it('matches quarters, abbreviations and names run together', () => {
    expect(routed("In 2022 Q2, which of JPM's segments earned most?")).toEqual(['jpm22']);
    expect(routed('Did the risk JPMorgan faced in the second fiscal quarter of 2023 fall?')).toEqual(['jpm23']);
    expect(routed('What gain does JnJ expect?')).toEqual(['jnj']);
    expect(routed('What is generalmills inventory?')).toEqual(['gis']);
  });

  it('does not take an ordinary word for a name', () => {
    expect(routeQuestion('What is the general trend in revenue?', DOCS).docIds).toBeUndefined();
    expect(routed('What does the lease say about pets?')).toEqual([]);
    expect(routed('What does the Lease say about pets?')).toEqual(['lease']);
  });

  it('leaves every document in scope when the question names none, or there is one', () => {
    const r = routeQuestion('What is the operating margin?', DOCS);
    expect(r.docIds).toBeUndefined();
    expect(r.reason).toMatch(/names no document/);
    expect(routeQuestion('Adobe margin', DOCS.slice(0, 1)).docIds).toBeUndefined();
  });
});

describe('routeQuestion, names that look like words', () => {
  const more = [
    ...DOCS,
    { docId: 'att', card: card('AT&T Inc. · 10-K · FY2022', ['AT&T Inc.', 'T'], { kind: 'annual', year: 2022 }) },
    { docId: 'bdn', card: card('Brandywine Realty Trust · 10-K · FY2022', ['Brandywine Realty Trust', 'BDN'], { kind: 'annual', year: 2022 }) },
    { docId: 'on', card: card('ON Semiconductor Corporation · 10-K · FY2022', ['ON Semiconductor Corporation', 'ON'], { kind: 'annual', year: 2022 }) },
    { docId: 'ua', card: card('Under Armour, Inc. · 10-K · FY2022', ['Under Armour, Inc.', 'UAA'], { kind: 'annual', year: 2022 }) },
    { docId: 'jnj10k', card: card('Johnson & Johnson · 10-K · FY2023', ['Johnson & Johnson'], { kind: 'annual', year: 2023 }) },
  ];
  const r = (q: string) => [...(routeQuestion(q, more).docIds ?? [])].sort();

  it('does not take function words, short lower-case words or sentence starts for names', () => {
    expect(r('What was operating income at year end?')).toEqual([]);
    expect(r('What was revenue growth driven by?')).toEqual([]);
    expect(r('On what date did the merger close?')).toEqual([]);
    expect(r('Under what conditions can the loan be called?')).toEqual([]);
    expect(r('What did AT&T earn in 2022?')).toEqual(['att']);
    expect(r('How did ON Semiconductor do in 2022?')).toEqual(['on']);
  });

  it('chooses the period for each company a question names', () => {
    expect(r('Compare Adobe revenue in 2016 with 3M revenue in 2022')).toEqual(['adbe16', 'mmm']);
  });

  it('keeps a current report of the asked year beside the annual report', () => {
    expect(r('What did Johnson & Johnson announce in 2023 about Kenvue?')).toEqual(['jnj', 'jnj10k']);
  });

  it('falls back from a missing quarter to the same quarter a year on', () => {
    expect(r('What was JPM net income in Q2 2021?')).toEqual(['jpm22']);
  });
});

describe('routeQuestion: short names a filing defines', () => {
  it('routes "AMEX" to the filing that calls itself that, not to another company’s', async () => {
    const { describeDocument } = await import('./card');
    const filing = (registrant: string, defined: string, file: string) => {
      const text = `FORM 10-K\n\nFor the fiscal year ended December 31, 2022\n\n${registrant.toUpperCase()}\n\n(Exact name of registrant as specified in its charter)\n\n${registrant} (${defined} or the “Company”) is a payments company.`;
      return { docId: file, card: describeDocument({ title: '', text, pages: [{ page: 1, start: 0, end: text.length }] }, file) };
    };
    const docs = [filing('American Express Company', '“American Express,” “AMEX”', 'axp.pdf'), filing('Harbourline Freight Company', '“Harbourline”', 'hlf.pdf')];
    const route = routeQuestion('What was AMEX’s net interest income in FY2022?', docs);
    expect([...(route.docIds ?? [])]).toEqual(['axp.pdf']);
  });
});

describe('routeQuestion: quarters as the company numbers them', () => {
  const doc = async (file: string, form: string, period: string, body: string) => {
    const { describeDocument } = await import('./card');
    const text = `FORM ${form}\n\n${period}\n\nKELPWATER STORES, INC.\n\n(Exact name of registrant as specified in its charter)\n\n${body}`;
    return { docId: file, card: describeDocument({ title: '', text, pages: [{ page: 1, start: 0, end: text.length }] }, file) };
  };

  it('takes a fiscal quarter from the document, and a results release for that quarter', async () => {
    const q2 = await doc('kw-10q-jul.pdf', '10-Q', 'For the quarterly period ended July 29, 2023', 'Results for the second quarter of fiscal 2024 follow.');
    const q3 = await doc('kw-10q-oct.pdf', '10-Q', 'For the quarterly period ended October 28, 2023', 'Results for the third quarter of fiscal 2024 follow.');
    const release = await doc(
      'kw-8k.pdf',
      '8-K',
      'Date of Report (Date of earliest event reported): August 24, 2023',
      'Kelpwater Stores Reports Second Quarter Fiscal 2024 Results.',
    );
    expect(q2.card.period).toMatchObject({ kind: 'quarter', year: 2024, quarter: 2 });
    expect(release.card.period).toMatchObject({ kind: 'event', covers: { year: 2024, quarter: 2 } });
    const route = routeQuestion('What was Kelpwater’s gross margin in Q2 of FY2024?', [q2, q3, release]);
    expect([...(route.docIds ?? [])].sort()).toEqual(['kw-10q-jul.pdf', 'kw-8k.pdf']);
  });
});
