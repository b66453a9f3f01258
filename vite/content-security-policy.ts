import type { Plugin } from 'vite';
import { isolation } from './cross-origin-isolation';

/**
 * Hosts a model may be downloaded from: Hugging Face (transformers.js and WebLLM weights) and
 * GitHub's raw files (the WebLLM model libraries its prebuilt list points at). The page may
 * contact nothing else: the built app carries a Content-Security-Policy that says so.
 * Self-hosted models go under /models/.
 */
const MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'];

export const CSP = [
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

/**
 * The headers every file Sieve serves carries (the page, its scripts and workers, the WASM
 * runtimes under /vendor/, the models under /models/): the policy binds a worker only when its
 * own script is delivered with it.
 */
export const SERVED_HEADERS: Record<string, string> = { ...isolation, 'Content-Security-Policy': CSP };

export function contentSecurityPolicy(): Plugin {
  return {
    name: 'sieve-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}
