import { describe, expect, it } from 'vitest';
import { joinLines, keepHyphen, Vocabulary } from './hyphenation';

const vocabulary = (...lines: string[]) => {
  const v = new Vocabulary();
  v.addLines(lines);
  return v;
};

describe('keepHyphen', () => {
  it('follows how the document spells the word elsewhere', () => {
    expect(keepHyphen('decision', 'making', vocabulary('Good decision-making matters.'))).toBe(true);
    expect(keepHyphen('decision', 'making', vocabulary('Decisionmaking is slow.'))).toBe(false);
  });

  it('does not count the split fragments themselves as words', () => {
    const v = vocabulary('The plant expanded its manu-', 'facturing capacity.');
    expect(v.count('manu')).toBe(0);
    expect(v.count('facturing')).toBe(0);
    expect(keepHyphen('manu', 'facturing', v)).toBe(false);
  });

  it('keeps the hyphen after common compound heads and before capitals or digits', () => {
    const v = vocabulary();
    expect(keepHyphen('long', 'term', v)).toBe(true);
    expect(keepHyphen('non', 'GAAP', v)).toBe(true);
    expect(keepHyphen('COVID', '19', v)).toBe(true);
    expect(keepHyphen('inter', 'national', v)).toBe(false);
  });

  it('keeps the hyphen between two words the document uses on their own', () => {
    expect(keepHyphen('price', 'sensitive', vocabulary('The price rose.', 'Buyers are sensitive.'))).toBe(true);
  });
});

describe('joinLines', () => {
  const v = vocabulary();
  it('joins with a space, or without one after a dash or a slash', () => {
    expect(joinLines('sales rose', 'sharply', v)).toBe('sales rose sharply');
    expect(joinLines('sales rose\u2014', 'sharply', v)).toBe('sales rose\u2014sharply');
    expect(joinLines('and/', 'or', v)).toBe('and/or');
  });

  it('keeps the hyphen of codes split at a line end', () => {
    expect(joinLines('Form 10-', 'K', v)).toBe('Form 10-K');
  });
});
