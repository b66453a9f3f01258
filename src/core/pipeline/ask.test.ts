import { EVERY_KIND_STATES } from '../../testing/leads';
import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { ask, NOT_FOUND } from './ask';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../settings';
import { ferryDeps } from '../../testing/test-kb';
import type { AskEvent } from './types';

/** These tests are of the answer a language model writes over every kept passage (llmAnswer 'writer'); the reader is tested in reader-ask.test.ts. */
/** ChunkRAG's way: the model rewrites, grades and writes the long answer. */
const WRITER: PipelineSettings = { ...DEFAULT_PIPELINE, llmAnswer: 'writer', modelChoosesPassages: true };

const Q = 'When does the ferry leave the harbour?';
/** With self-reflection weighted (it is off by default), as ChunkRAG grades. */
const REFLECTING = { ...WRITER.grading, weights: { base: 0.5, reflection: 0.3, critic: 0.2 } };
const generateMode: PipelineSettings = { ...WRITER, grading: { ...REFLECTING, mode: 'generate' } };

/** An engine that rewrites, grades the noon sentence high and everything else low, and answers citing [1]. */
function scripted(answer = 'It leaves at noon [1].') {
  return new ScriptedEngine([
    { match: /Original query/, reply: 'ferry departure time from the harbour' },
    { match: /Chunk: The ferry to the island leaves/, reply: '0.9' },
    { match: /Chunk: /, reply: '0.1' },
    { match: /Sources:/, reply: answer },
  ]);
}

describe('ask, retrieval-only', () => {
  it('keeps the matching chunk, drops its near-duplicate, and answers with a cited document sentence', async () => {
    const { deps } = await ferryDeps();
    const events: AskEvent[] = [];
    const r = await ask(Q, WRITER, deps, { onEvent: (e) => events.push(e) });
    expect(r.mode).toBe('retrieval-only');
    expect(r.query).toBe(Q);
    const top = r.rows[0];
    expect(top.chunk.text).toMatch(/^The ferry to the island leaves/);
    expect(top.verdict).toBe('kept');
    const dup = r.rows.find((row) => row.verdict === 'duplicate')!;
    expect(dup.duplicateOf?.rank).toBe(top.rank);
    expect(dup.reason).toMatch(/similar to #1/);
    expect(r.answer.extractive).toBe(true);
    expect(r.answer.text).toContain(`leaves the harbour at noon every day. [${top.source}]`);
    expect(r.answer.citations[0].sources).toEqual([top.source]);
    // "When …" asks for a date or a time: no manual entry is named, the reading stage reads it from the sentence, so no figure is sought in the tables.
    const stages = 'rewrite route retrieve dedupe grade threshold rerank decline entry read lead answer attribution';
    expect(r.stages.map((s) => s.stage)).toEqual(stages.split(' '));
    // A span read from a sentence is not precise enough on fresh data to be stated: Sieve offers the sentence, not a bare "noon".
    expect(r.lead).toMatchObject({ kind: 'span', states: false, found: expect.stringMatching(/^noon: /) });
    expect(
      r.answer.text.startsWith(`Sieve found no sentence it can vouch for. The closest says “The ferry to the island leaves the harbour at noon every day.” [${top.source}]`),
    ).toBe(true);
    // Where spans are precise enough, the span leads.
    const stated = await ask(Q, WRITER, { ...deps, leadKinds: EVERY_KIND_STATES });
    expect(stated.answer.text.startsWith(`noon: “The ferry to the island leaves the harbour at noon every day.” [${top.source}]`)).toBe(true);
    // the extractive answer quotes its source, so attribution finds it cited and used
    const mine = r.attribution!.sources.find((s) => s.n === top.source)!;
    expect(mine).toMatchObject({ cited: true, used: true });
    expect(r.attribution!.totals.meanUtilization).toBeGreaterThan(0);
    expect(r.usage.calls).toBe(0);
    expect(events.filter((e) => e.kind === 'stage' && e.status === 'done')).toHaveLength(13);
    // every candidate has a verdict and a reason
    expect(r.rows.every((row) => row.verdict && row.reason)).toBe(true);
  });

  it('says the documents do not contain the answer when nothing clears the floor', async () => {
    const { deps } = await ferryDeps();
    const r = await ask('volcano eruption statistics', WRITER, deps);
    expect(r.answer).toMatchObject({ text: NOT_FOUND, notFound: true });
    expect(r.rows.every((row) => row.verdict !== 'kept')).toBe(true);
  });

  it('with segment extraction, gives the answer runs of adjacent chunks and numbers sources by segment', async () => {
    const { deps } = await ferryDeps();
    const settings: PipelineSettings = { ...WRITER, segments: { ...WRITER.segments, enabled: true, penalty: 0.05, minValue: 0 } };
    const r = await ask(Q, settings, deps);
    expect(r.segments?.length).toBeGreaterThan(0);
    const first = r.segments![0];
    expect(first.n).toBe(1);
    expect(first.end - first.start).toBeGreaterThan(1); // the two ferry sentences are adjacent: one run
    expect(first.text).toContain('leaves the harbour at noon every day.\nThe ferry to the island');
    expect(r.stages.map((s) => s.stage)).toContain('segments');
    // every row inside a segment cites it; kept rows outside every segment say so
    for (const row of r.rows) {
      if (row.source !== undefined) expect(first.chunkIds.includes(row.chunk.id) || r.segments!.some((s) => s.chunkIds.includes(row.chunk.id))).toBe(true);
      if (row.verdict === 'outside-segments') expect(row.source).toBeUndefined();
    }
    expect(r.answer.citations.every((c) => c.sources.every((n) => n <= r.segments!.length))).toBe(true);
  });

  it('handles an empty knowledge base', async () => {
    const { deps } = await ferryDeps({ search: () => ({ candidates: [] }) });
    const r = await ask(Q, WRITER, deps);
    expect(r.rows).toEqual([]);
    expect(r.answer.notFound).toBe(true);
  });
});

describe('ask, with an LLM: rewriting, grading and answering', () => {
  it('rewrites, grades, thresholds and answers with citations that resolve to kept chunks', async () => {
    const engine = scripted();
    const { deps } = await ferryDeps({ engine });
    const tokens: string[] = [];
    const r = await ask(Q, generateMode, deps, { onEvent: (e) => e.kind === 'token' && tokens.push(e.piece) });
    expect(r.mode).toBe('llm');
    expect(r.query).toBe('ferry departure time from the harbour');
    const kept = r.rows.filter((row) => row.verdict === 'kept');
    expect(kept.map((row) => row.chunk.text)).toEqual([expect.stringMatching(/^The ferry to the island leaves/)]);
    expect(kept[0].grade?.base).toBe(0.9);
    expect(r.rows.filter((row) => row.verdict === 'below-threshold' || row.verdict === 'below-floor').length).toBeGreaterThan(0);
    expect(r.answer.text).toBe('It leaves at noon [1].');
    expect(tokens.join('')).toBe('It leaves at noon [1].');
    expect(r.answer.citations[0].sources).toEqual([1]);
    expect(kept[0].source).toBe(1);
    // the answer prompt carries the source label, relevance and score
    const answerCall = engine.calls.at(-1)!;
    expect(answerCall.messages[1].content).toMatch(/\[1\] Island guide, p\. 1 \(relevance: high, score 0\.\d\d\)/);
    expect(r.usage.calls).toBe(r.stages.reduce((n, s) => n + s.usage.calls, 0));
    expect(r.stages.find((s) => s.stage === 'grade')!.usage.calls).toBeGreaterThan(0);
  });

  it('records unreadable grades and still answers', async () => {
    const engine = new ScriptedEngine([
      { match: /Original query/, reply: '' },
      { match: /Chunk: /, reply: 'definitely relevant!!' },
      { match: /Sources:/, reply: 'Noon [1].' },
    ]);
    const { deps } = await ferryDeps({ engine });
    const r = await ask(Q, generateMode, deps);
    expect(r.query).toBe(Q); // empty rewrite → original
    expect(r.problems.some((p) => /could not read a score/.test(p))).toBe(true);
    expect(r.problems.some((p) => /no rewrite/.test(p))).toBe(true);
    expect(r.answer.text).toBe('Noon [1].');
  });

  it('uses fewer generated tokens in logprob mode than in generate mode for the same candidates', async () => {
    const { deps } = await ferryDeps({ engine: scripted() });
    const gen = await ask(Q, { ...generateMode, rewrite: false }, deps);
    const lpEngine = new ScriptedEngine(
      [{ match: /Sources:/, reply: 'Noon [1].' }],
      [
        { match: /Chunk: The ferry to the island leaves/, probs: { '9': 1 } },
        { match: /Chunk: /, probs: { '1': 1 } },
      ],
    );
    const lp = await ask(Q, { ...WRITER, grading: REFLECTING, rewrite: false }, { ...deps, engine: lpEngine });
    const grading = (r: typeof gen) => r.stages.find((s) => s.stage === 'grade')!.usage;
    expect(grading(lp).calls).toBe(grading(gen).calls / 2 + lp.rows.filter((row) => row.grade?.reflection !== undefined).length);
    expect(grading(gen).generatedTokens).toBeGreaterThanOrEqual(grading(lp).generatedTokens);
    expect(lp.rows.find((row) => row.verdict === 'kept')?.chunk.text).toMatch(/noon/);
  });
});

describe('ask, with an LLM: thresholds, reranking and cancelling', () => {
  it('can take the threshold the LLM proposes, and falls back when it cannot be read', async () => {
    const engine = scripted();
    engine['replies'].unshift({ match: /Choose the threshold/, reply: '0.95' });
    const { deps } = await ferryDeps({ engine });
    const r = await ask(Q, { ...generateMode, threshold: { ...generateMode.threshold, mode: 'llm' } }, deps);
    expect(r.threshold).toMatchObject({ rule: 'llm', threshold: 0.95 });
    expect(r.answer.notFound).toBe(true); // nothing reaches 0.95

    const garbled = scripted();
    garbled['replies'].unshift({ match: /Choose the threshold/, reply: 'no idea' });
    const r2 = await ask(Q, { ...generateMode, threshold: { ...generateMode.threshold, mode: 'llm' } }, { ...deps, engine: garbled });
    expect(r2.threshold?.rule).not.toBe('llm');
    expect(r2.problems.some((p) => /Threshold: could not read/.test(p))).toBe(true);
  });

  it('orders kept chunks by the reranker when one is configured', async () => {
    const engine = new ScriptedEngine([
      { match: /Chunk: /, reply: '0.8' },
      { match: /Sources:/, reply: 'x [1]' },
    ]);
    const { deps } = await ferryDeps({
      engine,
      reranker: { id: 'test-cross-encoder', score: async (_q, passages) => passages.map((p) => (p.includes('Kelp') ? 10 : 0)) },
    });
    // equal grades and no critic: every non-duplicate candidate is kept, so only the reranker orders them
    const grading = { ...generateMode.grading, weights: { base: 1, reflection: 0, critic: 0 } };
    const r = await ask(Q, { ...generateMode, rewrite: false, grading }, deps);
    const kept = r.rows.filter((row) => row.verdict === 'kept');
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.find((row) => row.source === 1)!.chunk.text).toMatch(/Kelp/);
    expect(kept.find((row) => row.chunk.text.includes('Kelp'))!.rerank).toBe(10);
    expect(r.stages.find((s) => s.stage === 'rerank')!.detail.by).toBe('test-cross-encoder');
  });

  it('stops when cancelled during grading', async () => {
    const engine = scripted();
    const { deps } = await ferryDeps({ engine });
    const ac = new AbortController();
    const run = ask(Q, generateMode, deps, { signal: ac.signal, onEvent: (e) => e.kind === 'graded' && ac.abort() });
    await expect(run).rejects.toThrow();
    expect(engine.calls.some((c) => /Sources:/.test(c.messages[1]?.content ?? ''))).toBe(false);
  });

  it('reports a cancel even when the engine returns what it had instead of throwing', async () => {
    const engine = scripted();
    const ac = new AbortController();
    const quiet = Object.assign(Object.create(engine), {
      generate: async (messages: Parameters<typeof engine.generate>[0]) => {
        if (/Sources:/.test(messages[1]?.content ?? '')) {
          ac.abort();
          return { text: 'It lea', promptTokens: 10, completionTokens: 2, finishReason: 'abort' as const };
        }
        return engine.generate(messages);
      },
    });
    const { deps } = await ferryDeps({ engine: quiet });
    await expect(ask(Q, generateMode, deps, { signal: ac.signal })).rejects.toThrow();
  });
});

describe('ask, with the LLM as retriever', () => {
  const yesFor = (pattern: RegExp) =>
    new ScriptedEngine(
      [{ match: /Sources:/, reply: 'Answer [1].' }],
      [
        { match: pattern, probs: { yes: 0.9, no: 0.1 } },
        { match: /Relevant \(yes or no\)/, probs: { yes: 0.05, no: 0.95 } },
      ],
    );
  const using = (use: PipelineSettings['llmRetriever']['use']): PipelineSettings => ({
    ...WRITER,
    rewrite: false,
    llmRetriever: { ...WRITER.llmRetriever, use, scale: 'yes-no', mode: 'logprob' },
  });

  it('primary: judges every chunk of the documents, announcing the cost first', async () => {
    const engine = yesFor(/Chunk: [^]*Tickets for the ferry/);
    const { deps } = await ferryDeps({ engine, documentIds: () => ['guide'] });
    const events: AskEvent[] = [];
    const r = await ask('How much is a ticket?', using('primary'), deps, { onEvent: (e) => events.push(e) });
    expect(r.rows).toHaveLength(5); // every chunk, retrieved or not
    const cost = events.find((e) => e.kind === 'judge-cost');
    expect(cost).toMatchObject({ kind: 'judge-cost', mode: 'primary', cost: { chunks: 4 } }); // the duplicate is not judged
    const judged = r.stages.find((s) => s.stage === 'judge')!;
    expect(judged.usage.calls).toBe(4);
    expect(r.stages.find((s) => s.stage === 'grade')!.detail.skipped).toMatch(/LLM retriever/);
    const kept = r.rows.filter((row) => row.verdict === 'kept');
    expect(kept.map((row) => row.chunk.text)).toEqual(['Tickets for the ferry cost 12 dollars in 2023.']);
    expect(kept[0].reason).toMatch(/the LLM judged it relevant/);
    expect(r.answer.text).toBe('Answer [1].');
  });

  it('refine: judges a longer hybrid list, and the judgement decides', async () => {
    const engine = yesFor(/Chunk: [^]*Kelp farms/);
    const { deps } = await ferryDeps({ engine });
    const settings = { ...using('refine'), candidates: 1 };
    const r = await ask('When does the ferry leave the harbour?', { ...settings, llmRetriever: { ...settings.llmRetriever, refineCandidates: 10 } }, deps);
    expect(r.rows.length).toBeGreaterThan(1); // more than N = 1
    expect(r.rows.filter((row) => row.verdict === 'kept').map((row) => row.chunk.text)).toEqual(['Kelp farms grow seaweed on long lines in cold water.']);
  });

  it('fallback: runs only when nothing clears the floor, then reads every chunk', async () => {
    const engine = yesFor(/Chunk: [^]*Beekeepers/);
    // the usual grades: only the noon sentence is relevant
    engine['distributions'].unshift(
      { match: /User query: When does the ferry[^]*Chunk: The ferry to the island leaves[^]*Relevance \(0-9\)/, probs: { '9': 1 } },
      { match: /Relevance \(0-9\)/, probs: { '0': 1 } },
    );
    const { deps } = await ferryDeps({ engine, documentIds: () => ['guide'] });
    const normal = await ask(Q, using('fallback'), deps);
    expect(normal.stages.some((s) => s.stage === 'judge')).toBe(false);
    const r = await ask('volcano eruption statistics', using('fallback'), deps);
    expect(r.stages.some((s) => s.stage === 'judge')).toBe(true);
    expect(r.answer.notFound).toBe(false);
    expect(r.rows.find((row) => row.verdict === 'kept')?.chunk.text).toMatch(/^Beekeepers/);
  });
});
