import { describe, expect, it } from 'vitest';
import { ScriptedEngine, type ScriptedDistribution } from '../../testing/scripted-engine';
import { gradeChunks } from './grade';
import { DEFAULT_GRADE_SETTINGS, type GradeSettings } from '../settings';

const QUERY = 'When does the ferry leave?';
const CHUNKS = ['The ferry leaves at noon.', 'Kelp grows fast.', 'The ferry is blue.'];
const FALLBACK = [0.9, 0.1, 0.5];
const generate: GradeSettings = { ...DEFAULT_GRADE_SETTINGS, mode: 'generate', weights: { base: 1, reflection: 1, critic: 0 } };
const logprob: GradeSettings = { ...DEFAULT_GRADE_SETTINGS, mode: 'logprob', weights: { base: 1, reflection: 1, critic: 0 } };

/** Replies keyed on which chunk the prompt holds: noon → high, kelp → low, blue → middling. */
function engineFor(replies: { noon: string; kelp: string; blue: string }) {
  return new ScriptedEngine([
    { match: /Chunk: The ferry leaves at noon/, reply: replies.noon },
    { match: /Chunk: Kelp grows fast/, reply: replies.kelp },
    { match: /Chunk: The ferry is blue/, reply: replies.blue },
  ]);
}

describe('gradeChunks, generate mode', () => {
  it('reads base and reflection scores from generated text and combines them', async () => {
    const engine = engineFor({ noon: '0.9', kelp: 'Score: 0.1', blue: '0.5' });
    const { grades, usage } = await gradeChunks(engine, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, generate);
    expect(grades.map((g) => g.base)).toEqual([0.9, 0.1, 0.5]);
    expect(grades.map((g) => g.reflection)).toEqual([0.9, 0.1, 0.5]);
    expect(grades[0].final).toBeCloseTo(0.9);
    expect(usage.calls).toBe(6); // base + reflection for each chunk
    expect(engine.calls[1].messages[1].content).toContain('Your initial score: 0.90');
  });

  it('records an unreadable reply and falls back instead of failing', async () => {
    const engine = engineFor({ noon: 'I think it is relevant!', kelp: '0.2', blue: '' });
    const { grades } = await gradeChunks(engine, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, generate);
    expect(grades[0].base).toBe(0.9); // the retrieval fallback
    expect(grades[0].problems[0]).toMatch(/base grade: could not read a score in "I think it is relevant!"; used 0.90/);
    expect(grades[2].problems).toHaveLength(2);
    expect(grades[1].problems).toEqual([]);
  });

  it('stops when aborted mid-way', async () => {
    const ac = new AbortController();
    const engine = engineFor({ noon: '0.9', kelp: '0.1', blue: '0.5' });
    const run = gradeChunks(engine, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, generate, {
      signal: ac.signal,
      onGraded: (_, done) => done === 1 && ac.abort(),
    });
    await expect(run).rejects.toThrow();
    expect(engine.calls.length).toBe(2);
  });
});

describe('gradeChunks, logprob mode', () => {
  const distributions: ScriptedDistribution[] = [
    { match: /Chunk: The ferry leaves at noon/, probs: { '9': 0.9, '8': 0.1 } },
    { match: /Chunk: Kelp grows fast/, probs: { '0': 0.95, '1': 0.05 } },
    { match: /Chunk: The ferry is blue/, probs: { '4': 0.5, '5': 0.5 } },
  ];

  it('grades from the digit distribution and reflects only near the threshold', async () => {
    const engine = new ScriptedEngine([], distributions);
    const { grades, usage } = await gradeChunks(engine, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, logprob);
    expect(grades[0].base).toBeCloseTo((0.9 * 9 + 0.1 * 8) / 9);
    expect(grades[1].base).toBeCloseTo(0.05 / 9);
    // scores spread out → threshold = mean ≈ 0.5; only the middling chunk is near it
    expect(grades.map((g) => g.reflection !== undefined)).toEqual([false, false, true]);
    expect(usage).toMatchObject({ calls: 4, generatedTokens: 4 });
    expect(engine.calls.every((c) => c.kind === 'score' && c.candidates?.length === 10)).toBe(true);
  });

  it('reports progress per model call, the total growing by the reflections once they are known', async () => {
    const engine = new ScriptedEngine([], distributions);
    const seen: Array<[number, number]> = [];
    await gradeChunks(engine, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, logprob, { onGraded: (_, done, calls) => seen.push([done, calls]) });
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 4],
    ]);
    expect(engine.calls).toHaveLength(4);
  });

  it('needs at least 3× fewer generated tokens than generate mode for the same chunks', async () => {
    const gen = await gradeChunks(
      engineFor({ noon: '0.9 because the chunk says noon', kelp: '0.1 not related', blue: '0.5 maybe' }),
      { query: QUERY, chunks: CHUNKS, fallback: FALLBACK },
      generate,
    );
    const lp = await gradeChunks(new ScriptedEngine([], distributions), { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, logprob);
    expect(gen.usage.generatedTokens).toBeGreaterThanOrEqual(3 * lp.usage.generatedTokens);
  });

  it('falls back to the retrieval score where a model puts almost no probability on digits, and says so', async () => {
    const engine = new ScriptedEngine([], [{ match: /./, probs: { '9': 0.01 } }]);
    const { grades } = await gradeChunks(engine, { query: QUERY, chunks: CHUNKS.slice(0, 1), fallback: [0.42] }, logprob);
    expect(grades[0].problems[0]).toMatch(/only 1.0% of its probability on digits; used 0.42/);
    expect(grades[0].base).toBe(0.42);
  });

  it('asks for no reflection when reflection has weight 0, in either mode', async () => {
    const off = { base: 1, reflection: 0, critic: 0 };
    const lp = new ScriptedEngine([], distributions);
    const a = await gradeChunks(lp, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, { ...logprob, weights: off });
    expect(lp.calls).toHaveLength(3);
    expect(a.grades.every((g) => g.reflection === undefined)).toBe(true);
    const gen = engineFor({ noon: '0.9', kelp: '0.1', blue: '0.5' });
    const b = await gradeChunks(gen, { query: QUERY, chunks: CHUNKS, fallback: FALLBACK }, { ...generate, weights: off });
    expect(gen.calls).toHaveLength(3);
    expect(b.grades.map((g) => g.final)).toEqual([0.9, 0.1, 0.5]);
  });

  it('grades nothing when there are no chunks', async () => {
    const r = await gradeChunks(new ScriptedEngine(), { query: QUERY, chunks: [], fallback: [] }, logprob);
    expect(r.grades).toEqual([]);
    expect(r.usage.calls).toBe(0);
  });
});
