/** Reading a whole library at once: its index (with vectors) or its catalog (without). */
import type { IDBPDatabase } from 'idb';
import type { DocumentRecord, KnowledgeBaseIndex } from '../../core/kb';
import type { DocumentId } from '../../core/types';
import type { KnowledgeBaseCatalog } from './knowledge-base-types';
import { completeParts, groupParts, joinQuantized, type KeywordRecord, type VectorPart } from './parts';
import { META_KEYS, META_STORE, PART_STORES } from './schema';

/** Oldest first; ties by id. */
export const byAge = (a: DocumentRecord, b: DocumentRecord) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Everything but the chunk texts, read in one transaction. */
export async function readIndex(db: IDBPDatabase<unknown>): Promise<KnowledgeBaseIndex> {
  const tx = db.transaction(['documents', 'keywords', ...PART_STORES, META_STORE], 'readonly');
  const [documents, chunkKeys, vectorParts, keywordRecords, revision] = await Promise.all([
    tx.objectStore('documents').getAll() as Promise<DocumentRecord[]>,
    tx.objectStore('chunkParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
    tx.objectStore('vectorParts').getAll() as Promise<VectorPart[]>,
    tx.objectStore('keywords').getAll() as Promise<KeywordRecord[]>,
    tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
    tx.done,
  ]);
  documents.sort(byAge);
  const vectorsOf = groupParts(vectorParts);
  return {
    documents,
    vectors: documents.map((d) => joinQuantized(d.id, vectorsOf.get(d.id) ?? [])).filter((v) => v !== undefined),
    keywords: new Map(keywordRecords.map((k) => [k.docId, k.segment])),
    withChunks: completeParts(chunkKeys),
    ...(revision === undefined ? {} : { revision }),
  };
}

/** Everything but the vectors and the chunk texts, read in one transaction. */
export async function readCatalog(db: IDBPDatabase<unknown>): Promise<KnowledgeBaseCatalog> {
  const tx = db.transaction(['documents', 'keywords', ...PART_STORES, META_STORE], 'readonly');
  const [documents, chunkKeys, vectorKeys, keywordRecords, revision] = await Promise.all([
    tx.objectStore('documents').getAll() as Promise<DocumentRecord[]>,
    tx.objectStore('chunkParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
    tx.objectStore('vectorParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
    tx.objectStore('keywords').getAll() as Promise<KeywordRecord[]>,
    tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
    tx.done,
  ]);
  return {
    documents: documents.sort(byAge),
    keywords: new Map(keywordRecords.map((k) => [k.docId, k.segment])),
    withChunks: completeParts(chunkKeys),
    withVectors: completeParts(vectorKeys),
    ...(revision === undefined ? {} : { revision }),
  };
}
