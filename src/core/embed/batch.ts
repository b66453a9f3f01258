/**
 * Length batching: groups inputs of similar length so a model that pads each batch to its
 * longest input wastes little work, while capping how much one batch holds.
 */

export interface BatchLimits {
  /** Most inputs in one batch. */
  maxItems: number;
  /**
   * Most length units (characters, tokens…) in one batch, counted as padded size:
   * items × longest item. A single input longer than this still gets a batch of its own.
   */
  maxTotal: number;
}

/**
 * Splits inputs into batches of original indices. Inputs are taken shortest first (ties keep
 * their order), so each batch holds neighbours in length.
 */
export function planBatches(lengths: ArrayLike<number>, limits: BatchLimits): number[][] {
  const maxItems = Math.max(1, Math.floor(limits.maxItems));
  const order = Array.from({ length: lengths.length }, (_, i) => i);
  order.sort((a, b) => lengths[a] - lengths[b] || a - b);
  const batches: number[][] = [];
  let current: number[] = [];
  for (const index of order) {
    // Sorted ascending, so this input is the longest of the batch it would join.
    const padded = (current.length + 1) * Math.max(1, lengths[index]);
    if (current.length > 0 && (current.length >= maxItems || padded > limits.maxTotal)) {
      batches.push(current);
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Runs `run` over length-sorted batches of `items` and returns the results in the original
 * order. `run` must return one result per item it is given, in order. Checks `signal`
 * between batches.
 */
export async function mapInBatches<T, R>(
  items: readonly T[],
  lengthOf: (item: T) => number,
  limits: BatchLimits,
  run: (batch: T[]) => Promise<R[]>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  for (const batch of planBatches(items.map(lengthOf), limits)) {
    signal?.throwIfAborted();
    const out = await run(batch.map((i) => items[i]));
    if (out.length !== batch.length) {
      throw new Error(`A batch of ${batch.length} inputs returned ${out.length} results`);
    }
    batch.forEach((index, k) => (results[index] = out[k]));
  }
  return results;
}

/** `mapInBatches` for texts measured in characters. */
export function embedTextsInBatches(
  texts: readonly string[],
  limits: BatchLimits,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  return mapInBatches(texts, (t) => t.length, limits, embedBatch, signal);
}
