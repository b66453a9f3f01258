/**
 * One whole question through the app's default pipeline with a given engine, over one filing
 * (parsed, chunked and embedded as the app does, vectors cached in .cache/embeddings): total
 * seconds and, per stage, seconds, model calls and tokens.
 */
import { readFile } from 'node:fs/promises';
import { parsePdf } from '../../src/adapters/pdf/node';
import { FsEmbeddingCacheStore } from '../../src/adapters/fs-cache';
import { withCache } from '../../src/core/embed';
import { buildDocument } from '../../src/core/ingest';
import { KnowledgeBase } from '../../src/core/kb';
import type { LlmEngine } from '../../src/core/llm';
import { ask, knowledgeBaseDeps } from '../../src/core/pipeline';
import { DEFAULT_CHUNKER, DEFAULT_PIPELINE } from '../../src/core/settings';
import { loadNodeEmbedder } from '../embedder';

export interface QuestionTiming {
  seconds: number;
  /** Seconds from asking to the answer's first streamed piece (undefined: none streamed). */
  firstAnswerTokenSeconds?: number;
  /** Per stage; evaluatedTokens: prompt tokens llama.cpp evaluated, the rest came from its cache. */
  stages: Array<{ name: string; seconds: number; calls: number; promptTokens: number; generatedTokens: number; evaluatedTokens?: number }>;
  answer: string;
}

/** A filing ready to ask about: its knowledge base and title. */
export async function prepareFiling(pdf: string, cacheDir = '.cache/embeddings', embedderId = 'use-lite') {
  const parsed = await parsePdf(new Uint8Array(await readFile(pdf)), pdf);
  const embedder = withCache(await loadNodeEmbedder(embedderId), new FsEmbeddingCacheStore(cacheDir));
  const built = await buildDocument({ docId: 'doc', parsed, fileName: pdf.split(/[\\/]/).pop(), embedder, chunker: DEFAULT_CHUNKER });
  const kb = new KnowledgeBase(embedder.dim);
  kb.addDocument('doc', built.chunks, built.vectors);
  return { kb, embedder, built };
}

export async function timeQuestion(filing: Awaited<ReturnType<typeof prepareFiling>>, engine: LlmEngine, question: string): Promise<QuestionTiming> {
  const { kb, embedder, built } = filing;
  const t = performance.now();
  let first: number | undefined;
  const r = await ask(
    question,
    DEFAULT_PIPELINE,
    {
      ...knowledgeBaseDeps(kb),
      embedQuery: async (text) => (await embedder.embed([text]))[0],
      titleOf: () => built.card.title,
      tablesOf: () => built.tables.tables,
      embedder,
      engine,
    },
    {
      onEvent: (e) => {
        if (first === undefined && e.kind === 'token') first = performance.now() - t;
      },
    },
  );
  return {
    seconds: (performance.now() - t) / 1000,
    ...(first !== undefined ? { firstAnswerTokenSeconds: first / 1000 } : {}),
    stages: r.stages.map((s) => ({
      name: s.stage,
      seconds: s.ms / 1000,
      calls: s.usage.calls,
      promptTokens: s.usage.promptTokens,
      generatedTokens: s.usage.generatedTokens,
      ...(s.usage.evaluatedTokens !== undefined ? { evaluatedTokens: s.usage.evaluatedTokens } : {}),
    })),
    answer: r.answer.text,
  };
}
