import { describe, expect, it } from 'vitest';
import { askedList, bulletsAfter, enumeration, listedNoun, listFrom, listText } from './list';
import { distinctiveTokens, printsDistinctive } from './distinct';
import { verdictFrom } from './verdict';
import type { ReadUnit } from './fact';

const unit = (text: string, source = 1, coverage = 0.8): ReadUnit => ({ source, text, row: false, coverage, covered: [] });

describe('lists', () => {
  it('tells a list question from a figure, a count or a yes/no, and reads the noun it lists', () => {
    expect(askedList("What are Apple's reportable segments?")).toBe(true);
    expect(askedList('Which kernels can be used for the weights?')).toBe(true);
    expect(askedList('How many segments does it report?')).toBe(false);
    expect(askedList('Are its segments profitable?')).toBe(false);
    expect(listedNoun('Which business units does Intel break out revenue for?')).toBe('unit');
    expect(listedNoun("What are Apple's reportable segments?")).toBe('segment');
  });

  it('reads the items of an enumeration, not a run of figures', () => {
    expect(enumeration("The Company's reportable segments consist of the Americas, Europe, Greater China, Japan and Rest of Asia Pacific.")).toEqual([
      'Americas',
      'Europe',
      'Greater China',
      'Japan',
      'Rest of Asia Pacific',
    ]);
    expect(enumeration('the numeric type has several special values: Infinity, -Infinity, NaN')).toEqual(['Infinity', '-Infinity', 'NaN']);
    expect(enumeration('Revenue grew 5%, 6% and 7% in the three years.')).toBeUndefined();
    expect(enumeration('Revenue grew in the year.')).toBeUndefined();
  });

  it('lists from the best sentence that names what is listed, and quotes it', () => {
    const units = [
      unit('Costs include data center capacity, fees paid to third parties, salaries and benefits.', 1),
      unit('The reportable segments are Americas, Europe, Greater China, Japan and Rest of Asia Pacific.', 2),
    ];
    const found = listFrom('What are the reportable segments?', units)!;
    expect(found.unit.source).toBe(2);
    expect(listText(found)).toBe(
      'Americas, Europe, Greater China, Japan and Rest of Asia Pacific: “The reportable segments are Americas, Europe, Greater China, Japan and Rest of Asia Pacific.” [2]',
    );
    expect(listFrom('What are the reportable segments?', [units[0]])).toBeUndefined();
  });
});

describe('distinctive tokens: a sentence must be about what the question names', () => {
  it('reads code and names printed as such, not years, quarters, common acronyms or the document’s own names', () => {
    expect(distinctiveTokens('Can I use type = "HC3" in vcovCL() for a hurdle model fitted with pscl?')).toEqual(['HC3', 'vcovCL']);
    expect(distinctiveTokens('In which Python version was the := operator added?', ['Python'])).toEqual([':=']);
    expect(distinctiveTokens('Did GAAP operating margin rise in Q3 FY2023?')).toEqual([]);
    expect(printsDistinctive('The default is "HC1" for lm objects.', ['HC1', 'vcovCL'])).toBe(true);
    expect(printsDistinctive('A hurdle model is fitted with pscl.', ['HC3', 'vcovCL'])).toBe(false);
  });

  it('never decides a yes/no by a question the document asks itself, or by a sentence about something else', () => {
    expect(verdictFrom('Does CPython come with a JIT compiler?', [unit('Q: Is there a JIT compiler?', 1, 1)]).verdict).toBe('cannot');
    const about = [unit('A basic negative binomial hurdle model is fitted with the hurdle function from the pscl package.', 1, 0.9)];
    expect(verdictFrom('Can I use type = "HC3" in vcovCL() for a negative binomial hurdle model fitted with pscl?', about).verdict).toBe('cannot');
    expect(verdictFrom('Is HC1 the default type of vcovCL?', [unit('The default type of vcovCL is HC1 for lm objects.', 1, 0.9)]).verdict).toBe('yes');
  });
});

describe('bulletsAfter', () => {
  const passage =
    'Reading data\n\nThe reader supports these input formats:\n\nCSV files - comma-separated values\n• JSON lines\n• Parquet: a columnar format.\n\nEach format is read in chunks of 64 KB, which keeps memory use low for even the largest files anyone has.';
  const intro: ReadUnit = { source: 2, text: 'The reader supports these input formats:', row: false, coverage: 0.8, covered: [] };

  it('reads the items listed line by line after a sentence that introduces them with a colon', () => {
    const found = bulletsAfter('What input formats does the reader support?', [intro], (n) => (n === 2 ? passage : undefined));
    expect(found?.items).toEqual(['CSV files', 'JSON lines', 'Parquet']);
    expect(listText(found!)).toBe('CSV files, JSON lines and Parquet: “The reader supports these input formats: …” [2]');
  });

  it('reads nothing after a sentence that does not end in a colon, or names other things', () => {
    expect(bulletsAfter('What input formats does the reader support?', [{ ...intro, text: 'The reader supports input formats.' }], () => passage)).toBeUndefined();
    expect(bulletsAfter('What output targets does the reader support?', [intro], () => passage)).toBeUndefined();
  });
});
