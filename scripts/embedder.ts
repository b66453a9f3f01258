/**
 * The command-line scripts' embedder, chosen with
 *   --embedder <id>   use-lite (default), or a transformers.js model fetched by `npm run models`
 *                     (models/<id>/, also test/models/<id>/), named by its id or a unique part of it
 * loaded on the CPU (onnxruntime-node) with the dtype and pooling its manifest entry gives, so
 * the vectors match what the app computes in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadUseLiteNode } from '../src/adapters/use-lite/node';
import { loadTransformersEmbedder } from '../src/adapters/transformers';
import type { Embedder } from '../src/core/embed';
import { findById, parseManifest, type ManifestModel } from '../src/core/models';
import { REPO_ROOT } from './models/write-model';

export const EMBEDDER_OPTIONS = { embedder: { type: 'string', default: 'use-lite' } } as const;

/** Where scripts look for fetched and test models, in order. */
export const MODEL_DIRS = [join(REPO_ROOT, 'models'), join(REPO_ROOT, 'test/models')];

/** A manifest entry of a model on disk, by id or a unique part of it. */
export function findLocalModel(query: string, kind?: ManifestModel['kind']): { entry: ManifestModel; dir: string } {
  const all = MODEL_DIRS.flatMap((dir) => {
    const path = join(dir, 'manifest.json');
    return existsSync(path)
      ? parseManifest(readFileSync(path, 'utf8'), path)
          .models.filter((m) => !kind || m.kind === kind)
          .map((entry) => ({ entry, dir }))
      : [];
  });
  try {
    return findById(all, (m) => m.entry.id, query, kind ?? 'model');
  } catch (e) {
    throw new Error(`${(e as Error).message}; fetch it with npm run models -- fetch <id>`, { cause: e });
  }
}

export async function loadNodeEmbedder(id = 'use-lite'): Promise<Embedder> {
  if (id === 'use-lite') return loadUseLiteNode();
  const { entry, dir } = findLocalModel(id, 'embedder');
  return loadTransformersEmbedder({
    modelId: entry.id,
    source: { kind: 'local', baseUrl: `${dir}/` },
    device: 'cpu',
    dtype: entry.dtype === 'q4' ? undefined : entry.dtype,
    pooling: entry.pooling,
    wasmPaths: '',
  });
}
