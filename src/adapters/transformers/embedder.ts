import type { Embedder } from '../../core/embed';
import { defaultDtype, resolveDevice } from './device';
import { modelLocation } from './env-config';
import { withTransformers } from './load-queue';
import { didNotRun, transformersLoadError } from './load-error';
import { runtimeEnv } from '../env';
import type { TransformersEmbedderOptions } from './options';
import { progressReporter } from './progress';
import { TransformersEmbedder } from './transformers-embedder';

/**
 * Loads any feature-extraction ONNX model through transformers.js (`@huggingface/transformers`).
 * Vectors are pooled (mean or [CLS]) and L2-normalised. The id, used as the embedding-cache
 * key, is `transformers:${modelId}:${dtype}:${pooling}`.
 * Throws ModelLoadError (kind 'embedder') naming the model id, the folder or URL tried, and the cause.
 */
export async function loadTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const device = resolveDevice(options.device, options.env ?? (await runtimeEnv()));
  const dtype = options.dtype ?? defaultDtype(device);
  const pooling = options.pooling ?? 'mean';
  const location = `${modelLocation(options.modelId, options.source)} (${dtype}, ${device})`;
  const id = `transformers:${options.modelId}:${dtype}:${pooling}`;

  const extractor = await withTransformers(options.source, options.wasmPaths, (tf) =>
    tf.pipeline('feature-extraction', options.modelId, {
      device,
      dtype,
      progress_callback: options.onProgress ? progressReporter(options.onProgress) : undefined,
    }),
  ).catch((e: unknown) => {
    throw transformersLoadError('embedder', options.modelId, location, e);
  });

  try {
    // One call proves the graph runs and tells the output width, which config.json may not.
    const probe = await extractor(['dimension probe'], { pooling });
    const dim = probe.dims[1];
    probe.dispose();
    return new TransformersEmbedder(id, dim, extractor, pooling, options.batchSize);
  } catch (e) {
    await extractor.dispose();
    throw transformersLoadError('embedder', options.modelId, location, didNotRun(e));
  }
}
