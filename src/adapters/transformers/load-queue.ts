import { configureTransformersEnv } from './env-config';
import type { ModelSource } from './options';
import { Serial } from '../../core/serial';

type TransformersModule = typeof import('@huggingface/transformers');

const loads = new Serial();

/**
 * Imports transformers.js, points its single global `env` at `source`, and runs `load`, one
 * load at a time for every kind of model (embedder, LLM, cross-encoder): two loads from
 * different sources must not interleave, or one would read the other's settings.
 */
export function withTransformers<T>(source: ModelSource, wasmPaths: string, load: (tf: TransformersModule) => Promise<T>): Promise<T> {
  return loads.run(async () => {
    const tf = await import('@huggingface/transformers');
    configureTransformersEnv(tf.env, source, wasmPaths);
    return load(tf);
  });
}
