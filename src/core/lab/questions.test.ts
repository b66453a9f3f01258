import { describe, expect, it } from 'vitest';
import { parseLabQuestions } from './questions';

describe('parseLabQuestions', () => {
  it('reads FinanceBench JSONL with 1-based evidence pages from the own document', () => {
    const line = JSON.stringify({
      financebench_id: 'fb1',
      question: 'What was revenue?',
      doc_name: 'ACME',
      evidence: [
        { evidence_text: 'Revenue was 4.2', doc_name: 'ACME', evidence_page_num: 3 },
        { evidence_text: 'other', doc_name: 'OTHER', evidence_page_num: 9 },
      ],
    });
    expect(parseLabQuestions(`${line}\n`)).toEqual([{ id: 'fb1', question: 'What was revenue?', docId: 'ACME', evidence: 'Revenue was 4.2', evidencePages: [4] }]);
  });

  it('names FinanceBench-format questions without an id by their line', () => {
    const line = (q: string) => JSON.stringify({ question: q, doc_name: 'lighthouses', evidence: [{ evidence_text: 'e', doc_name: 'lighthouses', evidence_page_num: 0 }] });
    expect(parseLabQuestions(`${line('a?')}\n\n${line('b?')}`).map((q) => q.id)).toEqual(['line 1', 'line 3']);
  });

  it('reads Q:/A: blocks with continuation lines, Doc and Pages, and pipe lines', () => {
    const qs = parseLabQuestions(
      'Q: What was revenue?\nA: Revenue was\n4.2 billion\nDoc: ACME\nPages: 2, 3\n\nQ: Buyback?\nEvidence: 500 million\n\nWho pays? | Dividends of 1.10\nOTHER | Staff? | 12,000',
      { docId: 'D' },
    );
    expect(qs).toEqual([
      { id: 'q1', question: 'What was revenue?', docId: 'ACME', evidence: 'Revenue was\n4.2 billion', evidencePages: [2, 3] },
      { id: 'q2', question: 'Buyback?', docId: 'D', evidence: '500 million' },
      { id: 'q3', question: 'Who pays?', docId: 'D', evidence: 'Dividends of 1.10' },
      { id: 'q4', question: 'Staff?', docId: 'OTHER', evidence: '12,000' },
    ]);
  });

  it('names the line of an error', () => {
    expect(() => parseLabQuestions('Q: one\nA: x\n\nQ: two\n', { source: 'f' })).toThrow('f line 4: question without evidence');
    expect(() => parseLabQuestions('just some words')).toThrow('questions line 1: expected');
    expect(() => parseLabQuestions('A: orphan')).toThrow('line 1: evidence without a question');
    expect(() => parseLabQuestions('{"question": 1}')).toThrow('line 1');
    expect(() => parseLabQuestions('Q: a\nA: b\nPages: two')).toThrow('line 1: pages must be whole numbers');
  });
});

describe('parseLabQuestions, FinanceBench JSONL without ids', () => {
  it('numbers questions by line', () => {
    const line = JSON.stringify({ question: 'Q?', doc_name: 'd', evidence: [{ doc_name: 'd', evidence_page_num: 0, evidence_text: 'E.' }] });
    expect(parseLabQuestions(`${line}\n\n${line}`).map((q) => q.id)).toEqual(['line 1', 'line 3']);
  });
});
