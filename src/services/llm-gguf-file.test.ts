import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../testing/scripted-engine';
import { llmModelName, type LlmSettings } from '../core/settings';
import { expose } from '../rpc/expose';
import { LLM_HOST_METHODS } from '../rpc/apis/llm';
import { wllamaLoadOptions, WLLAMA_WASM } from './registry';
import { llmHostApi, rpcOverPort } from './remote-engine';

const PICKED: LlmSettings = { kind: 'wllama', source: 'file', fileName: 'smol.gguf', fileSize: 4, device: 'wasm' };
const open: MessagePort[] = [];

afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

describe('a picked GGUF file on its way to the LLM worker', () => {
  it('crosses the port beside the settings (loadFile) and reaches the loader; plain load passes none', async () => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    const seen: Array<{ settings: LlmSettings; file?: Blob }> = [];
    expose(
      llmHostApi(async (settings, _onProgress, file) => {
        seen.push({ settings, file });
        return new ScriptedEngine([]);
      }),
      port1,
      LLM_HOST_METHODS,
    );
    const rpc = rpcOverPort(port2);
    const file = new Blob(['GGUF']);
    await rpc.loadFile(PICKED, file);
    await rpc.load(PICKED);
    expect(seen[0].settings).toEqual(PICKED);
    expect(await seen[0].file?.text()).toBe('GGUF');
    expect(seen[1].file).toBeUndefined();
  });
});

describe('wllamaLoadOptions', () => {
  it('maps a picked file to its name and size (with the File when there is one) and the self-hosted wasm', () => {
    const file = new Blob(['GGUF']);
    expect(wllamaLoadOptions(PICKED as Extract<LlmSettings, { kind: 'wllama' }>, file)).toEqual({
      source: { kind: 'file', name: 'smol.gguf', size: 4, file },
      nCtx: undefined,
      device: 'wasm',
      wasmPath: '/vendor/wllama/wllama.wasm',
      llamaHost: '/vendor/llama-host/host.js',
    });
    expect(WLLAMA_WASM).toBe('/vendor/wllama/wllama.wasm');
  });

  it('maps a URL and a context size', () => {
    expect(wllamaLoadOptions({ kind: 'wllama', source: 'url', url: ' https://huggingface.co/a/b/resolve/main/c.gguf ', nCtx: 2048 })).toMatchObject({
      source: { kind: 'url', url: 'https://huggingface.co/a/b/resolve/main/c.gguf' },
      nCtx: 2048,
    });
  });
});

describe('llmModelName', () => {
  it('names GGUF models by file name, from a pick or the URL', () => {
    expect(llmModelName({ kind: 'wllama', source: 'file', fileName: 'smol.gguf' })).toBe('smol.gguf');
    expect(llmModelName({ kind: 'wllama', source: 'url', url: 'https://huggingface.co/a/b/resolve/main/Qwen%202.gguf?download=true' })).toBe('Qwen 2.gguf');
    expect(llmModelName({ kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' })).toBe('Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
  });
});
