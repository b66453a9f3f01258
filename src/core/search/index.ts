/**
 * Search indexes: BM25 over keyword segments (exact, scored one document at a time), dense vectors
 * in WebAssembly row stores (float32, int8, and sign bits for a binary pre-filter at scale),
 * fusion of the two rankings, and highlighting the words a query matched.
 */
export { KeywordIndex } from './bm25';
export { withinBudget } from './budget';
export { fuse } from './fusion';
export { highlightRanges, splitByRanges } from './highlight';
export { buildSegment } from './segment';
export type { KeywordSegment } from './segment';
export { STOPWORDS } from './stopwords';
export { tokenize } from './tokenize';
export { VectorIndex, defaultCandidates } from './vector-index';
export type { PrefilterOptions, VectorPrecision } from './vector-index';
