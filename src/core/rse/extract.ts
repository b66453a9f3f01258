import type { Chunk } from '../types';
import { bestSegments, type Segment } from './segments';
import { chunkValues, rankDecayedRelevance, type ScoredChunk } from './values';
import type { RseSettings } from '../settings';

interface RelevantChunk {
  chunk: Chunk;
  /** 0–1: a final grade, or a retrieval score (then decayed by rank). */
  relevance: number;
  /** 1-based retrieval rank; set when relevance is a retrieval score to be decayed. */
  rank?: number;
}

interface ExtractedSegment extends Segment {
  chunks: Chunk[];
}

/**
 * Relevant segment extraction over the documents the relevant chunks come from: values per
 * chunk (relevance − penalty), then the best runs of adjacent chunks within the budget.
 */
export function extractSegments(
  relevant: RelevantChunk[],
  chunksOf: (docId: string) => Chunk[],
  settings: RseSettings,
  budget: number,
): { segments: ExtractedSegment[]; values: Map<string, Float64Array> } {
  const byDoc = new Map<string, ScoredChunk[]>();
  for (const r of relevant) {
    const relevance = r.rank === undefined ? r.relevance : rankDecayedRelevance(r.relevance, r.rank, settings.decay);
    const list = byDoc.get(r.chunk.docId) ?? [];
    list.push({ index: r.chunk.index, relevance });
    byDoc.set(r.chunk.docId, list);
  }
  const docs = [...byDoc].map(([docId, scored]) => {
    const chunks = chunksOf(docId);
    return { docId, chunks, values: chunkValues(chunks.length, scored, settings.penalty), lengths: chunks.map((c) => c.text.length) };
  });
  const found = bestSegments(docs, { maxChunks: settings.maxChunks, budget, minValue: settings.minValue });
  const chunksByDoc = new Map(docs.map((d) => [d.docId, d.chunks]));
  return {
    segments: found.map((s) => ({ ...s, chunks: chunksByDoc.get(s.docId)!.slice(s.start, s.end) })),
    values: new Map(docs.map((d) => [d.docId, d.values])),
  };
}
