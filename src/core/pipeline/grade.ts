import type { LlmEngine } from '../llm';
import type { GradeSettings } from '../settings';
import { critic, type CriticVerdict } from './critic';
import { parseScore, expectedDigit } from './parse-score';
import { DIGITS, reflectionDigitPrompt, reflectionPrompt, relevanceDigitPrompt, relevancePrompt } from './prompts';
import { dynamicThreshold } from './threshold';
import { addUsage, generationUsage, NO_USAGE, scoringUsage, type LlmUsage } from './usage';

export interface Grade {
  base: number;
  /** Absent when reflection was skipped (logprob mode, far from the threshold). */
  reflection?: number;
  critic: CriticVerdict;
  final: number;
  /** Replies that could not be read, and what was used instead. */
  problems: string[];
  usage: LlmUsage;
}

interface GradeInput {
  query: string;
  chunks: string[];
  /** 0–1 scores used when a reply cannot be read (the candidates' retrieval scores). */
  fallback: number[];
}

/**
 * ChunkRAG's multi-stage relevance scoring: an LLM base grade, a self-reflection pass and a
 * critic, combined by weight. In `generate` mode the model writes each score (the paper's
 * way); in `logprob` mode each grade is the expected digit under the model's next-token
 * distribution, read in one forward pass, and reflection is spent only near the threshold.
 */
export async function gradeChunks(
  engine: LlmEngine,
  input: GradeInput,
  settings: GradeSettings,
  options: { signal?: AbortSignal; onGraded?: (i: number, done: number, calls: number) => void } = {},
): Promise<{ grades: Grade[]; usage: LlmUsage }> {
  const { query, chunks, fallback } = input;
  const w = normaliseWeights(settings.weights);
  const critics = chunks.map((c) => critic(query, c));
  const grades: Grade[] = chunks.map((_, i) => ({ base: 0, critic: critics[i], final: 0, problems: [], usage: NO_USAGE }));
  // Progress counts model calls: every base grade, then each reflection once it is known which need one.
  let done = 0;
  // A reflection weighted 0 cannot change a grade, so it is not asked for.
  const reflect = w.reflection > 0;
  let calls = settings.mode === 'generate' && reflect ? 2 * chunks.length : chunks.length;
  const report = (i: number) => options.onGraded?.(i, ++done, calls);

  if (settings.mode === 'generate') {
    for (let i = 0; i < chunks.length; i++) {
      options.signal?.throwIfAborted();
      const g = grades[i];
      g.base = await generatedScore(engine, relevancePrompt(query, chunks[i]), fallback[i], 'base grade', g, settings, options.signal);
      report(i);
      if (!reflect) {
        g.final = combine(g, w);
        continue;
      }
      g.reflection = await generatedScore(engine, reflectionPrompt(query, chunks[i], g.base), g.base, 'reflection', g, settings, options.signal);
      g.final = combine(g, w);
      report(i);
    }
  } else {
    for (let i = 0; i < chunks.length; i++) {
      options.signal?.throwIfAborted();
      grades[i].base = await digitScore(engine, relevanceDigitPrompt(query, chunks[i]), grades[i], fallback[i], options.signal);
      grades[i].final = combine(grades[i], w);
      report(i);
    }
    const provisional = dynamicThreshold(
      grades.map((g) => g.final),
      settings.epsilon,
      0,
    ).threshold;
    const near = reflect ? grades.map((g, i) => (Math.abs(g.final - provisional) <= settings.reflectionMargin ? i : -1)).filter((i) => i >= 0) : [];
    calls += near.length;
    for (const i of near) {
      const g = grades[i];
      options.signal?.throwIfAborted();
      g.reflection = await digitScore(engine, reflectionDigitPrompt(query, chunks[i], g.base), g, g.base, options.signal);
      g.final = combine(g, w);
      report(i);
    }
  }
  return { grades, usage: grades.reduce((u, g) => addUsage(u, g.usage), NO_USAGE) };
}

async function generatedScore(
  engine: LlmEngine,
  prompt: Parameters<LlmEngine['generate']>[0],
  fallback: number,
  what: string,
  g: Grade,
  settings: GradeSettings,
  signal?: AbortSignal,
): Promise<number> {
  const out = await engine.generate(prompt, { maxTokens: settings.maxScoreTokens, temperature: 0, signal });
  g.usage = addUsage(g.usage, generationUsage(out));
  const score = parseScore(out.text);
  if (score === undefined) {
    g.problems.push(`${what}: could not read a score in ${JSON.stringify(out.text.slice(0, 60))}; used ${fallback.toFixed(2)}`);
    return fallback;
  }
  return score;
}

/**
 * Below this share of its probability on the ten digits, a model is not answering the grading
 * prompt at all (a small model continuing the text instead), and its digits are noise: the grade
 * falls back as an unreadable generated score does.
 */
export const MIN_DIGIT_COVERAGE = 0.05;

async function digitScore(engine: LlmEngine, prompt: Parameters<LlmEngine['scoreNext']>[0], g: Grade, fallback: number, signal?: AbortSignal): Promise<number> {
  const out = await engine.scoreNext(prompt, DIGITS, { signal });
  g.usage = addUsage(g.usage, scoringUsage(out));
  if (out.coverage < MIN_DIGIT_COVERAGE) {
    g.problems.push(`the model put only ${(out.coverage * 100).toFixed(1)}% of its probability on digits; used ${fallback.toFixed(2)}`);
    return fallback;
  }
  return expectedDigit(out.probs);
}

function normaliseWeights(w: GradeSettings['weights']): GradeSettings['weights'] {
  const sum = w.base + w.reflection + w.critic;
  return sum > 0 ? { base: w.base / sum, reflection: w.reflection / sum, critic: w.critic / sum } : { base: 1, reflection: 0, critic: 0 };
}

/** A skipped reflection counts as agreeing with the base grade. */
function combine(g: Grade, w: GradeSettings['weights']): number {
  return w.base * g.base + w.reflection * (g.reflection ?? g.base) + w.critic * g.critic.score;
}
