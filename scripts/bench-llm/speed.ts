/**
 * Prompt and decode speed of a loaded engine, from llama.cpp's own timings of each call (the
 * tokens it evaluated and the milliseconds it took), so page and message overheads are not counted
 * as model time; `wallMs` keeps the call's whole time beside it.
 */
import type { ChatMessage, Generation, LlmEngine } from '../../src/core/llm';
import type { NativeSpeed } from './native';

export interface SpeedSample {
  /** Prompt tokens llama.cpp evaluated (not taken from its cache) and generated. */
  evaluated: number;
  cached: number;
  promptTokPerSec: number;
  generated: number;
  decodeTokPerSec: number;
  wallMs: number;
}

/** A filler paragraph; each run starts with its own number so no prompt shares a cached prefix beyond the template. */
const FILLER = 'The company reported net sales, operating income and cash flows for the fiscal year, with notes on segments, inventories, leases, debt, taxes and commitments. ';

/** A prompt of about `tokens` tokens (4 characters a token for English prose). */
export function promptOf(tokens: number, run: number): ChatMessage[] {
  const text = `Run ${run}. ${FILLER.repeat(Math.max(1, Math.round((tokens * 4) / FILLER.length)))}`.slice(0, tokens * 4);
  return [{ role: 'user', content: `${text}\nSummarise the passage above in one word.` }];
}

/** A request whose reply is long (a count), to measure decoding. */
export function decodePrompt(run: number): ChatMessage[] {
  return [{ role: 'user', content: `Count from ${run} upwards, one number per line, and do not stop.` }];
}

export async function sample(engine: LlmEngine, messages: ChatMessage[], maxTokens: number): Promise<SpeedSample> {
  const t = performance.now();
  const g: Generation = await engine.generate(messages, { maxTokens, temperature: 0 });
  const wallMs = performance.now() - t;
  const tm = g.timings;
  if (!tm) throw new Error(`${engine.info.model}: the engine reported no timings (only llama.cpp's engine does)`);
  return {
    evaluated: tm.evaluatedTokens,
    cached: tm.cachedTokens,
    promptTokPerSec: tm.promptMs > 0 ? (tm.evaluatedTokens / tm.promptMs) * 1000 : 0,
    generated: tm.generatedTokens,
    decodeTokPerSec: tm.decodeMs > 0 ? (tm.generatedTokens / tm.decodeMs) * 1000 : 0,
    wallMs,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export interface EngineSpeed {
  /** Prompt tokens/s at each prompt length, cold (the first call after load) and warm (median of the rest). */
  prompt: Array<{ tokens: number; cold: number; warm: number }>;
  /** Decode tokens/s over `decodeTokens`, cold and warm. */
  decode: { tokens: number; cold: number; warm: number };
}

/** Runs each prompt length `runs` times and the decode `runs` times; the first of each is cold. */
export async function measureSpeed(engine: LlmEngine, lengths: number[], decodeTokens: number, runs: number): Promise<EngineSpeed> {
  let run = 0;
  const prompt: EngineSpeed['prompt'] = [];
  for (const tokens of lengths) {
    const got: SpeedSample[] = [];
    for (let i = 0; i < runs; i++) got.push(await sample(engine, promptOf(tokens, ++run), 1));
    prompt.push({ tokens: Math.round(median(got.map((s) => s.evaluated))), cold: got[0].promptTokPerSec, warm: median(got.slice(1).map((s) => s.promptTokPerSec)) });
  }
  const dec: SpeedSample[] = [];
  for (let i = 0; i < runs; i++) dec.push(await sample(engine, decodePrompt(++run), decodeTokens));
  return { prompt, decode: { tokens: Math.round(median(dec.map((s) => s.generated))), cold: dec[0].decodeTokPerSec, warm: median(dec.slice(1).map((s) => s.decodeTokPerSec)) } };
}

/**
 * One row of --json: the warm speeds at the shorter prompt (a grading call's size) and over the
 * decode, beside native's; every length, cold and warm, under `detail`.
 */
export function resultRow(model: string, t: number, runtime: string, app: EngineSpeed, nat: NativeSpeed | undefined) {
  return {
    model,
    threads: t,
    runtime,
    promptTokPerSec: app.prompt[0].warm,
    decodeTokPerSec: app.decode.warm,
    nativePromptTokPerSec: nat?.prompt[0]?.tokPerSec ?? null,
    nativeDecodeTokPerSec: nat?.decode.tokPerSec ?? null,
    detail: { prompt: app.prompt, decode: app.decode, native: nat ?? null },
  };
}
