/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy, servedPolicies } from './vite/content-security-policy';
import { isolation } from './vite/cross-origin-isolation';
import { modelFolders } from './vite/model-folders';
import { onnxRuntimePin } from './vite/onnx-runtime-pin';
import { pwa } from './vite/pwa';
import { tfjsWasmThreads } from './vite/tfjs-wasm-threads';
import { vendorAssets } from './vite/vendor-assets';

export default defineConfig({
  plugins: [react(), onnxRuntimePin(), vendorAssets(), modelFolders(), contentSecurityPolicy(), servedPolicies(), tfjsWasmThreads(), pwa()],
  // The dev page runs Vite's inline client code, so only the isolation headers; its /vendor/ and /models/ files carry the policy too.
  server: { headers: isolation },
  // The policy as a header too, per file (servedPolicies), so the workers (which hold the documents) are bound by it as well.
  preview: { headers: isolation, port: 4173 },
  worker: { format: 'es', plugins: () => [tfjsWasmThreads()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'vite/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['scripts/models/test-models-setup.ts'],
  },
});
