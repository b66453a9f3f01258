/**
 * Backups: the versioned archive format a knowledge base is exported to and imported from
 * (documents, chunks, vectors and settings), encoded and decoded in parts with checksums, and
 * validated before anything is replaced.
 */
export * from './format';
export { decodeArchive, encodeArchive, sha256Hex } from './archive';
