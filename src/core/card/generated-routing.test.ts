import { describe, expect, it } from 'vitest';
import { describeDocument } from './card';
import { routeQuestion } from './route';
import { COMPANIES, generatedLibrary, generatedQuestions, routingClassQuestions } from '../../testing/generated-questions';
import { generateFiling } from '../../testing/generated-filings';

const library = generatedLibrary();
const docs = library.map((f) => ({ docId: f.file, card: describeDocument(f.parsed, f.file) }));
const card = (file: string) => docs.find((d) => d.docId === file)!.card;
const fileOf = (ticker: string, form: string, fy: number, quarter?: number) =>
  library.find((f) => f.company.ticker === ticker && f.form === form && f.fiscalYear === fy && f.quarter === quarter)!.file;
const routed = (question: string) => [...(routeQuestion(question, docs).docIds ?? [])].sort();

describe('cards of generated filings of every kind', () => {
  it('give the company, its short names and ticker, the form and the period as each document states them', () => {
    for (const f of library) {
      const c = card(f.file);
      expect(c.company, f.file).toBe(f.company.name);
      expect(c.form, f.file).toBe(f.form);
      if (f.form !== 'proxy statement') expect(c.names, f.file).toContain(f.company.ticker);
      if (f.form === '10-K') expect(c.period, f.file).toMatchObject({ kind: 'annual', year: f.fiscalYear });
      if (f.form === '10-Q') expect(c.period, f.file).toMatchObject({ kind: 'quarter', year: f.fiscalYear, quarter: f.quarter });
      if (f.form === '8-K' || f.form === 'earnings release') expect(c.period?.covers, f.file).toEqual({ year: f.fiscalYear, quarter: f.quarter });
      if (f.form === 'proxy statement') expect(c.period, f.file).toMatchObject({ kind: 'meeting', covers: { year: f.fiscalYear } });
    }
    expect(card(fileOf('HRBL', '10-K', 2022)).names).toContain('Harbourline');
    expect(card(fileOf('TRC', '10-K', 2022)).names).toContain('T&R');
  });

  it('names a year that ends early in the next by the year the company gives it', () => {
    // Kelpwater's fiscal 2022 ended January 28, 2023; Northgate's fiscal 2024 ended February 3, 2024.
    expect(card(fileOf('KWS', '10-K', 2022)).period).toMatchObject({ year: 2022, ended: 'January 28, 2023' });
    expect(card(fileOf('NGO', '10-K', 2024)).period).toMatchObject({ year: 2024, ended: 'February 3, 2024' });
  });

  it('reads a cover whose lines were joined, as in a plain-text or HTML copy', () => {
    const f = generateFiling(COMPANIES.pemberton, '10-Q', 2023, 2);
    const text = f.parsed.text.replace(/\s+/g, ' ');
    const c = describeDocument({ title: 'copy', text, pages: [] }, 'copy.txt');
    expect(c).toMatchObject({ title: 'Pemberton Bancorp, Inc. · 10-Q · Q2 2023', company: 'Pemberton Bancorp, Inc.', form: '10-Q' });
    expect(c.names).toContain('Pemberton');
  });

  it('titles releases and proxy statements as a person would', () => {
    expect(card(fileOf('KWS', 'earnings release', 2023, 2)).title).toBe('Kelpwater Stores, Inc. · Earnings release · August 25, 2023, Q2 2023 results');
    expect(card(fileOf('HRBL', 'proxy statement', 2022)).title).toBe('Harbourline Freight Company · Proxy statement · 2023 annual meeting');
    expect(card(fileOf('HRBL', 'proxy statement', 2022)).about).toBe('Harbourline Freight Company: Proxy statement for the annual meeting of May 17, 2023');
  });
});

describe('routing questions about a library of generated filings', () => {
  const questions = generatedQuestions(library);

  it('keeps every question to its filing, and to none of another company or period', () => {
    expect(questions.length).toBeGreaterThan(80);
    const wrong = questions.filter((q) => {
      const ids = routed(q.question);
      return !ids.includes(q.target) || ids.some((id) => !q.accept.includes(id));
    });
    expect(wrong.map((q) => `${q.question} → ${routed(q.question).join(', ')} (wanted ${q.target})`)).toEqual([]);
  });

  it('follows the form a question names among one company’s documents of a period', () => {
    expect(routed('What did Bellweather say in its Q2 2023 10-Q about liquidity?')).toEqual([fileOf('BWR', '10-Q', 2023, 2)]);
    expect(routed('What did Bellweather say in its Q2 2023 earnings release?')).toEqual([fileOf('BWR', 'earnings release', 2023, 2)]);
    expect(routed('What was HRBL CEO pay in its 2023 proxy?')).toEqual([fileOf('HRBL', 'proxy statement', 2022)]);
    expect(routed('What did Harbourline file in its 8-K in 2023?')).toEqual([fileOf('HRBL', '8-K', 2023, 2)]);
  });

  it('uses the latest document when the question names no period, and offers the others', () => {
    const route = routeQuestion('What does Pemberton say about deposit outflows?', docs);
    expect([...(route.docIds ?? [])]).toEqual([fileOf('PMBC', '10-Q', 2023, 2)]);
    expect(route.routed[0].why).toEqual(['names “Pemberton”', 'gives no period, so the latest of their 3 documents was used']);
    expect(route.routed[0].others?.map((o) => o.docId).sort()).toEqual([fileOf('PMBC', '10-Q', 2022, 2), fileOf('PMBC', '10-Q', 2023, 1)].sort());
  });

  it('keeps all of them for a search, which ranks what it finds', () => {
    const route = routeQuestion('Pemberton deposit outflows', docs, { guess: false });
    expect(route.docIds?.size).toBe(3);
    expect(route.routed.every((r) => !r.others)).toBe(true);
  });

  it('uses the nearest document when none covers the period asked, and says so', () => {
    const route = routeQuestion('What was Bellweather revenue in 2015?', docs);
    expect([...(route.docIds ?? [])]).toEqual([fileOf('BWR', '10-K', 2020)]);
    expect(route.routed[0].why[1]).toBe('asks about FY2015, which none of theirs covers, so the nearest (FY2020) was used');
    expect(route.routed[0].others).toHaveLength(4);
  });

  it('offers nothing else when the period picks the document', () => {
    const route = routeQuestion('What were Kelpwater net sales in fiscal 2023?', docs);
    expect(route.routed.map((r) => r.docId)).toEqual([fileOf('KWS', '10-K', 2023)]);
    expect(route.routed[0].others).toBeUndefined();
  });

  it('reads a quarter the company numbers by its own fiscal year from a release without an SEC cover', () => {
    const release = generateFiling(COMPANIES.northgate, 'earnings release', 2024, 3);
    const c = describeDocument(release.parsed, 'release.pdf');
    expect(c.period).toMatchObject({ kind: 'event', ended: 'November 24, 2023', covers: { year: 2024, quarter: 3 } });
  });
});

describe('routing the classes of questions an unseen library got wrong (issue 30 §5)', () => {
  const questions = routingClassQuestions(library);

  it('keeps each question to its one filing: history to the latest annual report, Q4 to the release, the full year to the annual report', () => {
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(['history', 'fourth quarter', 'full year', 'year named']));
    const share = questions.reduce((n, q) => {
      const ids = routed(q.question);
      return n + (ids.includes(q.target) ? 1 / ids.length : 0);
    }, 0);
    expect(share / questions.length).toBeGreaterThanOrEqual(0.95);
  });

  it('sends several years of history to the latest annual report, not the later quarterly report, but a quarter still to its report', () => {
    expect(routed('Historically, how have Calloway net sales grown?')).toEqual([fileOf('CLWY', '10-K', 2023)]);
    expect(routed('What was CLWY operating income in Q1 2024?')).toEqual([fileOf('CLWY', '10-Q', 2024, 1)]);
    expect(routed('How did Calloway gross margin change from 2021 to 2023?')).toEqual([fileOf('CLWY', '10-K', 2023)]);
    // A span whose last year only a quarterly report reaches: the latest annual report within it.
    expect(routed('How did Calloway net sales change from FY2022 to FY2024?')).toEqual([fileOf('CLWY', '10-K', 2023)]);
    // A span longer than one report's comparatives is not one report's: the year asked first that has one.
    expect(routed('How did Calloway net sales change from 2017 to 2021?')).toEqual([fileOf('CLWY', '10-K', 2021)]);
  });

  it('gives each company named the year written beside its name', () => {
    expect(routed('Compare Calloway net sales in 2021 and Emberly net sales in 2023.')).toEqual([fileOf('CLWY', '10-K', 2021), fileOf('EMBR', '10-K', 2023)].sort());
    expect(routed('Compare Emberly net sales in 2023 and Calloway net sales in 2021.')).toEqual([fileOf('CLWY', '10-K', 2021), fileOf('EMBR', '10-K', 2023)].sort());
  });

  it('keeps the full year to the annual report and offers the results release beside it; pay questions keep the proxy statement', () => {
    const route = routeQuestion('What were Emberly full-year 2023 net sales?', docs);
    expect([...(route.docIds ?? [])]).toEqual([fileOf('EMBR', '10-K', 2023)]);
    expect(route.routed[0].others?.map((o) => o.docId).sort()).toEqual([fileOf('EMBR', 'earnings release', 2023, 4), fileOf('EMBR', 'proxy statement', 2023)].sort());
    expect(routed('How much was Emberly CEO compensation in 2023?')).toEqual([fileOf('EMBR', '10-K', 2023), fileOf('EMBR', 'proxy statement', 2023)].sort());
  });
});
