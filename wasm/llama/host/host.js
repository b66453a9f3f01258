/* Sieve's llama.cpp host: a classic Web Worker that runs wasm/llama's WebAssembly build (served
 * at ../llama/) and answers the calls of src/adapters/wllama/sieve-runtime.ts. A thin host: it
 * renders the chat with the model's template, evaluates the prompt (reusing the cached prefix),
 * reads the next token's log-probabilities or generates, and streams the pieces back.
 *
 * Messages in:  { id, op: 'load', blobs: [{ name, data }], nCtx, threads, nBatch }
 *               { id, op: 'chat', messages, maxTokens, temperature, topLogprobs }
 *               { id, op: 'splits', content, windowText, splitChar }
 *               { op: 'abort', id }   { id, op: 'exit' }
 * Messages out: { id, ok: true, value } | { id, ok: false, error } | { id, piece } (streamed)
 */
/* global self, MessageChannel, TextDecoder, TextEncoder, performance, URL */
'use strict';

const base = new URL('../llama/', self.location.href).href;
let M = null;
const aborted = new Set();
const logLines = [];

/** Resolves on the next turn of the event loop without timer clamping, so an 'abort' can arrive mid-generation. */
function turn() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

function heapU8() {
  return new Uint8Array(M.wasmMemory.buffer);
}

function cString(text) {
  const n = M.lengthBytesUTF8(text) + 1;
  const ptr = M._malloc(n);
  M.stringToUTF8(text, ptr, n);
  return ptr;
}

function pieceBytes(token) {
  let size = 64;
  for (;;) {
    const buf = M._malloc(size);
    const n = M._sl_piece(token, buf, size);
    if (n >= 0) {
      const out = heapU8().slice(buf, buf + n);
      M._free(buf);
      return out;
    }
    M._free(buf);
    size = -n + 1;
  }
}

function render(messages) {
  const roles = messages.map((m) => cString(m.role));
  const contents = messages.map((m) => cString(m.content));
  const arr = M._malloc(8 * messages.length);
  const view = new Uint32Array(M.wasmMemory.buffer, arr, 2 * messages.length);
  roles.forEach((p, i) => (view[i] = p));
  contents.forEach((p, i) => (view[messages.length + i] = p));
  let size = 4096;
  let text;
  for (;;) {
    const out = M._malloc(size);
    const n = M._sl_template(arr, arr + 4 * messages.length, messages.length, out, size);
    if (n < 0) {
      M._free(out);
      throw new Error('the chat could not be rendered with the model’s template');
    }
    if (n < size) {
      text = new TextDecoder().decode(heapU8().slice(out, out + n));
      M._free(out);
      break;
    }
    M._free(out);
    size = n + 1;
  }
  [...roles, ...contents, arr].forEach((p) => M._free(p));
  return text;
}

function tokenize(text, addSpecial = true) {
  const ptr = cString(text);
  let max = Math.ceil(text.length / 2) + 16;
  for (;;) {
    const out = M._malloc(4 * max);
    const n = M._sl_tokenize(ptr, addSpecial ? 1 : 0, out, max);
    if (n >= 0) {
      const tokens = new Int32Array(M.wasmMemory.buffer, out, n).slice();
      M._free(out);
      M._free(ptr);
      return tokens;
    }
    M._free(out);
    max = -n;
  }
}

function evaluate(tokens) {
  const ptr = M._malloc(4 * tokens.length);
  new Int32Array(M.wasmMemory.buffer, ptr, tokens.length).set(tokens);
  const t = performance.now();
  const cached = M._sl_eval(ptr, tokens.length);
  const ms = performance.now() - t;
  M._free(ptr);
  if (cached < 0) throw new Error(`llama.cpp could not evaluate the prompt (error ${cached})`);
  return { cached, ms };
}

function topLogprobs(k) {
  const ids = M._malloc(4 * k);
  const lps = M._malloc(4 * k);
  const n = M._sl_top(k, ids, lps);
  const idv = new Int32Array(M.wasmMemory.buffer, ids, n).slice();
  const lpv = new Float32Array(M.wasmMemory.buffer, lps, n).slice();
  M._free(ids);
  M._free(lps);
  const decoder = new TextDecoder();
  return Array.from(idv, (id, i) => ({ token: decoder.decode(pieceBytes(id)), logprob: lpv[i] }));
}

async function load({ blobs, nCtx, threads, nBatch }) {
  self.importScripts(`${base}sieve-llama.js`);
  M = await self.createSieveLlama({
    // Its pool of thread workers: at least one (a pool of none never starts in this emscripten).
    threads: Math.max(1, threads - 1),
    locateFile: (path) => base + path,
    mainScriptUrlOrBlob: `${base}sieve-llama.js`,
    print: () => {},
    printErr: (line) => {
      if (/error|failed|invalid|unknown/i.test(line)) logLines.push(line);
    },
  });
  M.FS.mkdir('/models');
  M.FS.mount(M.WORKERFS, { blobs: blobs.map((b) => ({ name: b.name, data: b.data })) }, '/models');
  const path = cString(`/models/${blobs[0].name}`);
  const rc = M._sl_load(path, nCtx, threads, nBatch);
  M._free(path);
  if (rc !== 0) throw new Error(logLines.slice(-3).join(' ') || (rc === -1 ? 'failed to load model' : 'failed to create the context'));
  return { n_ctx: M._sl_n_ctx(), n_vocab: M._sl_n_vocab(), n_ctx_train: M._sl_n_ctx_train(), threads };
}

/**
 * LlamaChunk's scores: the user message `content` (the split prompt, ending with `windowText`)
 * through the chat template, cut right after the window (what follows cannot change a causal
 * model's logits there), and for each token that reaches into the window, its UTF-8 byte range
 * in the window and log P(splitChar) right after it. Byte ranges are found from the prompt's
 * end, so a token the tokenizer adds at the start (BOS) cannot shift them.
 */
function splits({ content, windowText, splitChar }) {
  const text = render([{ role: 'user', content }]);
  const at = text.lastIndexOf(windowText);
  if (at < 0) throw new Error('the chat template changed the text to split');
  const prompt = text.slice(0, at + windowText.length);
  const tokens = tokenize(prompt);
  const split = tokenize(splitChar, false);
  if (split.length !== 1) throw new Error(`the split character "${splitChar}" is not one token for this model`);
  const nCtx = M._sl_n_ctx();
  if (tokens.length > nCtx) throw new Error(`request (${tokens.length} tokens) exceeds the available context size (${nCtx} tokens)`);
  const encoder = new TextEncoder();
  const windowStart = encoder.encode(prompt).length - encoder.encode(windowText).length;
  // Each token's end in the prompt's bytes, counted back from the prompt's end.
  const ends = new Array(tokens.length);
  let end = windowStart + encoder.encode(windowText).length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    ends[i] = end;
    end -= pieceBytes(tokens[i]).length;
  }
  const firstStart = end;
  // The first token that reaches into the window.
  let from = tokens.length - 1;
  while (from > 0 && ends[from - 1] > windowStart) from--;
  const ptr = M._malloc(4 * tokens.length);
  new Int32Array(M.wasmMemory.buffer, ptr, tokens.length).set(tokens);
  const out = M._malloc(4 * (tokens.length - from));
  const t = performance.now();
  const cached = M._sl_split_scores(ptr, tokens.length, from, split[0], out);
  const ms = performance.now() - t;
  const logprobs = cached >= 0 ? new Float32Array(M.wasmMemory.buffer, out, tokens.length - from).slice() : null;
  M._free(ptr);
  M._free(out);
  if (!logprobs) throw new Error(`llama.cpp could not evaluate the text to split (error ${cached})`);
  const ranges = [];
  for (let i = from; i < tokens.length; i++) {
    const tokenStart = i > 0 ? ends[i - 1] : firstStart;
    ranges.push({ start: Math.max(0, tokenStart - windowStart), end: ends[i] - windowStart, logProb: logprobs[i - from] });
  }
  return { ranges, timings: { cache_n: cached, prompt_n: tokens.length - cached, prompt_ms: ms } };
}

async function chat(id, { messages, maxTokens, temperature, topLogprobs: k }) {
  const tokens = tokenize(render(messages));
  const nCtx = M._sl_n_ctx();
  if (tokens.length + Math.max(1, maxTokens) > nCtx) throw new Error(`request (${tokens.length} tokens) exceeds the available context size (${nCtx} tokens)`);
  const prompt = evaluate(tokens);
  const timings = { cache_n: prompt.cached, prompt_n: tokens.length - prompt.cached, prompt_ms: prompt.ms, predicted_n: 0, predicted_ms: 0 };
  const usage = { prompt_tokens: tokens.length, completion_tokens: 0 };
  if (k) return { top: topLogprobs(k), usage: { ...usage, completion_tokens: 1 }, timings };
  const decoder = new TextDecoder();
  const t = performance.now();
  let finish = 'length';
  for (let i = 0; i < maxTokens; i++) {
    await turn();
    if (aborted.has(id)) {
      finish = 'abort';
      break;
    }
    const token = M._sl_sample(temperature);
    if (M._sl_is_eog(token)) {
      finish = 'stop';
      break;
    }
    const piece = decoder.decode(pieceBytes(token), { stream: true });
    usage.completion_tokens++;
    if (piece) self.postMessage({ id, piece });
    if (i + 1 < maxTokens && M._sl_accept(token) !== 0) throw new Error('llama.cpp could not evaluate a generated token');
  }
  const rest = decoder.decode();
  if (rest) self.postMessage({ id, piece: rest });
  timings.predicted_n = usage.completion_tokens;
  timings.predicted_ms = performance.now() - t;
  return { finish, usage, timings };
}

self.onmessage = async ({ data }) => {
  if (data.op === 'abort') {
    aborted.add(data.id);
    return;
  }
  try {
    let value;
    if (data.op === 'load') value = await load(data);
    else if (data.op === 'chat') value = await chat(data.id, data);
    else if (data.op === 'splits') value = splits(data);
    else if (data.op === 'exit') {
      if (M) M._sl_free();
      value = true;
    }
    self.postMessage({ id: data.id, ok: true, value });
  } catch (e) {
    self.postMessage({ id: data.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  } finally {
    aborted.delete(data.id);
  }
};
