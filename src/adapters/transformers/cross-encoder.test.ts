/**
 * The cross-encoder adapter's own logic (batching, abort, truncation, logits → scores, load
 * errors) without a model. scripts/models/make-tiny-cross-encoder-scoring.test.ts runs a real one.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CrossEncoderReranker, fitPairs, loadCrossEncoder, scoresFromLogits, type ScoreBatch } from './cross-encoder';
import { ModelLoadError } from '../../core/models';

const MODELS_DIR = fileURLToPath(new URL('../../../test/models/', import.meta.url));

describe('fitPairs', () => {
  // [CLS]=2 q=10,11 [SEP]=3 passage=20.. [SEP]=3
  const pair = (passage: number) => [2, 10, 11, 3, ...Array.from({ length: passage }, (_, i) => 20 + i), 3];
  const types = (passage: number) => [0, 0, 0, 0, ...new Array<number>(passage + 1).fill(1)];
  const encode = (...passages: number[]) => ({
    input_ids: passages.map(pair),
    attention_mask: passages.map((n) => new Array<number>(n + 5).fill(1)),
    token_type_ids: passages.map(types),
  });

  it('pads every row to the longest, with the pad id, zero mask and zero type', () => {
    const fitted = fitPairs(encode(1, 3), 100, 0);
    expect(fitted.input_ids).toEqual([
      [2, 10, 11, 3, 20, 3, 0, 0],
      [2, 10, 11, 3, 20, 21, 22, 3],
    ]);
    expect(fitted.attention_mask[0]).toEqual([1, 1, 1, 1, 1, 1, 0, 0]);
    expect(fitted.token_type_ids?.[0]).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
  });

  it('pads on the left when the tokenizer does', () => {
    expect(fitPairs(encode(1, 2), 100, 9, true).input_ids[0]).toEqual([9, 2, 10, 11, 3, 20, 3]);
  });

  it('cuts the end of a long passage but keeps the closing special token', () => {
    const fitted = fitPairs(encode(10, 1), 8, 0);
    expect(fitted.input_ids).toEqual([
      [2, 10, 11, 3, 20, 21, 22, 3],
      [2, 10, 11, 3, 20, 3, 0, 0],
    ]);
    expect(fitted.attention_mask[0]).toEqual(new Array(8).fill(1));
    expect(fitted.token_type_ids?.[0]).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('leaves token_type_ids out when the tokenizer gives none', () => {
    const { token_type_ids: _, ...noTypes } = encode(2);
    expect(fitPairs(noTypes, 100, 0)).not.toHaveProperty('token_type_ids');
  });
});

describe('scoresFromLogits', () => {
  it('takes the single logit of each pair', () => {
    expect(scoresFromLogits({ dims: [3, 1], data: new Float32Array([0.5, -2, 3]) }, 3)).toEqual([0.5, -2, 3]);
  });

  it("takes the positive class's log-odds from two-label models", () => {
    expect(scoresFromLogits({ dims: [2, 2], data: [1, 3, 2, -1] }, 2)).toEqual([2, -3]);
  });

  it('rejects logits of another shape', () => {
    expect(() => scoresFromLogits({ dims: [2, 1], data: [1, 2] }, 3)).toThrow(/\[3, 1\].*got \[2, 1\]/);
    expect(() => scoresFromLogits({ dims: [2, 5], data: new Array(10).fill(0) }, 2)).toThrow(/got \[2, 5\]/);
    expect(() => scoresFromLogits({ dims: [2, 4, 1], data: new Array(8).fill(0) }, 2)).toThrow(/got \[2, 4, 1\]/);
  });
});

describe('CrossEncoderReranker', () => {
  /** Scores a passage by its length, recording each batch. */
  const fake = () => {
    const batches: string[][] = [];
    const scoreBatch: ScoreBatch = async (_query, passages) => {
      batches.push(passages);
      return passages.map((p) => p.length);
    };
    return { batches, scoreBatch };
  };
  const passages = Array.from({ length: 40 }, (_, i) => 'x'.repeat(i));

  it('scores in batches, keeping passage order', async () => {
    const { batches, scoreBatch } = fake();
    const reranker = new CrossEncoderReranker('test', scoreBatch, async () => {}, 16);
    expect(await reranker.score('q', passages)).toEqual(passages.map((p) => p.length));
    expect(batches.map((b) => b.length)).toEqual([16, 16, 8]);
  });

  it('does not call the model for no passages', async () => {
    const { batches, scoreBatch } = fake();
    expect(await new CrossEncoderReranker('test', scoreBatch, async () => {}).score('q', [])).toEqual([]);
    expect(batches).toEqual([]);
  });

  it('stops between batches once the signal is aborted', async () => {
    const { batches, scoreBatch } = fake();
    const reranker = new CrossEncoderReranker('test', scoreBatch, async () => {}, 16);
    const controller = new AbortController();
    const scoring = reranker.score('q', passages, controller.signal);
    controller.abort();
    await expect(scoring).rejects.toThrow(/abort/i);
    expect(batches).toHaveLength(1);
  });

  it('rejects a batch scorer that returns the wrong number of scores', async () => {
    const reranker = new CrossEncoderReranker(
      'test',
      async () => [1],
      async () => {},
    );
    await expect(reranker.score('q', ['a', 'b'])).rejects.toThrow(/1 scores for 2 passages/);
  });

  it('rejects a batch size below 1', () => {
    expect(
      () =>
        new CrossEncoderReranker(
          'test',
          async () => [],
          async () => {},
          0,
        ),
    ).toThrow(/batch size/);
  });
});

describe('loadCrossEncoder failures', () => {
  it('names the model id, the folder tried and the cause when a local model is missing', async () => {
    const error = await loadCrossEncoder({
      modelId: 'sieve/no-such-reranker',
      source: { kind: 'local', baseUrl: MODELS_DIR },
      device: 'cpu',
      wasmPaths: '/vendor/ort/',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    const message = (error as Error).message;
    expect(message).toContain('reranker');
    expect(message).toContain('"sieve/no-such-reranker"');
    expect(message).toContain(`${MODELS_DIR}sieve/no-such-reranker/`);
    expect(message).toMatch(/not found/i);
  });
});
