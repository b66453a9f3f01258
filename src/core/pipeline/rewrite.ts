import type { LlmEngine } from '../llm';
import { rewritePrompt } from './prompts';
import { generationUsage, type LlmUsage } from './usage';

interface RewriteResult {
  original: string;
  /** The query used for retrieval: the rewrite, or the original when there is none. */
  rewritten: string;
  usage: LlmUsage;
  problem?: string;
}

/**
 * ChunkRAG's query rewrite. The reply is cleaned of quotes and labels; an empty or runaway
 * reply (more than 4× the original's length) is not used, and the original stands.
 */
export async function rewriteQuery(engine: LlmEngine, query: string, signal?: AbortSignal): Promise<RewriteResult> {
  const out = await engine.generate(rewritePrompt(query), { maxTokens: 96, temperature: 0, signal });
  const usage = generationUsage(out);
  const cleaned = out.text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.replace(/^(rewritten query|query)\s*:\s*/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
  if (!cleaned) return { original: query, rewritten: query, usage, problem: 'the model gave no rewrite; the original query was used' };
  if (cleaned.length > Math.max(200, 4 * query.length)) {
    return { original: query, rewritten: query, usage, problem: 'the rewrite was far longer than the query; the original was used' };
  }
  return { original: query, rewritten: cleaned, usage };
}
