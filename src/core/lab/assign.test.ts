import { describe, expect, it } from 'vitest';
import { assignQuestions, type LabCandidateDoc } from './assign';
import type { LabQuestion } from './questions';

const doc = (docId: string, name: string, title: string, text: string): LabCandidateDoc => ({
  docId,
  name,
  title,
  text,
  pages: [{ page: 1, start: 0, end: text.length }],
  sections: [],
});
const nike = doc('d1', 'NIKE_2018_10K.pdf', 'Nike annual report', 'Revenues rose to 36.4 billion dollars in fiscal 2018 across all regions.');
const kelp = doc('d2', 'kelp.md', 'Kelp farming', 'Kelp lines are seeded in autumn and harvested in late spring before the water warms.');
const q = (id: string, docId: string, evidence: string): LabQuestion => ({ id, question: `question ${id}`, docId, evidence });

describe('assignQuestions', () => {
  it('matches a named document by id, file name with or without extension, or title, ignoring case', () => {
    const { questions, problems } = assignQuestions([q('a', 'NIKE_2018_10K', 'x'), q('b', 'kelp.MD', 'x'), q('c', 'kelp farming', 'x'), q('d', 'd1', 'x')], [nike, kelp]);
    expect(questions.map((x) => x.docId)).toEqual(['d1', 'd2', 'd2', 'd1']);
    expect(problems).toEqual([]);
  });

  it('leaves out questions about documents that are not chosen, saying which', () => {
    const { questions, problems } = assignQuestions([q('a', 'PFIZER_2021_10K', 'x'), q('b', 'kelp', 'x')], [kelp]);
    expect(questions.map((x) => x.id)).toEqual(['b']);
    expect(problems).toEqual(['a asks about "PFIZER_2021_10K", which is not among the chosen documents']);
  });

  it('sends an unnamed question to the only document, or to the one holding its evidence', () => {
    expect(assignQuestions([q('a', '', 'anything at all')], [kelp]).questions[0].docId).toBe('d2');
    const two = assignQuestions([q('a', '', 'harvested in late spring'), q('b', '', 'revenues rose to 36.4 billion'), q('c', '', 'zebras graze')], [nike, kelp]);
    expect(two.questions.map((x) => [x.id, x.docId])).toEqual([
      ['a', 'd2'],
      ['b', 'd1'],
    ]);
    expect(two.problems).toEqual(['c: no chosen document holds its evidence; name one with a "Doc:" line']);
  });

  it('prefers the document holding more of fuzzy evidence, whatever the order', () => {
    const a = doc('a', 'a.md', 'A', 'The kelp lines are seeded in early autumn by the crew.');
    const b = doc('b', 'b.md', 'B', 'The kelp lines are seeded in early autumn and harvested in spring by the crew.');
    const evidence = 'kelp lines seeded in early autumn, harvested in spring';
    expect(assignQuestions([q('x', '', evidence)], [a, b]).questions[0].docId).toBe('b');
    expect(assignQuestions([q('x', '', evidence)], [b, a]).questions[0].docId).toBe('b');
  });
});
