import type { Chunk, DocumentId, ParsedDocument, Progress, Sentence, Trace } from '../types';
import type { ChunkerSettings } from '../settings';
import { type Embedder, embeddingText } from '../embed';
import { isAbort } from '../abort';
import { documentUnits } from './units';
import { chunkHeader, withHeader, semanticChunks, type SemanticChunkResult, fixedChunks } from '../chunk';
import { describeDocument, type DocumentCard } from '../card';
import { readTables, TABLES_VERSION, type StoredTables } from '../tables';
import { neighbourSimilarities, normalize, packRows } from '../vector';
import { LlmChunkingError, llmBoundaryChunks, SPLIT_SCORER_NEEDED, windowSettingsFor, type SplitScorer } from '../llamachunk';

export interface BuildInput {
  docId: DocumentId;
  parsed: ParsedDocument;
  /** The file name as the user chose it: a title when the document has none, and a name questions may use. */
  fileName?: string;
  embedder: Embedder;
  chunker: ChunkerSettings;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Texts per embed call; progress is reported after each. */
  batchSize?: number;
  /**
   * How a chunk of several sentences gets its vector: the 'mean' of its sentences' vectors,
   * renormalised (the default for semantic chunks: no extra model calls, and their sentences
   * are near one another by construction), or 'embed' its text in a second model pass (the
   * default for fixed-size chunks, which cut sentences anywhere).
   */
  chunkVectors?: 'embed' | 'mean';
  /**
   * Put contextual headers into chunk vectors too (blended in by their share of the text, or
   * embedded with the text). Off by default: headers always go to BM25 and reranking, but with
   * the bundled model they did not improve dense retrieval on the dev set and cost about 5 s
   * of the NIKE ingest (README).
   */
  headerVectors?: boolean;
  /** A one-sentence description of the document (written by an LLM) for the contextual headers. */
  summary?: string;
  /**
   * LlamaChunk's model side, required by the 'llm' chunker (engineSplitScorer of a loaded
   * transformers.js LLM). Windows are sized to its contextWindow.
   */
  splitScorer?: SplitScorer;
}

export interface BuiltDocument {
  /** Title, what the first page says the document is, its names and period. */
  card: DocumentCard;
  sentences: Sentence[];
  /** sims[i] = cosine(sentence i, sentence i + 1) */
  neighbourSims: Float32Array;
  chunks: Chunk[];
  /** Its tables read as cells, stored with its text so questions need not read them again. */
  tables: StoredTables;
  boundaries: SemanticChunkResult['boundaries'];
  /** Row i is chunk i's vector. */
  vectors: Float32Array;
  traces: Trace[];
}

/**
 * Embedding requests kept in flight. A pool splits each request across its workers, which
 * rarely finish their halves together; with only two requests queued the faster worker often
 * waited (NIKE ingest: 30.8 s median with 2, 29.7 s with 4).
 */
const IN_FLIGHT = 4;

/** The longest a sentence may be before it is split; chunks never exceed it either. */
export const MAX_UNIT = 500;

/** The longest unit (sentence or piece of one) the chunker works with. */
export function unitLimit(chunker: ChunkerSettings): number {
  return Math.min(chunker.kind === 'semantic' ? chunker.maxChars : MAX_UNIT, MAX_UNIT);
}

/** What the embedder is given for each of a document's units (table figures dropped), as buildDocument sends them. */
export function unitEmbeddingTexts(text: string, chunker: ChunkerSettings): string[] {
  return documentUnits(text, [], unitLimit(chunker)).map((u) => embeddingText(u.text));
}

/**
 * Turns a parsed document into embedded chunks: sentences → sentence vectors → chunks →
 * chunk vectors. Pure with respect to storage: nothing is indexed or saved here.
 */
export async function buildDocument(input: BuildInput): Promise<BuiltDocument> {
  const { parsed, embedder, chunker, signal } = input;
  const traces: Trace[] = [];
  const progress = input.onProgress ?? (() => {});

  let t = performance.now();
  const unitChars = unitLimit(chunker);
  const sentences = documentUnits(parsed.text, parsed.sections, unitChars);
  traces.push({ stage: 'segmenting', ms: performance.now() - t, detail: { sentences: sentences.length } });

  t = performance.now();
  const sentenceVectors = await embedAll(
    embedder,
    sentences.map((s) => embeddingText(s.text)),
    input.batchSize ?? 128,
    signal,
    (done, total) => progress({ stage: 'embedding', done, total }),
  );
  traces.push({ stage: 'embedding', ms: performance.now() - t, detail: { texts: sentences.length, model: embedder.id } });

  t = performance.now();
  progress({ stage: 'chunking', done: 0, total: sentences.length });
  const source = { docId: input.docId, text: parsed.text, pages: parsed.pages, sections: parsed.sections };
  let chunks: Chunk[];
  let boundaries: SemanticChunkResult['boundaries'] = [];
  let neighbourSims: Float32Array;
  let cut: NonNullable<Trace['detail']> = {};
  if (chunker.kind === 'semantic') {
    const r = semanticChunks({ ...source, sentences, vectors: sentenceVectors, threshold: chunker.threshold, percentile: chunker.percentile, maxChars: chunker.maxChars });
    ({ chunks, boundaries, neighbourSims } = r);
    cut = r.trace.detail ?? {};
  } else if (chunker.kind === 'llm') {
    chunks = await llmChunks(source, sentences, chunker, input.splitScorer, signal);
    neighbourSims = neighbourSimilarities(sentenceVectors);
  } else {
    chunks = fixedChunks({ ...source, sentences, size: chunker.size, overlap: chunker.overlap }).chunks;
    neighbourSims = neighbourSimilarities(sentenceVectors);
  }
  progress({ stage: 'chunking', done: sentences.length, total: sentences.length });
  traces.push({ stage: 'chunking', ms: performance.now() - t, detail: { ...cut, chunks: chunks.length, chunker: chunker.kind } });

  // Chunk vectors. By mean: a chunk's sentences' vectors averaged (and, with headerVectors,
  // blended with its header's vector, so only the distinct headers need the model). By
  // embedding: the text (and header) embedded together. A one-sentence chunk reuses its vector.
  t = performance.now();
  const card = describeDocument(parsed, input.fileName ?? input.docId);
  const about = [card.about, input.summary].filter(Boolean).join(' ');
  if (chunker.headers !== false) for (const c of chunks) c.header = chunkHeader(card.title, c.sectionPath, about || undefined);
  const chunkVectors: Float32Array[] = new Array(chunks.length);
  const toEmbed: number[] = [];
  const vectorsBy = input.chunkVectors ?? (chunker.kind === 'semantic' ? 'mean' : 'embed');
  const headerVectors = (input.headerVectors ?? chunker.headerVectors) === true && chunker.headers !== false;
  const vectorHeader = (c: Chunk) => (headerVectors ? c.header : undefined);
  const headerTexts = vectorsBy === 'mean' ? [...new Set(chunks.flatMap((c) => (vectorHeader(c) ? [c.header!] : [])))] : [];
  chunks.forEach((c, i) => {
    const single = c.sentenceEnd - c.sentenceStart === 1 && sentences[c.sentenceStart].start === c.start && sentences[c.sentenceStart].end === c.end;
    if (single && !vectorHeader(c)) chunkVectors[i] = sentenceVectors[c.sentenceStart];
    else if (vectorsBy !== 'mean') toEmbed.push(i);
  });
  const texts = [...headerTexts, ...toEmbed.map((i) => embeddingText(withHeader({ text: chunks[i].text, header: vectorHeader(chunks[i]) })))];
  const fresh = await embedAll(embedder, texts, input.batchSize ?? 128, signal, (done, total) =>
    progress({ stage: 'embedding', done: sentences.length + done, total: sentences.length + total }),
  );
  const headerVector = new Map(headerTexts.map((h, k) => [h, fresh[k]]));
  toEmbed.forEach((ci, k) => (chunkVectors[ci] = fresh[headerTexts.length + k]));
  chunks.forEach((c, i) => {
    if (chunkVectors[i]) return;
    const mean = meanVector(sentenceVectors.slice(c.sentenceStart, c.sentenceEnd), embedder.dim);
    const header = vectorHeader(c) ? headerVector.get(c.header!) : undefined;
    // As if the header were prepended: it weighs by its share of the combined text.
    chunkVectors[i] = header ? blend(mean, header, c.header!.length / (c.header!.length + c.text.length)) : mean;
  });
  traces.push({
    stage: 'chunk-embedding',
    ms: performance.now() - t,
    detail: { embedded: toEmbed.length, headers: headerTexts.length, averaged: chunks.length - toEmbed.length },
  });
  return { card, sentences, neighbourSims, chunks, tables: storedTables(parsed, traces), boundaries, vectors: packRows(chunkVectors, embedder.dim), traces };
}

/** The document's tables read as cells, stamped with the reader's version, to store with its text. */
function storedTables(parsed: ParsedDocument, traces: Trace[]): StoredTables {
  const t = performance.now();
  const tables = readTables(parsed.text, parsed.pages);
  traces.push({ stage: 'tables', ms: performance.now() - t, detail: { tables: tables.length } });
  return { version: TABLES_VERSION, tables };
}

/** LlamaChunk over the document, with windows sized to the scorer's model. */
async function llmChunks(
  source: Omit<Parameters<typeof llmBoundaryChunks>[0], 'scorer'>,
  sentences: Sentence[],
  chunker: Extract<ChunkerSettings, { kind: 'llm' }>,
  scorer: SplitScorer | undefined,
  signal: AbortSignal | undefined,
): Promise<Chunk[]> {
  if (!scorer) throw new LlmChunkingError(SPLIT_SCORER_NEEDED);
  const { threshold, minChars, maxChars } = chunker;
  try {
    const r = await llmBoundaryChunks({ ...source, sentences, scorer, settings: { threshold, minChars, maxChars, ...windowSettingsFor(scorer) } }, signal);
    return r.chunks;
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    throw new LlmChunkingError(`LLM-boundary chunking failed (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
}

/** (1 − w)·a + w·b, renormalised. */
function blend(a: Float32Array, b: Float32Array, w: number): Float32Array {
  const out = new Float32Array(a.length);
  for (let j = 0; j < a.length; j++) out[j] = (1 - w) * a[j] + w * b[j];
  return normalize(out);
}

/** The renormalised mean of `vectors` (a zero vector for none). */
export function meanVector(vectors: Float32Array[], dim: number): Float32Array {
  const sum = new Float32Array(dim);
  for (const v of vectors) for (let j = 0; j < dim; j++) sum[j] += v[j];
  return normalize(sum);
}

/**
 * Embeds texts in batches of similar length (shortest first) so each batch pads little, and
 * returns the vectors in input order. A text that occurs several times is embedded once.
 * Several batches are kept in flight so the model never waits while the previous batch's results
 * are stored.
 */
export async function embedAll(
  embedder: Embedder,
  texts: string[],
  batchSize: number,
  signal: AbortSignal | undefined,
  onBatch: (done: number, total: number) => void,
): Promise<Float32Array[]> {
  const firstOf = new Map<string, number>();
  const distinct: string[] = [];
  const slot = texts.map((t) => {
    let k = firstOf.get(t);
    if (k === undefined) firstOf.set(t, (k = distinct.push(t) - 1));
    return k;
  });
  const vectors: Float32Array[] = new Array(distinct.length);
  const order = distinct.map((_, i) => i).sort((a, b) => distinct[a].length - distinct[b].length);
  let done = 0;
  onBatch(0, texts.length);
  const perDistinct = texts.length / Math.max(1, distinct.length);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < order.length; i += batchSize) {
    signal?.throwIfAborted();
    const ids = order.slice(i, i + batchSize);
    const batch = embedder
      .embed(
        ids.map((k) => distinct[k]),
        signal,
      )
      .then((out) => {
        ids.forEach((k, j) => (vectors[k] = out[j]));
        done += ids.length;
        onBatch(Math.min(texts.length, Math.round(done * perDistinct)), texts.length);
      });
    batch.catch(() => undefined); // awaited below; this only stops an early failure being reported as unhandled
    inFlight.push(batch);
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  signal?.throwIfAborted();
  return slot.map((k) => vectors[k]);
}
