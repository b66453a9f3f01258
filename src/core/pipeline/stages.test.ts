import { describe, expect, it } from 'vitest';
import { filterRedundant } from './redundancy';
import { dynamicThreshold } from './threshold';
import { endsFirst } from './order';
import { citedSources, findCitations } from '../attribution';
import { extractiveAnswer } from './extractive';
import { expectedDigit, parseScore } from './parse-score';
import { critic, yearsIn } from './critic';

const unit = (...xs: number[]) => {
  const v = Float32Array.from(xs);
  const n = Math.hypot(...xs);
  return v.map((x) => x / n);
};

describe('filterRedundant', () => {
  it('drops a candidate too similar to a better kept one and records which', () => {
    const vs = [unit(1, 0), unit(0.99, 0.1), unit(0, 1), unit(0.1, 0.99)];
    const r = filterRedundant(vs, 0.9);
    expect(r.kept).toEqual([0, 2]);
    expect(r.duplicates[1]?.of).toBe(0);
    expect(r.duplicates[3]?.of).toBe(2);
    expect(r.duplicates[1]!.similarity).toBeGreaterThan(0.9);
  });

  it('keeps exactly-at-threshold pairs, missing vectors and empty input', () => {
    const a = unit(1, 0);
    const b = unit(0.9, Math.sqrt(1 - 0.81));
    expect(filterRedundant([a, b], 0.9).kept).toHaveLength(2);
    expect(filterRedundant([a, undefined, a], 0.9).kept).toEqual([0, 1]);
    expect(filterRedundant([], 0.9)).toEqual({ kept: [], duplicates: [], keptForFigures: [] });
  });
});

describe('dynamicThreshold', () => {
  it('uses the mean when scores are spread out', () => {
    const t = dynamicThreshold([0.1, 0.9, 0.2, 0.8], 0.01, 0);
    expect(t.rule).toBe('mean');
    expect(t.threshold).toBeCloseTo(0.5);
  });

  it('uses mean + std when scores are bunched (variance below ε)', () => {
    const t = dynamicThreshold([0.5, 0.52, 0.54, 0.56], 0.01, 0);
    expect(t.rule).toBe('mean+std');
    expect(t.threshold).toBeCloseTo(0.53 + Math.sqrt(0.0005), 5);
  });

  it('never goes below the floor, also for ties and no scores', () => {
    expect(dynamicThreshold([0.1, 0.1, 0.1], 0.01, 0.3)).toMatchObject({ threshold: 0.3, rule: 'floor' });
    expect(dynamicThreshold([], 0.01, 0.3)).toMatchObject({ threshold: 0.3, rule: 'floor' });
    expect(dynamicThreshold([0.7, 0.7], 0.01, 0.3)).toMatchObject({ threshold: 0.7, rule: 'mean+std' });
    // equal scores all clear it, whatever float rounding does to their mean
    for (const n of [3, 7, 10]) expect(dynamicThreshold(new Array(n).fill(0.7), 0.01, 0).threshold).toBeLessThanOrEqual(0.7);
  });
});

describe('endsFirst', () => {
  it('puts the best items at both ends and the weakest in the middle', () => {
    expect(endsFirst([1, 2, 3, 4, 5])).toEqual([1, 3, 5, 4, 2]);
    expect(endsFirst([1, 2])).toEqual([1, 2]);
    expect(endsFirst([])).toEqual([]);
  });
});

describe('citations', () => {
  it('reads single, listed and ranged markers and drops invented numbers', () => {
    const a = 'Revenue rose [1]. Costs fell [2, 3]; see [4-5] and [9] and [2][1].';
    expect(findCitations(a, 5).map((m) => m.sources)).toEqual([[1], [2, 3], [4, 5], [2], [1]]);
    expect(citedSources(a, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(citedSources('No sources [0] or [x].', 3)).toEqual([]);
  });
});

describe('extractiveAnswer', () => {
  it('picks the sentences sharing most query words, cited, weighted by chunk relevance', () => {
    const r = extractiveAnswer('When does the ferry leave the harbour?', [
      { n: 1, text: 'Kelp grows fast. The ferry leaves the harbour at noon.', score: 0.9 },
      { n: 2, text: 'The ferry is blue.', score: 0.2 },
    ]);
    expect(r.sentences[0]).toMatchObject({ source: 1, text: 'The ferry leaves the harbour at noon.' });
    expect(r.text.startsWith('The ferry leaves the harbour at noon. [1]')).toBe(true);
    expect(r.sentences.some((s) => s.text.startsWith('Kelp'))).toBe(false);
  });

  it('marks only its own citations: a footnote number quoted from the document is not one', () => {
    const r = extractiveAnswer('How many hives does the apiary hold?', [
      { n: 1, text: 'The apiary holds forty hives [2] across the orchard.', score: 0.9 },
      { n: 2, text: 'The apiary was founded in 1990 and holds bees.', score: 0.5 },
    ]);
    expect(r.text).toBe('The apiary holds forty hives [2] across the orchard. [1] The apiary was founded in 1990 and holds bees. [2]');
    expect(r.citations.map((c) => [c.sources, r.text.slice(c.start, c.end)])).toEqual([
      [[1], '[1]'],
      [[2], '[2]'],
    ]);
    expect(r.citations[0].start).toBe(r.text.indexOf('[1]'));
    expect(r.citations[1].start).toBe(r.text.lastIndexOf('[2]'));
  });

  it('answers nothing when no sentence shares a query word', () => {
    expect(extractiveAnswer('volcano eruptions', [{ n: 1, text: 'Kelp grows fast.', score: 1 }]).text).toBe('');
  });
});

describe('parseScore', () => {
  it('reads the forms small models write', () => {
    expect(parseScore('0.8')).toBe(0.8);
    expect(parseScore('Score: .75.')).toBe(0.75);
    expect(parseScore('**0.9** because it matches')).toBe(0.9);
    expect(parseScore('8/10')).toBe(0.8);
    expect(parseScore('80%')).toBe(0.8);
    expect(parseScore('7')).toBe(0.7);
    expect(parseScore('1')).toBe(1);
  });

  it('prefers a labelled score and skips a restated scale or numbers quoted from the chunk', () => {
    expect(parseScore('On a scale from 0 to 1, I would say 0.8.')).toBe(0.8);
    expect(parseScore('The chunk covers 2019 revenue of 36 billion. Score: 0.7')).toBe(0.7);
    expect(parseScore('Relevance is 0.4 because it names 3 segments')).toBe(0.4);
    expect(parseScore('On a scale of 1-10 this is an 8')).toBe(0.8);
    expect(parseScore('8 out of 10')).toBe(0.8);
    expect(parseScore('Rating: 6/10')).toBe(0.6);
    expect(parseScore('Relevance score (0-1): 0.8')).toBe(0.8);
    expect(parseScore('Relevance (0 to 1): 0.35')).toBe(0.35);
    expect(parseScore('Score out of 10: 7')).toBe(0.7);
    expect(parseScore('Rating (1-10): 7')).toBe(0.7);
    expect(parseScore('On a scale of 0.0 to 1.0, I would give 0.7')).toBe(0.7);
  });

  it('gives undefined for garbage', () => {
    expect(parseScore('I cannot rate this.')).toBeUndefined();
    expect(parseScore('')).toBeUndefined();
    expect(parseScore('12345')).toBeUndefined();
  });

  it('takes the expected digit of a distribution', () => {
    expect(expectedDigit({ '9': 1 })).toBe(1);
    expect(expectedDigit({ '0': 0.5, '9': 0.5 })).toBeCloseTo(0.5);
    expect(expectedDigit({})).toBe(0);
  });
});

describe('critic', () => {
  it('reads years in their usual forms', () => {
    expect([...yearsIn('FY2019, fiscal 2018, FY19 and 2017')].sort()).toEqual([2017, 2018, 2019]);
  });

  it('rewards the asked year and figures, penalises only-other-years and no figures', () => {
    const q = 'How much net income was there in FY2019?';
    const good = critic(q, 'Net income was $1,200 million in fiscal 2019.');
    const otherYear = critic(q, 'Net income was $900 million in 2015.');
    const noFigures = critic(q, 'Net income is discussed in 2019 below.');
    expect(good.score).toBeGreaterThan(noFigures.score);
    expect(good.score).toBeGreaterThan(otherYear.score);
    expect(otherYear.notes.join(' ')).toMatch(/other years/);
    expect(critic('Who is the CEO?', 'The ferry is blue.').score).toBeLessThan(0.5);
  });

  it('does not mark down the passage about an ongoing matter for naming the years it began, and counts a span of years whole', () => {
    const suits = 'Multiple lawsuits have been filed against us related to the accidents of Lion Air Flight 610 in 2018 and Ethiopian Airlines Flight 302 in 2019.';
    const ongoing = critic('Has Boeing reported any materially important ongoing legal battles from FY2022?', suits);
    expect(ongoing.notes.join(' ')).not.toMatch(/only other years/);
    const once = critic('Did Boeing report legal battles in FY2022?', suits);
    expect(once.notes.join(' ')).toMatch(/only other years/);
    expect(ongoing.score).toBeGreaterThan(once.score);
    // A span: 2020 lies between the asked years.
    const span = critic('How did revenue develop from 2019 to 2022?', 'Revenue was $4.1 billion in 2020.');
    expect(span.notes.join(' ')).toMatch(/mentions 2020/);
  });
});
