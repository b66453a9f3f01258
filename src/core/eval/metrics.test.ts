import { describe, expect, it } from 'vitest';
import { formatTable, scoreRetrieval, summarize } from './metrics';
import { evidencePages, parseQuestions } from './financebench';

const pages = [
  { page: 1, start: 0, end: 100 },
  { page: 2, start: 100, end: 200 },
  { page: 3, start: 200, end: 300 },
];

describe('scoreRetrieval', () => {
  it('counts characters on evidence pages, page hits and evidence words', () => {
    const spans = [
      { start: 50, end: 150, text: 'Net sales were 34,229 million' },
      { start: 250, end: 300, text: 'unrelated words' },
    ];
    const s = scoreRetrieval(spans, pages, new Set([2]), 'Net sales: $34,229 million in 2022');
    expect(s.pageHit).toBe(1);
    expect(s.signalRatio).toBeCloseTo(50 / 150);
    // evidence tokens: net sales 34 229 million in 2022 → 5 of 7 present
    expect(s.evidenceCoverage).toBeCloseTo(5 / 7);
  });

  it('gives zeros when nothing lies on an evidence page or nothing was retrieved', () => {
    expect(scoreRetrieval([{ start: 0, end: 10, text: 'x' }], pages, new Set([3]), 'y')).toMatchObject({ pageHit: 0, signalRatio: 0, evidenceCoverage: 0 });
    expect(scoreRetrieval([], pages, new Set([1]), 'a b')).toMatchObject({ pageHit: 0, signalRatio: 0, evidenceCoverage: 0, retrievedChars: 0 });
  });
});

describe('summarize and format', () => {
  it('averages per-question scores', () => {
    const r = summarize('cfg', [
      { pageHit: 1, evidenceCoverage: 0.5, signalRatio: 0.2, retrievedChars: 10 },
      { pageHit: 0, evidenceCoverage: 0.1, signalRatio: 0, retrievedChars: 10 },
    ]);
    expect(r).toEqual({ name: 'cfg', pageRecall: 0.5, evidenceCoverage: 0.3, signalRatio: 0.1, questions: 2 });
    expect(formatTable([r])).toContain('| cfg    | 0.500');
  });

  it('counts right answers over every judged question, apart from answer hits', () => {
    const base = { pageHit: 1, evidenceCoverage: 1, signalRatio: 1, retrievedChars: 10 };
    const r = summarize('cfg', [
      { ...base, answerCorrect: true, leadCorrect: true, answerKind: 'figure', answerHit: true },
      { ...base, answerCorrect: false, answerKind: 'text', answerHit: null },
      { ...base, answerCorrect: true, answerKind: 'yes-no', answerHit: null },
      base,
    ]);
    expect(r.answerCorrect).toEqual({ correct: 2, counted: 3 });
    expect(r.answerHit).toEqual({ hits: 1, counted: 1 });
    const [head, , row] = formatTable([r]).split('\n');
    expect(r.leadCorrect).toEqual({ correct: 1, counted: 3 });
    expect(head).toMatch(/\| answerCorrect +\| leadCorrect +\| answerHit +\| questions \|/);
    expect(row).toMatch(/\| 0\.667 \(2\/3\) +\| 0\.333 \(1\/3\) +\| 1\.000 \(1\/1\) +\| 4 +\|$/);
    expect(summarize('plain', [base]).answerCorrect).toBeUndefined();
  });
});

describe('financebench questions', () => {
  it('parses JSONL and converts zero-indexed evidence pages to 1-based, ignoring other documents', () => {
    const qs = parseQuestions(
      '{"financebench_id":"a","question":"Q?","doc_name":"D","evidence":[{"evidence_text":"t","doc_name":"D","evidence_page_num":0},{"evidence_text":"u","doc_name":"E","evidence_page_num":5}]}\n\n',
    );
    expect(qs).toHaveLength(1);
    expect([...evidencePages(qs[0])]).toEqual([1]);
  });
  it('names the line of a broken record', () => {
    expect(() => parseQuestions('{"question":"x","doc_name":"D","evidence":[]}\n{oops', 'q.jsonl')).toThrow(/q\.jsonl line 2/);
  });
});
