/**
 * test/models/manifest.json: the random-weight test models, so Settings offers them as "on
 * this site" in dev and preview (they never ship in a build). Rewritten by
 *   npx tsx scripts/models/test-manifest.ts
 * after a generator changes a model; a unit test checks it against the files.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MANIFEST_VERSION, type Manifest, type ManifestModel } from '../../src/core/models';
import { TINY_CAUSAL_LM_ID } from '../../src/adapters/transformers/tiny-causal-lm';
import { TINY_EMBEDDER_DIM, TINY_EMBEDDER_ID } from '../../src/adapters/transformers/tiny-embedder';
import { isMainModule, REPO_ROOT } from './write-model';

export const TEST_MODELS_DIR = join(REPO_ROOT, 'test/models');

const TEST_MODELS: Array<Omit<ManifestModel, 'files'>> = [
  {
    id: TINY_EMBEDDER_ID,
    kind: 'embedder',
    format: 'transformers',
    name: 'Tiny test embedder (random weights)',
    license: 'CC0-1.0',
    source: 'generated',
    dtype: 'fp32',
    pooling: 'mean',
    dim: TINY_EMBEDDER_DIM,
    randomWeights: true,
  },
  {
    id: 'sieve/tiny-cross-encoder',
    kind: 'reranker',
    format: 'transformers',
    name: 'Tiny test cross-encoder (random weights)',
    license: 'CC0-1.0',
    source: 'generated',
    dtype: 'fp32',
    randomWeights: true,
  },
  {
    id: TINY_CAUSAL_LM_ID,
    kind: 'llm',
    format: 'transformers',
    name: 'Tiny test causal LM (random weights)',
    license: 'CC0-1.0',
    source: 'generated',
    dtype: 'fp32',
    randomWeights: true,
  },
];

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesOf(join(dir, name)) : [join(dir, name)]));
}

export function testManifest(): Manifest {
  const models = TEST_MODELS.map((m) => {
    const dir = join(TEST_MODELS_DIR, m.id);
    const files = filesOf(dir)
      .filter((p) => !p.endsWith('README.md'))
      .sort()
      .map((p) => {
        const bytes = readFileSync(p);
        return { path: relative(dir, p).split('\\').join('/'), bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      });
    return { ...m, files };
  });
  return { version: MANIFEST_VERSION, models };
}

if (isMainModule(import.meta.url)) {
  writeFileSync(join(TEST_MODELS_DIR, 'manifest.json'), `${JSON.stringify(testManifest(), null, 2)}\n`);
  console.log(`wrote ${join(TEST_MODELS_DIR, 'manifest.json')}`);
}
