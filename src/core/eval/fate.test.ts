import { describe, expect, it } from 'vitest';
import { ask } from '../pipeline';
import { DEFAULT_PIPELINE } from '../settings';
import { ferryDeps } from '../../testing/test-kb';
import { evidenceFate, formatFateTable } from './fate';

describe('evidenceFate', () => {
  it('says the evidence was given when a source lies on an evidence page', async () => {
    const { deps, kb } = await ferryDeps();
    const r = await ask('When does the ferry leave the harbour?', DEFAULT_PIPELINE, deps);
    const fate = evidenceFate(r, 'guide', new Set([1]), () => kb.chunksOf('guide'));
    expect(fate.outcome).toBe('given');
    expect(fate.inFront[0]).toMatch(/^p\. 1/);
  });

  it('names the verdict that stopped the evidence, or ranks it in the whole document when never retrieved', async () => {
    const { deps, kb } = await ferryDeps();
    const r = await ask('When does the ferry leave the harbour?', { ...DEFAULT_PIPELINE, candidates: 1, threshold: { ...DEFAULT_PIPELINE.threshold, relative: 0 } }, deps);
    // Page 2 holds nothing in this one-page document: no candidate lies there.
    const fate = evidenceFate(r, 'guide', new Set([2]), () => kb.chunksOf('guide'));
    expect(fate).toMatchObject({ outcome: 'not retrieved', fullRank: 0 });
    expect(formatFateTable([{ config: 'x', fate }])).toMatch(/\| x +\| 0 +\|/);
  });
});
