import { describe, expect, it } from 'vitest';
import { answerKey, answerShows, normalizeFigure } from './answer-hit';

describe('answerKey', () => {
  it('takes the gold figure when the evidence states it, however formatted', () => {
    const key = answerKey('$11588.00', 'Net income attributable to common shareholders | 11,588 | 10,073');
    expect(key).toEqual({ kind: 'figure', value: '11588' });
    expect(answerShows('Net income | $ 11,588 [1]', key!)).toBe(true);
    expect(answerShows('Net income | $ 10,073 [1]', key!)).toBe(false);
  });

  it('leaves out computed answers whose figure the evidence never states', () => {
    expect(answerKey('24.26', 'Revenues 6,489 Property and equipment, net 253 262')).toBeUndefined();
  });

  it('never keys on a number inside a name or code', () => {
    expect(answerKey('Operating margin for 3M fell by 1.7% in FY2022', 'Operating income margin | 19.1% | 20.8% | (1.7)% · 3M · Form 10-K')).toEqual({
      kind: 'figure',
      value: '1.7',
    });
    expect(answerKey('Debt fell by $2.5bn', 'total debt decreased by 2.5 billion')).toEqual({ kind: 'figure', value: '2.5' });
  });

  it('never keys on a year', () => {
    expect(answerKey('Yes, it rose in FY 2022 to 10%', 'In 2022 the rate was 12%')).toBeUndefined();
  });

  it('keys a worded answer on its longest phrase found in the evidence', () => {
    const key = answerKey(
      'The Consumer Health business segment will be treated as a discontinued operation',
      'the Consumer Health business will be presented as discontinued operations',
    );
    expect(key).toEqual({ kind: 'phrase', words: ['the', 'consumer', 'health', 'business'] });
    expect(answerShows('Kenvue, the Consumer Health business of J&J [2]', key!)).toBe(true);
    expect(answerShows('Consumer business [2]', key!)).toBe(false);
  });

  it('has no key for an answer sharing only function words with the evidence', () => {
    expect(answerKey('Yes. It decreased.', 'It is what it is.')).toBeUndefined();
  });

  it('normalises figures', () => {
    expect(normalizeFigure('8,738')).toBe('8738');
    expect(normalizeFigure('0.40')).toBe('0.4');
    expect(normalizeFigure('12645.00')).toBe('12645');
    expect(normalizeFigure('007')).toBe('7');
  });
});
