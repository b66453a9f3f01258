/** One FinanceBench question (only the fields the harness uses). */
export interface BenchQuestion {
  financebench_id: string;
  question: string;
  answer?: string;
  /** FinanceBench's kind of question: 'metrics-generated', 'domain-relevant' or 'novel-generated'. */
  question_type?: string;
  doc_name: string;
  evidence: Array<{ evidence_text: string; doc_name: string; evidence_page_num: number }>;
}

export function parseQuestions(jsonl: string, source = 'questions'): BenchQuestion[] {
  return jsonl
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, n]) => {
      let q: BenchQuestion;
      try {
        q = JSON.parse(line);
      } catch (e) {
        throw new Error(`${source} line ${n}: not valid JSON (${(e as Error).message})`, { cause: e });
      }
      if (typeof q.question !== 'string' || typeof q.doc_name !== 'string' || !Array.isArray(q.evidence)) {
        throw new Error(`${source} line ${n}: needs "question", "doc_name" and "evidence"`);
      }
      // Questions written by hand may have no id: name them by their line.
      return typeof q.financebench_id === 'string' && q.financebench_id ? q : { ...q, financebench_id: `line ${n}` };
    });
}

/** 1-based page numbers of the evidence that lies in the question's own document. */
export function evidencePages(q: BenchQuestion): Set<number> {
  return new Set(q.evidence.filter((e) => e.doc_name === q.doc_name).map((e) => e.evidence_page_num + 1));
}
