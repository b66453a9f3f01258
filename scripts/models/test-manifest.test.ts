import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../src/core/models';
import { TEST_MODELS_DIR, testManifest } from './test-manifest';

describe('test/models/manifest.json', () => {
  it('lists the committed test models with their current files (rerun scripts/models/test-manifest.ts if not)', () => {
    const committed = parseManifest(readFileSync(join(TEST_MODELS_DIR, 'manifest.json'), 'utf8'));
    expect(committed).toEqual(testManifest());
    expect(committed.models.every((m) => m.randomWeights)).toBe(true);
  });
});
