import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

/** Checks for the generators' tests: what a generator returns, against the files committed under test/models. */

/** Bytes of all the files together. */
export function totalBytes(files: Map<string, Uint8Array>): number {
  return [...files.values()].reduce((n, f) => n + f.length, 0);
}

/** One generated JSON file, parsed. */
export function parseJsonFile(files: Map<string, Uint8Array>, path: string) {
  return JSON.parse(new TextDecoder().decode(files.get(path)));
}

/** Every generated file exists under `committedDir` with the same bytes. */
export function expectCommittedBytes(files: Map<string, Uint8Array>, committedDir: string): void {
  for (const [path, bytes] of files) {
    const committed = join(committedDir, path);
    expect(existsSync(committed), `${committed} missing`).toBe(true);
    expect(Buffer.compare(readFileSync(committed), Buffer.from(bytes)), `${path} differs`).toBe(0);
  }
}
