/**
 * "LLM as retriever" (the LLMRetriever approach): instead of ranking by embeddings and BM25,
 * the LLM judges every chunk it is given. Slow and costly, but it cannot miss a chunk the way
 * a similarity search can, so its cost is estimated and shown to the user before it runs.
 *
 * The orchestrator uses these functions in three ways (this module does no I/O of its own):
 * - primary:  judge every chunk of the documents the user chose, instead of hybrid retrieval;
 * - refine:   judge the top-N hybrid candidates with a larger N than usual (e.g. 60), so the
 *             LLM's judgement, not the similarity score, decides what reaches the answer;
 * - fallback: when hybrid retrieval finds nothing above the floor, run primary automatically.
 *
 * Two modes: `logprob` reads one next-token distribution per chunk (yes/no, or the digits
 * 1–9); `generate` asks about several numbered chunks per call and parses one answer line per
 * chunk, re-asking a chunk alone once when its answer is missing or unreadable.
 */
import type { Chunk } from '../types';
import type { JudgeSettings } from '../settings';
import { estimateTokens, type ChatMessage, type LlmEngine } from '../llm';
import { withHeader } from '../chunk';
import { batchJudgePrompt, GRADE_DIGITS, gradeLogprobPrompt, YES_NO_TOKENS, yesNoLogprobPrompt } from './llm-retriever-prompts';
import { digitMean } from './parse-score';
import { addUsage, generationUsage, NO_USAGE, scoringUsage, type LlmUsage } from './usage';

interface Judgment {
  chunkId: string;
  /** 0–1: P(yes) in yes-no logprob mode, 1/0 for a generated yes/no, grade/10 on the grade scale; 0 when no answer could be read. */
  grade: number;
  relevant: boolean;
  /** The model's answer for this chunk (generate mode). */
  raw?: string;
  /** What went wrong for this chunk, if anything (unreadable answer, little probability on the candidates). */
  problem?: string;
}

interface JudgeResult {
  /** In the order of the input chunks. */
  judgments: Judgment[];
  usage: LlmUsage;
  ms: number;
  problems: string[];
}

export interface JudgeCost {
  chunks: number;
  calls: number;
  promptTokens: number;
  generatedTokens: number;
}

const DEFAULT_TOKENS_PER_CHUNK = 12;
/** Rough size of one answer line ("12: yes"), for the cost estimate. */
const ANSWER_TOKENS_PER_CHUNK = 4;
/** Below this share of probability on the candidates, the model was not answering the question. */
const MIN_COVERAGE = 0.05;

/** What judging would cost, shown to the user before running: calls and estimated tokens (re-asks not included). */
export function estimateJudgeCost(chunks: Chunk[], query: string, settings: JudgeSettings): JudgeCost {
  const texts = chunks.map(withHeader);
  if (settings.mode === 'logprob') {
    const prompt = settings.scale === 'yes-no' ? yesNoLogprobPrompt : gradeLogprobPrompt;
    const promptTokens = texts.reduce((n, t) => n + messageTokens(prompt(query, t)), 0);
    return { chunks: chunks.length, calls: chunks.length, promptTokens, generatedTokens: chunks.length };
  }
  const batches = split(texts, batchSize(settings));
  const promptTokens = batches.reduce((n, b) => n + messageTokens(batchJudgePrompt(query, b, settings.scale)), 0);
  return { chunks: chunks.length, calls: batches.length, promptTokens, generatedTokens: chunks.length * ANSWER_TOKENS_PER_CHUNK };
}

/** Instructions and question repeated in every judge call, in tokens (for estimates made before a question exists). */
const PROMPT_OVERHEAD_TOKENS = 80;

/**
 * What judging every chunk of a library would cost, from document sizes alone (before a
 * question is asked): the calls, and tokens as text length / 4 plus the instructions per call.
 */
export function estimateLibraryJudgeCost(docs: Array<{ chunkCount: number; charCount: number }>, settings: JudgeSettings): JudgeCost {
  const chunks = docs.reduce((n, d) => n + d.chunkCount, 0);
  const chars = docs.reduce((n, d) => n + d.charCount, 0);
  const calls = settings.mode === 'logprob' ? chunks : Math.ceil(chunks / batchSize(settings));
  const generatedTokens = settings.mode === 'logprob' ? chunks : chunks * ANSWER_TOKENS_PER_CHUNK;
  return { chunks, calls, promptTokens: Math.round(chars / 4 + calls * PROMPT_OVERHEAD_TOKENS), generatedTokens };
}

/**
 * Has the LLM judge each chunk for the query. Progress is reported after every call; an abort
 * is honoured between calls (the promise rejects with the abort reason). Unreadable answers
 * never throw: they end as grade 0, not relevant, with a recorded problem.
 */
export async function judgeChunks(
  engine: LlmEngine,
  query: string,
  chunks: Chunk[],
  settings: JudgeSettings,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<JudgeResult> {
  const started = performance.now();
  const run: Run = { usage: NO_USAGE, done: 0, total: chunks.length, problems: [], options };
  const judgments = settings.mode === 'logprob' ? await judgeByLogprob(engine, query, chunks, settings, run) : await judgeByGeneration(engine, query, chunks, settings, run);
  return { judgments, usage: run.usage, ms: performance.now() - started, problems: run.problems };
}

interface Run {
  usage: LlmUsage;
  done: number;
  total: number;
  problems: string[];
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void };
}

function progress(run: Run, judged: number): void {
  run.done += judged;
  run.options.onProgress?.(run.done, run.total);
}

async function judgeByLogprob(engine: LlmEngine, query: string, chunks: Chunk[], settings: JudgeSettings, run: Run): Promise<Judgment[]> {
  const { signal } = run.options;
  const judgments: Judgment[] = [];
  let lowCoverage = 0;
  for (const chunk of chunks) {
    signal?.throwIfAborted();
    const text = withHeader(chunk);
    let judgment: Judgment;
    let coverage: number;
    if (settings.scale === 'yes-no') {
      const out = await engine.scoreNext(yesNoLogprobPrompt(query, text), YES_NO_TOKENS, { signal });
      run.usage = addUsage(run.usage, scoringUsage(out));
      coverage = out.coverage;
      const yes = (out.probs.yes ?? 0) + (out.probs.Yes ?? 0);
      const no = (out.probs.no ?? 0) + (out.probs.No ?? 0);
      const grade = yes + no > 0 ? yes / (yes + no) : 0;
      judgment = { chunkId: chunk.id, grade, relevant: grade >= 0.5 };
    } else {
      const out = await engine.scoreNext(gradeLogprobPrompt(query, text), GRADE_DIGITS, { signal });
      run.usage = addUsage(run.usage, scoringUsage(out));
      coverage = out.coverage;
      const ten = digitsToTen(out.probs);
      judgment = { chunkId: chunk.id, grade: ten / 10, relevant: meets(ten, settings.threshold) };
    }
    if (coverage < MIN_COVERAGE) {
      lowCoverage++;
      judgment.problem = `the model put only ${(coverage * 100).toFixed(1)}% of its probability on the answer tokens`;
    }
    judgments.push(judgment);
    progress(run, 1);
  }
  if (lowCoverage > 0) {
    run.problems.push(
      `for ${lowCoverage} of ${chunks.length} chunks the model put under ${MIN_COVERAGE * 100}% of its probability on the answer tokens; those grades are unreliable`,
    );
  }
  return judgments;
}

/** Expected value over the digits 1–9, mapped linearly onto 1–10 (1 → 1, 9 → 10). */
export function digitsToTen(probs: Record<string, number>): number {
  const { mean, mass } = digitMean(probs, 1, 9);
  return mass > 0 ? 1 + ((mean - 1) * 9) / 8 : 1;
}

function meets(gradeOutOfTen: number, threshold: number): boolean {
  return gradeOutOfTen >= threshold - 1e-9;
}

async function judgeByGeneration(engine: LlmEngine, query: string, chunks: Chunk[], settings: JudgeSettings, run: Run): Promise<Judgment[]> {
  const { signal } = run.options;
  const perChunk = settings.maxTokensPerChunk ?? DEFAULT_TOKENS_PER_CHUNK;
  const judgments: Judgment[] = [];

  const ask = async (batch: Chunk[]): Promise<{ answers: Map<number, Answer>; text: string }> => {
    signal?.throwIfAborted();
    const prompt = batchJudgePrompt(query, batch.map(withHeader), settings.scale);
    const out = await engine.generate(prompt, { maxTokens: perChunk * batch.length + 4, temperature: 0, signal });
    run.usage = addUsage(run.usage, generationUsage(out));
    return { answers: parseJudgeReply(out.text, batch.length, settings.scale), text: out.text };
  };

  const judged = (chunk: Chunk, answer: Answer): Judgment => {
    const value = answer.value!;
    const grade = settings.scale === 'yes-no' ? value : value / 10;
    const relevant = settings.scale === 'yes-no' ? value === 1 : meets(value, settings.threshold);
    return { chunkId: chunk.id, grade, relevant, raw: answer.raw };
  };

  for (const batch of split(chunks, batchSize(settings))) {
    const { answers, text } = await ask(batch);
    const retry: number[] = [];
    const result: Judgment[] = batch.map((chunk, i) => {
      const answer = answers.get(i + 1);
      if (answer?.value !== undefined) return judged(chunk, answer);
      retry.push(i);
      return { chunkId: chunk.id, grade: 0, relevant: false, raw: answer?.raw };
    });
    progress(run, batch.length - retry.length);

    for (const i of retry) {
      const chunk = batch[i];
      const first = result[i].raw;
      const again = await ask([chunk]);
      const answer = again.answers.get(1);
      if (answer?.value !== undefined) {
        result[i] = judged(chunk, answer);
      } else {
        const what = first === undefined ? `no answer in the batch reply ${quote(text)}` : `unreadable answer ${quote(first)}`;
        const problem = `${what}, and asked alone: ${quote(answer?.raw ?? again.text)}; graded 0`;
        result[i] = { chunkId: chunk.id, grade: 0, relevant: false, raw: answer?.raw ?? again.text, problem };
        run.problems.push(`chunk ${chunk.id}: ${problem}`);
      }
      progress(run, 1);
    }
    judgments.push(...result);
  }
  return judgments;
}

interface Answer {
  /** The text after the chunk's number. */
  raw: string;
  /** 1/0 on the yes-no scale, 0–10 on the grade scale; undefined when unreadable. */
  value?: number;
}

/**
 * Reads a batched judging reply: one answer per numbered chunk, tolerating markdown, "Chunk 2:",
 * "[2]", "2." or "2)" labels, several answers on one line ("1: yes, 2: no") and short reasons
 * after the answer. The first answer given for a number wins; numbers outside 1…count are
 * ignored. A reply to a single chunk may also be a bare answer ("yes", "7").
 */
export function parseJudgeReply(reply: string, count: number, scale: 'yes-no' | 'grade'): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  const clean = reply.replace(/[*_`#]/g, ' ');
  const label = String.raw`(?:chunk\s*)?[[(]?(\d{1,3})[\])]?`;
  const splitter = new RegExp(String.raw`[,;]\s*(?=${label}\s*[:=)])`, 'i');
  const line = new RegExp(String.raw`^\s*(?:[-•]\s*)?${label}\s*(?:[:=)\]–—-]|\.(?!\d)|\s)\s*(.+)$`, 'i');
  for (const row of clean.split(/\r?\n/)) {
    for (const part of row.split(splitter)) {
      const m = part.match(line);
      if (!m) continue;
      const n = Number(m[1]);
      if (n < 1 || n > count || answers.has(n)) continue;
      const raw = m[2].trim();
      answers.set(n, { raw, value: parseAnswer(raw, scale) });
    }
  }
  if (count === 1 && answers.size === 0) {
    const raw = clean.trim();
    if (raw) answers.set(1, { raw, value: parseAnswer(raw, scale) });
  }
  return answers;
}

/** One answer: yes/no (or relevant / not relevant) on the yes-no scale; a number 0–10 (or "7/10") on the grade scale. */
function parseAnswer(text: string, scale: 'yes-no' | 'grade'): number | undefined {
  if (scale === 'yes-no') {
    const m = text.match(/\b(yes|no|y|n|true|false|not relevant|irrelevant|relevant)\b/i);
    if (!m) return undefined;
    return /^(yes|y|true|relevant)$/i.test(m[1]) ? 1 : 0;
  }
  const fraction = text.match(/(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)/);
  if (fraction) {
    const [a, b] = [Number(fraction[1]), Number(fraction[2])];
    return b > 0 && a <= b ? (a / b) * 10 : undefined;
  }
  const number = text.match(/(?<![\d.])(\d+(?:\.\d+)?)/);
  if (!number) return undefined;
  const n = Number(number[1]);
  return n >= 0 && n <= 10 ? n : undefined;
}

function batchSize(settings: JudgeSettings): number {
  return Math.max(1, Math.floor(settings.batch) || 1);
}

function split<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function messageTokens(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => n + estimateTokens(m.content), 0);
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
