/** Cross-origin isolation lets the WASM runtimes use threads (SharedArrayBuffer). */
export const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
