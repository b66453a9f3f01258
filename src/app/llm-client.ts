import { RpcClient, type CallOptions } from '../rpc/wrap';
import type { LoadProgress } from '../core/embed/embedder';
import type { LlmInfo } from '../core/llm/engine';
import type { LlmSettings } from '../core/settings';
import type { WebLlmCatalogue } from '../adapters/webllm';
import { resolveLlmUrls } from './llm-urls';

/**
 * The LLM worker, seen from the page: loading and unloading a model, and WebLLM's model list
 * (read there, so the page never imports web-llm). Questions reach the model
 * from the library worker over a port this client connects at start.
 */
export class LlmClient {
  private rpc: RpcClient;
  readonly worker: Worker;

  constructor(library: Worker, onCrash: (message: string) => void) {
    this.worker = new Worker(new URL('../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'llm' });
    this.rpc = new RpcClient(this.worker as unknown as ConstructorParameters<typeof RpcClient>[0]);
    const channel = new MessageChannel();
    this.worker.postMessage({ kind: 'connect', port: channel.port1 }, [channel.port1]);
    library.postMessage({ kind: 'llm-port', port: channel.port2 }, [channel.port2]);
    this.worker.addEventListener('error', (e) => {
      const message = `The language model worker stopped: ${e.message || 'unknown error'}`;
      this.rpc.failAll(new Error(message));
      onCrash(message);
    });
  }

  /** `file`: a GGUF file the user just picked (it travels to the worker beside the settings). */
  load = (settings: LlmSettings, options: CallOptions<LoadProgress>, file?: File) => {
    const resolved = resolveLlmUrls(settings, location.href);
    return file ? this.rpc.call<LlmInfo | null>('loadFile', [resolved, file], options) : this.rpc.call<LlmInfo | null>('load', [resolved], options);
  };
  unload = () => this.rpc.call<void>('unload');
  webLlmModels = () => this.rpc.call<WebLlmCatalogue>('webLlmModels');
}
