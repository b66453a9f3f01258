import { describe, expect, it } from 'vitest';
import { askedHead, askedIdentifier, printsHead, printsIdentifier } from './asked';

describe('askedHead', () => {
  it('reads the head noun phrase of a "what is / who is" question, after a possessive and without amounts, years or modifiers', () => {
    expect(askedHead("What was Foot Locker's net income in the second quarter of 2022?")).toEqual(['net', 'income']);
    expect(askedHead("Who is Kenvue's chief financial officer?")).toEqual(['financial', 'officer']);
    expect(askedHead("What was the Debian project's income in 2010?")).toEqual(['income']);
    expect(askedHead('What was AWS operating income in 2021?')).toEqual(['operating', 'income']);
    expect(askedHead('What is the FY2018 capital expenditure amount (in USD millions) for 3M?')).toEqual(['capital', 'expenditure']);
    expect(askedHead('According to the 2022 10-K, what are the three main companies acquired by Pfizer?')).toEqual(['companies']);
  });

  it('ends the head before a conjunction, a time word, a name or a participle inside the phrase, and drops a lone "&"', () => {
    expect(askedHead('What was net income last year?')).toEqual(['net', 'income']);
    expect(askedHead('What were revenue and net income?')).toEqual(['revenue']);
    expect(askedHead('What was the net income excluding one-time items?')).toEqual(['net', 'income']);
    expect(askedHead('What was the price Pfizer paid for Arena?')).toEqual(['price']);
    expect(askedHead('What were the products sold?')).toEqual(['products']);
    expect(askedHead('what was apple net income')).toEqual(['net', 'income']);
    expect(askedHead('What was the research & development expense?')).toEqual(['development', 'expense']);
  });

  it('has no head for a question whose verb says what is asked, a computed measure or an explanation', () => {
    expect(askedHead('Which segment saw the biggest drop in net sales?')).toEqual([]);
    expect(askedHead('What did Boeing raise its quarterly dividend to?')).toEqual([]);
    expect(askedHead('What is the FY2019 inventory turnover ratio for Kraft Heinz?')).toEqual([]);
    expect(askedHead("What were the main drivers of 3M's margin decline?")).toEqual([]);
    expect(askedHead('What is the name of the chief executive?')).toEqual([]);
    // What a passage states without naming it: who wrote it, a date, a place.
    expect(askedHead('Who are the authors of this guide?')).toEqual([]);
    expect(askedHead('What is the date of the agreement?')).toEqual([]);
  });
});

describe('printsHead', () => {
  it('finds the words next to each other and in order, as word beginnings (plurals, hyphens)', () => {
    expect(printsHead('Net income attributable to the company rose.', ['net', 'income'])).toBe(true);
    expect(printsHead('Capital expenditures were $1.2 billion.', ['capital', 'expenditure'])).toBe(true);
    expect(printsHead('Net sales and other income rose.', ['net', 'income'])).toBe(false);
    expect(printsHead('Income fell; net cash rose.', ['net', 'income'])).toBe(false);
  });

  it('finds an acronym as itself or spelled out', () => {
    expect(printsHead('Ada Lind, Chief Financial Officer, signed.', ['CFO'])).toBe(true);
    expect(printsHead('The CFO signed.', ['CFO'])).toBe(true);
    expect(printsHead('The chief executive signed.', ['CFO'])).toBe(false);
    expect(printsHead('Ada Lind, Chief Financial Officer, signed.', ['cfo'])).toBe(true);
    expect(printsHead('Research & development expense was $0.3 million.', ['development', 'expense'])).toBe(true);
  });
});

describe('askedIdentifier / printsIdentifier', () => {
  it('reads the thing a version or a number is asked of', () => {
    expect(askedIdentifier('Which version of Java does ReportLab require?')).toEqual({ kind: 'version', thing: 'java' });
    expect(askedIdentifier('In the ReportLab manual, which Python versions does ReportLab release 3.6.12 require?')).toEqual({ kind: 'version', thing: 'python' });
    expect(askedIdentifier('Which grant number funded the development of lme4?')).toEqual({ kind: 'number', thing: 'grant' });
    expect(askedIdentifier('What is the total number of stores?')).toBeUndefined();
    expect(askedIdentifier('What was the number of employees?')).toBeUndefined();
    expect(askedIdentifier('Which version is described?')).toBeUndefined();
    expect(askedIdentifier('What was the employee number at year end?')).toBeUndefined();
  });

  it('finds a version near the thing, or a token with a digit after it', () => {
    const python = { kind: 'version' as const, thing: 'python' };
    expect(printsIdentifier('ReportLab 3.6.12 needs Python 3.7+ to run.', python)).toBe(true);
    expect(printsIdentifier('PDFlib for C, iText for Java and others; Python is popular.', python)).toBe(false);
    const grant = { kind: 'number' as const, thing: 'grant' };
    expect(printsIdentifier('Funded by NSERC Discovery grant RGPIN-2014-04567.', grant)).toBe(true);
    expect(printsIdentifier('Funded by an NSERC Discovery grant and a fellowship.', grant)).toBe(false);
    // A whole-number version, and a number printed before what it numbers.
    expect(printsIdentifier('The tool requires Python 3 or later and needs Java 17.', python)).toBe(true);
    expect(printsIdentifier('The tool requires Python 3 or later and needs Java 17.', { kind: 'version', thing: 'java' })).toBe(true);
    expect(printsIdentifier("(206) 266-1000 (Registrant's telephone number, including area code)", { kind: 'number', thing: 'telephone' })).toBe(true);
  });
});
