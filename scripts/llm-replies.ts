/**
 * A store of a language model's replies for the scripts (--llm-replies <file>): every
 * generation and next-token score is kept, keyed by the model, the messages and the options that
 * shape the reply, and a later run that makes the same call reads it instead of calling the
 * model. The pipeline's calls are greedy, so a stored reply is the reply the model would give;
 * an ablation that changes one stage then pays only for the calls that changed. Stored replies
 * carry the timings of their first run: speed is measured by bench:llm, not from these.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import type { ChatMessage, Generation, GenerateOptions, LlmEngine, NextTokenScores } from '../src/core/llm';

/** A stored call: its key, the reply, and (for inspection and replaying variants) the messages it was made with. */
type Stored = ({ key: string; generation: Generation } | { key: string; scores: NextTokenScores }) & { messages?: ChatMessage[] };

export interface ReplyStore {
  engine: LlmEngine;
  /** Calls answered from the store, and calls that reached the model. */
  counts(): { stored: number; called: number };
}

export function withStoredReplies(engine: LlmEngine, file: string): ReplyStore {
  const known = new Map<string, Stored>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const s = JSON.parse(line) as Stored;
      known.set(s.key, s);
    }
  }
  let stored = 0;
  let called = 0;
  const keyOf = (...parts: unknown[]) =>
    createHash('sha256')
      .update(JSON.stringify([engine.info.model, ...parts]))
      .digest('hex');
  const keep = async (s: Stored) => {
    known.set(s.key, s);
    await appendFile(file, JSON.stringify(s) + '\n');
  };
  const wrapped: LlmEngine = {
    info: engine.info,
    async generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
      const key = keyOf('generate', messages, options.maxTokens ?? null, options.temperature ?? 0);
      const hit = known.get(key);
      if (hit && 'generation' in hit && (options.temperature ?? 0) === 0) {
        stored++;
        if (hit.generation.text) options.onToken?.(hit.generation.text);
        return hit.generation;
      }
      called++;
      const generation = await engine.generate(messages, options);
      if (generation.finishReason !== 'abort') await keep({ key, generation, messages });
      return generation;
    },
    async scoreNext(messages: ChatMessage[], candidates: string[], options?: { signal?: AbortSignal }): Promise<NextTokenScores> {
      const key = keyOf('score', messages, candidates);
      const hit = known.get(key);
      if (hit && 'scores' in hit) {
        stored++;
        return hit.scores;
      }
      called++;
      const scores = await engine.scoreNext(messages, candidates, options);
      await keep({ key, scores, messages });
      return scores;
    },
    ...(engine.scoreSplits ? { scoreSplits: engine.scoreSplits.bind(engine) } : {}),
    dispose: () => engine.dispose(),
  };
  return { engine: wrapped, counts: () => ({ stored, called }) };
}

/** Reads a store file's lines back (for tests and inspection). */
export function storedReplies(file: string): Stored[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Stored)
    : [];
}
