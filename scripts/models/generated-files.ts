import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { mismatches } from './make-test-models';
import { REPO_ROOT } from './write-model';

/** Checks for the generators' tests: what a generator returns, against the hashes committed in test/models/manifest.json. */

/** Bytes of all the files together. */
export function totalBytes(files: Map<string, Uint8Array>): number {
  return [...files.values()].reduce((n, f) => n + f.length, 0);
}

/** One generated JSON file, parsed. */
export function parseJsonFile(files: Map<string, Uint8Array>, path: string) {
  return JSON.parse(new TextDecoder().decode(files.get(path)));
}

/** Every generated file has the bytes whose sha256 test/models/manifest.json lists for the model at `modelDir`, and none is missing. */
export function expectCommittedBytes(files: Map<string, Uint8Array>, modelDir: string): void {
  const id = relative(join(REPO_ROOT, 'test/models'), modelDir).split('\\').join('/').replace(/\/$/, '');
  expect(mismatches(id, files)).toEqual([]);
}
