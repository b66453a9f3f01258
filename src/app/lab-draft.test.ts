import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { draftRequest, newLabDraft, questionsSummary } from './lab-draft';

describe('lab drafts', () => {
  const draft = { ...newLabDraft(['a', 'b'], DEFAULT_SETTINGS), questionsText: 'Q: x?\nA: the passage that answers x' };

  it('starts from the first document and the app settings', () => {
    expect(newLabDraft(['a', 'b'], DEFAULT_SETTINGS)).toMatchObject({ docIds: ['a'], threshold: 0.8, maxChars: 500, llm: false });
  });

  it('drops deleted documents and asks for the LLM chunker only when a model can score splits', () => {
    const d = { ...draft, docIds: ['a', 'gone'], llm: true };
    expect(draftRequest(d, { docIds: ['a', 'b'], splitScores: false }).request).toMatchObject({ docIds: ['a'], llm: false });
    expect(draftRequest(d, { docIds: ['a', 'b'], splitScores: true }).request).toMatchObject({ llm: true });
  });

  it('starts from a percentile chunker in the settings and sweeps percentiles when asked', () => {
    const settings = { ...DEFAULT_SETTINGS, chunker: { kind: 'semantic' as const, threshold: 0.8, maxChars: 500, percentile: 25 } };
    const d = { ...newLabDraft(['a'], settings), questionsText: draft.questionsText, sweepPercentile: true, percentiles: '10, 50' };
    expect(d.percentile).toBe(25);
    const { request, problems } = draftRequest(d, { docIds: ['a'], splitScores: false });
    expect(problems).toEqual([]);
    expect(request).toMatchObject({ semantic: { threshold: 0.8, percentile: 25 }, sweepPercentile: [10, 50] });
    expect(draftRequest({ ...d, percentiles: '10, x' }, { docIds: ['a'], splitScores: false }).problems).toEqual(['sweep percentiles must be numbers separated by commas']);
    expect(draftRequest({ ...draft, percentile: undefined }, { docIds: ['a'], splitScores: false }).request?.semantic).not.toHaveProperty('percentile');
  });

  it('explains lists that are not numbers and requests that cannot run', () => {
    expect(draftRequest({ ...draft, sweepFixed: true, sizes: '200, big' }, { docIds: ['a'], splitScores: false })).toEqual({
      problems: ['sweep sizes and overlaps must be numbers separated by commas'],
    });
    expect(draftRequest({ ...draft, docIds: ['gone'] }, { docIds: ['a'], splitScores: false }).problems).toEqual(['choose at least one document']);
  });
});

describe('loaded question files', () => {
  const line = (q: string, evidence: string) => JSON.stringify({ question: q, doc_name: 'doc', evidence: [{ doc_name: 'doc', evidence_page_num: 0, evidence_text: evidence }] });

  it('counts the questions of a .jsonl file and previews the first few with their evidence', () => {
    const text = Array.from({ length: 41 }, (_, i) => line(`Question ${i + 1}?`, `Evidence ${i + 1}.`)).join('\n');
    const summary = questionsSummary({ questionsText: text, questionsSource: 'bench.jsonl' });
    expect(summary.count).toBe(41);
    expect(summary.error).toBeUndefined();
    expect(summary.preview).toEqual([
      { question: 'Question 1?', evidence: 'Evidence 1.' },
      { question: 'Question 2?', evidence: 'Evidence 2.' },
      { question: 'Question 3?', evidence: 'Evidence 3.' },
    ]);
  });

  it('says which line of a file cannot be read', () => {
    const summary = questionsSummary({ questionsText: `${line('Fine?', 'Yes.')}\n{"question": oops}`, questionsSource: 'bad.jsonl' });
    expect(summary.count).toBe(0);
    expect(summary.error).toMatch(/bad\.jsonl line 2/);
  });
});
