import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * When the calling module is the script being run (`npx tsx <it> [outDir]`), writes its model
 * to outDir (default: public/models) and says where.
 */
export function writeWhenRun(moduleUrl: string, id: string, files: () => Map<string, Uint8Array>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  const modelDir = writeModelFiles(resolve(process.argv[2] ?? join(REPO_ROOT, 'public/models')), id, files());
  console.log(`wrote ${modelDir}`);
}
