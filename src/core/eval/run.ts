import type { Chunk, ChunkerSettings, ParsedDocument } from '../types';
import { ask } from '../pipeline/ask';
import { knowledgeBaseDeps } from '../pipeline/kb-deps';
import { DEFAULT_PIPELINE } from '../pipeline/settings';
import { extractSegments } from '../rse/extract';
import { RSE_PRESETS } from '../rse/presets';
import type { Embedder } from '../embed/embedder';
import { buildDocument } from '../ingest/build';
import { KnowledgeBase, type RetrievalMode } from '../kb/knowledge-base';
import { withinBudget } from '../search/budget';
import type { FusionWeights } from '../search/fusion';
import { evidencePages, type BenchQuestion } from './financebench';
import { scoreRetrieval, summarize, type ConfigSummary, type QuestionScores } from './metrics';

export interface EvalConfig {
  name: string;
  chunking: keyof typeof CHUNKINGS;
  mode: RetrievalMode;
  /**
   * Run the question pipeline in retrieval-only mode instead of a plain top-k: no rewrite,
   * duplicates dropped, grades from retrieval scores and the critic, the dynamic threshold,
   * and the kept chunks within the budget.
   */
  pipeline?: boolean;
  /** Relevant segment extraction over rank-decayed hybrid scores (retrieval-only) with this preset. */
  rse?: keyof typeof RSE_PRESETS;
}

export const CHUNKINGS = {
  /** The baseline: no contextual headers. */
  fixed500: { chunker: { kind: 'fixed', size: 500, overlap: 50, headers: false } },
  /** The app's default: semantic chunks with contextual headers. */
  semantic: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true } },
  /** Semantic chunks without headers. */
  semanticPlain: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: false } },
  /** Semantic chunks whose headers also go into their vectors (blended by their share of the text). */
  semanticHeaderVectors: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true }, headerVectors: true },
  /** Semantic chunks without headers whose multi-sentence vectors come from embedding their text (a second model pass). */
  semanticEmbed: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: false }, chunkVectors: 'embed' },
} satisfies Record<string, { chunker: ChunkerSettings; chunkVectors?: 'embed' | 'mean'; headerVectors?: boolean }>;

export const CONFIGS: EvalConfig[] = [
  { name: 'fixed500-bm25', chunking: 'fixed500', mode: 'bm25' },
  { name: 'fixed500-dense', chunking: 'fixed500', mode: 'dense' },
  { name: 'fixed500-hybrid', chunking: 'fixed500', mode: 'hybrid' },
  { name: 'semantic-bm25', chunking: 'semantic', mode: 'bm25' },
  { name: 'semantic-dense', chunking: 'semantic', mode: 'dense' },
  { name: 'semantic-hybrid', chunking: 'semantic', mode: 'hybrid' },
  { name: 'semantic-plain-bm25', chunking: 'semanticPlain', mode: 'bm25' },
  { name: 'semantic-plain-dense', chunking: 'semanticPlain', mode: 'dense' },
  { name: 'semantic-plain-hybrid', chunking: 'semanticPlain', mode: 'hybrid' },
  { name: 'semantic-hv-dense', chunking: 'semanticHeaderVectors', mode: 'dense' },
  { name: 'semantic-hv-hybrid', chunking: 'semanticHeaderVectors', mode: 'hybrid' },
  { name: 'pipeline-retrieval-only', chunking: 'semantic', mode: 'hybrid', pipeline: true },
  { name: 'pipeline-retrieval-only-rse', chunking: 'semantic', mode: 'hybrid', pipeline: true, rse: 'balanced' },
  { name: 'semantic-rse', chunking: 'semantic', mode: 'hybrid', rse: 'balanced' },
  { name: 'semantic-rse-precise', chunking: 'semantic', mode: 'hybrid', rse: 'precise' },
  { name: 'semantic-rse-everything', chunking: 'semantic', mode: 'hybrid', rse: 'find-everything' },
  { name: 'semantic-plain-rse', chunking: 'semanticPlain', mode: 'hybrid', rse: 'balanced' },
  { name: 'semantic-embed-dense', chunking: 'semanticEmbed', mode: 'dense' },
  { name: 'semantic-embed-hybrid', chunking: 'semanticEmbed', mode: 'hybrid' },
];

/** Candidates ranked before the budget cut; enough to fill any sensible budget with small chunks. */
const RANKED = 400;

export type PreparedDocument = Map<EvalConfig['chunking'], KnowledgeBase>;

/** Chunks and indexes one document once for every chunking the configs use. */
export async function prepareDocument(docName: string, parsed: ParsedDocument, embedder: Embedder, configs: EvalConfig[]): Promise<PreparedDocument> {
  const prepared: PreparedDocument = new Map();
  for (const chunking of new Set(configs.map((c) => c.chunking))) {
    const built = await buildDocument({ docId: docName, parsed, embedder, ...CHUNKINGS[chunking], batchSize: 256 });
    const kb = new KnowledgeBase(embedder.dim);
    kb.addDocument(docName, built.chunks, built.vectors);
    prepared.set(chunking, kb);
  }
  return prepared;
}

/** Retrieves up to `budget` characters for a question under one config and scores it. */
export async function evaluateQuestion(
  config: EvalConfig,
  prepared: PreparedDocument,
  parsed: ParsedDocument,
  q: BenchQuestion,
  queryVector: Float32Array,
  budget: number,
  weights?: FusionWeights,
): Promise<QuestionScores> {
  const kb = prepared.get(config.chunking)!;
  let chunks: Chunk[];
  if (config.pipeline) {
    const segments = { ...DEFAULT_PIPELINE.segments, ...(config.rse ? RSE_PRESETS[config.rse] : {}), enabled: config.rse !== undefined };
    const settings = { ...DEFAULT_PIPELINE, rewrite: false, contextBudget: budget, weights: weights ?? DEFAULT_PIPELINE.weights, segments };
    const r = await ask(q.question, settings, {
      ...knowledgeBaseDeps(kb),
      embedQuery: async () => queryVector,
      titleOf: () => q.doc_name,
    });
    chunks = r.segments
      ? r.segments.flatMap((s) => s.chunkIds.map((id) => kb.chunk(id)!))
      : r.rows.filter((row) => row.source !== undefined).map((row) => row.chunk);
  } else if (config.rse) {
    const preset = RSE_PRESETS[config.rse];
    const { candidates } = kb.search(q.question, queryVector, { mode: config.mode, limit: preset.candidates, weights });
    const relevant = candidates.map((c, i) => ({ chunk: c.chunk, relevance: c.score, rank: i + 1 }));
    const { segments } = extractSegments(relevant, (docId) => kb.chunksOf(docId), preset, budget);
    chunks = segments.flatMap((s) => s.chunks);
  } else {
    const { candidates } = kb.search(q.question, queryVector, { mode: config.mode, limit: RANKED, weights });
    chunks = withinBudget(candidates, budget, (c) => c.chunk.text.length).map((c) => c.chunk);
  }
  const spans = chunks.map((c) => ({ start: c.start, end: c.end, text: c.text }));
  const evidence = q.evidence.filter((e) => e.doc_name === q.doc_name).map((e) => e.evidence_text).join('\n');
  return scoreRetrieval(spans, parsed.pages, evidencePages(q), evidence);
}

export function summarizeAll(configs: EvalConfig[], scores: Map<string, QuestionScores[]>): ConfigSummary[] {
  return configs.map((c) => summarize(c.name, scores.get(c.name) ?? []));
}
