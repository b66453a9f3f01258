/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import type { Port } from '../rpc/protocol';
import { loadModel } from '../services/registry';
import { llmHostApi } from '../services/remote-engine';

// Thin host for one language model (methods: see LlmHostApi). Other workers (e.g. the library
// worker) get their own connection: post `{ kind: 'connect', port }` with the port transferred.
// web-llm lives in this worker only: the page asks it for WebLLM's model list too.
const api = llmHostApi(
  (settings, onProgress, file) => loadModel('llm', { ...settings, file }, onProgress),
  async () => (await import('../adapters/webllm')).webLlmCatalogue(),
);

expose(api, self as unknown as Port);

self.addEventListener('message', (e: MessageEvent) => {
  const data = e.data as { kind?: unknown; port?: unknown } | null;
  if (data?.kind !== 'connect' || !(data.port instanceof MessagePort)) return;
  expose(api, data.port as unknown as Port);
  // A MessagePort delivers to addEventListener listeners only once started.
  data.port.start();
});
