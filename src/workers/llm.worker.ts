/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import { LLM_HOST_METHODS, LLM_WORKER_METHODS, type LlmWorkerApi } from '../rpc/apis/llm';
import { loadModel } from '../services/registry';
import { llmHostApi } from '../services/remote-engine';

// Thin host for one language model (methods: see LlmWorkerApi). Other workers (e.g. the library
// worker) get their own connection through `connect`, all to the same model.
// web-llm lives in this worker only: the page asks it for WebLLM's model list too.
const host = llmHostApi(
  (settings, onProgress, file) => loadModel('llm', { ...settings, file }, onProgress),
  async () => (await import('../adapters/webllm')).webLlmCatalogue(),
);

const api: LlmWorkerApi = {
  ...host,
  connect: (port) => expose(host, port, LLM_HOST_METHODS),
};

expose(api, self, LLM_WORKER_METHODS);
