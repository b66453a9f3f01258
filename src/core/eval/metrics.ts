import type { PageSpan } from '../types';
import { wordTokens } from '../text/words';

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
}

/** Scores one question's retrieved spans against its evidence (metric definitions: FinanceBench dev README). */
export function scoreRetrieval(spans: RetrievedSpan[], pages: PageSpan[], evidencePages: Set<number>, evidenceText: string): QuestionScores {
  const onEvidence = pages.filter((p) => evidencePages.has(p.page));
  let total = 0;
  let signal = 0;
  for (const s of spans) {
    total += s.end - s.start;
    for (const p of onEvidence) signal += Math.max(0, Math.min(s.end, p.end) - Math.max(s.start, p.start));
  }
  const retrievedWords = new Set(spans.flatMap((s) => wordTokens(s.text)));
  const evidenceWords = wordTokens(evidenceText);
  const covered = evidenceWords.filter((w) => retrievedWords.has(w)).length;
  return {
    pageHit: signal > 0 ? 1 : 0,
    evidenceCoverage: evidenceWords.length ? covered / evidenceWords.length : 0,
    signalRatio: total ? signal / total : 0,
    retrievedChars: total,
  };
}

export interface ConfigSummary {
  name: string;
  pageRecall: number;
  evidenceCoverage: number;
  signalRatio: number;
  questions: number;
}

export function summarize(name: string, scores: QuestionScores[]): ConfigSummary {
  const mean = (f: (s: QuestionScores) => number) => (scores.length ? scores.reduce((t, s) => t + f(s), 0) / scores.length : 0);
  return {
    name,
    pageRecall: mean((s) => s.pageHit),
    evidenceCoverage: mean((s) => s.evidenceCoverage),
    signalRatio: mean((s) => s.signalRatio),
    questions: scores.length,
  };
}

export function formatTable(rows: ConfigSummary[]): string {
  const head = ['config', 'pageRecall', 'evidenceCoverage', 'signalRatio', 'questions'];
  const body = rows.map((r) => [r.name, r.pageRecall.toFixed(3), r.evidenceCoverage.toFixed(3), r.signalRatio.toFixed(3), String(r.questions)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
