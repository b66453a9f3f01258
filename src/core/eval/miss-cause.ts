import { computeFigure, type DocumentTables } from '../compute';
import type { AskResult } from '../pipeline';
import { answerCorrect, type AnswerKind } from './answer-correct';
import { markdownTable } from './metrics';

/** Why an answer was not correct, as measured. */
export type MissCause =
  'evidence not retrieved' | 'arithmetic not recognised' | 'row not found' | 'wrong row' | 'wrong period' | 'wrong unit' | 'wrong verdict' | 'not in the quoted sentences';

/** Factors between a computed value and the gold one that mean the unit was wrong, not the cells. */
const UNIT_FACTORS = [100, 0.01, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9];

/**
 * The measured cause of a miss. A question with no figure asked: its evidence page was not given to
 * the answer (evidence not retrieved) or, for a gold with a figure, Sieve did not recognise the
 * computation asked (arithmetic not recognised), else the quoted sentences missed it. A figure asked:
 * an input with no matching row (row not found); a value that matches the gold once scaled (wrong
 * unit); a value that matches computed for the year before or after (wrong period); a yes/no opening
 * that disagrees with the gold (wrong verdict); otherwise a wrong row.
 */
export function missCause(gold: string, kind: AnswerKind, result: Pick<AskResult, 'figure'> | undefined, pageHit: number, docs: DocumentTables[]): MissCause {
  const figure = result?.figure?.figure;
  if (!figure) {
    if (kind !== 'text' && /\d/.test(gold.replace(/\b(?:19|20)\d\d\b/g, ''))) return pageHit ? 'arithmetic not recognised' : 'evidence not retrieved';
    return pageHit ? 'not in the quoted sentences' : 'evidence not retrieved';
  }
  if (figure.value === undefined) return 'row not found';
  if (kind === 'yes-no' && figure.verdict && !gold.trim().toLowerCase().startsWith(figure.verdict.toLowerCase())) return 'wrong verdict';
  if (UNIT_FACTORS.some((f) => answerCorrect(gold, String(figure.value! * f)).correct)) return 'wrong unit';
  // The years computed (the latest printed when the question named none), one earlier and one later.
  const computed = figure.asked.years.length ? figure.asked.years : figure.steps.map((s) => s.fy);
  for (const shift of [-1, 1]) {
    const years = computed.map((y) => y + shift);
    const moved = computeFigure({ ...figure.asked, years }, docs);
    if (moved.value !== undefined && answerCorrect(gold, String(moved.value)).correct) return 'wrong period';
  }
  return 'wrong row';
}

/** Counts of miss causes per config, as a Markdown table. */
export function formatMissTable(rows: Array<{ config: string; missCause?: MissCause }>): string {
  const configs = [...new Set(rows.map((r) => r.config))];
  const causes = [...new Set(rows.flatMap((r) => (r.missCause ? [r.missCause] : [])))].sort();
  const body = configs.map((c) => [c, ...causes.map((cause) => String(rows.filter((r) => r.config === c && r.missCause === cause).length))]);
  return markdownTable(['config', ...causes], body);
}
