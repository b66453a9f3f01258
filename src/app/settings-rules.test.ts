import { describe, expect, it } from 'vitest';
import { DEFAULT_CROSS_ENCODER, DEFAULT_SETTINGS, withDefaults, type Settings } from '../core/settings';
import { FIELDS, GROUPS, chunkerOfKind, field, segmentPreset } from './settings-fields';
import { draftFrom, llmGates, rebaseDraft, resetField, sameSettings, settingsDiff, validateSettings, withReranker } from './settings-rules';

const set = (s: Settings, id: string, v: unknown) => (field(id).set as (s: Settings, v: unknown) => Settings)(s, v);

describe('settings fields', () => {
  it('gives every field a group, a plain label without the paper symbol, and unique ids', () => {
    const ids = FIELDS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const groups = GROUPS.map((g) => g.id);
    expect(groups).toEqual(['models', 'chunking', 'search', 'pipeline', 'advanced']);
    for (const f of FIELDS) {
      expect(groups).toContain(f.group);
      // θ, λ_dup and ε are hints, never the label.
      expect(f.label).not.toMatch(/θ|λ|ε|μ|σ/);
    }
    expect(field('chunker.threshold').symbol).toBe('θ');
    expect(field('pipeline.duplicateThreshold').symbol).toBe('λ_dup');
    expect(field('threshold.epsilon').symbol).toBe('ε');
    expect(() => field('no.such')).toThrow('No setting "no.such"');
  });

  it('reads and writes the value each field names', () => {
    let s = DEFAULT_SETTINGS;
    s = set(s, 'pipeline.candidates', 8);
    s = set(s, 'threshold.floor', 0);
    s = set(s, 'retriever.use', 'primary');
    expect(s.pipeline.candidates).toBe(8);
    expect(s.pipeline.threshold.floor).toBe(0);
    expect(s.pipeline.llmRetriever.use).toBe('primary');
    // ε is one number for the threshold and the provisional threshold of grading
    s = set(s, 'threshold.epsilon', 0.05);
    expect(s.pipeline.threshold.epsilon).toBe(0.05);
    expect(s.pipeline.grading.epsilon).toBe(0.05);
    // the defaults are untouched
    expect(DEFAULT_SETTINGS.pipeline.candidates).toBe(20);
  });

  it('sets the search and question weights together, so each shows once', () => {
    const s = set(set(DEFAULT_SETTINGS, 'weights.bm25', 0.7), 'weights.dense', 0.3);
    expect(s.search.weights).toEqual({ bm25: 0.7, dense: 0.3 });
    expect(s.pipeline.weights).toEqual({ bm25: 0.7, dense: 0.3 });
  });

  it('applies chunker parameters only to their chunker, and keeps header choices when switching', () => {
    expect(field('chunker.size').get(DEFAULT_SETTINGS)).toBeUndefined();
    const withVectors = { ...DEFAULT_SETTINGS, chunker: { ...DEFAULT_SETTINGS.chunker, headerVectors: true } };
    const fixed = chunkerOfKind(withVectors.chunker, 'fixed');
    expect(fixed).toEqual({ kind: 'fixed', size: 500, overlap: 50, headers: true, headerVectors: true });
    const s = { ...DEFAULT_SETTINGS, chunker: fixed };
    expect(field('chunker.size').get(s)).toBe(500);
    expect(field('chunker.threshold').get(s)).toBeUndefined();
    // with a percentile, θ is unused and not shown
    expect(field('chunker.percentile').get(DEFAULT_SETTINGS)).toBe(90);
    expect(field('chunker.threshold').get(DEFAULT_SETTINGS)).toBeUndefined();
    const absolute = set(DEFAULT_SETTINGS, 'chunker.rule', 'threshold');
    expect(absolute.chunker).not.toHaveProperty('percentile');
    expect(field('chunker.threshold').get(absolute)).toBe(0.8);
  });

  it('names the segment preset the numbers match', () => {
    expect(segmentPreset(DEFAULT_SETTINGS.pipeline.segments)).toBe('balanced');
    const s = set(DEFAULT_SETTINGS, 'segments.preset', 'precise');
    expect(segmentPreset(s.pipeline.segments)).toBe('precise');
    expect(segmentPreset(set(s, 'segments.penalty', 0.31).pipeline.segments)).toBe('custom');
  });
});

describe('settingsDiff', () => {
  it('is empty for the defaults, also as the tab edits them', () => {
    expect(settingsDiff(DEFAULT_SETTINGS)).toEqual([]);
    expect(settingsDiff(draftFrom(withDefaults(undefined)))).toEqual([]);
  });

  it('lists each changed setting with its value and default, in the order of the groups', () => {
    let s = set(DEFAULT_SETTINGS, 'threshold.relative', 0);
    s = set(s, 'pipeline.duplicateThreshold', 0.95);
    s = set(s, 'chunker.kind', 'fixed');
    s = set(s, 'chunker.size', 80);
    s = { ...s, llm: { kind: 'transformers', modelId: 'sieve/tiny-causal-lm', source: 'local', device: 'wasm' } };
    const diff = settingsDiff(s);
    expect(diff.map((d) => d.group)).toEqual(['models', 'chunking', 'chunking', 'pipeline', 'advanced']);
    expect(diff.find((d) => d.id === 'llm')).toMatchObject({ label: 'Language model', value: 'sieve/tiny-causal-lm (transformers.js)', default: 'None (retrieval-only)' });
    expect(diff.find((d) => d.id === 'chunker.kind')).toMatchObject({ value: 'Fixed size', default: 'Semantic (ChunkRAG)' });
    // a parameter of the non-default chunker is compared with that chunker's own default
    expect(diff.find((d) => d.id === 'chunker.size')).toMatchObject({ value: '80', default: '500' });
    expect(diff.some((d) => d.id === 'chunker.overlap')).toBe(false);
    expect(diff.find((d) => d.id === 'pipeline.duplicateThreshold')).toMatchObject({ symbol: 'λ_dup', value: '0.95', default: '0.9' });
    expect(diff.find((d) => d.id === 'threshold.relative')).toMatchObject({ value: '0', default: '0.5' });
  });

  it('puts one setting back with resetField', () => {
    let s = set(set(DEFAULT_SETTINGS, 'threshold.floor', 0), 'pipeline.candidates', 8);
    s = { ...s, reranker: DEFAULT_CROSS_ENCODER };
    s = resetField(s, 'threshold.floor');
    expect(s.pipeline.threshold.floor).toBe(0.3);
    expect(s.pipeline.candidates).toBe(8);
    expect(resetField(s, 'reranker').reranker).toEqual({ kind: 'none' });
    const fixed = set(set(DEFAULT_SETTINGS, 'chunker.kind', 'fixed'), 'chunker.size', 80);
    expect(resetField(fixed, 'chunker.size').chunker).toMatchObject({ kind: 'fixed', size: 500 });
    expect(resetField(fixed, 'chunker.kind').chunker).toEqual(DEFAULT_SETTINGS.chunker);
  });
});

describe('llmGates', () => {
  it('disables options that need a language model, saying why, until one is loaded', () => {
    expect(llmGates({ state: 'none' }).llm).toMatch(/none is loaded/);
    expect(llmGates({ state: 'loading' }).llm).toMatch(/still loading/);
    expect(llmGates({ state: 'failed' }).llm).toMatch(/failed to load/);
    expect(llmGates({ state: 'ready', info: { engine: 'wllama' } }).llm).toBeUndefined();
  });

  it('allows LLM boundaries only with a model that reads split-token probabilities', () => {
    expect(llmGates({ state: 'none' }).splitScores).toMatch(/^LLM boundaries needs a language model that reads split-token probabilities/);
    expect(llmGates({ state: 'ready', info: { engine: 'webllm' } }).splitScores).toMatch(/the loaded model cannot/);
    expect(llmGates({ state: 'ready', info: { engine: 'transformers', splitScores: true } }).splitScores).toBeUndefined();
  });
});

describe('validateSettings', () => {
  it('finds nothing wrong with the defaults', () => {
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual([]);
  });

  it('says in words what must be fixed before saving', () => {
    const empty = set(DEFAULT_SETTINGS, 'pipeline.candidates', NaN);
    expect(validateSettings(empty)).toEqual([{ id: 'pipeline.candidates', message: 'Chunks retrieved for a question: give a number.' }]);
    expect(validateSettings(set(DEFAULT_SETTINGS, 'pipeline.candidates', 500))[0].message).toBe('Chunks retrieved for a question: between 1 and 100.');
    expect(validateSettings(set(DEFAULT_SETTINGS, 'pipeline.candidates', 2.5))[0].message).toMatch(/whole number/);
    const fixed = set(set(set(DEFAULT_SETTINGS, 'chunker.kind', 'fixed'), 'chunker.size', 100), 'chunker.overlap', 100);
    expect(validateSettings(fixed).map((p) => p.id)).toEqual(['chunker.overlap']);
    const noWeights = set(set(DEFAULT_SETTINGS, 'weights.bm25', 0), 'weights.dense', 0);
    expect(validateSettings(noWeights)[0].message).toMatch(/both 0/);
    // the same weights are fine when search uses only one of them
    expect(validateSettings(set(noWeights, 'search.mode', 'bm25'))).toEqual([]);
    expect(validateSettings({ ...DEFAULT_SETTINGS, llm: { kind: 'wllama', source: 'url' } })).toEqual([{ id: 'llm', message: expect.stringMatching(/GGUF/) }]);
    expect(validateSettings({ ...DEFAULT_SETTINGS, embedder: { kind: 'transformers', modelId: ' ', source: 'hub', device: 'auto' } })[0].id).toBe('embedder');
  });
});

describe('drafts', () => {
  it('shows the reranker once: on exactly when a model is chosen and the pipeline uses it', () => {
    const legacy = { ...DEFAULT_SETTINGS, reranker: DEFAULT_CROSS_ENCODER, pipeline: { ...DEFAULT_SETTINGS.pipeline, rerank: false } };
    expect(draftFrom(legacy).reranker).toEqual({ kind: 'none' });
    const on = withReranker(DEFAULT_SETTINGS, true);
    expect(on.reranker).toEqual(DEFAULT_CROSS_ENCODER);
    expect(on.pipeline.rerank).toBe(true);
    const mine = { ...DEFAULT_CROSS_ENCODER, modelId: 'sieve/tiny-cross-encoder', source: 'local' as const };
    expect(withReranker(DEFAULT_SETTINGS, true, mine).reranker).toBe(mine);
    expect(withReranker(on, false).reranker).toEqual({ kind: 'none' });
  });

  it('retrieves for questions with the search weights', () => {
    const saved = { ...DEFAULT_SETTINGS, search: { ...DEFAULT_SETTINGS.search, weights: { bm25: 0.3, dense: 0.7 } } };
    expect(draftFrom(saved).pipeline.weights).toEqual({ bm25: 0.3, dense: 0.7 });
  });

  it('compares settings by what they say, not by key order or absent keys', () => {
    const a = { ...DEFAULT_SETTINGS, chunker: { kind: 'fixed' as const, size: 500, overlap: 50, headers: true, headerVectors: undefined } };
    const b = { ...DEFAULT_SETTINGS, chunker: { overlap: 50, headers: true, size: 500, kind: 'fixed' as const } };
    expect(sameSettings(a, b)).toBe(true);
    expect(sameSettings(a, DEFAULT_SETTINGS)).toBe(false);
  });

  it('follows saved changes in the parts not edited, and keeps the edits', () => {
    const before = DEFAULT_SETTINGS;
    const draft = set(draftFrom(before), 'threshold.floor', 0);
    const picked: Settings = { ...before, llm: { kind: 'wllama', source: 'file', fileName: 'model.gguf', fileSize: 10 } };
    const next = rebaseDraft(draft, before, picked);
    expect(next.llm).toEqual(picked.llm);
    expect(next.pipeline.threshold.floor).toBe(0);
    // a part edited in the draft is not overwritten by the saved one
    const edited = { ...draft, llm: { kind: 'transformers' as const, modelId: 'x', source: 'hub' as const, device: 'auto' as const } };
    expect(rebaseDraft(edited, before, picked).llm).toEqual(edited.llm);
  });
});
