import type { Plugin } from 'vite';
import { isolation } from './cross-origin-isolation';

/**
 * Hosts a model may be downloaded from: Hugging Face (transformers.js and WebLLM weights) and
 * GitHub's raw files (the WebLLM model libraries its prebuilt list points at). The page may
 * contact nothing else: the built app carries a Content-Security-Policy that says so.
 * Self-hosted models go under /models/.
 */
const MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'];

/** The policy, with or without the model hosts in connect-src. */
function policy(modelHosts: boolean): string {
  return [
    "default-src 'self'",
    // blob: for the WASM runtimes' thread workers, which load their code from blobs the app makes.
    "script-src 'self' blob: 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "worker-src 'self' blob:",
    `connect-src 'self' blob: data:${modelHosts ? ` ${MODEL_HOSTS.join(' ')}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page's policy, and that of the workers that download models. */
export const CSP = policy(true);

/** Every other worker's (the OCR engine's, the llama.cpp host, pdf.js's, the service worker): its own origin only. */
export const NARROW_CSP = policy(false);

/**
 * The workers whose code downloads models: the embedder's (transformers.js), the language
 * model's (wllama, WebLLM, transformers.js) and the library's (a reranker is loaded there). Their
 * script names, built (`/assets/embed.worker-<hash>.js`) or served by the dev server
 * (`/src/workers/embed.worker.ts`).
 */
const DOWNLOADS_MODELS = /\/(?:embed|llm|library)\.worker[-.][^/]*$/;

/**
 * The policy a served file carries: the page (a document) and the model-downloading workers may
 * reach the model hosts; any other file, should it start a worker, may not. A worker started from
 * a blob takes its creator's policy.
 */
export function policyFor(pathname: string): string {
  const path = pathname.split('?')[0];
  const document = !/\.[a-z0-9]+$/i.test(path) || /\.html?$/i.test(path);
  return document || DOWNLOADS_MODELS.test(path) ? CSP : NARROW_CSP;
}

/**
 * The headers a file Sieve serves carries (the page, its scripts and workers, the WASM runtimes
 * under /vendor/, the models under /models/): the policy binds a worker only when its own script
 * is delivered with it.
 */
export function servedHeaders(pathname: string): Record<string, string> {
  return { ...isolation, 'Content-Security-Policy': policyFor(pathname) };
}

export function contentSecurityPolicy(): Plugin {
  return {
    name: 'sieve-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}

/** The preview server (npm start) sends each file's policy as a header, per file (servedHeaders). */
export function servedPolicies(): Plugin {
  return {
    name: 'sieve-served-policies',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        res.setHeader('Content-Security-Policy', policyFor(req.url ?? '/'));
        next();
      });
    },
  };
}
