import { describe, expect, it } from 'vitest';
import type { ManifestModel } from '../core/models';
import { DEFAULT_SETTINGS } from '../core/settings';
import { chooseOffer, describeCost, loadedModels, modelOffers, usesOffer } from './model-catalogue';

const file = (path: string, bytes: number) => ({ path, bytes, sha256: '0'.repeat(64) });
const SITE: ManifestModel[] = [
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    kind: 'embedder',
    format: 'transformers',
    name: 'all-MiniLM-L6-v2',
    license: 'apache-2.0',
    source: 'hub:x',
    files: [file('onnx/model.onnx', 90e6), file('tokenizer.json', 1e6)],
    dtype: 'fp32',
    memoryMB: 150,
  },
  { id: 'q/SmolLM2-GGUF', kind: 'llm', format: 'gguf', name: 'SmolLM2 135M', license: 'apache-2.0', source: 'hub:y', files: [file('smol q8.gguf', 98e6)], memoryMB: 250 },
  {
    id: 'sieve/tiny-cross-encoder',
    kind: 'reranker',
    format: 'transformers',
    name: 'tiny cross-encoder',
    license: 'mit',
    source: 'test',
    files: [file('onnx/model.onnx', 850e3)],
    randomWeights: true,
  },
];

describe('modelOffers', () => {
  it('lists the bundled model, then what this site serves with its real size, then downloads', () => {
    const offers = modelOffers(SITE);
    expect(offers[0]).toMatchObject({ where: 'bundled', role: 'embedder', bytes: 0 });
    const site = offers.filter((o) => o.where === 'site');
    expect(site.map((o) => o.name)).toEqual(['all-MiniLM-L6-v2', 'SmolLM2 135M', 'tiny cross-encoder']);
    expect(site[0]).toMatchObject({ bytes: 91e6, memoryMB: 150, engine: 'transformers.js' });
    expect(site[1]).toMatchObject({ id: '/models/q/SmolLM2-GGUF/smol%20q8.gguf', engine: 'llama.cpp' });
    expect(site[2].testModel).toBe(true);
    const downloads = offers.filter((o) => o.where === 'download');
    // a model the site serves is not offered again as a download
    expect(downloads.some((o) => o.id === 'Xenova/all-MiniLM-L6-v2')).toBe(false);
    expect(downloads.map((o) => o.role)).toEqual(expect.arrayContaining(['embedder', 'llm', 'reranker']));
    for (const d of downloads) expect(d.bytes > 0 && (d.memoryMB ?? 0) > 0 && d.approx).toBe(true);
    expect(new Set(offers.map((o) => o.key)).size).toBe(offers.length);
  });

  it('chooses a model by changing only its part of the settings', () => {
    const offers = modelOffers(SITE);
    const gguf = offers.find((o) => o.role === 'llm' && o.where === 'site')!;
    const s = chooseOffer(DEFAULT_SETTINGS, gguf);
    expect(s.llm).toEqual({ kind: 'wllama', source: 'url', url: '/models/q/SmolLM2-GGUF/smol%20q8.gguf', device: 'auto' });
    expect(s.embedder).toBe(DEFAULT_SETTINGS.embedder);
    expect(usesOffer(s, gguf)).toBe(true);
    expect(usesOffer(DEFAULT_SETTINGS, gguf)).toBe(false);
    const embedder = offers.find((o) => o.role === 'embedder' && o.where === 'site')!;
    expect(chooseOffer(DEFAULT_SETTINGS, embedder).embedder).toEqual({
      kind: 'transformers',
      modelId: 'Xenova/all-MiniLM-L6-v2',
      source: 'local',
      localBaseUrl: '/models/',
      device: 'auto',
      dtype: 'fp32',
    });
    expect(usesOffer(DEFAULT_SETTINGS, offers[0])).toBe(true);
    // the same id from the hub is another offer than the one on this site
    const hub = { ...DEFAULT_SETTINGS, embedder: { kind: 'transformers' as const, modelId: 'Xenova/all-MiniLM-L6-v2', source: 'hub' as const, device: 'auto' as const } };
    expect(usesOffer(hub, embedder)).toBe(false);
    const reranker = chooseOffer(
      { ...DEFAULT_SETTINGS, pipeline: { ...DEFAULT_SETTINGS.pipeline, rerank: false } },
      offers.find((o) => o.role === 'reranker')!,
    );
    expect(reranker.pipeline.rerank).toBe(true);
  });

  it('says what a model costs', () => {
    expect(describeCost({ bytes: 0, where: 'bundled' })).toBe('nothing to download');
    expect(describeCost({ bytes: 91e6, memoryMB: 150, where: 'site' })).toBe('91 MB from this site, about 150 MB of memory');
    expect(describeCost({ bytes: 1.3e9, memoryMB: 2500, approx: true, where: 'download' })).toBe('about 1.3 GB download, about 2.5 GB of memory');
  });
});

describe('loadedModels', () => {
  it('says for each role what is chosen and whether it is loaded', () => {
    const none = loadedModels(DEFAULT_SETTINGS, { state: 'ready', id: 'use-lite' }, { state: 'none' });
    expect(none.map((l) => [l.role, l.state])).toEqual([
      ['embedder', 'ready'],
      ['llm', 'none'],
      ['reranker', 'none'],
    ]);
    expect(none[1].status).toMatch(/retrieval-only/);
    const s = { ...DEFAULT_SETTINGS, llm: { kind: 'transformers' as const, modelId: 'sieve/tiny-causal-lm', source: 'local' as const, device: 'wasm' as const } };
    const loading = loadedModels(s, { state: 'loading', loaded: 5e6, total: 20e6 }, { state: 'loading', loaded: 1e6, total: 2e6 });
    expect(loading[0].status).toBe('Loading (5 MB of 20 MB)');
    expect(loading[1]).toMatchObject({ name: 'sieve/tiny-causal-lm', state: 'loading' });
    const ready = loadedModels(s, { state: 'failed', error: 'no network' }, { state: 'ready', info: { model: 'tiny', engine: 'transformers', contextWindow: 2048 } });
    expect(ready[0]).toMatchObject({ state: 'failed', status: 'Failed to load: no network' });
    expect(ready[1]).toMatchObject({ name: 'tiny', status: 'Loaded (transformers, 2048 tokens of context)' });
  });

  it('names an offered language model as its card does, not by the name inside its file', () => {
    const smol = modelOffers(SITE).find((o) => o.role === 'llm')!;
    const s = chooseOffer(DEFAULT_SETTINGS, smol);
    const info = { model: 'Smollm2 135M 8k Lc100K Mix1 Ep2', engine: 'wllama', contextWindow: 4096 };
    expect(loadedModels(s, { state: 'ready' }, { state: 'ready', info }, modelOffers(SITE))[1].name).toBe('SmolLM2 135M');
    expect(loadedModels(s, { state: 'ready' }, { state: 'ready', info })[1].name).toBe(info.model);
  });
});
