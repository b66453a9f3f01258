import type { ChunkerSettings } from '../settings';
import type { DocumentRecord } from './records';

/**
 * The version of the way documents are cut and indexed. Raise it whenever a change to parsing,
 * units, chunking or headers would give a stored document different chunks, or a change to the
 * keyword tokenizer (src/core/search/tokenize.ts) would give it different stored terms, so documents
 * indexed before the change show as outdated and can be re-indexed. Records from before it was
 * kept count as version 1.
 */
export const INDEX_VERSION = 4; // 4: CJK runs split into words in the keyword index

/**
 * Why a document no longer matches the current settings or code ('' when it does). `llmModel`
 * is the language model loaded now, if any: LLM-boundary chunks depend on the model that chose them.
 */
export function outdatedReason(d: DocumentRecord, chunker: ChunkerSettings | undefined, modelId: string | undefined, llmModel?: string): string {
  if (modelId && d.embedderId !== modelId) return `indexed with ${d.embedderId}; ${modelId} is selected`;
  if (chunker && canonical(chunker) !== canonical(d.chunker)) return 'chunked with other chunker settings';
  if (d.chunker.kind === 'llm' && llmModel && d.chunkerModel && d.chunkerModel !== llmModel) return `chunk boundaries chosen by ${d.chunkerModel}; ${llmModel} is loaded`;
  if ((d.indexVersion ?? 1) < INDEX_VERSION) return 'indexed by an earlier version of Sieve, which chunked, titled or keyword-indexed documents differently';
  return '';
}

/** Settings as JSON with their keys sorted: the same settings saved in another key order are not "other settings". */
function canonical(settings: object): string {
  return JSON.stringify(Object.fromEntries(Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}
