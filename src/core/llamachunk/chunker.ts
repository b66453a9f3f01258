import type { Chunk, Sentence, Trace } from '../types';
import { DEFAULT_LLAMACHUNK, type LlamaChunkSettings } from '../settings';
import type { LlmEngine, SplitToken } from '../llm';
import { SPLIT_CHAR } from './prompts';
import { makeChunk, type ChunkSource, sentenceRange } from '../chunk';
import { correctDecay, fitDecay, isSpace, mergeWindowScores, pickBoundariesDetailed, snapToWhitespace, windows, type DecayFit, type OffsetScore, type Span } from './boundaries';

export type { SplitToken };

/** The model side of LlamaChunk: one forward pass per window, no generation. */
export interface SplitScorer {
  /** The model's context window in tokens, when known: ingest sizes the windows to fit it (windowCharsFor). */
  contextWindow?: number;
  /** The model whose probabilities these are (recorded with documents it chunked). */
  model?: string;
  /** The model's vocabulary size, when known: one window's logits are (window tokens × this) floats, which caps the window (windowCharsFor). */
  vocabSize?: number;
  /** For a text window, per token: [charStart, charEnd) in the window and log P(split char) as the next token after it. */
  score(windowText: string, signal?: AbortSignal): Promise<SplitToken[]>;
}

/**
 * The engine's scoreSplits as a SplitScorer, or undefined when the engine has none (WebLLM, no
 * model): LlamaChunk is then unavailable.
 */
export function engineSplitScorer(engine: LlmEngine | undefined, splitChar: string = SPLIT_CHAR): SplitScorer | undefined {
  const scoreSplits = engine?.scoreSplits?.bind(engine);
  const { contextWindow, vocabSize, model } = engine?.info ?? {};
  return scoreSplits && { model, contextWindow, ...(vocabSize ? { vocabSize } : {}), score: (windowText, signal) => scoreSplits(windowText, { splitChar, signal }) };
}

/** Why the 'llm' chunker cannot run: no language model that can score split tokens is loaded. */
export const SPLIT_SCORER_NEEDED =
  'LLM-boundary chunking needs a loaded language model that reads split-token probabilities (a GGUF model on the CPU or a transformers.js model); load one in Settings, or choose the semantic or fixed-size chunker.';

/** An LLM-boundary chunking failure other than an abort (the model failed, a window did not fit), for ingest to report as a model problem. */
export class LlmChunkingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmChunkingError';
  }
}

/** Thrown when the split prompt with its window does not fit the model's context window. */
export class SplitWindowTooLongError extends Error {
  readonly code = 'split-window-too-long';
  constructor(
    readonly tokens: number,
    readonly limit: number,
  ) {
    super(`the LLM-boundary window needs ${tokens} tokens with its prompt, more than the model's context window of ${limit} tokens; use shorter windows`);
    this.name = 'SplitWindowTooLongError';
  }
}

/**
 * The most memory one window's logits may take. The forward pass returns a row of `vocabSize`
 * float32 logits for every window token (about 1.2 GB for 2,000 tokens of a 150k-token
 * vocabulary, and the browser holds a second copy while reading it), so large vocabularies get
 * shorter windows.
 */
export const LOGITS_BUDGET_BYTES = 128 * 1024 * 1024;

/**
 * Window size in characters for a model's context window: what is left after the split
 * prompt's own tokens (with room for the chat template), at a cautious ~3 characters per token
 * (windows are cut by characters, and dense text can tokenize shorter), no more tokens than
 * the logits budget allows for the vocabulary, capped at `cap`.
 */
export function windowCharsFor(contextWindow: number, cap: number = DEFAULT_LLAMACHUNK.windowChars, vocabSize?: number): number {
  const promptTokens = 128;
  const byMemory = vocabSize ? Math.floor(LOGITS_BUDGET_BYTES / (4 * vocabSize)) : Infinity;
  return Math.max(200, Math.min(cap, Math.floor(Math.min(contextWindow - promptTokens, byMemory) * 3)));
}

/**
 * Window and overlap sizes for a scorer: windows sized to its model's context window
 * (windowCharsFor) when known, else DEFAULT_LLAMACHUNK's; the overlap is at most a fifth of
 * the window. Ingest and the chunking lab both size windows this way.
 */
export function windowSettingsFor(scorer: Pick<SplitScorer, 'contextWindow' | 'vocabSize'>): Pick<LlamaChunkSettings, 'windowChars' | 'overlapChars'> {
  const windowChars = windowCharsFor(scorer.contextWindow ?? Infinity, DEFAULT_LLAMACHUNK.windowChars, scorer.vocabSize);
  return { windowChars, overlapChars: Math.min(DEFAULT_LLAMACHUNK.overlapChars, Math.floor(windowChars / 5)) };
}

interface LlmBoundaryInput extends ChunkSource {
  scorer: SplitScorer;
  settings?: Partial<LlamaChunkSettings>;
  /** When given, each chunk's sentence range is the sentences it overlaps. */
  sentences?: Sentence[];
}

interface LlmBoundaryResult {
  chunks: Chunk[];
  /** Sorted document offsets where one chunk ends and the next begins. */
  boundaries: number[];
  /** Decay-corrected score per candidate document offset (after whitespace snapping and window merge), for plotting. */
  scores: OffsetScore[];
  fit: DecayFit;
  trace: Trace;
}

/**
 * LlamaChunk: cut the text into overlapping windows, read log P(split char) after every token
 * from the scorer, fit and subtract the positional trend (pooled over windows, position =
 * token end relative to its window start), move each token end that lies inside a word to the
 * nearest whitespace, merge windows (each offset keeps the score from the window where it is
 * farthest from a cut edge), then pick peaks (threshold, minChars, maxChars forcing).
 */
export async function llmBoundaryChunks(input: LlmBoundaryInput, signal?: AbortSignal): Promise<LlmBoundaryResult> {
  const t0 = performance.now();
  const settings = { ...DEFAULT_LLAMACHUNK, ...input.settings };
  signal?.throwIfAborted();
  const { text } = input;
  const spans = windows(text, settings);

  const raw: Array<{ window: Span; tokens: SplitToken[] }> = [];
  let tokenCount = 0;
  const queue = spans.slice();
  while (queue.length > 0) {
    signal?.throwIfAborted();
    const w = queue.shift()!;
    const windowText = text.slice(w.start, w.end);
    let scored: SplitToken[];
    try {
      scored = await input.scorer.score(windowText, signal);
    } catch (e) {
      // Text that tokenizes denser than the window sizing assumed: score it in two halves.
      const halves = tooLong(e) ? halve(text, w, settings.overlapChars) : undefined;
      if (!halves) throw e;
      queue.unshift(...halves);
      continue;
    }
    const tokens = scored.filter((t) => t.end > 0 && t.end <= windowText.length && t.start <= t.end && !Number.isNaN(t.logProb));
    tokenCount += tokens.length;
    raw.push({ window: w, tokens });
  }
  signal?.throwIfAborted();

  const fit = settings.decay ? fitDecay(raw.flatMap((r) => r.tokens.map((t) => ({ pos: t.end, logProb: t.logProb })))) : { a: 0, b: 0, n: 0 };
  const perWindow = raw.map(({ window: w, tokens }) => ({
    window: w,
    scores: correctDecay(tokens, fit).map((t) => ({ offset: snapToWhitespace(text, w.start + t.end), score: t.score })),
  }));
  const scores = mergeWindowScores(perWindow, text.length).filter((s) => s.offset > 0 && s.offset < text.length);

  const picked = pickBoundariesDetailed(scores, {
    threshold: settings.threshold,
    minChars: settings.minChars,
    maxChars: settings.maxChars,
    length: text.length,
    text,
  });
  const boundaries = picked.map((p) => p.offset);

  const chunks: Chunk[] = [];
  const cuts = [0, ...boundaries, text.length];
  for (let i = 0; i + 1 < cuts.length; i++) {
    let start = cuts[i];
    let end = cuts[i + 1];
    while (start < end && isSpace(text[start])) start++;
    while (end > start && isSpace(text[end - 1])) end--;
    if (end <= start) continue;
    const [s0, s1] = sentenceRange(input.sentences ?? [], start, end);
    chunks.push(makeChunk(input, chunks.length, start, end, s0, s1));
  }

  const forced = picked.filter((p) => p.reason !== 'peak').length;
  return {
    chunks,
    boundaries,
    scores,
    fit,
    trace: {
      stage: 'chunking',
      ms: performance.now() - t0,
      detail: {
        chunker: 'llamachunk',
        windows: spans.length,
        tokens: tokenCount,
        chunks: chunks.length,
        peaks: picked.length - forced,
        forced,
        decayA: fit.a,
        decayB: fit.b,
      },
    },
  };
}

/** The scorer's "window does not fit the model's context" error (also after crossing a worker port, by its code). */
function tooLong(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'split-window-too-long';
}

/** A window as two overlapping halves split at a space, or undefined when it is too short to split. */
function halve(text: string, w: Span, overlapChars: number): Span[] | undefined {
  const length = w.end - w.start;
  if (length < 100) return undefined;
  const overlap = Math.min(Math.floor(length / 5), Math.max(0, overlapChars));
  let mid = w.start + Math.floor(length / 2);
  while (mid > w.start + length / 4 && !isSpace(text[mid])) mid--;
  return [
    { start: w.start, end: Math.min(w.end, mid + Math.floor(overlap / 2)) },
    { start: Math.max(w.start, mid - Math.ceil(overlap / 2)), end: w.end },
  ];
}
