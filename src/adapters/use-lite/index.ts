export { loadUseLite, type UseLiteOptions } from './load-use-lite';
export { fetchUseLiteFiles, type FetchLike, type UseLiteFiles } from './model-files';
export { DEFAULT_USE_LITE_BATCH, USE_LITE_MAX_TOKENS, UseLiteEmbedder } from './use-lite-embedder';
export { WASM_BINARIES, type WasmPaths, type WasmRuntime } from './wasm-backend';
