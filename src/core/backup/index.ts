export * from './format';
export { decodeArchive, encodeArchive, sha256Hex } from './archive';
