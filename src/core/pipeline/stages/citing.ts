import type { Chunk } from '../../types';
import type { CandidateRow } from '../types';
import type { AskContext } from './context';
import type { AnswerSource } from './segmenting';

/** A stretch of a document an answer rests on: a table cell or row, a sentence. */
export interface CitedSpan {
  docId: string;
  /** Offset into the document's text. */
  start: number;
  /** The text the chunk must print there (a document re-indexed meanwhile may not). */
  text: string;
}

/**
 * The source number citing a span: the source already holding its chunk, or a new source for
 * that chunk (its candidate row kept, with `why` added to its reason). Undefined when no chunk
 * holds the span as the tables or sentences said.
 */
export function citeSpan(ctx: AskContext, span: CitedSpan, why: string, rows: CandidateRow[], sources: AnswerSource[]): number | undefined {
  const chunk = chunkHolding(ctx.deps.chunksOf!(span.docId), span.start);
  if (!chunk || !chunk.text.includes(span.text)) return undefined;
  let row = rows.find((r) => r.chunk.id === chunk.id);
  if (!row) {
    row = newRow(ctx, chunk, rows.length + 1);
    rows.push(row);
  }
  if (row.source === undefined) {
    row.source = sources.length + 1;
    row.verdict = 'kept';
    row.reason = `${row.reason ? `${row.reason}; ` : ''}${why}`;
    sources.push({
      n: row.source,
      title: row.title,
      pageStart: chunk.pageStart,
      pageEnd: chunk.pageEnd,
      sectionPath: chunk.sectionPath,
      text: chunk.text,
      score: row.final ?? row.hybrid,
      first: { docId: chunk.docId, id: chunk.id },
    });
  }
  return row.source;
}

function chunkHolding(chunks: Chunk[], offset: number): Chunk | undefined {
  return chunks.find((c) => c.start <= offset && offset < c.end);
}

function newRow(ctx: AskContext, chunk: Chunk, rank: number): CandidateRow {
  return { chunk, title: ctx.deps.titleOf(chunk.docId), rank, bm25: 0, dense: 0, bm25Norm: 0, denseNorm: 0, hybrid: 0 };
}
