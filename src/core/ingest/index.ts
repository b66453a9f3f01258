/**
 * Ingest, the one use case that turns a parsed document into an indexed one (app, re-index and
 * eval alike): prepareDocument sections and summarises it, buildDocument chunks and embeds it;
 * plus the estimate shown before a large file, keyword-first chunks that make a document
 * searchable while it embeds, and the notes a document carries.
 */
export { MAX_UNIT, buildDocument, embedAll, meanVector, unitEmbeddingTexts } from './build';
export type { BuiltDocument } from './build';
export { MAX_DOCUMENT_CHARS, estimateIngest, judgeEstimate } from './estimate';
export { keywordFirstChunks } from './keyword-first';
export { splitNotes } from './notes';
export { EmbeddingPrefetch } from './prefetch';
export { prepareDocument } from './prepare';
export type { PrepareHooks } from './prepare';
export { unreadableScriptNote } from './script-note';
export { documentUnits } from './units';
