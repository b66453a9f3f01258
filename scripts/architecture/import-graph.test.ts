import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../models/write-model';
import { importCycles, importGraph } from './import-graph';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sieve-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import cycles', () => {
  it('finds a ring through two modules’ public faces, and ignores type-only imports', () => {
    const root = tree({
      'a/index.ts': "export { a } from './a';",
      'a/a.ts': "import { b } from '../b';\nexport const a = () => b;",
      'b/index.ts': "export { b } from './b';",
      'b/b.ts': "import { a } from '../a';\nexport const b = () => a;",
      'c/c.ts': "import type { a } from '../a';\nexport type C = typeof a;",
    });
    const cycles = importCycles(importGraph(root)).map((ring) => ring.map((f) => relative(root, f)).sort());
    expect(cycles).toEqual([['a/a.ts', 'a/index.ts', 'b/b.ts', 'b/index.ts']]);
  });

  it('none in src: every module can be loaded on its own', () => {
    const cycles = importCycles(importGraph(join(REPO_ROOT, 'src'))).map((ring) => ring.map((f) => relative(REPO_ROOT, f)));
    expect(cycles).toEqual([]);
  });
});
