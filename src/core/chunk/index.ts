/**
 * Chunking: a document's sentences and table rows become chunks, by fixed size or by meaning (a
 * breakpoint where neighbouring sentences' similarity drops), each with the contextual header
 * (title, section path, summary) that is embedded and shown with it, and its sentence and page
 * range.
 */
export { fixedChunks } from './fixed';
export { chunkHeader, withHeader } from './header';
export { pageRange, sentenceRange } from './locate';
export { makeChunk } from './make-chunk';
export type { ChunkSource } from './make-chunk';
export { effectiveThreshold, semanticChunks } from './semantic';
export type { SemanticChunkResult } from './semantic';
export { summarizeDocument } from './summary';
export { isTableRow, packTableRows } from './tables';
export { toUnits } from './units';
