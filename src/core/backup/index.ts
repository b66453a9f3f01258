export * from './format';
export { decodeArchive, encodeArchive, sha256Hex, type ArchiveContents, type DecodedArchive } from './archive';
