/**
 * The knowledge base (settings and complete document bundles) as one zip archive: encode.ts
 * writes one, decode.ts reads and verifies one. Decoding checks everything before it returns
 * anything, so a caller can write the result in one step or not at all. Pure: runs in the
 * worker and in Node tests (fflate, crypto.subtle).
 */
export { encodeArchive } from './encode';
export { decodeArchive, maxUnpackedBytes } from './decode';
export { sha256Hex } from './bytes';
