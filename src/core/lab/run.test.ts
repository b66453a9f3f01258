import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { windowCharsFor, type SplitScorer } from '../llamachunk';
import { runLab, mergeLabResults, type LabDocument, type LabProgress } from './run';
import { fixedSpec, llmSpec, percentileSpec, semanticSpec, sweepTheta } from './specs';
import type { LabQuestion } from './questions';

const text = readFileSync(new URL('./lab-fixture.txt', import.meta.url), 'utf8');
const doc: LabDocument = { docId: 'acme', title: 'Acme Corp Annual Report', text, pages: [{ page: 1, start: 0, end: text.length }], sections: [] };
const questions: LabQuestion[] = [
  { id: 'q1', question: 'What was total revenue?', docId: 'acme', evidence: 'Total revenue was 4.2 billion dollars, up 12 percent from the prior year.' },
  { id: 'q2', question: 'How large was the buyback?', docId: 'acme', evidence: 'The board authorised a buyback of 500 million dollars.' },
  { id: 'q3', question: 'Anything about zebras?', docId: 'acme', evidence: 'zebra quagga okapi giraffe', evidencePages: [1] },
];

/** Split log-probability high after every "\n\n" (a paragraph end), low elsewhere. */
const scorer: SplitScorer & { calls: number } = {
  calls: 0,
  async score(w: string) {
    this.calls++;
    return [...w.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, logProb: w.startsWith('\n\n', m.index + m[0].length) ? -1 : -12 }));
  },
};

describe('runLab: embedding, chunking and scoring', () => {
  it('embeds each distinct unit once for all specs and scores every question', async () => {
    const embedder = new FakeEmbedder();
    const specs = [fixedSpec(120, 0), fixedSpec(200, 50), ...sweepTheta([0.2, 0.9])];
    const events: LabProgress[] = [];
    const results = await runLab({ docs: [doc], questions, embedder, specs, budget: 200, onProgress: (p) => events.push(p) });
    const embedded = embedder.calls.flat();
    // Units once (distinct), plus the three questions.
    expect(embedded.length).toBe(new Set(embedded).size);
    expect(embedder.calls).toHaveLength(2);
    expect(embedder.calls[1]).toEqual(questions.map((q) => q.question));
    expect(results.map((r) => r.label)).toEqual(specs.map((s) => s.label));
    for (const r of results) {
      expect(r.available).toBe(true);
      expect(r.questions).toBe(3);
      expect(r.locatedQuestions).toBe(3); // q3 falls back to its (only) page
      expect(r.chunkCount).toBe(r.lengths.histogram.counts.reduce((a, b) => a + b, 0));
      for (const row of r.rows) expect(row.retrievedChars).toBeLessThanOrEqual(200);
    }
    const [small, , loose, tight] = results;
    expect(small.rows.find((x) => x.id === 'q1')!.retrievalRatio).toBeGreaterThan(0.5);
    expect(small.rows.find((x) => x.id === 'q3')).toMatchObject({ located: 'pages', retrievalRatio: 0 });
    expect(tight.chunkCount).toBeGreaterThan(loose.chunkCount);
    expect(events.some((e) => e.stage === 'embedding')).toBe(true);
  });

  it("cuts percentile specs at the document's own similarities: a higher percentile, more chunks", async () => {
    const [p10, p90] = await runLab({ docs: [doc], questions, embedder: new FakeEmbedder(), specs: [percentileSpec(10), percentileSpec(90)], budget: 300 });
    expect(p10.available && p90.available).toBe(true);
    expect(p90.chunkCount).toBeGreaterThan(p10.chunkCount);
  });
});

describe('runLab: llm specs', () => {
  it('reports an llm spec without a scorer as unavailable, and runs it with one', async () => {
    const without = await runLab({ docs: [doc], questions, embedder: new FakeEmbedder(), specs: [llmSpec(), semanticSpec(0.5)], budget: 300 });
    expect(without[0]).toMatchObject({ available: false, chunkCount: 0 });
    expect(without[0].note).toMatch(/LLM/);
    expect(without[1].available).toBe(true);

    const embedder = new FakeEmbedder();
    const withScorer = await runLab({ docs: [doc], questions, embedder, specs: [llmSpec(2)], budget: 300, scorer });
    expect(scorer.calls).toBeGreaterThan(0);
    expect(withScorer[0].available).toBe(true);
    // Cuts only at paragraph ends (minChars 200 merges short paragraphs).
    expect(withScorer[0].chunkCount).toBeGreaterThanOrEqual(2);
    expect(withScorer[0].lengths.max).toBeLessThan(text.length / 2 + 200);
    expect(withScorer[0].rows).toHaveLength(3);
    expect(embedder.calls).toHaveLength(2);
  });

  it("sizes the llm spec's windows to the scorer's context window, as ingest does", async () => {
    const windows: string[] = [];
    const small: SplitScorer = { contextWindow: 200, score: (w, s) => (windows.push(w), scorer.score(w, s)) };
    const [r] = await runLab({ docs: [doc], questions, embedder: new FakeEmbedder(), specs: [llmSpec(2)], budget: 300, scorer: small });
    expect(r.available).toBe(true);
    expect(windows.length).toBeGreaterThan(1);
    expect(Math.max(...windows.map((w) => w.length))).toBeLessThanOrEqual(windowCharsFor(200));
  });

  it('reports a failing language model on its own row and keeps the other results', async () => {
    let calls = 0;
    const broken: SplitScorer = { score: async () => (calls++, Promise.reject(new Error('device lost'))) };
    const results = await runLab({
      docs: [doc, { ...doc, docId: 'acme2' }],
      questions,
      embedder: new FakeEmbedder(),
      specs: [llmSpec(), fixedSpec(200, 0)],
      budget: 300,
      scorer: broken,
    });
    expect(results[0]).toMatchObject({ available: false });
    expect(results[0].note).toMatch(/language model failed on Acme Corp Annual Report \(device lost\)/);
    expect(calls).toBe(1); // not tried again on the second document
    expect(results[1]).toMatchObject({ available: true, questions: 3 });
  });
});

describe('runLab: aborting, and merging shards', () => {
  it('stops when aborted', async () => {
    const ac = new AbortController();
    const run = runLab({
      docs: [doc, { ...doc, docId: 'acme2' }],
      questions,
      embedder: new FakeEmbedder(),
      specs: [fixedSpec(200, 0), fixedSpec(300, 0)],
      budget: 300,
      signal: ac.signal,
      onProgress: (p) => p.stage === 'chunking' && p.done === 1 && ac.abort(),
    });
    await expect(run).rejects.toThrow();
  });

  it('merges shard results spec by spec', async () => {
    const embedder = new FakeEmbedder();
    const a = await runLab({ docs: [doc], questions, embedder, specs: [fixedSpec(200, 0)], budget: 300 });
    const merged = mergeLabResults([a, a]);
    expect(merged).toHaveLength(1);
    expect(merged[0].questions).toBe(6);
    expect(merged[0].chunkCount).toBe(2 * a[0].chunkCount);
    expect(merged[0].retrievalRatio).toBeCloseTo(a[0].retrievalRatio);
    // A chunking unavailable in one shard only stays available with the rows it has.
    const off = await runLab({ docs: [doc], questions, embedder, specs: [llmSpec()], budget: 300 });
    const on = await runLab({ docs: [doc], questions, embedder, specs: [llmSpec()], budget: 300, scorer });
    expect(mergeLabResults([off, on])[0]).toMatchObject({ available: true, questions: 3 });
    expect(mergeLabResults([off, off])[0].available).toBe(false);
  });
});
