/** Dot product of two equal-length vectors; equals cosine similarity for unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n);
  if (n === 0) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i] / n;
  return out;
}

/** sims[i] = cosine(vectors[i], vectors[i + 1]); vectors must be unit length. */
export function neighbourSimilarities(vectors: Float32Array[]): Float32Array {
  const sims = new Float32Array(Math.max(0, vectors.length - 1));
  for (let i = 0; i + 1 < vectors.length; i++) sims[i] = dot(vectors[i], vectors[i + 1]);
  return sims;
}

/** Packs equal-length vectors into one row-major matrix. */
export function packRows(vectors: Float32Array[], dim: number): Float32Array {
  const out = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => out.set(v, i * dim));
  return out;
}
