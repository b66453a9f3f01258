import type { LlmEngine } from '../../core/llm';
import { cpuOnly, defaultThreads, modelSizeLimit } from './environment';
import { WllamaEngine } from './engine';
import { ggufError, toGgufError } from './errors';
import { describeNotGguf, hasGgufMagic, readGgufHeader, type GgufHeader } from './gguf';
import { pickedFileKey } from './model-store';
import type { GgufSource, WllamaOptions } from './options';
import { browserRuntime, type NativeLog, type WllamaInstance, type WllamaRuntime } from './runtime';

/** Context cap: a longer KV cache would not fit beside the weights in a browser tab. */
const DEFAULT_MAX_CONTEXT = 4096;
/** Below this the pipeline's prompts cannot fit at all. */
const MIN_CONTEXT = 256;
/** Enough of a file to tell GGUF from a web page or an archive. */
const SNIFF_BYTES = 64;

/**
 * Loads a GGUF model into llama.cpp (wllama) in this thread: from a URL (downloaded once into
 * the browser's model cache) or a picked file (a copy kept so it survives a reload). Checks
 * that it is GGUF and not too large before llama.cpp sees it. Every failure is a ModelLoadError
 * (engine 'wllama') naming the file and the cause.
 */
export async function loadWllama(options: WllamaOptions, runtime?: WllamaRuntime): Promise<LlmEngine> {
  const name = sourceName(options.source);
  const rt = runtime ?? (await browserRuntime());
  const device = options.device ?? 'auto';
  const location = sourceUrl(options.source);
  // Sieve's own CPU build uses 32-bit memory; only wllama's needs Memory64.
  const ownBuild = cpuOnly(rt.env, device) && options.llamaHost !== undefined && rt.createCpu !== undefined;
  if (!rt.env.memory64 && !ownBuild) {
    throw ggufError('unsupported-browser', name, { cause: 'it lacks WebAssembly Memory64, which llama.cpp needs here (Chrome or Edge 133+, Firefox 134+)', location });
  }
  if (device === 'webgpu' && !rt.env.webgpu) throw ggufError('unsupported-browser', name, { cause: 'it has no WebGPU; choose the CPU (WASM) instead', location });
  const progress = (file: string, loaded: number, total: number) => options.onProgress?.({ file, loaded, total });

  let header: GgufHeader | undefined;
  try {
    const blobs = await modelBlobs(options.source, rt, name, progress, options.signal);
    const sniff = new Uint8Array(await blobs[0].slice(0, SNIFF_BYTES).arrayBuffer());
    if (!hasGgufMagic(sniff)) throw ggufError('not-gguf', name, { cause: describeNotGguf(sniff), location });
    header = await readGgufHeader(blobs[0]);
    const size = blobs.reduce((n, b) => n + b.size, 0);
    const limit = modelSizeLimit(rt.env, device);
    if (limit && size > limit.bytes) throw ggufError('too-large', name, { size, limit: limit.bytes, limitReason: limit.reason, location });
    if (options.source.kind === 'file' && options.source.file) {
      const file = options.source.file;
      await rt.store.keepFile(pickedFileKey(name, file.size), file, (loaded, total) => progress(`Keeping a copy of ${name} in this browser`, loaded, total)).catch(() => false);
    }
    options.signal?.throwIfAborted();
    progress(`Starting llama.cpp with ${name}`, size, size);
    return await start(blobs, header, options, rt, name);
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw toGgufError(e, name, { architecture: header?.architecture, location });
  }
}

async function start(blobs: Blob[], header: GgufHeader, options: WllamaOptions, rt: WllamaRuntime, name: string): Promise<LlmEngine> {
  const log: NativeLog = { errors: [] };
  const cpu = cpuOnly(rt.env, options.device ?? 'auto');
  const own = cpu && options.llamaHost !== undefined && rt.createCpu !== undefined;
  try {
    return await startWith(own ? rt.createCpu!(options.llamaHost!, log) : rt.create(options.wasmPath, log), blobs, header, options, rt, name, cpu);
  } catch (e) {
    // Sieve's build could not start at all (its worker or WebAssembly did not load): wllama's build, where the browser has Memory64.
    if (own && rt.env.memory64 && e instanceof Error && /the llama\.cpp worker failed/.test(e.message)) {
      const fallback: NativeLog = { errors: [] };
      try {
        return await startWith(rt.create(options.wasmPath, fallback), blobs, header, options, rt, name, cpu);
      } catch (e2) {
        throw toGgufError(e2, name, { architecture: header.architecture, location: sourceUrl(options.source) }, fallback.errors);
      }
    }
    throw toGgufError(e, name, { architecture: header.architecture, location: sourceUrl(options.source) }, log.errors);
  }
}

/** Loads the model into one llama.cpp instance; on failure the instance is ended and the error passed on as it is. */
async function startWith(wllama: WllamaInstance, blobs: Blob[], header: GgufHeader, options: WllamaOptions, rt: WllamaRuntime, name: string, cpu: boolean): Promise<LlmEngine> {
  const nCtx = options.nCtx ? Math.max(MIN_CONTEXT, Math.round(options.nCtx)) : Math.min(header.contextLength ?? DEFAULT_MAX_CONTEXT, DEFAULT_MAX_CONTEXT);
  try {
    await wllama.loadModel(blobs, {
      n_ctx: nCtx,
      n_threads: options.threads ?? defaultThreads(rt.env),
      // Apply the GGUF's own (Jinja) chat template, as llama-server does.
      jinja: true,
      // Otherwise wllama offloads every layer to WebGPU when the browser has it.
      ...(cpu ? { n_gpu_layers: 0 } : {}),
    });
    // wllama does not check llama.cpp's answer to "load"; a model it could not read has no vocabulary.
    const loaded = wllama.getLoadedContextInfo();
    if (loaded.success === false || !(loaded.n_vocab > 0)) throw new Error('failed to load model');
    return new WllamaEngine(wllama, { engine: 'wllama', model: header.name?.trim() || name, contextWindow: loaded.n_ctx || nCtx });
  } catch (e) {
    await wllama.exit().catch(() => undefined);
    throw e;
  }
}

/** The model's bytes: cached or downloaded for a URL; the picked file, or its kept copy after a reload. */
async function modelBlobs(
  source: GgufSource,
  rt: WllamaRuntime,
  name: string,
  progress: (file: string, loaded: number, total: number) => void,
  signal: AbortSignal | undefined,
): Promise<Blob[]> {
  if (source.kind === 'file') {
    if (source.file) return [source.file];
    const kept = await rt.store.keptFile(pickedFileKey(source.name, source.size), source.size);
    if (!kept) throw ggufError('file-needed', name);
    return [kept];
  }
  if (!source.url) throw ggufError('not-found', name, { cause: 'no URL was entered (or pick a .gguf file instead)' });
  // wllama's cache only takes URLs of .gguf files (or shards of one).
  if (!/\.gguf(\?.*)?$/i.test(source.url)) throw ggufError('not-gguf', name, { cause: `the URL ${source.url} does not end in .gguf`, location: source.url });
  const cached = await rt.store.cached(source.url);
  if (cached) return cached;
  await sniffRemote(rt, source.url, name, signal);
  return rt.store.download(source.url, name, (loaded, total) => progress(name, loaded, total), signal);
}

/** Reads the first bytes at `url` (a range request; the first chunk where ranges are ignored) so a wrong URL fails before a long download. */
async function sniffRemote(rt: WllamaRuntime, url: string, name: string, signal: AbortSignal | undefined): Promise<void> {
  const res = await rt.fetch(url, { headers: { Range: `bytes=0-${SNIFF_BYTES - 1}` }, signal });
  if (res.status === 404) throw ggufError('not-found', name, { cause: `${url} answered HTTP 404`, location: url });
  if (!res.ok) {
    const hint = res.status === 401 || res.status === 403 ? ' (the repository may be gated or private)' : '';
    throw ggufError('download', name, { cause: `${url} answered HTTP ${res.status}${hint}`, location: url });
  }
  const bytes = await firstBytes(res, SNIFF_BYTES);
  if (!hasGgufMagic(bytes)) throw ggufError('not-gguf', name, { cause: describeNotGguf(bytes), location: url });
}

async function firstBytes(res: Response, n: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(await res.arrayBuffer()).subarray(0, n);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < n) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const out = new Uint8Array(length);
  parts.reduce((at, p) => (out.set(p, at), at + p.byteLength), 0);
  return out.subarray(0, n);
}

function sourceUrl(source: GgufSource): string | undefined {
  return source.kind === 'url' ? source.url || undefined : undefined;
}

/** The name a user knows the model by: the picked file's name, or the last part of the URL. */
function sourceName(source: GgufSource): string {
  if (source.kind === 'file') return source.name;
  if (!source.url) return 'the GGUF model';
  try {
    const last = new URL(source.url, 'http://x/').pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : source.url;
  } catch {
    return source.url;
  }
}
