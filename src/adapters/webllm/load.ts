import type { LoadProgress } from '../../core/embed';
import type { LlmEngine } from '../../core/llm';
import { webLlmAppConfig, type WebLlmSource } from './app-config';
import { WebLlmEngine, type MlcEngineLike } from './engine';
import { toWebLlmError, webLlmError, webLlmMessage } from './errors';
import { runtimeEnv, type RuntimeEnv } from '../env';
import { DEFAULT_WEBLLM_CONTEXT, needsShaderF16 } from './models';
import { webLlmProgressReporter } from './progress';

interface WebLlmOptions extends WebLlmSource {
  onProgress?(progress: LoadProgress): void;
  /** What this runtime offers (WebGPU, shader-f16); default runtimeEnv(). */
  env?: RuntimeEnv;
}

/**
 * Loads a WebLLM model (prebuilt, or self-hosted with modelUrl/modelLibUrl) into an MLCEngine
 * in this thread. Checks WebGPU and shader-f16 before importing web-llm, so a browser without
 * them fails fast. Every failure is a ModelLoadError (engine 'webllm') with a code and a message naming the model.
 */
export async function loadWebLlm(options: WebLlmOptions): Promise<LlmEngine> {
  const { modelId } = options;
  const env = options.env ?? (await runtimeEnv());
  const fail = (code: 'no-webgpu' | 'no-f16', cause: string) => webLlmError(code, modelId, webLlmMessage(code, modelId, cause));
  if (!env.webgpuApi) throw fail('no-webgpu', 'navigator.gpu is missing');
  if (!env.webgpu) throw fail('no-webgpu', 'no WebGPU adapter');
  if (needsShaderF16(modelId) && !env.shaderF16) throw fail('no-f16', 'no shader-f16');

  let engine: MlcEngineLike | undefined;
  try {
    const webllm = await import('@mlc-ai/web-llm');
    const appConfig = webLlmAppConfig(webllm.prebuiltAppConfig, options);
    const record = appConfig.model_list.find((m) => m.model_id === modelId);
    if (record && needsShaderF16(modelId, record) && !env.shaderF16) throw fail('no-f16', 'no shader-f16');
    const mlc = new webllm.MLCEngine({
      appConfig,
      initProgressCallback: options.onProgress ? webLlmProgressReporter(options.onProgress) : undefined,
      logLevel: 'WARN',
    });
    engine = mlc as unknown as MlcEngineLike;
    await mlc.reload(modelId);
    const contextWindow = record?.overrides?.context_window_size ?? DEFAULT_WEBLLM_CONTEXT;
    return new WebLlmEngine(engine, { engine: 'webllm', model: modelId, contextWindow }, { disableThinking: /^Qwen3(\.\d+)?-/i.test(modelId) });
  } catch (e) {
    await engine?.unload().catch(() => undefined);
    throw toWebLlmError(e, modelId, 'load');
  }
}
