import type { PageSpan } from '../types';
import { wordTokens } from '../text';
import type { AnswerKind } from './answer-correct';

export interface RetrievedSpan {
  start: number;
  end: number;
  text: string;
}

export interface QuestionScores {
  /** 1 if any retrieved character lies on an evidence page, else 0. */
  pageHit: number;
  /** Share of evidence word tokens (with repeats) that occur anywhere in the retrieved text. */
  evidenceCoverage: number;
  /** Share of retrieved characters that lie on evidence pages. */
  signalRatio: number;
  retrievedChars: number;
  /** Share of retrieved characters from the question's own document (library mode; 1 alone). */
  rightDocShare?: number;
  /** Whether the answer shows the gold figure or phrase; null: the evidence does not state it (not counted). */
  answerHit?: boolean | null;
  /** Whether the answer is right by the gold answer (answerCorrect); absent without an answer or a gold answer. */
  answerCorrect?: boolean;
  /** Which rule judged it: the gold's figure, its yes/no, its words, or (for an unanswerable question) whether Sieve declined. */
  answerKind?: AnswerKind;
  /** Whether the answer's lead (what a user reads first, up to its first citation) alone is right. */
  leadCorrect?: boolean;
  /** Sieve declined (core/decline): which kind of absence it found. */
  declined?: 'name' | 'period' | 'fact';
}

/** Scores one question's retrieved spans against its evidence (metric definitions: FinanceBench dev README). */
export function scoreRetrieval(spans: RetrievedSpan[], pages: PageSpan[], evidencePages: Set<number>, evidenceText: string): QuestionScores {
  const { total, inside: signal } = charsInside(
    spans,
    pages.filter((p) => evidencePages.has(p.page)),
  );
  return {
    pageHit: signal > 0 ? 1 : 0,
    evidenceCoverage: evidenceCoverage(
      spans.map((s) => s.text),
      evidenceText,
    ),
    signalRatio: total ? signal / total : 0,
    retrievedChars: total,
  };
}

/** Share of the evidence's word tokens (with repeats) that occur anywhere in the retrieved texts; 0 for empty evidence. */
export function evidenceCoverage(retrieved: string[], evidenceText: string): number {
  const retrievedWords = new Set(retrieved.flatMap((t) => wordTokens(t)));
  const evidenceWords = wordTokens(evidenceText);
  const covered = evidenceWords.filter((w) => retrievedWords.has(w)).length;
  return evidenceWords.length ? covered / evidenceWords.length : 0;
}

/**
 * Retrieved characters in all (a span counted once per retrieval, overlaps between spans
 * included) and those of them inside `regions` (sorted or not, assumed non-overlapping).
 */
export function charsInside(spans: Array<{ start: number; end: number }>, regions: Array<{ start: number; end: number }>): { total: number; inside: number } {
  let total = 0;
  let inside = 0;
  for (const s of spans) {
    total += s.end - s.start;
    for (const r of regions) inside += Math.max(0, Math.min(s.end, r.end) - Math.max(s.start, r.start));
  }
  return { total, inside };
}

export interface ConfigSummary {
  name: string;
  pageRecall: number;
  evidenceCoverage: number;
  signalRatio: number;
  questions: number;
  /** Mean share of retrieved characters from the right document. */
  rightDocShare?: number;
  /** Answers showing the gold figure or phrase, of the questions whose evidence states it. */
  answerHit?: { hits: number; counted: number };
  /** Right answers (answerCorrect) of all the questions with an answer. */
  answerCorrect?: { correct: number; counted: number };
  /** Right leads (leadCorrect) of the same questions. */
  leadCorrect?: { correct: number; counted: number };
}

export function summarize(name: string, scores: QuestionScores[]): ConfigSummary {
  const shared = scores.filter((s) => s.rightDocShare !== undefined);
  const counted = scores.filter((s) => typeof s.answerHit === 'boolean');
  const judged = scores.filter((s) => typeof s.answerCorrect === 'boolean');
  const mean = (f: (s: QuestionScores) => number) => (scores.length ? scores.reduce((t, s) => t + f(s), 0) / scores.length : 0);
  return {
    name,
    pageRecall: mean((s) => s.pageHit),
    evidenceCoverage: mean((s) => s.evidenceCoverage),
    signalRatio: mean((s) => s.signalRatio),
    questions: scores.length,
    ...(shared.length ? { rightDocShare: shared.reduce((t, s) => t + s.rightDocShare!, 0) / shared.length } : {}),
    ...(judged.length ? { answerCorrect: { correct: judged.filter((s) => s.answerCorrect).length, counted: judged.length } } : {}),
    ...(judged.length ? { leadCorrect: { correct: judged.filter((s) => s.leadCorrect).length, counted: judged.length } } : {}),
    ...(counted.length ? { answerHit: { hits: counted.filter((s) => s.answerHit).length, counted: counted.length } } : {}),
  };
}

export function formatTable(rows: ConfigSummary[]): string {
  const head = ['config', 'pageRecall', 'evidenceCoverage', 'signalRatio', 'rightDocShare', 'answerCorrect', 'leadCorrect', 'answerHit', 'questions'];
  const body = rows.map((r) => [
    r.name,
    r.pageRecall.toFixed(3),
    r.evidenceCoverage.toFixed(3),
    r.signalRatio.toFixed(3),
    r.rightDocShare === undefined ? '' : r.rightDocShare.toFixed(3),
    r.answerCorrect ? fraction(r.answerCorrect.correct, r.answerCorrect.counted) : '',
    r.leadCorrect ? fraction(r.leadCorrect.correct, r.leadCorrect.counted) : '',
    r.answerHit ? fraction(r.answerHit.hits, r.answerHit.counted) : '',
    String(r.questions),
  ]);
  return markdownTable(head, body);
}

/** A count of a total as a share with both: "0.512 (21/41)". */
export function fraction(count: number, total: number): string {
  return total ? `${(count / total).toFixed(3)} (${count}/${total})` : `— (0/0)`;
}

/** A Markdown table with padded columns (a missing cell is empty). */
export function markdownTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${head.map((_, i) => (cells[i] ?? '').padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
