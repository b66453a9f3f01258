import { describe, expect, it } from 'vitest';
import type { Candidate } from '../kb';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { ask } from './ask';
import { atShownPrecision, shown } from './precision';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../settings';
import { ferryDeps } from '../../testing/test-kb';

describe('atShownPrecision and shown', () => {
  it('round as toFixed(2) does, so a comparison agrees with the printed numbers', () => {
    expect(atShownPrecision(0.7199)).toBe(0.72);
    expect(atShownPrecision(0.7203)).toBe(0.72);
    expect(atShownPrecision(0.714)).toBe(0.71);
    for (const x of [0.005, 0.015, 0.285, 1.005, 0.7249999, 0.725]) expect(atShownPrecision(x).toFixed(2)).toBe(x.toFixed(2));
    expect(shown(0.7199)).toBe('0.72');
    expect(shown(0.3)).toBe('0.30');
    expect(shown(-0.001)).toBe('0.00');
  });
});

describe('threshold verdicts', () => {
  /** Retrieval-only grades equal to the given hybrid scores (no critic) over distinct ferry chunks. */
  async function graded(scores: Array<{ hybrid: number; bm25?: number; dense?: number }>) {
    const { deps, kb } = await ferryDeps();
    const chunks = kb.chunksOf('guide').slice(2);
    const candidates: Candidate[] = scores.map((s, i) => ({
      chunk: chunks[i],
      bm25: s.bm25 ?? 1,
      dense: s.dense ?? 0.5,
      bm25Norm: 0,
      denseNorm: 0,
      score: s.hybrid,
      terms: [],
    }));
    const settings: PipelineSettings = {
      ...DEFAULT_PIPELINE,
      modelChoosesPassages: true,
      grading: { ...DEFAULT_PIPELINE.grading, weights: { base: 1, reflection: 0, critic: 0 } },
    };
    return ask('ferry', settings, { ...deps, search: () => ({ candidates }) });
  }

  it('keeps a grade just under the threshold in float but equal at the shown precision, and says so', async () => {
    // The LLM proposes T = 0.72 and grades the ticket chunk 0.7199: below T in float, equal as printed.
    const engine = new ScriptedEngine([
      { match: /Choose the threshold/, reply: '0.72' },
      { match: /Chunk: Tickets for the ferry/, reply: '0.7199' },
      { match: /Chunk: /, reply: '0.1' },
      { match: /Sources:/, reply: 'Twelve dollars [1].' },
    ]);
    const { deps } = await ferryDeps({ engine });
    const settings: PipelineSettings = {
      ...DEFAULT_PIPELINE,
      modelChoosesPassages: true,
      rewrite: false,
      grading: { ...DEFAULT_PIPELINE.grading, mode: 'generate', weights: { base: 1, reflection: 0, critic: 0 } },
      threshold: { ...DEFAULT_PIPELINE.threshold, mode: 'llm' },
    };
    const r = await ask('How much is a ferry ticket?', settings, deps);
    expect(r.threshold).toMatchObject({ rule: 'llm', threshold: 0.72 });
    const tickets = r.rows.find((row) => row.chunk.text.startsWith('Tickets'))!;
    expect(tickets.final).toBeCloseTo(0.7199, 6);
    expect(tickets.final!).toBeLessThan(0.72);
    expect(tickets.verdict).toBe('kept');
    expect(tickets.reason).toBe('grade 0.72 ≥ 0.72');
    expect(r.stages.find((s) => s.stage === 'threshold')!.detail.threshold).toBe(0.72);
  });

  it('never prints a reason that contradicts its verdict', async () => {
    const r = await graded([{ hybrid: 0.9 }, { hybrid: 0.7151 }, { hybrid: 0.7149 }]);
    for (const row of r.rows) {
      const m = row.reason!.match(/grade (\d\.\d\d) (<|≥) (\d\.\d\d)/);
      if (!m) continue;
      expect(m[2] === '<' ? Number(m[1]) < Number(m[3]) : Number(m[1]) >= Number(m[3])).toBe(true);
      expect(m[2] === '≥').toBe(row.verdict === 'kept');
    }
  });

  it('compares the retrieval-only similarity floor at the shown precision too', async () => {
    const r = await graded([
      { hybrid: 0.5, bm25: 0, dense: 0.2999 },
      { hybrid: 0.5, bm25: 0, dense: 0.2949 },
    ]);
    const [near, under] = r.rows;
    expect(near.verdict).not.toBe('below-floor');
    expect(under.verdict).toBe('below-floor');
    expect(under.reason).toBe('no query word and similarity 0.29 < 0.30');
  });
});
