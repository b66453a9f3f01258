import { failAll, wrap, type CallOptions, type Remote } from '../rpc/wrap';
import { LLM_WORKER_METHODS, type LlmWorkerApi } from '../rpc/apis/llm';
import { LIBRARY_METHODS, type LibraryApi } from '../rpc/apis/library';
import type { LoadProgress } from '../core/embed';
import type { LlmSettings } from '../core/settings';
import { resolveLlmUrls } from './llm-urls';

/**
 * The LLM worker, seen from the page: loading and unloading a model, and WebLLM's model list
 * (read there, so the page never imports web-llm). Questions reach the model
 * from the library worker over a port this client connects at start.
 */
export class LlmClient {
  private remote: Remote<LlmWorkerApi>;
  readonly worker: Worker;

  constructor(library: Worker, onCrash: (message: string) => void) {
    this.worker = new Worker(new URL('../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'llm' });
    this.remote = wrap<LlmWorkerApi>(this.worker, LLM_WORKER_METHODS);
    const { port1, port2 } = new MessageChannel();
    void this.remote.connect(port1, { transfer: [port1] }).catch(() => undefined);
    void wrap<LibraryApi>(library, LIBRARY_METHODS)
      .attachLlm(port2, { transfer: [port2] })
      .catch(() => undefined);
    this.worker.addEventListener('error', (e) => {
      const message = `The language model worker stopped: ${e.message || 'unknown error'}`;
      failAll(this.remote, new Error(message));
      onCrash(message);
    });
  }

  /** `file`: a GGUF file the user just picked (it travels to the worker beside the settings). */
  load = (settings: LlmSettings, options: CallOptions<LoadProgress>, file?: File) => {
    const resolved = resolveLlmUrls(settings, location.href);
    return file ? this.remote.loadFile(resolved, file, options) : this.remote.load(resolved, options);
  };
  unload = () => this.remote.unload();
  webLlmModels = () => this.remote.webLlmModels();
}
