import { describe, expect, it } from 'vitest';
import { answerCorrect, answerLead, contentOverlap, formatCorrectTable, sameFigure, statedFigures, type StatedFigure } from './answer-correct';

/** The figures of a text in short: value, decimals, scale, percent and year flags. */
const shown = (text: string) => statedFigures(text).map((f) => [f.value, f.decimals, f.scale, f.percent, f.year]);
const fig = (text: string): StatedFigure => statedFigures(text)[0];
const correct = (gold: string, answer: string) => answerCorrect(gold, answer).correct;

describe('statedFigures', () => {
  it('reads amounts, decimals, percents and accounting negatives as printed', () => {
    expect(shown('$11588.00')).toEqual([[11588, 2, 1, false, false]]);
    expect(shown('Net income | $ 1,577 | 24.26')).toEqual([
      [1577, 0, 1, false, false],
      [24.26, 2, 1, false, false],
    ]);
    expect(shown('-3.7 and −2 and (396) and (1.7)% and $-4')).toEqual([
      [-3.7, 1, 1, false, false],
      [-2, 0, 1, false, false],
      [-396, 0, 1, false, false],
      [-1.7, 1, 1, true, false],
      [-4, 0, 1, false, false],
    ]);
    expect(shown('1.9% and 12 percent and 1.7 percentage points and .5')).toEqual([
      [1.9, 1, 1, true, false],
      [12, 0, 1, true, false],
      [1.7, 1, 1, true, false],
      [0.5, 1, 1, false, false],
    ]);
  });

  it('scales a figure by the word or abbreviation after it', () => {
    expect(shown('$2.5bn, 400 million, $1.577 billion, 3 thousand, 40m, 7k, 2 bn, 5mn, $3M, $2B')).toEqual([
      [2.5, 1, 1e9, false, false],
      [400, 0, 1e6, false, false],
      [1.577, 3, 1e9, false, false],
      [3, 0, 1e3, false, false],
      [40, 0, 1e6, false, false],
      [7, 0, 1e3, false, false],
      [2, 0, 1e9, false, false],
      [5, 0, 1e6, false, false],
      [3, 0, 1e6, false, false],
      [2, 0, 1e9, false, false],
    ]);
  });

  it('flags years standing alone and leaves out names, codes, citations and days of the month', () => {
    expect(shown('FY 2022 and 2021')).toEqual([
      [2022, 0, 1, false, true],
      [2021, 0, 1, false, true],
    ]);
    expect(shown('3M filed its 10-K for FY2022 Q2 (COVID-19), a 5G 1st [1] Revenues(2)')).toEqual([]);
    expect(shown('from August 30, 2023 onward; 31 Dec. 2022; 12/31/2022')).toEqual([
      [2023, 0, 1, false, true],
      [2022, 0, 1, false, true],
      [12, 0, 1, false, false],
    ]);
    expect(shown('FY2022-23')).toEqual([]);
    // A year printed with a sign, currency, percent or scale is an amount.
    expect(shown('$2022 and 2022 million')).toEqual([
      [2022, 0, 1, false, false],
      [2022, 0, 1e6, false, false],
    ]);
  });

  it('takes a dash opening a line of a several-line text as a bullet, a parenthesis around a percent as an aside', () => {
    expect(shown('Acquisitions:\n-100% equity interest\n - 20% stake')).toEqual([
      [100, 0, 1, true, false],
      [20, 0, 1, true, false],
    ]);
    expect(shown('-100%')).toEqual([[-100, 0, 1, true, false]]);
    expect(shown('improved (3.4% jump) to 0.67x, 100%-owned')).toEqual([
      [3.4, 1, 1, true, false],
      [0.67, 2, 1, false, false],
      [100, 0, 1, true, false],
    ]);
  });
});

describe('sameFigure', () => {
  it('accepts 1% relative or the gold rounding, whichever is wider', () => {
    expect(sameFigure(fig('24.26'), fig('24.264'))).toBe(true); // within ±0.005
    expect(sameFigure(fig('24.26'), fig('24.5'))).toBe(true); // within 1%
    expect(sameFigure(fig('24.26'), fig('24.6'))).toBe(false);
    expect(sameFigure(fig('$0.40'), fig('0.404'))).toBe(true);
    expect(sameFigure(fig('$0.40'), fig('0.41'))).toBe(false);
    expect(sameFigure(fig('7.9%'), fig('7.85%'))).toBe(true); // ±0.05
    expect(sameFigure(fig('7.9%'), fig('7.8%'))).toBe(false);
    expect(sameFigure(fig('20%'), fig('20.4%'))).toBe(true); // ±0.5
    expect(sameFigure(fig('$0.00'), fig('0.004'))).toBe(true);
  });

  it('allows thousands, millions and billions between gold and answer', () => {
    expect(sameFigure(fig('$0.40'), fig('$400 million'))).toBe(true);
    expect(sameFigure(fig('$0.40'), fig('400'))).toBe(true);
    expect(sameFigure(fig('$1577.00'), fig('1,577'))).toBe(true);
    expect(sameFigure(fig('$1577.00'), fig('$1.577 billion'))).toBe(true);
    expect(sameFigure(fig('$1577.00'), fig('$1,577 million'))).toBe(true);
    expect(sameFigure(fig('$1577.00'), fig('$1.6 billion'))).toBe(false); // 1600 is 1.5% off
    expect(sameFigure(fig('$831 million'), fig('831'))).toBe(true);
    expect(sameFigure(fig('$2.5bn'), fig('$2,500 million'))).toBe(true);
    expect(sameFigure(fig('$1577.00'), fig('15.77'))).toBe(false); // a factor of 100 is no unit
  });

  it('compares a ratio with a percent, and a percent with the same number unmarked', () => {
    expect(sameFigure(fig('0.54'), fig('54%'))).toBe(true);
    expect(sameFigure(fig('0.54'), fig('54.4 percent'))).toBe(true);
    expect(sameFigure(fig('55.1%'), fig('0.551'))).toBe(true);
    expect(sameFigure(fig('1.9%'), fig('1.9'))).toBe(true);
    expect(sameFigure(fig('-3.7'), fig('-3.7%'))).toBe(true);
    expect(sameFigure(fig('1.9%'), fig('1900'))).toBe(false); // percents are not scaled
    expect(sameFigure(fig('1.9%'), fig('0.019%'))).toBe(false);
  });

  it('needs the same sign, unless a negative gold meets its magnitude with a decrease worded', () => {
    expect(sameFigure(fig('-3.7'), fig('(3.7)'))).toBe(true);
    expect(sameFigure(fig('-3.7'), fig('3.7'))).toBe(false);
    expect(sameFigure(fig('-3.7'), fig('3.7'), { answer: true })).toBe(true);
    expect(sameFigure(fig('-3.7'), fig('3.7'), { gold: true })).toBe(false);
    expect(sameFigure(fig('3.7'), fig('-3.7'), { answer: true })).toBe(false);
    expect(sameFigure(fig('3.7'), fig('-3.7'), { gold: true })).toBe(true);
    expect(sameFigure(fig('3.7'), fig('-3.7'))).toBe(false);
    expect(sameFigure(fig('(396)'), fig('-396'))).toBe(true);
  });
});

describe('answerCorrect: figures', () => {
  it('judges a figure gold by its first figure that is not a year', () => {
    expect(answerCorrect('$11588.00', 'Net income was $11,588 million in FY2022 [1].')).toEqual({ correct: true, kind: 'figure' });
    expect(answerCorrect('$11588.00', 'Net income was $10,073 million in 2021 [1].')).toEqual({ correct: false, kind: 'figure' });
    expect(correct('$0.40', 'Capital expenditure was about $400 million.')).toBe(true);
    expect(correct('0.66', 'The ratio is 66%.')).toBe(true);
    expect(correct('In FY 2022 the effective tax rate rose from 20% to 23%.', 'It was 20% in 2021 and 23% in 2022.')).toBe(true);
    expect(correct('In FY 2022 the effective tax rate rose from 20% to 23%.', 'It was 23% in 2022.')).toBe(false);
  });

  it('accepts a negative gold stated as a fall', () => {
    expect(correct('-3.7', 'Growth was -3.7%.')).toBe(true);
    expect(correct('-3.7', 'Revenue fell by 3.7%.')).toBe(true);
    expect(correct('-3.7', 'Revenue decreased 3.7% year over year.')).toBe(true);
    expect(correct('-3.7', 'Revenue grew 3.7%.')).toBe(false);
    expect(correct('The consumer segment shrunk by 0.9% organically.', 'Organic sales declined 0.9% [2]')).toBe(true);
    expect(correct('-3.7', 'Revenue changed by -3.7%, a decline.')).toBe(true);
  });

  it('accepts a negative answer for a gold that words the fall, and no other sign change', () => {
    expect(correct('The consumer segment shrunk by 0.9% organically.', 'Organic sales changed by -0.9% [2]')).toBe(true);
    expect(correct('Operating margin decreased by 1.7% in FY2022.', 'Operating income margin | 19.1% | 20.8% | (1.7)% [1]')).toBe(true);
    expect(correct('Operating margin rose by 1.7% in FY2022.', 'Operating income margin changed by (1.7)% [1]')).toBe(false);
    expect(correct('No. Gross margin declined by 0.8%.', 'No, gross margin moved -0.8 points.')).toBe(true);
  });

  it('does not count a citation, a code or a year as the figure', () => {
    expect(correct('$1.00', 'The dividend is stated in the 10-K [1].')).toBe(false);
    expect(correct('3.0', 'See 3M, FY2022 [3]')).toBe(false);
    expect(correct('2.0', 'It rose in 2022.')).toBe(false);
    expect(correct('0.9', 'I cannot find this in the documents.')).toBe(false);
  });
});

describe('answerCorrect: yes-no', () => {
  it('needs the same opening word, ignoring leading punctuation and Markdown', () => {
    expect(answerCorrect('Yes, change in PPNE was positive year over year', '**Yes**, PP&E grew [1].')).toEqual({ correct: true, kind: 'yes-no' });
    expect(answerCorrect('Yes. It decreased.', '- yes: it went down')).toEqual({ correct: true, kind: 'yes-no' });
    expect(correct('Yes. It decreased.', 'No, it increased.')).toBe(false);
    expect(correct('Yes. It decreased.', 'It decreased, so yes.')).toBe(false);
    expect(correct('No. It rose.', 'Not at all.')).toBe(false);
    expect(correct('NO, it rose.', 'no.')).toBe(true);
  });

  it('needs at least one of the gold figures where the gold has figures', () => {
    const gold = 'No, the company is managing its CAPEX pretty efficiently:\nCAPEX/Revenue Ratio: 5.1%\nFixed assets/Total Assets: 20%\nReturn on Assets= 12.4%';
    expect(answerCorrect(gold, 'No. Capital expenditure was 5.1% of revenue in FY2022.')).toEqual({ correct: true, kind: 'yes-no' });
    expect(correct(gold, 'No. Return on assets was 12.4%.')).toBe(true);
    expect(correct(gold, 'No. It spends little on capital expenditure.')).toBe(false);
    expect(correct(gold, 'Yes. CAPEX was 5.1% of revenue.')).toBe(false);
    const corning = 'Yes. Corning had a positive working capital amount of $831 million by FY 2022 close.';
    expect(correct(corning, 'Yes: current assets exceed current liabilities by $831 million.')).toBe(true);
    expect(correct(corning, 'Yes, working capital was $0.831 billion.')).toBe(true);
    expect(correct(corning, 'Yes, working capital was positive in FY 2022.')).toBe(false);
    expect(correct('No. Microsoft decreased its debt by $2.5bn in FY 2023 vs FY 2022.', 'No — debt fell by $2,500 million.')).toBe(true);
  });
});

describe('answerCorrect: text', () => {
  it('needs 60% of the gold content words', () => {
    expect(answerCorrect('Trillium, Array, and Therachon', 'It acquired Trillium and Array [1].')).toEqual({ correct: true, kind: 'text' });
    expect(answerCorrect('Trillium, Array, and Therachon', 'It acquired Trillium [1].')).toEqual({ correct: false, kind: 'text' });
    expect(correct('Amcor is a global leader in packaging production for various use cases.', 'Amcor is a global packaging leader.')).toBe(false);
    expect(correct('Amcor is a global leader in packaging production for various use cases.', 'Amcor is a global leader in packaging production.')).toBe(true);
  });

  it('takes a gold whose only numbers are dates as text', () => {
    const gold = 'The Consumer Health segment will be a discontinued operation from August 30, 2023 onward.';
    expect(answerCorrect(gold, 'Consumer Health is a discontinued operation from August 30, 2023.').kind).toBe('text');
    expect(correct(gold, 'Consumer Health is a discontinued operation from August 30, 2023.')).toBe(true);
  });

  it('counts distinct content words, stopwords aside, and never passes a gold without any', () => {
    expect(contentOverlap('the the Array and Array', 'array')).toBe(1);
    expect(contentOverlap('Trillium, Array, and Therachon', 'nothing here')).toBe(0);
    expect(answerCorrect('', 'anything')).toEqual({ correct: false, kind: 'text' });
    expect(answerCorrect('It is what it is.', 'It is what it is.')).toEqual({ correct: false, kind: 'text' });
  });
});

describe('formatCorrectTable', () => {
  it('breaks answerCorrect down by answer kind and question type, per config, with the leads right beside all and each type', () => {
    const table = formatCorrectTable([
      { config: 'default', answerCorrect: true, leadCorrect: true, answerKind: 'figure', questionType: 'metrics-generated' },
      { config: 'default', answerCorrect: false, answerKind: 'figure', questionType: 'metrics-generated' },
      { config: 'default', answerCorrect: true, answerKind: 'yes-no', questionType: 'novel-generated' },
      { config: 'default', answerCorrect: false, answerKind: 'text', questionType: 'domain-relevant' },
      { config: 'pipeline-llm', answerCorrect: true, answerKind: 'text', questionType: 'hand-written' },
      { config: 'semantic-bm25' },
    ]);
    const lines = table.split('\n');
    expect(lines[0].split('|').map((c) => c.trim())).toEqual([
      '',
      'config',
      'all',
      'lead',
      'figure',
      'yes-no',
      'text',
      'metrics-generated',
      'metrics-generated (lead)',
      'domain-relevant',
      'domain-relevant (lead)',
      'novel-generated',
      'novel-generated (lead)',
      'hand-written',
      'hand-written (lead)',
      '',
    ]);
    expect(lines).toHaveLength(4); // no row for a config without answers
    expect(lines[2].split('|').map((c) => c.trim())).toEqual([
      '',
      'default',
      '0.500 (2/4)',
      '0.250 (1/4)',
      '0.500 (1/2)',
      '1.000 (1/1)',
      '0.000 (0/1)',
      '0.500 (1/2)',
      '0.500 (1/2)',
      '0.000 (0/1)',
      '0.000 (0/1)',
      '1.000 (1/1)',
      '0.000 (0/1)',
      '—',
      '—',
      '',
    ]);
    expect(lines[3].split('|').map((c) => c.trim())).toEqual([
      '',
      'pipeline-llm',
      '1.000 (1/1)',
      '0.000 (0/1)',
      '—',
      '—',
      '1.000 (1/1)',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      '1.000 (1/1)',
      '0.000 (0/1)',
      '',
    ]);
  });

  it('is empty when no question was judged, and leaves out question types no row has', () => {
    expect(formatCorrectTable([{ config: 'semantic-bm25' }])).toBe('');
    const table = formatCorrectTable([{ config: 'default', answerCorrect: false, answerKind: 'text' }]);
    expect(
      table
        .split('\n')[0]
        .split('|')
        .map((c) => c.trim()),
    ).toEqual(['', 'config', 'all', 'lead', 'figure', 'yes-no', 'text', '']);
  });
});

describe('answerLead', () => {
  it('is what a user reads first: up to the first citation mark or line break', () => {
    expect(answerLead('Health Care: the highest, 1,815 million (2022) [2]. Next: Consumer [3].')).toBe('Health Care: the highest, 1,815 million (2022) [2]');
    expect(answerLead('Sieve cannot judge this.\n\nFrom the sources: x [1]')).toBe('Sieve cannot judge this.');
    expect(answerLead('Two marks [1][2] then more [3]')).toBe('Two marks [1][2]');
    expect(answerLead('No marks at all')).toBe('No marks at all');
  });

  it('judges a quoted answer by its first sentence only', () => {
    const quoted = 'Plans were 96 percent funded. [1] The Company employed approximately 92,000 people. [2]';
    expect(answerCorrect('92,000', quoted).correct).toBe(true);
    expect(answerCorrect('92,000', answerLead(quoted)).correct).toBe(false);
  });
});
