import { describe, expect, it } from 'vitest';
import { INDEX_VERSION, outdatedReason } from './outdated';
import { withDefaults, DEFAULT_CHUNKER, DEFAULT_LLM_CHUNKER } from '../settings';
import type { DocumentRecord } from './records';

const record = (patch: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id: 'd',
  name: 'a.md',
  kind: 'markdown',
  mime: 'text/markdown',
  size: 1,
  addedAt: 0,
  title: 'A',
  charCount: 1,
  pageCount: 0,
  sentenceCount: 1,
  chunkCount: 1,
  chunker: DEFAULT_CHUNKER,
  embedderId: 'use-lite-512',
  warnings: [],
  indexVersion: INDEX_VERSION,
  ...patch,
});

describe('outdatedReason', () => {
  it('is empty for a document indexed now with the current settings', () => {
    expect(outdatedReason(record(), DEFAULT_CHUNKER, 'use-lite-512')).toBe('');
  });

  it('does not count the same chunker settings in another key order (defaults as saved) as different', () => {
    const saved = withDefaults({ chunker: DEFAULT_CHUNKER }).chunker;
    expect(Object.keys(saved)).not.toEqual(Object.keys(DEFAULT_CHUNKER));
    expect(outdatedReason(record(), saved, 'use-lite-512')).toBe('');
    expect(outdatedReason(record(), { ...saved, maxChars: 400 } as typeof saved, 'use-lite-512')).toBe('chunked with other chunker settings');
  });

  it('names the model, then the chunker settings, then the indexing version', () => {
    expect(outdatedReason(record(), DEFAULT_CHUNKER, 'Xenova/all-MiniLM-L6-v2')).toMatch(/indexed with use-lite-512/);
    expect(outdatedReason(record(), { kind: 'fixed', size: 500, overlap: 50 }, 'use-lite-512')).toMatch(/other chunker settings/);
    // a semantic percentile, or another one, is another chunker
    const p25 = { kind: 'semantic' as const, threshold: 0.8, maxChars: 500, percentile: 25, headers: true };
    expect(outdatedReason(record(), p25, 'use-lite-512')).toMatch(/other chunker settings/);
    expect(outdatedReason(record({ chunker: p25 }), { ...p25, percentile: 10 }, 'use-lite-512')).toMatch(/other chunker settings/);
    expect(outdatedReason(record({ chunker: p25 }), { ...p25 }, 'use-lite-512')).toBe('');
    expect(outdatedReason(record({ indexVersion: undefined }), DEFAULT_CHUNKER, 'use-lite-512')).toMatch(/earlier version of Sieve/);
    expect(outdatedReason(record({ indexVersion: INDEX_VERSION - 1 }), DEFAULT_CHUNKER, 'use-lite-512')).toMatch(/earlier version/);
  });

  it('marks LLM-chunked documents when another language model is loaded, not when none is', () => {
    const llm = { ...DEFAULT_LLM_CHUNKER };
    const d = record({ chunker: llm, chunkerModel: 'onnx-community/Qwen2.5-0.5B-Instruct' });
    expect(outdatedReason(d, llm, 'use-lite-512', 'onnx-community/Qwen2.5-0.5B-Instruct')).toBe('');
    expect(outdatedReason(d, llm, 'use-lite-512', 'sieve/tiny-causal-lm')).toBe('chunk boundaries chosen by onnx-community/Qwen2.5-0.5B-Instruct; sieve/tiny-causal-lm is loaded');
    expect(outdatedReason(d, llm, 'use-lite-512', undefined)).toBe('');
  });
});
