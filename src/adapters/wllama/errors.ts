import { describeCause, ModelLoadError } from '../../core/models';

type WllamaErrorCode =
  | 'not-gguf'
  | 'unsupported-architecture'
  | 'too-large'
  | 'out-of-memory'
  | 'download'
  /** A file shorter than its header says (a download or copy that stopped early). */
  | 'incomplete'
  | 'not-found'
  /** A file picked from disk before a reload that the browser did not keep. */
  | 'file-needed'
  | 'unsupported-browser'
  | 'load'
  /** A failure after the model loaded, while generating or scoring. */
  | 'run';

interface ErrorDetails {
  cause?: string;
  /** general.architecture from the GGUF header, when it could be read. */
  architecture?: string;
  size?: number;
  limit?: number;
  /** Why `limit` is what it is. */
  limitReason?: string;
  /** How far a cut download got. */
  loaded?: number;
  /** The URL the model came from, when it did (kept on the error, not put in the message). */
  location?: string;
}

/**
 * A GGUF model that could not be made ready (or failed later), in words naming the file (its
 * name, or the last part of its URL) and the cause; `code` says which kind, for the UI.
 */
export function ggufError(code: WllamaErrorCode, file: string, details: ErrorDetails = {}, cause?: unknown): ModelLoadError {
  return new ModelLoadError({ kind: 'llm', engine: 'wllama', model: file, location: details.location, code, message: wllamaMessage(code, file, details), cause });
}

function isGgufError(e: unknown): e is ModelLoadError {
  return e instanceof ModelLoadError && e.engine === 'wllama';
}

function wllamaMessage(code: WllamaErrorCode, file: string, d: ErrorDetails = {}): string {
  const f = `"${file}"`;
  const cause = d.cause ? `: ${d.cause}` : '';
  switch (code) {
    case 'not-gguf':
      return `${f} is not a GGUF model${cause}. Choose a .gguf file (llama.cpp's format), e.g. from a Hugging Face "-GGUF" repository, LM Studio's models folder or Ollama's blobs.`;
    case 'unsupported-architecture':
      return `llama.cpp could not load ${f}${d.architecture ? ` (architecture "${d.architecture}")` : ''}${cause}. The architecture or quantisation may be newer than the llama.cpp built into this app; choose a model of a common family (Llama, Qwen, Gemma, Phi, SmolLM, Mistral).`;
    case 'too-large':
      return `${f} is ${gb(d.size)}, more than this browser can hold (about ${gb(d.limit)}${d.limitReason ? `: ${d.limitReason}` : ''}). Choose a smaller model or a smaller quantisation (e.g. Q4_K_M).`;
    case 'out-of-memory':
      return `Not enough memory for ${f}${cause}. Close other tabs, lower the context size, or choose a smaller model.`;
    case 'download':
      return `Downloading ${f} ${d.loaded !== undefined ? `stopped after ${gb(d.loaded)}${d.size ? ` of ${gb(d.size)}` : ''}` : 'failed'}${cause}. Check the connection and try again; the download starts over.`;
    case 'incomplete':
      return `${f} is incomplete${cause}: it is shorter than its header says, as after a download that stopped early. Get the file again.`;
    case 'not-found':
      return `${f} was not found${cause}. Check the URL (a Hugging Face file URL looks like https://huggingface.co/<repo>/resolve/main/<file>.gguf).`;
    case 'file-needed':
      return `${f} was picked from this computer and is not stored in this browser${cause}. Pick the file again.`;
    case 'unsupported-browser':
      return `This browser cannot run ${f} with llama.cpp${cause}.`;
    case 'load':
      return `Loading ${f} failed${cause}`;
    case 'run':
      return `${f} failed${cause}`;
  }
}

const GB = 1024 ** 3;

function gb(bytes: number | undefined): string {
  if (bytes === undefined) return 'an unknown size';
  return bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

const MEMORY =
  /out of memory|\bOOM\b|failed to allocate|could not allocate|cannot allocate|allocation failed|Array buffer allocation|Memory\(\): could not|QuotaExceeded|insufficient memory/i;
const NETWORK = /Failed to fetch|NetworkError|network error|Load failed|fetch failed|ERR_[A-Z_]+|terminated|The network connection was lost/i;
const TRUNCATED = /not within (the )?file bounds|unexpectedly reached end of file|unexpected end of file/i;
const MODEL_LOAD = /unknown model architecture|error loading model|failed to load model|unsupported model|wrong number of tensors|invalid (ggml )?type/i;

/**
 * Sorts a failure while loading (or running) `file` into a ModelLoadError. `logs` are llama.cpp's error
 * lines from the load, which carry the real cause when llama.cpp only reports "failed".
 */
export function toGgufError(e: unknown, file: string, details: ErrorDetails = {}, logs: string[] = [], phase: 'load' | 'run' = 'load'): ModelLoadError {
  if (isGgufError(e)) return e;
  const message = describeCause(e);
  const text = [message, ...logs].join('\n');
  const logCause = lastUseful(logs);
  const cause = logCause && !message.includes(logCause) ? `${message} (${logCause})` : message;
  if (MEMORY.test(text)) return ggufError('out-of-memory', file, { ...details, cause }, e);
  const http = /HTTP (\d{3})/.exec(message);
  if (http?.[1] === '404') return ggufError('not-found', file, { ...details, cause: `HTTP 404` }, e);
  if (http || NETWORK.test(message)) return ggufError('download', file, { ...details, cause }, e);
  if (phase === 'load' && TRUNCATED.test(text)) return ggufError('incomplete', file, { ...details, cause: logCause ?? message }, e);
  if (phase === 'load' && MODEL_LOAD.test(text)) return ggufError('unsupported-architecture', file, { ...details, cause: logCause ?? message }, e);
  return ggufError(phase, file, { ...details, cause }, e);
}

/** The most telling of llama.cpp's error lines ("unknown model architecture: 'x'" over "failed to load model"). */
function lastUseful(logs: string[]): string | undefined {
  for (const line of logs) {
    const arch = /unknown model architecture: '[^']*'/.exec(line);
    if (arch) return arch[0];
  }
  return logs
    .map((l) => l.replace(/^\s*\w+:\s*/, '').trim())
    .filter(Boolean)
    .at(-1);
}
