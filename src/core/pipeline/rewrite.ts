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
  const added = inventedFacts(query, cleaned);
  if (added.length > 0) {
    return {
      original: query,
      rewritten: query,
      usage,
      problem: `the rewrite added ${added.map((a) => `“${a}”`).join(', ')}, which the question does not say; the original was used`,
    };
  }
  return { original: query, rewritten: cleaned, usage };
}

/**
 * What a rewrite states that the question does not: figures (amounts, years, percentages) and
 * capitalised names absent from the question. A rewrite may reword; it may not answer, guess a
 * figure ("… for 3M was $1.1 trillion") or bring in a company the question did not name.
 */
export function inventedFacts(question: string, rewrite: string): string[] {
  const asked = question.toLowerCase();
  const digits = new Set((question.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[,.]+$/, '').replace(/,/g, '')));
  const figures = (rewrite.match(/[$€£]?\d[\d,.]*\s*(?:%|percent|million|billion|thousand|trillion)?/gi) ?? []).filter(
    (f) => !digits.has((f.match(/\d[\d,.]*/)![0] ?? '').replace(/[,.]+$/, '').replace(/,/g, '')),
  );
  // A capitalised word that opens no sentence and that the question lacks, however cased ("Apple" in a question about Nike).
  const names = (rewrite.match(/(?<![.?!]\s|^)\b[A-Z][A-Za-z&]{2,}\b/g) ?? []).filter((w) => !asked.includes(w.toLowerCase()) && !COMMON_CAPITALISED.has(w.toLowerCase()));
  return [...new Set([...figures.map((f) => f.trim()), ...names])];
}

/** Capitalised words a rewrite may add without stating a fact: statement and report names, periods. */
const COMMON_CAPITALISED = new Set([
  'what',
  'which',
  'how',
  'the',
  'fiscal',
  'year',
  'annual',
  'report',
  'quarter',
  'consolidated',
  'statement',
  'statements',
  'balance',
  'sheet',
  'income',
  'cash',
  'flow',
  'flows',
  'form',
  'company',
  'inc',
  'corporation',
  'usd',
  'gaap',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);
