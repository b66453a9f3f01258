import { compareGrids, compareRows, comparisonText, type AskedComparison, type ComparedCell, type Comparison, type DocumentGrids, type PageHints } from '../../compare';
import { readEntries, readGrids, type Grid } from '../../tables';
import type { Chunk } from '../../types';
import { LEAD_IN } from '../../read';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { citeSpan } from './citing';
import { tablesInScope } from './figuring';

/** What the compare stage found: the comparison, and the answer's opening written from it. */
export interface ComparisonResult {
  comparison: Comparison;
  /** The answer's opening: the winner, its value and the runner-up, then the table and column compared. */
  answer: string;
  /** How the rows were read: a statement's rows by the asked period, or any table's rows by the column the question names. */
  by: 'period' | 'column';
}

/** Retrieval's candidates beyond this rank say nothing about where the compared table is. */
const HINT_RANKS = 20;

/**
 * 6b. A comparison over the rows of one table: for a "which … highest / fell most" question, the
 * set of rows in the documents in scope that the question names (on the pages retrieval ranked
 * high, by preference) is ranked by the asked measure, and every row read is cited.
 */
export async function comparing(
  ctx: AskContext,
  asked: AskedComparison,
  rows: CandidateRow[],
  sources: AnswerSource[],
  scope: ReadonlySet<string> | undefined,
): Promise<Outcome<ComparisonResult | undefined>> {
  const { deps } = ctx;
  if (!ctx.settings.figures) return { value: undefined, detail: { skipped: 'turned off (figures from tables)' } };
  if (!deps.tablesOf || !deps.chunksOf) return { value: undefined, detail: { skipped: 'the documents’ tables are not available' } };
  const docs = await tablesInScope(ctx, rows, scope);
  // A statement's rows by period first; else the rows of any table by the column the question names.
  const byPeriod = compareRows(asked, docs, pageHints(rows));
  const comparison =
    byPeriod ??
    compareGrids(
      ctx.question.replace(LEAD_IN, ''),
      asked,
      docs.map((d) => gridsOf(ctx, d.docId)),
    );
  const asks = `${asked.phrase}${asked.metric.length ? ` of “${asked.metric.join(' ')}”` : ''}${asked.set ? ` per ${asked.set}` : ''}`;
  if (!comparison || comparison.ranked.length < 2) return { value: undefined, detail: { asked: asks, found: 'no table with two such rows in the asked period' } };
  const cited = new Map<ComparedCell, number | undefined>();
  for (const r of comparison.ranked.slice(0, 2)) {
    for (const cell of r.cells)
      cited.set(cell, citeSpan(ctx, { docId: cell.docId, start: cell.start, text: cell.raw }, `holds a compared row (${r.name}, ${cell.column})`, rows, sources));
  }
  return {
    value: { comparison, answer: comparisonText(comparison, (cell) => cited.get(cell)), by: byPeriod ? 'period' : 'column' },
    detail: {
      asked: asks,
      table: comparison.table,
      columns: comparison.columns,
      rows: comparison.ranked.map((r) => `${r.name} ${r.value.toFixed(2)}`).join('; '),
      match: comparison.match.toFixed(2),
      ...(comparison.leftOut.length ? { leftOut: comparison.leftOut.map((l) => `${l.name} (${l.why})`).join('; ') } : {}),
    },
  };
}

/** A document's grids (its tables, and its runs of manual entries: see readEntries), read from its chunks once per chunk list. */
export function gridsOf(ctx: AskContext, docId: string): DocumentGrids {
  const chunks = ctx.deps.chunksOf?.(docId) ?? [];
  let grids = GRIDS.get(chunks);
  if (!grids) {
    const text = documentText(chunks);
    grids = [...readGrids(text), ...readEntries(text)];
    GRIDS.set(chunks, grids);
  }
  return { docId, grids, pageOf: (offset) => chunks.find((c) => c.start <= offset && offset < c.end)?.pageStart };
}

const GRIDS = new WeakMap<Chunk[], Grid[]>();

/** A document's text rebuilt from its chunks (each is a slice of it at its offsets; a gap between two is line breaks, as it mostly was). */
function documentText(chunks: Chunk[]): string {
  const end = Math.max(0, ...chunks.map((c) => c.end));
  const parts: string[] = [];
  let at = 0;
  for (const c of [...chunks].sort((a, b) => a.start - b.start)) {
    if (c.end <= at) continue;
    if (c.start > at) parts.push('\n'.repeat(c.start - at));
    parts.push(c.text.slice(Math.max(0, at - c.start)));
    at = c.end;
  }
  return parts.join('').padEnd(end);
}

/** Each page of the best candidates, weighted by its best rank: 1 for the first, falling to about 0.2 at the 20th. */
function pageHints(rows: CandidateRow[]): PageHints {
  const hints = new Map<string, Map<number, number>>();
  for (const r of rows) {
    if (r.rank > HINT_RANKS || r.chunk.pageStart === undefined) continue;
    const weight = 1 / (1 + (r.rank - 1) / 5);
    const pages = hints.get(r.chunk.docId) ?? new Map<number, number>();
    for (let p = r.chunk.pageStart; p <= (r.chunk.pageEnd ?? r.chunk.pageStart); p++) pages.set(p, Math.max(pages.get(p) ?? 0, weight));
    hints.set(r.chunk.docId, pages);
  }
  return hints;
}
