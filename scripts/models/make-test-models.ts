/**
 * The random-weight test models are generated, not committed: this writes them under
 * test/models/ (or the folder given) and checks every file against the sha256 committed in
 * test/models/manifest.json, so a generator that drifts fails here rather than in a test far away.
 *   npx tsx scripts/models/make-test-models.ts [outDir]
 * Unit tests (vitest's global setup) and `npm run test:models` run it; it takes a few seconds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseManifest } from '../../src/core/models';
import { TINY_CAUSAL_LM_ID } from '../../src/adapters/transformers/tiny-causal-lm';
import { TINY_EMBEDDER_ID } from '../../src/adapters/transformers/tiny-embedder';
import { tinyCausalLmFiles } from './make-tiny-causal-lm';
import { TINY_CROSS_ENCODER_ID, tinyCrossEncoderFiles } from './make-tiny-cross-encoder';
import { tinyEmbedderFiles } from './make-tiny-embedder';
import { isMainModule, REPO_ROOT, writeModelFiles } from './write-model';

const TEST_MODELS_DIR = join(REPO_ROOT, 'test/models');

const GENERATORS: Record<string, () => Map<string, Uint8Array>> = {
  [TINY_EMBEDDER_ID]: tinyEmbedderFiles,
  [TINY_CROSS_ENCODER_ID]: tinyCrossEncoderFiles,
  [TINY_CAUSAL_LM_ID]: () => tinyCausalLmFiles(),
};

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The committed hashes: file path → sha256, per model id. */
export function committedHashes(): Map<string, Map<string, string>> {
  const manifest = parseManifest(readFileSync(join(TEST_MODELS_DIR, 'manifest.json'), 'utf8'));
  return new Map(manifest.models.map((m) => [m.id, new Map(m.files.map((f) => [f.path, f.sha256]))]));
}

/** Generated files that are not what the manifest says, as "id/path" (README.md is not listed there). */
export function mismatches(id: string, files: Map<string, Uint8Array>, hashes = committedHashes()): string[] {
  const expected = hashes.get(id) ?? new Map<string, string>();
  const generated = [...files].filter(([path]) => path !== 'README.md');
  const wrong = generated.filter(([path, bytes]) => expected.get(path) !== sha256(bytes)).map(([path]) => `${id}/${path}`);
  const missing = [...expected.keys()].filter((path) => !files.has(path)).map((path) => `${id}/${path} (not generated)`);
  return [...wrong, ...missing];
}

/** Whether `dir` already holds every model file the manifest lists, with its hash. */
function upToDate(dir: string, hashes: Map<string, Map<string, string>>): boolean {
  return [...hashes].every(([id, files]) =>
    [...files].every(([path, hash]) => {
      const file = join(dir, id, path);
      return existsSync(file) && sha256(readFileSync(file)) === hash;
    }),
  );
}

/** Generates the test models into `dir` unless they are there already; throws if a generator drifted from the manifest. */
export function makeTestModels(dir = TEST_MODELS_DIR): void {
  const hashes = committedHashes();
  if (upToDate(dir, hashes)) return;
  for (const [id, generate] of Object.entries(GENERATORS)) {
    const files = generate();
    const wrong = mismatches(id, files, hashes);
    if (wrong.length) throw new Error(`generated test model files differ from test/models/manifest.json: ${wrong.join(', ')}`);
    writeModelFiles(dir, id, files);
  }
}

if (isMainModule(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? TEST_MODELS_DIR);
  makeTestModels(dir);
  console.log(`test models ready in ${dir}`);
}
