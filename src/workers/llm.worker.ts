/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import type { Port } from '../rpc/protocol';
import { loadBrowserLlm } from '../services/llms';
import { llmHostApi } from '../services/remote-engine';

// Thin host for one language model (methods: see LlmHostApi). Other workers (e.g. the library
// worker) get their own connection: post `{ kind: 'connect', port }` with the port transferred.
const api = llmHostApi(loadBrowserLlm);

expose(api, self as unknown as Port);

self.addEventListener('message', (e: MessageEvent) => {
  const data = e.data as { kind?: unknown; port?: unknown } | null;
  if (data?.kind !== 'connect' || !(data.port instanceof MessagePort)) return;
  expose(api, data.port as unknown as Port);
  // A MessagePort delivers to addEventListener listeners only once started.
  data.port.start();
});
