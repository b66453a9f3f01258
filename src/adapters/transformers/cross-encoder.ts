import type { LoadProgress } from '../../core/embed';
import type { Reranker } from '../../core/pipeline';
import { defaultDtype, resolveDevice } from './device';
import { modelLocation } from './env-config';
import { withTransformers } from './load-queue';
import { didNotRun, transformersLoadError } from './load-error';
import { runtimeEnv, type RuntimeEnv } from '../env';
import type { DeviceChoice, ModelDtype, ModelSource } from './options';
import { progressReporter } from './progress';

const DEFAULT_RERANK_BATCH_SIZE = 16;

export interface CrossEncoderOptions {
  /** A text-classification (cross-encoder) ONNX model, e.g. 'Xenova/ms-marco-MiniLM-L-6-v2'. */
  modelId: string;
  source: ModelSource;
  device: DeviceChoice;
  /** Default: q8 on WASM, fp32 elsewhere (as for embedders). */
  dtype?: ModelDtype;
  /** Folder from which onnxruntime-web loads its .wasm/.mjs, e.g. '/vendor/ort/'. Never a CDN. */
  wasmPaths: string;
  onProgress?(progress: LoadProgress): void;
  /** (query, passage) pairs per model call (default 16). */
  batchSize?: number;
  /** What this runtime offers (WebGPU for device 'auto'); default runtimeEnv(). */
  env?: RuntimeEnv;
}

/** A Reranker that holds a model; dispose() frees it. */
export interface CrossEncoder extends Reranker {
  dispose(): Promise<void>;
}

/** Token ids of (query, passage) pairs, one row per pair, as the tokenizer returns them unpadded. */
interface PairEncoding {
  input_ids: number[][];
  attention_mask: number[][];
  token_type_ids?: number[][];
}

/**
 * Truncates each row to `maxLength` and pads all rows to the longest. A row that is too long
 * loses tokens from the end of the passage but keeps its final special token ([SEP], </s>), so
 * the model sees the ending it was trained on (transformers.js's own truncation cuts it off).
 */
export function fitPairs(encoding: PairEncoding, maxLength: number, padTokenId: number, padLeft = false): PairEncoding {
  const fit = (row: number[]) => (row.length > maxLength ? [...row.slice(0, maxLength - 1), row[row.length - 1]] : row);
  const ids = encoding.input_ids.map(fit);
  const width = Math.max(0, ...ids.map((row) => row.length));
  const pad = (row: number[], value: number) => {
    const filler = new Array<number>(width - row.length).fill(value);
    return padLeft ? [...filler, ...row] : [...row, ...filler];
  };
  return {
    input_ids: ids.map((row) => pad(row, padTokenId)),
    attention_mask: encoding.attention_mask.map((row) => pad(fit(row), 0)),
    ...(encoding.token_type_ids ? { token_type_ids: encoding.token_type_ids.map((row) => pad(fit(row), 0)) } : {}),
  };
}

/** The part of a transformers.js Tensor that scoring reads. */
interface LogitsLike {
  dims: readonly number[];
  data: ArrayLike<number>;
}

/**
 * One score per pair from classification logits: the logit itself for one-label models
 * ([n, 1], e.g. ms-marco cross-encoders), the positive class's log-odds (logit 1 − logit 0)
 * for two-label ones.
 */
export function scoresFromLogits(logits: LogitsLike, pairs: number): number[] {
  const [rows, labels = 1] = logits.dims;
  if (rows !== pairs || logits.dims.length > 2 || (labels !== 1 && labels !== 2)) {
    throw new Error(`expected logits of shape [${pairs}, 1] (one relevance score per pair), got [${logits.dims.join(', ')}]`);
  }
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    out.push(labels === 1 ? Number(logits.data[r]) : Number(logits.data[2 * r + 1]) - Number(logits.data[2 * r]));
  }
  return out;
}

/** Scores one batch of passages against the query, in order. */
export type ScoreBatch = (query: string, passages: string[]) => Promise<number[]>;

/** A Reranker over a batch scorer: splits the passages into batches and checks the signal between them. */
export class CrossEncoderReranker implements CrossEncoder {
  constructor(
    readonly id: string,
    private readonly scoreBatch: ScoreBatch,
    private readonly release: () => Promise<void>,
    private readonly batchSize = DEFAULT_RERANK_BATCH_SIZE,
  ) {
    if (!(batchSize >= 1)) throw new Error(`batch size must be at least 1, got ${batchSize}`);
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const out: number[] = [];
    for (let start = 0; start < passages.length; start += this.batchSize) {
      signal?.throwIfAborted();
      const batch = passages.slice(start, start + this.batchSize);
      const scores = await this.scoreBatch(query, batch);
      if (scores.length !== batch.length) throw new Error(`the model returned ${scores.length} scores for ${batch.length} passages`);
      out.push(...scores);
    }
    signal?.throwIfAborted();
    return out;
  }

  dispose(): Promise<void> {
    return this.release();
  }
}

interface Disposable {
  dispose(): unknown;
}

function disposeAll(values: Record<string, unknown>): void {
  for (const v of Object.values(values)) (v as Partial<Disposable>)?.dispose?.();
}

/**
 * Loads a cross-encoder (a text-classification ONNX model scoring (query, passage) pairs, such
 * as Xenova/ms-marco-MiniLM-L-6-v2) through transformers.js as a Reranker: one score per passage,
 * higher is more relevant. The id is `transformers:${modelId}:${dtype}`.
 * Throws ModelLoadError (kind 'reranker') naming the model id, the folder or URL tried, and the cause.
 */
export async function loadCrossEncoder(options: CrossEncoderOptions): Promise<CrossEncoder> {
  const device = resolveDevice(options.device, options.env ?? (await runtimeEnv()));
  const dtype = options.dtype ?? defaultDtype(device);
  const location = `${modelLocation(options.modelId, options.source)} (${dtype}, ${device})`;
  const id = `transformers:${options.modelId}:${dtype}`;

  // The text-classification pipeline loads tokenizer and model (AutoModelForSequenceClassification)
  // together and reports their progress as one total; scoring calls both directly.
  const { classifier, Tensor } = await withTransformers(options.source, options.wasmPaths, async (tf) => {
    const classifier = await tf.pipeline('text-classification', options.modelId, {
      device,
      dtype,
      progress_callback: options.onProgress ? progressReporter(options.onProgress) : undefined,
    });
    return { classifier, Tensor: tf.Tensor };
  }).catch((e: unknown) => {
    throw transformersLoadError('reranker', options.modelId, location, e);
  });

  const { tokenizer, model } = classifier;
  const positions = (model.config as { max_position_embeddings?: unknown }).max_position_embeddings;
  const maxLength = Math.min(tokenizer.model_max_length, typeof positions === 'number' && positions > 0 ? positions : Infinity);
  // Neither the tokenizer nor the config states a limit: assume BERT's.
  const limit = Number.isFinite(maxLength) ? maxLength : 512;
  const padTokenId = tokenizer.pad_token_id ?? 0;
  const padLeft = tokenizer.padding_side === 'left';

  const scoreBatch: ScoreBatch = async (query, passages) => {
    const encoded = tokenizer(new Array<string>(passages.length).fill(query), {
      text_pair: passages,
      return_tensor: false,
    }) as unknown as PairEncoding;
    const fitted = fitPairs(encoded, limit, padTokenId, padLeft);
    const inputs: Record<string, InstanceType<typeof Tensor>> = {};
    for (const [key, rows] of Object.entries(fitted) as Array<[string, number[][]]>) {
      inputs[key] = new Tensor('int64', BigInt64Array.from(rows.flat(), BigInt), [rows.length, rows[0].length]);
    }
    try {
      const output = (await model(inputs)) as { logits?: InstanceType<typeof Tensor> };
      if (!output.logits) throw new Error("the model has no 'logits' output (is it a text-classification cross-encoder?)");
      const logits = output.logits.type === 'float32' ? output.logits : output.logits.to('float32');
      const scores = scoresFromLogits(logits as LogitsLike, passages.length);
      disposeAll(output);
      if (logits !== output.logits) logits.dispose();
      return scores;
    } finally {
      disposeAll(inputs);
    }
  };

  const reranker = new CrossEncoderReranker(id, scoreBatch, () => classifier.dispose(), options.batchSize);
  try {
    // One pair proves the graph runs on this device and yields one score per pair.
    const [probe] = await reranker.score('relevance probe', ['a passage']);
    if (!Number.isFinite(probe)) throw new Error(`the score is not a finite number (${probe})`);
    return reranker;
  } catch (e) {
    await classifier.dispose();
    throw transformersLoadError('reranker', options.modelId, location, didNotRun(e));
  }
}
