/**
 * The chunking lab: how well each way of chunking serves retrieval, on questions whose
 * evidence is known.
 *
 * Per question (evidence = its evidence text, and its evidence pages when known):
 * - retrieval ratio: share of the evidence's word tokens present in the retrieved text
 *   (the eval's evidenceCoverage, same tokenisation);
 * - signal ratio: share of retrieved characters inside the evidence regions, which are the
 *   evidence located in the text (locateEvidence: exact word sequence, else the best window
 *   holding ≥ 60% of its words), else its pages, else none (the question is "unlocatable"
 *   and left out of the spec's mean signal ratio).
 * Retrieval is the app's: one KnowledgeBase per document and spec (so restricted to the
 * question's document), hybrid by default, chunks taken best first within the character
 * budget (withinBudget); chunk headers (title › section path) go into BM25 via withHeader.
 *
 * Cost: each document's units (documentUnits, as buildDocument cuts them) are embedded once
 * (embeddingText, distinct texts only) and reused by every spec. Every chunk's vector, for
 * every kind of spec, is the renormalised mean of the vectors of the units it overlaps, so a
 * sweep needs no model calls beyond the units and the questions. (The app embeds fixed-size
 * chunks' text in a second pass instead; the lab trades that for comparable, cheap vectors.)
 * A θ sweep re-runs only semanticChunks. 'llm' specs run llmBoundaryChunks with the units as
 * sentences and need a SplitScorer; without one they are reported unavailable.
 */
import type { Chunk, PageSpan, SectionSpan, Sentence } from '../types';
import { type Embedder, embeddingText } from '../embed';
import { documentUnits, embedAll, MAX_UNIT, meanVector } from '../ingest';
import { fixedChunks, semanticChunks, chunkHeader } from '../chunk';
import { llmBoundaryChunks, windowSettingsFor, type SplitScorer } from '../llamachunk';
import { KnowledgeBase, type RetrievalMode } from '../kb';
import { withinBudget } from '../search';
import type { FusionWeights } from '../settings';
import { packRows } from '../vector';
import { evidenceLocator, type LocateMethod } from './locate';
import type { LabQuestion } from './questions';
import { retrievalRatio, signalRatio } from './ratios';
import type { ChunkingSpec } from './specs';
import { lengthStats, type LengthStats } from './lengths';

export interface LabDocument {
  docId: string;
  title: string;
  text: string;
  pages: PageSpan[];
  sections: SectionSpan[];
}

export type LabStage = 'embedding' | 'chunking' | 'retrieval';
export interface LabProgress {
  stage: LabStage;
  done: number;
  total: number;
  docId?: string;
}

interface LabInput {
  docs: LabDocument[];
  questions: LabQuestion[];
  embedder: Embedder;
  specs: ChunkingSpec[];
  /** Retrieved characters per question. */
  budget: number;
  mode?: RetrievalMode;
  weights?: FusionWeights;
  scorer?: SplitScorer;
  /** Contextual headers into BM25 (default true, as the app). */
  headers?: boolean;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: LabProgress) => void;
}

export interface LabRow {
  id: string;
  docId: string;
  retrievalRatio: number;
  /** Absent when the evidence is unlocatable. */
  signalRatio?: number;
  located: LocateMethod;
  retrievedChars: number;
  retrievedChunks: number;
}

export interface LabResult {
  spec: ChunkingSpec;
  label: string;
  available: boolean;
  /** Why a spec is unavailable. */
  note?: string;
  chunkCount: number;
  lengths: LengthStats;
  /** Every chunk's length (what lengths summarises; kept so shard results can be merged). */
  chunkLengths: number[];
  /** Mean over questions. */
  retrievalRatio: number;
  /** Mean over locatable questions; undefined when none is. */
  signalRatio?: number;
  questions: number;
  locatedQuestions: number;
  rows: LabRow[];
  /** Chunking and retrieval time (unit embedding is shared and not included). */
  ms: number;
}

/** Candidates ranked before the budget cut (as the eval). */
const RANKED = 400;

export async function runLab(input: LabInput): Promise<LabResult[]> {
  const { docs, embedder, specs, signal } = input;
  const progress = input.onProgress ?? (() => {});
  const acc = specs.map((spec) => ({ spec, lengths: [] as number[], rows: [] as LabRow[], ms: 0, note: undefined as string | undefined }));
  const questionsOf = (docId: string) => input.questions.filter((q) => q.docId === docId || (q.docId === '' && docs.length === 1));

  for (const [di, doc] of docs.entries()) {
    signal?.throwIfAborted();
    const questions = questionsOf(doc.docId);
    const units = documentUnits(doc.text, doc.sections, MAX_UNIT);
    progress({ stage: 'embedding', done: 0, total: units.length, docId: doc.docId });
    const unitVectors = await embedAll(
      embedder,
      units.map((u) => embeddingText(u.text)),
      input.batchSize ?? 256,
      signal,
      (done) => progress({ stage: 'embedding', done, total: units.length, docId: doc.docId }),
    );
    const queryVectors =
      input.mode === 'bm25' || questions.length === 0
        ? []
        : await embedder.embed(
            questions.map((q) => q.question),
            signal,
          );
    const locate = evidenceLocator(doc.text, doc.pages);
    const located = questions.map((q) => locate(q.evidenceParts ?? q.evidence, q.evidencePages));

    for (const [si, a] of acc.entries()) {
      signal?.throwIfAborted();
      progress({ stage: 'chunking', done: di * specs.length + si, total: docs.length * specs.length, docId: doc.docId });
      if (a.note) continue; // failed on an earlier document
      if (a.spec.kind === 'llm' && !input.scorer) {
        a.note = 'needs a local LLM to score split points (none loaded)';
        continue;
      }
      const t = performance.now();
      let chunks: Chunk[];
      try {
        chunks = await chunk(a.spec, doc, units, unitVectors, input.scorer, signal);
      } catch (e) {
        // The model failing costs its own row, not the other chunkings' results.
        if (a.spec.kind !== 'llm' || signal?.aborted) throw e;
        a.note = `the language model failed on ${doc.title} (${e instanceof Error ? e.message : String(e)})`;
        continue;
      }
      if (input.headers !== false) for (const c of chunks) c.header = chunkHeader(doc.title, c.sectionPath);
      const kb = new KnowledgeBase(embedder.dim);
      kb.addDocument(
        doc.docId,
        chunks,
        packRows(
          chunks.map((c) => chunkVector(unitVectors, c.sentenceStart, c.sentenceEnd, embedder.dim)),
          embedder.dim,
        ),
      );
      a.lengths.push(...chunks.map((c) => c.text.length));
      for (const [qi, q] of questions.entries()) {
        const { candidates } = kb.search(q.question, queryVectors[qi], { mode: input.mode ?? 'hybrid', limit: RANKED, weights: input.weights });
        const spans = withinBudget(candidates, input.budget, (c) => c.chunk.text.length).map((c) => c.chunk);
        const sr = signalRatio(spans, located[qi]);
        a.rows.push({
          id: q.id,
          docId: doc.docId,
          retrievalRatio: retrievalRatio(spans, q.evidence),
          ...(sr !== undefined ? { signalRatio: sr } : {}),
          located: located[qi].method,
          retrievedChars: spans.reduce((n, c) => n + c.text.length, 0),
          retrievedChunks: spans.length,
        });
      }
      a.ms += performance.now() - t;
    }
  }
  progress({ stage: 'retrieval', done: docs.length, total: docs.length });
  return acc.map((a) => summarizeSpec(a.spec, a.lengths, a.rows, a.ms, a.note));
}

/** One spec's result from its chunk lengths and question rows (also used to merge shard results). */
function summarizeSpec(spec: ChunkingSpec, chunkLengths: number[], rows: LabRow[], ms = 0, note?: string): LabResult {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : undefined);
  const signals = rows.flatMap((r) => (r.signalRatio !== undefined ? [r.signalRatio] : []));
  return {
    spec,
    label: spec.label,
    available: note === undefined,
    ...(note !== undefined ? { note } : {}),
    chunkCount: chunkLengths.length,
    lengths: lengthStats(chunkLengths),
    chunkLengths,
    retrievalRatio: mean(rows.map((r) => r.retrievalRatio)) ?? 0,
    signalRatio: mean(signals),
    questions: rows.length,
    locatedQuestions: signals.length,
    rows,
    ms,
  };
}

/** Combines the results of runs over different documents (shards), spec by spec (matched by label). */
export function mergeLabResults(runs: LabResult[][]): LabResult[] {
  const byLabel = new Map<string, LabResult[]>();
  for (const r of runs.flat()) byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), r]);
  return [...byLabel.values()].map((rs) =>
    summarizeSpec(
      rs[0].spec,
      rs.flatMap((r) => r.chunkLengths),
      rs.flatMap((r) => r.rows),
      rs.reduce((s, r) => s + r.ms, 0),
      rs.every((r) => !r.available) ? rs[0].note : undefined,
    ),
  );
}

async function chunk(spec: ChunkingSpec, doc: LabDocument, units: Sentence[], vectors: Float32Array[], scorer: SplitScorer | undefined, signal?: AbortSignal): Promise<Chunk[]> {
  const source = { docId: doc.docId, text: doc.text, pages: doc.pages, sections: doc.sections, sentences: units };
  if (spec.kind === 'fixed') return fixedChunks({ ...source, size: spec.size, overlap: spec.overlap }).chunks;
  if (spec.kind === 'semantic') return semanticChunks({ ...source, vectors, threshold: spec.threshold, percentile: spec.percentile, maxChars: spec.maxChars ?? MAX_UNIT }).chunks;
  // Windows sized to the model's context window, as ingest sizes them.
  const settings = { ...windowSettingsFor(scorer!), ...(spec.threshold !== undefined ? { threshold: spec.threshold } : {}) };
  return (await llmBoundaryChunks({ ...source, scorer: scorer!, settings }, signal)).chunks;
}

/** Renormalised mean of rows [from, to) (a one-unit chunk reuses its vector; a chunk overlapping no unit gets a zero vector). */
function chunkVector(vectors: Float32Array[], from: number, to: number, dim: number): Float32Array {
  return to - from === 1 ? vectors[from] : meanVector(vectors.slice(from, to), dim);
}
