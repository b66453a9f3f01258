import { describe, expect, it } from 'vitest';
import type { CandidateRow, Verdict } from '../core/pipeline';
import { docColours, effectiveFilter, filterCounts, filterRows, gradeInWords, reasonInWords, scoreBar, snippet } from './pipeline-rows';

const row = (verdict?: Verdict, reason?: string) => ({ verdict, reason });

describe('filters', () => {
  const rows = [row('kept'), row('duplicate'), row('below-threshold'), row('below-threshold'), row('over-budget'), row(undefined)];

  it('shows all, the kept, the filtered, or those filtered for one reason', () => {
    expect(filterRows(rows, 'all')).toHaveLength(6);
    expect(filterRows(rows, 'kept').map((r) => r.verdict)).toEqual(['kept']);
    expect(filterRows(rows, 'filtered').map((r) => r.verdict)).toEqual(['duplicate', 'below-threshold', 'below-threshold', 'over-budget']);
    expect(filterRows(rows, 'below-threshold')).toHaveLength(2);
    expect(filterRows(rows, 'outside-segments')).toHaveLength(0);
  });

  it('counts each choice; pending rows count in all only; reasons with no row are left out, in pipeline order', () => {
    expect(filterCounts(rows)).toEqual({
      all: 6,
      kept: 1,
      filtered: 4,
      reasons: [
        { verdict: 'duplicate', count: 1 },
        { verdict: 'below-threshold', count: 2 },
        { verdict: 'over-budget', count: 1 },
      ],
    });
  });

  it('falls back on all when the chosen filter no longer matches a row', () => {
    expect(effectiveFilter(rows, 'duplicate')).toBe('duplicate');
    expect(effectiveFilter(rows, 'outside-segments')).toBe('all');
    expect(effectiveFilter([row(undefined)], 'kept')).toBe('all');
  });
});

describe('snippet', () => {
  it('puts the text on one line', () => {
    expect(snippet('Hives are\n\n  treated   in August.')).toBe('Hives are treated in August.');
  });
  it('cuts a long text at a word boundary, with an ellipsis', () => {
    const s = snippet('word '.repeat(100), 42);
    expect(s.endsWith('word…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(43);
  });
  it('cuts inside a very long word when there is no space to cut at', () => {
    expect(snippet('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('scoreBar', () => {
  it('draws the final grade against the threshold once graded', () => {
    expect(scoreBar({ final: 0.62, hybrid: 0.9 }, 0.4)).toEqual({ value: 0.62, fraction: 0.62, kind: 'final grade', threshold: 0.4, label: 'final grade 0.62, threshold 0.40' });
  });
  it('draws the retrieval score before grading, with no threshold', () => {
    const bar = scoreBar({ hybrid: 0.5 }, 0.4);
    expect(bar.kind).toBe('retrieval score');
    expect(bar.threshold).toBeUndefined();
    expect(bar.label).toBe('retrieval score 0.50 (not graded)');
  });
  it('keeps the bar within its track', () => {
    expect(scoreBar({ final: 1.3, hybrid: 0 }).fraction).toBe(1);
    expect(scoreBar({ hybrid: Number.NaN }).fraction).toBe(0);
  });
});

describe('docColours', () => {
  it('gives each document one colour, in order of first appearance, cycling through six', () => {
    const rows = ['b', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].map((docId) => ({ chunk: { docId } }));
    const c = docColours(rows);
    expect([...c.entries()]).toEqual([
      ['b', 0],
      ['a', 1],
      ['c', 2],
      ['d', 3],
      ['e', 4],
      ['f', 5],
      ['g', 0],
    ]);
  });
});

describe('reasonInWords', () => {
  it('words the threshold decisions', () => {
    expect(reasonInWords(row('kept', 'grade 0.62 ≥ 0.40'))).toBe('grade 0.62, needed 0.40');
    expect(reasonInWords(row('below-threshold', 'grade 0.31 < 0.40'))).toBe('grade 0.31, needed 0.40');
    expect(reasonInWords(row('below-floor', 'grade 0.05 < 0.40'))).toBe('grade 0.05, needed 0.40');
    expect(reasonInWords(row('below-floor', 'no query word and similarity 0.12 < 0.20'))).toBe('no word of the question; similarity 0.12, needed 0.20');
  });

  it('names the row a duplicate repeats', () => {
    expect(reasonInWords({ verdict: 'duplicate', reason: '93% similar to #2', duplicateOf: { chunkId: 'd#1', rank: 2, similarity: 0.934 } })).toBe('repeats #2 (93% similar)');
    expect(reasonInWords(row('duplicate', '90% similar to #4'))).toBe('repeats #4 (90% similar)');
  });

  it('words the budget and the segments', () => {
    expect(reasonInWords(row('over-budget', 'the context budget of 4000 characters was full'))).toBe('the context was full (4,000 characters)');
    expect(reasonInWords(row('outside-segments', 'not in any of the best runs of adjacent chunks'))).toBe('not in the best runs of adjacent chunks');
    expect(reasonInWords(row('below-threshold', 'grade 0.31 < 0.40; context of segment [2]'))).toBe('grade 0.31, needed 0.40; given to the answer in source [2]');
  });

  it("keeps the LLM retriever's reasons, and any reason of an unknown form, as recorded", () => {
    expect(reasonInWords(row('kept', 'the LLM judged it relevant (0.80)'))).toBe('the LLM judged it relevant (0.80)');
    expect(reasonInWords(row('below-threshold', 'fallback: the LLM judged it not relevant (0.10)'))).toBe('fallback: the LLM judged it not relevant (0.10)');
    expect(reasonInWords(row('kept', 'something new'))).toBe('something new');
  });

  it('says when nothing is decided yet', () => {
    expect(reasonInWords(row(undefined))).toBe('not decided yet');
  });
});

describe('gradeInWords', () => {
  const graded = (calls: number, reflection?: number) =>
    ({
      grade: {
        base: 0.5,
        critic: { score: 0.5, notes: [] },
        final: 0.5,
        problems: [],
        usage: { calls, promptTokens: 0, generatedTokens: 0 },
        ...(reflection !== undefined ? { reflection } : {}),
      },
    }) as unknown as CandidateRow;
  it('says what a grade is made of: retrieval scores without a model, the model’s grade with one', () => {
    expect(gradeInWords([graded(0)])).toMatch(/^A grade \(0 to 1\) says how well a passage answers the question: its retrieval score .* Sieve’s check .* threshold T are kept/);
    expect(gradeInWords([graded(2)])).toContain("the language model's own relevance grade, weighed");
    expect(gradeInWords([graded(2, 0.7)])).toContain('and its second look');
    expect(gradeInWords([{} as CandidateRow])).toBe('');
  });
});
