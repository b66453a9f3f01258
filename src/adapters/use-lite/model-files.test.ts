import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../core/embed';
import { fetchUseLiteFiles, type FetchLike } from './model-files';

const modelJson = {
  modelTopology: { node: [] },
  weightsManifest: [{ paths: ['shard1', 'shard2'], weights: [{ name: 'w', shape: [2, 3], dtype: 'float32' }] }],
};

/** Serves `files` from memory; anything else is a 404. */
function fakeFetch(files: Record<string, BodyInit | null>, seen: string[] = []): FetchLike {
  return async (url) => {
    seen.push(url);
    const name = url.slice(url.lastIndexOf('/') + 1);
    return name in files ? new Response(files[name]) : new Response('missing', { status: 404, statusText: 'Not Found' });
  };
}

const good = () => ({
  'model.json': JSON.stringify(modelJson),
  'vocab.json': JSON.stringify([
    ['<unk>', 0],
    ['▁a', -1],
    [':', null],
  ]),
  shard1: new Uint8Array(16),
  shard2: new Uint8Array(8),
});

describe('fetchUseLiteFiles', () => {
  it('assembles artifacts from the manifest and reports byte progress up to the total', async () => {
    const progress: LoadProgress[] = [];
    const seen: string[] = [];
    const files = await fetchUseLiteFiles('/models/use', fakeFetch(good(), seen), (p) => progress.push(p));
    expect(seen).toContain('/models/use/model.json');
    expect(files.vocab).toHaveLength(3);
    expect(files.artifacts.weightSpecs).toEqual(modelJson.weightsManifest[0].weights);
    expect((files.artifacts.weightData as ArrayBuffer[]).map((b) => b.byteLength)).toEqual([16, 8]);
    const last = progress[progress.length - 1];
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBe(24 + new TextEncoder().encode(good()['vocab.json']).length);
    expect(new Set(progress.map((p) => p.file))).toEqual(new Set(['vocab.json', 'shard1', 'shard2']));
  });

  it('names a missing shard and its HTTP status', async () => {
    const files: Record<string, BodyInit | null> = good();
    delete files.shard2;
    await expect(fetchUseLiteFiles('/m/', fakeFetch(files))).rejects.toThrow('Loading the embedding model failed: shard2 returned HTTP 404 Not Found');
  });

  it('notices truncated weights and a broken vocabulary', async () => {
    await expect(fetchUseLiteFiles('/m/', fakeFetch({ ...good(), shard2: new Uint8Array(4) }))).rejects.toThrow(/weight files hold 20 bytes but model\.json expects 24/);
    await expect(fetchUseLiteFiles('/m/', fakeFetch({ ...good(), 'vocab.json': '{"a":1}' }))).rejects.toThrow(/vocab\.json is not a list of \[piece, score\] pairs/);
  });

  it('explains a network failure', async () => {
    const failing: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchUseLiteFiles('/m/', failing)).rejects.toThrow('Loading the embedding model failed: model.json could not be downloaded from /m/ (Failed to fetch)');
  });
});
