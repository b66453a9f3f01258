import { describe, expect, it } from 'vitest';
import type { Sentence } from '../types';
import { LOGITS_BUDGET_BYTES, llmBoundaryChunks, windowCharsFor, windowSettingsFor, type SplitScorer, type SplitToken } from './chunker';
import { DEFAULT_LLAMACHUNK } from '../settings';

/**
 * Scripted scorer: tokens are 3-character pieces of each word (so token ends fall inside
 * words); log P(split) = base + trend·log(1 + end) except after a word followed by "\n\n",
 * where it is high — and the high score sits on a token that ends *inside* the word
 * (one character before the word's end), so snapping must move it to the whitespace.
 */
function scriptedScorer(opts: { base?: number; trend?: number; peak?: number } = {}): SplitScorer & { calls: string[] } {
  const base = opts.base ?? -12;
  const trend = opts.trend ?? 0;
  const peak = opts.peak ?? 6;
  const calls: string[] = [];
  return {
    calls,
    async score(windowText: string, signal?: AbortSignal): Promise<SplitToken[]> {
      signal?.throwIfAborted();
      calls.push(windowText);
      const out: SplitToken[] = [];
      for (const m of windowText.matchAll(/\S+/g)) {
        const wStart = m.index;
        const wEnd = wStart + m[0].length;
        const peakHere = windowText.startsWith('\n\n', wEnd);
        for (let s = wStart; s < wEnd; s += 3) {
          const e = Math.min(wEnd, s + 3);
          const trendPart = base + trend * Math.log1p(e);
          const isPeakToken = peakHere && m[0].length > 1 && e >= wEnd - 1 && s < wEnd - 1 ? true : peakHere && m[0].length === 1;
          out.push({ start: s, end: isPeakToken && e === wEnd ? e - 1 : e, logProb: trendPart + (isPeakToken ? peak : 0) });
        }
      }
      return out;
    },
  };
}

function paragraph(tag: string, n: number): string {
  return Array.from({ length: n }, (_, i) => `${tag}${i}word`).join(' ') + '.';
}

function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const m of text.matchAll(/[^\n]+/g)) out.push({ index: out.length, start: m.index, end: m.index + m[0].length, text: m[0] });
  return out;
}

const paras = [paragraph('alpha', 20), paragraph('bravo', 25), paragraph('charlie', 18), paragraph('delta', 22)];
const text = paras.join('\n\n');
const paraEnds = paras.slice(0, -1).map((_, i) => paras.slice(0, i + 1).join('\n\n').length);
const page2 = text.indexOf('charlie0');
const src = {
  docId: 'doc',
  text,
  pages: [
    { page: 1, start: 0, end: page2 },
    { page: 2, start: page2, end: text.length },
  ],
  sections: [
    { start: 0, end: page2, path: ['Intro'] },
    { start: page2, end: text.length, path: ['Body'] },
  ],
  sentences: sentencesOf(text),
};
const settings = { windowChars: 300, overlapChars: 80, threshold: 3, minChars: 50, maxChars: 1000 };

describe('llmBoundaryChunks: cutting at peaks', () => {
  it('cuts at the scripted peaks, moved out of words, with page and section metadata', async () => {
    const scorer = scriptedScorer({ trend: -0.8 });
    const res = await llmBoundaryChunks({ ...src, scorer, settings });
    expect(scorer.calls.length).toBeGreaterThan(3); // several overlapping windows
    expect(res.boundaries).toEqual(paraEnds);
    expect(res.chunks.map((c) => c.text)).toEqual(paras);
    expect(res.fit.b).toBeLessThan(-0.3); // the trend was fitted
    const [a, b, c, d] = res.chunks;
    expect(a).toMatchObject({ id: 'doc#0', index: 0, start: 0, pageStart: 1, pageEnd: 1, sectionPath: ['Intro'], sentenceStart: 0, sentenceEnd: 1 });
    expect(b).toMatchObject({ index: 1, pageStart: 1, pageEnd: 1, sectionPath: ['Intro'], sentenceStart: 1, sentenceEnd: 2 });
    expect(c).toMatchObject({ index: 2, pageStart: 2, pageEnd: 2, sectionPath: ['Body'], sentenceStart: 2, sentenceEnd: 3 });
    expect(d).toMatchObject({ index: 3, end: text.length, sentenceStart: 3, sentenceEnd: 4 });
    // scores are per document offset, sorted, never inside a word
    for (let i = 1; i < res.scores.length; i++) expect(res.scores[i].offset).toBeGreaterThan(res.scores[i - 1].offset);
    for (const s of res.scores) expect(/\s/.test(text[s.offset]) || /\s/.test(text[s.offset - 1])).toBe(true);
    expect(res.trace).toMatchObject({ stage: 'chunking', detail: { chunker: 'llamachunk', chunks: 4, peaks: 3, forced: 0 } });
  });

  it('without decay correction a strong trend swamps the late peaks', async () => {
    // trend makes late tokens look likelier than early peaks; corrected run still finds the paragraphs
    const scorer = scriptedScorer({ trend: 1.5, peak: 4 });
    const corrected = await llmBoundaryChunks({ ...src, scorer, settings: { ...settings, threshold: 2 } });
    expect(corrected.boundaries).toEqual(paraEnds);
    const raw = await llmBoundaryChunks({ ...src, scorer, settings: { ...settings, threshold: 2, decay: false } });
    expect(raw.boundaries).not.toEqual(paraEnds);
  });

  it('forces boundaries when no peak passes and chunks exceed maxChars', async () => {
    const res = await llmBoundaryChunks({ ...src, scorer: scriptedScorer({ peak: 0 }), settings: { ...settings, maxChars: 400 } });
    expect(res.chunks.length).toBeGreaterThan(1);
    for (const c of res.chunks) {
      expect(c.text.length).toBeLessThanOrEqual(400);
      expect(/\s/.test(text[c.start - 1] ?? ' ')).toBe(true); // no word split
      expect(/\s/.test(text[c.end] ?? ' ')).toBe(true);
    }
    expect(res.trace.detail?.forced).toBe(res.boundaries.length);
  });

  it('scores a window the model cannot fit in two halves, and still cuts at the peaks', async () => {
    const inner = scriptedScorer({ trend: -0.8 });
    const fits = await llmBoundaryChunks({ ...src, scorer: inner, settings });
    const tried: number[] = [];
    const tight: SplitScorer = {
      score: (w, signal) => {
        tried.push(w.length);
        return w.length > 160 ? Promise.reject(Object.assign(new Error('too long'), { code: 'split-window-too-long' })) : inner.score(w, signal);
      },
    };
    const res = await llmBoundaryChunks({ ...src, scorer: tight, settings });
    expect(tried.some((n) => n > 160)).toBe(true);
    expect(res.boundaries).toEqual(fits.boundaries);
    expect(res.chunks.map((c) => c.text).join('\n\n')).toBe(text);
    // Any other failure is not retried.
    const broken: SplitScorer = { score: () => Promise.reject(new Error('device lost')) };
    await expect(llmBoundaryChunks({ ...src, scorer: broken, settings })).rejects.toThrow('device lost');
  });
});

describe('llmBoundaryChunks: edge cases and aborting', () => {
  it('works without sentences (sentence range [0, 0))', async () => {
    const { sentences: _drop, ...noSentences } = src;
    const res = await llmBoundaryChunks({ ...noSentences, scorer: scriptedScorer(), settings });
    expect(res.chunks.every((c) => c.sentenceStart === 0 && c.sentenceEnd === 0)).toBe(true);
  });

  it('returns no chunks for empty or blank text', async () => {
    const scorer = scriptedScorer();
    for (const t of ['', '   \n\n ']) {
      const res = await llmBoundaryChunks({ docId: 'e', text: t, pages: [], sections: [], scorer, settings });
      expect(res.chunks).toEqual([]);
      expect(res.boundaries).toEqual([]);
    }
  });

  it('honours abort before and during scoring', async () => {
    const ac = new AbortController();
    ac.abort();
    const scorer = scriptedScorer();
    await expect(llmBoundaryChunks({ ...src, scorer, settings }, ac.signal)).rejects.toThrow();
    expect(scorer.calls).toEqual([]);

    const ac2 = new AbortController();
    let n = 0;
    const aborting: SplitScorer = {
      async score(w) {
        if (++n === 2) ac2.abort();
        return scriptedScorer().score(w);
      },
    };
    await expect(llmBoundaryChunks({ ...src, scorer: aborting, settings }, ac2.signal)).rejects.toThrow();
    expect(n).toBe(2);
  });
});

describe('windowSettingsFor', () => {
  it('sizes windows to the context window when known, with the overlap at most a fifth', () => {
    expect(windowSettingsFor({})).toEqual({ windowChars: DEFAULT_LLAMACHUNK.windowChars, overlapChars: DEFAULT_LLAMACHUNK.overlapChars });
    const small = windowSettingsFor({ contextWindow: 300 });
    expect(small.windowChars).toBe(windowCharsFor(300));
    expect(small.windowChars).toBeLessThan(DEFAULT_LLAMACHUNK.windowChars);
    expect(small.overlapChars).toBe(Math.floor(small.windowChars / 5));
    expect(windowSettingsFor({ contextWindow: 4096 })).toEqual({ windowChars: DEFAULT_LLAMACHUNK.windowChars, overlapChars: DEFAULT_LLAMACHUNK.overlapChars });
  });

  it('shortens windows for a large vocabulary so the logits of one window stay within the memory budget', () => {
    // Qwen2.5's 151,936-token vocabulary: 128 MiB of float32 rows is 220 tokens, about 660 characters.
    const qwen = windowSettingsFor({ contextWindow: 32768, vocabSize: 151936 });
    expect(qwen.windowChars).toBe(220 * 3);
    expect(qwen.windowChars * 4 * 151936).toBeLessThanOrEqual(LOGITS_BUDGET_BYTES * 3);
    expect(qwen.overlapChars).toBe(132);
    // A small vocabulary changes nothing.
    expect(windowSettingsFor({ contextWindow: 4096, vocabSize: 512 }).windowChars).toBe(DEFAULT_LLAMACHUNK.windowChars);
  });
});
