import { evidencePages, parseQuestions } from '../eval';

/** A question with the evidence that answers it, asked of one document. */
export interface LabQuestion {
  id: string;
  question: string;
  /** The document it is asked of; '' = not named (then the lab's only document). */
  docId: string;
  /** All evidence text (passages joined by a newline): what the retrieval ratio is measured against. */
  evidence: string;
  /** The evidence passages one by one, when there are several (each located separately). */
  evidenceParts?: string[];
  /** 1-based pages the evidence lies on, when known (FinanceBench). */
  evidencePages?: number[];
}

/**
 * Reads questions in either format:
 * - FinanceBench JSONL (first non-empty line starts with "{"): one question object per line,
 *   evidence = the evidence passages from the question's own document.
 * - Typed: blocks of `Q: question`, then `A: evidence` (or `Evidence:`), optionally
 *   `Doc: name` and `Pages: 3, 4`; a line with no prefix continues the previous field; blocks
 *   end at a blank line or the next `Q:`. Outside a block a line `question | evidence` (or
 *   `doc | question | evidence`) is one question.
 * Errors name the line.
 */
export function parseLabQuestions(text: string, options: { source?: string; docId?: string } = {}): LabQuestion[] {
  const source = options.source ?? 'questions';
  if (text.trimStart().startsWith('{')) return parseQuestions(text, source).map(fromBench);
  return parseTyped(text, source, options.docId ?? '');
}

function fromBench(q: ReturnType<typeof parseQuestions>[number]): LabQuestion {
  const parts = q.evidence.filter((e) => e.doc_name === q.doc_name).map((e) => e.evidence_text);
  return {
    id: q.financebench_id,
    question: q.question,
    docId: q.doc_name,
    evidence: parts.join('\n'),
    ...(parts.length > 1 ? { evidenceParts: parts } : {}),
    evidencePages: [...evidencePages(q)],
  };
}

const FIELD = /^(Q|Question|A|Answer|Evidence|Doc|Document|Pages?)\s*:\s*(.*)$/i;
type Field = 'question' | 'evidence' | 'doc' | 'pages';
const FIELD_OF: Record<string, Field> = {
  q: 'question',
  question: 'question',
  a: 'evidence',
  answer: 'evidence',
  evidence: 'evidence',
  doc: 'doc',
  document: 'doc',
  page: 'pages',
  pages: 'pages',
};

function parseTyped(text: string, source: string, defaultDoc: string): LabQuestion[] {
  const out: LabQuestion[] = [];
  let block: { line: number; fields: Partial<Record<Field, string>>; last: Field } | undefined;
  const fail = (n: number, why: string): never => {
    throw new Error(`${source} line ${n}: ${why}`);
  };
  const close = () => {
    if (!block) return;
    const { fields, line } = block;
    if (!fields.question?.trim()) fail(line, 'evidence without a question (start the block with "Q: …")');
    if (!fields.evidence?.trim()) fail(line, `question without evidence (add an "A: …" or "Evidence: …" line)`);
    const pages = fields.pages
      ?.split(/[,\s]+/)
      .filter(Boolean)
      .map(Number);
    if (pages?.some((p) => !Number.isInteger(p) || p < 1)) fail(line, `pages must be whole numbers from 1: "${fields.pages}"`);
    out.push(question(out.length, fields.question!, fields.evidence!, fields.doc?.trim() || defaultDoc, pages));
    block = undefined;
  };
  text.split('\n').forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (!line) return close();
    const m = FIELD.exec(line);
    if (m) {
      const field = FIELD_OF[m[1].toLowerCase()];
      if (field === 'question') close();
      block ??= { line: n, fields: {}, last: field };
      if (block.fields[field] !== undefined) fail(n, `a second "${m[1]}:" in the block starting line ${block.line}`);
      block.fields[field] = m[2];
      block.last = field;
    } else if (block) {
      block.fields[block.last] += `\n${line}`;
    } else {
      const cells = line.split('|').map((c) => c.trim());
      if (cells.length < 2 || cells.length > 3 || cells.some((c) => !c)) fail(n, 'expected "Q: …" or "question | evidence" (or "doc | question | evidence")');
      const [doc, q, e] = cells.length === 3 ? cells : [defaultDoc, ...cells];
      out.push(question(out.length, q, e, doc, undefined));
    }
  });
  close();
  return out;
}

function question(index: number, q: string, evidence: string, docId: string, pages: number[] | undefined): LabQuestion {
  return { id: `q${index + 1}`, question: q.trim(), docId, evidence: evidence.trim(), ...(pages?.length ? { evidencePages: pages } : {}) };
}
