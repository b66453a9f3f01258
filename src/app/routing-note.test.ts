import { describe, expect, it } from 'vitest';
import { routingNote } from './routing-note';

const fy16 = { docId: 'b', title: 'Adobe Systems Incorporated · 10-K · FY2016', why: ['names “Adobe”', 'asks about FY2016; it covers FY2016'] };

describe('routingNote', () => {
  it('is empty when nothing was routed', () => {
    expect(routingNote([])).toBe('');
  });

  it('names the document and the reasons, without repeating the period', () => {
    expect(routingNote([fy16])).toBe('Kept to Adobe Systems Incorporated · 10-K · FY2016 — the question names “Adobe” and asks about FY2016');
  });

  it('says when the user had chosen the documents to ask', () => {
    expect(routingNote([fy16], 3)).toBe('Kept to Adobe Systems Incorporated · 10-K · FY2016 (of the 3 documents you chose) — the question names “Adobe” and asks about FY2016');
  });

  it('keeps the period the document covers when it differs from the one asked about', () => {
    const later = { ...fy16, why: ['names “ADBE”', 'asks about FY2015; it covers FY2016'] };
    expect(routingNote([later])).toBe('Kept to Adobe Systems Incorporated · 10-K · FY2016 — the question names “ADBE” and asks about FY2015; it covers FY2016');
  });

  it('gives shared reasons once for several documents', () => {
    const fy15 = { docId: 'a', title: 'Adobe Systems Incorporated · 10-K · FY2015', why: ['names “Adobe”'] };
    expect(routingNote([fy15, { ...fy16, why: ['names “Adobe”'] }])).toBe(
      'Kept to Adobe Systems Incorporated · 10-K · FY2015; Adobe Systems Incorporated · 10-K · FY2016 — the question names “Adobe”',
    );
  });

  it('gives each document its own reasons when they differ', () => {
    const mmm = { docId: 'm', title: '3M Company · 10-K · FY2018', why: ['names “3M”'] };
    expect(routingNote([fy16, mmm])).toBe(
      'Kept to Adobe Systems Incorporated · 10-K · FY2016 (the question names “Adobe” and asks about FY2016); 3M Company · 10-K · FY2018 (the question names “3M”)',
    );
  });
});
