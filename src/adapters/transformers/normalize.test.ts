import { describe, expect, it } from 'vitest';
import { normalizeInPlace } from './normalize';

describe('normalizeInPlace', () => {
  it('scales to unit length, keeping direction', () => {
    const v = normalizeInPlace(Float32Array.from([3, 4]));
    expect(v[0]).toBeCloseTo(0.6, 6);
    expect(v[1]).toBeCloseTo(0.8, 6);
  });

  it('leaves a zero vector at zero instead of NaN', () => {
    expect(Array.from(normalizeInPlace(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});
