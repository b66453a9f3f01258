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
    expect(routed('Adobe operating margin')).toEqual(['adbe15', 'adbe16']);
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
    expect(r('Compare Adobe revenue in 2016 with 3M revenue in 2022')).toEqual(['adbe15', 'adbe16', 'mmm']);
  });

  it('keeps a current report of the asked year beside the annual report', () => {
    expect(r('What did Johnson & Johnson announce in 2023 about Kenvue?')).toEqual(['jnj', 'jnj10k']);
  });

  it('falls back from a missing quarter to the same quarter a year on', () => {
    expect(r('What was JPM net income in Q2 2021?')).toEqual(['jpm22']);
  });
});
