import type { LlmEngine } from '../../core/llm';
import { defaultDtype, resolveDevice } from '../transformers/device';
import { modelLocation } from '../transformers/env-config';
import { withTransformers } from '../transformers/load-queue';
import { didNotRun, transformersLoadError } from '../transformers/load-error';
import { runtimeEnv } from '../env';
import { progressReporter } from '../transformers/progress';
import { TransformersLlm } from './engine';
import type { TransformersLlmOptions } from './options';

/** Context cap: the KV cache and logits of a longer prompt would not fit in a browser tab. */
const DEFAULT_MAX_CONTEXT = 4096;

/**
 * Loads a text-generation ONNX model (with a chat template) through transformers.js.
 * Throws ModelLoadError (kind 'llm') naming the model id, the folder or URL tried, and the
 * cause; its code is 'not-found' when a file is missing, else 'load'.
 */
export async function loadTransformersLlm(options: TransformersLlmOptions): Promise<LlmEngine> {
  const device = resolveDevice(options.device, options.env ?? (await runtimeEnv()));
  const dtype = options.dtype ?? defaultDtype(device);
  const location = `${modelLocation(options.modelId, options.source)} (${dtype}, ${device})`;

  const { generator, runtime } = await withTransformers(options.source, options.wasmPaths, async (tf) => {
    const generator = await tf.pipeline('text-generation', options.modelId, {
      device,
      dtype,
      progress_callback: options.onProgress ? progressReporter(options.onProgress) : undefined,
    });
    return { generator, runtime: { TextStreamer: tf.TextStreamer, InterruptableStoppingCriteria: tf.InterruptableStoppingCriteria, Tensor: tf.Tensor } };
  }).catch((e: unknown) => {
    throw transformersLoadError('llm', options.modelId, location, e);
  });

  if (!generator.tokenizer.chat_template) {
    await generator.dispose();
    throw transformersLoadError('llm', options.modelId, location, new Error('the model has no chat template (choose an instruction-tuned model)'));
  }
  const contextWindow = contextWindowOf(generator.model.config, generator.tokenizer.model_max_length, options.maxContext ?? DEFAULT_MAX_CONTEXT);
  const vocab = (generator.model.config as { vocab_size?: unknown }).vocab_size;
  const vocabSize = typeof vocab === 'number' && vocab > 0 ? vocab : undefined;
  const engine = new TransformersLlm({ engine: 'transformers', model: options.modelId, contextWindow, splitScores: true, ...(vocabSize ? { vocabSize } : {}) }, generator, runtime);
  try {
    // One token proves the graph runs on this device.
    await engine.generate([{ role: 'user', content: 'Hi' }], { maxTokens: 1 });
    return engine;
  } catch (e) {
    engine.dispose();
    throw transformersLoadError('llm', options.modelId, location, didNotRun(e));
  }
}

/** The smallest of the model's position limit, the tokenizer's limit and the memory cap. */
function contextWindowOf(config: unknown, tokenizerMax: unknown, cap: number): number {
  const c = config as { max_position_embeddings?: unknown; n_positions?: unknown; max_sequence_length?: unknown };
  const limits = [c?.max_position_embeddings, c?.n_positions, c?.max_sequence_length, tokenizerMax, cap].filter(
    (n): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0,
  );
  return Math.min(...limits);
}
