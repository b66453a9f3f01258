import { describe, expect, it } from 'vitest';
import { renormalise, scoresFromLogits } from './scores';

describe('scoresFromLogits', () => {
  it('takes the softmax over the whole row, then renormalises over the candidates', () => {
    const row = new Float32Array([Math.log(0.5), Math.log(0.3), Math.log(0.2)]);
    const s = scoresFromLogits(row, [0, 1], ['a', 'b']);
    expect(s.probs.a).toBeCloseTo(0.625, 6);
    expect(s.probs.b).toBeCloseTo(0.375, 6);
    expect(s.coverage).toBeCloseTo(0.8, 6);
  });

  it('is stable for large logits, counts a shared token once, and gives unknown tokens 0', () => {
    const s = scoresFromLogits([1000, 1000, -1000], [0, 0, undefined], ['x', 'y', 'z']);
    expect(s.probs).toEqual({ x: 0.5, y: 0.5, z: 0 });
    expect(s.coverage).toBeCloseTo(0.5, 6);
  });
});

describe('renormalise', () => {
  it('is uniform when the candidates hold no mass', () => {
    expect(renormalise(['a', 'b'], [0, 0], 0)).toEqual({ probs: { a: 0.5, b: 0.5 }, coverage: 0 });
  });
});
