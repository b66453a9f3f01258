import { extractSegments } from '../../rse';
import type { AskResult, CandidateRow, SegmentSource } from '../types';
import type { AskContext, Outcome } from './context';

interface Segments {
  segments: SegmentSource[];
  values: NonNullable<AskResult['segmentValues']>;
}

/**
 * 6b. Relevant segment extraction: the best runs of adjacent chunks replace isolated ones.
 * Relevance is the final grade with an LLM, the rank-decayed hybrid score without one. Rows
 * inside a segment take its source number; kept rows outside every segment are marked so.
 * Chunks of a segment that were never retrieved come along as context.
 */
export async function segmenting({ deps, settings, engine }: AskContext, rows: CandidateRow[]): Promise<Outcome<Segments>> {
  const retrievalOnly = !engine;
  const relevant = rows
    .filter((r) => r.verdict !== 'duplicate')
    .map((r) => (retrievalOnly ? { chunk: r.chunk, relevance: r.hybrid, rank: r.rank } : { chunk: r.chunk, relevance: r.final ?? 0 }));
  const { segments, values } = extractSegments(relevant, (docId) => deps.chunksOf!(docId), settings.segments, settings.contextBudget);
  const ordered = [...segments].sort((a, b) => b.value - a.value);
  const out: SegmentSource[] = ordered.map((s, i) => ({
    n: i + 1,
    docId: s.docId,
    title: deps.titleOf(s.docId),
    start: s.start,
    end: s.end,
    chunkIds: s.chunks.map((c) => c.id),
    pageStart: s.chunks[0].pageStart,
    pageEnd: s.chunks[s.chunks.length - 1].pageEnd,
    sectionPath: s.chunks[0].sectionPath,
    value: s.value,
    text: s.chunks.map((c) => c.text).join('\n'),
  }));
  const sourceOf = new Map(out.flatMap((s) => s.chunkIds.map((id) => [id, s.n] as const)));
  for (const r of rows) {
    r.source = sourceOf.get(r.chunk.id);
    if (r.verdict === 'kept' && r.source === undefined) {
      r.verdict = 'outside-segments';
      r.reason = 'not in any of the best runs of adjacent chunks';
    } else if (r.source !== undefined && r.verdict !== 'kept') {
      r.reason = `${r.reason ?? ''}; context of segment [${r.source}]`;
    }
  }
  const value = { segments: out, values: [...values].map(([docId, v]) => ({ docId, title: deps.titleOf(docId), values: Array.from(v) })) };
  return { value, detail: { segments: out.length, chars: out.reduce((n, s) => n + s.text.length, 0) } };
}

/** One source given to the answer: a segment, or a kept chunk. */
export interface AnswerSource {
  n: number;
  title: string;
  pageStart?: number;
  pageEnd?: number;
  sectionPath: string[];
  text: string;
  score: number;
  /** Its first chunk, whose preceding text may hold a table's header row. */
  first: { docId: string; id: string };
}

/** The answer's sources: the segments when extracted, else the kept chunks in context order. */
export function answerSources(context: CandidateRow[], rows: CandidateRow[], segments: SegmentSource[] | undefined): AnswerSource[] {
  if (segments) {
    return segments.map((s) => ({
      n: s.n,
      title: s.title,
      pageStart: s.pageStart,
      pageEnd: s.pageEnd,
      sectionPath: s.sectionPath,
      text: s.text,
      score: segmentScore(s, rows),
      first: { docId: s.docId, id: s.chunkIds[0] },
    }));
  }
  return context.map((r) => ({
    n: r.source!,
    title: r.title,
    pageStart: r.chunk.pageStart,
    pageEnd: r.chunk.pageEnd,
    sectionPath: r.chunk.sectionPath,
    text: r.chunk.text,
    score: r.final ?? 0,
    first: { docId: r.chunk.docId, id: r.chunk.id },
  }));
}

/** A segment's relevance for the answer prompt: the best final grade among its rows. */
function segmentScore(s: SegmentSource, rows: CandidateRow[]): number {
  return Math.max(0, ...rows.filter((r) => r.source === s.n).map((r) => r.final ?? r.hybrid));
}
