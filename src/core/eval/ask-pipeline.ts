import type { ParsedDocument } from '../types';
import { DEFAULT_PIPELINE, RSE_PRESETS, withPipelineDefaults, type FusionWeights, type PipelineSettings } from '../settings';
import { ask, knowledgeBaseDeps } from '../pipeline';
import type { AttributionTotals } from '../attribution';
import type { KnowledgeBase } from '../kb';
import { evidenceFate } from './fate';
import { evidencePages, type BenchQuestion } from './financebench';
import { llmRunStats, type LlmRunStats } from './grader';
import { charsInside } from './metrics';
import type { EvalConfig, EvalLlm, Prepared } from './run';

/** One question through the app's question pipeline: what it gave the answer, the answer, and its result. */
export async function askPipeline(
  config: EvalConfig,
  prepared: Prepared,
  kb: KnowledgeBase,
  parsed: ParsedDocument,
  q: BenchQuestion,
  queryVector: Float32Array,
  budget: number,
  weights: FusionWeights | undefined,
  withLlm: EvalLlm | undefined,
) {
  const settings = pipelineSettings(config, budget, weights, withLlm);
  const titles = new Map(prepared.cards.map((c) => [c.docId, c.card.title]));
  const r = await ask(q.question, settings, {
    ...knowledgeBaseDeps(kb),
    // A rewritten query is embedded afresh.
    embedQuery: async (text, signal) => (text === q.question || !withLlm ? queryVector : (await withLlm.embedder.embed([text], signal))[0]),
    titleOf: (docId) => titles.get(docId) ?? docId,
    cards: () => prepared.cards,
    documentIds: () => prepared.cards.map((c) => c.docId),
    tablesOf: (docId) => prepared.tables.get(docId) ?? [],
    engine: withLlm?.engine,
    // As in the app: the library's embedder, with a model or without (attribution, rows matched by meaning).
    embedder: withLlm?.embedder ?? prepared.embedder,
  });
  const answer = r.answer.text;
  const mode = queryVector ? 'hybrid' : 'bm25';
  const fate = evidenceFate(r, q.doc_name, evidencePages(q), () =>
    kb.search(q.question, queryVector, { mode, weights, limit: kb.chunksOf(q.doc_name).length, docIds: new Set([q.doc_name]) }).candidates.map((c) => c.chunk),
  );
  let attribution: AttributionTotals | null | undefined;
  let llmRun: LlmRunStats | undefined;
  if (withLlm) {
    attribution = r.attribution?.totals ?? null;
    const regions = parsed.pages.filter((p) => evidencePages(q).has(p.page));
    llmRun = llmRunStats(r, (id) => {
      const c = kb.chunk(id)!;
      return c.docId === q.doc_name && charsInside([c], regions).inside > 0;
    });
  }
  const chunks = r.segments ? r.segments.flatMap((s) => s.chunkIds.map((id) => kb.chunk(id)!)) : r.rows.filter((row) => row.source !== undefined).map((row) => row.chunk);
  return { result: r, chunks, answer, fate, attribution, llmRun };
}

/** The pipeline settings a config runs with: the app's defaults, or retrieval-only ChunkRAG with the config's segments. */
function pipelineSettings(config: EvalConfig, budget: number, weights: FusionWeights | undefined, withLlm: EvalLlm | undefined): PipelineSettings {
  const chosen = chosenSettings(config, budget, weights, withLlm);
  if (!config.overrides) return chosen;
  const merged: Record<string, unknown> = { ...chosen };
  for (const [k, v] of Object.entries(config.overrides)) {
    const old = merged[k];
    merged[k] = v && typeof v === 'object' && old && typeof old === 'object' ? { ...old, ...v } : v;
  }
  return withPipelineDefaults(merged as Parameters<typeof withPipelineDefaults>[0]);
}

function chosenSettings(config: EvalConfig, budget: number, weights: FusionWeights | undefined, withLlm: EvalLlm | undefined): PipelineSettings {
  const base = { ...DEFAULT_PIPELINE, contextBudget: budget, weights: weights ?? DEFAULT_PIPELINE.weights };
  if (config.appDefaults) return { ...base, maxAnswerTokens: withLlm?.maxAnswerTokens ?? DEFAULT_PIPELINE.maxAnswerTokens };
  const segments = { ...DEFAULT_PIPELINE.segments, ...(config.rse ? RSE_PRESETS[config.rse] : {}), enabled: config.rse !== undefined };
  return {
    ...base,
    // Retrieval-only: no rewrite (nothing to rewrite with). With a model, the whole pipeline, the model answering as the reader.
    rewrite: withLlm !== undefined,
    ...(withLlm ? { llmAnswer: 'reader' as const } : {}),
    segments,
    grading: { ...DEFAULT_PIPELINE.grading, mode: config.scoring ?? DEFAULT_PIPELINE.grading.mode },
    maxAnswerTokens: withLlm?.maxAnswerTokens ?? DEFAULT_PIPELINE.maxAnswerTokens,
  };
}
