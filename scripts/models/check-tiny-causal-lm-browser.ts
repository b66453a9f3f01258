/**
 * Runs the tiny causal LM the way the app does, in headless Chromium: transformers.js's browser
 * build + onnxruntime-web, pipeline('text-generation', …, { device: 'wasm', dtype }), a
 * TextStreamer, and one forward pass whose last logits row is softmaxed.
 *
 *   npx tsx scripts/models/check-tiny-causal-lm-browser.ts [--dtype q8|fp32|fp16] [modelsDir]
 *
 * Serves the page, node_modules and the models folder from a local HTTP server; bare imports are
 * resolved with an import map. Prints the page's report as JSON; exits non-zero on failure.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { TINY_CAUSAL_LM_ID, TINY_CAUSAL_LM_SPLIT_MARKER } from '../../src/adapters/transformers/tiny-causal-lm';
import { isMainModule, REPO_ROOT } from './write-model';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm', '.html': 'text/html' };

const IMPORT_MAP = {
  imports: {
    '@huggingface/transformers': '/node_modules/@huggingface/transformers/dist/transformers.web.js',
    'onnxruntime-web/webgpu': '/node_modules/onnxruntime-web/dist/ort.webgpu.bundle.min.mjs',
    'onnxruntime-common': '/node_modules/onnxruntime-common/dist/esm/index.js',
  },
};

/** Runs in the page. Mirrors what the app will call. */
const PAGE_SCRIPT = (modelId: string, dtype: string, marker: string) => `
import { env, pipeline, TextStreamer } from '@huggingface/transformers';
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = '/models/';
env.useBrowserCache = false;
env.backends.onnx.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
env.backends.onnx.wasm.numThreads = 1;
try {
  const generator = await pipeline('text-generation', ${JSON.stringify(modelId)}, { device: 'wasm', dtype: ${JSON.stringify(dtype)} });
  const { tokenizer, model } = generator;
  const messages = [
    { role: 'system', content: 'Answer from the sources.' },
    { role: 'user', content: 'Is the sky blue? Answer yes or no.' },
  ];
  const prompt = tokenizer.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true });
  let streamedTokens = 0;
  let streamedText = '';
  const streamer = new TextStreamer(tokenizer, {
    skip_prompt: true,
    token_callback_function: () => streamedTokens++,
    callback_function: (text) => (streamedText += text),
  });
  const output = await generator(messages, { max_new_tokens: 8, do_sample: false, streamer });
  const inputs = tokenizer(prompt, { add_special_tokens: false });
  const { logits } = await model(inputs);
  const [, seqLen, vocabSize] = logits.dims;
  const last = logits.data.subarray((seqLen - 1) * vocabSize, seqLen * vocabSize);
  const max = last.reduce((m, v) => Math.max(m, v), -Infinity);
  const exps = Array.from(last, (v) => Math.exp(v - max));
  const sum = exps.reduce((s, v) => s + v, 0);
  const probabilities = {};
  for (const text of ['5', ' yes', ' no', ${JSON.stringify(marker)}]) {
    const ids = tokenizer.encode(text, { add_special_tokens: false });
    probabilities[text] = { ids, p: exps[ids[0]] / sum };
  }
  const top = exps.map((e, id) => ({ id, token: tokenizer.decode([id]), p: e / sum })).sort((a, b) => b.p - a.p).slice(0, 3);
  window.report = {
    ok: true,
    device: model.sessions.model.config.device,
    dtype: model.sessions.model.config.dtype,
    prompt,
    promptTokens: inputs.input_ids.dims[1],
    streamedTokens,
    streamedText,
    generatedText: output[0].generated_text.at(-1).content,
    logitsDims: logits.dims,
    probabilities,
    top,
  };
  await generator.dispose();
} catch (e) {
  window.report = { ok: false, error: String(e && e.stack || e) };
}
`;

function startServer(modelsDir: string, page: string): Promise<Server> {
  const roots: Array<[string, string]> = [
    ['/models/', modelsDir],
    ['/node_modules/', join(REPO_ROOT, 'node_modules')],
  ];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
      return;
    }
    const root = roots.find(([prefix]) => path.startsWith(prefix));
    const file = root ? normalize(join(root[1], path.slice(root[0].length))) : '';
    if (!root || !file.startsWith(root[1]) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

export async function checkInBrowser(modelsDir: string, dtype: string): Promise<Record<string, unknown>> {
  const page = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="importmap">${JSON.stringify(IMPORT_MAP)}</script>
<script type="module">${PAGE_SCRIPT(TINY_CAUSAL_LM_ID, dtype, TINY_CAUSAL_LM_SPLIT_MARKER)}</script>`;
  const server = await startServer(modelsDir, page);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const tab = await browser.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => requests.push(new URL(r.url()).pathname));
    tab.on('console', (m) => console.error(`[page ${m.type()}] ${m.text()}`));
    tab.on('response', (r) => r.status() >= 400 && console.error(`[page] ${r.status()} ${r.url()}`));
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.waitForFunction(() => (window as unknown as { report?: unknown }).report !== undefined, undefined, { timeout: 120_000 });
    const report = await tab.evaluate(() => (window as unknown as { report: Record<string, unknown> }).report);
    return { ...report, modelRequests: requests.filter((p) => p.startsWith('/models/')) };
  } finally {
    await browser.close();
    server.close();
    server.closeAllConnections();
  }
}

if (isMainModule(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--dtype');
  const dtype = i < 0 ? 'q8' : args.splice(i, 2)[1];
  const report = await checkInBrowser(resolve(args[0] ?? join(REPO_ROOT, 'test/models')), dtype);
  console.log(JSON.stringify(report, null, 2));
  if (!report.ok || report.streamedTokens !== 8) process.exit(1);
}
