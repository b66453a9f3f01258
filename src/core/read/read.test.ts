import { describe, expect, it } from 'vitest';
import { askedFact, CANNOT_JUDGE, countedNouns, countedPattern, factFrom, factText, typedSpans, verdictFrom, verdictText, type ReadUnit, changeFrom, changeText } from '.';

/** Units as the retrieval-only ranking gives them: best first, with the share of the question's terms each covers. */
function units(...list: Array<[string, number, string[]?]>): ReadUnit[] {
  return list.map(([text, coverage, covered], i) => ({ source: i + 1, text, row: false, coverage, covered: covered ?? [] }));
}

describe('askedFact', () => {
  it.each([
    ['How large is the new revolving credit facility?', 'money'],
    ['For how much did it agree to sell the business?', 'money'],
    ['What interest rate does the note carry?', 'percent'],
    ['What was the membership renewal rate at year end?', 'percent'],
    ['How many people did the company employ at the end of 2022?', 'count'],
    ['When did the company complete the acquisition?', 'date'],
    ['Which version of the package does the article describe?', 'version'],
    ['What p value did the check give?', 'number'],
  ])('%s → %s', (q, type) => {
    expect(askedFact(q)).toBe(type);
  });

  it.each(['What drove revenue growth in fiscal 2018?', 'Describe the company’s strategy.', 'Who audits the company?'])('asks for no typed span: %s', (q) => {
    expect(askedFact(q)).toBeUndefined();
  });
});

describe('typedSpans', () => {
  it('reads amounts with their qualifier, scale and per-share words', () => {
    expect(typedSpans('It raised the dividend to $2.06 per share and has approximately $3.3 billion left.', 'money').map((s) => s.span)).toEqual([
      '$2.06 per share',
      'approximately $3.3 billion',
    ]);
  });

  it('reads a count, but no year, day of a month or note number', () => {
    const text = 'On December 31, 2022, per Note 12, the Company employed approximately 92,000 people.';
    expect(typedSpans(text, 'count').map((s) => s.span)).toEqual(['approximately 92,000']);
  });

  it('reads percentages and dates as printed', () => {
    expect(typedSpans('Renewal was 89% worldwide, up 0.5 percentage points.', 'percent').map((s) => s.span)).toEqual(['89%', '0.5 percentage points']);
    expect(typedSpans('The merger closed on March 1, 2023, after talks began in May 2022.', 'date').map((s) => s.span)).toEqual(['March 1, 2023', 'May 2022']);
    expect(typedSpans('Mites are treated in December. May brings swarms.', 'date').map((s) => s.span)).toEqual(['December']);
  });

  it('finds every span at its offsets in the text, verbatim', () => {
    const text = 'Fees rose to €4.2 million in 2021 and USD 5 billion later.';
    for (const s of typedSpans(text, 'money')) expect(text.slice(s.start, s.end)).toBe(s.span);
  });
});

describe('factFrom', () => {
  it('takes the span nearest the question’s words from the best sentence that holds one, verbatim', () => {
    const u = units(
      ['The Company’s credit facility matures in 2026 and bears interest at SOFR plus 1.0%.', 0.9, ['credit', 'facility']],
      ['In March the Company entered into a new five-year credit facility of $4.2 billion, replacing a $3.8 billion facility.', 0.9, ['new', 'credit', 'facility']],
    );
    const f = factFrom('How large is the new credit facility?', u)!;
    expect(f.span).toBe('$4.2 billion');
    expect(f.unit.source).toBe(2);
    expect(f.unit.text.slice(f.start, f.end)).toBe(f.span);
    expect(factText(f)).toBe('$4.2 billion: “In March the Company entered into a new five-year credit facility of $4.2 billion, replacing a $3.8 billion facility.” [2]');
  });

  it('in a parallel list, takes the figure the question’s words follow, and reads "A and B … for 2020 and 2019" by place', () => {
    const list = units(['Our member renewal rate was 91% in the U.S. and Canada and 89% worldwide at the end of 2021.', 0.9, ['renewal', 'rate', 'worldwide']]);
    expect(factFrom('What was the worldwide renewal rate at the end of 2021?', list)!.span).toBe('89%');
    // "at the end of 2021" is the whole list's date, not the last figure's.
    const both = units(['Our member renewal rate was 91% in the U.S. and Canada and 89% worldwide at the end of 2021.', 0.9, ['renewal', 'rate', 'canada', 'end', '2021']]);
    expect(factFrom('What was the renewal rate in the U.S. and Canada at the end of 2021?', both)!.span).toBe('91%');
    const steps = units(['We increased our quarterly dividend from $1.42 to $1.71 in December 2017 and to $2.06 in December 2018.', 0.9, ['quarterly', 'dividend', 'december']]);
    // The year asked counts among the words that follow a figure.
    expect(factFrom('What quarterly dividend did it set in December 2018?', steps)!.span).toBe('$2.06');
    expect(factFrom('What quarterly dividend did it set in December 2017?', steps)!.span).toBe('$1.71');
    const places = units(['Online sales contributed approximately 1.7% and 1.3% to comparable sales for fiscal 2020 and 2019.', 0.9, ['online', 'comparable']]);
    expect(factFrom('What percentage did online sales add to comparable sales in fiscal 2019?', places)!.span).toBe('1.3%');
    expect(factFrom('What percentage did online sales add to comparable sales in fiscal 2020?', places)!.span).toBe('approximately 1.7%');
  });

  it('prefers the count of what the question counts', () => {
    const u = units(['The Company operated 835 warehouses and employed 288,000 employees worldwide.', 0.8, ['employ']]);
    expect(factFrom('How many employees did it have?', u)!.span).toBe('288,000');
  });

  it('reads nothing from a sentence that covers too little of the question', () => {
    const u = units(['Revenue grew 12% to $4.1 billion.', 0.2, ['revenue']]);
    expect(factFrom('How large is the new revolving credit facility signed in March?', u)).toBeUndefined();
  });
});

describe('verdictFrom', () => {
  it('answers Yes from a sentence that states what the question asks', () => {
    const v = verdictFrom(
      'Was the company in compliance with its debt covenants at year end?',
      units(['At year end we were in compliance with all covenants of our debt agreements.', 0.8]),
    );
    expect(v.verdict).toBe('yes');
    expect(verdictText(v)).toBe('Yes: the passage that decides it says “At year end we were in compliance with all covenants of our debt agreements.” [1]');
  });

  it('quotes a list item without its bullet', () => {
    const v = verdictFrom('Did it pay a special dividend?', units(['• We paid a special cash dividend of $10.00 per share in December.', 0.9]));
    expect(verdictText(v)).toBe('Yes: the passage that decides it says “We paid a special cash dividend of $10.00 per share in December.” [1]');
  });

  it('answers No from a sentence that denies it', () => {
    expect(verdictFrom('Did any customer account for 10% or more of revenue?', units(['No customer accounted for 10% or more of net revenues.', 0.9])).verdict).toBe('no');
    expect(verdictFrom('Had it drawn on the credit facilities?', units(['These credit facilities were undrawn at year end.', 0.7])).verdict).toBe('no');
  });

  it('answers No when the sentence states the opposite direction', () => {
    expect(verdictFrom('Did the International segment grow its net sales in 2022?', units(['International net sales decreased 9 percent in 2022.', 0.7])).verdict).toBe('no');
    expect(verdictFrom('Did the International segment grow its net sales in 2022?', units(['International net sales increased 4 percent in 2022.', 0.7])).verdict).toBe('yes');
  });

  it('cannot judge when no sentence covers the question well enough, and says so first', () => {
    const v = verdictFrom('Is the company spinning off its consumer health segment?', units(['Consumer health revenue rose 3%.', 0.3]));
    expect(v.verdict).toBe('cannot');
    expect(verdictText(v).startsWith(CANNOT_JUDGE)).toBe(true);
  });

  it('never decides from a table row', () => {
    const u: ReadUnit[] = [{ source: 1, text: 'Dividends paid | (389) | (371)', row: true, coverage: 0.9, covered: [] }];
    expect(verdictFrom('Did it pay dividends in 2022?', u).verdict).toBe('cannot');
  });
});

describe('changeFrom', () => {
  it('computes the change between two values a sentence prints as a pair, and cites the sentence', () => {
    // The first sentence prints one value only: the pair is read from the second.
    const oneValue: [string, number, string[]] = ['Borrowings under the credit facility were $1.1 billion in 2022.', 0.9, ['credit', 'facility']];
    const pair: [string, number, string[]] = ['In 2022 the revolving credit facility was increased from $3.8 billion to $4.2 billion.', 0.9, ['credit', 'facility', 'increas']];
    const c = changeFrom('By how much did the credit facility increase in 2022?', units(oneValue, pair))!;
    expect(c.change).toBeCloseTo(0.4e9, 0);
    expect([c.from.span, c.to.span]).toEqual(['$3.8 billion', '$4.2 billion']);
    expect(c.unit.text.slice(c.to.start, c.to.end)).toBe('$4.2 billion');
    expect(changeText(c)).toBe(
      '+$0.4 billion (from $3.8 billion to $4.2 billion), computed by Sieve from the two values in the sentence: “In 2022 the revolving credit facility was increased from $3.8 billion to $4.2 billion.” [2]',
    );
  });

  it('reads "to X from Y", "X, down from Y" and percentages in points; asks nothing of a question that wants no change', () => {
    const to = units(['The quarterly dividend was raised to $2.06 from $1.71 per share.', 0.9, ['quarterly', 'dividend']]);
    expect(changeFrom('By how much was the quarterly dividend raised?', to)!.change).toBeCloseTo(0.35, 10);
    const down = units(['Gross margin was 18.5%, down from 19.4% a year earlier.', 0.9, ['gross', 'margin']]);
    const c = changeFrom('By how much did gross margin change?', down)!;
    expect(c.change).toBeCloseTo(-0.9, 10);
    expect(changeText(c)).toMatch(/^-0\.9 percentage points \(from 19\.4% to 18\.5%\)/);
    expect(changeFrom('What was the gross margin?', down)).toBeUndefined();
  });
});

describe('factFrom: a figure the question names', () => {
  it('is not the answer: "how many 10 litre cans" is answered by the count, not by 10', () => {
    const unit = { text: 'Galvanised watering can, 10 litre | B4 | 19 in stock', coverage: 1, covered: ['galvanised', 'watering', 'litre', 'stock'] } as unknown as ReadUnit;
    expect(factFrom('How many galvanised watering cans, 10 litre, are in stock?', [unit])?.span).toBe('19');
  });
});

describe('countedNouns', () => {
  it('names what a "how many" question counts, not the subject after its verb', () => {
    expect(countedNouns('How many people did Adobe employ at the end of fiscal 2016?')).toEqual(['people']);
    expect(countedNouns('How many Prime members did Amazon have?')).toEqual(['prime', 'member']);
    // Stems, matched as the beginnings of words.
    expect(countedNouns('How many warehouses does Costco operate?')).toEqual(['warehous']);
  });

  it('counts people under any noun for persons, other nouns as themselves', () => {
    const people = new RegExp(`\\d+\\s+${countedPattern(countedNouns('How many people are in the data set?')[0])}`, 'i');
    expect(people.test('data on 4406 individuals, aged 66 and over')).toBe(true);
    expect(people.test('a staff of 120 and 9,100 employees')).toBe(true);
    expect(people.test('4406 records')).toBe(false);
    expect(countedPattern('warehous')).toBe('warehous');
  });
});

describe('spans a user’s documents print', () => {
  it('reads an ISO date, a count spelled as a word before what is counted, and takes "When …, what …" as asking the what', () => {
    const date = factFrom('If I give it only a time, what date does it assume?', units(['Formats that specify only a time assume a date of 2000-01-01.', 0.8]));
    expect(date?.span).toBe('2000-01-01');
    const count = factFrom('How many date and time functions does SQLite provide?', units(['SQLite supports six date and time functions as follows, one of them new.', 0.9]));
    expect(count?.span).toBe('six');
    expect(typedSpans('It works for dates between 0000-01-01 00:00:00 and 5352-11-01 10:52:47 only.', 'count')).toEqual([]);
    expect(askedFact('When computing the F statistics, what start fraction does Fstats use by default?')).not.toBe('date');
    expect(askedFact('When was PostgreSQL 15.1 released?')).toBe('date');
  });
});
