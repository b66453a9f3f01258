import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './paths';

/**
 * The app serves onnxruntime-web's .wasm itself (/vendor/ort/), so it must be the very build
 * transformers.js's ORT glue expects: a different one fails every model load at run time.
 * package.json pins it exactly; this stops a build where the two have drifted apart.
 */
export function onnxRuntimePin(): Plugin {
  return {
    name: 'sieve-onnxruntime-pin',
    buildStart() {
      const read = (p: string) => JSON.parse(readFileSync(resolve(ROOT, p), 'utf8'));
      const wanted = read('node_modules/@huggingface/transformers/package.json').dependencies['onnxruntime-web'];
      const installed = read('node_modules/onnxruntime-web/package.json').version;
      const pinned = read('package.json').dependencies['onnxruntime-web'];
      if (installed !== wanted || pinned !== wanted) {
        this.error(`onnxruntime-web ${installed} (package.json: ${pinned}) differs from the ${wanted} that @huggingface/transformers uses; pin it to ${wanted} exactly`);
      }
    },
  };
}
