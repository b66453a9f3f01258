import type { Embedder } from '../core/embed';

/**
 * A deterministic bag-of-words embedder for tests: each word hashes to a dimension, so texts
 * sharing words are similar and texts sharing none are orthogonal. Records every call.
 */
export class FakeEmbedder implements Embedder {
  readonly id: string;
  readonly calls: string[][] = [];
  constructor(
    readonly dim = 64,
    id = 'fake-bow',
  ) {
    this.id = id;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    this.calls.push(texts);
    return texts.map((t) => this.vector(t));
  }

  vector(text: string): Float32Array {
    const v = new Float32Array(this.dim);
    for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      let h = 2166136261;
      for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
      v[(h >>> 0) % this.dim] += 1;
    }
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  }
}

/**
 * A bag-of-words embedder that reads some phrases as others: a stand-in for a sentence model that
 * knows "vessels and terminals" are property and equipment, where no word of them is in the lexicon.
 */
export class ThesaurusEmbedder extends FakeEmbedder {
  constructor(private readonly same: Record<string, string>) {
    // Vectors are cached by embedder id: each thesaurus is a model of its own.
    super(256, `thesaurus ${JSON.stringify(same)}`);
  }

  override vector(text: string): Float32Array {
    let t = text.toLowerCase();
    for (const [from, to] of Object.entries(this.same)) t = t.replaceAll(from, to);
    return super.vector(t);
  }
}
